"""Fast Sudoku solver: one 729-bit board, whole-board propagation, bivalue guessing.

The state is a single Python int B: bit 81*d + i is set while digit d+1 may still go in
cell i (cell i = 9*row + column). A cell is solved when it has one candidate left; no
separate solved mask is kept. CPython does an operation on a 729-bit int in about the
time of one on a small int, so the solver works on all digits and all houses at once
with shifts and masks instead of looping over cells:

- counting: OR-ing and AND-ing shifted copies of B gives, at one anchor bit per
  (digit, house) or per cell, "at least one" (a) and "at least two" (t) candidates;
  a ^ t is "exactly one". Per cell that finds naked singles, per row, column and box
  hidden singles; a missing "at least one" is a contradiction.
- placing: every single found is placed again each round (that costs the same as
  placing only the new ones): the houses holding a placed digit and the cells holding a
  placed cell are spread back from their anchors by one multiplication each and cleared.
  Two singles that see each other (same digit in a house, two digits in a cell) would
  share an anchor, so comparing popcounts of the anchors with the number of singles
  detects the clash.
- when no single changes, locked candidates (pointing and claiming, on the three-cell
  segments where a box meets a row or a column) are eliminated the same way.
- when that changes nothing either, the solver branches on a bivalue cell (or one with
  the fewest candidates), preferring the one with the most unsolved peers, since its
  choice propagates furthest. A branch is the board ANDed with one precomputed mask.
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

# --- the 729-bit board -------------------------------------------------------------------
F81 = FULL_BOARD
REP = sum(1 << (81 * d) for d in range(9))  # one bit per digit block: spreads a cell mask
FULL = F81 * REP  # every digit possible everywhere
# anchors: the first cell of each row, column, box, row segment, column segment, per digit
ROW_ANCHORS = sum(1 << (81 * d + 9 * r) for d in range(9) for r in range(9))
COL_ANCHORS = sum(1 << (81 * d + c) for d in range(9) for c in range(9))
BOX_ANCHORS = sum(
    1 << (81 * d + 27 * br + 3 * bc) for d in range(9) for br in range(3) for bc in range(3)
)
ROWSEG_ANCHORS = sum(
    1 << (81 * d + 9 * r + 3 * k) for d in range(9) for r in range(9) for k in range(3)
)
COLSEG_ANCHORS = sum(
    1 << (81 * d + 27 * b + c) for d in range(9) for b in range(3) for c in range(9)
)
# multiplying an anchor bit by these spreads it over its house (no carries: disjoint)
ROW_CELLS = 0x1FF
COL_CELLS = sum(1 << (9 * r) for r in range(9))
BOX_CELLS = 0b111 | 0b111 << 9 | 0b111 << 18
SEG3 = 0b111  # a row segment
STEP3 = 1 | 1 << 3 | 1 << 6  # the three segments of a row
STEP9 = 1 | 1 << 9 | 1 << 18  # a column segment; the three row segments of a box
STEP27 = 1 | 1 << 27 | 1 << 54  # the three segments of a column
# KEEP[81*d + i]: the candidates that survive placing digit d+1 in cell i
KEEP: tuple[int, ...] = tuple(
    FULL ^ ((PEER_BITS[k % 81] << (81 * (k // 81))) | ((REP << (k % 81)) ^ (1 << k)))
    for k in range(729)
)
_BLOCK_SHIFTS = tuple(81 * d for d in range(9))


def _propagate(b: int) -> int | None:
    """Singles and locked candidates to a fixed point; None on a contradiction."""
    f81 = F81
    ra = ROW_ANCHORS
    ca = COL_ANCHORS
    ba = BOX_ANCHORS
    last = -1
    while True:
        # per cell, folding the nine digit blocks onto block 0 by doubling
        x = b >> 81
        a = b | x
        t = b & x
        x = a >> 162
        t |= (t >> 162) | (a & x)
        a |= x
        x = a >> 324
        t |= (t >> 324) | (a & x)
        a |= x
        x = b >> 648
        t = (t | (a & x)) & f81
        a = (a | x) & f81
        if a != f81:
            return None  # a cell without candidates
        singles = (a ^ t) * REP
        # rows: windows of 9 consecutive bits, anchored at the row's first cell
        x = b >> 1
        a = b | x
        t = b & x
        x = a >> 2
        t |= (t >> 2) | (a & x)
        a |= x
        x = a >> 4
        t |= (t >> 4) | (a & x)
        a |= x
        x = b >> 8
        t |= a & x
        a |= x
        if a & ra != ra:
            return None  # a digit with no place in a row
        singles |= ((a ^ t) & ra) * ROW_CELLS
        # columns: the same with a stride of 9
        x = b >> 9
        a = b | x
        t = b & x
        x = a >> 18
        t |= (t >> 18) | (a & x)
        a |= x
        x = a >> 36
        t |= (t >> 36) | (a & x)
        a |= x
        x = b >> 72
        t |= a & x
        a |= x
        if a & ca != ca:
            return None
        singles |= ((a ^ t) & ca) * COL_CELLS
        # boxes: three cells across, then three segments down
        x = b >> 1
        a = b | x
        t = b & x
        x = b >> 2
        t |= a & x
        a |= x
        x = a >> 9
        t2 = t | (t >> 9) | (a & x)
        a2 = a | x
        x = a >> 18
        t2 |= (t >> 18) | (a2 & x)
        a2 |= x
        if a2 & ba != ba:
            return None
        p = b & ((((a2 ^ t2) & ba) * BOX_CELLS) | singles)
        if p == last:
            # the singles were all placed last round: try locked candidates
            x = _locked(b)
            if x == b:
                return b
            b = x
            last = -1
            continue
        last = p
        # anchors of the houses and cells that hold a single
        x = p | (p >> 1)
        x |= x >> 2
        x |= x >> 4
        pr = (x | (p >> 8)) & ra
        x = p | (p >> 9)
        x |= x >> 18
        x |= x >> 36
        pc = (x | (p >> 72)) & ca
        x = p | (p >> 1) | (p >> 2)
        pb = (x | (x >> 9) | (x >> 18)) & ba
        x = p | (p >> 81)
        x |= x >> 162
        x |= x >> 324
        pcell = (x | (p >> 648)) & f81
        n = p.bit_count()
        if (
            pr.bit_count() != n
            or pc.bit_count() != n
            or pb.bit_count() != n
            or pcell.bit_count() != n
        ):
            return None  # two singles see each other
        x = pr * ROW_CELLS | pc * COL_CELLS | pb * BOX_CELLS | pcell * REP
        b = ((b | x) ^ x) | p


def _locked(b: int) -> int:
    """Remove pointing and claiming candidates (box-line interactions) once."""
    # row segments: box with one segment holding d (pointing) clears the rest of the row;
    # row with one segment holding d (claiming) clears the rest of the box
    m = (b | (b >> 1) | (b >> 2)) & ROWSEG_ANCHORS
    x1 = m >> 9
    x2 = m >> 18
    one = (m | x1 | x2) ^ ((m & x1) | (m & x2) | (x1 & x2))
    point = m & ((one & BOX_ANCHORS) * STEP9)
    x1 = m >> 3
    x2 = m >> 6
    one = (m | x1 | x2) ^ ((m & x1) | (m & x2) | (x1 & x2))
    claim = m & ((one & ROW_ANCHORS) * STEP3)
    e = ((((point | (point >> 3) | (point >> 6)) & ROW_ANCHORS) * ROW_CELLS) ^ (point * SEG3)) | (
        (((claim | (claim >> 9) | (claim >> 18)) & BOX_ANCHORS) * BOX_CELLS) ^ (claim * SEG3)
    )
    # column segments, the same across
    m = (b | (b >> 9) | (b >> 18)) & COLSEG_ANCHORS
    x1 = m >> 1
    x2 = m >> 2
    one = (m | x1 | x2) ^ ((m & x1) | (m & x2) | (x1 & x2))
    point = m & ((one & BOX_ANCHORS) * SEG3)
    x1 = m >> 27
    x2 = m >> 54
    one = (m | x1 | x2) ^ ((m & x1) | (m & x2) | (x1 & x2))
    claim = m & ((one & COL_ANCHORS) * STEP27)
    e |= (
        (((point | (point >> 27) | (point >> 54)) & COL_ANCHORS) * COL_CELLS) ^ (point * STEP9)
    ) | ((((claim | (claim >> 1) | (claim >> 2)) & BOX_ANCHORS) * BOX_CELLS) ^ (claim * STEP9))
    return (b | e) ^ e


def _branch_cell(b: int) -> int:
    """An unsolved cell with fewest candidates, the one with most unsolved peers."""
    ones = twos = fours = 0
    f81 = F81
    for s in _BLOCK_SHIFTS:
        x = (b >> s) & f81
        c = ones & x
        ones ^= x
        fours |= twos & c
        twos ^= c
    cands = twos & ~(ones | fours)
    if not cands:
        cands = twos & ones & ~fours
        if not cands:
            cands = fours
    unsolved = f81 ^ (ones & ~(twos | fours))
    best = -1
    cell = 0
    peer_bits = PEER_BITS
    while cands:
        low = cands & -cands
        cands ^= low
        i = low.bit_length() - 1
        k = (peer_bits[i] & unsolved).bit_count()
        if k > best:
            best = k
            cell = i
    return cell


def _first(b: int, stats: list[int]) -> int | None:
    """Depth-first to the first solved board, or None."""
    b2 = _propagate(b)
    if b2 is None:
        return None
    if b2.bit_count() == 81:
        return b2
    cands = b2 & (REP << _branch_cell(b2))
    while cands:
        low = cands & -cands
        cands ^= low
        stats[0] += 1
        done = _first(b2 & KEEP[low.bit_length() - 1], stats)
        if done is not None:
            return done
    return None


def _search(b: int, stats: list[int]) -> Iterator[int]:
    """Depth-first over every solved board."""
    b2 = _propagate(b)
    if b2 is None:
        return
    if b2.bit_count() == 81:
        yield b2
        return
    cands = b2 & (REP << _branch_cell(b2))
    while cands:
        low = cands & -cands
        cands ^= low
        stats[0] += 1
        yield from _search(b2 & KEEP[low.bit_length() - 1], stats)


def _board(cells: Sequence[int]) -> int | None:
    """The board with the clues placed (no propagation), or None if two clues clash."""
    b = FULL
    keep = KEEP
    for i, v in enumerate(cells):
        if v:
            k = 81 * (v - 1) + i
            if not (b >> k) & 1:
                return None
            b &= keep[k]
    return b


def _grid(b: int) -> tuple[int, ...]:
    """The 81 digits of a solved board."""
    out = [0] * 81
    for d in range(9):
        x = (b >> (81 * d)) & F81
        while x:
            low = x & -x
            x ^= low
            out[low.bit_length() - 1] = d + 1
    return tuple(out)


def initial_state(cells: Sequence[int]) -> tuple[list[int], list[int]] | None:
    """Cell masks and digit cell-masks after propagating the clues, or None if they clash."""
    b = _board(cells)
    if b is not None:
        b = _propagate(b)
    if b is None:
        return None
    where = [(b >> (81 * d)) & F81 for d in range(9)]
    c = [sum(1 << d for d in range(9) if (where[d] >> i) & 1) for i in range(81)]
    return c, where


def initial_masks(cells: Sequence[int]) -> list[int] | None:
    """Candidate masks after propagating the clues, or None if the clues contradict."""
    state = initial_state(cells)
    return None if state is None else state[0]


def iter_solutions(
    cells: Sequence[int], stats: list[int] | None = None
) -> Iterator[tuple[int, ...]]:
    """Every solution of `cells` (81 ints, 0 = empty), in search order."""
    b = _board(cells)
    if b is None:
        return
    counter = stats if stats is not None else [0]
    for done in _search(b, counter):
        yield _grid(done)


def solve(cells: Sequence[int]) -> tuple[int, ...] | None:
    """The first solution found, or None."""
    b = _board(cells)
    if b is None:
        return None
    done = _first(b, [0])
    return None if done is None else _grid(done)


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
    b = _board(cells)
    if b is not None:
        _first(b, stats)
    return stats[0]
