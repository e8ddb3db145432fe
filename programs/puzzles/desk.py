"""One way to play the three puzzle kinds (Nurikabe, Sudoku, 0h n0): read, hint, step, check,
solve and count, each answered by that kind's own library (the same functions `pc1 solve`,
`pc1 check` and the tests call).

A ``Position`` is a puzzle with the state of its cells; every operation returns a new one.
Hints follow Hui: the cheapest rule that decides something now, with the cells it decides.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from importlib import resources

from programs.puzzles.nurikabe import checker as nk_checker
from programs.puzzles.nurikabe.board import Analysis, Board, Contradiction
from programs.puzzles.nurikabe.formats import read_games
from programs.puzzles.nurikabe.model import LAND, STATE_NAMES, UNKNOWN, WALL, Puzzle, cell_name
from programs.puzzles.nurikabe.model import clue_problem as nk_clue_problem
from programs.puzzles.nurikabe.rules import Deduction
from programs.puzzles.nurikabe.solver import LOGIC
from programs.puzzles.nurikabe.solver import count_solutions as nk_count
from programs.puzzles.nurikabe.solver import solve as nk_solve
from programs.puzzles.ohno import checker as oh_checker
from programs.puzzles.ohno import solver as oh_solver
from programs.puzzles.ohno.examples import EXAMPLES as OHNO_EXAMPLES
from programs.puzzles.ohno.formats import BLUE, EMPTY, IS_BLUE, IS_RED, OPEN, RED
from programs.puzzles.ohno.formats import Board as OhnoBoard
from programs.puzzles.ohno.formats import parse_text as oh_parse
from programs.puzzles.sudoku import checker as su_checker
from programs.puzzles.sudoku import fast, hui
from programs.puzzles.sudoku.examples import EXAMPLES as SUDOKU_EXAMPLES
from programs.puzzles.sudoku.formats import clue_errors
from programs.puzzles.sudoku.formats import parse_text as su_parse

KINDS = ("nurikabe", "sudoku", "0hn0")


class PuzzleError(ValueError):
    """Bad puzzle text, or a board that already breaks the rules: one line saying where."""


@dataclass(frozen=True)
class Position:
    """A puzzle and the state of its cells (row-major)."""

    kind: str
    name: str
    rows: int
    cols: int
    givens: tuple[int, ...]  # nurikabe: clue numbers; sudoku: clues; 0hn0: the board's cells
    state: tuple[int, ...]   # nurikabe: UNKNOWN/LAND/WALL; sudoku: digits; 0hn0: OPEN/BLUE/RED

    def where(self, cell: int) -> str:
        """r<row>c<col>, 1-origin."""
        return f"r{cell // self.cols + 1}c{cell % self.cols + 1}"

    @property
    def open_cells(self) -> int:
        """Cells still undecided."""
        return sum(1 for s in self.state if s == 0)


@dataclass(frozen=True)
class Hint:
    """The next logical step: a rule, the cells it decides and their values, and why."""

    rule: str
    text: str
    cells: tuple[int, ...]
    values: tuple[int, ...]
    context: tuple[int, ...] = ()  # the cells the reason speaks of (a clue, a region)


@dataclass(frozen=True)
class Report:
    """What Check found: its lines, the cells at fault, and whether the rules all hold."""

    lines: tuple[str, ...]
    cells: tuple[int, ...]
    ok: bool


# --- reading -------------------------------------------------------------------------------


def read_positions(kind: str, text: str, source: str = "<text>") -> list[Position]:
    """Every puzzle in the text, in any format `pc1 solve KIND` reads; PuzzleError if bad."""
    try:
        if kind == "nurikabe":
            return _read_nurikabe(text, source)
        if kind == "sudoku":
            return _read_sudoku(text, source)
        if kind == "0hn0":
            return [_ohno_position(b, f"board at line {b.line}") for b in oh_parse(text, source)]
    except PuzzleError:
        raise
    except ValueError as exc:  # each reader's own error is one line naming file and line
        raise PuzzleError(str(exc)) from None
    raise PuzzleError(f"unknown puzzle kind {kind!r}; one of {', '.join(KINDS)}")


def _read_nurikabe(text: str, source: str) -> list[Position]:
    _, games = read_games(text, source)
    out = []
    for game in games:
        problem = nk_clue_problem(game.puzzle)
        if problem is not None:
            r, c, why = problem
            raise PuzzleError(f"{source}: {game.name}: row {r + 1}, column {c + 1}: {why}")
        p = game.puzzle
        out.append(Position("nurikabe", game.name, p.rows, p.cols, p.clues, game.cells))
    return out


def _read_sudoku(text: str, source: str) -> list[Position]:
    out = []
    for puzzle in su_parse(text, source):
        problem = clue_errors(puzzle, source)
        if problem:
            raise PuzzleError(problem)
        name = f"puzzle at line {puzzle.line}"
        out.append(Position("sudoku", name, 9, 9, puzzle.cells, puzzle.cells))
    return out


def _ohno_position(board: OhnoBoard, name: str) -> Position:
    return Position("0hn0", name, board.rows, board.cols, board.cells,
                    tuple(oh_solver.initial_state(board)))


# --- the seed's puzzles --------------------------------------------------------------------


def _sample(name: str) -> str:
    return (resources.files("programs.puzzles.samples") / name).read_text(encoding="utf-8")


@dataclass(frozen=True)
class SeedPuzzle:
    """One of the seed's puzzles: its kind, where it comes from, its text."""

    kind: str
    about: str
    text: str  # in a format `pc1 solve KIND` reads


def seed_puzzles() -> dict[str, SeedPuzzle]:
    """The seed's puzzles by name."""
    out: dict[str, SeedPuzzle] = {}
    hui_text = _sample("nurikabe_hui.txt")
    for block in re.split(r"\n(?=n\d=:)", hui_text):
        head = block.split("=:", 1)[0].strip()
        if re.fullmatch(r"n\d", head):
            out[head] = SeedPuzzle("nurikabe", "Roger Hui's Nurikabe essay",
                                   block.strip() + "\n")
    out["progcomp"] = SeedPuzzle("nurikabe", "Progcomp 2014 task 5 sample games",
                                 _sample("nurikabe_progcomp.txt"))
    for name in ("ym", "su21_99", "clark", "su21_1", "x"):
        source, cells, _ = SUDOKU_EXAMPLES[name]
        out[name] = SeedPuzzle("sudoku", source, f"# {source}\n{cells}\n")
    for name, board in OHNO_EXAMPLES.items():
        out[f"0hn0 {name}"] = SeedPuzzle("0hn0", f"the 0h n0 task's {name}", board + "\n")
    return out


# --- nurikabe ------------------------------------------------------------------------------


def _puzzle(pos: Position) -> Puzzle:
    return Puzzle(pos.rows, pos.cols, pos.givens)


def _nurikabe_hint(pos: Position) -> Hint | None:
    puzzle = _puzzle(pos)
    board = Board(puzzle, pos.state)
    if UNKNOWN not in board.cells:
        return None
    try:
        analysis = Analysis(board)
        for name, rule in LOGIC:
            fresh: dict[int, Deduction] = {}
            for d in rule(board, analysis):
                if board.cells[d.cell] == UNKNOWN:
                    fresh.setdefault(d.cell, d)
                elif board.cells[d.cell] != d.state:
                    raise Contradiction(f"{cell_name(puzzle, d.cell)} must be both land and wall")
            if fresh:
                first = next(iter(fresh.values()))
                cells = tuple(fresh)
                values = tuple(fresh[c].state for c in cells)
                said = ", ".join(f"{cell_name(puzzle, c)} {STATE_NAMES[v]}"
                                 for c, v in zip(cells, values, strict=True))
                others = len({d.reason for d in fresh.values()}) - 1
                why = first.reason + (f" (and {others} more like it)" if others else "")
                return Hint(name, f"{said}: {why}", cells, values,
                            _named_cells(pos, first.reason))
    except Contradiction as exc:
        raise PuzzleError(f"the board breaks the rules: {exc}") from None
    return None


def _named_cells(pos: Position, text: str) -> tuple[int, ...]:
    """The cells a reason names as r<row>c<col>."""
    cells = []
    for r, c in re.findall(r"r(\d+)c(\d+)", text):
        row, col = int(r) - 1, int(c) - 1
        if 0 <= row < pos.rows and 0 <= col < pos.cols:
            cells.append(row * pos.cols + col)
    return tuple(cells)


def _at_fault(pos: Position, violation: nk_checker.Violation) -> tuple[int, ...]:
    """The cells a broken rule is about: the island (rules 1, 2), the cut-off dark cells
    (rule 4) or the 2x2 block (rule 5) at the cell the report names."""
    start = violation.row * pos.cols + violation.col
    if violation.rule == 5:
        return (start, start + 1, start + pos.cols, start + pos.cols + 1)
    state = LAND if violation.rule in (1, 2) else WALL
    kind = [LAND if g else s for g, s in zip(pos.givens, pos.state, strict=True)]
    seen, todo = {start}, [start]
    while todo:
        r, c = divmod(todo.pop(), pos.cols)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            i = rr * pos.cols + cc
            if 0 <= rr < pos.rows and 0 <= cc < pos.cols and i not in seen and kind[i] == state:
                seen.add(i)
                todo.append(i)
    return tuple(sorted(seen))


def _nurikabe_check(pos: Position) -> Report:
    puzzle = _puzzle(pos)
    violation = nk_checker.first_violation(puzzle, pos.state)
    if violation is not None:
        line = nk_checker.progcomp_line(pos.name, violation)
        return Report((line,), _at_fault(pos, violation), False)
    if UNKNOWN in pos.state:
        return Report((f"{pos.name} is Unsolved",), (), True)
    return Report((f"{pos.name} is Solved",), (), True)


# --- sudoku --------------------------------------------------------------------------------


def _sudoku_hint(pos: Position) -> Hint | None:
    if 0 not in pos.state:
        return None
    if not hui.ok(pos.state):
        raise PuzzleError("the board breaks the rules: a region repeats a digit")
    placed = hui.round_placements(pos.state)
    if not placed:
        cell, digits = hui.guess_cell(pos.state)
        if not digits:
            raise PuzzleError(f"the board breaks the rules: {pos.where(cell)} has no candidate")
        shown = ",".join(map(str, digits))
        return Hint("guess", f"no single left: Hui's method guesses at {pos.where(cell)}, "
                    f"the cell with fewest candidates {{{shown}}}", (), (), (cell,))
    first = placed[0]
    if first.reason == "only candidate":
        context = tuple(p for p in hui.PEERS[first.cell] if p != first.cell and pos.state[p])
    else:
        region = hui.REGIONS[hui.REGION_NAMES.index(first.reason.removeprefix("only place in "))]
        context = tuple(region)
    return Hint(first.reason, f"{pos.where(first.cell)} = {first.digit}: {first.reason}",
                (first.cell,), (first.digit,), context)


def _sudoku_check(pos: Position) -> Report:
    lines, bad = [], set()
    for name, region in zip(hui.REGION_NAMES, hui.REGIONS, strict=True):
        seen: dict[int, list[int]] = {}
        for cell in region:
            if pos.state[cell]:
                seen.setdefault(pos.state[cell], []).append(cell)
        for digit, cells in seen.items():
            if len(cells) > 1:
                lines.append(f"{name} has {len(cells)} {digit}s: "
                             + " ".join(pos.where(c) for c in cells))
                bad.update(cells)
    if not lines:
        for cell, n in enumerate(hui.frequency(pos.state)):
            if not pos.state[cell] and not n:
                lines.append(f"{pos.where(cell)} has no candidate left")
                bad.add(cell)
    if lines:
        return Report(tuple(lines), tuple(sorted(bad)), False)
    if 0 in pos.state:
        return Report((f"no rule broken; {pos.open_cells} cells empty",), (), True)
    problems = su_checker.solution_problems(pos.givens, pos.state)
    if problems:
        return Report(tuple(problems), (), False)
    return Report(("solved: every row, column and box holds 1-9 once",), (), True)


# --- 0h n0 ---------------------------------------------------------------------------------


def _ohno_board(pos: Position) -> OhnoBoard:
    """The position as a board whose givens are the decided cells (numbers kept)."""
    cells = tuple(
        g if g > 0 else {IS_BLUE: BLUE, IS_RED: RED}.get(s, EMPTY)
        for g, s in zip(pos.givens, pos.state, strict=True)
    )
    return OhnoBoard(pos.rows, pos.cols, cells)


def _ohno_hint(pos: Position) -> Hint | None:
    if OPEN not in pos.state:
        return None
    found = oh_solver.deduce(_ohno_board(pos))
    if not found.steps:
        if not found.consistent:
            raise PuzzleError("the board breaks the rules: the numbers cannot all hold")
        return None
    step = found.steps[0]
    colour = "blue" if step.state == IS_BLUE else "red"
    rule = next((name for phrase, name in OHNO_RULES if phrase in step.reason), "rule")
    return Hint(rule, f"{pos.where(step.cell)} {colour}: {step.reason}",
                (step.cell,), (step.state,), _named_cells(pos, step.reason))


# the solver's reasons, by the rule they come from
OHNO_RULES = (
    ("must see at least", "reach"),
    ("sees exactly", "view closed"),
    ("no other neighbour", "lonely blue"),
    ("could see no other blue", "walled in"),
    ("trial:", "trial"),
)


def _ohno_seen(pos: Position, cell: int) -> tuple[int, bool]:
    """Blue cells a cell sees for sure, and whether all four views are closed."""
    r0, c0 = divmod(cell, pos.cols)
    seen, closed = 0, True
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = r0 + dr, c0 + dc
        while 0 <= r < pos.rows and 0 <= c < pos.cols and pos.state[r * pos.cols + c] == IS_BLUE:
            seen += 1
            r, c = r + dr, c + dc
        if 0 <= r < pos.rows and 0 <= c < pos.cols and pos.state[r * pos.cols + c] == OPEN:
            closed = False
    return seen, closed


def _ohno_check(pos: Position) -> Report:
    if OPEN not in pos.state:
        blue = [s == IS_BLUE for s in pos.state]
        problems = oh_checker.solution_problems(pos.rows, pos.cols, pos.givens, blue)
        cells = tuple(sorted({
            (int(r) - 1) * pos.cols + int(c) - 1
            for p in problems for r, c in re.findall(r"row (\d+), column (\d+)", p)}))
        if problems:
            return Report(tuple(problems), cells, False)
        return Report(("solved: every number sees its count, every blue sees a blue",), (), True)
    lines, bad = [], []
    for cell, given in enumerate(pos.givens):
        if pos.state[cell] != IS_BLUE:
            continue
        seen, closed = _ohno_seen(pos, cell)
        if given > 0 and (seen > given or (closed and seen < given)):
            lines.append(f"the {given} at {pos.where(cell)} sees {seen} blue cells")
            bad.append(cell)
        elif closed and seen == 0:
            lines.append(f"the blue cell at {pos.where(cell)} sees no other blue")
            bad.append(cell)
    if lines:
        return Report(tuple(lines), tuple(bad), False)
    return Report((f"no rule broken; {pos.open_cells} cells open",), (), True)


# --- the operations ------------------------------------------------------------------------


def hint(pos: Position) -> Hint | None:
    """The next logical step (None when the board is full or the rules find nothing)."""
    return {"nurikabe": _nurikabe_hint, "sudoku": _sudoku_hint, "0hn0": _ohno_hint}[pos.kind](pos)


def apply_hint(pos: Position, step: Hint) -> Position:
    """The position with the hint's cells set."""
    state = list(pos.state)
    for cell, value in zip(step.cells, step.values, strict=True):
        state[cell] = value
    return replace(pos, state=tuple(state))


def check(pos: Position) -> Report:
    """The rules judged on the board as it stands (Progcomp's words for Nurikabe)."""
    return {"nurikabe": _nurikabe_check, "sudoku": _sudoku_check,
            "0hn0": _ohno_check}[pos.kind](pos)


def solve(pos: Position) -> Position | None:
    """The first solution from this state, approved by the kind's checker; None if none."""
    if pos.kind == "nurikabe":
        puzzle = _puzzle(pos)
        if nk_checker.first_violation(puzzle, pos.state):
            return None
        result = nk_solve(puzzle, pos.state)
        if not result.solutions:
            return None
        cells = result.solutions[0]
        problems = nk_checker.solution_problems(puzzle, cells, pos.state)
    elif pos.kind == "sudoku":
        found = fast.solve(pos.state)
        if found is None:
            return None
        cells = found
        problems = su_checker.solution_problems(pos.state, cells)
    else:
        blue = oh_solver.solve(_ohno_board(pos))
        if blue is None:
            return None
        cells = tuple(IS_BLUE if b else IS_RED for b in blue)
        problems = oh_checker.solution_problems(pos.rows, pos.cols, pos.givens, blue)
    if problems:
        raise RuntimeError(f"the solver's grid fails the checker: {problems[0]}")
    return replace(pos, state=tuple(cells))


def count(pos: Position, limit: int = 2) -> int:
    """Solutions from this state, counted up to ``limit`` (2 answers "is it unique?")."""
    if pos.kind == "nurikabe":
        puzzle = _puzzle(pos)
        if nk_checker.first_violation(puzzle, pos.state):
            return 0
        return nk_count(puzzle, pos.state, limit)
    if pos.kind == "sudoku":
        return fast.count_solutions(pos.state, limit)
    return oh_solver.count_solutions(_ohno_board(pos), limit)


def symbol(pos: Position, cell: int) -> tuple[str, str]:
    """How a cell looks: its text and its part ("clue", "land", "wall", "open", "digit",
    "number", "blue", "red")."""
    g, s = pos.givens[cell], pos.state[cell]
    if pos.kind == "nurikabe":
        if g:
            return str(g), "clue"
        return {LAND: ("·", "land"), WALL: ("", "wall")}.get(s, ("", "open"))
    if pos.kind == "sudoku":
        if g:
            return str(g), "clue"
        return (str(s), "digit") if s else ("", "open")
    if g > 0:
        return str(g), "number"  # a 0h n0 number is a blue cell that counts what it sees
    return {IS_BLUE: ("", "blue"), IS_RED: ("", "red")}.get(s, ("", "open"))
