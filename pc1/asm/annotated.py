"""Annotated sources (tapes/*.pc1): R0 language with comments and the historic notation.

The syntax (docs/annotated-source.md has examples):
- `;` starts a comment that runs to the end of the line.  `;` has no tape code, so it cannot
  collide with R0 text; comments may hold any UTF-8 text (Japanese included).
- Spaces and tabs outside comments are dropped: R0 ignores a space inside a word, and a space
  first in a word would be op 4.  `{SP}` punches a real space (mandelblot's space word).
- `(n)` inside a word is an address that the program changes at run time, with initial value
  n: it is punched as n.  `( )` or `()` punches no digits (address 0).  Listings keep the
  notation, as Wada's listings do: `tl(300)`.
- `{NAME}` punches a code that has no character: {CR} {LF} {SP} {FS} {LS} {BEL} {ER} {BL} or
  {0}..{63} (see pc1.asm.r0text); letters may be upper or lower case.
- Every line that holds code ends in CR LF on the tape; empty and comment-only lines punch
  nothing.  A word must not run over a line end (R0 would discard it; the assembler warns).
- A line `;! r0-area` says the program is meant for words 0-67 (loaded by INITIAL LOAD, as
  R0 itself is), so stores there are intended and not reported.
- A line `;! follow` says a program started by `.` comes back to R0 at 40 to read the rest
  of the tape (Wada's interlude): the assembler runs it in the simulator and reads on.

The punched R0 tape is: 10 blanks of leader, CR LF (so that R0 starts its first word
cleanly), the lines, 10 blanks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pc1.asm.assembler import Assembly, Diagnostic, Runner, assemble_codes
from pc1.asm.r0text import Position, escape_code
from pc1.base import read_text_file
from pc1.devices import BLANK, CHAR_TO_CODE, CR, LF, Tape

LEADER = 10
PRAGMAS = ("r0-area", "follow")


@dataclass(frozen=True)
class SourceLine:
    """One line of an annotated source: the R0 text it punches and its comment."""

    number: int
    raw: str  # the line as written, without its comment
    code: str  # what it punches, as R0 text (no spaces, `(n)` resolved)
    comment: str


@dataclass
class Source:
    """An annotated source read into tape frames, with the place of every frame."""

    name: str
    lines: list[SourceLine] = field(default_factory=list)
    frames: list[int] = field(default_factory=list)
    positions: list[Position] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    r0_area: bool = False
    follow: bool = False

    def tape(self) -> Tape:
        """The clean R0 source tape: leader, CR LF, the lines, leader."""
        return Tape([BLANK] * LEADER + self.frames + [BLANK] * LEADER, self.name)

    def text(self) -> str:
        """The clean R0 text that the tape holds (a leading newline, then the lines)."""
        return "\n" + "".join(line.code + "\n" for line in self.lines if line.code)


def parse(text: str, name: str = "<source>") -> Source:
    """Read annotated source text; problems become error diagnostics with line and column."""
    src = Source(name)
    src.frames += [CR, LF]
    src.positions += [Position(1, 1, 1), Position(1, 1, 2)]
    for number, line in enumerate(text.split("\n"), 1):
        line = line.removesuffix("\r")
        code_part, sep, comment = line.partition(";")
        if sep and comment.startswith("!") and not code_part.strip():
            _pragma(src, comment[1:].strip(), number, len(code_part) + 1)
            comment = ""
        code = _line_frames(src, code_part, number)
        if code:
            col = len(code_part.rstrip()) + 1
            for c in (CR, LF):
                src.frames.append(c)
                src.positions.append(Position(number, col, len(src.frames)))
        src.lines.append(SourceLine(number, code_part.rstrip(), code, comment.strip()))
    return src


def _pragma(src: Source, word: str, line: int, col: int) -> None:
    if word in PRAGMAS:
        setattr(src, word.replace("-", "_"), True)
    else:
        src.diagnostics.append(Diagnostic(
            "error", f"unknown directive ';!{word}' (known: {', '.join(PRAGMAS)})",
            Position(line, col)))


def _line_frames(src: Source, part: str, line: int) -> str:
    """Append the frames of one line's code; return the punched R0 text."""
    out: list[str] = []
    i = 0

    def put(code: int, col: int, char: str) -> None:
        src.frames.append(code)
        src.positions.append(Position(line, col, len(src.frames)))
        out.append(char)

    def error(message: str, col: int) -> None:
        src.diagnostics.append(Diagnostic("error", message, Position(line, col)))

    while i < len(part):
        ch, col = part[i], i + 1
        if ch in " \t":
            i += 1
        elif ch == "(":
            end = part.find(")", i)
            if end < 0:
                error("'(' without ')': write (n) for an address set at run time", col)
                return "".join(out)
            inner = part[i + 1:end]
            digits = inner.replace(" ", "")
            if digits and not (digits.isascii() and digits.isdigit()):
                error(f"({inner}): only digits or spaces may stand in parentheses", col)
            else:
                for k, d in enumerate(inner):
                    if d != " ":
                        put(CHAR_TO_CODE[d], i + 2 + k, d)
            i = end + 1
        elif ch == "{":
            end = part.find("}", i)
            code = escape_code(part[i + 1:end]) if end > 0 else None
            if code is None:
                error(f"{part[i:end + 1 if end > 0 else i + 1]!r} is not a known escape", col)
                i = end + 1 if end > 0 else i + 1
                continue
            put(code, col, part[i:end + 1])
            i = end + 1
        else:
            code = CHAR_TO_CODE.get(ch.lower()) if ch.isascii() else None
            if code is None:
                hint = " (comments start with ';')" if not ch.isascii() or ch.isalpha() else ""
                error(f"{ch!r} has no tape code{hint}", col)
            else:
                put(code, col, ch.lower())
            i += 1
    return "".join(out)


# far above any program for a 512-word store; keeps the assembler's bookkeeping (a position
# and possibly a diagnostic for every frame) well under a gigabyte
MAX_SOURCE_BYTES = 1_250_000


def read_source(path: str | Path) -> Source:
    """Read a .pc1 file (UTF-8)."""
    p = Path(path)
    # a whole PC-1 program is some 20 kB
    return parse(read_text_file(p, MAX_SOURCE_BYTES, "a PC-1 source"), str(p))


def assemble_source(src: Source, runner: Runner | None = None) -> Assembly:
    """Assemble the frames of an annotated source; diagnostics name places in the source."""
    result = assemble_codes(src.frames, src.positions, runner=runner, r0_area=src.r0_area)
    result.diagnostics = src.diagnostics + result.diagnostics
    return result


def assemble_text(text: str, name: str = "<source>", *,
                  follow: bool | None = None) -> tuple[Source, Assembly]:
    """Read and assemble annotated source text: every diagnostic at once, in line order.

    `follow` runs a program that re-enters R0 at 40 in the simulator and reads on: None does
    so when the source says `;! follow`, True always, False never.
    """
    src = parse(text, name)
    runner = None
    if follow or (follow is None and src.follow):
        from pc1.asm.reentry import machine_runner

        runner = machine_runner()
    result = assemble_source(src, runner)
    # the parser's and the reader's diagnostics interleave by place, as an editor shows them
    result.diagnostics.sort(key=_place)
    return src, result


def assemble_file(path: str | Path, *, follow: bool | None = None) -> tuple[Source, Assembly]:
    """Read and assemble a .pc1 file (UTF-8), as `assemble_text` does a text."""
    p = Path(path)
    return assemble_text(read_text_file(p, MAX_SOURCE_BYTES, "a PC-1 source"), str(p),
                         follow=follow)


def _place(d: Diagnostic) -> tuple[int, int]:
    return (d.position.line, d.position.column) if d.position else (1 << 30, 0)
