"""Regions (several blocks in one compiled function) against the whole reference PC-1.

The oracle is tests/pc1/machine/reference_pc1.py, one order at a time.  The programs here
are shaped for what the region's code does on its own: a step forward to a later block
falls through without a budget check, a step back checks the order budget, a cycle limit
checks at every block's end, and a run of `x` orders storing the same word computes it once.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pc1 import Machine
from tests.pc1.helpers import START, order
from tests.pc1.machine.reference_pc1 import RefMachine

DATA = 300

# three blocks of two orders in one region: 100 -> 103 -> 106 -> 100 (two steps forward,
# one back); the words between them are halts, which only a wrong jump would reach
RING = {START: "a 300", START + 1: f"jl {START + 3}", START + 3: "s 301",
        START + 4: f"jl {START + 6}", START + 6: "al 302", START + 7: f"jl {START}"}
BLOCK_STARTS = (START, START + 3, START + 6)


def _pair(words: dict[int, str | int], a: int = 0) -> tuple[Machine, RefMachine]:
    m = Machine(compile_after=1)  # every block compiled on first entry: a region at START
    mem = [0] * 512
    for address, w in words.items():
        mem[address] = order(w) if isinstance(w, str) else w
        m.memory[address] = mem[address]
    m.A, m.K = a, START
    m.restart()
    return m, RefMachine(mem, A=a, K=START)


def _state(m: Machine) -> tuple:
    return m.A, m.R, m.M, m.K, list(m.memory.words), m.orders, m.cycles


def _ref_state(ref: RefMachine) -> tuple:
    return ref.A, ref.R, ref.M, ref.K, list(ref.mem), ref.orders, ref.cycles


_ring_data = st.tuples(*[st.integers(0, (1 << 18) - 1)] * 4)


def _ref_run_cycles(ref: RefMachine, cycles: int) -> None:
    """The reference one order at a time, until it has spent `cycles` and stands at the
    start of one of the ring's blocks."""
    start = ref.cycles
    while ref.cycles - start < cycles or ref.K not in BLOCK_STARTS:
        ref.run(1)


def _ring(data: tuple[int, ...]) -> dict[int, str | int]:
    return {**RING, DATA: data[0], DATA + 1: data[1], DATA + 2: data[2], DATA + 3: data[3]}


@settings(max_examples=40, deadline=None)
@given(_ring_data, st.integers(1, 60))
def test_an_order_limit_stops_a_region_on_the_order(data, limit: int) -> None:
    m, ref = _pair(_ring(data))
    stop = m.run(max_orders=limit)
    ref.run(limit)
    assert (stop.reason, stop.orders) == ("order limit", limit)
    assert _state(m) == _ref_state(ref)


@settings(max_examples=40, deadline=None)
@given(_ring_data, st.integers(1, 400))
def test_a_cycle_limit_stops_a_region_at_the_first_block_end_past_it(data, limit: int) -> None:
    m, ref = _pair(_ring(data))
    stop = m.run(max_cycles=limit)
    _ref_run_cycles(ref, limit)
    assert (stop.reason, stop.address, stop.orders) == ("cycle limit", ref.K, ref.orders)
    assert _state(m) == _ref_state(ref)


def test_a_region_runs_on_after_a_cycle_limited_run_and_back() -> None:
    m, ref = _pair(_ring((5, 3, 0, 1)))
    for kind, amount in [("cycles", 37), ("orders", 25), ("cycles", 5), ("orders", 7)]:
        if kind == "cycles":
            m.run(max_cycles=amount)
            _ref_run_cycles(ref, amount)
        else:
            m.run(max_orders=amount)
            ref.run(amount)
        assert _state(m) == _ref_state(ref)


# `x` orders side by side into orders of the loop itself (as pi_1000 plants its addresses),
# of the same and of other function bits: each stores its own word; where several store the
# same word it is computed once.  A store between two of them may hit one of those words.
TARGETS = [START + 8 + i for i in range(4)]  # `a`, `s`, `a`, `s`: their addresses planted
_x_targets = st.lists(st.sampled_from(TARGETS), min_size=2, max_size=5)


@settings(max_examples=60, deadline=None)
@given(_x_targets, st.integers(0, (1 << 36) - 1), st.sampled_from([None, *TARGETS]))
def test_x_orders_side_by_side_store_each_word_of_their_own(targets, a: int,
                                                           store_between: int | None) -> None:
    body = [f"x {t}" for t in targets]
    if store_between is not None:
        body.insert(1, f"t {store_between}")
    words: dict[int, str | int] = {START + i: w for i, w in enumerate(body)}
    words[START + len(body)] = f"jl {TARGETS[0]}"
    for t, w in zip(TARGETS, ["a 7", "s 9", "a 11", "s 13"], strict=True):
        words[t] = w
    words[TARGETS[-1] + 1] = f"jl {START}"
    m, ref = _pair(words, a)
    limit = 3 * (len(body) + 6)
    stop = m.run(max_orders=limit)
    expected = ref.run(limit)
    assert (stop.reason, stop.address) == expected[:2]
    assert _state(m) == _ref_state(ref)


# an `x` plants an address into an order of the loop, which then reads it soon after (taken
# from A's address part as compiled, not read again); a store between, at a planted address,
# may hit that very order (the same function bits, another address: no recompiling).  Each
# pass plants the same address (word 202), so the passes compiled after the first see it too,
# and keeps what it read (word 203).
ALIAS = {START: "p 202", START + 1: f"x {START + 4}", START + 2: f"x {START + 6}",
         START + 3: "p 200", START + 4: "t 0", START + 5: "a 201", START + 6: "a 0",
         START + 7: "t 203", START + 8: f"jl {START}"}


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([START + 6, 150, 201]), st.integers(0, 511),
       st.integers(0, (1 << 18) - 1))
def test_an_address_read_after_its_x_sees_a_store_that_hit_it(planted: int, field: int,
                                                              data: int) -> None:
    words = {**ALIAS, 200: order(f"a {field}"), 201: data, 202: planted, 150: data ^ 0o777}
    m, ref = _pair(words)
    for limit in (10, 60):  # the first pass, then passes compiled after the first stores
        stop = m.run(max_orders=limit)
        expected = ref.run(limit)
        assert (stop.reason, stop.address) == expected[:2]
        assert _state(m) == _ref_state(ref)
