"""N-queens counts split into work units: the first rows' queens pre-placed, symmetry kept.

The symmetry-class search (programs.queens.symmetry) has two parts, one search per column
``bound1`` of a first queen.  A work unit takes one of those searches and places the queens
of its next ``depth`` rows in one of the ways the search itself would (same bars, same edge
rules), then lets the search's row counter finish the board.  The units of one board split
the search exactly, so their class counts add up to ``symmetry_classes(n)``; each is a small
picklable value that any executor (programs.queens.executors) can run anywhere.  This is how the
n = 27 count was made (the Q27 project distributed pre-placed queens in the same way).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass

from programs.queens.symmetry import Search, corner_bounds, corner_search, side_bounds, side_search

MAX_N = 32  # boards beyond this need wider work units than a single machine word's worth
MAX_UNITS = 500_000  # a bound on the unit list (and so on memory), by the estimate below
Classes = dict[int, int]  # class size (8, 4, 2; 1 for a plain count) -> number of classes


@dataclass(frozen=True)
class WorkUnit:
    """One piece of an n-queens count: a search part, its first queen, pre-placed rows."""

    n: int
    part: str  # "corner" (a queen in the corner of row 0), "side", or "plain" (n < 5)
    bound1: int  # row 1's column (corner) or row 0's column (side)
    prefix: tuple[int, ...] = ()  # the queens (as column bits) of the rows after those

    def describe(self) -> str:
        """A short name, e.g. 'corner 3 | 4 1'."""
        cols = " ".join(str(bit.bit_length() - 1) for bit in self.prefix)
        return f"{self.part} {self.bound1}" + (f" | {cols}" if cols else "")


def units_estimate(n: int, depth: int) -> int:
    """A bound on the number of units: first queens times choices per row. From two rows
    deep it bounds the list; less deep the side units' first queens can make the list up to
    a fifth longer (1,164 units for N = 32 one row deep), far below MAX_UNITS either way."""
    return n * max(1, n - 2) ** depth


def default_depth(n: int) -> int:
    """Rows to pre-place: enough units to share among workers, few enough to list quickly."""
    depth = max(0, min(3, (n - 6) // 5))
    while depth and units_estimate(n, depth) > MAX_UNITS:
        depth -= 1
    return depth


def check_split(n: int, depth: int) -> None:
    """ValueError naming the allowed range if a count of n split `depth` rows deep is out."""
    if not 1 <= n <= MAX_N:
        raise ValueError(f"N must be from 1 to {MAX_N}, got {n}")
    if not 0 <= depth <= 4:
        raise ValueError(f"--depth must be from 0 to 4, got {depth}")
    if units_estimate(n, depth) > MAX_UNITS:
        most = max(d for d in range(5) if units_estimate(n, d) <= MAX_UNITS)
        raise ValueError(f"--depth {depth} makes too many units for N = {n} "
                         f"(up to {units_estimate(n, depth):,}); it must be from 0 to {most}")


def _corner_start(n: int, bound1: int) -> tuple[Search, tuple[int, int, int]]:
    row1 = 1 << bound1
    return corner_search(n, bound1), ((2 | row1) << 1, 1 | row1, row1 >> 1)


def _side_start(n: int, bound1: int, classes: Classes) -> tuple[Search, tuple[int, int, int]]:
    row0 = 1 << bound1
    return side_search(n, bound1, classes), (row0 << 1, row0, row0 >> 1)


def _prefixes(search: Search, state: tuple[int, int, int], depth: int) -> Iterator[tuple]:
    """Every way the search places its next `depth` rows (fewer if the board ends first)."""
    rows = max(0, min(depth, search.last_split - search.first + 1))

    def walk(y: int, left: int, down: int, right: int, prefix: tuple) -> Iterator[tuple]:
        if len(prefix) == rows:
            yield prefix
            return
        avail = search.allowed(y, down) & ~(left | down | right)
        while avail:
            bit = avail & -avail
            avail ^= bit
            yield from walk(y + 1, (left | bit) << 1, down | bit, (right | bit) >> 1,
                            (*prefix, bit))

    yield from walk(search.first, *state, ())


def work_units(n: int, depth: int | None = None) -> list[WorkUnit]:
    """The work units of the n-queens count, in a fixed order (the ledger numbers them)."""
    depth = default_depth(n) if depth is None else depth
    check_split(n, depth)
    if n < 5:
        return [WorkUnit(n, "plain", 0)]
    units = []
    for bound1 in corner_bounds(n):
        search, state = _corner_start(n, bound1)
        units += [WorkUnit(n, "corner", bound1, p) for p in _prefixes(search, state, depth)]
    for bound1 in side_bounds(n):
        search, state = _side_start(n, bound1, {8: 0, 4: 0, 2: 0})
        units += [WorkUnit(n, "side", bound1, p) for p in _prefixes(search, state, depth)]
    return units


def units_digest(units: list[WorkUnit]) -> str:
    """A fingerprint of a unit list: a ledger only resumes the count it was written for."""
    text = ";".join(f"{u.part},{u.bound1},{','.join(map(str, u.prefix))}" for u in units)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def count_unit(unit: WorkUnit) -> Classes:
    """Count one unit: the classes of solutions it holds, by class size."""
    if unit.part == "plain":
        from programs.queens.boards import _count_plain

        return {1: _count_plain(unit.n)}
    if unit.part == "corner":
        search, (left, down, right) = _corner_start(unit.n, unit.bound1)
        classes = {8: 0}
    else:
        classes = {8: 0, 4: 0, 2: 0}
        search, (left, down, right) = _side_start(unit.n, unit.bound1, classes)
    y = search.first
    for bit in unit.prefix:
        if search.board is not None:
            search.board[y] = bit
        left, down, right = (left | bit) << 1, down | bit, (right | bit) >> 1
        y += 1
    found = search.counters[y](left, down, right)
    if unit.part == "corner":
        classes[8] = found
    return classes


def class_sizes(unit: WorkUnit) -> tuple[int, ...]:
    """The class sizes a unit's count reports (count_unit's keys): a queen in the corner
    leaves no symmetry (8), a side unit holds classes of 8, 4 and 2, a plain count 1."""
    return {"plain": (1,), "corner": (8,)}.get(unit.part, (8, 4, 2))


def quarter_turn_classes(n: int) -> bool:
    """Whether an n-queens board can have solutions symmetric under a quarter turn (classes
    of size 2): only when n = 0 or 1 mod 4 (OEIS A033148)."""
    return n % 4 in (0, 1)


def solutions(classes: Classes) -> int:
    """The number of solutions in a set of classes (each class of size s holds s)."""
    return sum(size * count for size, count in classes.items())


def add_classes(total: Classes, part: Classes) -> None:
    """Add one unit's classes into a running total."""
    for size, count in part.items():
        total[size] = total.get(size, 0) + count
