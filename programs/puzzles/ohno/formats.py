"""0h n0 boards in the seed's text format: '.' empty, '#' red, 'O' blue, 1-9 numbered blue.

A board is a block of equal-length rows; several boards in one file are separated by
blank lines. Lines starting with ';' or with '# ' (a hash and a space; rows never hold
spaces) are comments. A solution is written with 'O' for every blue cell (numbers too,
as in the seed's outputs) and '#' for every red one.
"""

from __future__ import annotations

from dataclasses import dataclass

from programs.puzzles.text import read_puzzle_text

EMPTY = -2
RED = -1
BLUE = 0  # a given blue without a number; numbers are 1-9

# states of a cell while solving
OPEN = 0
IS_BLUE = 1
IS_RED = 2

_SYMBOLS = {".": EMPTY, "#": RED, "O": BLUE}
MAX_SIDE = 40  # rows and columns; the solver's memory grows with (rows x cols) squared


class OhnoInputError(ValueError):
    """Bad board text; the message is one line naming file, line and column."""


@dataclass(frozen=True)
class Board:
    """A puzzle: size, cells row by row (EMPTY, RED, BLUE or a number), and its first line."""

    rows: int
    cols: int
    cells: tuple[int, ...]
    line: int = 1

    def at(self, r: int, c: int) -> int:
        """The given at 0-based (r, c)."""
        return self.cells[r * self.cols + c]


def _symbol(ch: str, name: str, lineno: int, col: int) -> int:
    """The cell value of one character."""
    if ch in _SYMBOLS:
        return _SYMBOLS[ch]
    if "1" <= ch <= "9":
        return ord(ch) - 48
    where = f"{name}: line {lineno}, column {col}"
    if ch == "0":
        raise OhnoInputError(f"{where}: '0' is not allowed: a number is 1-9")
    shown = repr(ch) if ch.isprintable() else f"U+{ord(ch):04X}"
    raise OhnoInputError(f"{where}: {shown} is not '.', '#', 'O' or a digit 1-9")


def _is_comment(line: str) -> bool:
    """';' lines and '# ' lines; a row of cells never contains a space."""
    return line.startswith(";") or line.startswith("# ") or line.rstrip() == "# "


def parse_text(text: str, name: str = "<text>") -> list[Board]:
    """All boards in `text`, each checked for shape, symbols and impossible numbers."""
    boards: list[Board] = []
    block: list[tuple[int, str]] = []
    lineno = 0
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r\n").rstrip(" \t")
        if _is_comment(line):
            continue
        if not line:
            if block:
                boards.append(_board(block, name))
                block = []
            continue
        if len(line) > MAX_SIDE or len(block) == MAX_SIDE:
            # the place where the board goes past the limit: a column, or a row
            column = MAX_SIDE + 1 if len(line) > MAX_SIDE else 1
            _too_large(text, block[0][0] if block else lineno, name,
                       f"line {lineno}, column {column}")
        block.append((lineno, line))
    if block:
        boards.append(_board(block, name))
    if not boards:
        raise OhnoInputError(f"{name}: line {max(lineno, 1)}, column 1: no board found")
    return boards


def _too_large(text: str, first: int, name: str, where: str) -> None:
    """Refuse the board starting at line `first`: one line with its size, naming `where`
    it goes past the limit."""
    rows = cols = 0
    for raw in text.splitlines()[first - 1:]:
        line = raw.rstrip("\r\n").rstrip(" \t")
        if _is_comment(line):
            continue
        if not line:
            break
        rows += 1
        cols = max(cols, len(line))
    raise OhnoInputError(
        f"{name}: {where}: the board from line {first} is {rows}x{cols}, larger than the"
        f" {MAX_SIDE}x{MAX_SIDE} this solver takes"
    )


def _board(block: list[tuple[int, str]], name: str) -> Board:
    """One board from its lines, with the checks that need the whole board."""
    first_line, first = block[0]
    width = len(first)
    cells: list[int] = []
    for lineno, line in block:
        for col, ch in enumerate(line, start=1):
            if col > width:
                raise OhnoInputError(
                    f"{name}: line {lineno}, column {col}: row is {len(line)} cells long,"
                    f" expected {width} like line {first_line}"
                )
            cells.append(_symbol(ch, name, lineno, col))
        if len(line) < width:
            raise OhnoInputError(
                f"{name}: line {lineno}, column {len(line) + 1}: row is {len(line)} cells"
                f" long, expected {width} like line {first_line}"
            )
    board = Board(len(block), width, tuple(cells), first_line)
    for index, value in enumerate(board.cells):
        if value > 0:
            r, c = divmod(index, width)
            most = max_visible(board, r, c)
            if value > most:
                lineno = block[r][0]
                raise OhnoInputError(
                    f"{name}: line {lineno}, column {c + 1}: {value} can see at most"
                    f" {most} cell{'s' if most != 1 else ''} before a red or the edge"
                )
    return board


def max_visible(board: Board, r: int, c: int) -> int:
    """How many cells (r, c) could see at most: non-red cells up to a red or the edge."""
    total = 0
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        rr, cc = r + dr, c + dc
        while 0 <= rr < board.rows and 0 <= cc < board.cols and board.at(rr, cc) != RED:
            total += 1
            rr, cc = rr + dr, cc + dc
    return total


def read_file(path: str) -> list[Board]:
    """Boards from a file ('-' = standard input)."""
    text, name = read_puzzle_text(path, OhnoInputError)
    return parse_text(text, name)


def format_board(board: Board) -> str:
    """The puzzle in the seed's input format."""
    inverse = {v: k for k, v in _SYMBOLS.items()}
    rows = []
    for r in range(board.rows):
        row = board.cells[r * board.cols : (r + 1) * board.cols]
        rows.append("".join(inverse.get(v, str(v)) for v in row))
    return "\n".join(rows)


def format_solution(cols: int, blue: list[bool] | tuple[bool, ...]) -> str:
    """The seed's output format: 'O' for blue (numbers included), '#' for red."""
    rows = []
    for start in range(0, len(blue), cols):
        rows.append("".join("O" if b else "#" for b in blue[start : start + cols]))
    return "\n".join(rows)


def format_progress(board: Board, state: list[int] | tuple[int, ...]) -> str:
    """A partly solved board: numbers kept, decided cells as 'O'/'#', open cells '.'."""
    rows = []
    for r in range(board.rows):
        out = []
        for c in range(board.cols):
            i = r * board.cols + c
            given = board.cells[i]
            if given > 0:
                out.append(str(given))
            else:
                out.append({IS_BLUE: "O", IS_RED: "#"}.get(state[i], "."))
        rows.append("".join(out))
    return "\n".join(rows)


def parse_solution(text: str, name: str = "<solution>") -> tuple[int, int, list[bool]]:
    """Rows of 'O'/'#' back to (rows, cols, blue flags); raises OhnoInputError."""
    lines = [ln.rstrip() for ln in text.splitlines() if ln.strip() and not _is_comment(ln)]
    if not lines:
        raise OhnoInputError(f"{name}: line 1, column 1: no solution rows")
    width = len(lines[0])
    blue = []
    for r, line in enumerate(lines, start=1):
        if len(line) != width:
            raise OhnoInputError(f"{name}: row {r}: {len(line)} cells, expected {width}")
        for c, ch in enumerate(line, start=1):
            if ch not in "O#":
                raise OhnoInputError(f"{name}: row {r}, column {c}: {ch!r} is not 'O' or '#'")
            blue.append(ch == "O")
    return len(lines), width, blue
