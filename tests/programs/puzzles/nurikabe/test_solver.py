"""The solver: every seed puzzle, uniqueness, multiple and no solutions, rule soundness."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from programs.puzzles.nurikabe.checker import is_solution, solution_problems
from programs.puzzles.nurikabe.formats import read_plain
from programs.puzzles.nurikabe.model import LAND, UNKNOWN, WALL, Puzzle
from programs.puzzles.nurikabe.rules import RULES
from programs.puzzles.nurikabe.solver import count_solutions, logic_only, solve

from .helpers import brute_force_count, hui_games, hui_s1, reference_solution, shared_files


@pytest.mark.parametrize("name", [f"n{k}" for k in range(1, 8)])
def test_hui_puzzles_solved_uniquely_and_checked(name: str) -> None:
    game = hui_games()[name]
    result = solve(game.puzzle, limit=2)
    assert len(result.solutions) == 1
    assert result.exhausted
    assert solution_problems(game.puzzle, result.solutions[0], game.cells) == []


@pytest.mark.parametrize("name", [f"n{k}" for k in range(1, 8)])
def test_hui_puzzles_need_no_guess(name: str) -> None:
    game = hui_games()[name]
    cells, steps = logic_only(game.puzzle)
    assert UNKNOWN not in cells
    assert is_solution(game.puzzle, tuple(cells))
    assert all(s.rule != "guess" for s in steps)


def test_n1_solution_is_hui_s1() -> None:
    assert solve(hui_games()["n1"].puzzle).solutions[0] == hui_s1().cells


def test_shared_puzzles_match_their_reference_solutions() -> None:
    for path in shared_files():
        if "grilops" in path.name:
            continue  # search-heavy: proving it unique takes ~10 s, see the next test
        game = read_plain(path.read_text(), path.name)
        result = solve(game.puzzle, limit=2)
        assert [reference_solution(path)] == result.solutions, path.name
        assert is_solution(game.puzzle, result.solutions[0])


def test_search_heavy_shared_puzzle() -> None:
    files = shared_files("grilops")
    game = read_plain(files[0].read_text(), files[0].name)
    result = solve(game.puzzle)
    assert result.solutions == [reference_solution(files[0])]
    assert result.guesses > 0  # logic alone stalls on this one


def test_multiple_solutions_are_counted() -> None:
    # Two 2-islands in a 2x4 grid can lie two ways.
    puzzle = read_plain("2 . . .\n. . . 2\n").puzzle
    assert brute_force_count(puzzle) >= 2
    result = solve(puzzle, limit=2)
    assert len(result.solutions) == 2
    assert all(is_solution(puzzle, s) for s in result.solutions)
    assert result.solutions[0] != result.solutions[1]
    assert count_solutions(puzzle) == 2


def test_no_solution() -> None:
    puzzle = read_plain("1 . 1\n. . .\n1 . 2\n").puzzle
    assert brute_force_count(puzzle) == 0
    assert solve(puzzle, limit=2).solutions == []


def test_solving_from_a_partial_state_respects_it() -> None:
    game = hui_games()["n4"]
    solution = solve(game.puzzle).solutions[0]
    start = list(game.cells)
    for i in range(0, len(start), 3):
        start[i] = solution[i]
    result = solve(game.puzzle, tuple(start), limit=2)
    assert result.solutions == [solution]
    wrong = list(game.cells)
    i = next(k for k, c in enumerate(game.puzzle.clues) if not c)
    wrong[i] = WALL if solution[i] == LAND else LAND
    assert solution not in solve(game.puzzle, tuple(wrong), limit=2).solutions


@st.composite
def small_puzzles(draw: st.DrawFn) -> Puzzle:
    rows = draw(st.integers(2, 3))
    cols = draw(st.integers(2, 4))
    clues = [0] * (rows * cols)
    for i in draw(st.lists(st.integers(0, rows * cols - 1), min_size=1, max_size=3, unique=True)):
        clues[i] = draw(st.integers(1, 4))
    return Puzzle(rows, cols, tuple(clues))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_puzzles())
def test_solution_count_agrees_with_brute_force(puzzle: Puzzle) -> None:
    truth = brute_force_count(puzzle)
    result = solve(puzzle, limit=3)
    assert len(result.solutions) == min(truth, 3)
    assert all(is_solution(puzzle, s) for s in result.solutions)
    assert len(set(result.solutions)) == len(result.solutions)


def islands(rows: int, cols: int, colours: list[int]) -> list[list[int]]:
    """The 4-connected groups of LAND cells."""
    seen: set[int] = set()
    groups = []
    for start in range(rows * cols):
        if colours[start] != LAND or start in seen:
            continue
        group, todo = [], [start]
        seen.add(start)
        while todo:
            i = todo.pop()
            group.append(i)
            r, c = divmod(i, cols)
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                j = rr * cols + cc
                if 0 <= rr < rows and 0 <= cc < cols and colours[j] == LAND and j not in seen:
                    seen.add(j)
                    todo.append(j)
        groups.append(group)
    return groups


@st.composite
def unique_puzzles(draw: st.DrawFn) -> tuple[Puzzle, tuple[int, ...]]:
    """A puzzle and its one solution, built from the solution: a random colouring, one clue
    (its size) in each island, kept when the checker accepts it and brute force finds no
    other solution (a seeded search, so every drawn example is a unique puzzle)."""
    rows, cols = draw(st.integers(2, 3)), draw(st.integers(2, 4))
    rng = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(500):
        colours = [rng.choice((LAND, WALL, WALL)) for _ in range(rows * cols)]
        clues = [0] * (rows * cols)
        for group in islands(rows, cols, colours):
            clues[rng.choice(group)] = len(group)
        puzzle = Puzzle(rows, cols, tuple(clues))
        if is_solution(puzzle, tuple(colours)) and brute_force_count(puzzle) == 1:
            return puzzle, tuple(colours)
    raise AssertionError("no unique puzzle in 500 tries")  # never seen; would show here


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(unique_puzzles())
def test_every_rule_step_agrees_with_the_unique_solution(case) -> None:
    puzzle, solution = case
    result = solve(puzzle, limit=2)
    assert result.solutions == [solution]
    known = {name for name, _ in RULES} | {"what if"}
    for step in result.steps:
        assert step.rule in known
        assert solution[step.cell] == step.state, step


def test_generated_puzzles_are_unique_and_check_out() -> None:
    from programs.puzzles.nurikabe.generator import generate

    for seed in (1, 2):
        puzzle, solution = generate(8, 8, seed, max_island=4)
        assert is_solution(puzzle, solution)
        result = solve(puzzle, limit=2)
        assert result.solutions == [solution] and result.exhausted
        assert generate(8, 8, seed, max_island=4) == (puzzle, solution)  # deterministic
