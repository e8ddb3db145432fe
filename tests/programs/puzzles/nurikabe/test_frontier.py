"""The frontier count against independent oracles: every colouring judged by the checker on
tiny boards, the SAT engine on generated 6x6-8x8 boards; counts and the solutions both."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from programs.puzzles.nurikabe.checker import is_solution
from programs.puzzles.nurikabe.formats import read_plain
from programs.puzzles.nurikabe.frontier import TooWide, count
from programs.puzzles.nurikabe.model import LAND, UNKNOWN, WALL, Puzzle

from .helpers import clued_puzzle, hui_games

CAP = 50  # more than any tiny board below has, so the whole solution set comes out


def every_solution(puzzle: Puzzle, cells: tuple[int, ...]) -> set[tuple[int, ...]]:
    """All solutions from `cells`: every colouring of the unknown cells, judged by the checker."""
    free = [i for i, s in enumerate(cells) if s == UNKNOWN]
    out = set()
    for colours in itertools.product((LAND, WALL), repeat=len(free)):
        grid = list(cells)
        for i, s in zip(free, colours, strict=True):
            grid[i] = s
        if is_solution(puzzle, tuple(grid)):
            out.add(tuple(grid))
    return out


@st.composite
def tiny_games(draw: st.DrawFn) -> tuple[Puzzle, tuple[int, ...]]:
    """A board of up to 4x5 with a few clues and, past 12 open cells, some cells given."""
    rows = draw(st.integers(1, 4))
    cols = draw(st.integers(1, 5))
    n = rows * cols
    clues = [0] * n
    for i in draw(st.lists(st.integers(0, n - 1), min_size=0, max_size=4, unique=True)):
        clues[i] = draw(st.integers(1, 6))
    puzzle = Puzzle(rows, cols, tuple(clues))
    cells = list(puzzle.empty_state())
    open_ = [i for i in range(n) if not clues[i]]
    # Keep the brute force at 2^12 colourings at most; a given cell may even sit on a clue.
    extra = draw(st.lists(st.sampled_from(range(n)), max_size=3, unique=True))
    given_ = draw(st.lists(st.sampled_from(open_), min_size=max(0, len(open_) - 12),
                           max_size=max(0, len(open_) - 12), unique=True)) if open_ else []
    for i in [*given_, *extra]:
        cells[i] = draw(st.sampled_from((LAND, WALL)))
    return puzzle, tuple(cells)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny_games())
def test_counts_and_solutions_match_every_colouring(game) -> None:
    puzzle, cells = game
    truth = every_solution(puzzle, cells)
    found = count(puzzle, cells, cap=CAP)
    assert found.count == len(truth)
    assert set(found.solutions) == truth
    assert len(found.solutions) == len(truth)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny_games())
def test_the_cap_stops_the_count_but_not_short(game) -> None:
    puzzle, cells = game
    truth = every_solution(puzzle, cells)
    found = count(puzzle, cells, cap=2)
    assert found.count == min(2, len(truth))
    assert set(found.solutions) <= truth and len(set(found.solutions)) == found.count


def test_hand_worked_boards() -> None:
    # 2x2 with a 1 in a corner: the three other cells are walls, an L (no 2x2 block).
    one = read_plain("1 .\n. .\n").puzzle
    assert count(one).solutions == [(LAND, WALL, WALL, WALL)]
    # Two 2-islands in a 2x4 grid lie two ways (the islands stand up or lie down).
    assert count(read_plain("2 . . .\n. . . 2\n").puzzle).count == 2
    # A 2 and a 1 side by side on one row of three: 2 needs the middle, which touches the 1.
    assert count(read_plain("2 . 1\n").puzzle).count == 0
    # A 3 whose only way to grow runs into a 1, in a row, a column and round a corner.
    assert count(Puzzle(1, 3, (3, 0, 1))).count == 0
    assert count(Puzzle(3, 1, (3, 0, 1))).count == 0
    assert count(Puzzle(2, 2, (0, 3, 1, 0))).count == 0
    # A number larger than the board: no island fits.
    assert count(Puzzle(1, 2, (3, 0))).count == 0
    # Walls alone cannot fill a 2x2 block: a 2x2 board without numbers has no solution.
    assert count(Puzzle(2, 2, (0, 0, 0, 0))).count == 0
    # One row of walls, no numbers: all walls, connected, no 2x2 block.
    assert count(Puzzle(1, 3, (0, 0, 0))).solutions == [(WALL, WALL, WALL)]


def test_hui_puzzles_are_unique_with_their_solutions() -> None:
    from programs.puzzles.nurikabe.solver import solve

    for name in ("n1", "n4", "n6"):
        puzzle = hui_games()[name].puzzle
        found = count(puzzle)
        assert found.count == 1
        assert found.solutions == solve(puzzle).solutions, name


def test_a_board_too_wide_for_the_budget_gives_up() -> None:
    # One island of 30 on 8x8: its shapes keep many frontiers apart.
    puzzle = Puzzle(8, 8, (30,) + (0,) * 63)
    with pytest.raises(TooWide, match="over 50 frontiers at r"):
        count(puzzle, budget=50)


def _generated(seed: int) -> Puzzle:
    rnd = random.Random(seed)
    rows, cols = rnd.randint(6, 8), rnd.randint(6, 8)
    return clued_puzzle(rows, cols, rnd, rnd.randint(3, 7))[0]


def _agree(puzzle: Puzzle, found: list[tuple[int, ...]], by_sat: set[tuple[int, ...]],
           cap: int) -> None:
    """Below the cap both give every solution; at it, `cap` distinct solutions each."""
    assert len(found) == len(by_sat)
    if len(by_sat) < cap:
        assert set(found) == by_sat
    else:
        assert len(set(found)) == cap and all(is_solution(puzzle, s) for s in found)


@pytest.mark.parametrize("seed", range(24))
def test_generated_boards_agree_with_the_sat_engine(seed: int) -> None:
    pytest.importorskip("pysat", reason="python-sat (extra [sat]) is the SAT oracle")
    from programs.puzzles.nurikabe import sat

    puzzle = _generated(seed)
    by_sat = set(itertools.islice(sat.iter_solutions(puzzle), 4))
    found = count(puzzle, cap=4)
    _agree(puzzle, found.solutions, by_sat, 4)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(0, 12))
def test_partial_states_agree_with_the_sat_engine(seed: int, shown: int) -> None:
    pytest.importorskip("pysat", reason="python-sat (extra [sat]) is the SAT oracle")
    from programs.puzzles.nurikabe import sat

    puzzle = _generated(seed)
    rnd = random.Random(seed)
    cells = list(puzzle.empty_state())
    for i in rnd.sample([i for i in range(puzzle.size) if not puzzle.clues[i]], shown):
        cells[i] = rnd.choice((LAND, WALL))
    by_sat = set(itertools.islice(sat.iter_solutions(puzzle, tuple(cells)), 3))
    found = count(puzzle, tuple(cells), cap=3)
    _agree(puzzle, found.solutions, by_sat, 3)
    assert all(s[i] == cells[i] for s in found.solutions for i in range(puzzle.size) if cells[i])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(2, 3), st.sampled_from([1, 100_000]),
       st.integers(0, 4))
def test_the_search_hands_its_count_to_the_frontier(seed: int, limit: int, budget: int,
                                                    after: int) -> None:
    from unittest import mock

    from programs.puzzles.nurikabe import solver

    rnd = random.Random(seed)
    puzzle = clued_puzzle(rnd.randint(4, 6), rnd.randint(4, 7), rnd, rnd.randint(3, 6))[0]
    with mock.patch.object(solver, "FRONTIER_WIDTH", 0):
        by_search = solver.solve(puzzle, limit=limit)
    # Hand over after a few boards, before or after the first solution; with a budget of
    # one frontier the count gives up and the search goes on to the end (without the
    # look-ahead, which may leave a small board one frontier wide).
    with mock.patch.multiple(solver, FRONTIER_AFTER=after, FRONTIER_BUDGET=budget,
                             FRONTIER_AHEAD=solver.FRONTIER_AHEAD if budget > 1 else 0):
        result = solver.solve(puzzle, limit=limit)
    assert len(result.solutions) == len(by_search.solutions)
    assert result.solutions[:1] == by_search.solutions[:1]
    # The steps lead to the first solution (a guided search's may be fewer).
    assert all(result.solutions[0][step.cell] == step.state for step in result.steps)
    if budget == 1 or result.frontiers == 0:
        assert result.steps == by_search.steps
    assert all(is_solution(puzzle, s) for s in result.solutions)
    assert len(set(result.solutions)) == len(result.solutions)
    assert result.exhausted == by_search.exhausted
    if budget == 1 and count(puzzle, cap=limit, ahead=0).peak > 1:
        # The count gave up (a board one frontier wide all along is counted even so).
        assert result.frontiers == 0 and result.solutions == by_search.solutions


def test_a_count_handed_over_before_the_first_solution_has_its_steps() -> None:
    from unittest import mock

    from programs.puzzles.nurikabe import solver

    puzzle = hui_games()["n6"].puzzle
    plain = solver.solve(puzzle, limit=2)
    with mock.patch.object(solver, "FRONTIER_AFTER", 0):
        result = solver.solve(puzzle, limit=2)
    assert result.frontiers > 0 and result.exhausted
    assert result.solutions == plain.solutions
    assert all(plain.solutions[0][step.cell] == step.state for step in result.steps)
    board = list(puzzle.empty_state())
    for step in result.steps:
        board[step.cell] = step.state
    assert tuple(board) == plain.solutions[0]  # the steps decide every cell


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(2, 4), st.integers(0, 6))
def test_solutions_as_they_come_hand_over_without_repeating_one(seed: int, limit: int,
                                                                after: int) -> None:
    from unittest import mock

    from programs.puzzles.nurikabe import solver

    rnd = random.Random(seed)
    puzzle = clued_puzzle(rnd.randint(4, 6), rnd.randint(4, 7), rnd, rnd.randint(2, 5))[0]
    with mock.patch.object(solver, "FRONTIER_WIDTH", 0):
        by_search = list(solver.iter_solutions(puzzle, limit=limit))
    with mock.patch.object(solver, "FRONTIER_AFTER", after):
        result = solver.Result()
        came = list(solver.iter_solutions(puzzle, result=result, limit=limit))
    # The same number (the count is exact up to the limit), each once, each a solution,
    # and whatever the search yielded before the hand-over kept its place.
    assert len(came) == len(by_search) and len(set(came)) == len(came)
    assert all(is_solution(puzzle, s) for s in came)
    assert came == result.solutions


def test_the_command_line_count_is_finished_by_the_frontier(
        tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    from unittest import mock

    from programs.puzzles.nurikabe import solver
    from programs.puzzles.nurikabe.cli import solve_main
    from programs.puzzles.nurikabe.formats import write_plain

    path = tmp_path / "n6.txt"
    path.write_text(write_plain(hui_games()["n6"].puzzle))
    assert solve_main(str(path), count=True) == 0
    plain = capsys.readouterr().out
    calls = []

    def counting(*args, **kwargs):
        calls.append(kwargs)
        return count(*args, **kwargs)

    with mock.patch.multiple(solver, FRONTIER_AFTER=0, count=counting):
        assert solve_main(str(path), count=True) == 0
    assert calls, "pc1 solve --count never handed its proof to the frontier count"
    # ... with the rules running ahead of its frontiers at each row's end
    assert all(kw.get("ahead") == solver.FRONTIER_AHEAD > 0 for kw in calls)
    assert capsys.readouterr().out == plain
    assert plain.splitlines()[-1] == "# puzzle: 1 solution"
