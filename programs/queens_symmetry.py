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

RowCounter = Callable[[int, int, int], int]  # (left, down, right) -> solutions below


def symmetry_classes(n: int) -> dict[int, int]:
    """How many classes of solutions have 8, 4 and 2 members (for n >= 5)."""
    if n < 5:
        raise ValueError(f"the symmetry search needs n >= 5, got {n}")
    classes = {8: 0, 4: 0, 2: 0}
    last = n - 1
    full = (1 << n) - 1

    for bound1 in range(2, last):
        row1 = 1 << bound1
        search = _corner_search(n, bound1)
        classes[8] += search((2 | row1) << 1, 1 | row1, row1 >> 1)

    top = 1 << last
    side = last_bar = top | 1  # the two edge columns
    end = top >> 1
    bound1, bound2 = 1, n - 2
    while bound1 < bound2:
        row0 = 1 << bound1
        search = _side_search(n, bound1, bound2, side, last_bar, end, classes)
        search(row0 << 1, row0, row0 >> 1)
        last_bar = (last_bar | last_bar >> 1 | last_bar << 1) & full
        end >>= 1
        bound1 += 1
        bound2 -= 1
    return classes


def count_unique(n: int) -> int:
    """The number of essentially different solutions (OEIS A002562), for n >= 5."""
    return sum(symmetry_classes(n).values())


def count_total(n: int) -> int:
    """The number of solutions (OEIS A000170), for n >= 5."""
    return sum(size * count for size, count in symmetry_classes(n).items())


def _corner_search(n: int, bound1: int) -> RowCounter:
    """Counter for rows 2.. with the corner queen and row 1's queen at column ``bound1``.

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

    counter = last_two
    for y in range(n - 3, 1, -1):
        counter = row(counter, full & ~2 if y < bound1 else full)
    return counter


def _side_search(
    n: int, bound1: int, bound2: int, side: int, last_bar: int, end: int, classes: dict[int, int]
) -> RowCounter:
    """Counter for rows 1.. with row 0's queen at column ``bound1``; adds to ``classes``."""
    last = n - 1
    full = (1 << n) - 1
    top = 1 << last
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

    counter: RowCounter = leaf
    first = last - 1
    if bound2 != last - 1:
        counter, first = last_two, last - 2
    for y in range(first, 0, -1):
        if y == bound2:
            counter = edge_row(counter, y)
        else:
            counter = row(counter, y, full & ~side if y < bound1 else full)
    return counter
