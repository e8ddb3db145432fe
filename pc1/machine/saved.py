"""A saved machine: the state file of `pc1 run --dump-state`, the monitor's `save-state`, and
what `--restore`, `restore-state` and `pc1 disasm` read back.

One format, JSON, written from `Machine.state()`:

    {"A": 0, "R": 0, "M": 0, "X": 53250, "K": 76, "memory": [512 words],
     "orders": 422641, "cycles": 4840140, "clear_start_orders": 0, "ff30": 0, "ff31": 0,
     "stop": {"reason": "halt", "address": 76} or null,
     "tape": {"name": "e1000.ptr", "frames": [...], "position": 1443} or null}

Registers and words are plain integers (A, R, M 36 bits; X and the words 18 bits; K 0-511).
`tape` and `clear_start_orders` came later: a file without them restores an empty reader
and a time axis that starts at its `orders`.  The teleprinter's paper is output, not
state, and is not saved.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from pc1.base import InputError, display_name, write_atomically
from pc1.devices import Tape, refuse_ours
from pc1.machine.machine import Stop
from pc1.machine.state_file import read_state_file
from pc1.machine.word import MASK18, STORE_MASK

if TYPE_CHECKING:
    from pc1.machine.machine import Machine

MASK36 = (1 << 36) - 1
REGISTERS = {"A": MASK36, "R": MASK36, "M": MASK36, "X": MASK18, "K": STORE_MASK}


def state_text(machine: Machine) -> str:
    """The machine's state as the text of a state file."""
    return json.dumps(machine.state(), indent=1) + "\n"


def write_state(machine: Machine, path: str | Path) -> None:
    """Save the machine's state to a file (InputError naming it if it cannot be written)."""
    refuse_ours(path)  # our shipped files are read-only
    # whole or not at all: an interrupted save leaves the old file where it stood
    write_atomically(path, state_text(machine))


def read_state(path: str | Path) -> dict:
    """A state file read and checked: every field present and in range, or InputError."""
    # the JSON and the store as `pc1 disasm` reads them; then the rest of the machine
    return checked_state(read_state_file(path), display_name(path))


def checked_state(state: object, source: str | None = None) -> dict:
    """The state if every field is there and in range; else InputError saying which."""

    def bad(message: str) -> InputError:
        return InputError(message, source=source)

    def whole(name: str, value: object, top: int | None = None) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0 or (
                top is not None and value > top):
            limit = f"0..{top}" if top is not None else "0 or more"
            raise bad(f"{name} must be a whole number {limit}, not {value!r}"[:200])
        return value

    if not isinstance(state, dict):
        raise bad("not a machine state: a JSON object with A, R, M, K and memory is needed")
    missing = [k for k in ("A", "R", "M", "K", "memory", "orders", "cycles") if k not in state]
    if missing:
        raise bad(f"not a machine state: {', '.join(missing)} missing")
    for key, top in REGISTERS.items():
        if key in state:
            whole(key, state[key], top)
    words = state["memory"]
    if not isinstance(words, list) or len(words) != STORE_MASK + 1:
        raise bad(f"memory must be a list of {STORE_MASK + 1} words")
    for a, w in enumerate(words):
        whole(f"memory[{a}]", w, MASK18)
    whole("orders", state["orders"])
    whole("cycles", state["cycles"])
    for key in ("ff30", "ff31"):
        if key in state:
            whole(key, state[key], 1)
    if "clear_start_orders" in state:
        whole("clear_start_orders", state["clear_start_orders"], state["orders"])
    tape = state.get("tape")
    if tape is not None:
        if not isinstance(tape, dict) or not isinstance(tape.get("frames"), list):
            raise bad("tape must be null or an object with name, frames and position")
        for i, c in enumerate(tape["frames"]):
            whole(f"tape frame {i + 1}", c, 63)
        whole("tape position", tape.get("position", 0), len(tape["frames"]))
        if not isinstance(tape.get("name", ""), str):
            raise bad("the tape's name must be text")
    return state


def apply_state(machine: Machine, state: dict) -> None:
    """Put a checked state into the machine (through the store, so compiled code follows)."""
    memory = machine.memory
    for a, w in enumerate(state["memory"]):
        if memory.words[a] != w:
            memory[a] = w
    machine.A, machine.R, machine.M = state["A"], state["R"], state["M"]
    machine.K = state["K"]
    machine.X = state.get("X", memory.words[machine.K])
    machine.orders, machine.cycles = state["orders"], state["cycles"]
    machine.clear_start_orders = state.get("clear_start_orders", state["orders"])
    machine.ff30, machine.ff31 = state.get("ff30", 0), state.get("ff31", 0)
    tape = state.get("tape")
    if tape is None:
        machine.remove_tape()
    else:
        machine.load_tape(Tape(list(tape["frames"]), tape.get("name", "")))
        machine.tape_position = tape.get("position", 0)
    stop = state.get("stop")
    machine.last_stop = None
    if isinstance(stop, dict) and isinstance(stop.get("reason"), str):
        machine.last_stop = Stop(stop["reason"], stop.get("address", machine.K), 0, 0)
