"""The routines of an annotated source: which routine each stored word belongs to.

A routine begins at a header line, a comment line that starts with `; ----` (the way our
tapes already divide themselves: `; ---- p: the atan subroutine at 196 ...`).  A header may
go on over several `; ----` lines; its name is the text of the first, up to the first `. `,
`; `, `, where` or a parenthesis that opens a remark (` (loaded ...`), at most 48
characters.  Every word the source stores belongs to the routine of the nearest header
above it; words above the first header belong to a routine named after the file (`r0.pc1`,
which has no headers, is one routine).  docs/annotated-source.md states the convention.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from pc1.asm.annotated import Source, assemble_source, read_source
from pc1.asm.assembler import Assembly

HEADER = "----"
NAME_MAX = 48
_CUT = re.compile(r" \((?=[a-z]{2})|\. |; |, where\b")


def routine_name(header: str) -> str:
    """The name a header comment gives its routine (the comment without its `;`)."""
    text = header.strip().removeprefix(HEADER).strip()
    text = _CUT.split(text, 1)[0].strip().rstrip(".,;:")
    return text[:NAME_MAX].rstrip() or "(unnamed)"


def routines_of(src: Source, assembly: Assembly) -> dict[int, str]:
    """Address -> routine name for every word the source stores (the last store wins)."""
    starts: list[tuple[int, str]] = []  # (line, name), in line order
    previous_header = False
    for line in src.lines:
        header = not line.raw.strip() and line.comment.startswith(HEADER)
        if header and not previous_header:
            starts.append((line.number, routine_name(line.comment)))
        previous_header = header
    default = Path(src.name).name
    out: dict[int, str] = {}
    for word in assembly.words:
        if word.address is None or word.start is None:
            continue
        name = default
        for number, routine in starts:
            if number > word.start.line:
                break
            name = routine
        out[word.address] = name
    return out


def _assembled(path: str) -> tuple[Source, Assembly]:
    """An annotated source assembled as `pc1 asm` does (following a program that comes back
    to R0); kept while the file is unchanged, since a study asks for the same few sources
    again and again."""
    try:
        stat = Path(path).stat()
    except OSError:
        return _assembled_as(path, 0, -1)  # read_source says what is wrong
    return _assembled_as(path, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=16)
def _assembled_as(path: str, mtime_ns: int, size: int) -> tuple[Source, Assembly]:
    src = read_source(path)
    runner = None
    if src.follow:
        from pc1.asm.reentry import machine_runner

        runner = machine_runner()
    assembly = assemble_source(src, runner)
    assembly.raise_errors(src.name)
    return src, assembly


def routines_in(path: str | Path) -> dict[int, str]:
    """Address -> routine name from an annotated source file."""
    return routines_of(*_assembled(str(path)))


def _sources_for_tape(tape_name: str | Path | None) -> list[str]:
    """The annotated sources behind a run of the tape in the reader: R0's, then the tape's."""
    from pc1.devices import tape_path

    if not tape_name:
        return []
    r0 = tape_path("r0.pc1")
    out = [str(r0)] if r0.exists() else []
    source = Path(tape_name).with_suffix(".pc1")
    if source.exists() and source.resolve() != r0.resolve():
        out.append(str(source))
    return out


def routines_for_tape(tape_name: str | Path | None) -> dict[int, str]:
    """The routines of a run of the tape in the reader: R0's (from r0.pc1) under those of the
    tape's annotated source (the .pc1 beside it); {} without a tape (the store holds what
    was deposited or loaded, no source says what)."""
    out: dict[int, str] = {}
    for path in _sources_for_tape(tape_name):
        out.update(routines_in(path))
    return out


def source_words_for_tape(tape_name: str | Path | None) -> dict[int, int]:
    """Address -> word as the annotated sources of R0 and of the tape in the reader store
    them (the program as written, before it runs); {} without a tape, or for a tape with no
    annotated source beside it (R0's words alone would say nothing of its program)."""
    sources = _sources_for_tape(tape_name)
    own = Path(tape_name).with_suffix(".pc1") if tape_name else None
    if own is None or not any(Path(s).resolve() == own.resolve() for s in sources):
        return {}
    out: dict[int, int] = {}
    for path in sources:
        _, assembly = _assembled(path)
        out.update(assembly.stores())
    return out
