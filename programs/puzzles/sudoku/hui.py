"""Roger Hui's Sudoku method (Vector 21.4, 2005), step by step in Python.

The J program works on whole arrays; this module keeps its shape so each step can be shown:

- `free y`: an 81x9 boolean table, cell empty and digit absent from the cell's row,
  column and block (the cell's "peers" I).
- `ac`: cells with exactly one candidate get that digit (naked singles).
- `ar`: for each region in Hui's order R (9 blocks, 9 rows, 9 columns), the *first* digit
  that fits in only one cell of the region goes there (one hidden single per region per
  round). Later regions overwrite earlier ones in the same cell, as J's amend does.
- `assign`: y + (ac >. ar) free y, repeated to a fixed point; the two proposals are merged
  with the cell-wise maximum, as in J.
- `ok`: no region repeats a nonzero digit.
- `guessa`: branch on the first cell with the fewest candidates (filled or dead cells
  count as 10), one new board per candidate in ascending order.
- `sudoku`: breadth first over the list of boards: assign all, drop the not-ok ones, guess
  on each, until the list stops changing; the result is every solution.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

Board = tuple[int, ...]

ROWS = tuple(tuple(9 * r + c for c in range(9)) for r in range(9))
COLUMNS = tuple(tuple(9 * r + c for r in range(9)) for c in range(9))
BLOCKS = tuple(
    tuple(9 * (3 * br + dr) + 3 * bc + dc for dr in range(3) for dc in range(3))
    for br in range(3)
    for bc in range(3)
)
# Hui's R =: j, (,|:) i.9 9 -- blocks first, then rows, then columns
REGIONS = BLOCKS + ROWS + COLUMNS
REGION_NAMES = tuple(
    [f"block {k + 1}" for k in range(9)]
    + [f"row {k + 1}" for k in range(9)]
    + [f"column {k + 1}" for k in range(9)]
)
# I: for each cell, the distinct cells of its row, column and block (itself included)
PEERS = tuple(
    tuple(sorted(set(ROWS[i // 9]) | set(COLUMNS[i % 9]) | set(BLOCKS[i // 27 * 3 + i % 9 // 3])))
    for i in range(81)
)


@dataclass(frozen=True)
class Placement:
    """One digit written by a round of `assign`, with Hui's reason for it."""

    cell: int
    digit: int
    reason: str  # "only candidate" (ac) or "only place in <region>" (ar)

    def __str__(self) -> str:
        return f"r{self.cell // 9 + 1}c{self.cell % 9 + 1}={self.digit} ({self.reason})"


@dataclass
class BoardStep:
    """What happened to one board in one generation."""

    start: Board
    rounds: list[list[Placement]]  # placements of each assign round
    assigned: Board
    ok: bool
    guess: tuple[int, tuple[int, ...]] | None  # cell and digits branched on, if any


@dataclass
class Trace:
    """Everything `sudoku` did, for the explanation: one list of BoardSteps per generation."""

    generations: list[list[BoardStep]] = field(default_factory=list)
    solutions: list[Board] = field(default_factory=list)
    stopped: bool = False  # True when the board limit cut the search short


def free(y: Sequence[int]) -> list[list[bool]]:
    """Hui's `free`: for each cell, which digits 1-9 may still go there."""
    table = []
    for i in range(81):
        if y[i]:
            table.append([False] * 9)
        else:
            seen = {y[p] for p in PEERS[i]}
            table.append([d not in seen for d in range(1, 10)])
    return table


def frequency(y: Sequence[int]) -> list[int]:
    """`+/"1 free y`: the number of candidates of every cell."""
    return [sum(row) for row in free(y)]


def candidates(y: Sequence[int], row: int, col: int) -> list[int]:
    """Nishikawa's `cand`: the candidates of the cell at 1-based (row, col)."""
    b = free(y)[9 * (row - 1) + col - 1]
    return [d + 1 for d in range(9) if b[d]]


def ac(b: list[list[bool]]) -> list[int]:
    """Naked singles: the digit of every cell with exactly one candidate, else 0."""
    return [row.index(True) + 1 if sum(row) == 1 else 0 for row in b]


def ar_detail(b: list[list[bool]]) -> dict[int, tuple[int, int]]:
    """Hidden singles, one per region: cell -> (digit, region), later regions winning."""
    out: dict[int, tuple[int, int]] = {}
    for k, region in enumerate(REGIONS):
        for d in range(9):
            where = [cell for cell in region if b[cell][d]]
            if len(where) == 1:
                out[where[0]] = (d + 1, k)
                break  # J's `1 i."1~`: only the first such digit of the region
    return out


def ar(b: list[list[bool]]) -> list[int]:
    """Hui's `ar` as an 81-vector (0 where no hidden single was chosen)."""
    out = [0] * 81
    for cell, (digit, _) in ar_detail(b).items():
        out[cell] = digit
    return out


def round_placements(y: Sequence[int]) -> list[Placement]:
    """What one round `(ac >. ar) free y` writes, with reasons."""
    b = free(y)
    singles = ac(b)
    hidden = ar_detail(b)
    out = []
    for cell in range(81):
        a = singles[cell]
        h, region = hidden.get(cell, (0, -1))
        digit = max(a, h)
        if not digit:
            continue
        if digit == a:
            reason = "only candidate"
        else:
            reason = f"only place in {REGION_NAMES[region]}"
        out.append(Placement(cell, digit, reason))
    return out


def step(y: Sequence[int]) -> Board:
    """Hui's `func`: y + (ac >. ar) free y."""
    b = free(y)
    return tuple(v + max(a, h) for v, a, h in zip(y, ac(b), ar(b), strict=True))


def assign(y: Sequence[int], rounds: list[list[Placement]] | None = None) -> Board:
    """`func^:_`: repeat `step` until nothing changes; optionally record each round."""
    board = tuple(y)
    while True:
        if rounds is not None:
            placed = round_placements(board)
            if placed:
                rounds.append(placed)
        nxt = step(board)
        if nxt == board:
            return board
        board = nxt


def ok(y: Sequence[int]) -> bool:
    """No region holds a nonzero digit twice."""
    for region in REGIONS:
        values = [y[i] for i in region if y[i]]
        if len(values) != len(set(values)):
            return False
    return True


def guess_cell(y: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """The cell `guessa` branches on and its candidates (none for a finished or dead board)."""
    b = free(y)
    # 10,}.i.10 maps 0 candidates (filled or dead cell) to 10, so those are never chosen
    keys = [sum(row) or 10 for row in b]
    cell = keys.index(min(keys))
    return cell, tuple(d + 1 for d in range(9) if b[cell][d])


def guessa(y: Sequence[int]) -> list[Board]:
    """One board per candidate of the fewest-candidates cell; a full board stays as is."""
    if 0 not in y:
        return [tuple(y)]
    cell, digits = guess_cell(y)
    return [tuple(d if i == cell else v for i, v in enumerate(y)) for d in digits]


def sudoku(
    y: Sequence[int], max_boards: int = 20000, trace: Trace | None = None
) -> list[Board]:
    """All solutions by Hui's breadth-first loop; stops early if the list exceeds `max_boards`."""
    boards: list[Board] = [tuple(y)]
    while True:
        steps: list[BoardStep] = []
        nxt: list[Board] = []
        for board in boards:
            rounds: list[list[Placement]] | None = [] if trace is not None else None
            done = assign(board, rounds)
            good = ok(done)
            branch = guess_cell(done) if good and 0 in done else None
            if good:
                nxt.extend(guessa(done))
            if trace is not None:
                steps.append(BoardStep(board, rounds or [], done, good, branch))
        if trace is not None:
            trace.generations.append(steps)
        finished = [b for b in nxt if 0 not in b]
        if nxt == boards:
            if trace is not None:
                trace.solutions = finished
            return nxt
        if len(nxt) > max_boards:
            if trace is not None:
                trace.stopped = True
                trace.solutions = finished
            return finished
        boards = nxt
