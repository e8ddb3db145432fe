"""A verification performed on the console: the plan of pc1.verify, step by step on the panel
(lamps, reader and teleprinter show it, at the console's speed), the limbs read where the plan
says, then pc1.verify.compare — the same comparison `pc1 verify` prints.  The user's own
breakpoints and watchpoints are set aside while it runs (they would stop the procedure
halfway) and put back after."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Protocol

from pc1.devices import codes_to_text
from pc1.machine import Machine, Stop
from pc1.verify import Plan, Press, Report, compare, read_limbs
from tui.runner import Runner


class VerifyStopped(Exception):
    """The procedure could not go on (a tape could not be read, a run did not end itself)."""


class Console(Protocol):
    """What a verification needs from the console (tui.app.PC1App)."""

    machine: Machine
    breakpoints: frozenset[int]
    speed: str  # "real" (paced to the clock) or "max"
    runner: Runner  # its watchpoints stop every run

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


def speed_note(console: Console) -> str:
    """What the speed means for the run, and what `v` does."""
    if console.speed == "real":
        return "real time as in 1958, v: full speed"
    return "full speed, v: real time"


def marks_note(breakpoints: frozenset[int], watchpoints: frozenset[int]) -> str:
    """Which of the user's marks a verification sets aside, e.g. 'break 285, watch 204'."""
    return ", ".join([*(f"break {a}" for a in sorted(breakpoints)),
                      *(f"watch {a}" for a in sorted(watchpoints))])


@contextmanager
def marks_set_aside(console: Console) -> Iterator[str]:
    """The user's breakpoints and watchpoints taken off for the block (its value names them,
    '' if there were none), put back after, whatever happens."""
    saved = console.breakpoints, console.runner.watchpoints
    console.breakpoints, console.runner.watchpoints = frozenset(), frozenset()
    try:
        yield marks_note(*saved)
    finally:
        console.breakpoints, console.runner.watchpoints = saved


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
    """Do the plan on the console's machine, the user's breaks and watches set aside;
    VerifyStopped if it cannot be finished."""
    with marks_set_aside(console) as aside:
        if aside:
            console.say(f"verify {plan.name}: {aside} set aside for the run; they come back "
                        "after it")
        return await _perform(console, plan, read or read_limbs, aside)


async def _perform(console: Console, plan: Plan, read: Callable[[Machine, int], list[int]],
                   aside: str) -> Report:
    m = console.machine
    orders, cycles, paper = m.orders, m.cycles, m.teleprinter.printed_count
    presses: list[Press] = []
    limbs: list[int] = []
    for step, action in enumerate(plan.actions):
        # what the operator must know first, for a status line of 80 columns
        note = (f"verify {plan.name} {step + 1}/{len(plan.actions)} ({speed_note(console)}"
                + (f"; {aside} set aside" if aside else "")
                + f"): {action.note or action.label()}")
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
    codes = m.teleprinter.printed_in_runs_since(paper)
    return compare(plan.name, limbs, codes_to_text(codes), presses, m.orders - orders,
                   m.cycles - cycles, len(codes))
