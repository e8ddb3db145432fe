"""Saving what the console shows to a file the user named: one way for every "save as" dialog.

The name is confined to the console's --root, our shipped tapes and sources are refused, and
any trouble — a name outside the root, one of ours, a folder that cannot be written — comes
back as one InputError naming the file, worded the same whichever dialog asked.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from pc1.base import InputError, confined_path
from pc1.devices import refuse_ours

T = TypeVar("T")


def save_as(answer: str, root: Path | None, write: Callable[[Path], T]) -> tuple[Path, T]:
    """`write(path)` for the file the user named: (the path, what write returned), or InputError."""
    path = confined_path(answer, root)
    refuse_ours(path)  # our shipped files are read-only
    try:
        return path, write(path)
    except OSError as exc:
        raise InputError(exc.strerror or str(exc), source=str(path)) from None
