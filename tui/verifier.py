"""A verification performed on the console: the plan of pc1.verify, step by step on the panel
(lamps, reader and teleprinter show it, at the console's speed), the limbs read where the plan
says, then pc1.verify.compare — the same comparison `pc1 verify` prints."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from pc1.devices import codes_to_text
from pc1.machine import Machine, Stop
from pc1.verify import Plan, Press, Report, compare, read_limbs


class VerifyStopped(Exception):
    """The procedure could not go on (a tape could not be read, a run did not end itself)."""


class Console(Protocol):
    """What a verification needs from the console (tui.app.PC1App)."""

    machine: Machine
    breakpoints: frozenset[int]

    def say(self, message: str, error: bool = False) -> None:
        """Tell the operator."""

    def place_tape(self, path: Path) -> bool:
        """Put a tape file in the reader."""

    def set_free_run(self, on: bool) -> None:
        """Set FREE RUN."""

    async def press(self, name: str) -> None:
        """Press a panel button."""

    async def wait_idle(self) -> bool:
        """Wait for the run to end."""


async def _start(console: Console, button: str, note: str) -> Stop:
    console.set_free_run(True)
    await console.press(button)
    console.say(note)  # the press said only "running"; the operator wants the step
    await console.wait_idle()
    stop = console.machine.last_stop
    assert stop is not None  # a free run always ends with a stop
    return stop


async def perform(console: Console, plan: Plan,
                  read: Callable[[Machine, int], list[int]] | None = None) -> Report:
    """Do the plan on the console's machine; VerifyStopped if it cannot be finished."""
    read = read or read_limbs
    m = console.machine
    orders, cycles, paper = m.orders, m.cycles, m.teleprinter.printed_count
    presses: list[Press] = []
    limbs: list[int] = []
    for step, action in enumerate(plan.actions):
        note = (f"verify {plan.name}: step {step + 1}/{len(plan.actions)}: "
                f"{action.note or action.label()}")
        console.say(note)
        if action.tape is not None and not console.place_tape(Path(str(action.tape))):
            raise VerifyStopped(f"the tape {Path(str(action.tape)).name} could not be read")
        if action.kind == "tape":
            continue
        if action.kind == "initial-load":
            await console.press(action.kind)
            continue
        check = step == plan.check_step
        at = plan.breakpoint if check else None
        if at is not None:
            console.breakpoints = console.breakpoints | {at}
        try:
            stop = await _start(console, action.kind, note)
        finally:
            if at is not None:
                console.breakpoints = console.breakpoints - {at}
        if check:
            limbs = read(m, plan.limbs)
            if at is not None and stop.reason == "breakpoint":
                rest = await _start(console, "restart", f"verify {plan.name}: limbs read at "
                                    f"{at}; RESTART: the program prints")
                stop = Stop(rest.reason, rest.address, stop.orders + rest.orders,
                            stop.cycles + rest.cycles)
        if not stop.by_itself:
            raise VerifyStopped(f"step {step + 1} ended without the program's own stop: "
                                f"{stop.describe()}")
        presses.append(Press(plan.press_label(step), stop))
    codes = m.teleprinter.printed_since(paper)
    return compare(plan.name, limbs, codes_to_text(codes), presses, m.orders - orders,
                   m.cycles - cycles, len(codes))
