"""The argument parser of `pc1` and of each command: complaints in one line, help as wide as
the terminal. Imported only when arguments are parsed (`pc1 --version` needs no argparse)."""

from __future__ import annotations

import argparse
import os
import sys

from pc1.base import one_line


def _columns() -> int:
    """The terminal's width as shutil.get_terminal_size tells it: $COLUMNS, else the width of
    the terminal of stdout, else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns > 0:
        return columns
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or 80
    except (AttributeError, ValueError, OSError):
        return 80


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, given the width itself: argparse would import shutil for it (and
    with shutil bz2 and lzma), some 3 ms of every `pc1 run` that prints no help at all."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position,
                         _columns() - 2 if width is None else width)


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose complaints are one line (`pc1 run: ...`), exit status 2."""

    def __init__(self, *args: object, formatter_class: type = _HelpFormatter,
                 **kwargs: object) -> None:
        super().__init__(*args, formatter_class=formatter_class, **kwargs)

    def error(self, message: str) -> None:  # noqa: D102 - argparse's hook
        self.exit(2, f"{self.prog}: {one_line(message)} (see {self.prog} --help)\n")
