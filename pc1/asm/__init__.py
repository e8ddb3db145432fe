"""The assembler's side: R0-language text to words and tapes (`assemble_codes`), annotated
sources (`read_source`, `assemble_source`), punching a source into tapes and a listing
(`listing`), the disassembler (`disassemble`, `r0_text`), R0 text to frames and back, the
reference tables of docs/machine.md, running a program until it re-enters R0
(`machine_runner`), and the routines of a source (`routines_for_tape`).
"""

from pc1.asm.annotated import assemble_source, read_source
from pc1.asm.assembler import SLOT_BASE, Assembly, assemble_codes
from pc1.asm.disassembler import disassemble, r0_text
from pc1.asm.punch import listing
from pc1.asm.punch import stale as stale_outputs
from pc1.asm.punch import write as punch_outputs
from pc1.asm.r0text import frames_to_text, text_to_frames
from pc1.asm.reentry import machine_runner
from pc1.asm.routines import (
    routine_name,
    routines_for_tape,
    routines_in,
    source_words_for_tape,
)

__all__ = [
    "Assembly",
    "SLOT_BASE",
    "assemble_codes",
    "assemble_source",
    "disassemble",
    "frames_to_text",
    "listing",
    "machine_runner",
    "punch_outputs",
    "r0_text",
    "read_source",
    "routine_name",
    "routines_for_tape",
    "routines_in",
    "source_words_for_tape",
    "stale_outputs",
    "text_to_frames",
]
