"""Explanation of a Sudoku solution as the steps of Hui's method, in words and grids."""

from __future__ import annotations

from collections.abc import Sequence

from programs.puzzles.sudoku import hui
from programs.puzzles.sudoku.formats import format_grid


def _cell(index: int) -> str:
    """r<row>c<col>, 1-based."""
    return f"r{index // 9 + 1}c{index % 9 + 1}"


def _wrap(items: list[str], indent: str, width: int = 92) -> list[str]:
    """Comma-separated items folded into lines no wider than `width`."""
    lines: list[str] = []
    current = ""
    for item in items:
        piece = item if not current else ", " + item
        if current and len(indent) + len(current) + len(piece) > width:
            lines.append(indent + current + ",")
            current = item
        else:
            current += piece
    if current:
        lines.append(indent + current)
    return lines


def explain(cells: Sequence[int], max_boards: int = 2000, detail: int = 3) -> list[str]:
    """Lines describing every generation of Hui's loop; full detail for `detail` boards each."""
    trace = hui.Trace()
    hui.sudoku(cells, max_boards=max_boards, trace=trace)
    clues = sum(1 for v in cells if v)
    lines = [
        "Hui's method: candidates of every cell (free); each round writes every cell with one",
        "candidate (ac) and, per region in the order blocks, rows, columns, the first digit",
        "with only one place (ar); rounds repeat until nothing changes; boards where a region",
        "repeats a digit are dropped; otherwise guess every candidate of the first cell with",
        "the fewest candidates, breadth first over all boards.",
        f"clues: {clues}, empty cells: {81 - clues}",
    ]
    for g, steps in enumerate(trace.generations, start=1):
        lines.append("")
        plural = "board" if len(steps) == 1 else "boards"
        lines.append(f"generation {g}: {len(steps)} {plural}")
        for n, step in enumerate(steps, start=1):
            if n > detail:
                rest = steps[detail:]
                dropped = sum(1 for s in rest if not s.ok)
                branched = sum(len(s.guess[1]) for s in rest if s.guess)
                lines.append(
                    f"  boards {detail + 1}-{len(steps)}: {dropped} dropped,"
                    f" {branched} new boards from guesses"
                )
                break
            lines.extend(_board_lines(n, step))
    lines.append("")
    if trace.stopped:
        lines.append(f"stopped: more than {max_boards} boards at once")
    count = len(trace.solutions)
    lines.append(f"Hui's method found {count} solution{'s' if count != 1 else ''}")
    return lines


def _board_lines(n: int, step: hui.BoardStep) -> list[str]:
    """The story of one board in one generation."""
    lines = [f"  board {n}: {81 - step.start.count(0)} cells filled"]
    for r, placed in enumerate(step.rounds, start=1):
        lines.append(f"    round {r}: {len(placed)} placed")
        lines.extend(_wrap([str(p) for p in placed], "      "))
    if not step.ok:
        lines.append("    dropped: a region repeats a digit")
        return lines
    if 0 not in step.assigned:
        lines.append("    complete:")
    else:
        lines.append(f"    after assign ({step.assigned.count(0)} empty):")
    lines.extend("      " + row for row in format_grid(step.assigned, boxes=True).splitlines())
    if step.guess is not None:
        cell, digits = step.guess
        if digits:
            shown = ",".join(map(str, digits))
            lines.append(
                f"    guess: {_cell(cell)} has the fewest candidates {{{shown}}}:"
                f" {len(digits)} boards"
            )
        else:
            lines.append("    dead end: an empty cell has no candidate left")
    return lines
