"""Guided demos: the historic operator procedures (pc1.operator.procedures), on the console."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Protocol

from pc1.devices import Tape
from pc1.operator import Action, recipe, recipes

DEMOS: dict[str, str] = {"e1000": "e to 1000 decimals", "pi1000": "pi to 1000 decimals"}


class Operator(Protocol):
    """What a demo needs from the console: the operator's hands and eyes."""

    def say(self, message: str) -> None:
        """Tell the operator what is happening."""

    def place_tape(self, path: Path | Tape) -> bool:
        """Put a tape (file) in the reader; False (with a message) if it cannot be read."""

    def set_free_run(self, on: bool) -> None:
        """Set the FREE RUN switch."""

    async def press(self, name: str) -> None:
        """Press a panel button."""

    async def wait_idle(self) -> bool:
        """Wait for the run to end; True if the machine stopped by itself."""


def demo_actions(name: str) -> list[Action]:
    """The operator steps of a demo; InputError if a tape is missing."""
    return recipe(name)


def describe(name: str) -> str:
    """A line about the demo."""
    known = recipes()
    return known[name].title if name in known else DEMOS.get(name, name)


async def perform(op: Operator, actions: list[Action], pause: float = 1.0) -> bool:
    """Do the steps one by one, visibly; False if a step failed or the run was stopped."""
    for n, action in enumerate(actions, 1):
        op.say(f"step {n}/{len(actions)}: {action.note or action.label()}")
        if action.tape is not None:
            tape = action.tape if isinstance(action.tape, Tape) else Path(str(action.tape))
            if not op.place_tape(tape):
                return False
            await asyncio.sleep(pause)
        if action.kind == "tape":
            continue
        if action.kind == "initial-load":
            await op.press(action.kind)
            await asyncio.sleep(pause)
            continue
        op.set_free_run(True)
        await op.press(action.kind)
        if not await op.wait_idle():
            op.say(f"demo ended at step {n}: the run did not finish by itself")
            return False
        await asyncio.sleep(pause)
    op.say("demo done")
    return True
