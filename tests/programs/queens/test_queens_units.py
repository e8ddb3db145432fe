"""N-queens counts in work units: OEIS A000170 on every executor, ledger resume, --verify."""

from __future__ import annotations

import hashlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pc1.base.errors import InputError
from pc1.cli.main import main
from programs.queens.count import count_in_units, verify_units
from programs.queens.executors import ProcessExecutor, SerialExecutor
from programs.queens.units import (
    WorkUnit,
    check_split,
    count_unit,
    default_depth,
    solutions,
    units_digest,
    units_estimate,
    work_units,
)

# OEIS A000170 (all solutions) and A002562 (up to symmetry), a(1) .. a(13): the oracle
A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712]
A002562 = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233]


@settings(max_examples=40, deadline=None)
@given(st.integers(5, 11), st.integers(0, 4))
def test_units_split_the_count_exactly_at_any_depth(n: int, depth: int) -> None:
    classes: dict[int, int] = {}
    units = work_units(n, depth)
    for unit in units:
        for size, count in count_unit(unit).items():
            classes[size] = classes.get(size, 0) + count
    assert solutions(classes) == A000170[n - 1]
    assert sum(classes.values()) == A002562[n - 1]
    assert len(set(units)) == len(units)  # no unit twice


def test_units_are_finer_with_depth() -> None:
    sizes = [len(work_units(12, depth)) for depth in range(4)]
    assert sizes == sorted(sizes) and sizes[0] < sizes[-1]


def test_serial_executor_matches_oeis_through_13() -> None:
    for n in range(1, 14):
        assert count_in_units(n, SerialExecutor()).total == A000170[n - 1], n


def test_local_processes_match_oeis_through_13() -> None:
    executor = ProcessExecutor(2)
    try:
        got = [count_in_units(n, executor, depth=1).total for n in range(1, 14)]
    finally:
        executor.close()
    assert got == A000170


@pytest.fixture(scope="module")
def dask_client():
    distributed = pytest.importorskip(
        "distributed", reason="the Dask executor needs dask.distributed (the [cluster] extra)")
    # workers as threads of this process start in a second; the units and results still
    # travel through the scheduler as they do on a real cluster
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                       dashboard_address=None)
    client = distributed.Client(cluster)
    yield client
    client.close()
    cluster.close()


def test_dask_local_cluster_of_two_workers_matches_oeis_through_13(dask_client) -> None:
    from programs.queens.executors import DaskExecutor

    executor = DaskExecutor(dask_client)
    assert len(dask_client.scheduler_info()["workers"]) == 2
    got = [count_in_units(n, executor, depth=0).total for n in range(1, 14)]
    assert got == A000170


def test_dask_through_the_command_line_with_a_scheduler_address(dask_client, capsys) -> None:
    address = dask_client.scheduler.address
    assert main(["queens", "10", "--count", "--depth", "0", "--scheduler", address]) == 0
    out, err = capsys.readouterr()
    assert out == "724\n" and f"Dask cluster at {address}" in err


class Interrupt(Exception):
    pass


def test_an_interrupted_count_resumes_from_its_ledger(tmp_path) -> None:
    ledger = tmp_path / "q12.ledger"
    seen = []

    def stop_after_seven(done: int, units: int, found: int) -> None:
        seen.append(done)
        if done == 7:
            raise Interrupt

    with pytest.raises(Interrupt):
        count_in_units(12, SerialExecutor(), ledger=ledger, progress=stop_after_seven)
    lines = ledger.read_text().splitlines()
    assert len(lines) == 1 + 7 and json.loads(lines[0])["n"] == 12

    counted = []

    class Counting(SerialExecutor):
        def map_unordered(self, fn, items):
            for item, result in super().map_unordered(fn, items):
                counted.append(item[0])
                yield item, result

    result = count_in_units(12, Counting(), ledger=ledger)
    assert result.total == A000170[11] and result.complete
    assert result.resumed == 7 and len(counted) == len(result.units) - 7
    assert len(ledger.read_text().splitlines()) == 1 + len(result.units)
    # a third run counts nothing
    counted.clear()
    assert count_in_units(12, Counting(), ledger=ledger).total == A000170[11] and not counted


def test_a_ledger_line_cut_short_is_counted_again(tmp_path) -> None:
    ledger = tmp_path / "q9.ledger"
    count_in_units(9, SerialExecutor(), ledger=ledger)
    text = ledger.read_text()
    ledger.write_text(text[: text.rindex("{")] + '{"unit": 3, "cla')
    result = count_in_units(9, SerialExecutor(), ledger=ledger)
    assert result.total == A000170[8] and result.resumed == len(result.units) - 1
    lines = ledger.read_text().splitlines()
    # the header kept, the cut line gone, the unit counted again: a line per unit
    assert json.loads(lines[0])["n"] == 9 and len(lines) == 1 + len(result.units)
    assert count_in_units(9, SerialExecutor(), ledger=ledger).resumed == len(result.units)


def test_a_board_of_four_counts_in_one_plain_unit_and_resumes(tmp_path) -> None:
    ledger = tmp_path / "q4.ledger"
    assert count_in_units(4, SerialExecutor(), ledger=ledger).total == A000170[3]
    again = count_in_units(4, SerialExecutor(), ledger=ledger)
    assert (again.total, again.resumed, len(again.units)) == (A000170[3], 1, 1)
    assert json.loads(ledger.read_text().splitlines()[1])["classes"] == {"1": 2}


def test_a_ledger_of_another_count_is_refused_naming_the_line(tmp_path) -> None:
    ledger = tmp_path / "q.ledger"
    count_in_units(9, SerialExecutor(), ledger=ledger)
    with pytest.raises(InputError, match=r"q.ledger: line 1: this ledger is for another count"):
        count_in_units(10, SerialExecutor(), ledger=ledger)
    lines = ledger.read_text().splitlines()
    ledger.write_text("\n".join([lines[0], lines[1], "not json", *lines[2:]]) + "\n")
    with pytest.raises(InputError, match=r"line 3: not a unit line"):
        count_in_units(9, SerialExecutor(), ledger=ledger)
    ledger.write_text("hello\n")
    with pytest.raises(InputError, match=r"line 1: not a queens ledger"):
        count_in_units(9, SerialExecutor(), ledger=ledger)


def test_verify_finds_a_wrong_subtotal(tmp_path) -> None:
    # a worker that miscounts one unit writes a line whose checksum holds: only a recount
    # can find it
    ledger = tmp_path / "q10.ledger"
    wrong = 3

    class Miscounting(SerialExecutor):
        def map_unordered(self, fn, items):
            for item, result in super().map_unordered(fn, items):
                if item[0] == wrong:
                    result = {**result, 8: result[8] + 1}
                yield item, result

    count_in_units(10, Miscounting(), ledger=ledger)
    result = count_in_units(10, SerialExecutor(), ledger=ledger)
    assert result.total == A000170[9] + 8
    chosen, bad = verify_units(result, len(result.units))
    assert len(chosen) == len(result.units)
    assert [m.index for m in bad] == [wrong]
    with pytest.raises(ValueError, match=f"--verify must be from 0 to {len(result.units)}"):
        verify_units(result, len(result.units) + 1)


def test_command_line_count_with_ledger_verify_and_progress(tmp_path, capsys) -> None:
    ledger = tmp_path / "q11.ledger"
    assert main(["queens", "11", "--count", "--jobs", "1", "--ledger", str(ledger),
                 "--verify", "5"]) == 0
    out, err = capsys.readouterr()
    assert out == "2680\n"
    assert "units, 2,680 solutions, " in err and "5 random units of" in err
    units = len(work_units(11))
    assert main(["queens", "11", "--count", "--ledger", str(ledger), "--jobs", "1",
                 "--verify", str(units + 1)]) == 2
    err = capsys.readouterr().err
    assert err.endswith(f"\npc1 queens: --verify must be from 0 to {units} (the finished "
                        f"units), got {units + 1}\n") and "Traceback" not in err
    ledger.write_text("garbage\n")
    assert main(["queens", "11", "--count", "--ledger", str(ledger)]) == 2
    err = capsys.readouterr().err
    # the one line there is: a bad ledger is said before the count begins
    assert err == (
        f"pc1 queens: {ledger}: line 1: not a queens ledger (the first line is not JSON)\n")


def test_an_unreachable_scheduler_is_named() -> None:
    pytest.importorskip("distributed", reason="needs dask.distributed (the [cluster] extra)")
    from programs.queens.executors import DaskExecutor

    with pytest.raises(ValueError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:9"):
        DaskExecutor("tcp://127.0.0.1:9", timeout=0.5)


class Partial(SerialExecutor):
    """Finishes only the units named, in the order named (what `--jobs 2` cut short leaves)."""

    def __init__(self, order: list[int]) -> None:
        self.order = order

    def map_unordered(self, fn, items):
        by_index = dict(items)
        for index in self.order:
            yield (index, by_index[index]), fn((index, by_index[index]))


def _resume_with_gaps(tmp_path, n: int, depth: int | None, finished: list[int]):
    """Write a ledger holding exactly `finished` (in that order), then resume it: the
    result and the units the resumed count counted, in order."""
    ledger = tmp_path / f"gaps-{n}-{depth}-{'-'.join(map(str, finished))}.ledger"
    first = count_in_units(n, Partial(finished), depth=depth, ledger=ledger)
    assert sorted(first.done) == sorted(finished) and not first.complete
    counted: list[int] = []

    class Counting(SerialExecutor):
        def map_unordered(self, fn, items):
            for item, result in super().map_unordered(fn, items):
                counted.append(item[0])
                yield item, result

    return count_in_units(n, Counting(), depth=depth, ledger=ledger), counted


def test_a_ledger_with_a_gap_resumes_the_missing_unit(tmp_path) -> None:
    """Units 0, 1 and 3 done, 2 not: the resumed count does 2 and 4 on, and no unit twice."""
    result, counted = _resume_with_gaps(tmp_path, 10, None, [0, 1, 3])
    assert result.resumed == 3 and result.complete
    assert counted == [2, *range(4, len(result.units))]
    assert result.total == A000170[9] == 724


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 52).flatmap(
    lambda k: st.permutations(range(53)).map(lambda order: order[:k])))
def test_any_set_of_finished_units_in_any_order_resumes_to_the_oeis_count(
        tmp_path_factory, finished: list[int]) -> None:
    """Ten queens in 53 units (depth 1): a ledger holding any of them, in any order, resumes
    to A000170(10), counting each missing unit once and no finished one again."""
    tmp_path = tmp_path_factory.mktemp("tests-gaps-ledger")
    result, counted = _resume_with_gaps(tmp_path, 10, 1, list(finished))
    assert len(result.units) == 53
    assert result.resumed == len(finished) and result.complete
    assert counted == sorted(set(range(53)) - set(finished))
    assert result.total == A000170[9]


# --- the split itself: names, depths, bounds, fingerprints -----------------------------------

def test_a_unit_is_named_by_its_part_first_queen_and_placed_columns() -> None:
    assert WorkUnit(8, "corner", 3, (1 << 4, 1 << 1)).describe() == "corner 3 | 4 1"
    assert WorkUnit(9, "side", 2).describe() == "side 2"
    assert WorkUnit(3, "plain", 0).describe() == "plain 0"


# depth 0 to N = 10, then one more row every five boards up to three, as long as the units
# stay within MAX_UNITS = 500,000 by N (N - 2)^depth: 28 * 26^3 = 492,128 is within,
# 29 * 27^3 = 570,807 is not
DEFAULT_DEPTH = {**dict.fromkeys(range(1, 11), 0), **dict.fromkeys(range(11, 16), 1),
                 **dict.fromkeys(range(16, 21), 2), **dict.fromkeys(range(21, 29), 3),
                 **dict.fromkeys(range(29, 33), 2)}


def test_the_default_depth_grows_with_the_board_within_the_unit_bound() -> None:
    assert {n: default_depth(n) for n in range(1, 33)} == DEFAULT_DEPTH


@settings(max_examples=30, deadline=None)
@given(st.integers(5, 13), st.integers(0, 4))
def test_the_estimate_bounds_the_units_where_there_are_many(n: int, depth: int) -> None:
    """From two rows deep (where lists grow long) the estimate bounds the list; less deep, the
    side units' first queens can make it up to a fifth longer (N = 32, depth 1: 1,164 units
    against 960), far below MAX_UNITS either way."""
    units = work_units(n, depth)
    assert units_estimate(n, depth) == n * (n - 2) ** depth
    assert len(units) <= units_estimate(n, depth) * (1 if depth >= 2 else 1.25)
    assert all(len(u.prefix) <= depth for u in units)


@pytest.mark.parametrize("n, depth, message", [
    (0, 0, "N must be from 1 to 32, got 0"),
    (33, 0, "N must be from 1 to 32, got 33"),
    (9, -1, "--depth must be from 0 to 4, got -1"),
    (9, 5, "--depth must be from 0 to 4, got 5"),
    # 32 * 30^4 units at most; 32 * 30^2 = 28,800 is the deepest within 500,000
    (32, 4, "--depth 4 makes too many units for N = 32 (up to 25,920,000); it must be from "
            "0 to 2"),
])
def test_a_split_out_of_range_names_the_range(n: int, depth: int, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        check_split(n, depth)
    assert str(caught.value) == message


def test_the_edges_of_the_ranges_are_allowed() -> None:
    for n, depth in ((1, 0), (32, 0), (5, 4), (32, 2), (28, 3)):
        check_split(n, depth)  # no error


def test_the_fingerprint_is_of_each_units_part_first_queen_and_columns() -> None:
    """A ledger holds this fingerprint: its text must not change, or older ledgers no
    longer resume."""
    units = [WorkUnit(9, "corner", 2, (8, 32)), WorkUnit(9, "side", 1)]
    text = "corner,2,8,32;side,1,"
    assert units_digest(units) == hashlib.sha256(text.encode()).hexdigest()[:16]
    assert units_digest(units[:1]) != units_digest(units) != units_digest(units[::-1])
