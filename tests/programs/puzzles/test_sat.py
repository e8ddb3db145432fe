"""One SAT solver reused for the puzzles of a file: each puzzle's own clauses stop applying
when it is done, so a sequence of puzzles through one solver gets exactly the solutions and
counts that each gets alone, from the pure-Python engines and a brute force."""

from __future__ import annotations

import itertools
import random
from functools import partial
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pc1.cli.main import main
from programs.puzzles.nurikabe import solver as nurikabe_solver
from programs.puzzles.nurikabe.checker import is_solution as nurikabe_ok
from programs.puzzles.nurikabe.formats import write_progcomp
from programs.puzzles.nurikabe.model import Game, clue_problem
from programs.puzzles.ohno import solver as ohno_solver
from programs.puzzles.ohno.checker import is_solution as ohno_ok
from programs.puzzles.ohno.formats import EMPTY, Board, format_board
from programs.puzzles.sudoku import fast
from programs.puzzles.sudoku.checker import is_solution as sudoku_ok

from .nurikabe.test_sat_oracle import _puzzle as nurikabe_puzzle
from .ohno.test_sat_oracle import _board as ohno_board
from .sudoku.test_fast import _random_grid

pytest.importorskip("pysat", reason="python-sat (extra [sat]) runs --engine sat")
from programs.puzzles import sat  # noqa: E402
from programs.puzzles.nurikabe import sat as nurikabe_sat  # noqa: E402
from programs.puzzles.ohno import sat as ohno_sat  # noqa: E402
from programs.puzzles.sudoku import sat as sudoku_sat  # noqa: E402

LIMIT = 40  # solutions compared as sets below this, as counts at it


def _models_by_brute_force(clauses: list[list[int]], n: int) -> set[frozenset[int]]:
    """The true variables of every assignment of 1..n that satisfies `clauses`."""
    out = set()
    for bits in itertools.product((False, True), repeat=n):
        true = {v + 1 for v in range(n) if bits[v]}
        if all(any((lit > 0) == (abs(lit) in true) for lit in c) for c in clauses):
            out.add(frozenset(true))
    return out


_clause = st.lists(st.integers(1, 4).flatmap(lambda v: st.sampled_from([v, -v])),
                   min_size=1, max_size=3)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.lists(_clause, max_size=6), st.booleans()), min_size=1,
                max_size=6))
def test_each_formula_through_one_solver_has_the_models_it_has_alone(
        formulas: list[tuple[list[list[int]], bool]]) -> None:
    # Each formula is one puzzle's own clauses, guarded by its activation literal; some are
    # left after their first model, as `pc1 solve` without --count leaves a puzzle.
    solver = sat.SatSolver(top=4)
    for clauses, first_only in formulas:
        expected = _models_by_brute_force(clauses, 4)
        found = solver.models(range(1, 5), guarded=clauses)
        if first_only:
            first = next(found, None)
            assert (first is None) == (not expected)
            assert first is None or frozenset(v for v in first if v <= 4) in expected
        else:
            got = [frozenset(v for v in true if v <= 4) for true in found]
            assert len(got) == len(set(got)) and set(got) == expected


def test_a_puzzle_done_or_left_retires_its_activation_literal() -> None:
    solver = sat.SatSolver([[1, 2]], top=2)
    assert len(list(solver.models([1, 2]))) == 3
    left = solver.models([1, 2])
    next(left)
    left.close()
    first = solver.models([1, 2])
    next(first)
    second = solver.models([1, 2])  # the next puzzle begins while the first is open
    next(second)
    assert len(solver.retired) == 3
    # a retired literal is false for good: its puzzle's clauses never apply again
    assert not any(solver.holds([act]) for act in solver.retired)
    assert solver.holds([solver.live])
    assert sum(1 for _ in second) == 2


def _sudoku(seed: int) -> list[int]:
    """Givens from a random grid: some with one solution, most with several."""
    rnd = random.Random(seed)
    keep = rnd.choice([0.35, 0.45, 0.55, 0.7])
    return [v if rnd.random() < keep else 0 for v in _random_grid(seed)]


def _agree(found: list, pure: list, ok) -> None:
    """The SAT engine's solutions are the pure engine's (as sets, or counts at LIMIT)."""
    assert all(ok(s) for s in found)
    assert len(found) == len(pure)
    if len(found) < LIMIT:
        assert sorted(map(tuple, found)) == sorted(map(tuple, pure))


def _plan(seeds: list[int]) -> list[tuple[int, bool]]:
    """Puzzles by seed, the first one again at the end, some asked for one solution only."""
    return [(s, s % 3 == 0) for s in [*seeds, seeds[0]]]


@settings(max_examples=10, deadline=None)
@given(st.lists(st.integers(0, 10**6), min_size=2, max_size=5))
def test_sudokus_through_one_solver_count_as_the_fast_solver(seeds: list[int]) -> None:
    engine = sudoku_sat.SudokuSat()
    for seed, first_only in _plan(seeds):
        puzzle = _sudoku(seed)
        found = engine.iter_solutions(puzzle)
        if first_only:
            assert sudoku_ok(puzzle, next(found))
            continue
        _agree(list(itertools.islice(found, LIMIT)),
               list(itertools.islice(fast.iter_solutions(puzzle), LIMIT)),
               partial(sudoku_ok, puzzle))


def test_a_sudoku_with_one_clue_more_keeps_its_solutions_after_the_first() -> None:
    # the second puzzle's solutions are some of the first's: blocking clauses of the first
    # that outlived it would hide them
    grid = _random_grid(7)
    puzzle = [v if i % 2 == 0 else 0 for i, v in enumerate(grid)]
    alone = list(fast.iter_solutions(puzzle))
    assert len(alone) == 8  # by the fast solver, the other engine
    engine = sudoku_sat.SudokuSat()
    assert sorted(engine.iter_solutions(puzzle)) == sorted(alone)
    i = next(i for i in range(81) if len({s[i] for s in alone}) > 1)
    more = list(puzzle)
    more[i] = alone[0][i]
    second = sorted(engine.iter_solutions(more))
    assert 1 <= len(second) < 8
    assert second == sorted(s for s in alone if s[i] == more[i])


@settings(max_examples=12, deadline=None)
@given(st.lists(st.tuples(st.integers(2, 4), st.integers(2, 5), st.integers(0, 10**6),
                          st.sampled_from([0.0, 0.3, 0.6])), min_size=2, max_size=6))
def test_0hn0_boards_through_one_engine_count_as_the_python_solver(
        specs: list[tuple[int, int, int, float]]) -> None:
    engine = ohno_sat.OhnoSat()
    for k, (rows, cols, seed, keep) in enumerate([*specs, specs[0]]):
        board = ohno_board(rows, cols, seed, keep)
        found = engine.iter_solutions(board)
        ok = partial(ohno_ok, board.rows, board.cols, board.cells)
        if k % 3 == 1:
            assert ok(next(found))
            continue
        _agree(list(itertools.islice(found, LIMIT)),
               list(itertools.islice(ohno_solver.iter_solutions(board), LIMIT)), ok)


def _partial(solution: tuple[int, ...], empty: tuple[int, ...], k: int) -> tuple[int, ...]:
    """Some cells of a solution given (every sixth, from k), the rest as in `empty`."""
    return tuple(s if (i + k) % 6 == 0 else e
                 for i, (s, e) in enumerate(zip(solution, empty, strict=True)))


@settings(max_examples=12, deadline=None)
@given(st.lists(st.tuples(st.integers(2, 4), st.integers(2, 5), st.integers(0, 10**6),
                          st.integers(1, 6)), min_size=2, max_size=5))
def test_nurikabes_through_one_engine_count_as_the_python_solver(
        specs: list[tuple[int, int, int, int]]) -> None:
    # each puzzle from its empty state and from two partial ones, one after the other: one
    # solver serves them (a puzzle with other clues gets a fresh one)
    engine = nurikabe_sat.NurikabeSat()
    for rows, cols, seed, max_island in [*specs, specs[0]]:
        puzzle = nurikabe_puzzle(rows, cols, seed, max_island)
        if clue_problem(puzzle) is not None:
            continue
        ok = partial(nurikabe_ok, puzzle)
        empty = puzzle.empty_state()
        first = next(engine.iter_solutions(puzzle, empty))
        assert ok(first)
        for state in (empty, _partial(first, empty, seed % 6), _partial(first, empty, 3)):
            _agree(list(itertools.islice(engine.iter_solutions(puzzle, state), LIMIT)),
                   list(itertools.islice(nurikabe_solver.iter_solutions(puzzle, state),
                                         LIMIT)), ok)


class _Counted:
    """Stands for sat.SatSolver and counts the solvers made."""

    made = 0

    def __new__(cls, *args, **kwargs):
        cls.made += 1
        return sat.SatSolver(*args, **kwargs)


def _files(tmp_path: Path) -> dict[str, tuple[Path, object]]:
    """A file of several puzzles per kind (one size each, one solver's worth), some with
    several solutions."""
    # every other cell given: 1 to 8 solutions for these grids
    sudokus = [[v if i % 2 == 0 else 0 for i, v in enumerate(_random_grid(seed))]
               for seed in (1, 2, 3, 4, 5, 6)]
    sudokus.append(sudokus[1])
    # one 0h n0 board's numbers with more or fewer of its colours given (boards with other
    # numbers may get a fresh solver)
    base = ohno_board(4, 4, 3, 0.7)
    ohno = [Board(4, 4, tuple(EMPTY if v <= 0 and (i + k) % 6 < k else v
                              for i, v in enumerate(base.cells))) for k in range(6)]
    # one Nurikabe from several states, as Progcomp files hold one (another puzzle's clues
    # would get a fresh solver): some land, some wall, from one of its solutions
    puzzle = next(p for p in (nurikabe_puzzle(5, 5, seed, 6) for seed in range(200))
                  if clue_problem(p) is None
                  and len(list(itertools.islice(nurikabe_solver.iter_solutions(p), 3))) > 2)
    empty = puzzle.empty_state()
    solution = next(nurikabe_solver.iter_solutions(puzzle))
    games = [Game(f"g{k}", puzzle, _partial(solution, empty, k) if k else empty)
             for k in range(6)]
    games.append(games[0])
    texts = {
        "sudoku": "".join("".join(str(v or ".") for v in p) + "\n" for p in sudokus),
        "0hn0": "\n\n".join(format_board(b) for b in ohno) + "\n",
        "nurikabe": write_progcomp(games),
    }
    modules = {"sudoku": sudoku_sat, "0hn0": ohno_sat, "nurikabe": nurikabe_sat}
    out = {}
    for kind, text in texts.items():
        path = tmp_path / f"{kind}.txt"
        path.write_text(text)
        out[kind] = (path, modules[kind])
    return out


def _count_lines(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith("# ")]


@pytest.mark.parametrize("kind", ["sudoku", "0hn0", "nurikabe"])
@pytest.mark.parametrize("count", [["--count", "all"], ["--count", "3"], []])
def test_a_file_gets_one_solver_and_the_python_engine_s_counts(
        tmp_path: Path, capsys, monkeypatch, kind: str, count: list[str]) -> None:
    path, module = _files(tmp_path)[kind]
    outputs = {}
    for engine in ("python", "sat"):
        status = main(["solve", kind, str(path), "--engine", engine, *count])
        outputs[engine] = (status, capsys.readouterr())
    monkeypatch.setattr(module, "SatSolver", _Counted)
    _Counted.made = 0
    assert main(["solve", kind, str(path), "--engine", "sat", *count]) == outputs["sat"][0]
    assert _Counted.made == 1
    (status_py, py), (status_sat, by_sat) = outputs["python"], outputs["sat"]
    assert (status_sat, by_sat.err) == (status_py, py.err)
    assert _count_lines(by_sat.out) == _count_lines(py.out)
    if count:
        assert len(_count_lines(by_sat.out)) >= 6
