"""Cross-references against a single-step trace decoded here from the order letters."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pc1.devices import CODE_TO_CHAR, Tape, tape_path
from pc1.machine.xref import Observed, static_xref
from tests.pc1.helpers import START, machine_with, order
from tests.pc1.machine.test_machine_watch_history import DATA, LENGTH, data_words
from tests.pc1.machine.test_timeline import programs, tapes
from tests.strategies import any36

# the oracle's own reading of the order table (docs/machine.md): who has an operand, who
# stores, who plants an address, who may jump to n
OPERAND = set("nbpcvdsawq")
JUMPS = {"z", "k", "o"}  # either form; `j` and `i` below


def _expected(word: int, target: int) -> set[str]:
    letter = CODE_TO_CHAR.get((word >> 12) & 63)
    long, n = word >> 11 & 1, word & 511
    pair = {n & 510, n | 1} if long else {n}
    kinds = set()
    if letter in OPERAND and target in pair:
        kinds.add("reads")
    if letter == "t" and target in pair:
        kinds.add("writes")
    if letter == "x" and not long and target == n:
        kinds.add("changes address")
    jumps = letter in JUMPS or (letter == "j" and long) or (letter == "i" and not long)
    if jumps and target == n:
        kinds.add("jumps to")
    return kinds


@settings(max_examples=60, deadline=None)
@given(programs, data_words, any36, tapes, st.integers(1, 300),
       st.integers(DATA, DATA + 7) | st.integers(START, START + LENGTH - 1))
def test_what_a_run_shows_is_what_single_steps_show(prog, data, a, tape, t, target) -> None:
    oracle = machine_with(prog, data=data, A=a)
    oracle.load_tape(Tape(list(tape), "random"))
    want: dict[tuple[str, int, int], int] = {}
    runs = 0
    for _ in range(t):
        k, w = oracle.K, oracle.memory.words[oracle.K]
        runs += k == target
        stop = oracle.step()
        for kind in _expected(w, target):
            # a jump counts when taken (and not just the next order anyway)
            if kind != "jumps to" or (oracle.K == target and (k + 1) & 511 != target):
                want[(kind, k, w)] = want.get((kind, k, w), 0) + 1
        if stop.reason != "step":
            break
    m = machine_with(prog, data=data, A=a)
    m.load_tape(Tape(list(tape), "random"))
    seen = Observed(m, target)
    seen.run(max_orders=t)
    assert seen.counts == want and seen.runs == runs


def test_a_static_view_reads_the_orders_as_written() -> None:
    words = {0: order("p 200"), 1: order("tl 200"), 2: order("x 201"), 3: order("zl 201"),
             4: order("al 201"), 5: order("jl 200"), 6: order("j 200")}
    at_201 = static_xref(words, 201)
    assert [r.address for r in at_201["reads"]] == [4]
    assert [r.address for r in at_201["writes"]] == [1]
    assert [r.address for r in at_201["changes address"]] == [2]
    assert [r.address for r in at_201["jumps to"]] == [3]
    assert [r.address for r in static_xref(words, 200)["jumps to"]] == [5]  # `j` short: none


def test_the_pi_source_plants_the_address_of_its_dividend_load() -> None:
    if not tape_path("pi1000cmp.pc1").exists():
        pytest.skip("the annotated sources are not installed")
    from pc1.asm import source_words_for_tape

    words = source_words_for_tape(tape_path("pi1000cmp.ptr"))
    # tapes/pi1000cmp.lst: 215 `x 219` plants the address of `ql( )` at 219; 218 `z 230`
    assert [r.address for r in static_xref(words, 219)["changes address"]] == [215]
    assert 218 in [r.address for r in static_xref(words, 230)["jumps to"]]
