"""Running our program tapes in tests: R0, the program tape, then the data the operator places."""

from __future__ import annotations

from pc1 import Machine, read_tape
from pc1.devices.tape import Tape
from tests.shared_data import REPO

TAPES = REPO / "tapes"


def loaded(name: str, max_orders: int = 5_000_000, **machine) -> Machine:
    """INITIAL LOAD our R0, place NAME.ptr, CLEAR START: R0 reads it and starts the program."""
    m = Machine(**machine)
    m.initial_load(read_tape(TAPES / "r0.ptw"))
    m.load_tape(read_tape(TAPES / f"{name}.ptr"))
    m.clear_start()
    m.run(max_orders=max_orders)
    return m


def feed(m: Machine, tape: Tape, max_orders: int = 50_000_000) -> str:
    """Place a tape and press RESTART; what the teleprinter printed meanwhile."""
    before = len(m.teleprinter.printed)
    m.load_tape(tape)
    m.restart()
    stop = m.run(max_orders=max_orders)
    assert stop.reason == "waiting for tape", stop
    from pc1.devices.teleprinter import codes_to_text

    return codes_to_text(m.teleprinter.printed[before:])
