"""Count n-queens solutions by symmetry class (Takaken's method): about 8 times less search.

The 8 symmetries of the square split the solutions into classes of 8, 4 (solutions that
a half turn leaves alone) or 2 (a quarter turn leaves them alone) members. The search
builds only one solution of each class, numbered rows top down with ``board[row]`` the
bit of that row's queen, in two parts:

1. A queen in the corner of row 0. Its class has 8 members (no turn keeps a queen in
   that corner, as the diagonal through it is taken); of each solution and its reflection
   in the corner's diagonal, only the one whose row-1 queen (column ``bound1``) is left of
   the column-1 queen is built: column 1 is barred in rows before ``bound1``.
2. No corner queen. Row 0's queen stands in column ``bound1`` of the left half, and no
   queen may stand on an edge nearer a corner than that (the bars ``side`` for the first
   rows and ``last`` for the last row), else a turned or reflected image would be built
   instead. Each solution found is compared with its quarter, half and three-quarter
   turns: it is kept if no turn is smaller, and the turns equal to it tell the class size.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

RowCounter = Callable[[int, int, int], int]  # (left, down, right) -> solutions below


def symmetry_classes(n: int) -> dict[int, int]:
    """How many classes of solutions have 8, 4 and 2 members (for n >= 5)."""
    if n < 5:
        raise ValueError(f"the symmetry search needs n >= 5, got {n}")
    classes = {8: 0, 4: 0, 2: 0}
    for bound1 in corner_bounds(n):
        row1 = 1 << bound1
        search = corner_search(n, bound1).counters[2]
        classes[8] += search((2 | row1) << 1, 1 | row1, row1 >> 1)

    for bound1 in side_bounds(n):
        row0 = 1 << bound1
        search = side_search(n, bound1, classes).counters[1]
        search(row0 << 1, row0, row0 >> 1)
    return classes


def corner_bounds(n: int) -> range:
    """The columns of row 1's queen in the corner part (row 0's queen in the corner)."""
    return range(2, n - 1)


def side_bounds(n: int) -> range:
    """The columns of row 0's queen in the part without a corner queen (left of centre)."""
    return range(1, n // 2)


def count_unique(n: int) -> int:
    """The number of essentially different solutions (OEIS A002562), for n >= 5."""
    return sum(symmetry_classes(n).values())


def count_total(n: int) -> int:
    """The number of solutions (OEIS A000170), for n >= 5."""
    return sum(size * count for size, count in symmetry_classes(n).items())


@dataclass
class Search:
    """The row counters of one part of the search, and the rule for each row's queens.

    ``counters[y](left, down, right)`` completes rows y.. (the bars of rows 0..y-1 given);
    ``allowed(y, down)`` is the mask of columns row y may use before the bars, which is
    how the work units pre-place the first rows exactly as the search would;
    ``board`` is the side search's record of each row's queen (None in the corner part).
    """

    counters: dict[int, RowCounter]
    allowed: Callable[[int, int], int]
    first: int  # the first row the counters cover
    last_split: int  # the last row a work unit may pre-place
    board: list[int] | None = None


def corner_search(n: int, bound1: int) -> Search:
    """Counters for rows 2.. with the corner queen and row 1's queen at column ``bound1``.

    One closure per row, each calling the next directly, with the row's bars folded into
    its mask: Python pays for every test, so none is left in the inner loop.
    """
    full = (1 << n) - 1

    def last_two(left: int, down: int, right: int) -> int:
        total = 0
        avail = full & ~(left | down | right)
        while avail:
            bit = avail & -avail
            avail ^= bit
            if full & ~(((left | bit) << 1) | down | bit | ((right | bit) >> 1)):
                total += 1
        return total

    def row(following: RowCounter, allowed: int) -> RowCounter:
        def count(left: int, down: int, right: int) -> int:
            total = 0
            avail = allowed & ~(left | down | right)
            while avail:
                bit = avail & -avail
                avail ^= bit
                total += following((left | bit) << 1, down | bit, (right | bit) >> 1)
            return total

        return count

    counters: dict[int, RowCounter] = {n - 2: last_two}
    for y in range(n - 3, 1, -1):
        counters[y] = row(counters[y + 1], full & ~2 if y < bound1 else full)
    return Search(counters, lambda y, down: full & ~2 if y < bound1 else full, 2, n - 3)


def side_search(n: int, bound1: int, classes: dict[int, int]) -> Search:
    """Counters for rows 1.. with row 0's queen at column ``bound1``; they add to ``classes``."""
    last = n - 1
    full = (1 << n) - 1
    top = 1 << last
    bound2 = last - bound1
    side = last_bar = top | 1  # the two edge columns
    for _ in range(bound1 - 1):  # no queen on an edge nearer a corner than bound1
        last_bar = (last_bar | last_bar >> 1 | last_bar << 1) & full
    end = top >> bound1
    board = [0] * n
    board[0] = 1 << bound1

    def turn_is_smaller(image_row: Callable[[int], int]) -> bool | None:
        """Compare rows 1.. with a turned board's: True smaller, False larger, None equal."""
        for own in range(1, n):
            other = image_row(own)
            if board[own] != other:
                return other < board[own]
        return None

    def quarter(own: int) -> int:
        # row ``own`` of the board turned a quarter: where column ``own`` holds its queen
        ptn = 1 << own
        bit, you = 1, last
        while board[you] != ptn:
            bit <<= 1
            you -= 1
        return bit

    def half(own: int) -> int:
        ptn, bit, other = top, 1, board[last - own]
        while ptn != other:
            bit <<= 1
            ptn >>= 1
        return bit

    def three_quarters(own: int) -> int:
        ptn = top >> own
        bit, you = 1, 0
        while board[you] != ptn:
            bit <<= 1
            you += 1
        return bit

    def classify() -> None:
        # the cheap tests on single rows rule out most turns before comparing boards
        if board[bound2] == 1:
            smaller = turn_is_smaller(quarter)
            if smaller:
                return
            if smaller is None:
                classes[2] += 1
                return
        if board[last] == end:
            smaller = turn_is_smaller(half)
            if smaller:
                return
            if smaller is None:
                classes[4] += 1
                return
        if board[bound1] == top and turn_is_smaller(three_quarters):
            return
        classes[8] += 1

    def leaf(left: int, down: int, right: int) -> int:
        avail = full & ~(left | down | right)
        if avail and not avail & last_bar:
            board[last] = avail
            classify()
        return 0

    def last_two(left: int, down: int, right: int) -> int:
        # the row before the last with the last row inline: most calls would end there
        y = last - 1
        avail = (full & ~side if y < bound1 else full) & ~(left | down | right)
        while avail:
            bit = avail & -avail
            avail ^= bit
            final = full & ~(((left | bit) << 1) | down | bit | ((right | bit) >> 1))
            if final and not final & last_bar:
                board[y] = bit
                board[last] = final
                classify()
        return 0

    def row(following: RowCounter, y: int, allowed: int) -> RowCounter:
        def count(left: int, down: int, right: int) -> int:
            avail = allowed & ~(left | down | right)
            while avail:
                bit = avail & -avail
                avail ^= bit
                board[y] = bit
                following((left | bit) << 1, down | bit, (right | bit) >> 1)
            return 0

        return count

    def edge_row(following: RowCounter, y: int) -> RowCounter:
        # by row bound2 an edge column must hold a queen; if only one does, this row
        # must fill the other, or a reflected image would be the one to build
        def count(left: int, down: int, right: int) -> int:
            edges = down & side
            if not edges:
                return 0
            allowed = full if edges == side else side
            avail = allowed & ~(left | down | right)
            while avail:
                bit = avail & -avail
                avail ^= bit
                board[y] = bit
                following((left | bit) << 1, down | bit, (right | bit) >> 1)
            return 0

        return count

    counters: dict[int, RowCounter] = {last: leaf}
    first = last - 1
    if bound2 != last - 1:
        counters[last - 1], first = last_two, last - 2
    for y in range(first, 0, -1):
        if y == bound2:
            counters[y] = edge_row(counters[y + 1], y)
        else:
            counters[y] = row(counters[y + 1], y, full & ~side if y < bound1 else full)

    def allowed(y: int, down: int) -> int:
        if y == bound2:
            edges = down & side
            return 0 if not edges else full if edges == side else side
        return full & ~side if y < bound1 else full

    return Search(counters, allowed, 1, first, board)
