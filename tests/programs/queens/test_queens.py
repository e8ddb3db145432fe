"""N queens: the seed's 92 solutions in its order, OEIS A000170 counts, symmetry properties."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from programs.queens.boards import (
    _count_plain,
    backtrack_queens,
    bitstring_queens,
    count_queens,
    count_queens_mirror,
    draw_board,
    format_solution,
    solve_queens,
)
from programs.queens.symmetry import count_unique, symmetry_classes

DATA = Path(__file__).resolve().parents[1] / "data"

# OEIS A000170 (all solutions) and A002562 (up to symmetry), a(1) .. a(13)
A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712]
A002562 = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233]


def seed_solutions() -> list[tuple[int, ...]]:
    lines = (DATA / "eight_queens_92.txt").read_text().splitlines()
    return [tuple(map(int, line.split())) for line in lines if line and not line.startswith("#")]


def attacks(a: tuple[int, int], b: tuple[int, int]) -> bool:
    (c1, r1), (c2, r2) = a, b
    return c1 == c2 or r1 == r2 or abs(c1 - c2) == abs(r1 - r2)


def is_solution(q: tuple[int, ...]) -> bool:
    cells = list(enumerate(q))
    return all(0 <= r < len(q) for r in q) and not any(
        attacks(cells[i], cells[j]) for i in range(len(q)) for j in range(i + 1, len(q))
    )


def board_images(q: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The 8 images of a solution under the symmetries of the square."""
    n = len(q)
    cells = {(c, r) for c, r in enumerate(q)}
    maps = [
        lambda c, r: (c, r),
        lambda c, r: (n - 1 - c, r),
        lambda c, r: (c, n - 1 - r),
        lambda c, r: (n - 1 - c, n - 1 - r),
        lambda c, r: (r, c),
        lambda c, r: (n - 1 - r, c),
        lambda c, r: (r, n - 1 - c),
        lambda c, r: (n - 1 - r, n - 1 - c),
    ]
    images = []
    for f in maps:
        moved = dict(f(c, r) for c, r in cells)
        images.append(tuple(moved[c] for c in range(n)))
    return images


def test_seed_data_is_92_distinct_solutions():
    seed = seed_solutions()
    assert len(seed) == 92 == len(set(seed))
    assert all(is_solution(q) for q in seed)


@pytest.mark.parametrize("solver", [backtrack_queens, bitstring_queens, solve_queens])
def test_eight_queens_in_the_seeds_order(solver):
    assert list(solver(8)) == seed_solutions()


@pytest.mark.parametrize("n", range(1, 13))  # n = 13 and up: the benchmark
def test_count_matches_oeis_a000170(n):
    assert count_queens(n) == A000170[n - 1]


@pytest.mark.parametrize("n", range(1, 10))
def test_all_searches_agree_with_the_counter(n):
    expected = count_queens(n)
    assert len(list(solve_queens(n))) == expected
    assert list(backtrack_queens(n)) == list(bitstring_queens(n)) == list(solve_queens(n))


@pytest.mark.parametrize("n", range(1, 12))
def test_mirror_counting_matches_the_plain_search(n):
    # odd n exercise the middle-row case, even n the plain halving
    assert count_queens_mirror(n) == _count_plain(n) == A000170[n - 1]


@pytest.mark.parametrize("n", range(5, 13))
def test_symmetry_classes_match_oeis_a002562(n):
    classes = symmetry_classes(n)
    assert count_unique(n) == A002562[n - 1]
    assert 8 * classes[8] + 4 * classes[4] + 2 * classes[2] == A000170[n - 1]


@pytest.mark.parametrize("n", range(5, 10))
def test_symmetry_classes_by_brute_force(n):
    """Group the listed solutions by the 8 symmetries and count the class sizes."""
    seen: set[tuple[int, ...]] = set()
    sizes = {8: 0, 4: 0, 2: 0}
    for q in solve_queens(n):
        if q not in seen:
            images = set(board_images(q))
            seen |= images
            sizes[len(images)] += 1
    assert symmetry_classes(n) == sizes


def test_symmetry_search_needs_five_rows():
    with pytest.raises(ValueError):
        symmetry_classes(4)


@pytest.mark.parametrize("n", range(1, 11))
def test_solutions_are_valid_sorted_and_closed_under_symmetry(n):
    # every size once (a strategy over nine values drew some twice and missed others)
    solutions = list(solve_queens(n))
    assert solutions == sorted(set(solutions))
    assert len(solutions) == A000170[n - 1]
    assert all(is_solution(q) for q in solutions)
    found = set(solutions)
    for q in solutions:
        assert set(board_images(q)) <= found
    if n <= 8:  # by brute force over all n! placements, one queen a column and a row
        assert solutions == [q for q in itertools.permutations(range(n)) if is_solution(q)]


def test_bad_size_is_rejected():
    with pytest.raises(ValueError, match="at least 1"):
        count_queens(0)
    with pytest.raises(ValueError, match="at least 1"):
        list(solve_queens(-3))


def test_seed_notation_and_board():
    first = seed_solutions()[0]
    assert format_solution(first) == "(0 4 7 5 2 6 1 3)"
    rows = draw_board(first).splitlines()
    assert len(rows) == 8
    assert all(row.split().count("Q") == 1 for row in rows)
    assert rows[0].split()[0] == "Q" and rows[7].split()[4] == "."
