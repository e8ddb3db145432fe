"""Queens grouped by the board's symmetries, and the stoppable table of counts."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from programs.queens.equivalence import classes, images
from programs.queens.table import count_row, count_stoppable, count_table

DATA = Path(__file__).resolve().parents[1] / "data"
# OEIS A000170 (all solutions) and A002562 (essentially different), n = 1..12
TOTAL = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200]
UNIQUE = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787]


def seed_order() -> list[tuple[int, ...]]:
    lines = (DATA / "eight_queens_92.txt").read_text().splitlines()
    return [tuple(map(int, ln.split())) for ln in lines if ln and not ln.startswith("#")]


def test_eight_queens_fall_into_12_classes_of_8_and_one_of_4() -> None:
    groups = classes(8)
    assert sorted(map(len, groups)) == [4] + [8] * 11
    members = [s for g in groups for s in g]
    assert sorted(members) == seed_order()
    # classes come in the order of their first member in the seed's list
    order = seed_order()
    firsts = [order.index(g[0]) for g in groups]
    assert firsts == sorted(firsts)


def test_each_class_is_closed_under_the_symmetries() -> None:
    for group in classes(8):
        for solution in group:
            assert set(images(solution)) == set(group)


def test_the_symmetric_class_is_the_half_turn_one() -> None:
    (small,) = [g for g in classes(8) if len(g) == 4]
    for s in small:
        assert tuple(7 - s[7 - c] for c in range(8)) == s  # a half turn leaves it alone


@pytest.mark.parametrize("n", range(1, 13))
def test_count_rows_are_the_oeis_numbers(n: int) -> None:
    row = count_row(n)
    assert (row.solutions, row.classes) == (TOTAL[n - 1], UNIQUE[n - 1])


def test_class_counts_for_small_boards_agree_with_the_grouping() -> None:
    for n in range(1, 9):
        assert len(classes(n)) == UNIQUE[n - 1]


def test_a_large_count_runs_in_a_process_and_stops_at_once() -> None:
    end = time.monotonic() + 0.3
    started = time.monotonic()
    assert count_stoppable(16, lambda: time.monotonic() > end) is None
    assert time.monotonic() - started < 10  # 16 queens alone take about a minute


def test_a_process_count_gives_the_number() -> None:
    row = count_stoppable(13, lambda: False)
    assert (row.n, row.solutions, row.classes) == (13, 73712, 9233)


def test_the_table_stops_between_sizes() -> None:
    asked = []

    def stopped() -> bool:
        asked.append(1)
        return len(asked) > 5

    rows = list(count_table(range(1, 12), stopped))
    assert [r.n for r in rows] == [1, 2, 3, 4, 5]
