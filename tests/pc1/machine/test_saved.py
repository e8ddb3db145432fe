"""A saved machine goes on exactly as the machine it was saved from would have."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pc1 import Machine
from pc1.base import InputError
from pc1.devices import Tape
from pc1.machine.saved import apply_state, checked_state, read_state, state_text, write_state
from tests.pc1.helpers import machine_with
from tests.pc1.machine.test_machine_watch_history import data_words
from tests.pc1.machine.test_timeline import _state, programs, tapes
from tests.strategies import any36


@settings(max_examples=60, deadline=None)
@given(programs, data_words, any36, tapes, st.integers(0, 200), st.integers(1, 200))
def test_a_restored_machine_goes_on_as_the_saved_one(prog, data, a, tape, before, after) -> None:
    m = machine_with(prog, data=data, A=a)
    m.load_tape(Tape(list(tape), "random"))
    m.teleprinter.punch_on = True
    m.run(max_orders=before)
    saved = json.loads(state_text(m))  # through the file's text
    restored = Machine()
    restored.teleprinter.punch_on = True
    apply_state(restored, checked_state(saved))
    m.teleprinter.printed.clear()  # the paper is output, not state: compare what comes next
    m.teleprinter.punched.clear()
    m.run(max_orders=after)
    restored.run(max_orders=after)
    assert _state(restored) == _state(m)
    assert restored.since_clear_start == m.since_clear_start


def test_the_file_round_trip_keeps_the_reader_and_the_time_axis(tmp_path) -> None:
    m = machine_with(["i 0", "i 0"], start=0)
    m.load_tape(Tape([24, 25, 26], "three"))
    m.run(max_orders=1)
    m.clear_start()
    m.run(max_orders=1)
    write_state(m, tmp_path / "s.json")
    state = read_state(tmp_path / "s.json")
    assert state["tape"] == {"name": "three", "frames": [24, 25, 26], "position": 2}
    assert state["orders"] == 2 and state["clear_start_orders"] == 1
    back = Machine()
    apply_state(back, state)
    assert back.tape_position == 2 and back.since_clear_start == 1 and back.K == 1


@pytest.mark.parametrize("change, said", [
    ({"A": 1 << 36}, "A must be a whole number"),
    ({"X": -1}, "X must be a whole number 0..262143"),
    ({"ff31": 2}, "ff31 must be a whole number 0..1"),
    ({"orders": True}, "orders must be a whole number"),
    ({"tape": {"frames": [64]}}, "tape frame 1 must be a whole number 0..63"),
    ({"tape": {"frames": [1], "position": 2}}, "tape position must be a whole number 0..1"),
    ({"clear_start_orders": 5}, "clear_start_orders must be a whole number 0..0"),
])
def test_a_state_out_of_range_is_refused(change: dict, said: str) -> None:
    state = Machine().state()
    state.update(change)
    with pytest.raises(InputError, match=said):
        checked_state(state, "s.json")
