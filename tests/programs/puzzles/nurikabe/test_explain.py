"""Step-by-step explanations and Hui-style hints."""

from __future__ import annotations

import re

from hypothesis import event, example, given, settings
from hypothesis import strategies as st

from programs.puzzles.nurikabe.board import Board
from programs.puzzles.nurikabe.explain import describe, explain, hint, picture
from programs.puzzles.nurikabe.generator import generate
from programs.puzzles.nurikabe.model import LAND, UNKNOWN, WALL
from programs.puzzles.nurikabe.solver import apply, logic_only, solve

from .helpers import hui_games, hui_s1


def test_hints_alone_solve_hui_puzzles_and_each_agrees_with_the_solution() -> None:
    for name in ("n1", "n2", "n3", "n4", "n5", "n6"):
        game = hui_games()[name]
        solution = solve(game.puzzle).solutions[0]
        board = Board(game.puzzle)
        for _ in range(game.puzzle.size):
            d = hint(game.puzzle, tuple(board.cells))
            if d is None:
                break
            assert board.cells[d.cell] == UNKNOWN
            assert solution[d.cell] == d.state, (name, d)
            apply(board, [d])
        assert tuple(board.cells) == solution, name


def test_hint_on_a_solved_grid_is_none() -> None:
    s1 = hui_s1()
    assert hint(s1.puzzle, s1.cells) is None


def test_first_hint_for_n1_is_the_cheapest_rule() -> None:
    game = hui_games()["n1"]
    d = hint(game.puzzle)
    assert d is not None and d.rule == "complete island"
    assert describe(game.puzzle, d).startswith("r1c1 wall")  # beside the 1 at r1c2


def test_explanation_replays_to_the_solution() -> None:
    game = hui_games()["n7"]
    cells, steps = logic_only(game.puzzle)
    board = Board(game.puzzle)
    for s in steps:
        assert board.cells[s.cell] == UNKNOWN  # each cell is set once
        board.cells[s.cell] = s.state
    assert board.cells == cells
    lines = explain(game.puzzle, steps)
    assert len(lines) == len(steps) == game.puzzle.size - sum(1 for c in game.puzzle.clues if c)
    assert lines[0].strip().startswith("1. r")
    rules = {s.rule for s in steps}
    assert {"complete island", "unreachable", "pool"} <= rules


def test_picture_is_huis_see() -> None:
    s1 = hui_s1()
    assert picture(s1.puzzle, s1.cells).splitlines()[1:4] == [
        "|X|1|X|X|X|", "+-+-+-+-+-+", "|X|X|X| |2|"]


# --- what an explanation names is what its step concerns (issue 29) -------------------------

_ISLAND = re.compile(r"island (\d+) at r(\d+)c(\d+)")
_AT = re.compile(r"at r(\d+)c(\d+)")


def _components(puzzle, solution: tuple[int, ...], state: int) -> list[int]:
    """The component of every cell of `state` in the solution (flood fill), -1 elsewhere."""
    comp = [-1] * puzzle.size
    for start in range(puzzle.size):
        if solution[start] != state or comp[start] >= 0:
            continue
        comp[start], todo = start, [start]
        while todo:
            r, c = puzzle.position(todo.pop())
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                j = rr * puzzle.cols + cc
                if 0 <= rr < puzzle.rows and 0 <= cc < puzzle.cols and solution[j] == state \
                        and comp[j] < 0:
                    comp[j] = start
                    todo.append(j)
    return comp


def _beside(puzzle, cell: int, cells: set[int]) -> bool:
    r, c = puzzle.position(cell)
    return any(0 <= rr < puzzle.rows and 0 <= cc < puzzle.cols and rr * puzzle.cols + cc in cells
               for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)))


def check_named_steps(puzzle, solution: tuple[int, ...], steps) -> set[str]:
    """Every step sets its cell as the solution has it, and what its reason names is what the
    step concerns, judged on the solution: the island of a clue is the land around it there.
    The rules whose names were checked."""
    island_of = _components(puzzle, solution, LAND)
    checked = set()
    for step in steps:
        assert solution[step.cell] == step.state, step
        islands = []
        for n, r, c in _ISLAND.findall(step.reason):
            at = puzzle.index(int(r) - 1, int(c) - 1)
            assert puzzle.clues[at] == int(n), step  # the island named holds that clue
            islands.append({i for i in range(puzzle.size) if island_of[i] == island_of[at]})
        if step.rule in ("complete island", "separate islands", "corner") or (
                step.rule == "island shapes" and step.reason.endswith("touches it")):
            # a wall beside every island it names (the island it closes, the islands it
            # would join, the one it would overfill, the one whose last cells it touches)
            assert step.state == WALL and islands, step
            assert all(_beside(puzzle, step.cell, island) for island in islands), step
        elif step.rule in ("island exit", "island shapes"):
            # land that is part of the island named (or of the unnumbered land named)
            if not islands:
                (r, c), = _AT.findall(step.reason)
                at = puzzle.index(int(r) - 1, int(c) - 1)
                islands = [{i for i in range(puzzle.size) if island_of[i] == island_of[at]}]
            assert step.state == LAND and step.cell in islands[0], step
        elif step.rule == "pool":
            # the block named starts there, holds the cell, and its other three are wall
            (r, c), = _AT.findall(step.reason)
            r, c = int(r) - 1, int(c) - 1
            block = {puzzle.index(r + dr, c + dc) for dr in (0, 1) for dc in (0, 1)}
            assert step.cell in block, step
            assert [solution[i] for i in block - {step.cell}] == [WALL] * 3, step
        elif step.rule == "wall exit":
            (r, c), = _AT.findall(step.reason)
            assert solution[puzzle.index(int(r) - 1, int(c) - 1)] == WALL, step
        else:
            continue
        checked.add(step.rule)
    return checked


def test_hui_n1_explanations_name_what_they_concern() -> None:
    game, printed = hui_games()["n1"], hui_s1()
    _, steps = logic_only(game.puzzle)
    assert {"complete island", "pool"} <= check_named_steps(game.puzzle, printed.cells, steps)


@settings(max_examples=15, deadline=None)
@example(seed=2, cols=5, rows=5)  # complete island, corner, island exit, island shapes, pool
@example(seed=3, cols=5, rows=5)  # ... separate islands, wall exit
@given(seed=st.integers(0, 10**6), cols=st.integers(3, 5), rows=st.just(4))
def test_every_named_explanation_concerns_what_it_names(seed: int, cols: int, rows: int) -> None:
    # 4 rows: a 5x5 board can take seconds to generate
    puzzle, solution = generate(rows, cols, seed)
    _, steps = logic_only(puzzle)
    checked = check_named_steps(puzzle, solution, steps)
    assert checked  # every board has a complete island at least: the property bites
    for rule in checked:
        event(rule)
