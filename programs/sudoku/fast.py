"""Fast Sudoku solver: 9-bit candidate masks, constraint propagation, fewest-candidates guessing.

Each cell holds a bit mask of its candidates (bit d-1 for digit d). Placing a digit removes
it from the 20 peers; a peer left with one candidate is placed in turn (naked single). Then
each of the 27 houses is scanned with the once/twice mask trick for digits that fit in only
one cell (hidden single). When nothing more follows, the solver branches on a cell with the
fewest candidates, copying the 81-int list per branch (cheaper than undo logs in Python).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from operator import itemgetter

ALL = 0x1FF


def _houses() -> list[tuple[int, ...]]:
    """Rows, columns, boxes as tuples of cell indices."""
    rows = [tuple(9 * r + c for c in range(9)) for r in range(9)]
    cols = [tuple(9 * r + c for r in range(9)) for c in range(9)]
    boxes = [
        tuple(9 * (3 * br + dr) + 3 * bc + dc for dr in range(3) for dc in range(3))
        for br in range(3)
        for bc in range(3)
    ]
    return rows + cols + boxes


HOUSES: tuple[tuple[int, ...], ...] = tuple(_houses())
PEERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted({p for h in HOUSES if i in h for p in h} - {i})) for i in range(81)
)
POPCOUNT: tuple[int, ...] = tuple(bin(m).count("1") for m in range(ALL + 1))
ALL_HOUSES = (1 << 27) - 1
HOUSE_BITS: tuple[int, ...] = tuple(
    sum(1 << h for h, house in enumerate(HOUSES) if i in house) for i in range(81)
)
# candidates count for choosing a branch cell; 10 for a placed cell so it is never chosen
BRANCH_KEY: tuple[int, ...] = tuple(n if n > 1 else 10 for n in POPCOUNT)
HOUSE_GETTERS = tuple(itemgetter(*house) for house in HOUSES)
# mask -> itself when it is a single digit, else 0
SINGLE: tuple[int, ...] = tuple(m if m and not m & (m - 1) else 0 for m in range(ALL + 1))
DIGIT_OF: dict[int, int] = {1 << d: d + 1 for d in range(9)}


def _propagate(c: list[int], queue: list[int], dirty: int = ALL_HOUSES) -> bool:
    """Run naked and hidden singles to a fixed point; False on a contradiction.

    `dirty` is a bit set of houses that may hold a new hidden single; a house is marked
    whenever one of its cells loses a candidate, so quiet houses are not scanned again.
    """
    peers = PEERS
    houses = HOUSES
    house_bits = HOUSE_BITS
    getters = HOUSE_GETTERS
    single = SINGLE
    while True:
        while queue:
            i = queue.pop()
            b = c[i]
            for p in peers[i]:
                if c[p] & b:
                    v = c[p] ^ b
                    if not v & (v - 1):
                        if not v:
                            return False
                        queue.append(p)
                    c[p] = v
                    dirty |= house_bits[p]
        while dirty:
            low = dirty & -dirty
            dirty ^= low
            h = low.bit_length() - 1
            # unrolled once/twice fold over the nine cells: far fewer bytecodes than a loop
            a0, a1, a2, a3, a4, a5, a6, a7, a8 = getters[h](c)
            twice = a0 & a1
            once = a0 | a1
            twice |= once & a2
            once |= a2
            twice |= once & a3
            once |= a3
            twice |= once & a4
            once |= a4
            twice |= once & a5
            once |= a5
            twice |= once & a6
            once |= a6
            twice |= once & a7
            once |= a7
            twice |= once & a8
            once |= a8
            if once != ALL:
                return False
            hidden = once & ~twice
            if not hidden:
                continue
            hidden &= ~(
                single[a0] | single[a1] | single[a2] | single[a3] | single[a4]
                | single[a5] | single[a6] | single[a7] | single[a8]
            )
            while hidden:
                b = hidden & -hidden
                hidden ^= b
                for i in houses[h]:
                    if c[i] & b:
                        # a cell hidden for two digits is a contradiction found next pass
                        c[i] = b
                        dirty |= house_bits[i]
                        queue.append(i)
                        break
        if not queue:
            return True


def initial_masks(cells: Sequence[int]) -> list[int] | None:
    """Candidate masks after propagating the clues, or None if the clues contradict."""
    c = [ALL] * 81
    queue = []
    for i, v in enumerate(cells):
        if v:
            c[i] = 1 << (v - 1)
            queue.append(i)
    if not _propagate(c, queue):
        return None
    return c


def _search(c: list[int], stats: list[int]) -> Iterator[list[int]]:
    """Depth-first over the cell with the fewest candidates; yields solved mask lists."""
    # C-level map/min/index instead of a Python loop over the 81 cells
    keys = list(map(BRANCH_KEY.__getitem__, c))
    fewest = min(keys)
    if fewest == 10:
        yield c
        return
    best = keys.index(fewest)
    v = c[best]
    while v:
        b = v & -v
        v ^= b
        stats[0] += 1
        d = c[:]
        d[best] = b
        if _propagate(d, [best], HOUSE_BITS[best]):
            yield from _search(d, stats)


def iter_solutions(
    cells: Sequence[int], stats: list[int] | None = None
) -> Iterator[tuple[int, ...]]:
    """Every solution of `cells` (81 ints, 0 = empty), in search order."""
    c = initial_masks(cells)
    if c is None:
        return
    counter = stats if stats is not None else [0]
    for done in _search(c, counter):
        yield tuple(DIGIT_OF[m] for m in done)


def solve(cells: Sequence[int]) -> tuple[int, ...] | None:
    """The first solution found, or None."""
    return next(iter_solutions(cells), None)


def count_solutions(cells: Sequence[int], limit: int = 2) -> int:
    """Number of solutions, counting no further than `limit`."""
    n = 0
    for _ in iter_solutions(cells):
        n += 1
        if n >= limit:
            break
    return n


def guesses(cells: Sequence[int]) -> int:
    """Branches tried before the first solution: a measure of difficulty."""
    stats = [0]
    next(iter_solutions(cells, stats), None)
    return stats[0]
