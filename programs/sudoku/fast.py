"""Fast Sudoku solver: bit masks, constraint propagation, fewest-candidates guessing.

Two views of the same state are kept in step: per cell, a 9-bit mask of its candidates
(bit d for digit d+1); per digit, an 81-bit mask of the cells that may still hold it.
Placing a digit finds the peers that still allow it with one AND of the digit's cell mask
and the cell's peer mask, so only real eliminations cost Python steps. A peer left with
one candidate is placed in turn (naked single). After each elimination the digit's cells
are ANDed with the eliminated cell's three houses: one place left means a hidden single,
none means a contradiction. Hidden singles can only appear where a candidate went away,
so this catches all of them without scanning all 27 houses. When nothing follows, the
solver branches on the first cell with the fewest candidates, copying the state.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

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
DIGIT_OF: dict[int, int] = {1 << d: d + 1 for d in range(9)}
# digit index (0-8) of a single-bit candidate mask
INDEX_OF: dict[int, int] = {1 << d: d for d in range(9)}
FULL_BOARD = (1 << 81) - 1
PEER_BITS: tuple[int, ...] = tuple(sum(1 << p for p in PEERS[i]) for i in range(81))
HOUSE_MASKS_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << q for q in h) for h in HOUSES if i in h) for i in range(81)
)
HOUSE_INDICES: tuple[tuple[int, ...], ...] = tuple(
    tuple(h for h, house in enumerate(HOUSES) if i in house) for i in range(81)
)
# nine cells that meet every row, column and box once
TRANSVERSAL = (0, 12, 24, 28, 40, 52, 56, 68, 80)
# for a placed cell i and a peer p: the houses of p that do not hold i (those that do
# still hold i's digit at i, so they cannot turn into a hidden single for it)
FOREIGN_HOUSES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(sum(1 << q for q in h) for h in HOUSES if p in h and i not in h)
        for p in range(81)
    )
    for i in range(81)
)
# candidates count for choosing a branch cell; 10 for a placed cell so it is never chosen
BRANCH_KEY: tuple[int, ...] = tuple(n if n > 1 else 10 for n in POPCOUNT)


def _propagate(c: list[int], where: list[int], queue: list[int], checks: list[int]) -> bool:
    """Naked and hidden singles to a fixed point; False on a contradiction.

    `queue` holds placed cells whose digit must leave the peers; `checks` holds pairs
    (cell, digit bit) flattened, for digits just removed from a cell outside that loop.
    """
    peer_bits = PEER_BITS
    house_masks = HOUSE_MASKS_OF
    foreign_houses = FOREIGN_HOUSES
    index_of = INDEX_OF
    while queue or checks:
        while queue:
            i = queue.pop()
            b = c[i]
            d = index_of[b]
            cells = where[d]
            hits = cells & peer_bits[i]
            if not hits:
                continue
            cells ^= hits
            where[d] = cells
            foreign = foreign_houses[i]
            while hits:
                low = hits & -hits
                hits ^= low
                p = low.bit_length() - 1
                v = c[p] ^ b
                if not v & (v - 1):
                    if not v:
                        return False
                    queue.append(p)
                c[p] = v
                for house in foreign[p]:
                    x = cells & house
                    if not x & (x - 1):
                        if not x:
                            return False
                        q = x.bit_length() - 1
                        old = c[q]
                        if old != b:
                            # hidden single: q is the only place left for b in this house
                            c[q] = b
                            queue.append(q)
                            rest = old ^ b
                            while rest:
                                e = rest & -rest
                                rest ^= e
                                where[index_of[e]] ^= 1 << q
                                checks.append(q)
                                checks.append(e)
        while checks:
            e = checks.pop()
            p = checks.pop()
            cells = where[index_of[e]]
            for house in house_masks[p]:
                x = cells & house
                if not x & (x - 1):
                    if not x:
                        return False
                    q = x.bit_length() - 1
                    old = c[q]
                    if old != e:
                        c[q] = e
                        queue.append(q)
                        rest = old ^ e
                        while rest:
                            f = rest & -rest
                            rest ^= f
                            where[index_of[f]] ^= 1 << q
                            checks.append(q)
                            checks.append(f)
    return True


def _place(c: list[int], where: list[int], i: int, b: int, checks: list[int]) -> None:
    """Set cell i to the single candidate b, taking its other digits out of `where`."""
    rest = c[i] ^ b
    c[i] = b
    while rest:
        e = rest & -rest
        rest ^= e
        where[INDEX_OF[e]] ^= 1 << i
        checks.append(i)
        checks.append(e)


def initial_state(cells: Sequence[int]) -> tuple[list[int], list[int]] | None:
    """Cell masks and digit cell-masks after propagating the clues, or None if they clash."""
    used = [0] * 27  # digits present per house
    given_cells = 0
    for i, v in enumerate(cells):
        if v:
            b = 1 << (v - 1)
            for h in HOUSE_INDICES[i]:
                if used[h] & b:
                    return None
                used[h] |= b
            given_cells |= 1 << i
    c = []
    queue = []
    for i, v in enumerate(cells):
        if v:
            c.append(1 << (v - 1))
            continue
        r, k, x = HOUSE_INDICES[i]
        m = ALL & ~(used[r] | used[k] | used[x])
        if not m:
            return None
        if not m & (m - 1):
            queue.append(i)
        c.append(m)
    where = [0] * 9
    for i, m in enumerate(c):
        while m:
            low = m & -m
            m ^= low
            where[INDEX_OF[low]] |= 1 << i
    # one check per digit on a transversal of cells covers all 27 houses: a full
    # hidden-single scan, since the clues removed candidates outside the usual path
    checks = []
    for i in TRANSVERSAL:
        for d in range(9):
            checks.append(i)
            checks.append(1 << d)
    if not _propagate(c, where, queue, checks):
        return None
    return c, where


def initial_masks(cells: Sequence[int]) -> list[int] | None:
    """Candidate masks after propagating the clues, or None if the clues contradict."""
    state = initial_state(cells)
    return None if state is None else state[0]


def _search(c: list[int], where: list[int], stats: list[int]) -> Iterator[list[int]]:
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
        c2 = c[:]
        w2 = where[:]
        checks: list[int] = []
        _place(c2, w2, best, b, checks)
        if _propagate(c2, w2, [best], checks):
            yield from _search(c2, w2, stats)


def iter_solutions(
    cells: Sequence[int], stats: list[int] | None = None
) -> Iterator[tuple[int, ...]]:
    """Every solution of `cells` (81 ints, 0 = empty), in search order."""
    state = initial_state(cells)
    if state is None:
        return
    counter = stats if stats is not None else [0]
    for done in _search(state[0], state[1], counter):
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
