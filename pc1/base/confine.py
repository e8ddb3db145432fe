"""Keeping a user's paths to one folder: the served console opens and saves only under its root.

One function every dialog and the monitor call, so the rule and its message are said once.
Symbolic links are followed before the check, so a link inside the folder that points out of
it is refused too. The refusal never names the path asked for: the folder's outside is not
the business of whoever is on the other end of the connection.
"""

from __future__ import annotations

from pathlib import Path

from pc1.base.errors import InputError
from pc1.base.files import expand_user

OUTSIDE = "outside the served folder: this console opens and saves files only inside it"


def confined_path(name: str | Path, root: Path | None, *, base: Path | None = None) -> Path:
    """`name` as a path (relative to `base`, else to `root`); InputError if it leaves `root`.

    With no root every path is allowed (the console on one's own terminal), `~` expanded.
    """
    path = expand_user(name)
    if root is None:
        return path if path.is_absolute() or base is None else base / path
    if not path.is_absolute():
        path = (base if base is not None else root) / path
    if not is_inside(path, root):
        raise InputError(OUTSIDE)
    return path.resolve()

def is_inside(path: Path, root: Path) -> bool:
    """Whether `path` (its links followed) is `root` or inside it."""
    try:
        resolved, top = path.resolve(), root.resolve()
    except (OSError, RuntimeError):
        return False
    return resolved == top or top in resolved.parents
