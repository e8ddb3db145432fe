"""The Nurikabe model: a clue grid (the puzzle) and a grid of cell states (a game)."""

from __future__ import annotations

from dataclasses import dataclass

# Cell states. A clue cell is always LAND; the checker and the solver both rely on that.
UNKNOWN = 0
LAND = 1  # white / light
WALL = 2  # black / dark

STATE_NAMES = {UNKNOWN: "unknown", LAND: "land", WALL: "wall"}


@dataclass(frozen=True)
class Puzzle:
    """A rectangular Nurikabe puzzle; `clues` is row-major, 0 where a cell has no number."""

    rows: int
    cols: int
    clues: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1 or len(self.clues) != self.rows * self.cols:
            raise ValueError("clue grid does not match its dimensions")

    @property
    def size(self) -> int:
        """Number of cells."""
        return self.rows * self.cols

    def index(self, row: int, col: int) -> int:
        """Flat index of (row, col), both 0-origin."""
        return row * self.cols + col

    def position(self, index: int) -> tuple[int, int]:
        """(row, col), 0-origin, of a flat index."""
        return divmod(index, self.cols)

    def empty_state(self) -> tuple[int, ...]:
        """The starting state: clue cells LAND, everything else UNKNOWN."""
        return tuple(LAND if c else UNKNOWN for c in self.clues)

    def clue_rows(self) -> list[list[int]]:
        """Clues as a list of rows."""
        return [list(self.clues[r * self.cols:(r + 1) * self.cols]) for r in range(self.rows)]


@dataclass(frozen=True)
class Game:
    """A named puzzle together with a (possibly partial) state of its cells."""

    name: str
    puzzle: Puzzle
    cells: tuple[int, ...]

    def is_complete(self) -> bool:
        """True when no cell is UNKNOWN."""
        return UNKNOWN not in self.cells


def cell_name(puzzle: Puzzle, index: int) -> str:
    """Human name of a cell, 1-origin: 'r3c7'."""
    r, c = puzzle.position(index)
    return f"r{r + 1}c{c + 1}"


def clue_problem(puzzle: Puzzle) -> tuple[int, int, str] | None:
    """First reason the clues alone make the puzzle impossible, as (row, col, text), 0-origin."""
    total = 0
    for i, clue in enumerate(puzzle.clues):
        if clue < 0:
            r, c = puzzle.position(i)
            return r, c, f"clue {clue} is not positive"
        if clue > puzzle.size:
            r, c = puzzle.position(i)
            return r, c, f"clue {clue} is larger than the grid ({puzzle.size} cells)"
    for i, clue in enumerate(puzzle.clues):
        if not clue:
            continue
        total += clue
        r, c = puzzle.position(i)
        if total > puzzle.size:
            return r, c, f"clues add up to more than the {puzzle.size} cells of the grid"
        # Orthogonally adjacent numbers would share one island.
        if c + 1 < puzzle.cols and puzzle.clues[i + 1]:
            return r, c, f"clue {clue} touches clue {puzzle.clues[i + 1]} on its right"
        if r + 1 < puzzle.rows and puzzle.clues[i + puzzle.cols]:
            return r, c, f"clue {clue} touches clue {puzzle.clues[i + puzzle.cols]} below it"
    return None
