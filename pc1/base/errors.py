"""The one error type for bad input: files, tapes, programs, command-line values."""

from __future__ import annotations


class InputError(Exception):
    """Bad input, with a message that names the file and the place (line/column/frame)."""

    def __init__(self, message: str, *, source: str | None = None, where: str | None = None):
        self.message = message
        self.source = source
        self.where = where
        super().__init__(self.__str__())

    def __str__(self) -> str:
        parts = [p for p in (self.source, self.where) if p]
        return ": ".join([*parts, self.message])
