"""Named operator procedures for our own tapes (`pc1 run e1000`, `pc1 run pi1000`)."""

from __future__ import annotations

import os
from pathlib import Path

from pc1.errors import InputError
from pc1.session import Action

TAPES_DIR = Path(os.environ.get("PC1_TAPES", Path(__file__).resolve().parent.parent / "tapes"))


def tape_path(name: str) -> Path:
    """The path of one of our punched tapes in tapes/."""
    return TAPES_DIR / name


def _r0_then(*names: str) -> list[Action]:
    actions: list[Action] = []
    for name in names:
        actions += [
            Action("initial-load", tape_path("r0.ptw"), "INITIAL LOAD our R0 (binary tape)"),
            Action("tape", tape_path(name), f"place {name} in the reader"),
            Action("clear-start", note="FREE RUN on, CLEAR START: R0 reads the tape and runs it"),
        ]
    return actions


RECIPES: dict[str, tuple[str, list[str]]] = {
    "e1000": ("e to 1000 decimals, the 1958 way, through our R0", ["e1000.ptr"]),
    "pi1000": ("pi to 1000 decimals: Wada's compute tape, then R0 again and the print tape",
               ["pi1000cmp.ptr", "pi1000prt.ptr"]),
    "demo": ("a small demo of ours: prints the order letters and counts", ["demo.ptr"]),
}


def recipe(name: str) -> list[Action]:
    """The actions of a named recipe; InputError if unknown or its tapes are missing."""
    if name not in RECIPES:
        raise InputError(f"unknown recipe {name!r} (known: {', '.join(sorted(RECIPES))})")
    actions = _r0_then(*RECIPES[name][1])
    for a in actions:
        if a.tape is not None and not Path(a.tape).exists():
            raise InputError("tape not found (run `pc1 asm --all` to punch our tapes)",
                             source=str(a.tape))
    return actions
