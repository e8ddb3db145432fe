"""A guard where only speed would show a regression: code that plants a new address or order
in the same word again and again (R0's switch word 18, its `x 12; p (c-8)`) must not make
the machine compile its block again for every value the word takes."""

from __future__ import annotations

from collections import Counter

import pytest

import pc1.machine.compiler as compiler
from pc1.devices.tape import read_tape
from pc1.devices.tape_library import tape_path
from pc1.machine.machine import Machine


def test_reading_a_tape_through_r0_compiles_each_block_a_few_times(monkeypatch) -> None:
    builds: Counter[int] = Counter()
    build = compiler._build

    def counting(mem, plan, *rest):
        builds[plan.segments[0][0]] += 1
        return build(mem, plan, *rest)

    monkeypatch.setattr(compiler, "_build", counting)
    compiler._CACHE.clear()
    m = Machine()
    m.initial_load(read_tape(tape_path("r0.ptw")))
    m.load_tape(read_tape(tape_path("e1000.ptr")))
    m.clear_start()
    stop = m.run(max_orders=1_000_000)
    assert (stop.reason, stop.address) == ("halt", 285)
    # R0 reads ~2,000 words of e1000.ptr: one compile per word would be thousands (before
    # tiering and volatile words: up to 120, ten of one block)
    assert sum(builds.values()) <= 40, builds.most_common(5)
    assert max(builds.values()) <= 4, builds.most_common(5)
    # its switch word 18 flips between a jump and a halt: no block holds it, it is stepped
    assert 18 in m._volatile
    assert not any(18 in plan.addresses for plan in m._extent.values())


def _compiled_by_a_headless_run(monkeypatch, name: str, clock=None) -> tuple[int, str]:
    """(functions compiled, text printed) for `pc1 run NAME`, with `clock` as the wall
    clock the operator sees (None: the real one)."""
    import pc1.operator.headless as headless
    from pc1.operator import Operator, recipe

    builds = []
    build = compiler._build

    def counting(mem, plan, *rest):
        builds.append(plan.segments[0][0])
        return build(mem, plan, *rest)

    monkeypatch.setattr(compiler, "_build", counting)
    if clock is not None:
        monkeypatch.setattr(headless.time, "perf_counter", clock)
    compiler._CACHE.clear()  # a cache filled by an earlier run would hide the compiles
    printed: list[str] = []
    operator = Operator(Machine(), printed.append)
    for action in recipe(name):
        press = operator.perform(action)
        assert press is None or press.by_itself
    monkeypatch.undo()
    return len(builds), "".join(printed)


def _crawling_clock():
    """A wall clock on a machine so loaded that every slice seems to take a second."""
    now = [0.0]

    def perf_counter() -> float:
        now[0] += 1.0
        return now[0]

    return perf_counter


@pytest.mark.parametrize("name", ["e1000", "pi1000"])
def test_a_run_compiles_the_same_functions_at_any_load(monkeypatch, name: str) -> None:
    count, text = _compiled_by_a_headless_run(monkeypatch, name)
    again, text_again = _compiled_by_a_headless_run(monkeypatch, name)
    loaded, text_loaded = _compiled_by_a_headless_run(monkeypatch, name, _crawling_clock())
    assert count > 0 and text.count("\n") >= 19
    assert count == again == loaded
    assert text == text_again == text_loaded
