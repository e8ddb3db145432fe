"""Explanations: the solver's steps as text, a one-cell hint like Hui's `hint`, a grid picture."""

from __future__ import annotations

from .board import Analysis, Board
from .model import STATE_NAMES, UNKNOWN, Puzzle, cell_name
from .rules import Deduction
from .solver import LOGIC, Step


def describe(puzzle: Puzzle, step: Step | Deduction) -> str:
    """One line: which rule set which cell, and why."""
    what = f"{cell_name(puzzle, step.cell)} {STATE_NAMES[step.state]}"
    return f"{what:<13} {step.rule}: {step.reason}"


def explain(puzzle: Puzzle, steps: list[Step]) -> list[str]:
    """Numbered lines for every step; guesses and what follows them are indented."""
    return [f"{n:4}. {'  ' * s.depth}{describe(puzzle, s)}" for n, s in enumerate(steps, 1)]


def hint(puzzle: Puzzle, cells: tuple[int, ...] | None = None) -> Deduction | None:
    """The first cell the rules can decide in this state (cheapest rule first), or None.

    Raises board.Contradiction when the state already breaks the rules.
    """
    board = Board(puzzle, cells)
    if UNKNOWN not in board.cells:
        return None
    analysis = Analysis(board)
    for _name, rule in LOGIC:
        for d in rule(board, analysis):
            if board.cells[d.cell] == UNKNOWN:
                return d
    return None


def picture(puzzle: Puzzle, cells: tuple[int, ...] | list[int]) -> str:
    """Hui's `see`: numbers, 'X' for wall, blank for land, '?' for unknown, in a box."""
    width = len(str(max(puzzle.clues)))
    symbol = {0: "?", 1: " ", 2: "X"}
    rule = "+" + "+".join("-" * width for _ in range(puzzle.cols)) + "+"
    lines = [rule]
    for r in range(puzzle.rows):
        row = []
        for c in range(puzzle.cols):
            i = puzzle.index(r, c)
            tok = str(puzzle.clues[i]) if puzzle.clues[i] else symbol[cells[i]]
            row.append(tok.rjust(width))
        lines.append("|" + "|".join(row) + "|")
        lines.append(rule)
    return "\n".join(lines)
