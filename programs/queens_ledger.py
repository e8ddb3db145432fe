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

from pc1.errors import InputError
from programs.queens_units import Classes

KIND = "pc1 queens ledger"


class Ledger:
    """Finished units of one count, read from and appended to a file."""

    def __init__(self, path: str | Path, n: int, depth: int, units: int, digest: str) -> None:
        self.path = Path(path)
        self.header = {"ledger": KIND, "n": n, "depth": depth, "units": units,
                       "digest": digest}
        self.done: dict[int, Classes] = {}
        self._file: IO[str] | None = None
        if self.path.exists() and self.path.stat().st_size:
            self._read()

    def _fail(self, line: int, message: str) -> InputError:
        return InputError(message, source=str(self.path), where=f"line {line}")

    def _read(self) -> None:
        try:
            lines = self.path.read_text().split("\n")
        except (OSError, UnicodeDecodeError) as exc:
            raise InputError(f"cannot read the ledger: {exc}", source=str(self.path)) from None
        complete = lines[:-1]  # text after the last newline is a line cut short
        if not complete:
            return
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
        for number, text in enumerate(complete[1:], start=2):
            if not text.strip():
                continue
            try:
                entry = json.loads(text)
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

    def record(self, index: int, classes: Classes) -> None:
        """Append one finished unit (flushed: a count killed now keeps it)."""
        if self._file is None:
            data = self.path.read_bytes() if self.path.exists() else b""
            if data and not data.endswith(b"\n"):
                # drop a line cut short by an interruption (its unit is counted again)
                with self.path.open("r+b") as f:
                    f.truncate(data.rfind(b"\n") + 1)
            fresh = not data.rfind(b"\n") + 1
            self._file = self.path.open("a")
            if fresh:
                self._file.write(json.dumps(self.header) + "\n")
        self._file.write(json.dumps({"unit": index, "classes": classes}) + "\n")
        self._file.flush()
        self.done[index] = classes

    def close(self) -> None:
        """Close the file."""
        if self._file is not None:
            self._file.close()
            self._file = None
