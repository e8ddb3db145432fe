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

import io
import os
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from pc1.base import STDIN, InputError, display_name, open_regular, write_atomically
from pc1.devices.tape_library import refuse_ours
from pc1.devices.teleprinter import (
    BELL,
    BLANK,
    CHAR_TO_CODE,
    CR,
    ER,
    FIGS,
    LF,
    LTRS,
    PUNCH_REEL,
    SP,
)

NUMERIC_SUFFIXES = (".ptr", ".ptw", ".ptp")
TEXT_SUFFIXES = (".txt",)
RAW_SUFFIXES = (".bin", ".raw")

_ASCII_SPECIAL = {"|": BLANK, "^": FIGS, "_": LTRS, "[": BELL, "#": ER, " ": SP, "\r": CR,
                  "\n": LF}
_ASCII_TO_CODE = {**CHAR_TO_CODE, **{c.upper(): k for c, k in CHAR_TO_CODE.items()},
                  **_ASCII_SPECIAL}
_CODE_TO_ASCII = {k: c for c, k in CHAR_TO_CODE.items()} | {v: k for k, v in _ASCII_SPECIAL.items()}

SEPARATOR_END = 63  # in a binary tape, the separator that ends the load


class Tape:
    """A paper tape: its frames and a name (usually the file it came from)."""

    def __init__(self, frames: list[int] | None = None, name: str = "tape") -> None:
        self.frames: list[int] = [] if frames is None else frames
        self.name = name
        for i, c in enumerate(self.frames):
            if not 0 <= c <= 63:
                raise InputError(f"frame {i + 1}: code {c} is not a 6-bit code (0-63)",
                                 source=self.name)

    def __repr__(self) -> str:
        return f"Tape(frames={self.frames!r}, name={self.name!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Tape):
            return NotImplemented
        return (self.frames, self.name) == (other.frames, other.name)

    def __len__(self) -> int:
        return len(self.frames)

    def __bool__(self) -> bool:
        return True  # a tape in the reader is there even when it holds no frames


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


# about 2.5 km of paper tape at 10 frames an inch, far past any reel: the reader's limit and
# the punch's reel are one figure, so whatever is punched can be read back
MAX_TAPE_FRAMES = PUNCH_REEL
MAX_TOKEN = 24  # characters; a numeric code has at most 2 digits (a few leading zeros allowed)
_CHUNK = 1 << 16
_SPACE = b" \t\r\n\v\f"
_TOKEN = re.compile(rb"[^ \t\r\n\v\f]+")
# a byte -> its frame in the ASCII convention, or 255 for a character with no tape code
_ASCII_TABLE = bytes(_ASCII_TO_CODE.get(chr(b), 255) for b in range(256))


def _pieces(stream: BinaryIO) -> Iterator[tuple[int, int, bytes]]:
    """(line, column, bytes) pieces of at most 64 KiB that never run past the end of a line."""
    line, col = 1, 1
    while data := stream.readline(_CHUNK):
        yield line, col, data
        if data.endswith(b"\n"):
            line, col = line + 1, 1
        else:
            col += len(data)


def _not_ascii(data: bytes, name: str, line: int, col: int) -> InputError:
    k = next(i for i, b in enumerate(data) if b > 127)
    return InputError(f"byte {data[k]:#x} is not ASCII text", source=name,
                      where=f"line {line}, column {col + k}")


def numeric_tokens(stream: BinaryIO, name: str) -> Iterator[tuple[bytes, int, int]]:
    """(token, line, column) of a whitespace-separated text file, read 64 KiB at a time.

    A token longer than MAX_TOKEN characters is an InputError at once: no file can make us
    hold (or convert) a huge number.
    """
    carry, carry_line, carry_col = b"", 0, 0
    for line, col, data in _pieces(stream):
        if carry:
            head = _TOKEN.match(data)
            if head is None:  # whitespace ends the carried token
                yield carry, carry_line, carry_col
                carry = b""
            else:
                carry += head.group()
                if len(carry) > MAX_TOKEN:
                    raise _long_token(carry, name, carry_line, carry_col)
                data, col = data[head.end():], col + head.end()
                if not data:
                    continue
                yield carry, carry_line, carry_col
                carry = b""
        for m in _TOKEN.finditer(data):
            token = m.group()
            if len(token) > MAX_TOKEN:
                raise _long_token(token, name, line, col + m.start())
            if m.end() == len(data):  # may go on in the next piece of the same line
                carry, carry_line, carry_col = token, line, col + m.start()
            else:
                yield token, line, col + m.start()
    if carry:
        yield carry, carry_line, carry_col


def _long_token(token: bytes, name: str, line: int, col: int) -> InputError:
    shown = token[:12].decode("ascii", "replace")
    return InputError(f"'{shown}...' is more than {MAX_TOKEN} characters: not a code (0-63)",
                      source=name, where=f"line {line}, column {col}")


def _numeric_frames(stream: BinaryIO, name: str) -> Iterator[int]:
    for token, line, col in numeric_tokens(stream, name):
        if not token.isdigit():
            if not token.isascii():
                raise _not_ascii(token, name, line, col)
            raise InputError(f"{token.decode()!r} is not a number (expected codes 0-63)",
                             source=name, where=f"line {line}, column {col}")
        code = int(token)
        if code > 63:
            raise InputError(f"code {code} is above 63 (tapes have 6 holes)", source=name,
                             where=f"line {line}, column {col}")
        yield code


def _ascii_frames(stream: BinaryIO, name: str) -> Iterator[int]:
    for line, col, data in _pieces(stream):
        codes = data.translate(_ASCII_TABLE)
        bad = codes.find(255)
        if bad >= 0:
            if data[bad] > 127:
                raise _not_ascii(data, name, line, col)
            raise InputError(f"{chr(data[bad])!r} has no tape code", source=name,
                             where=f"line {line}, column {col + bad}")
        yield from codes


def _raw_frames(stream: BinaryIO, name: str) -> Iterator[int]:
    done = 0
    while data := stream.read(_CHUNK):
        if max(data) > 63:
            k = next(i for i, b in enumerate(data) if b > 63)
            raise InputError(f"byte {data[k]} is above 63 (tapes have 6 holes)", source=name,
                             where=f"frame {done + k + 1}")
        yield from data
        done += len(data)


_READERS = {"numeric": _numeric_frames, "text": _ascii_frames, "raw": _raw_frames}


def frames_of(stream: BinaryIO, kind: str, name: str = "tape",
              limit: int = MAX_TAPE_FRAMES) -> Iterator[int]:
    """The frames of a tape file's contents, read as a stream; InputError at the first bad
    frame, or when the tape runs past `limit` frames."""
    for n, code in enumerate(_READERS[kind](stream, name), 1):
        if n > limit:
            raise InputError(f"the tape is longer than {limit:,} frames (about 2.5 km of "
                             "paper): refused", source=name, where=f"frame {n}")
        yield code


def parse_numeric(text: str, name: str = "tape") -> Tape:
    """Whitespace-separated decimal codes -> Tape; errors name line and column."""
    return Tape(list(frames_of(io.BytesIO(text.encode()), "numeric", name)), name)


def parse_ascii(text: str, name: str = "tape") -> Tape:
    """PC-1 on Unity's ASCII tape convention -> Tape; unknown characters are an error."""
    return Tape(list(frames_of(io.BytesIO(text.encode()), "text", name)), name)


def parse_raw(data: bytes, name: str = "tape") -> Tape:
    """One byte a frame -> Tape."""
    return Tape(list(frames_of(io.BytesIO(data), "raw", name)), name)


@contextmanager
def open_tape(path: str | os.PathLike[str]) -> Iterator[BinaryIO]:
    """Open a tape file for reading ("-": standard input); a missing file, a folder, a fifo, a
    device or an OS error is InputError."""
    if str(path) == STDIN:
        # a text-only stdin (an embedding program's StringIO) is read as its UTF-8 bytes
        raw = getattr(sys.stdin, "buffer", None)
        yield raw if raw is not None else io.BytesIO(sys.stdin.read().encode())
        return
    # a fifo or a device is refused at once: a tape is a regular file
    stream = open_regular(Path(path), "a tape file")
    with stream:
        yield stream


def iter_tape(path: str | os.PathLike[str], fmt: str | None = None) -> Iterator[int]:
    """The frames of a tape file, one by one, read as a stream (stop early and the rest of
    the file is never read)."""
    p = Path(path)
    kind = tape_format(p, fmt)
    with open_tape(path) as stream:
        yield from frames_of(stream, kind, display_name(path))


def read_tape(path: str | os.PathLike[str], fmt: str | None = None) -> Tape:
    """Read a tape file; the format follows the suffix unless `fmt` is given.

    The file is read as a stream, stopping at the first bad frame; a tape is at most
    MAX_TAPE_FRAMES frames.
    """
    name = display_name(path)
    if str(path) != STDIN and tape_format(Path(path), fmt) == "numeric":
        with open_tape(path) as stream:
            frames = _well_formed_numeric(stream)
        if frames is not None:
            return Tape(frames, name)
    return Tape(list(iter_tape(path, fmt)), name)


# a numeric tape file up to this size is first read whole (a full reel is some 3 MB)
_WHOLE_BYTES = 1 << 22


def _well_formed_numeric(stream: BinaryIO) -> list[int] | None:
    """The frames of a numeric tape file read whole, when every token in it is a code
    (0-63, at most MAX_TOKEN digits) and there are at most MAX_TAPE_FRAMES of them: our
    tapes, read in a tenth of the time of going token by token.  None for anything else,
    which the stream reader then reads again and says what is wrong where."""
    data = stream.read(_WHOLE_BYTES + 1)
    if len(data) > _WHOLE_BYTES:
        return None
    tokens = data.split()  # at ASCII whitespace, as _TOKEN
    if not tokens:
        return []
    if (len(tokens) > MAX_TAPE_FRAMES or not b"".join(tokens).isdigit()
            or max(map(len, tokens)) > MAX_TOKEN):
        return None
    frames = list(map(int, tokens))
    return frames if max(frames) <= 63 else None


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
    """Write a tape file whole or not at all; the format follows the suffix unless `fmt` is
    given. Our shipped tapes are refused (InputError), as is a fifo."""
    p = Path(path)
    refuse_ours(p)
    frames = tape.frames if isinstance(tape, Tape) else list(tape)
    kind = tape_format(p, fmt)
    if kind == "raw":
        data = bytes(frames)
    elif kind == "text":
        data = format_ascii(frames).encode("ascii")
    else:
        data = format_numeric(frames).encode("ascii")
    write_atomically(p, data)


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
        if not pos:
            raise InputError("the tape is empty: a binary tape needs a start frame, groups "
                             "of 7 frames and a closing 63", source=name)
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
