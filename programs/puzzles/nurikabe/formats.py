"""Reading and writing Nurikabe files: Progcomp 2014 games, Hui's J matrices, plain grids.

Progcomp: games of `N name` + N rows of D (dark), L (light), digits, '.' (grey), cells
optionally separated by spaces; the file ends with `0 END`.
Hui: a matrix of integers; a puzzle has 0 (empty) and clues, a state has _1 (black),
_2 (free), 0 (white) and clues.  J's `name=: ".;._2 (0 : 0)` wrapper, `)` and `NB.` are allowed.
Plain: whitespace-separated tokens, '.' unknown, integer clue, 'X' wall, 'o' land;
lines starting with '#' are comments.
"""

from __future__ import annotations

import re

from .model import LAND, UNKNOWN, WALL, Game, Puzzle


class ParseError(ValueError):
    """A bad input file; the message is one line naming the file, row and column."""


_PROGCOMP_CELLS = {"D": WALL, "L": LAND, ".": UNKNOWN}
_PROGCOMP_SYMBOLS = {WALL: "D", LAND: "L", UNKNOWN: "."}
_HUI_STATES = {"_1": WALL, "-1": WALL, "_2": UNKNOWN, "-2": UNKNOWN}
_PLAIN_CELLS = {".": UNKNOWN, "X": WALL, "o": LAND}
_PLAIN_SYMBOLS = {UNKNOWN: ".", WALL: "X", LAND: "o"}
_INT = re.compile(r"[_-]?[0-9]+")
_NUM = re.compile(r"[0-9]{1,5}")


def _game(name: str, rows: list[list[tuple[int, int]]]) -> Game:
    """Build a game from rows of (clue, state) pairs already checked to be rectangular."""
    flat = [cell for row in rows for cell in row]
    puzzle = Puzzle(len(rows), len(rows[0]), tuple(clue for clue, _ in flat))
    return Game(name, puzzle, tuple(LAND if clue else state for clue, state in flat))


def _check_width(where: str, row: int, count: int, width: int, extra: str) -> None:
    """Raise for a ragged row: too few or too many cells."""
    if count < width:
        raise ParseError(
            f"{where}row {row}, column {count + 1}: missing cell "
            f"(row has {count} cells, expected {width})"
        )
    if count > width:
        raise ParseError(
            f"{where}row {row}, column {width + 1}: extra cell {extra!r} "
            f"(expected {width} cells per row)"
        )


# ---------------------------------------------------------------- Progcomp


def read_progcomp(text: str, source: str = "<input>") -> list[Game]:
    """Parse a Progcomp 2014 games file (several games, ending with `0 END`)."""
    lines = text.splitlines()
    games: list[Game] = []
    i = 0
    while True:
        while i < len(lines) and not lines[i].strip():
            i += 1
        if i >= len(lines):
            raise ParseError(f"{source}: line {i + 1}: missing the final '0 END' line")
        header = lines[i].split(None, 1)
        if not re.fullmatch(r"[0-9]{1,4}", header[0]):
            raise ParseError(
                f"{source}: line {i + 1}: expected 'N name' to start a game, got {header[0]!r}"
            )
        order = int(header[0])
        name = header[1].strip() if len(header) > 1 else ""
        if order == 0:
            return games
        if not name:
            raise ParseError(f"{source}: line {i + 1}: game of order {order} has no name")
        where = f"{source}: game {name}, "
        rows: list[list[tuple[int, int]]] = []
        for r in range(1, order + 1):
            i += 1
            if i >= len(lines) or not lines[i].strip():
                raise ParseError(f"{where}row {r}: missing (expected {order} rows)")
            symbols = "".join(lines[i].split())
            row = []
            for c, ch in enumerate(symbols[:order], start=1):
                if ch in "123456789":
                    row.append((int(ch), LAND))
                elif ch in _PROGCOMP_CELLS:
                    row.append((0, _PROGCOMP_CELLS[ch]))
                else:
                    raise ParseError(
                        f"{where}row {r}, column {c}: {ch!r} is not a clue digit, "
                        "'D', 'L' or '.'"
                    )
            _check_width(where, r, len(symbols), order, symbols[order:order + 1])
            rows.append(row)
        i += 1
        games.append(_game(name, rows))


def progcomp_rows(puzzle: Puzzle, cells: tuple[int, ...]) -> list[str]:
    """The grid as Progcomp rows: cells separated by spaces."""
    out = []
    for r in range(puzzle.rows):
        row = []
        for c in range(puzzle.cols):
            i = puzzle.index(r, c)
            clue = puzzle.clues[i]
            row.append(str(clue) if 0 < clue < 10 else _PROGCOMP_SYMBOLS[cells[i]])
        out.append(" ".join(row))
    return out


def write_progcomp(games: list[Game]) -> str:
    """A Progcomp games file for square games with clues below 10."""
    out = []
    for game in games:
        p = game.puzzle
        if p.rows != p.cols or max(p.clues) > 9 or not game.name.split():
            raise ValueError(f"game {game.name!r} cannot be written in Progcomp format")
        out.append(f"{p.rows} {game.name}")
        out.extend(progcomp_rows(p, game.cells))
    out.append("0 END")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- Hui's J matrices


def _blocks(lines: list[str]) -> list[tuple[str, list[tuple[int, str]]]]:
    """Split J-matrix text into (name, [(line number, line)]) blocks."""
    blocks: list[tuple[str, list[tuple[int, str]]]] = []
    name, current = "", []
    for n, raw in enumerate(lines, start=1):
        line = raw.split("NB.", 1)[0].strip()
        if "=:" in line:
            if current:
                blocks.append((name, current))
            name, current = line.split("=:", 1)[0].strip(), []
        elif not line or line == ")":
            if current:
                blocks.append((name, current))
            name, current = "", []
        else:
            current.append((n, line))
    if current:
        blocks.append((name, current))
    return blocks


def read_hui(text: str, source: str = "<input>") -> list[Game]:
    """Parse one or more of Hui's J matrices (blank lines or J definitions separate them)."""
    games = []
    for k, (name, numbered) in enumerate(_blocks(text.splitlines()), start=1):
        where = f"{source}: {('matrix ' + name) if name else f'matrix {k}'}, "
        tokens = [line.split() for _, line in numbered]
        state_form = any(t in _HUI_STATES for row in tokens for t in row)
        width = len(tokens[0])
        rows = []
        for r, row in enumerate(tokens, start=1):
            cells = []
            for c, tok in enumerate(row[:width], start=1):
                if tok in _HUI_STATES:
                    cells.append((0, _HUI_STATES[tok]))
                elif _NUM.fullmatch(tok):
                    value = int(tok)
                    if value:
                        cells.append((value, LAND))
                    else:
                        cells.append((0, LAND if state_form else UNKNOWN))
                else:
                    raise ParseError(
                        f"{where}row {r}, column {c}: {tok!r} is not a clue, 0, _1 or _2"
                    )
            _check_width(where, r, len(row), width, row[width] if len(row) > width else "")
            rows.append(cells)
        games.append(_game(name or f"matrix {k}", rows))
    if not games:
        raise ParseError(f"{source}: row 1, column 1: no matrix found")
    return games


def write_hui(puzzle: Puzzle, cells: tuple[int, ...] | None = None) -> str:
    """A J matrix: the puzzle (0 = empty) or, given cells, a state (_1 black, _2 free, 0 white)."""
    width = max(2, len(str(max(puzzle.clues))))
    out = []
    for r in range(puzzle.rows):
        row = []
        for c in range(puzzle.cols):
            i = puzzle.index(r, c)
            if puzzle.clues[i] or cells is None:
                tok = str(puzzle.clues[i])
            else:
                tok = {WALL: "_1", UNKNOWN: "_2", LAND: "0"}[cells[i]]
            row.append(tok.rjust(width))
        out.append(" ".join(row))
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- plain grids


def read_plain(text: str, source: str = "<input>", name: str = "") -> Game:
    """Parse a plain grid: '.' unknown, integer clue, 'X' wall, 'o' land; '#' lines skipped."""
    rows = []
    width = 0
    r = 0
    for raw in text.splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        r += 1
        tokens = raw.split()
        if r == 1:
            width = len(tokens)
        cells = []
        for c, tok in enumerate(tokens[:width], start=1):
            if tok in _PLAIN_CELLS:
                cells.append((0, _PLAIN_CELLS[tok]))
            elif _NUM.fullmatch(tok) and int(tok) > 0:
                cells.append((int(tok), LAND))
            else:
                raise ParseError(
                    f"{source}: row {r}, column {c}: {tok!r} is not a clue number, "
                    "'.', 'X' or 'o'"
                )
        _check_width(f"{source}: ", r, len(tokens), width, tokens[width] if len(tokens) > width
                     else "")
        rows.append(cells)
    if not rows:
        raise ParseError(f"{source}: row 1, column 1: no grid found")
    return _game(name or source, rows)


def write_plain(puzzle: Puzzle, cells: tuple[int, ...] | None = None) -> str:
    """A plain grid ('.' unknown, 'X' wall, 'o' land, numbers for clues), columns aligned."""
    state = cells if cells is not None else puzzle.empty_state()
    width = len(str(max(puzzle.clues)))
    out = []
    for r in range(puzzle.rows):
        row = []
        for c in range(puzzle.cols):
            i = puzzle.index(r, c)
            tok = str(puzzle.clues[i]) if puzzle.clues[i] else _PLAIN_SYMBOLS[state[i]]
            row.append(tok.rjust(width))
        out.append(" ".join(row).rstrip())
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- detection


def detect_format(text: str) -> str:
    """'progcomp', 'hui' or 'plain', from the text's first content line and tokens."""
    content = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    if not content:
        return "plain"
    if any(ln.split() == ["0", "END"] for ln in content):
        return "progcomp"
    first = content[0].split()
    if (len(first) >= 2 and _NUM.fullmatch(first[0]) and not _INT.fullmatch(first[1])
            and first[1] not in _PLAIN_CELLS):
        return "progcomp"
    if any("=:" in ln for ln in content):
        return "hui"
    tokens = [t for ln in content for t in ln.split("NB.", 1)[0].split()]
    if tokens and all(_INT.fullmatch(t) for t in tokens if t != ")"):
        return "hui"
    return "plain"


def read_games(text: str, source: str = "<input>") -> tuple[str, list[Game]]:
    """Detect the format and parse: (format name, games)."""
    kind = detect_format(text)
    if kind == "progcomp":
        return kind, read_progcomp(text, source)
    if kind == "hui":
        return kind, read_hui(text, source)
    return kind, [read_plain(text, source)]
