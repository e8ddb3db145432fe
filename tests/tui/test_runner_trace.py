"""The console's trace after a free run at full speed (tui/runner.py records only the last
orders of each chunk, and runs the last ones again when a run stops among unrecorded ones):
always the orders that really ran last, as a run recording every order has them."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from pc1 import Machine, read_tape
from pc1.machine import Limits, Timeline, TraceRing
from tui import runner as runner_module
from tui.runner import FIRST_CHUNK_CYCLES, TRACE_LENGTH, Runner

TAPES = Path(__file__).resolve().parents[2] / "tapes"
R0 = read_tape(TAPES / "r0.ptw")
E1000 = read_tape(TAPES / "e1000.ptr")
FIRST = 60_000  # orders of e-1000 the reference records (R0 reading the tape, then e)


def loaded() -> Machine:
    """R0 in the store, e-1000's tape in the reader, CLEAR START pressed."""
    m = Machine()
    m.initial_load(R0)
    m.load_tape(E1000)
    m.clear_start()
    return m


def _reference() -> list[tuple[int, int, int, int]]:
    """Every order of e-1000's first FIRST, recorded by one plain run (no runner)."""
    m = loaded()
    ring = TraceRing(FIRST)
    m.run(max_orders=FIRST, history=ring)
    assert m.orders == FIRST
    return [tuple(e) for e in ring.entries()]


REFERENCE = _reference()
# addresses e-1000 runs in its first orders, and how often: breakpoints among them
RUN_AT = sorted({e[0] for e in REFERENCE})


def expected(orders: int) -> list[tuple[int, int, int, int]]:
    """The trace after `orders` orders: the last TRACE_LENGTH of them."""
    return REFERENCE[max(0, orders - TRACE_LENGTH):orders]


def trace(runner: Runner) -> list[tuple[int, int, int, int]]:
    return [tuple(e) for e in runner.entries()]


def recorded(orders: int) -> list[tuple[int, int, int, int]]:
    """The last TRACE_LENGTH of e-1000's first `orders` orders, by one plain run recording
    them (for a stop beyond the reference)."""
    m = loaded()
    ring = TraceRing(TRACE_LENGTH)
    m.run(max_orders=orders, history=ring)
    return [tuple(e) for e in ring.entries()]


# orders to stop after: a few (less than one trace), around the trace's length, and many
# (several chunks of a frame each, the chunk sizes set by the wall clock)
STOP_AFTER = st.one_of(st.integers(1, TRACE_LENGTH + 5),
                       st.integers(TRACE_LENGTH - 3, TRACE_LENGTH + 3),
                       st.integers(TRACE_LENGTH + 1, FIRST))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(stop_after=STOP_AFTER, chunks=st.integers(1, 3))
def test_the_trace_is_the_last_orders_run_after_an_order_limit(stop_after: int,
                                                               chunks: int) -> None:
    m = loaded()
    runner = Runner(m, lambda snapshot: None)
    # the run in one to three presses of FREE RUN, each to its own order limit
    done = 0
    for i in range(chunks):
        target = stop_after * (i + 1) // chunks
        if target > done:
            runner.run(lambda: False, frozenset, max_orders=target - done)
            done = target
    assert m.orders == stop_after
    assert trace(runner) == expected(stop_after)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_trace_is_the_last_orders_run_at_a_breakpoint(data: st.DataObject) -> None:
    # a breakpoint on an order the reference runs after some orders: the run stops when it
    # comes to it (not at the order it starts on), before running it
    least = data.draw(st.integers(0, FIRST // 2), label="least")
    at = data.draw(st.sampled_from([e[0] for e in REFERENCE[least:least + 5000:50]]),
                   label="at")
    first_visit = next(t for t in range(1, FIRST) if REFERENCE[t][0] == at)
    m = loaded()
    runner = Runner(m, lambda snapshot: None)
    stop = runner.run(lambda: False, lambda: frozenset({at}), max_orders=FIRST)
    note(f"stop {stop}")
    assert stop.reason == "breakpoint" and m.K == at
    assert m.orders == first_visit
    assert trace(runner) == expected(first_visit)


def test_frames_posted_while_running_show_the_orders_that_ran_last(monkeypatch) -> None:
    # frames (and chunks) of 2 ms: many of them before e-1000 halts, however busy the machine
    monkeypatch.setattr(runner_module, "FRAME_SECONDS", 0.002)
    m = loaded()
    seen: list[tuple[int, list]] = []
    runner: Runner

    def post(snapshot) -> None:
        if snapshot.running:
            seen.append((m.orders, trace(runner)))
        runner.shown()  # a UI that keeps up: a frame every 1/30 s

    runner = Runner(m, post)
    threading.Timer(0.25, runner.request_stop).start()
    runner.run(lambda: False, frozenset)
    assert len(seen) >= 2
    for orders, shown in seen[:3] + seen[-3:]:
        assert shown == recorded(orders), orders


@pytest.mark.parametrize("after", [0.002, 0.01, 0.03])
def test_stop_pressed_during_a_run_leaves_the_orders_that_ran_last(after: float) -> None:
    m = loaded()
    runner = Runner(m, lambda snapshot: None)
    threading.Timer(after, runner.request_stop).start()
    stop = runner.run(lambda: False, frozenset)
    assert stop.reason in ("stopped", "halt")  # (a busy machine may get there first)
    assert m.orders > 0
    assert trace(runner) == recorded(m.orders)


def test_the_trace_at_the_halt_is_the_orders_that_ran_last() -> None:
    m = loaded()
    runner = Runner(m, lambda snapshot: None)
    stop = runner.run(lambda: False, frozenset)
    assert stop.reason == "halt"
    assert trace(runner) == recorded(m.orders)


def run_for_the_time_of(orders: int) -> tuple[Runner, Machine]:
    """A console run limited to the simulated seconds that a plain run's first `orders`
    orders take (the runner, its machine)."""
    m = loaded()
    cycles0 = m.cycles
    m.run(max_orders=orders)
    seconds = (m.cycles - cycles0) / m.clock_hz
    m2 = loaded()
    runner = Runner(m2, lambda snapshot: None)
    runner.run(lambda: False, frozenset, limits=Limits(simulated=seconds))
    return runner, m2


@pytest.mark.parametrize("orders", [1, TRACE_LENGTH, 5_000])
def test_a_simulated_time_limit_leaves_the_orders_that_ran_last(orders: int) -> None:
    runner, m2 = run_for_the_time_of(orders)
    assert orders <= m2.orders <= orders + 10  # (a block may end a few orders past it)
    assert trace(runner) == expected(m2.orders)


def test_steps_after_a_run_go_on_from_its_trace() -> None:
    m = loaded()
    runner = Runner(m, lambda snapshot: None)
    runner.run(lambda: False, frozenset, max_orders=12_345)
    for _ in range(3):
        runner.step()
    assert trace(runner) == expected(12_348)


def test_a_limit_among_the_orders_a_chunk_records_leaves_the_orders_that_ran_last() -> None:
    # a chunk at full speed runs FIRST_CHUNK_CYCLES unrecorded, then records TRACE_LENGTH
    # orders: limits all through those (found by a plain run) stop a run there
    m = loaded()
    cycles0 = m.cycles
    m.run(max_cycles=FIRST_CHUNK_CYCLES)
    assert m.cycles - cycles0 >= FIRST_CHUNK_CYCLES
    recording = m.orders
    assert recording + TRACE_LENGTH < FIRST
    for stop_after in range(recording - 2, recording + TRACE_LENGTH + 3, 3):
        m = loaded()
        runner = Runner(m, lambda snapshot: None)
        runner.run(lambda: False, frozenset, max_orders=stop_after)
        assert trace(runner) == expected(stop_after), stop_after


def test_a_time_limit_among_the_orders_a_chunk_records_leaves_the_orders_that_ran_last() -> None:
    # a simulated-time limit that falls among the orders recorded at a chunk's end: the
    # chunk stops there, before its recorded orders are TRACE_LENGTH
    m = loaded()
    m.run(max_cycles=FIRST_CHUNK_CYCLES)
    recording = m.orders
    for stop_at in range(recording + 1, recording + TRACE_LENGTH, 9):
        runner, m2 = run_for_the_time_of(stop_at)
        assert recording < m2.orders < recording + TRACE_LENGTH, stop_at
        assert trace(runner) == expected(m2.orders), stop_at


def _compiles(monkeypatch) -> list[int]:
    """Every block the machines compile from now on, by its first address."""
    compiled: list[int] = []
    compile_block = Machine._compile

    def counting(self, start):
        compiled.append(start)
        return compile_block(self, start)

    monkeypatch.setattr(Machine, "_compile", counting)
    return compiled


def test_a_run_in_many_chunks_compiles_its_code_about_once(monkeypatch) -> None:
    # chunks as small as a loaded machine makes them: each is a part unrecorded, a part
    # recorded and (at the halt) a run again; none may make the machine compile its code
    # again (it did for every part: 25 times slower, the UI thread waiting on compiles)
    compiled = _compiles(monkeypatch)
    plain = loaded()
    assert plain.run().reason == "halt"
    once = len(compiled)
    compiled.clear()
    monkeypatch.setattr(runner_module, "FRAME_SECONDS", 1e-4)
    m = loaded()
    runner = Runner(m, lambda snapshot: None)
    stop = runner.run(lambda: False, frozenset)
    assert stop.reason == "halt" and m.orders == plain.orders
    assert stop.orders > 20 * FIRST_CHUNK_CYCLES // 4  # many chunks (an order is 4 cycles or more)
    assert len(compiled) <= 2 * once, (len(compiled), once)


def _seconds_of(orders: int) -> float:
    """The simulated seconds e-1000's first `orders` orders take."""
    m = loaded()
    m.run(max_orders=orders)
    return m.cycles / m.clock_hz


@pytest.mark.parametrize("limits", [Limits(), Limits(simulated=_seconds_of(300_000))],
                         ids=["halt", "simulated time limit"])
def test_a_stop_runs_again_at_most_the_chunk_it_stopped_in(monkeypatch, limits: Limits) -> None:
    # the timeline's snapshots far apart (as a long run with many presses leaves them): the
    # trace at the stop is made by running again the chunk it stopped in, not all the run
    # since the last snapshot; chunks kept to FIRST_CHUNK_CYCLES cycles by frames of 0.1 ms
    monkeypatch.setattr(runner_module, "FRAME_SECONDS", 1e-4)
    m = loaded()
    runner = Runner(m, lambda snapshot: None)
    runner.timeline = Timeline(m, spacing=2**40)
    executed = []
    run = m.run

    def counting(*args, **options):
        stop = run(*args, **options)
        executed.append(stop.orders)
        return stop

    monkeypatch.setattr(m, "run", counting)
    stop = runner.run(lambda: False, frozenset, limits=limits)
    assert stop.reason in ("halt", "simulated time limit")
    assert stop.orders > 20 * FIRST_CHUNK_CYCLES // 4  # a run of many chunks
    again = sum(executed) - stop.orders
    assert again <= FIRST_CHUNK_CYCLES + TRACE_LENGTH, again
    assert trace(runner) == recorded(m.orders)


def test_the_paper_after_a_stop_is_the_paper_the_run_printed() -> None:
    # a short paper (the oldest codes let go as e-1000 prints, as on a console left running
    # for days): the chunk run again at the halt prints its codes again, and the paper must
    # still be what the run printed, not those codes twice
    def short_paper() -> Machine:
        m = loaded()
        m.teleprinter.paper_keep = 64
        return m

    plain = short_paper()
    assert plain.run().reason == "halt"
    m = short_paper()
    runner = Runner(m, lambda snapshot: None)
    assert runner.run(lambda: False, frozenset).reason == "halt"
    want, tp = plain.teleprinter, m.teleprinter
    assert want.torn_off > 0  # codes were let go
    assert (tp.printed, tp.torn_off, tp.runs) == (want.printed, want.torn_off, want.runs)


@pytest.mark.parametrize("past_limit", [None, 50], ids=["unrecorded", "recorded"])
@pytest.mark.parametrize("address", [300, 450])
def test_the_trace_at_a_watchpoint_is_the_orders_that_ran_last(address: int,
                                                                past_limit: int | None) -> None:
    # the word changes among the orders a chunk runs unrecorded, or (an order limit just
    # past the change) among the last ones of the limit, which are recorded as they run:
    # both watch it; the chunk run again for the trace watches it too, and goes on to the stop
    plain = loaded()
    assert plain.run(watch={address}).reason == "watchpoint"
    m = loaded()
    runner = Runner(m, lambda snapshot: None)
    runner.watchpoints = frozenset({address})
    limit = None if past_limit is None else plain.orders + past_limit
    stop = runner.run(lambda: False, frozenset, max_orders=limit)
    assert (stop.reason, m.orders) == ("watchpoint", plain.orders)
    assert trace(runner) == recorded(m.orders)
