"""Sudoku files: one 81-character line per puzzle or a 9-line grid; '#' comments.

A cell is a digit 1-9, or '.' or '0' for an empty cell. Inside a line, spaces and the box
rules '|' are ignored, and lines made only of '-', '+', '|' and spaces are box rules, so a
grid printed with box lines reads back. Blank lines are allowed anywhere. Every error is
one line naming the file, the line and the column of the offending character.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from programs.puzzles.text import read_puzzle_text

SIZE = 9
CELLS = SIZE * SIZE
_EMPTY = ".0"
_IGNORED = " \t|"
_RULE_CHARS = set("-+| \t")


class SudokuInputError(ValueError):
    """Bad puzzle text; the message is one line naming file, line and column."""


@dataclass(frozen=True)
class Puzzle:
    """A puzzle as read: 81 cells row by row (0 = empty) and where it came from."""

    cells: tuple[int, ...]
    line: int = 1
    layout: str = "line"  # "line" (81 characters) or "grid" (9 rows), kept for writing back
    # (line, column) in the file of each cell, for error messages about clues
    places: tuple[tuple[int, int], ...] = field(default=(), compare=False, repr=False)

    def place(self, index: int) -> tuple[int, int]:
        """File line and column of cell `index` (row-major), or its grid position."""
        if self.places:
            return self.places[index]
        return index // SIZE + 1, index % SIZE + 1


def _cells_of(line: str, lineno: int, name: str) -> list[tuple[int, int]]:
    """The (value, column) cells of one data line."""
    out = []
    for col, ch in enumerate(line, start=1):
        if ch in _IGNORED:
            continue
        if ch in _EMPTY:
            out.append((0, col))
        elif "1" <= ch <= "9":
            out.append((ord(ch) - 48, col))
        else:
            shown = repr(ch) if ch.isprintable() else f"U+{ord(ch):04X}"
            raise SudokuInputError(
                f"{name}: line {lineno}, column {col}: {shown} is not a digit or '.'"
            )
    return out


def parse_text(text: str, name: str = "<text>") -> list[Puzzle]:
    """All puzzles in `text`; raises SudokuInputError with file, line and column."""
    puzzles: list[Puzzle] = []
    rows: list[list[tuple[int, int]]] = []
    row_lines: list[int] = []
    lineno = 0
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r\n")
        stripped = line.strip()
        if not stripped or stripped.startswith("#") or set(stripped) <= _RULE_CHARS:
            continue
        cells = _cells_of(line, lineno, name)
        if len(cells) == CELLS and not rows:
            puzzles.append(
                Puzzle(
                    tuple(v for v, _ in cells),
                    lineno,
                    "line",
                    tuple((lineno, c) for _, c in cells),
                )
            )
        elif len(cells) == SIZE:
            rows.append(cells)
            row_lines.append(lineno)
            if len(rows) == SIZE:
                puzzles.append(
                    Puzzle(
                        tuple(v for row in rows for v, _ in row),
                        row_lines[0],
                        "grid",
                        tuple(
                            (ln, c)
                            for ln, row in zip(row_lines, rows, strict=True)
                            for _, c in row
                        ),
                    )
                )
                rows, row_lines = [], []
        elif rows:
            raise SudokuInputError(
                f"{name}: line {lineno}, column {_end_column(line)}: grid row {len(rows) + 1}"
                f" has {len(cells)} cells, expected 9"
            )
        else:
            raise SudokuInputError(
                f"{name}: line {lineno}, column {_end_column(line)}: {len(cells)} cells;"
                " expected 81 (one-line puzzle) or 9 (grid row)"
            )
    if rows:
        raise SudokuInputError(
            f"{name}: line {lineno}, column 1: grid ends after {len(rows)} of 9 rows"
        )
    if not puzzles:
        raise SudokuInputError(f"{name}: line {max(lineno, 1)}, column 1: no puzzle found")
    return puzzles


def _end_column(line: str) -> int:
    """Column just after the last character, where a missing or extra cell shows."""
    return len(line.rstrip()) + 1 if line.strip() else 1


def clue_errors(puzzle: Puzzle, name: str = "<text>") -> str | None:
    """One line about the first clue that repeats in a row, column or box, else None."""
    cells = puzzle.cells
    for index, value in enumerate(cells):
        if not value:
            continue
        r, c = divmod(index, SIZE)
        for other in range(index):
            if cells[other] != value:
                continue
            r2, c2 = divmod(other, SIZE)
            where = None
            if r2 == r:
                where = f"row {r + 1}"
            elif c2 == c:
                where = f"column {c + 1}"
            elif (r2 // 3, c2 // 3) == (r // 3, c // 3):
                where = f"box {r // 3 * 3 + c // 3 + 1}"
            if where:
                line, col = puzzle.place(index)
                return (
                    f"{name}: line {line}, column {col}: {value} repeats in {where}"
                    f" (also at row {r2 + 1}, column {c2 + 1})"
                )
    return None


def read_file(path: str) -> list[Puzzle]:
    """Puzzles from a file ('-' = standard input); decoding errors become SudokuInputError."""
    text, name = read_puzzle_text(path, SudokuInputError)
    return parse_text(text, name)


def format_line(cells: tuple[int, ...] | list[int], empty: str = ".") -> str:
    """The 81-character line of a grid."""
    return "".join(str(v) if v else empty for v in cells)


def format_grid(cells: tuple[int, ...] | list[int], empty: str = ".", boxes: bool = False) -> str:
    """Nine lines of nine characters; with `boxes`, Hui's '+---+' box drawing."""
    rows = [format_line(cells[r * SIZE : (r + 1) * SIZE], empty) for r in range(SIZE)]
    if not boxes:
        return "\n".join(rows)
    rule = "+---+---+---+"
    out = []
    for r, row in enumerate(rows):
        if r % 3 == 0:
            out.append(rule)
        out.append("|" + "|".join(row[i : i + 3] for i in (0, 3, 6)) + "|")
    out.append(rule)
    return "\n".join(out)


def format_puzzle(puzzle: Puzzle, cells: tuple[int, ...] | list[int]) -> str:
    """`cells` written in the layout the puzzle was read in."""
    return format_line(cells) if puzzle.layout == "line" else format_grid(cells)
