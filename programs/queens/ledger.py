"""The ledger of an n-queens count: which work units are finished and what each found.

A JSON-lines file: a header naming the count (n, split depth, number of units and their
fingerprint), then one line per finished unit with its class counts, appended and flushed
as each unit finishes.  An interrupted count started again with the same ledger skips the
units already there.  A last line cut short by the interruption is ignored; any other bad
line is an InputError naming the file and line.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO

from pc1.base import InputError, read_text_file
from programs.queens.units import MAX_UNITS, Classes

KIND = "pc1 queens ledger"
# a line per unit is some 60 bytes; a bigger file is refused unread
MAX_LEDGER_BYTES = MAX_UNITS * 256


class Ledger:
    """Finished units of one count, read from and appended to a file."""

    def __init__(self, path: str | Path, n: int, depth: int, units: int, digest: str) -> None:
        self.path = Path(path)
        self.header = {"ledger": KIND, "n": n, "depth": depth, "units": units,
                       "digest": digest}
        self.done: dict[int, Classes] = {}
        self._file: IO[str] | None = None
        kept = 0  # bytes of complete lines already in the file
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
        try:
            header = json.loads(complete[0])
        except json.JSONDecodeError:
            raise self._fail(1, "not a queens ledger (the first line is not JSON)") from None
        if not isinstance(header, dict) or header.get("ledger") != KIND:
            raise self._fail(1, "not a queens ledger")
        for key in ("n", "depth", "units", "digest"):
            if header.get(key) != self.header[key]:
                raise self._fail(1, f"this ledger is for another count ({key} "
                                    f"{header.get(key)!r}, this count has {self.header[key]!r})")
        for number, line in enumerate(complete[1:], start=2):
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
                index = entry["unit"]
                classes = {int(size): int(count) for size, count in entry["classes"].items()}
            except (json.JSONDecodeError, KeyError, TypeError, ValueError, AttributeError):
                raise self._fail(number, "not a unit line ({\"unit\": N, \"classes\": {...}})") \
                    from None
            if not isinstance(index, int) or not 0 <= index < self.header["units"]:
                raise self._fail(number, f"unit {index!r} is not among the "
                                         f"{self.header['units']} units")
            if any(count < 0 for count in classes.values()):
                raise self._fail(number, "a negative class count")
            self.done[index] = classes
        return len(text[: text.rfind("\n") + 1].encode())

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
                self._file.write(json.dumps(self.header) + "\n")
                self._file.flush()
        except OSError as exc:
            raise InputError(f"cannot write the ledger: {exc.strerror or exc}",
                             source=str(self.path)) from None

    def record(self, index: int, classes: Classes) -> None:
        """Append one finished unit (flushed: a count killed now keeps it)."""
        assert self._file is not None, "record after close"
        self._file.write(json.dumps({"unit": index, "classes": classes}) + "\n")
        self._file.flush()
        self.done[index] = classes

    def close(self) -> None:
        """Close the file."""
        if self._file is not None:
            self._file.close()
            self._file = None
