"""Named operator procedures (`pc1 run e1000`, `pc1 run pi1000`), read from the tape manifest."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pc1.base import InputError
from pc1.devices import R0_BINARY, Program, program, programs, tape_path, tapes_dir
from pc1.operator.session import Action

__all__ = ["is_recipe", "recipe", "recipes", "tape_path", "tapes_dir"]


def _r0_then(*names: str) -> list[Action]:
    actions: list[Action] = []
    for name in names:
        actions += [
            Action("initial-load", tape_path(R0_BINARY), "INITIAL LOAD our R0 (binary tape)"),
            Action("tape", tape_path(name), f"place {name} in the reader"),
            Action("clear-start", note="FREE RUN on, CLEAR START: R0 reads the tape and runs it"),
        ]
    return actions


def recipes() -> dict[str, Program]:
    """The programs that `pc1 run NAME` can perform, by name."""
    return {p.name: p for p in programs() if p.recipe}


def is_recipe(name: str) -> bool:
    """True if `pc1 run NAME` performs a procedure; a script of ours answers without reading
    the manifest (see recipe)."""
    from pc1.operator.scripts import script_path

    return script_path(name) is not None or name in recipes()


def recipe(name: str, operands: Sequence[str] = ()) -> list[Action]:
    """The actions of a named recipe, then its operands'; InputError if unknown or missing."""
    from pc1.operator.scripts import script_actions, script_path

    # the script beside the tapes (tapes/NAME.pc1s) is the procedure when there is one; a
    # program we ship a script for is a recipe (tests/pc1/operator/test_scripts.py), so its
    # run need not read the manifest (tomllib costs a cold `pc1 run` more than the machine)
    script = script_path(name)
    if script is not None:
        actions = script_actions(script)
    else:
        known = recipes()
        if name not in known:
            if any(p.name == name for p in programs()):
                raise InputError(f"program {name!r} has no recipe: {program(name).procedure[0]}")
            raise InputError(f"unknown recipe {name!r} (known: {', '.join(sorted(known))})")
        actions = _r0_then(*known[name].tapes)
    for a in actions:
        if a.tape is not None and not Path(a.tape).exists():
            raise InputError("tape not found: the installation is incomplete, or PC1_TAPES "
                             f"({tapes_dir()}) names a folder without our tapes",
                             source=str(a.tape))
    from pc1.operator.operands import operand_actions

    return actions + operand_actions(name, operands)
