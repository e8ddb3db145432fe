"""Time travel against fresh runs and single steps.

The oracle for `back` is a fresh machine run straight to the earlier time; the oracle for
the searches is a brute-force trace of single steps, with the stores decoded here from the
order code (t, tl and x), not by the timeline's own decoding.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pc1 import Machine
from pc1.devices import CHAR_TO_CODE, Tape, read_tape, tape_path
from pc1.machine.timeline import Timeline, TimelineError
from tests.pc1.helpers import START, machine_with, order
from tests.pc1.machine.test_machine_watch_history import DATA, LENGTH, TEXTS, data_words
from tests.strategies import any36, codes

tapes = st.lists(codes, max_size=60)

# the self-modifying programs of the block tests, with the reader and the printer in them
IO = [f"{letter} {START + k}" for k in range(LENGTH) for letter in ("i", "o")]
_pieces = (st.sampled_from(TEXTS).map(lambda t: [t])
           | st.sampled_from(IO).map(lambda t: [t])
           | st.tuples(st.integers(0, 7), st.integers(0, LENGTH - 1)).map(
               lambda pa: [f"p {DATA + pa[0]}", f"t {START + pa[1]}"])
           | st.just([f"jl {START}"]))
programs = st.lists(_pieces, min_size=LENGTH, max_size=LENGTH).map(
    lambda pieces: [t for piece in pieces for t in piece][:LENGTH])


def _fresh(prog: list[str], data: dict[int, int], a: int, tape: list[int]) -> Machine:
    m = machine_with(prog, data=data, A=a)
    m.load_tape(Tape(list(tape), "random"))
    m.teleprinter.punch_on = True
    return m


def _state(m: Machine) -> tuple:
    tp = m.teleprinter
    return (m.A, m.R, m.M, m.K, m.X, list(m.memory.words), m.orders, m.cycles,
            m.tape_position, list(tp.printed), list(tp.punched), m.ff30, m.ff31)


@settings(max_examples=80, deadline=None)
@given(programs, data_words, any36, tapes, st.integers(1, 400), st.integers(0, 400),
       st.integers(1, 30), st.lists(st.integers(1, 150), max_size=3))
# a halt at order 3 (word 102 stored as 0), then runs that go on past it: once the snapshot
# at the second run's start was thinned away, going back replayed from 0 and stopped at the
# halt
@example(prog=["p 300", "t 102", *["a 300"] * 9, "z 103"], data={300 + i: 0 for i in range(8)},
         a=0, tape=[], t=1, n=35, spacing=1, pieces=[3, 46])
def test_back_n_is_a_fresh_run_stopped_n_orders_earlier(
        prog, data, a, tape, t, n, spacing, pieces) -> None:
    m = _fresh(prog, data, a, tape)
    timeline = Timeline(m, spacing=spacing, keep=8)  # small: the thinning is exercised
    for piece in pieces:  # a study goes on in steps as well as in one run
        timeline.run(max_orders=piece)
    timeline.run(max_orders=t)
    n = min(n, m.orders)
    target = m.orders - n
    timeline.back(n)
    fresh = _fresh(prog, data, a, tape)
    left = target
    for piece in [*pieces, t]:  # the same runs (a run after a stop goes on past it), cut short
        if left > 0:
            left -= fresh.run(max_orders=min(piece, left)).orders
    assert fresh.orders == target and _state(m) == _state(fresh)


def test_back_keeps_going_the_same_way_afterwards() -> None:
    m = machine_with(["a 200", "t 201", "o 0", f"jl {START}"], data={200: 1 << 17})
    timeline = Timeline(m, spacing=5)
    timeline.run(max_orders=100)
    timeline.back(37)
    timeline.run(max_orders=37)
    fresh = machine_with(["a 200", "t 201", "o 0", f"jl {START}"], data={200: 1 << 17})
    fresh.run(max_orders=100)
    assert _state(m) == _state(fresh)


def test_the_memory_bound_holds_and_the_history_is_still_reachable() -> None:
    m = machine_with(["a 200", "t 201", f"jl {START}"], data={200: 1})
    timeline = Timeline(m, spacing=3, keep=6)
    timeline.run(max_orders=1000)
    assert len(timeline.snapshots) <= 6 and timeline.earliest == 0
    timeline.go_to(1)
    assert m.orders == 1 and m.A == 1 << 18 and m.memory[201] == 0


def test_going_before_the_first_snapshot_or_into_the_future_is_refused() -> None:
    m = machine_with(["a 200", f"jl {START}"], data={200: 1})
    m.run(max_orders=10)  # not through the timeline: nothing kept before order 10
    timeline = Timeline(m)
    timeline.run(max_orders=10)
    with pytest.raises(TimelineError, match="begins at order 10"):
        timeline.back(11)
    with pytest.raises(TimelineError, match="in the future"):
        timeline.go_to(21)


def test_the_time_axis_counts_from_clear_start() -> None:
    m = machine_with(["a 200", "jl 0"], data={200: 1}, start=0)
    m.run(max_orders=10)
    m.clear_start()
    assert m.since_clear_start == 0
    m.run(max_orders=4)
    assert m.since_clear_start == 4 and m.orders == 14


# --- back-to-write and back-to-break against single steps ---------------------------------



def _stores(word: int) -> set[int]:
    """The words an order stores into, from the order code (the oracle's own decoding)."""
    code, long, n = (word >> 12) & 63, word >> 11 & 1, word & 511
    if code == CHAR_TO_CODE["t"]:
        return {n & 510, n | 1} if long else {n}
    if code == CHAR_TO_CODE["x"] and not long:
        return {n}
    return set()


def _trace(m: Machine, limit: int) -> list[tuple[int, int]]:
    """(address, word) of each order run, one step at a time."""
    out = []
    for _ in range(limit):
        k, w = m.K, m.memory.words[m.K]
        stop = m.step()
        out.append((k, w))
        if stop.reason != "step":
            break
    return out


@settings(max_examples=60, deadline=None)
@given(programs, data_words, any36, tapes, st.integers(1, 300),
       st.integers(DATA, DATA + 7) | st.integers(START, START + LENGTH - 1))
def test_back_to_write_names_the_last_writer(prog, data, a, tape, t, address) -> None:
    steps = _trace(_fresh(prog, data, a, tape), t)
    writers = [i for i, (_, w) in enumerate(steps) if address in _stores(w)]
    m = _fresh(prog, data, a, tape)
    timeline = Timeline(m, spacing=7)
    timeline.run(max_orders=t)
    before = _state(m)
    found = timeline.last_write(address)
    assert _state(m) == before  # a search leaves the machine where it was
    if not writers:
        assert found is None
        return
    i = writers[-1]
    assert found is not None and (found.time, found.address, found.order) == (i, *steps[i])


@settings(max_examples=60, deadline=None)
@given(programs, data_words, any36, st.integers(1, 300),
       st.sets(st.integers(START, START + LENGTH - 1), max_size=2),
       st.sets(st.integers(DATA, DATA + 7) | st.integers(START, START + LENGTH - 1),
               max_size=2))
def test_back_to_break_finds_the_latest_break_or_watch(prog, data, a, t, bps, wps) -> None:
    if not bps and not wps:
        return
    oracle = machine_with(prog, data=data, A=a)
    points = [0] if oracle.K in bps else []
    for i in range(t):
        before = {w: oracle.memory[w] for w in wps}
        stop = oracle.step()
        if any(oracle.memory[w] != before[w] for w in wps) or oracle.K in bps:
            points.append(i + 1)
        if stop.reason != "step":
            break
    m = machine_with(prog, data=data, A=a)
    timeline = Timeline(m, spacing=11)
    timeline.run(max_orders=t)
    earlier = [p for p in points if p < m.orders]
    found = timeline.last_stop_point(bps, wps)
    assert (found.time if found else None) == (earlier[-1] if earlier else None)


def test_back_to_write_in_r0_rewriting_its_own_words() -> None:
    """R0 plants addresses in its own orders as it reads a tape (its switch word and the
    stores of each word): every one of them is found against single steps."""
    if not tape_path("r0.ptw").exists():
        pytest.skip("tapes/r0.ptw is not punched")

    def loaded() -> Machine:
        m = Machine()
        m.initial_load(read_tape(tape_path("r0.ptw")))
        m.load_tape(read_tape(tape_path("e1000.ptr")))
        m.clear_start()
        return m

    limit = 3000
    steps = _trace(loaded(), limit)
    rewritten = sorted({a for k, w in steps if k < 68 for a in _stores(w) if a < 68})
    assert rewritten, "R0 rewrites some of its own words"
    m = loaded()
    timeline = Timeline(m, spacing=97)
    timeline.run(max_orders=limit)
    for address in rewritten:
        i = max(i for i, (_, w) in enumerate(steps) if address in _stores(w))
        found = timeline.last_write(address)
        assert (found.time, found.address, found.order) == (i, *steps[i]), address
    timeline.go_to(found.time)
    fresh = loaded()
    fresh.run(max_orders=found.time)
    assert _state(m) == _state(fresh)


def test_an_order_word_names_its_stores() -> None:
    from pc1.machine.timeline import written_by

    assert written_by(order("t 300")) == (300,)
    assert written_by(order("tl 301")) == (300, 301)
    assert written_by(order("x 77")) == (77,)
    assert written_by(order("a 300")) == () and written_by(order("xl 5")) == ()


@pytest.mark.parametrize("address", [0, 1, 2, 299, 300, 301, 510, 511])
def test_the_writers_of_a_word_are_every_order_word_that_stores_there(address: int) -> None:
    # every one of the 2**18 words, against the oracle's own decoding of the order code
    from pc1.machine.timeline import writers_of

    expected = {w for w in range(1 << 18) if address in _stores(w)}
    assert writers_of(address) == expected


def test_stop_pressed_as_a_slice_ends_is_not_lost() -> None:
    class LateStop(Machine):
        """STOP pressed (from another thread) just after each run returns."""

        def run(self, *args, **kwargs):
            stop = super().run(*args, **kwargs)
            self.stop()
            return stop

    m = LateStop()
    m.memory[START] = order("a 200")
    m.memory[START + 1] = order(f"jl {START}")
    m.K = START
    m.restart()
    stop = Timeline(m, spacing=5).run(max_orders=100)
    assert (stop.reason, stop.orders) == ("stopped", 5)


def test_a_deposit_between_runs_is_never_replayed_across() -> None:
    def loop() -> Machine:
        return machine_with(["p 200", "a 201", "t 200", f"jl {START}"], data={201: 1})

    m = loop()
    timeline = Timeline(m, spacing=1, keep=4)  # thinned again and again
    timeline.run(max_orders=10)
    m.memory[200] = 999  # the operator's deposit, between runs
    timeline.run(max_orders=30)
    timeline.back(25)
    fresh = loop()
    fresh.run(max_orders=10)
    fresh.memory[200] = 999
    fresh.run(max_orders=5)
    assert _state(m) == _state(fresh)
    assert any(s.pinned for s in timeline.snapshots)


# --- the operator's actions between runs: deposits and tearing the paper -----------------

# between two runs: nothing, a deposit (into the program or its data), or the paper torn
_actions = (st.none()
            | st.tuples(st.just("deposit"), st.sampled_from(
                [*range(START, START + LENGTH), *range(DATA, DATA + 8)]),
                st.integers(0, (1 << 18) - 1) | st.sampled_from([order(t) for t in IO]))
            | st.just(("tear",)))


def _act(m: Machine, action, tear) -> None:
    if action is None:
        return
    if action[0] == "deposit":
        m.memory[action[1]] = action[2]  # through the store: compiled code follows
    else:
        tear()


def _sheet(m: Machine) -> tuple:
    tp = m.teleprinter
    return (list(tp.printed), tp.printed_count, list(tp.runs), tp.line_open)


@settings(max_examples=120, deadline=None)
@given(programs, data_words, any36, tapes,
       st.lists(st.tuples(st.integers(1, 120), _actions), min_size=1, max_size=5),
       st.integers(0, 400), st.integers(1, 30))
# the defect: back to before a tear, from a snapshot taken after something was printed,
# left the new sheet in the printer (the characters printed after the tear, 4 and 5)
@example(prog=["a 300", f"o {START + 1}", f"jl {START}"],
         data={DATA + i: 1 << 12 for i in range(8)}, a=0,
         tape=[], pieces=[(9, ("tear",)), (6, None)], n=8, spacing=2)
def test_back_n_across_deposits_and_tears_is_a_fresh_run_stopped_there(
        prog, data, a, tape, pieces, n, spacing) -> None:
    """Runs with deposits and tears between them, then back n: the state (registers, store,
    K, reader, paper, punch) of a fresh machine given the same runs and actions up to then."""
    m = _fresh(prog, data, a, tape)
    timeline = Timeline(m, spacing=spacing, keep=6)  # small: thinned around the pinned ones
    ends = []
    for piece, action in pieces:
        timeline.run(max_orders=piece)
        ends.append(m.orders)
        _act(m, action, timeline.tear_paper)
    n = min(n, m.orders)
    target = m.orders - n
    timeline.back(n)
    fresh = _fresh(prog, data, a, tape)
    for (piece, action), end in zip(pieces, ends, strict=True):
        left = target - fresh.orders
        if left > 0:  # the same run, cut short at the target
            fresh.run(max_orders=min(piece, left))
        if end <= target:  # an action at the target's time was done before it
            _act(fresh, action, fresh.teleprinter.clear_paper)
    assert fresh.orders == target
    assert _state(m) == _state(fresh) and _sheet(m) == _sheet(fresh)


def test_torn_sheets_are_bounded_and_a_sheet_let_go_comes_back_empty() -> None:
    """Twenty tears of a printing loop: the newest SHEETS_KEEP sheets are kept; going back
    to before an older tear gives the paper as counted then, none of it kept."""
    from pc1.machine.timeline import SHEETS_KEEP

    def printing() -> Machine:  # prints 1, 2, 3, ... (A grows by 1 << 30 each time)
        return machine_with(["a 300", f"o {START + 1}", f"jl {START}"], data={300: 1 << 12})

    m = printing()
    timeline = Timeline(m, spacing=2)
    for _ in range(20):
        timeline.run(max_orders=9)  # three characters
        timeline.tear_paper()
    assert len(timeline._sheets) == SHEETS_KEEP  # noqa: SLF001 - the bound itself
    timeline.go_to(8)  # in the first sheet, long let go: three characters printed then
    fresh = printing()
    fresh.run(max_orders=8)
    tp = m.teleprinter
    assert tp.printed == [] and tp.printed_count == fresh.teleprinter.printed_count == 3
    timeline.run(max_orders=3)  # and it prints on from there
    fresh.run(max_orders=3)
    assert tp.printed == fresh.teleprinter.printed[-1:] and tp.printed_count == 4
