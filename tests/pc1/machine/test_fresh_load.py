"""A program loaded afresh (INITIAL LOAD) is compiled for what it does, not for what the
program loaded before it did there: an address field that moved under the old program is
compiled in for a new one that leaves it alone."""

from __future__ import annotations

from pc1 import Machine
from pc1.devices.tape import initial_load_tape
from tests.pc1.helpers import order


def _counting_loop(store_to: int) -> list[int]:
    """Count word 40 down from 6; each pass store `a 50` + the count at `store_to`, then
    run the `a` at 7."""
    words = [order(t) for t in ("p 40", "s 41", "t 40", "z 9", "p 42", "a 40",
                                f"t {store_to}", "a 50", "jl 0")] + [0] * 31
    return words + [6, 1, order("a 50")]


def test_an_address_that_moved_under_the_last_program_is_compiled_in_for_the_next() -> None:
    m = Machine(compile_after=1)
    m.initial_load(initial_load_tape(_counting_loop(7)))  # rewrites the `a` at 7 each pass
    m.clear_start()
    assert m.run(max_orders=1_000).reason == "halt"
    assert not m._extent[0].baked(7)  # its address moved: read as it runs
    m.memory.load(0, [0] * 10)  # the operator clears the old program away
    m.initial_load(initial_load_tape(_counting_loop(44)))  # stores beside the code instead
    m.clear_start()
    stop = m.run(max_orders=1_000)
    assert (stop.reason, stop.address) == ("halt", 9)
    assert m._extent[0].baked(7)
