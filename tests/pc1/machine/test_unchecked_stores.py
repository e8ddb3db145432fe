"""Stores compiled without a check (nothing depended on their words when they were) gain
one when code that depends on them is compiled: an `x` when an address is compiled in
there, any other store when any code is.  An `x` into a word whose address field a later
plan reads as it runs needs none, and its plan is not compiled again."""

from __future__ import annotations

import pc1.machine.compiler as compiler
import pc1.machine.machine as machine
from tests.pc1.helpers import START, machine_with, reference_run

# A (100..107): count the outer word 300 down, point the `a` at 110 at word 310 + the count,
# reset the inner count; a flip-flop order (I/O: it keeps A's plan apart from B's); then B
# (109..116): add word 310 + count into 306 five times, and back to A
PROG = ["p 300", "s 301", "t 300", f"z {START + 20}", "a 302", f"x {START + 10}", "p 304",
        "t 305", "y 30", "p 306", "a 0", "t 306", "p 305", "s 301", "t 305", f"z {START}",
        f"jl {START + 9}"]
DATA = {300: 4, 301: 1, 302: 310, 304: 5, 305: 0, 306: 0,
        **{310 + i: 1000 * i + 1 for i in range(4)}}


def _run_against_reference(monkeypatch) -> tuple[list[int], list[int]]:
    """Run PROG against the reference: (plans built, plans whose code was dropped)."""
    built: list[int] = []
    dropped: list[int] = []
    build = compiler._build
    respecialize = machine.Machine._respecialize

    def counting(mem, plan, *rest):
        built.append(plan.segments[0][0])
        return build(mem, plan, *rest)

    def noting(self, key):
        dropped.append(key)
        return respecialize(self, key)

    monkeypatch.setattr(compiler, "_build", counting)
    monkeypatch.setattr(machine.Machine, "_respecialize", noting)
    compiler._CACHE.clear()
    # every plan one block (no regions): A's `x` runs in A's code
    monkeypatch.setattr(machine, "REGION_MAX", 1)
    m = machine_with(PROG, data=DATA)
    stop = m.run(max_orders=10_000)
    ref, reason, where = reference_run(PROG, DATA, 10_000)
    assert (stop.reason, stop.address) == (reason, where) == ("halt", START + 20)
    assert (m.A, m.R, list(m.memory.words), m.orders, m.cycles) == (
        ref.A, ref.R, ref.mem, ref.orders, ref.cycles)
    return built, dropped


def test_an_x_gains_its_check_when_a_later_plan_compiles_its_target_in(monkeypatch) -> None:
    # without foresight B compiles the address at 110 in, after A's `x` into it was
    # compiled unchecked: A must be compiled again with the check, or B adds a stale word
    monkeypatch.setattr(machine, "aimed_at", lambda mem: set())
    _run_against_reference(monkeypatch)


def test_an_x_into_a_word_read_as_it_runs_compiles_once(monkeypatch) -> None:
    built, dropped = _run_against_reference(monkeypatch)
    # A, the flip-flop, B (reading 110's address as it runs), the halt: each once, and A's
    # code is never dropped
    assert built == [START, START + 8, START + 9, START + 20]
    assert dropped == []
