"""Where one exists, the source line behind each stored word (guarded: optional APIs).

An R0 tape read by R0 stores words at known addresses; pc1.assembler (when present) tells
which word of the tape text went where.  Without it the study view simply has no sources.
"""

from __future__ import annotations

from pc1.tape import Tape


def source_map(tape: Tape) -> dict[int, tuple[str, str]]:
    """Address -> (the R0 word that stored it, its line), for an R0 source tape; {} if unknown."""
    try:
        from pc1.assembler import assemble_codes
        from pc1.r0text import frames_to_text
    except ImportError:
        return {}
    try:
        assembly = assemble_codes(tape.frames)
        lines = frames_to_text(tape.frames).splitlines()
    except Exception:  # noqa: BLE001 - any tape may be handed in; no sources is the answer
        return {}
    name = tape.name.rsplit("/", 1)[-1]
    found: dict[int, tuple[str, str]] = {}
    for word in getattr(assembly, "words", []):
        if word.address is None:
            continue
        line = ""
        if word.start is not None and 0 < word.start.line <= len(lines):
            line = f"{name}:{word.start.line}: {lines[word.start.line - 1].strip()}"
        found[word.address] = (word.text, line)
    return found
