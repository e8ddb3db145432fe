"""Foresight (pc1/machine/foresight.py): the rewrites a plan's first compile allows for.

The words `x` orders aim at are checked against the orders decoded one by one; the order a
short store will write is checked against the reference machine running the orders before
it; and two loops that rewrite their own code each pass compile once, not twice."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pc1.machine.foresight import aimed_at, flips
from pc1.machine.orders import decode, encode
from tests.pc1.helpers import START, count_builds, machine_with, order, reference_run
from tests.pc1.machine.reference_pc1 import RefMachine

DATA = 300
_LETTERS = "tonlripcvzdbsyxawjqk"
words = st.integers(0, (1 << 18) - 1)
orders = st.builds(encode, st.sampled_from(_LETTERS), st.integers(0, 2047), st.booleans())


@settings(max_examples=40, deadline=None)
@given(st.lists(orders | words, min_size=16, max_size=512))
def test_the_words_x_orders_aim_at_are_every_short_x_orders_address(store: list[int]) -> None:
    store = store + [0] * (512 - len(store))  # a whole store; drawing 512 words is slow
    expected = set()
    for w in store:
        known, long, n = decode(w)
        if known is not None and known.letter == "x" and not long:
            expected.add(n & 511)
    assert aimed_at(store) == expected


# a short store's value built by a load and up to three short operand orders
_steps = st.lists(st.tuples(st.sampled_from("asbc"), st.integers(0, 7)), max_size=3)
_targets = st.integers(0, 3)  # which of four orders after the store it rewrites


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 7), _steps, _targets,
       st.lists(orders | words, min_size=8, max_size=8),
       st.lists(orders, min_size=4, max_size=4))
def test_a_foreseen_flip_is_the_order_the_store_writes(
        first: int, steps: list[tuple[str, int]], target: int, data: list[int],
        after: list[int]) -> None:
    code = [order(f"p {DATA + first}"), *[order(f"{op} {DATA + a}") for op, a in steps]]
    store_at = START + len(code)
    aim = store_at + 1 + target
    code += [order(f"t {aim}"), *after]
    mem = [0] * 512
    mem[START:START + len(code)] = code
    mem[DATA:DATA + 8] = data
    own = set(range(store_at + 1, store_at + 5))
    foreseen = flips(mem, own)
    ref = RefMachine(list(mem), K=START)
    ref.run(limit=len(steps) + 2)  # the load, the steps and the store
    old, new = mem[aim] >> 11, ref.mem[aim] >> 11
    if old != new and _runs_inside(old) and _runs_inside(new):
        assert foreseen == {aim: frozenset((old, new))}
    else:
        assert aim not in foreseen


def _runs_inside(bits: int) -> bool:
    """Not a jump, I/O or halt (docs/machine.md's order table): it runs inside a block."""
    known, long, _ = decode(bits << 11)
    if known is None or known.letter in "oy":
        return False
    return {"i": long, "j": not long}.get(known.letter, True)


def _agrees_with_reference(prog: list[str], data: dict[int, int]) -> None:
    m = machine_with(prog, data=data)
    stop = m.run(max_orders=100_000)
    mem = list(m.memory.words)
    ref, reason, where = reference_run(prog, data, 100_000)
    assert (stop.reason, stop.address) == (reason, where) == ("halt", START + len(prog))
    assert (m.A, m.R, mem, m.orders, m.cycles) == (ref.A, ref.R, ref.mem, ref.orders,
                                                   ref.cycles)


def test_a_loop_that_flips_its_own_add_and_subtract_compiles_once(monkeypatch) -> None:
    built = count_builds(monkeypatch)
    # each pass: count word 300 down, flip the order at 108 between `a 303` and `s 303`
    # (exclusive or with the mask at 302), and run it on word 304
    prog = ["p 300", "s 301", "t 300", f"z {START + 11}", "p 302", f"b {START + 8}",
            f"t {START + 8}", "p 304", "a 303", "t 304", f"jl {START}"]
    data = {300: 40, 301: 1, 302: order("a 0") ^ order("s 0"), 303: 5, 304: 1000}
    _agrees_with_reference(prog, data)
    # the loop once (not again when it rewrites itself), then the halt it leaves for
    assert built == [START, START + len(prog)]


def test_a_loop_whose_x_moves_an_address_in_it_compiles_once(monkeypatch) -> None:
    built = count_builds(monkeypatch)
    # each pass: count word 300 down, point the `a` at 106 at word 310 + the count, add it
    prog = ["p 300", "s 301", "t 300", f"z {START + 10}", "a 302", f"x {START + 6}",
            "p 0", "a 303", "t 303", f"jl {START}"]
    data = {300: 8, 301: 1, 302: 310, 303: 0, **{310 + i: i * i for i in range(8)}}
    _agrees_with_reference(prog, data)
    # the loop once (not again when it rewrites itself), then the halt it leaves for
    assert built == [START, START + len(prog)]
