"""The ledger of an n-queens count: which work units are finished and what each found.

A JSON-lines file: a header naming the count (n, split depth, number of units and their
fingerprint), then one line per finished unit with its class counts, appended and flushed
as each unit finishes.  An interrupted count started again with the same ledger skips the
units already there.  A last line cut short by the interruption is ignored.

The ledger is a record, not a suggestion: every line carries a checksum of its content (bound
to the count and the unit's number, so a line cannot move to another unit or another count),
each unit's classes must be those its part of the search can hold (programs.queens.units:
`class_sizes`), a unit appears once, and every number is a whole number of bounded size.
Anything else is an InputError naming the file and the line, before anything is counted.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import IO

from pc1.base import InputError, check_output, read_text_file
from programs.queens.units import MAX_UNITS, Classes, WorkUnit, class_sizes, quarter_turn_classes

KIND = "pc1 queens ledger"
VERSION = 2  # lines with checksums; version 1 (no checksums) is refused: count again
# a line per unit is some 100 bytes; a bigger file is refused unread
MAX_LEDGER_BYTES = MAX_UNITS * 256
MAX_LINE = 400  # characters: a unit line is far shorter; nesting or padding beyond is refused
MAX_DIGITS = 20  # a class count has at most this many digits (32-queens totals have 17)


class _NotWhole(ValueError):
    """A number in a ledger line that is not a whole number of bounded size."""


def _whole(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _NotWhole(f"a number of {len(text):,} digits")
    return int(text)


def _no_fraction(text: str) -> int:
    raise _NotWhole(f"{text[:MAX_DIGITS]!r} is not a whole number")


def _loads(line: str) -> object:
    """A ledger line's JSON: whole numbers only (no 2.5, 1e400, NaN), none of them huge."""
    return json.loads(line, parse_int=_whole, parse_float=_no_fraction,
                      parse_constant=_no_fraction)


def checksum(header: dict, index: int | None, classes: Classes | None = None) -> str:
    """The checksum of a line: of the count (its header) and, for a unit line, the unit's
    number and classes."""
    content = {"n": header["n"], "depth": header["depth"], "units": header["units"],
               "digest": header["digest"]}
    if index is not None:
        content.update(unit=index, classes=sorted((classes or {}).items()))
    text = json.dumps([KIND, VERSION, content], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class Ledger:
    """Finished units of one count, read from and appended to a file."""

    def __init__(self, path: str | Path, n: int, depth: int, units: list[WorkUnit],
                 digest: str) -> None:
        self.path = Path(path)
        self.units = units
        self.header: dict = {"ledger": KIND, "version": VERSION, "n": n, "depth": depth,
                             "units": len(units), "digest": digest}
        self.header["sum"] = checksum(self.header, None)
        self.done: dict[int, Classes] = {}
        self._file: IO[str] | None = None
        kept = 0  # bytes of complete lines already in the file
        if check_output(self.path):  # a fifo or a folder is refused there; a device here
            raise InputError("a device, not a ledger file (give a file name)",
                             source=str(self.path))
        if self.path.exists() and self.path.stat().st_size:
            kept = self._read()
        self._open(kept)

    def _fail(self, line: int, message: str) -> InputError:
        return InputError(message, source=str(self.path), where=f"line {line}")

    def _read(self) -> int:
        """Take in the finished units; the length in bytes of the complete lines."""
        text = read_text_file(self.path, MAX_LEDGER_BYTES, "a queens ledger")
        complete = text.split("\n")[:-1]  # text after the last newline is a line cut short
        if not complete:
            return 0
        self._check_header(complete[0])
        for number, line in enumerate(complete[1:], start=2):
            if not line.strip():
                continue
            index, classes = self._unit_line(number, line)
            if index in self.done:
                raise self._fail(number, f"unit {index} is recorded twice (a ledger lists each "
                                         "unit once: this one was altered)")
            self.done[index] = classes
        return len(text[: text.rfind("\n") + 1].encode())

    def _check_header(self, line: str) -> None:
        if len(line) > MAX_LINE:
            raise self._fail(1, "not a queens ledger (the first line is too long)")
        try:
            header = _loads(line)
        except (json.JSONDecodeError, ValueError):
            raise self._fail(1, "not a queens ledger (the first line is not JSON)") from None
        if not isinstance(header, dict) or header.get("ledger") != KIND:
            raise self._fail(1, "not a queens ledger")
        if header.get("version") != VERSION:
            raise self._fail(1, "a ledger of an older pc1, without checksums: it cannot be "
                                "checked, count again (remove it or give another --ledger)")
        for key in ("n", "depth", "units", "digest"):
            if header.get(key) != self.header[key]:
                raise self._fail(1, f"this ledger is for another count ({key} "
                                    f"{header.get(key)!r}, this count has {self.header[key]!r})")
        if set(header) != set(self.header) or header["sum"] != self.header["sum"]:
            raise self._fail(1, "the header does not match its checksum (altered)")

    def _unit_line(self, number: int, line: str) -> tuple[int, Classes]:
        """One unit line checked: its form, its unit, its classes, its checksum."""
        if len(line) > MAX_LINE:
            raise self._fail(number, f"a line of {len(line):,} characters: not a unit line")
        shape = "not a unit line ({\"unit\": N, \"classes\": {...}, \"sum\": ...})"
        try:
            entry = _loads(line)
        except _NotWhole as exc:
            raise self._fail(number, f"{exc}: class counts are whole numbers") from None
        except (json.JSONDecodeError, ValueError, RecursionError):
            raise self._fail(number, shape) from None
        if not isinstance(entry, dict) or set(entry) != {"unit", "classes", "sum"} \
                or not isinstance(entry["classes"], dict):
            raise self._fail(number, shape)
        index = entry["unit"]
        if type(index) is not int or not 0 <= index < len(self.units):
            raise self._fail(number, f"unit {str(index)[:20]} is not among the "
                                     f"{len(self.units)} units")
        allowed = class_sizes(self.units[index])
        sizes = {str(s) for s in allowed}
        if set(entry["classes"]) != sizes:
            raise self._fail(number, f"unit {index} ({self.units[index].describe()}) has "
                                     f"classes of size {', '.join(sorted(sizes, reverse=True))}"
                                     f", not {', '.join(entry['classes']) or 'none'}")
        classes = {int(s): c for s, c in entry["classes"].items()}
        if any(type(c) is not int or c < 0 for c in classes.values()):
            raise self._fail(number, "a class count that is not a whole number of 0 or more")
        if classes.get(2) and not quarter_turn_classes(self.header["n"]):
            raise self._fail(number, f"unit {index}: a {self.header['n']}-queens board has no "
                                     "solution symmetric under a quarter turn (only N = 0 or "
                                     "1 mod 4 has), so no classes of size 2")
        if entry["sum"] != checksum(self.header, index, classes):
            raise self._fail(number, f"unit {index}: the line does not match its checksum "
                                     "(altered)")
        return index, classes

    def _open(self, kept: int) -> None:
        """Open the file for appending now, so that a ledger that cannot be written is said
        before anything is counted; a line cut short by an interruption is dropped (its unit
        is counted again)."""
        try:
            if self.path.exists() and self.path.stat().st_size > kept:
                with self.path.open("r+b") as f:
                    f.truncate(kept)
            self._file = self.path.open("a", encoding="utf-8")
            if not kept:
                self._write(self.header)
        except OSError as exc:
            raise InputError(f"cannot write the ledger: {exc.strerror or exc}",
                             source=str(self.path)) from None

    def _write(self, entry: dict) -> None:
        assert self._file is not None, "record after close"
        self._file.write(json.dumps(entry) + "\n")
        self._file.flush()  # a count killed now keeps it

    def record(self, index: int, classes: Classes) -> None:
        """Append one finished unit with its checksum (flushed: a count killed now keeps it)."""
        shown = {str(s): c for s, c in sorted(classes.items(), reverse=True)}
        self._write({"unit": index, "classes": shown,
                     "sum": checksum(self.header, index, classes)})
        self.done[index] = classes

    def close(self) -> None:
        """Close the file."""
        if self._file is not None:
            self._file.close()
            self._file = None
