"""N queens: the seed's backtracking (flags and bit strings), all solutions and a fast counter.

A solution is a tuple ``q`` with ``q[col] = row``, columns and rows numbered from 0, as in
the seed's ``(0 4 7 5 2 6 1 3)``. Every generator here yields solutions in lexicographic
order, which is the order the seed prints its 92 eight-queens solutions in. Counting
needs no list: ``count_queens`` searches one solution per symmetry class
(``programs.queens.symmetry``), ``count_queens_mirror`` is the plainer bitboard count
that uses only the left-right mirror.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from programs.queens.symmetry import count_total

Counter = Callable[[int, int, int], int]


def _check_size(n: int) -> None:
    if n < 1:
        raise ValueError(f"N must be at least 1, got {n}")


def backtrack_queens(n: int = 8) -> Iterator[tuple[int, ...]]:
    """Yield every solution with the seed's flag arrays for rows and both diagonals."""
    _check_size(n)
    rows = [True] * n  # row still free
    sums = [True] * (2 * n - 1)  # anti-diagonal col + row still free
    diffs = [True] * (2 * n - 1)  # diagonal col - row, offset by n - 1, still free
    qs = [0] * n

    def col(m: int) -> Iterator[tuple[int, ...]]:
        if m == n:
            yield tuple(qs)
            return
        for k in range(n):
            if rows[k] and sums[m + k] and diffs[m - k + n - 1]:
                qs[m] = k
                rows[k] = sums[m + k] = diffs[m - k + n - 1] = False
                yield from col(m + 1)
                rows[k] = sums[m + k] = diffs[m - k + n - 1] = True

    yield from col(0)


def _next_set_bit(bits: int, k: int) -> int | None:
    """Index of the lowest set bit of ``bits`` at position ``k`` or above, or None."""
    rest = bits >> k
    if not rest:
        return None
    return k + (rest & -rest).bit_length() - 1


def bitstring_queens(n: int = 8) -> Iterator[tuple[int, ...]]:
    """Yield every solution with the seed's bit-string variant: jump to the next free row."""
    _check_size(n)
    free_rows = (1 << n) - 1
    free_sums = (1 << (2 * n - 1)) - 1
    free_diffs = (1 << (2 * n - 1)) - 1
    qs = [0] * n

    def col(m: int) -> Iterator[tuple[int, ...]]:
        nonlocal free_rows, free_sums, free_diffs
        if m == n:
            yield tuple(qs)
            return
        # the "find next set bit" skips occupied rows without testing them one by one
        k = _next_set_bit(free_rows, 0)
        while k is not None:
            s, d = 1 << (m + k), 1 << (m - k + n - 1)
            if free_sums & s and free_diffs & d:
                qs[m] = k
                free_rows ^= 1 << k
                free_sums ^= s
                free_diffs ^= d
                yield from col(m + 1)
                free_rows ^= 1 << k
                free_sums ^= s
                free_diffs ^= d
            k = _next_set_bit(free_rows, k + 1)

    yield from col(0)


def solve_queens(n: int) -> Iterator[tuple[int, ...]]:
    """Yield every solution of the n-queens problem with bitboards, in lexicographic order."""
    _check_size(n)
    full = (1 << n) - 1
    qs = [0] * n

    def place(m: int, used: int, up: int, down: int) -> Iterator[tuple[int, ...]]:
        if m == n:
            yield tuple(qs)
            return
        avail = full & ~(used | up | down)
        while avail:
            bit = avail & -avail  # lowest row first keeps the lexicographic order
            avail ^= bit
            qs[m] = bit.bit_length() - 1
            yield from place(m + 1, used | bit, (up | bit) << 1, (down | bit) >> 1)

    yield from place(0, 0, 0, 0)


def _count_plain(n: int) -> int:
    """Count solutions with a plain bitboard search; the oracle for small boards."""
    full = (1 << n) - 1

    def place(m: int, used: int, up: int, down: int) -> int:
        if m == n:
            return 1
        total = 0
        avail = full & ~(used | up | down)
        while avail:
            bit = avail & -avail
            avail ^= bit
            total += place(m + 1, used | bit, (up | bit) << 1, (down | bit) >> 1)
        return total

    return place(0, 0, 0, 0)


def _column_counters(n: int) -> dict[int, Counter]:
    """Counters by first column: ``counters[j]`` completes columns j..n-1 (1 <= j <= n - 3).

    Python pays for every call and every comparison, so there is no depth argument and no
    test for the end: each column's function calls the next one directly, and the last
    three columns run as nested loops. The ``up`` diagonal is never masked back to the
    board; ``avail`` masks it, and for n <= 15 the ints stay below 30 bits anyway.
    """
    full = (1 << n) - 1

    def last_three(used: int, up: int, down: int) -> int:
        total = 0
        avail = full & ~(used | up | down)
        while avail:
            bit = avail & -avail
            avail ^= bit
            u, p, d = used | bit, (up | bit) << 1, (down | bit) >> 1
            avail2 = full & ~(u | p | d)
            while avail2:
                bit2 = avail2 & -avail2
                avail2 ^= bit2
                # the last column has one free row left: is it safe?
                if full & ~(u | bit2 | ((p | bit2) << 1) | ((d | bit2) >> 1)):
                    total += 1
        return total

    def column(following: Counter) -> Counter:
        def count(used: int, up: int, down: int) -> int:
            total = 0
            avail = full & ~(used | up | down)
            while avail:
                bit = avail & -avail
                avail ^= bit
                total += following(used | bit, (up | bit) << 1, (down | bit) >> 1)
            return total

        return count

    counters: dict[int, Counter] = {n - 3: last_three}
    for j in range(n - 4, 0, -1):
        counters[j] = column(counters[j + 1])
    return counters


def count_queens(n: int) -> int:
    """Count the n-queens solutions, one search per symmetry class (the fastest way here)."""
    _check_size(n)
    if n < 5:
        return _count_plain(n)
    return count_total(n)


def count_queens_mirror(n: int) -> int:
    """Count the n-queens solutions: bitboards, and the left-right mirror halves the work."""
    _check_size(n)
    if n < 5:
        return _count_plain(n)
    counters = _column_counters(n)
    half = n // 2
    # a first queen in the lower half of column 0 mirrors to one in the upper half
    total = 2 * sum(counters[1](1 << k, 1 << (k + 1), (1 << k) >> 1) for k in range(half))
    if n % 2:
        # first queen in the middle row: the mirror now acts on column 1, whose queen
        # cannot be in the middle row either, so again count one half and double it
        middle = 1 << half
        used, up, down = middle, middle << 1, middle >> 1
        for k in range(half):
            bit = 1 << k
            if not (used | up | down) & bit:
                total += 2 * counters[2](used | bit, (up | bit) << 1, (down | bit) >> 1)
    return total


def format_solution(solution: tuple[int, ...]) -> str:
    """The seed's list notation, e.g. ``(0 4 7 5 2 6 1 3)``."""
    return "(" + " ".join(map(str, solution)) + ")"


def draw_board(solution: tuple[int, ...]) -> str:
    """The board as text, one line per row, ``Q`` for a queen and ``.`` for an empty square."""
    n = len(solution)
    return "\n".join(
        " ".join("Q" if solution[col] == row else "." for col in range(n)) for row in range(n)
    )
