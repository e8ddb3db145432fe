"""Compiled loops whose closing jump is rewritten while they run, in every run mode.

The oracle is the plain reference of tests/pc1/machine/test_halves.py, one order at a time on
whole registers; it shares nothing with the compiler. The programs are loops that plant A's
address part into their own closing `jl` (an `x`), so the jump the compiler planned goes
somewhere else on a later pass: the compiled loop must notice and leave like a plain `jl`.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pc1.machine.history import TraceRing
from pc1.machine.orders import decode
from tests.pc1.helpers import START, machine_with
from tests.pc1.machine.test_halves import DATA, reference

BODY = 6  # orders before the closing jl, which sits at START + BODY
_body = st.lists(st.sampled_from(["a 300", "s 301", "p 302", "al 304", "t 303", "c 305",
                                  f"x {START + BODY}", f"k {START + BODY + 1}"]),
                 min_size=BODY, max_size=BODY).filter(lambda b: f"x {START + BODY}" in b)
# data words whose address parts land inside the loop (mostly) or on the halt after it
_targets = st.integers(START, START + BODY + 1)
_data = st.tuples(_targets, _targets, _targets, st.integers(0, 511),
                  st.integers(0, (1 << 18) - 1))
MODES = {"plain": {}, "breakpoint": {"breakpoints": [400]}, "history": {"history": 64},
         "watch": {"watch": [450]}}


@settings(max_examples=60, deadline=None)
@given(_body, _data, st.sampled_from(sorted(MODES)), st.integers(10, 400))
def test_a_loop_that_rewrites_its_own_jump_runs_like_the_reference(body, data, mode: str,
                                                                   limit: int) -> None:
    t300, t301, t302, t304, t305 = data
    words = {DATA: t300, DATA + 1: t301, DATA + 2: t302, DATA + 3: 0, DATA + 4: t304,
             DATA + 5: t305}
    m = machine_with([*body, f"jl {START}"], data=words)
    mem = list(m.memory.words)
    extra = dict(MODES[mode])
    if "history" in extra:
        extra["history"] = ring = TraceRing(extra["history"])
    stop = m.run(max_orders=limit, **extra)
    if stop.reason == "breakpoint":  # a jump planted to 400: stopped before the order there
        assert m.K == 400
        limit = stop.orders
    expected = reference(mem, 0, 0, 0, START, limit)
    assert (m.A, m.R, m.M, m.K, stop.orders) == expected
    assert list(m.memory.words) == mem
    if mode == "history":  # the last orders run, each with A and R after it
        assert _not_halts(ring.entries()) == _not_halts(_reference_trace(mem, limit)[-64:])


def _reference_trace(mem: list[int], limit: int) -> list[tuple[int, int, int, int]]:
    """(address, word, A, R after it) of each order the reference runs, one call an order."""
    mem = list(mem)
    a = r = m = 0
    k, done, trace = START, 0, []
    while done < limit:
        word = mem[k]
        a, r, m, nxt, one = reference(mem, a, r, m, k, 1)
        trace.append((k, word, a, r))
        done += one
        if decode(word)[0] is None or nxt == k:  # a halt, or a jump to itself: it stops
            break
        k = nxt
    return trace


def _not_halts(entries) -> list[tuple[int, int, int, int]]:
    return [tuple(e) for e in entries if decode(e[1])[0] is not None]
