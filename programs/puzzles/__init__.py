"""The puzzles (Nurikabe, Sudoku, 0h n0), one subpackage each, and what they share: the
puzzle desk that plays any of them (`Position`, `Hint`, `Report`), reading puzzle text and
the `--count` limit, and the optional SAT engine.
"""

from programs.puzzles.desk import Hint, Position, PuzzleError, Report
from programs.puzzles.text import MAX_PUZZLE_BYTES, count_limit

__all__ = ["Hint", "MAX_PUZZLE_BYTES", "Position", "PuzzleError", "Report", "count_limit"]
