"""Reading a text file a user names (a source, a script, a puzzle, a matrix, a ledger).

One place for every way that can fail, so every command and screen says it the same way:
no such file, a folder, a fifo or a device (refused at once), unreadable, too large (refused
before it is read, so no file can fill the memory), or not UTF-8 text at a line and column.
"""

from __future__ import annotations

import sys
from pathlib import Path

from pc1.base.errors import InputError
from pc1.base.files import open_regular

STDIN = "-"  # a path of "-" reads standard input
BOM = b"\xef\xbb\xbf"  # a byte order mark some editors write first


def decode_text(data: bytes, name: str) -> str:
    """The UTF-8 text of `data` (a byte order mark dropped); a bad byte names its place."""
    if data.startswith(BOM):
        data = data[len(BOM):]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = data[: exc.start]
        line = before.count(b"\n") + 1
        start = before.rfind(b"\n") + 1
        # the bytes before the bad one decode: the column counts characters, as editors do
        column = len(data[start: exc.start].decode("utf-8")) + 1
        raise InputError(f"not UTF-8 text (byte {data[exc.start]:#04x})", source=name,
                         where=f"line {line}, column {column}") from None


def display_name(path: str | Path) -> str:
    """How messages name `path` ("-" is standard input)."""
    return "<stdin>" if str(path) == STDIN else str(path)


def read_text_file(path: str | Path, limit: int, what: str) -> str:
    """The text of `path` ("-": standard input), refused unread above `limit` bytes.

    `what` names the kind of file in the message ("a puzzle file", "a monitor script").
    """
    name = display_name(path)
    try:
        if str(path) == STDIN:
            raw = getattr(sys.stdin, "buffer", None)
            if raw is None:  # a stdin of text only (an embedding program's StringIO)
                text = sys.stdin.read(limit + 1)
                if len(text) > limit:
                    raise InputError(f"more than {limit:,} characters: too large for {what}",
                                     source=name)
                return text
            data = raw.read(limit + 1)
        else:
            with open_regular(path, what) as fh:  # a fifo or a device refused at once
                data = fh.read(limit + 1)
    except OSError as exc:
        raise InputError(exc.strerror or str(exc), source=name) from None
    if len(data) > limit:
        raise InputError(f"more than {limit:,} bytes: too large for {what}", source=name)
    return decode_text(data, name)
