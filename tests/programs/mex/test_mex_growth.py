"""The range tree's growth, value by value: what each value did, against the seed's story and
against ranges computed straight from the set of values."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from programs.mex.growing import EXAMPLES, growth, parse_values


def runs(values: set[int]) -> tuple[tuple[int, int], ...]:
    """Maximal runs of consecutive values, computed without any tree."""
    out: list[tuple[int, int]] = []
    for v in sorted(values):
        if out and out[-1][1] == v - 1:
            out[-1] = (out[-1][0], v)
        else:
            out.append((v, v))
    return tuple(out)


def test_the_seeds_walk_through() -> None:
    """Events as the seed's post tells them for ns = (12 1 3 3 4 4 5 11 6 6 10 14 15 13 4 7)."""
    steps = growth(EXAMPLES[-1])
    assert [s.event for s in steps] == [
        "new", "new", "new", "present", "extend", "present", "extend", "extend",
        "extend", "present", "extend", "new", "extend", "merge", "present", "extend",
    ]
    merge = steps[13]
    assert merge.value == 13 and merge.before == ((10, 12), (14, 15))
    assert merge.after == (10, 15)
    assert merge.describe() == "13 fills the gap: [10,12] and [14,15] merge into [10,15]"
    assert steps[-1].ranges == ((1, 1), (3, 7), (10, 15))
    assert steps[-1].mex == 0


@pytest.mark.parametrize(("values", "mex"), [
    ((), 0), ((1, 2), 0), ((0, 2), 1), ((0, 1), 2), ((0, 1, 1, 2, 3, 5, 8, 13), 4)])
def test_the_seeds_small_examples(values: tuple[int, ...], mex: int) -> None:
    steps = growth(values)
    assert (steps[-1].mex if steps else 0) == mex


@given(st.lists(st.integers(0, 40), max_size=60))
def test_every_step_matches_the_runs_of_the_values_so_far(values: list[int]) -> None:
    seen: set[int] = set()
    for value, step in zip(values, growth(values), strict=True):
        before = runs(seen)
        seen.add(value)
        after = runs(seen)
        assert step.ranges == after
        expected = ("present" if value in {v for lo, hi in before for v in range(lo, hi + 1)}
                    else "merge" if len(after) < len(before)
                    else "new" if len(after) > len(before) else "extend")
        assert step.event == expected


def test_parse_values_names_the_bad_word() -> None:
    assert parse_values("12, 1 3") == [12, 1, 3]
    with pytest.raises(ValueError, match=r"value 2 \('x'\)"):
        parse_values("1 x 3")
    with pytest.raises(ValueError, match="negative"):
        parse_values("1 -3")
