"""Operator scripts: the actions a person performs at the console, in order.

`pc1 run --initial-load r0.ptw --tape e1000.ptr --clear-start` is such a script; the named
recipes (pc1/operator/procedures.py) are scripts too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NamedTuple

from pc1.devices import Tape, read_tape
from pc1.machine import Machine, Stop

LOAD_ACTIONS = ("initial-load", "tape")
START_ACTIONS = ("clear-start", "initial-start", "restart")
ACTIONS = LOAD_ACTIONS + START_ACTIONS


class _Action(NamedTuple):
    kind: str
    tape: str | Path | Tape | None = None
    note: str = ""  # what the operator is doing, for guided demos


# a NamedTuple, not a dataclass: a cold `pc1 run` pays about a millisecond for each dataclass
class Action(_Action):
    """One operator action: a button press, or a tape put in the reader."""

    __slots__ = ()

    def __new__(cls, kind: str, tape: str | Path | Tape | None = None,
                note: str = "") -> Action:
        if kind not in ACTIONS:
            raise ValueError(f"unknown action {kind!r}")
        if (kind in LOAD_ACTIONS) != (tape is not None):
            need = "needs" if kind in LOAD_ACTIONS else "takes no"
            raise ValueError(f"{kind} {need} tape")
        return super().__new__(cls, kind, tape, note)

    def label(self) -> str:
        """The button name as printed on the panel, with the tape if any."""
        name = self.kind.replace("-", " ").upper()
        if self.kind == "tape":
            name = "PLACE TAPE"
        if self.tape is not None:
            name += f" {self.tape.name if isinstance(self.tape, Tape) else Path(self.tape).name}"
        return name


class PressResult(NamedTuple):
    """What one start button press did."""

    action: Action
    stop: Stop
    text: str  # what the teleprinter printed during this press


class Session:
    """Performs actions on one machine; start presses free-run until the machine stops."""

    def __init__(self, machine: Machine | None = None, max_orders: int | None = None,
                 on_press: Callable[[PressResult], None] | None = None) -> None:
        self.machine = Machine() if machine is None else machine
        self.max_orders = max_orders  # budget for the whole session
        self.on_press = on_press
        self.results: list[PressResult] = []

    def _tape(self, source: str | Path | Tape) -> Tape:
        return source if isinstance(source, Tape) else read_tape(source)

    def perform(self, action: Action) -> PressResult | None:
        """Carry out one action; start buttons run the machine and return the result."""
        m = self.machine
        if action.kind == "initial-load":
            m.initial_load(self._tape(action.tape))
            return None
        if action.kind == "tape":
            m.load_tape(self._tape(action.tape))
            return None
        {"clear-start": m.clear_start, "initial-start": m.initial_start,
         "restart": m.restart}[action.kind]()
        before = m.teleprinter.printed_count
        budget = None
        if self.max_orders is not None:
            budget = max(0, self.max_orders - sum(r.stop.orders for r in self.results))
        stop = m.run(max_orders=budget)
        from pc1.devices import codes_to_text

        result = PressResult(action, stop, codes_to_text(m.teleprinter.printed_since(before)))
        self.results.append(result)
        if self.on_press:
            self.on_press(result)
        return result

    def perform_all(self, actions: Sequence[Action]) -> list[PressResult]:
        """Carry out actions in order; stops early if a press ends at the order limit."""
        done = []
        for action in actions:
            result = self.perform(action)
            if result is not None:
                done.append(result)
                if not result.stop.by_itself:
                    break
        return done
