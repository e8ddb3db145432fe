"""Where one exists, the source line behind each stored word (optional APIs, guarded).

Our tapes come with annotated sources (tapes/X.pc1 beside X.ptr / X.ptw): pc1.asm.annotated
assembles them and says which source line stored each word.  Any other R0 tape is assembled
from its frames (pc1.asm.assembler) so that at least the R0 word is known.  Without those modules,
or for a tape they cannot read, the study view simply has no sources.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import NamedTuple

from pc1.devices import Tape


class SourceWord(NamedTuple):
    """Where a stored word came from: its R0 word, its source line, the line's comment."""

    token: str
    line: str
    comment: str = ""
    value: int | None = None  # the word as assembled: shown only while the store holds it


Sources = dict[int, SourceWord]  # address -> where its word came from


@cache
def r0_sources() -> Sources:
    """R0's own words 0-67, annotated from tapes/r0.pc1 (empty if it is not installed)."""
    from pc1.devices import tape_path

    path = tape_path("r0.pc1")
    return _annotated(path) if path.exists() else {}


def source_map(tape: Tape, path: Path | None = None) -> Sources:
    """Sources for the words a tape stores: from its annotated source if there is one."""
    if path is not None:
        annotated = path.with_suffix(".pc1")
        if annotated.exists():
            found = _annotated(annotated)
            if found:
                return found
        if path.suffix.lower() == ".ptw":
            return {}  # a binary tape has no R0 words to assemble
    return _from_frames(tape)


def _annotated(path: Path) -> Sources:
    try:
        from pc1.asm import assemble_source, read_source
    except ImportError:
        return {}
    try:
        src = read_source(path)
        runner = None
        if src.follow:  # Wada's interlude: follow the program back into R0 to the tape's end
            from pc1.asm import machine_runner

            runner = machine_runner()
        assembly = assemble_source(src, runner)
    except Exception:  # noqa: BLE001 - a source we cannot read just has no sources to show
        return {}
    return annotate(src, assembly, path.name)


def annotate(src, assembly, name: str) -> Sources:
    """Sources for the words an annotated source (pc1.asm Source, Assembly) stored."""
    lines = {line.number: line for line in src.lines}
    found: Sources = {}
    for word in assembly.words:
        if word.address is None or word.start is None:
            continue
        line = lines.get(word.start.line)
        if line is None:
            continue
        text = f"{name}:{line.number}: {line.raw.strip()}"
        if line.comment:
            text += f"  ; {line.comment}"
        found[word.address] = SourceWord(word.text, text, line.comment.strip(), word.value)
    return found


def _from_frames(tape: Tape) -> Sources:
    try:
        from pc1.asm import assemble_codes, frames_to_text
    except ImportError:
        return {}
    try:
        assembly = assemble_codes(tape.frames)
        lines = frames_to_text(tape.frames).splitlines()
    except Exception:  # noqa: BLE001 - any tape may be handed in; no sources is the answer
        return {}
    name = tape.name.rsplit("/", 1)[-1]
    found: Sources = {}
    for word in assembly.words:
        if word.address is None:
            continue
        line = ""
        if word.start is not None and 0 < word.start.line <= len(lines):
            line = f"{name}:{word.start.line}: {lines[word.start.line - 1].strip()}"
        found[word.address] = SourceWord(word.text, line, "", word.value)
    return found


class SourceLine(NamedTuple):
    """One line of a source as the source pane lists it: its text and the words it stored."""

    text: str  # `prog.pc1:2: a3,  ; add three`
    addresses: tuple[int, ...]


def source_lines(sources: Sources) -> list[SourceLine]:
    """The lines of a source that stored words, in the order of the source, each once with
    the addresses it stored (a line such as `80:p2,a3,` stores two)."""
    by_line: dict[str, list[int]] = {}
    for address in sorted(sources):
        line = sources[address].line
        if line:
            by_line.setdefault(line, []).append(address)

    def place(item: tuple[str, list[int]]) -> tuple[str, int, int]:
        name, _, rest = item[0].partition(":")
        number = rest.split(":", 1)[0]
        return name, int(number) if number.isdigit() else 0, item[1][0]

    return [SourceLine(text, tuple(addresses))
            for text, addresses in sorted(by_line.items(), key=place)]
