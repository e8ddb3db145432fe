"""The solutions of n queens grouped into classes under the 8 symmetries of the board.

For 8 queens the 92 solutions fall into 12 classes: 11 of 8 members and one of 4 (the
solution a half turn leaves alone). A solution is ``q`` with ``q[col] = row``, as in
``programs.queens``; classes and their members keep the seed's (lexicographic) order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from programs.queens.boards import solve_queens

Solution = tuple[int, ...]


def _from_squares(n: int, squares: Iterable[tuple[int, int]]) -> Solution:
    q = [0] * n
    for col, row in squares:
        q[col] = row
    return tuple(q)


def symmetries(n: int) -> list[Callable[[int, int], tuple[int, int]]]:
    """The 8 maps (col, row) -> (col, row) of the square: 4 turns, each with or without a flip."""
    m = n - 1
    return [
        lambda c, r: (c, r),
        lambda c, r: (r, m - c),
        lambda c, r: (m - c, m - r),
        lambda c, r: (m - r, c),
        lambda c, r: (m - c, r),
        lambda c, r: (r, c),
        lambda c, r: (c, m - r),
        lambda c, r: (m - r, m - c),
    ]


def images(solution: Solution) -> list[Solution]:
    """The solution under each of the 8 symmetries (with repeats when it is symmetric)."""
    n = len(solution)
    return [
        _from_squares(n, (f(c, r) for c, r in enumerate(solution))) for f in symmetries(n)
    ]


def classes(n: int = 8) -> list[list[Solution]]:
    """Every solution, grouped by symmetry; classes in the order of their first member."""
    found = list(solve_queens(n))
    class_of: dict[Solution, int] = {}
    groups: list[list[Solution]] = []
    for solution in found:
        if solution in class_of:
            groups[class_of[solution]].append(solution)
            continue
        for image in images(solution):
            class_of[image] = len(groups)
        groups.append([solution])
    return groups
