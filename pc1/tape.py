"""Paper tapes: sequences of 6-bit frames, their file formats, and binary (initial-load) tapes.

Formats (docs/machine.md, "Tapes"):
- numeric text (.ptr, .ptw, .ptp): whitespace-separated decimal codes 0-63, the format of
  the PC-1 on Unity simulator; we write ten numbers a line.
- ASCII text (.txt): PC-1 on Unity's convention, one character a frame (CR LF line ends;
  `|` blank, `^` FIGS, `_` LTRS, `[` BELL, `#` rubout).  Unity reads any other character as a
  blank; we refuse it, so that nothing is lost silently.
- raw bytes (.bin, .raw): one byte a frame, each below 64.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pc1.errors import InputError
from pc1.teleprinter import BELL, BLANK, CHAR_TO_CODE, CR, ER, FIGS, LF, LTRS, SP

NUMERIC_SUFFIXES = (".ptr", ".ptw", ".ptp")
TEXT_SUFFIXES = (".txt",)
RAW_SUFFIXES = (".bin", ".raw")

_ASCII_SPECIAL = {"|": BLANK, "^": FIGS, "_": LTRS, "[": BELL, "#": ER, " ": SP, "\r": CR,
                  "\n": LF}
_ASCII_TO_CODE = {**CHAR_TO_CODE, **{c.upper(): k for c, k in CHAR_TO_CODE.items()},
                  **_ASCII_SPECIAL}
_CODE_TO_ASCII = {k: c for c, k in CHAR_TO_CODE.items()} | {v: k for k, v in _ASCII_SPECIAL.items()}

SEPARATOR_END = 63  # in a binary tape, the separator that ends the load


@dataclass
class Tape:
    """A paper tape: its frames and a name (usually the file it came from)."""

    frames: list[int] = field(default_factory=list)
    name: str = "tape"

    def __post_init__(self) -> None:
        for i, c in enumerate(self.frames):
            if not 0 <= c <= 63:
                raise InputError(f"frame {i + 1}: code {c} is not a 6-bit code (0-63)",
                                 source=self.name)

    def __len__(self) -> int:
        return len(self.frames)


def tape_format(path: Path, fmt: str | None = None) -> str:
    """The format of a tape file: 'numeric', 'text' or 'raw' (from its suffix unless given)."""
    if fmt:
        if fmt not in ("numeric", "text", "raw"):
            raise InputError(f"unknown tape format {fmt!r} (numeric, text or raw)")
        return fmt
    suffix = path.suffix.lower()
    if suffix in TEXT_SUFFIXES:
        return "text"
    if suffix in RAW_SUFFIXES:
        return "raw"
    return "numeric"


def parse_numeric(text: str, name: str = "tape") -> Tape:
    """Whitespace-separated decimal codes -> Tape; errors name line and column."""
    frames: list[int] = []
    for lineno, line in enumerate(text.splitlines(), 1):
        col = 0
        for token in line.split():
            col = line.index(token, col) + 1
            where = f"line {lineno}, column {col}"
            if not token.isdigit() or not token.isascii():
                raise InputError(f"{token!r} is not a number (expected codes 0-63)",
                                 source=name, where=where)
            code = int(token)
            if code > 63:
                raise InputError(f"code {code} is above 63 (tapes have 6 holes)",
                                 source=name, where=where)
            frames.append(code)
            col += len(token) - 1
    return Tape(frames, name)


def parse_ascii(text: str, name: str = "tape") -> Tape:
    """PC-1 on Unity's ASCII tape convention -> Tape; unknown characters are an error."""
    frames: list[int] = []
    for lineno, line in enumerate(text.splitlines(keepends=True), 1):
        for col, ch in enumerate(line, 1):
            code = _ASCII_TO_CODE.get(ch)
            if code is None:
                raise InputError(f"{ch!r} has no tape code", source=name,
                                 where=f"line {lineno}, column {col}")
            frames.append(code)
    return Tape(frames, name)


def parse_raw(data: bytes, name: str = "tape") -> Tape:
    """One byte a frame -> Tape."""
    for i, b in enumerate(data):
        if b > 63:
            raise InputError(f"byte {b} is above 63 (tapes have 6 holes)", source=name,
                             where=f"frame {i + 1}")
    return Tape(list(data), name)


def read_tape(path: str | os.PathLike[str], fmt: str | None = None) -> Tape:
    """Read a tape file; the format follows the suffix unless `fmt` is given."""
    p = Path(path)
    kind = tape_format(p, fmt)
    try:
        if kind == "raw":
            return parse_raw(p.read_bytes(), str(p))
        data = p.read_bytes()
    except FileNotFoundError:
        raise InputError("no such file", source=str(p)) from None
    except IsADirectoryError:
        raise InputError("is a directory, not a tape file", source=str(p)) from None
    except OSError as exc:
        raise InputError(exc.strerror or str(exc), source=str(p)) from None
    try:
        text = data.decode("ascii")
    except UnicodeDecodeError as exc:
        raise InputError(f"byte {data[exc.start]:#x} is not ASCII text",
                         source=str(p), where=f"offset {exc.start}") from None
    return parse_ascii(text, str(p)) if kind == "text" else parse_numeric(text, str(p))


def format_numeric(frames: Sequence[int], per_line: int = 10) -> str:
    """Frames as the numeric text format, `per_line` codes a line."""
    lines = [" ".join(str(c) for c in frames[i:i + per_line])
             for i in range(0, len(frames), per_line)]
    return "\n".join(lines) + "\n"


def format_ascii(frames: Sequence[int]) -> str:
    """Frames as PC-1 on Unity's ASCII text (codes without an ASCII form raise InputError)."""
    out = []
    for i, c in enumerate(frames):
        if c not in _CODE_TO_ASCII:
            raise InputError(f"code {c} has no character in the .txt convention",
                             where=f"frame {i + 1}")
        out.append(_CODE_TO_ASCII[c])
    return "".join(out)


def write_tape(path: str | os.PathLike[str], tape: Tape | Sequence[int],
               fmt: str | None = None) -> None:
    """Write a tape file; the format follows the suffix unless `fmt` is given."""
    p = Path(path)
    frames = tape.frames if isinstance(tape, Tape) else list(tape)
    kind = tape_format(p, fmt)
    if kind == "raw":
        p.write_bytes(bytes(frames))
    elif kind == "text":
        p.write_bytes(format_ascii(frames).encode("ascii"))
    else:
        p.write_text(format_numeric(frames))


# --- binary (initial-load) tapes, docs/machine.md "Tapes" ----------------------------------------


def initial_load_tape(words: Sequence[int], leader: int = 10, start: int = BELL,
                      name: str = "binary tape") -> Tape:
    """Punch words 0..len-1 as a binary tape: leader, start frame, groups of 7, 63 at the end.

    Initial load always starts at address 0, so words[i] is the word for address i.  An odd
    count is padded with one zero word (loading goes by long words).
    """
    ws = list(words) + ([0] if len(words) % 2 else [])
    if not ws:
        raise InputError("a binary tape needs at least one word", source=name)
    frames = [BLANK] * leader + [start]
    for k in range(0, len(ws), 2):
        for w in ws[k:k + 2]:
            frames += [(w >> 12) & 63, (w >> 6) & 63, w & 63]
        frames.append(SEPARATOR_END if k + 2 >= len(ws) else BELL)
    frames += [BLANK] * leader
    return Tape(frames, name)


def decode_initial_load(frames: Iterable[int], name: str = "tape") -> tuple[list[int], int]:
    """Read a binary tape the way INITIAL LOAD does: (words from address 0, frames consumed).

    Raises InputError naming the frame if the tape ends before the closing 63.
    """
    it = iter(frames)
    pos = 0
    for c in it:
        pos += 1
        if c not in (BLANK, ER):
            break
    else:
        raise InputError("no start frame: the tape holds only blank or rubout leader",
                         source=name, where=f"frame {pos}")
    words: list[int] = []
    while True:
        group = []
        for c in it:
            pos += 1
            group.append(c)
            if len(group) == 7:
                break
        if len(group) < 7:
            raise InputError(
                f"tape ends inside a group of 7 frames ({len(group)} read) before the "
                f"closing 63: truncated binary tape", source=name, where=f"frame {pos}")
        words.append(group[0] << 12 | group[1] << 6 | group[2])
        words.append(group[3] << 12 | group[4] << 6 | group[5])
        if group[6] == SEPARATOR_END:
            return words, pos
