"""The profile adds up: its orders and cycles are the run's, whichever way they are grouped.

The oracle is the machine's own counters, which the compiled blocks keep; the profile works
its cycles out separately from the order table and the words it saw run.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from pc1 import Machine
from pc1.devices import Tape, read_tape, tape_path
from pc1.machine.profile import Profile, Tally, cycles_of, findings, profile_table
from tests.pc1.helpers import START, machine_with, order
from tests.pc1.machine.test_machine_watch_history import data_words
from tests.pc1.machine.test_timeline import programs, tapes
from tests.strategies import any36


@settings(max_examples=80, deadline=None)
@given(programs, data_words, any36, tapes)
def test_the_profile_adds_up_to_the_runs_totals(prog, data, a, tape) -> None:
    m = machine_with(prog, data=data, A=a)
    m.load_tape(Tape(list(tape), "random"))
    profile = Profile(m)
    stop = profile.run(max_orders=500)
    total = Tally(stop.orders, stop.cycles)
    assert profile.total() == total
    for grouping in (profile.by_order(), profile.by_routine({START + 1: "one"})):
        assert Tally(sum(t.orders for t in grouping.values()),
                     sum(t.cycles for t in grouping.values())) == total


def test_shifts_and_an_input_that_waits_cost_what_the_order_table_says() -> None:
    # l 3: 6 + 3 cycles; r 2030 (2048 - 2030 = 18 the other way): 6 + 18; i: 4 (+ 6 waiting)
    m = machine_with(["l 3", "r 2030", f"i {START + 3}", "i 0"])
    m.load_tape(Tape([24], "one frame"))
    profile = Profile(m)
    stop = profile.run()
    assert stop.reason == "halt"
    by = profile.by_address()
    assert by[START] == Tally(1, 9) and by[START + 1] == Tally(1, 24)
    assert by[START + 2] == Tally(1, 4)  # it read the frame
    m2 = machine_with([f"i {START + 1}", "i 0"])
    profile = Profile(m2)
    profile.run()
    assert profile.by_address()[START] == Tally(1, 10)  # no tape: it waited
    assert cycles_of(order("d 5")) == 161 and cycles_of(order("vl 2")) == 44


def test_a_long_run_of_r0_and_e1000_adds_up() -> None:
    if not tape_path("r0.ptw").exists():
        pytest.skip("tapes/r0.ptw is not punched")
    m = Machine()
    m.initial_load(read_tape(tape_path("r0.ptw")))
    m.load_tape(read_tape(tape_path("e1000.ptr")))
    m.clear_start()
    profile = Profile(m)
    stop = profile.run()
    assert stop.reason == "halt" and profile.total() == Tally(stop.orders, stop.cycles)
    lines = profile_table(profile, {}, clock_hz=15_000, top=5)
    assert lines[0].startswith(f"profile: {stop.orders:,} orders, {stop.cycles:,} cycles, ")


@settings(max_examples=40, deadline=None)
@given(programs, data_words, any36, tapes)
def test_a_profile_of_the_timelines_rerun_is_the_profile_of_the_run(prog, data, a, tape) -> None:
    from pc1.machine.timeline import Timeline

    direct = machine_with(prog, data=data, A=a)
    direct.load_tape(Tape(list(tape), "random"))
    seen = Profile(direct)
    for _ in range(3):  # the same runs (one after a halt goes on past it)
        seen.run(max_orders=100)
    m = machine_with(prog, data=data, A=a)
    m.load_tape(Tape(list(tape), "random"))
    timeline = Timeline(m, spacing=13)
    for _ in range(3):
        timeline.run(max_orders=100)
    again = Profile(m)
    assert timeline.rerun(0, again) == 0
    assert again.counts == seen.counts and again.waits == seen.waits
    assert m.orders == direct.orders and list(m.memory.words) == list(direct.memory.words)


def _nested() -> Machine:
    """An outer loop (100-111, closed by jl 100) run twice round an inner one (106-110,
    closed by jl 106) run five times each; counters are short words at 210-213."""
    return machine_with(["p 210", "s 211", "t 210", "z 112",  # outer: count down 3
                         "p 212", "t 213",  # the inner count, 5
                         "p 213", "s 211", "t 213", "z 111", "jl 106",  # inner
                         "jl 100"],
                        data={210: 3, 211: 1, 212: 5})


def test_the_inner_loop_is_named_and_the_outer_one_that_it_fills_is_left_out() -> None:
    from pc1.machine.profile import loops

    m = _nested()
    profile = Profile(m)
    stop = profile.run(max_orders=10_000)
    assert stop.reason == "halt"
    found = loops(profile)
    assert [(lp.first, lp.last) for lp in found] == [(106, 110)]
    # by hand: each inner run is 4 passes of 5 orders and a last of 4, and it runs twice
    assert found[0].tally.orders == 2 * (4 * 5 + 4)
    assert found[0].division == 0


def test_a_single_loop_and_its_divisions() -> None:
    from pc1.machine.profile import loops

    # count 4 down; each pass divides A by a larger word (d 202: 161 cycles in the order table)
    m = machine_with(["p 200", "s 201", "t 200", "z 106", "d 202", "jl 100"],
                     data={200: 4, 201: 1, 202: 131071})
    profile = Profile(m)
    stop = profile.run(max_orders=10_000)
    assert stop.reason == "halt"
    (loop,) = loops(profile)
    assert (loop.first, loop.last) == (100, 105)
    assert loop.tally.orders == 3 * 6 + 4  # three passes back, the fourth leaves at z
    assert loop.division == 3 * 161 and profile.division() == Tally(3, 3 * 161)
    lines = profile_table(profile, {}, clock_hz=15_000)
    assert lines[1] == f"division: 3 d/dl orders, {100 * 483 / stop.cycles:.2f}% of the time"


@settings(max_examples=30, deadline=None)
@given(programs, data_words, any36, tapes)
def test_each_run_of_the_history_profiled_on_a_twin_is_that_run(prog, data, a, tape) -> None:
    from pc1.machine.profile import profile_stretch, runs_of
    from pc1.machine.timeline import Timeline

    def two_runs(m: Machine, run) -> None:
        m.load_tape(Tape(list(tape), "random"))
        run(m)  # a first run from START ...
        m.clear_start()  # ... then CLEAR START and a second from 0
        run(m)

    # the oracle: each run counted as it happens, by a Profile of its own
    direct = machine_with(prog, data=data, A=a)
    seen: list[Profile] = []

    def counted(m: Machine) -> None:
        seen.append(Profile(m))
        seen[-1].run(max_orders=150)

    two_runs(direct, counted)
    m = machine_with(prog, data=data, A=a)
    timeline = Timeline(m, spacing=17)
    two_runs(m, lambda m: timeline.run(max_orders=150))
    before = (m.orders, m.K, m.A, list(m.memory.words))
    runs = runs_of(timeline)
    assert [r[0] for r in runs] == [0, seen[0].total().orders][:len(runs)]
    for (since, until), oracle in zip(runs, seen, strict=False):
        got = profile_stretch(timeline, since, until if until != m.orders else None)
        assert got.began == since
        assert got.profile.counts == oracle.counts and got.profile.waits == oracle.waits
    assert (m.orders, m.K, m.A, list(m.memory.words)) == before  # the machine untouched


def test_a_routine_name_longer_than_its_column_is_shown_whole() -> None:
    m = _nested()
    profile = Profile(m)
    profile.run(max_orders=10_000)
    long_name = "q: a routine whose name is longer than the column of the table it is in"
    table = profile_table(profile, {a: long_name for a in range(512)}, clock_hz=15_000)
    named = [line for line in table if "routine whose name" in line]
    assert named and all(line.rstrip().endswith(long_name) for line in named)
    # the numbers of each such row stand on the next line, in their columns
    for line in named:
        after = table[table.index(line) + 1]
        assert after.startswith(" " * 20) and after.rstrip().endswith("%")


def test_a_run_that_only_halts_has_a_profile_without_shares() -> None:
    # the halt is an order that takes no cycles: no share of no time (it divided by zero)
    m = machine_with([0])
    profile = Profile(m)
    stop = profile.run()
    assert (stop.reason, stop.orders, stop.cycles) == ("halt", 1, 0)
    table = profile_table(profile, clock_hz=15_000)
    assert table[0].startswith("profile: 1 orders, 0 cycles")
    assert any(line.split()[-1] == "-" for line in table[1:] if line.strip())
    assert findings(profile) == "no time was spent"
