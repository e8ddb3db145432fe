"""Independent 0h n0 rules checker: shares no code with the solver.

It reads a finished board the way the rules are worded: a number counts the blue cells it
sees in the four directions, stopping at a red cell or the edge; every blue cell sees at
least one other blue cell; given reds stay red and given blues and numbers stay blue.
"""

from __future__ import annotations

from collections.abc import Sequence

_DIRECTIONS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def _visible(blue: list[list[bool]], r: int, c: int) -> int:
    """Blue cells seen from (r, c) in the four directions up to a red or the edge."""
    rows, cols = len(blue), len(blue[0])
    seen = 0
    for dr, dc in _DIRECTIONS:
        rr, cc = r + dr, c + dc
        while 0 <= rr < rows and 0 <= cc < cols and blue[rr][cc]:
            seen += 1
            rr, cc = rr + dr, cc + dc
    return seen


def solution_problems(
    rows: int, cols: int, givens: Sequence[int], blue_flags: Sequence[bool]
) -> list[str]:
    """Every rule the coloring breaks; givens: -2 empty, -1 red, 0 blue, 1-9 number."""
    if len(givens) != rows * cols or len(blue_flags) != rows * cols:
        return [f"expected {rows}x{cols} cells, got {len(givens)} and {len(blue_flags)}"]
    blue = [[bool(blue_flags[r * cols + c]) for c in range(cols)] for r in range(rows)]
    problems = []
    for r in range(rows):
        for c in range(cols):
            given = givens[r * cols + c]
            where = f"row {r + 1}, column {c + 1}"
            if given == -1 and blue[r][c]:
                problems.append(f"{where}: given red is blue")
            if given >= 0 and not blue[r][c]:
                problems.append(f"{where}: given blue is red")
            if blue[r][c]:
                seen = _visible(blue, r, c)
                if given > 0 and seen != given:
                    problems.append(f"{where}: {given} sees {seen} blue cells")
                if seen == 0:
                    problems.append(f"{where}: blue cell sees no other blue")
    return problems


def is_solution(rows: int, cols: int, givens: Sequence[int], blue_flags: Sequence[bool]) -> bool:
    """True when the coloring keeps the givens and obeys both rules."""
    return not solution_problems(rows, cols, givens, blue_flags)
