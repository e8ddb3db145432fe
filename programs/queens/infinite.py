"""Infinite queens: the lexicographically least placement of queens on a quarter-infinite board.

Column n gets its queen on the lowest row q_n that no earlier queen attacks (TAOCP 7.2.2.1
exercise 42; 0-based here, so the sequence begins 0 2 4 1 3 8 10 12 14 5 7 ...). The queens
settle on two lines, q_n = phi*n + O(1) and q_n = n/phi + O(1), and both algorithms below
exploit that: rows, diagonals and anti-diagonals used so far form solid blocks with a few
holes near the lower line, so each column needs only a handful of probes, not a scan over
all earlier queens. Neither ever backtracks, so each is an unbounded generator over
bytearrays (one byte per flag) that double when the column number reaches their size.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import islice

PHI = (1 + math.sqrt(5)) / 2


def _grow(flags: bytearray, size: int) -> None:
    """Extend ``flags`` with zeros to ``size`` bytes (no-op if it is already that long)."""
    if len(flags) < size:
        flags.extend(bytes(size - len(flags)))


def taocp_infinite_queens() -> Iterator[int]:
    """Yield q_0, q_1, ... by TAOCP's Algorithm G (steps G1-G5, 1-based inside)."""
    # a: rows; b: anti-diagonals k + n; c: diagonals k - n, split into c_up (k - n >= 0)
    # and c_down (index n - k for k - n < 0) so that neither needs an offset.
    limit = 64
    a, b = bytearray(2 * limit + 4), bytearray(3 * limit + 4)
    c_up, c_down = bytearray(limit + 4), bytearray(limit + 4)
    r, s, t, n = 0, 1, 0, 0  # G1
    while True:
        n += 1  # G2
        if n >= limit:
            limit *= 2
            _grow(a, 2 * limit + 4)
            _grow(b, 3 * limit + 4)
            _grow(c_up, limit + 4)
            _grow(c_down, limit + 4)
        k = s
        while True:  # G3: try rows s .. n - r
            free = not a[k] and not b[k + n] and not (c_up[k - n] if k >= n else c_down[n - k])
            if free:
                break
            k += 1
            if k > n - r:
                break
        if not free:  # G4: above every diagonal used so far
            t += 1
            a[n + t] = b[2 * n + t] = c_up[t] = 1
            yield n + t - 1
            continue
        a[k] = b[k + n] = 1  # G5
        if k >= n:
            c_up[k - n] = 1
        else:
            c_down[n - k] = 1
        yield k - 1
        if k == s:
            while a[s]:
                s += 1
        if k == n - r:
            while c_down[r] if r > 0 else c_up[-r]:
                r += 1


def sweep_infinite_queens(size_hint: int = 64) -> Iterator[int]:
    """Yield q_0, q_1, ... by the seed's sweep: rows s+1 .. n+r-1, else row n+t+1.

    ``size_hint``: the number of terms wanted, if known; the flags then grow to about that
    size (6 bytes a term) and not to the next power of two past it.

    s is the highest row with every row 0..s taken (the blue line of the seed's figure);
    diagonals r..t are all taken (the two red lines), so in column n the rows n+r..n+t are
    attacked, a free row exists only below n+r, and row n+t+1 is always free.
    """
    limit = 64
    a, b, c_down = bytearray(2 * limit + 4), bytearray(3 * limit + 4), bytearray(limit + 4)
    # diagonals above 0 are always the solid block 1..t, so only those at or below 0 are
    # stored, diagonal d at c_down[-d]
    n, s, t, r = 0, -1, 0, 0
    while True:
        if n >= limit:
            limit = size_hint + 1 if limit < size_hint < 2 * limit else 2 * limit
            _grow(a, 2 * limit + 4)
            _grow(b, 3 * limit + 4)
            _grow(c_down, limit + 4)
        k = s + 1
        top = n + r
        while k < top and (a[k] or b[k + n] or c_down[n - k]):
            k += 1
        if k < top or not (a[k] or b[k + n] or c_down[n - k]):
            a[k] = b[k + n] = c_down[n - k] = 1
            yield k
            while a[s + 1]:
                s += 1
            while c_down[1 - r]:
                r -= 1
        else:
            t += 1
            q = n + t
            a[q] = b[q + n] = 1
            yield q
        n += 1


def infinite_queens(count: int) -> list[int]:
    """The first ``count`` terms q_0 .. q_{count-1} (computed by the seed's sweep)."""
    if count < 0:
        raise ValueError(f"count must be at least 0, got {count}")
    return list(islice(sweep_infinite_queens(count), count))


def greedy_infinite_queens(count: int) -> list[int]:
    """The first ``count`` terms straight from the definition, probing rows 0, 1, 2, ...

    Quadratic and slow; it is the oracle the fast generators are tested against.
    """
    rows: set[int] = set()
    sums: set[int] = set()
    diffs: set[int] = set()
    terms = []
    for n in range(count):
        k = 0
        while k in rows or k + n in sums or k - n in diffs:
            k += 1
        rows.add(k)
        sums.add(k + n)
        diffs.add(k - n)
        terms.append(k)
    return terms


@dataclass(frozen=True)
class QueensPlot:
    """The seed's figure: the points (n, q_n) and the two lines they follow."""

    terms: list[int]
    upper_slope: float = PHI
    lower_slope: float = 1 / PHI

    def points(self) -> list[tuple[int, int]]:
        """(n, q_n) for every term."""
        return list(enumerate(self.terms))

    def upper(self) -> list[tuple[int, int]]:
        """The queens above the main diagonal (q_n > n), near q = phi*n."""
        return [(n, q) for n, q in enumerate(self.terms) if q > n]

    def lower(self) -> list[tuple[int, int]]:
        """The queens on or below the main diagonal (q_n <= n), near q = n/phi."""
        return [(n, q) for n, q in enumerate(self.terms) if q <= n]

    def deviation(self, n: int) -> float:
        """Distance of q_n from the nearer of the two lines."""
        q = self.terms[n]
        return min(abs(q - self.upper_slope * n), abs(q - self.lower_slope * n))

    def csv_rows(self) -> Iterator[str]:
        """CSV lines ``n,q_n,phi*n,n/phi`` with a header, for any plotting tool."""
        return csv_lines(self.terms, self.upper_slope, self.lower_slope)


def plot_data(count: int) -> QueensPlot:
    """The data of the seed's plot of q_n against n for the first ``count`` terms."""
    return QueensPlot(infinite_queens(count))


def csv_lines(terms: Iterable[int], upper: float = PHI, lower: float = 1 / PHI) -> Iterator[str]:
    """CSV lines ``n,q_n,phi*n,n/phi`` with a header, as the terms come (nothing kept)."""
    yield "n,q,phi_n,n_over_phi"
    for n, q in enumerate(terms):
        yield f"{n},{q},{upper * n:.6f},{lower * n:.6f}"


def term_lines(terms: Iterable[int], per_line: int = 16) -> Iterator[str]:
    """The terms as text, `per_line` to a line, as they come (nothing kept)."""
    source = iter(terms)
    while line := list(islice(source, per_line)):
        yield " ".join(map(str, line))
