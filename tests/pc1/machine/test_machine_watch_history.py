"""Compiled blocks against single steps on self-modifying programs; watchpoints; history.

Random programs mix arithmetic (the inline multiply, divide and shift code), branches and
stores that rewrite the program's own orders (function bits and addresses), so the block
variants swapped in after a code change are exercised.  The oracle is the same machine run
one order at a time, which compiles nothing but one-order blocks.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pc1 import Machine
from pc1.machine import word
from pc1.machine.history import TraceEntry, TraceRing
from tests.pc1.helpers import START, machine_with, order
from tests.strategies import any36, r_values

DATA = 300
LENGTH = 12


def _texts(length: int) -> list[str]:
    code = [START + i for i in range(length)]
    plain = ["a 300", "s 301", "al 302", "sl 304", "p 300", "pl 304", "n 301", "c 300",
             "b 301", "q 301", "ql 302", "vl 304", "v 300", "wl 302", "w 300", "dl 306",
             "d 301", "l 3", "rl 2", "l 1040", "r 1030", "ll 1050", "ll 5", "r 40",
             "t 303", "tl 306", "x 303"]
    jumps = [f"{letter} {a}" for a in code for letter in ("z", "zl", "k", "kl", "jl")]
    rewrites = [f"{letter} {a}" for a in code for letter in ("t", "tl", "x")]
    return plain + jumps + rewrites


TEXTS = _texts(LENGTH)
# data words that are plain orders too: stored into the program they change its function
# bits without ending a block there, so the machine swaps in another compiled variant
ORDER_DATA = [order(t) for t in ("a 300", "s 301", "al 302", "p 301", "l 3", "b 300", "vl 304")]
data_words = st.fixed_dictionaries({
    DATA + i: st.integers(0, (1 << 18) - 1) | st.sampled_from(ORDER_DATA) for i in range(8)})
_pieces = (st.sampled_from(TEXTS).map(lambda t: [t])
           | st.tuples(st.integers(0, 7), st.integers(0, LENGTH - 1)).map(
               lambda pa: [f"p {DATA + pa[0]}", f"t {START + pa[1]}"])
           | st.just([f"jl {START}"]))
programs = st.lists(_pieces, min_size=LENGTH, max_size=LENGTH).map(
    lambda pieces: [t for piece in pieces for t in piece][:LENGTH])


def _state(m: Machine) -> tuple:
    return (m.A, m.R, m.M, m.K, m.X, list(m.memory.words), m.orders, m.cycles)


def _stepped(prog: list[str], data: dict[int, int], limit: int, a: int):
    """Run one order at a time; yield (address, word, machine) after each order."""
    m = machine_with(prog, data=data, A=a)
    for _ in range(limit):
        k, w = m.K, m.memory.words[m.K]
        stop = m.step()
        yield k, w, m
        if stop.reason != "step":
            return


@settings(max_examples=60, deadline=None)
@given(programs, data_words, any36, st.integers(1, 400))
def test_blocks_agree_with_steps_on_self_modifying_programs(
        prog: list[str], data: dict[int, int], a: int, limit: int) -> None:
    fast = machine_with(prog, data=data, A=a)
    fast.run(max_orders=limit)
    steps = list(_stepped(prog, data, limit, a))
    assert steps and _state(fast) == _state(steps[-1][2])


@settings(max_examples=60, deadline=None)
@given(programs, data_words, any36, st.integers(1, 300), st.integers(1, 40))
def test_history_equals_the_trace_of_single_steps(
        prog: list[str], data: dict[int, int], a: int, limit: int, capacity: int) -> None:
    ring = TraceRing(capacity)
    fast = machine_with(prog, data=data, A=a)
    fast.run(max_orders=limit, history=ring)
    expected = [TraceEntry(k, w, m.A, m.R) for k, w, m in _stepped(prog, data, limit, a)]
    assert ring.entries() == expected[-capacity:]
    assert len(ring) == min(capacity, len(expected))


@settings(max_examples=80, deadline=None)
@given(programs, data_words, any36, st.sets(st.integers(DATA, DATA + 7) |
                                            st.integers(START, START + LENGTH - 1),
                                            min_size=1, max_size=3))
def test_watch_stops_right_after_the_order_that_changes_a_watched_word(
        prog: list[str], data: dict[int, int], a: int, watched: set[int]) -> None:
    limit = 300
    fast = machine_with(prog, data=data, A=a)
    stop = fast.run(max_orders=limit, watch=watched)
    before = {w: machine_with(prog, data=data).memory.words[w] for w in watched}
    slow = None
    changed = None
    for _, _, slow in _stepped(prog, data, limit, a):
        now = {w: slow.memory.words[w] for w in watched}
        if now != before:
            changed = min(w for w in watched if now[w] != before[w])
            break
    assert slow is not None and _state(fast) == _state(slow)
    if changed is None:
        assert stop.reason != "watchpoint"
    else:
        assert (stop.reason, stop.address, stop.watched) == ("watchpoint", slow.K, changed)


def test_a_store_of_the_same_value_is_no_change() -> None:
    m = machine_with(["p 200", "t 200", "a 201", "t 200", "t 202"], data={200: 7, 201: 1})
    stop = m.run(watch=[200])
    # `t 200` at START + 1 writes back 7: no change; the one at START + 3 writes 8
    assert (stop.reason, stop.address, stop.watched) == ("watchpoint", START + 4, 200)
    assert m.memory[200] == 8 and stop.orders == 4
    assert stop.describe() == f"watchpoint at {START + 4} (word 200 changed)"


def test_watch_sees_an_address_substitution_and_the_odd_half_of_a_long_store() -> None:
    m = machine_with(["p 200", "x 210", "pl 202", "tl 206"],
                     data={200: 5, 210: order("a 0"), 202: 0, 203: 9})
    stop = m.run(watch=[210, 207])
    assert (stop.reason, stop.watched, stop.address) == ("watchpoint", 210, START + 2)
    assert m.memory[210] == order("a 5")
    stop = m.run(watch=[210, 207])
    assert (stop.reason, stop.watched, stop.address) == ("watchpoint", 207, START + 4)


def test_watch_does_not_leave_watch_code_behind() -> None:
    m = machine_with(["a 201", "t 200", f"jl {START}"], data={201: 1})
    assert m.run(watch=[200], max_orders=1000).reason == "watchpoint"
    stop = m.run(max_orders=1000)
    assert stop.reason == "order limit" and stop.orders == 1000


def test_history_sees_a_halt_and_a_divide_overflow() -> None:
    ring = TraceRing(8)
    m = machine_with(["a 200", "d 202"], data={200: 1, 202: 0})
    stop = m.run(history=ring)
    assert stop.reason == "divide overflow"
    assert [(e.address, e.order) for e in ring.entries()] == [
        (START, order("a 200")), (START + 1, order("d 202"))]


def test_trace_ring_rejects_a_capacity_below_one() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        TraceRing(0)


@settings(max_examples=200, deadline=None)
@given(any36, r_values, st.integers(0, (1 << 18) - 1), st.integers(0, (1 << 18) - 1),
       st.sampled_from(["v 300", "vl 300", "w 300", "wl 300", "d 300", "dl 300"]))
def test_inline_arithmetic_in_blocks_equals_the_word_functions(
        a: int, r: int, hi: int, lo: int, text: str) -> None:
    m = machine_with([text], A=a, R=r, data={300: hi, 301: lo})
    m.run(max_orders=1)
    operand = (hi << 18 | lo) if text[1:2] == "l" else hi << 18
    if text[0] == "v":
        expected = word.multiply(a, operand)
    elif text == "w 300":
        expected = word.multiply_add_short(a, operand, r)
    elif text == "wl 300":
        expected = word.multiply_add(a, operand, r)
    else:
        expected = word.divide(a, r, operand) or (a, r)
    assert (m.A, m.R) == expected


@settings(max_examples=200, deadline=None)
@given(any36, any36, st.integers(0, 2047), st.sampled_from(["l", "ll", "r", "rl"]))
def test_inline_shifts_in_blocks_equal_the_word_functions(
        a: int, r: int, n: int, letters: str) -> None:
    m = machine_with([f"{letters} {n}"], A=a, R=r)
    m.run(max_orders=1)
    count, back = word.shift_count(n)
    left = (letters[0] == "l") != back
    if letters.endswith("l") and len(letters) == 2:
        expected = (word.shift_long_left(a, r, count) if left
                    else word.shift_long_right(a, r, count, letters[0] == "r"))
    elif left:
        expected = (word.shift_short_left(a, count), r)
    elif letters == "r":
        expected = (word.shift_short_right_arith(a, count), r)
    else:
        expected = (word.shift_short_right_logical(a, count), r)
    assert (m.A, m.R) == expected


def test_an_order_rewritten_again_and_again_runs_right_every_time() -> None:
    """Each new order at 101 adds an arm to the compiled code; past eight the block is
    planned afresh.  Every run must equal a fresh machine's single steps."""
    texts = ["a 201", "v 201", "s 201", "l 3", "x 202", "wl 200", "a 201", "p 201", "dl 200",
             "n 201", "r 1030", "c 201", "b 201", "q 201", "sl 200", "v 201", "ql 200"]
    data = {200: 0o123456, 201: 0o654321, 202: 0}
    fast = machine_with(["p 200", "a 201", "t 202", 0], data=data, A=5)
    for text in texts:
        fast.memory[START + 1] = order(text)
        fast.A, fast.R = 5, 7
        fast.K = START
        fast.restart()
        stop = fast.run()
        slow = machine_with(["p 200", text, "t 202", 0], data=data, A=5, R=7)
        while slow.step().reason == "step":
            pass
        assert (fast.A, fast.R, fast.M, fast.K) == (slow.A, slow.R, slow.M, slow.K), text
        assert (stop.orders, stop.cycles) == (slow.orders, slow.cycles), text
        assert fast.memory.words == slow.memory.words, text


@settings(max_examples=40, deadline=None)
@given(programs, data_words, any36, st.integers(1, 400))
def test_compiled_address_bookkeeping_matches_the_plans(
        prog: list[str], data: dict[int, int], a: int, limit: int) -> None:
    """After any run, each address counts exactly the plans that compiled its address field
    in, and the machine's copy of every compiled word has the function bits of the word in
    the store, and its address too where a plan compiled the address in.  (An `x` into a
    word whose address is read as the order runs needs no bookkeeping.)"""
    m = machine_with(prog, data=data, A=a)
    m.run(max_orders=limit)
    m.run(max_orders=limit)
    plans = list(m._extent.values())
    expected = [sum(1 for plan in plans if address in plan.addresses and plan.baked(address))
                for address in range(512)]
    assert m._bflag == expected
    for address in range(512):
        if m._cflag[address]:
            kept = m._word[address] ^ m.memory.words[address]
            assert kept == 0 if m._bflag[address] else kept & ~2047 == 0


def test_an_address_rewritten_each_round_is_read_afresh() -> None:
    """`x` points the `p` at START + 4 at the next word every round (a table walk): the
    compiled loop must not keep the address it was compiled with."""
    prog = ["p 200", f"x {START + 4}", "a 201", "t 200", "p 0", "a 203", "t 203",
            f"jl {START}"]
    data = {200: 300, 201: 1, 203: 0, **{300 + i: (i * 37) % 1000 for i in range(60)}}
    fast = machine_with(prog, data=data)
    fast.run(max_orders=8 * 50)
    steps = list(_stepped(prog, data, 8 * 50, 0))
    assert _state(fast) == _state(steps[-1][2])
    assert fast.memory[203] == sum((i * 37) % 1000 for i in range(50))
