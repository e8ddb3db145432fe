"""`pc1 solve sudoku FILE [--explain] [--count [LIMIT]] [--engine sat]`: a thin shell."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from programs.puzzles.sudoku import checker, fast
from programs.puzzles.sudoku.explain import explain as explain_lines
from programs.puzzles.sudoku.formats import (
    Puzzle,
    SudokuInputError,
    clue_errors,
    format_grid,
    format_puzzle,
    read_file,
)
from programs.puzzles.text import count_line, count_solutions, engine_problem, limit_of, no_solution
from programs.puzzles.text import solve_error as _error


def load(path: str) -> tuple[str, list[Puzzle]]:
    """Display name and puzzles of `path`, with every clue checked for repeats."""
    name = "<stdin>" if path == "-" else path
    puzzles = read_file(path)
    for puzzle in puzzles:
        problem = clue_errors(puzzle, name)
        if problem:
            raise SudokuInputError(problem)
    return name, puzzles


Solutions = Callable[[tuple[int, ...]], Iterator[tuple[int, ...]]]


def solver_for(engine: str = "python") -> Solutions:
    """Every solution of a puzzle from the chosen engine; `sat` keeps one solver for all."""
    if engine == "sat":
        from programs.puzzles.sudoku import sat

        return sat.SudokuSat().iter_solutions
    return fast.iter_solutions


def solve_main(path: str, explain: bool = False, count: bool | int | None = None,
               engine: str = "python") -> int:
    """Solve every puzzle in `path`; 0 all solved, 1 some without solution, 2 bad input."""
    limit = limit_of(count)
    problem = engine_problem(engine, explain)
    if problem:
        _error(problem)
        return 2
    try:
        name, puzzles = load(path)
    except SudokuInputError as exc:
        _error(str(exc))
        return 2
    except OSError as exc:
        _error(f"{path}: {exc.strerror or exc}")
        return 2
    solutions = solver_for(engine)  # one per file: the SAT engine writes its rules once
    unsolved: list[str] = []
    printed = False
    for puzzle in puzzles:
        # blank lines between answers of several lines
        gap = printed and (explain or limit is not None or puzzle.layout == "grid")
        label = f"puzzle at line {puzzle.line}"
        if explain:
            if gap:
                print()
            found = _explain(puzzle)
            printed = True
            if found and limit is not None:
                _, n, complete = count_solutions(
                    solutions(puzzle.cells), limit, f"{name}: {label}")
                print(count_line(label, n, complete))
        else:
            found, complete, solution = 0, True, None
            if limit is None:
                solution = next(solutions(puzzle.cells), None)
            else:
                solution, found, complete = count_solutions(
                    solutions(puzzle.cells), limit, f"{name}: {label}")
            if solution is not None:
                if not _verified(puzzle, solution):
                    return 1
                if gap:
                    print()
                print(format_puzzle(puzzle, solution))
                if limit is not None:
                    print(count_line(label, found, complete))
                printed = True
            found = solution is not None
        if found is None:
            return 1
        if not found:
            unsolved.append(label)
    if unsolved:
        no_solution(name, unsolved)
        return 1
    return 0


def _verified(puzzle: Puzzle, solution: tuple[int, ...]) -> bool:
    """Check a solver's grid with the independent checker; complain if it fails."""
    problems = checker.solution_problems(puzzle.cells, solution)
    if problems:
        _error(f"solver error at line {puzzle.line}: {problems[0]}")
        return False
    return True


def _explain(puzzle: Puzzle) -> bool | None:
    """Print Hui's steps, then the solution (from the fast solver if Hui's stopped)."""
    print(f"# puzzle at line {puzzle.line}")
    print(format_grid(puzzle.cells, boxes=True))
    for line in explain_lines(puzzle.cells):
        print(line)
    solution = fast.solve(puzzle.cells)
    if solution is None:
        return False
    if not _verified(puzzle, solution):
        return None
    print("solution:")
    print(format_grid(solution, boxes=True))
    return True
