"""The assembler's side: R0-language text to words and tapes (`assemble_codes`), annotated
sources (`read_source`, `assemble_source`; `assemble_text` gives every diagnostic of a text
at once), punching a source into tapes and a listing
(`listing`), the disassembler (`disassemble`, `r0_text`, `source_text`: an annotated source of
words), what a file holds as store words (`read_store_image`), R0 text to frames and back
(and the tape an operator keys, `keyed_tape`), the
reference tables of docs/machine.md, running a program until it re-enters R0
(`machine_runner`), the routines of a source (`routines_for_tape`), and which words of a
store still hold what a source assembled (`provenance`).

The names are imported when first used, each from its own module: `pc1 verify` needs only
the assembler, the monitor's `type` only R0 text, and neither should load the rest.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "Assembly",
    "DIFFERS",
    "Held",
    "StoreImage",
    "NOT_FROM_SOURCE",
    "SAME",
    "SLOT_BASE",
    "assemble_codes",
    "assemble_file",
    "assemble_source",
    "assemble_tape",
    "assemble_text",
    "binary_image",
    "binary_words",
    "disassemble",
    "frames_to_text",
    "held",
    "keyed_tape",
    "listing",
    "machine_runner",
    "provenance",
    "punch_outputs",
    "r0_text",
    "read_image",
    "read_source",
    "read_store_image",
    "routine_name",
    "routines_for_tape",
    "routines_in",
    "source_text",
    "source_words_for_tape",
    "stale_outputs",
    "text_to_frames",
]


def __getattr__(name: str) -> Any:
    """The package's public names, imported on first use."""
    if name in ("assemble_file", "assemble_source", "assemble_text", "read_source"):
        from pc1.asm import annotated

        return getattr(annotated, name)
    if name in ("SLOT_BASE", "Assembly", "assemble_codes"):
        from pc1.asm import assembler

        return getattr(assembler, name)
    if name in ("disassemble", "r0_text", "source_text"):
        from pc1.asm import disassembler

        return getattr(disassembler, name)
    if name in ("binary_image", "listing", "punch_outputs", "stale_outputs"):
        from pc1.asm import punch

        return {"binary_image": punch.binary_image, "listing": punch.listing,
                "punch_outputs": punch.write, "stale_outputs": punch.stale}[name]
    if name in ("StoreImage", "assemble_tape", "binary_words", "read_image", "read_store_image"):
        from pc1.asm import store_image

        return getattr(store_image, name)
    if name in ("frames_to_text", "keyed_tape", "text_to_frames"):
        from pc1.asm import r0text

        return getattr(r0text, name)
    if name == "machine_runner":
        from pc1.asm.reentry import machine_runner

        return machine_runner
    if name in ("DIFFERS", "NOT_FROM_SOURCE", "SAME", "Held", "held", "provenance"):
        from pc1.asm import sources_held

        return getattr(sources_held, name)
    if name in ("routine_name", "routines_for_tape", "routines_in", "source_words_for_tape"):
        from pc1.asm import routines

        return getattr(routines, name)
    raise AttributeError(f"module 'pc1.asm' has no attribute {name!r}")
