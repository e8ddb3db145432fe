"""Fast Sudoku solver: one big-int board, singles by whole-board masks, bivalue guessing.

The state is a single Python int b: bit 90*d + 10*r + c is set while digit d+1 may still
go in row r, column c (each row has a tenth, always clear, spare bit; see below). A cell
is solved when it has one candidate left; no separate solved mask is kept. CPython does
an operation on an 810-bit int in about the time of one on a small int, so the solver
works on all digits and all houses at once with shifts, masks and additions instead of
looping over cells:

- counting: OR-ing and AND-ing shifted copies of b gives, at one anchor bit per
  (digit, house) or per cell, "at least one" (a) and "at least two" (t) candidates;
  a ^ t is "exactly one". Rows are counted with carries into the spare bits instead.
  Per cell that finds naked singles, per row, column and box hidden singles; a missing
  "at least one" is a contradiction.
- the counts cost differently (rows two additions, cells a fold of nine blocks, columns
  and boxes a fold of three segments of three), so propagation looks for singles in the
  cheapest place first: rows, and only when the rows give nothing new, cells, then
  columns, then boxes (new column singles are placed before the boxes are counted); any
  new single sends it back to the rows. It stops when all four give nothing new on the
  same board, so the fixed point is that of all four; a board whose every candidate is a
  placed single (solved) stops at the first row count that finds nothing new.
- placing: the singles already placed are remembered, and only the new ones are placed,
  each by ANDing one precomputed mask (KEEP: its peers and the other digits of its cell
  cleared), highest first (its bit length is the index); a new single that another one
  removed leaves its cell or its house empty. The clues are placed by their KEEP masks
  too, ANDed in one C-level reduce over the cells (two clues that clash remove each
  other, which empties a row the first count reports); the singles of the first count
  are spread from their house anchors by a multiplication per kind of house instead,
  with popcounts of the anchors for the clash.
- where the singles stall, claiming (one of the locked-candidates rules) is applied once,
  with the same whole-board masks: a digit whose candidates in a row or column lie in one
  box leaves the rest of that box; then singles again. On the benchmark's 47 hard puzzles
  it cuts the branches from 478 to 339 (Inkala's "2012" from 160 to 59) for less work
  than the nodes it saves. Measured and left out: pointing as well (the same 339, more
  work), pointing alone (381), claiming in rows or in columns alone (403, 440), claiming
  repeated to its own fixed point (330, more work than it saved), claiming only near the
  root or only after a few branches (more branches than the work saved).
- below the root, where claiming removed something and the singles stall again, hidden
  pairs in boxes once (two digits with the same two places in a box leave those cells
  nothing else), then singles again. The boxes are counted as rows: moving each
  three-cell segment by a multiple of 7 bits puts a box's cells where a row's are. On
  the 47 the famous seven go from 212 branches to 141 (Golden Nugget 61 to 17), about
  a fifth fewer instructions there, about 2 % more on the 40 generated ones. Measured
  (instructions, valgrind) and left out: the pairs at the root as well (fewer branches
  on the generated sets, 121 and 93, but 6 % more work there), wherever the singles
  stall (29.6 M instructions on the famous seven against 27.6 M), in rows as well as in
  boxes (more work, about the same branches), only the cells with two such digits
  (more work than it saves), counting rows and cells together (more work), claiming
  again after the pairs (within 0.4 %), the pairs also in the second branch of a cell
  after the first failed (28.1 M against 27.2 M on the famous seven).
- when nothing is new, the solver branches on a bivalue cell, preferring the one that
  sees the most bivalue cells holding one of its digits (counted per digit: each choice
  turns those holding the other digit into naked singles at once); without one, on a
  digit with two places left in a row (two branches rather than three or more). A branch
  is the board ANDed with its KEEP mask, and needs no undo: ints are immutable.

Also measured and left out (interpreter instructions, same branches): scoring the bivalue
cells by pairs of digits on small ints (more bytecodes than the multiplication it saves),
checking rows for a contradiction only where the singles stall (failing branches then run
on), columns and boxes before cells, building the clue board by summing a bit per clue.

Measured on the new search and left out (branches on the famous seven / the 40 generated
of the 47 / the second set; the solver as kept: 141 / 124 / 105):
- probing: each bivalue cell's two values propagated, a value that fails removed, the
  branch on the cell whose two values remove most (product): 151 branches on the famous
  seven but 334 propagations to find them; at the root only, 202. The generated puzzles
  then need almost no branches (5 and 0 on the two sets of 40) but about six probes each, more work
  than the three branches a puzzle they save.
- branching on a digit with two places in a row, column or box before bivalue cells
  (992 branches on the 47 against 339 before the pairs); ties of the bivalue score to
  the higher cell (411 / 137 / 108), or broken by the peers' candidates (207 to 284 on
  the famous seven); the value order by candidates left or peers (254 to 307).
- naked pairs in boxes beside the hidden ones (140 / 120 / 105: not worth a count).
- all singles placed at once in rounds at the root while many come at a time (3 to 17 %
  more instructions on the generated), and the loop's constants as default arguments.

Cost per node (issue 28, instructions under valgrind for one solve of each puzzle: the
famous seven / the 40 generated of the 47). Kept: 27.0 M / 41.5 M before, 26.0 M / 37.4 M
after (the 47: 7.5 % fewer); the same branches. The clue board by KEEP masks (the board
3.2 M to 1.9 M on the 40), stopping a solved board at its first stalled row count (4 %
on the 40), the columns' singles placed before the boxes are counted (0.6 %), the
bivalue scores indexed by bit length (0.9 %), the pairs mapped back only when they
remove something, no complements in claiming and pairs, the answer grid from two folds.
Measured and left out:
- rows and cells counted in every round (28.7 M / 42.2 M), boxes before columns (0.5 %
  more), at the root columns and boxes before cells (0.7 % more on the 40);
- X-wings (rows and columns) where the pairs run: 137 branches on the famous seven
  against 141; X-wings and XY-wings at every node to their fixed point (per-cell code,
  counting branches only): the seven 133 and 139, the 40 generated 121 and 99. An
  XY-wing takes a pass per pivot (some 15 bivalue cells) at some 180 nodes on the 40,
  more whole-board operations than 25 branches cost; hidden pairs in rows instead of
  boxes (155 branches); the pairs at the root (4.5 % more on the 40), no claiming at the
  root (1 % less on the 40, 1.3 % more on the seven), the pairs right after claiming,
  before its singles (0.8 % less on the seven, 143 branches, the 40 alike), no singles
  after the pairs (151); cells counted first in a branch (0.3 % less in all: 1.3 % less
  on the seven, 0.4 % more on the 40);
- checking after each round that the new singles are all still there (2 % more);
  remembering the rows of the last row count to skip its mask (0.15 %); the lowest
  branch candidate without a negation (no change); the bivalue score with REP moved to
  the cell and its peers moved up (no shift a cell, but a product twice as long: 0.5 %
  more), or summed digit by digit on small ints (1.2 % / 2.3 % more); the grid read
  through bytes per digit block (2.8 M against 1.8 M on the 40);
  no column and box emptiness checks (0.5 %, but contradictions reported a count later).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import reduce
from operator import and_, getitem

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

# --- the board -----------------------------------------------------------------------
# Bit 90*d + 10*r + c: digit d+1 may go in row r, column c. Each row takes 10 bits, the
# tenth always clear: adding 0x1FF to a row's nine bits then carries into that spare bit
# exactly when the row is not empty, so rows are counted with two additions instead of
# a chain of shifts, and no carry leaks into the next row.
W = 10  # bits per row
D = 90  # bits per digit
CELL_POS: tuple[int, ...] = tuple(W * (i // 9) + i % 9 for i in range(81))
BLOCK = sum(1 << q for q in CELL_POS)  # the 81 cell bits of digit block 0
REP = sum(1 << (D * d) for d in range(9))  # one bit per digit block: spreads a cell mask
FULL = BLOCK * REP  # every digit possible everywhere
# anchors: the first cell of each row, column and box, per digit
ROW_ANCHORS = sum(1 << (D * d + W * r) for d in range(9) for r in range(9))
ROW_PADS = ROW_ANCHORS << 9
ROW_FILL = ROW_ANCHORS * 0x1FF
COL_ANCHORS = sum(1 << (D * d + c) for d in range(9) for c in range(9))
BOX_ANCHORS = sum(
    1 << (D * d + 3 * W * br + 3 * bc) for d in range(9) for br in range(3) for bc in range(3)
)
# multiplying an anchor bit by these spreads it over its cells (no carries: disjoint)
ROW_CELLS = 0x1FF
COL_CELLS = sum(1 << (W * r) for r in range(9))
BOX_CELLS = 0b111 | 0b111 << W | 0b111 << 2 * W
PEERS_AT: tuple[int, ...] = tuple(
    sum(1 << CELL_POS[p] for p in PEERS[i]) for i in range(81)
)  # PEER_BITS in the padded layout
# KEEP[90*d + 10*r + c]: the candidates that survive placing digit d+1 there
KEEP: list[int] = [0] * (9 * D)
for _d in range(9):
    for _i in range(81):
        _q = CELL_POS[_i]
        _k = D * _d + _q
        KEEP[_k] = FULL ^ ((PEERS_AT[_i] << (D * _d)) | ((REP << _q) ^ (1 << _k)))
del _d, _i, _q, _k
# the same by bit length (position + 1), and the bit itself: the placing loop takes the
# highest new single first, whose length costs less than isolating the lowest one
KEEP_BY_LENGTH: tuple[int, ...] = (0, *KEEP)
BIT_BY_LENGTH: tuple[int, ...] = (0, *(1 << k for k in range(9 * D)))
CELL_AT: dict[int, int] = {q: i for i, q in enumerate(CELL_POS)}
_PEERS_BY_LENGTH: tuple[int, ...] = (0, *(
    PEERS_AT[CELL_AT[q]] if q in CELL_AT else 0 for q in range(D)
))
_BLOCK_SHIFTS = tuple(D * d for d in range(9))


def _propagate(b: int, placed: int) -> tuple[int, int] | None:
    """Singles to a fixed point, claiming once where they first stall, singles again to
    a fixed point, and below the root, if claiming removed something, hidden pairs in
    boxes once and singles again: (board, its singles), or None on a contradiction.

    `placed` are singles of b whose peers are already gone (KEEP applied); none means the
    root (the clues)."""
    block = BLOCK
    pads = ROW_PADS
    fill = ROW_FILL
    ca = COL_ANCHORS
    ba = BOX_ANCHORS
    keep = KEEP_BY_LENGTH
    bit = BIT_BY_LENGTH
    lsb = ROW_ANCHORS
    rep = REP
    claimed = False
    paired = not placed  # no hidden pairs at the root: they seldom pay there
    while True:
        # rows: subtracting 1 from each row under its set spare bit borrows that bit
        # exactly when the row is empty, and otherwise clears the row's lowest bit in
        # what ANDs with b; adding 0x1FF to that carries into the spare bit when the row
        # has two or more
        x = (b | pads) - lsb
        a = x & pads
        if a != pads:
            return None  # a digit with no place in a row
        t = (x & b) + fill
        x = (a ^ t) & pads
        p = b & (x - (x >> 9))  # a spare bit less its row's first bit: the row
        # a placed single is alone in its cell and houses, so p holds `placed`: p equal
        # to it means nothing new (the same holds for the counts below)
        if p == placed:
            if p == b:
                return b, p  # every candidate a placed single: solved
            # per cell, folding the nine digit blocks onto block 0 by doubling
            x = b >> 90
            a = b | x
            t = b & x
            x = a >> 180
            t |= (t >> 180) | (a & x)
            a |= x
            x = a >> 360
            t |= (t >> 360) | (a & x)
            a |= x
            x = b >> 720
            t = (t | (a & x)) & block
            a = (a | x) & block
            if a != block:
                return None  # a cell without candidates
            p = b & ((a ^ t) * rep)
            if p == placed:
                # column segments (three cells down, inside a box), then three of them
                # down for a column and three across for a box
                x = b >> 10
                a = b | x
                t = b & x
                x = b >> 20
                t |= a & x
                a |= x
                x = a >> 30
                y = a >> 60
                z = a | x
                col = z | y
                if col & ca != ca:
                    return None  # a digit with no place in a column
                segs = (a & x) | (z & y)  # two or more nonempty segments
                t2 = t | (t >> 30) | (t >> 60) | segs
                p = b & (((col ^ t2) & ca) * COL_CELLS)
                if p == placed:
                    x = a >> 1
                    y = a >> 2
                    z = a | x
                    a2 = z | y
                    if a2 & ba != ba:
                        return None  # a digit with no place in a box
                    t2 = t | (t >> 1) | (t >> 2) | (a & x) | (z & y)
                    p = b & (((a2 ^ t2) & ba) * BOX_CELLS)
                if p == placed:
                    if claimed:
                        if paired:
                            return b, p
                        # claiming paid off and the singles stall again: hidden pairs
                        # in boxes once, then singles again
                        paired = True
                        x = _box_pairs(b)
                        if not x:
                            return b, p
                        b ^= x
                        continue
                    # the singles stall: claiming once, then singles again
                    claimed = True
                    x = b & _claims(b, a, col, segs)
                    if not x:
                        return b, p
                    b ^= x
                    continue
        new = p ^ placed
        if not placed:
            # the first count after the clues: they and the first singles, many at once
            x = _place(b, new)
            if x is None:
                return None
            b = x
        else:
            while new:
                k = new.bit_length()
                b &= keep[k]
                new ^= bit[k]
        placed = p
        # two new singles that see each other: one removed the other, so its cell or the
        # house it was single in is empty now, which the next count reports


# --- locked candidates --------------------------------------------------------------
# A segment is the three cells a row or a column shares with a box. Anchors: the first
# cell of each row segment (columns 0, 3, 6 of every row) and of each column segment (rows
# 0, 3, 6 of every column), per digit.
ROW_SEGS = sum(1 << (D * d + W * r + 3 * k) for d in range(9) for r in range(9) for k in range(3))
COL_SEGS = sum(1 << (D * d + 3 * W * br + c) for d in range(9) for br in range(3) for c in range(9))
ROW_SEG_CELLS = 0b111
COL_SEG_CELLS = 1 | 1 << W | 1 << 2 * W
BAND_STEP = 1 | 1 << 3 * W | 1 << 6 * W  # a column segment's anchor to those below it


def _claims(b: int, a: int, col: int, segs: int) -> int:
    """What claiming removes: a digit whose candidates in a row or column all lie in one
    box goes from the rest of that box. `a`, `col` and `segs` are the column counts of
    _propagate: each column segment's OR, and per column its nonempty segments, at least
    one and at least two."""
    boxes = BOX_ANCHORS
    # rows: nonempty row segments; a row with two or more of them carries into its spare
    # bit once its lowest one is cleared (as the row count of _propagate); the others
    # claim. A claim's box anchor spread over the box, less the claiming segment.
    s = (b | (b >> 1) | (b >> 2)) & ROW_SEGS
    x = ((((s | ROW_PADS) - ROW_ANCHORS) & s) + ROW_FILL) & ROW_PADS
    claim = s ^ (s & (x - (x >> 9)))
    x = (claim | (claim >> W) | (claim >> 2 * W)) & boxes
    kill = (x * BOX_CELLS) ^ (claim * ROW_SEG_CELLS)
    # columns: those with exactly one nonempty segment, spread to the segments' anchors
    claim = a & (((col ^ segs) & COL_ANCHORS) * BAND_STEP)
    x = (claim | (claim >> 1) | (claim >> 2)) & boxes
    # two claims on one box (a contradiction) clear neither segment: removing less is safe
    return kill | ((x * BOX_CELLS) ^ (claim * COL_SEG_CELLS))


def _locked(b: int) -> int:
    """The board less what claiming removes (the column counts made here)."""
    a = b | (b >> W) | (b >> 2 * W)
    x = a >> 3 * W
    y = a >> 6 * W
    z = a | x
    return b & ~_claims(b, a, z | y, (a & x) | (z & y))


# --- hidden pairs ---------------------------------------------------------------------
# Moving each segment (the three cells a row shares with a box) by 7 * (its box column -
# its row's place in the band) bits puts the nine cells of box (band, stack) where those
# of row 3 * band + stack are, three by three, and moves them back again: the boxes are
# then counted as the rows are, with the spare bits.
_SEGMENTS_BY_SHIFT: dict[int, int] = {}
for _r in range(9):
    for _bc in range(3):
        _s = 7 * (_bc - _r % 3)
        _SEGMENTS_BY_SHIFT[_s] = _SEGMENTS_BY_SHIFT.get(_s, 0) | (0b111 << (W * _r + 3 * _bc))
_STAY, _UP7, _DOWN7, _UP14, _DOWN14 = (
    _SEGMENTS_BY_SHIFT[s] * REP for s in (0, 7, -7, 14, -14)
)
del _r, _bc, _s
_PAIR_SHIFTS = tuple(D * k for k in range(1, 9))  # digit d against digit d + k


def _boxes_as_rows(b: int) -> int:
    """The board with each box's cells where a row's are, and back (an involution)."""
    return ((b & _STAY) | ((b & _UP7) << 7) | ((b & _DOWN7) >> 7)
            | ((b & _UP14) << 14) | ((b & _DOWN14) >> 14))


def _row_pairs(b: int) -> int:
    """What hidden pairs in rows remove: two digits with the same two places, and no
    other, in a row leave those two cells nothing else."""
    pads = ROW_PADS
    lsb = ROW_ANCHORS
    fill = ROW_FILL
    # rows where a digit has two places: two or more, not three or more (as _bilocal)
    w = b & ((b | pads) - lsb)
    x = ((w + fill) ^ ((w & ((w | pads) - lsb)) + fill)) & pads
    if not x:
        return 0
    e = b & (x - (x >> 9))
    cells = allowed = 0
    for sh in _PAIR_SHIFTS:
        # the places digit d shares with digit d + k, in d's block; both have two, so
        # sharing two is having the same two
        x = e & (e >> sh)
        if x:
            g = ((x & ((x | pads) - lsb)) + fill) & pads
            if g:
                x &= g - (g >> 9)
                cells |= x
                allowed |= x | (x << sh)
    if not cells:
        return 0
    # a cell of two pairs (a contradiction) keeps the digits of both: removing less is safe
    x = cells | (cells >> 90)
    x |= x >> 180
    x |= x >> 360
    x = (x | (cells >> 720)) & BLOCK
    x *= REP
    return x ^ (x & allowed)


def _box_pairs(b: int) -> int:
    """What hidden pairs in boxes remove (board bits, all candidates of b)."""
    x = _boxes_as_rows(b)
    x &= _row_pairs(x)
    return _boxes_as_rows(x) if x else 0


def _fewest(b: int) -> int:
    """Cells (block-0 bits) with the fewest candidates, when none has exactly two."""
    ones = twos = fours = 0
    block = BLOCK
    for sh in _BLOCK_SHIFTS:
        x = (b >> sh) & block
        c = ones & x
        ones ^= x
        fours |= twos & c
        twos ^= c
    cands = twos & ones & ~fours
    return cands if cands else fours & ~(twos | ones) or fours


def _choices(b: int) -> int:
    """The candidates (board bits) to branch on: those of a bivalue cell, the one seeing
    most bivalue cells that share a digit; without one, a digit's two places in a row,
    else a cell with fewest candidates."""
    # at least one / two / three candidates per cell, folding the digit blocks by doubling
    x = b >> 90
    a = b | x
    t = b & x
    x = a >> 180
    y = t >> 180
    h = (t & x) | (a & y)
    t |= y | (a & x)
    a |= x
    x = a >> 360
    y = t >> 360
    h |= (h >> 360) | (t & x) | (a & y)
    t |= y | (a & x)
    a |= x
    x = b >> 720
    h = (h | (t & x)) & BLOCK
    unsolved = (t | (a & x)) & BLOCK
    cands = unsolved ^ h  # exactly two candidates
    if not cands:
        # a digit with two places in a row gives two branches, not three or more
        x = _bilocal(b)
        if x:
            return x
        cands = _fewest(b)
    # the candidates of those cells; a cell's digits (bits 90*d) times its peers are its
    # peers in the blocks of its digits, so the count is, over its digits, the peers
    # among those cells that hold that digit
    rep = REP
    held = b & (cands * rep)
    # indexed by bit length (position + 1), as KEEP_BY_LENGTH: b moved up one bit shifts
    # by the length what b shifts by the position
    up = b << 1
    peers_at = _PEERS_BY_LENGTH
    bit = BIT_BY_LENGTH
    best = -1
    cell = 0
    # from the top down, ties going to the lower cell
    while cands:
        n = cands.bit_length()
        cands ^= bit[n]
        k = (held & (((up >> n) & rep) * peers_at[n])).bit_count()
        if k >= best:
            best = k
            cell = n
    return b & (rep << (cell - 1))


def _bilocal(b: int) -> int:
    """The two places of a digit that has exactly two left in a row (board bits), or 0."""
    # clearing each row's lowest bit once and twice; the carries into the spare bits of
    # the results mark rows with two or more and with three or more
    pads = ROW_PADS
    lsb = ROW_ANCHORS
    w = b & ((b | pads) - lsb)
    w2 = w & ((w | pads) - lsb)
    two = ((w + ROW_FILL) ^ (w2 + ROW_FILL)) & pads
    if not two:
        return 0
    low = two & -two
    return b & ((low >> 9) * ROW_CELLS)


def _first(b: int, placed: int, stats: list[int]) -> int | None:
    """Depth-first to the first solved board, or None."""
    r = _propagate(b, placed)
    if r is None:
        return None
    b2, placed = r
    if b2 == placed:  # every candidate a placed single: solved
        return b2
    cands = _choices(b2)
    while cands:
        low = cands & -cands
        cands ^= low
        stats[0] += 1
        done = _first(b2 & KEEP_BY_LENGTH[low.bit_length()], placed | low, stats)
        if done is not None:
            return done
    return None


def _search(b: int, placed: int, stats: list[int]) -> Iterator[int]:
    """Depth-first over every solved board."""
    r = _propagate(b, placed)
    if r is None:
        return
    b2, placed = r
    if b2 == placed:
        yield b2
        return
    cands = _choices(b2)
    while cands:
        low = cands & -cands
        cands ^= low
        stats[0] += 1
        yield from _search(b2 & KEEP_BY_LENGTH[low.bit_length()], placed | low, stats)


# per cell, the KEEP mask of each clue value (none for 0, an empty cell)
_CLUE_KEEP: tuple[tuple[int | None, ...], ...] = tuple(
    (None, *(KEEP[D * d + CELL_POS[i]] for d in range(9))) for i in range(81)
)
_CLUE_VALUES = bytes(range(10))


def _place(b: int, p: int) -> int | None:
    """Place the digits p (board bits) at once, or None if two of them see each other."""
    x = p | (p >> 10)
    x |= x >> 20
    x |= x >> 40
    pc = (x | (p >> 80)) & COL_ANCHORS
    x = p | (p >> 1) | (p >> 2)
    pb = (x | (x >> 10) | (x >> 20)) & BOX_ANCHORS
    x = p | (p >> 90)
    x |= x >> 180
    x |= x >> 360
    pcell = (x | (p >> 720)) & BLOCK
    pr = (p + ROW_FILL) & ROW_PADS
    n = p.bit_count()
    if pr.bit_count() != n or pc.bit_count() != n or pb.bit_count() != n:
        return None
    if pcell.bit_count() != n:
        return None
    x = (pr >> 9) * ROW_CELLS | pc * COL_CELLS | pb * BOX_CELLS | pcell * REP
    return ((b | x) ^ x) | p


def _board(cells: Sequence[int]) -> int:
    """The board with the clues placed (no propagation). Two clues that clash remove
    each other, which empties a row: the first count reports it."""
    if len(cells) != 81:
        raise ValueError(f"a Sudoku has 81 cells, not {len(cells)}")
    raw = bytes(cells)
    if raw.translate(None, _CLUE_VALUES):
        raise ValueError("cell values must be 0 (empty) or 1-9")
    return reduce(and_, filter(None, map(getitem, _CLUE_KEEP, raw)), FULL)


def _where(b: int) -> list[int]:
    """Per digit, the 81-bit mask of cells (bit 9*row + column) that may hold it."""
    out = []
    for d in range(9):
        x = b >> (D * d)
        out.append(sum(((x >> (W * r)) & 0x1FF) << (9 * r) for r in range(9)))
    return out


# hex digit characters of a grid to their values
_HEX_VALUE = bytes(range(256)).translate(bytes.maketrans(b"123456789", bytes(range(1, 10))))


def _nibbles(m: int) -> int:
    """Each bit of m moved to the low bit of its own hex digit (bit k to bit 4k)."""
    return int(format(m, "b"), 16)


def _grid(b: int) -> tuple[int, ...]:
    """The 81 digits of a solved board."""
    # bit k of each cell's value is the OR of the blocks of the digits with that bit
    # (1: digits 1 3 5 7 9, 2: 2 3 6 7, 4: 4 5 6 7, 8: 8 9), gathered from two folds (e
    # holds digits d and d+2 in block d-1, f digits d and d+1); spread to one hex digit
    # per position, the value reads off the hex string
    block = BLOCK
    e = b | (b >> 180)
    f = b | (b >> 90)
    x = f >> 450
    v = _nibbles((e | (e >> 360) | (b >> 720)) & block)
    v += 2 * _nibbles(((f >> 90) | x) & block)
    v += 4 * _nibbles(((f >> 270) | x) & block)
    v += 8 * _nibbles((f >> 630) & block)
    # the spare bits read 0 and drop out; lowest position first
    return tuple(format(v, "x").encode().translate(_HEX_VALUE, b"0")[::-1])


def initial_state(cells: Sequence[int]) -> tuple[list[int], list[int]] | None:
    """Cell masks and digit cell-masks after propagating the clues, or None if they clash."""
    r = _propagate(_board(cells), 0)
    if r is None:
        return None
    where = _where(r[0])
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
    counter = stats if stats is not None else [0]
    for done in _search(_board(cells), 0, counter):
        yield _grid(done)


def solve(cells: Sequence[int]) -> tuple[int, ...] | None:
    """The first solution found, or None."""
    done = _first(_board(cells), 0, [0])
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
    _first(_board(cells), 0, stats)
    return stats[0]
