"""Tiering: code runs order by order through step functions until it proves hot, and only
then is its block compiled.  Runs at every threshold agree with single steps, on
self-modifying programs too, and code that runs once compiles nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.pc1.helpers import START, count_builds, machine_with
from tests.pc1.machine.test_machine_watch_history import _state, _stepped, data_words, programs
from tests.strategies import any36


@settings(max_examples=80, deadline=None)
@given(programs, data_words, any36, st.integers(1, 400), st.integers(2, 6))
def test_tiered_runs_agree_with_steps_on_self_modifying_programs(
        prog: list[str], data: dict[int, int], a: int, limit: int, after: int) -> None:
    tiered = machine_with(prog, data=data, A=a, compile_after=after)
    tiered.run(max_orders=limit)
    steps = list(_stepped(prog, data, limit, a))
    assert steps and _state(tiered) == _state(steps[-1][2])


@settings(max_examples=40, deadline=None)
@given(programs, data_words, any36, st.integers(2, 6))
def test_tiered_runs_without_a_limit_agree_with_steps(
        prog: list[str], data: dict[int, int], a: int, after: int) -> None:
    tiered = machine_with(prog, data=data, A=a, compile_after=after)
    tiered.run(max_orders=2_000)
    if tiered.last_stop.reason == "order limit":
        return  # a loop: the unlimited run would not end
    free = machine_with(prog, data=data, A=a, compile_after=after)
    free.run()
    assert _state(free) == _state(tiered)


def test_code_that_runs_once_compiles_nothing(monkeypatch) -> None:
    built = count_builds(monkeypatch)
    m = machine_with(["p 300", "a 301", "t 302", "jl 104", "s 301", "t 303"],
                     data={300: 5, 301: 2}, compile_after=3)
    stop = m.run()
    assert (stop.reason, stop.orders) == ("halt", 7) and m.memory[302] == 7
    assert built == []


def test_a_loop_is_compiled_once_it_is_hot(monkeypatch) -> None:
    built = count_builds(monkeypatch)
    # count word 300 down from 50 to 0: `s 301; t 300; z 105; jl 100`, then halt
    m = machine_with(["p 300", "s 301", "t 300", f"z {START + 5}", f"jl {START}"],
                     data={300: 50, 301: 1}, compile_after=5)
    stop = m.run()
    assert stop.reason == "halt" and m.memory[300] == 0
    assert built == [START]  # the loop head, after five arrivals by its `jl`


def test_the_blocks_of_a_region_are_entered_through_its_function(monkeypatch) -> None:
    built = count_builds(monkeypatch)
    # block 1 counts word 300 down and jumps to block 2, which adds and jumps back
    prog = ["p 300", "s 301", "t 300", f"z {START + 9}", f"jl {START + 6}", 0,
            "p 302", "a 301", f"jl {START}"]
    m = machine_with(prog, data={300: 30, 301: 1, 302: 0}, compile_after=3)
    stop = m.run()
    assert stop.reason == "halt" and m.memory[300] == 0
    assert built == [START]
    # the second block runs in the region's function: linked, not compiled on its own
    fn, _, _, owner = m._blocks[START + 6]
    assert owner == START and fn is m._blocks[START][0]
