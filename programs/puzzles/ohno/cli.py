"""`pc1 solve 0hn0 FILE [--explain] [--count [LIMIT]] [--engine sat]`: a thin shell."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from programs.puzzles.ohno import checker, solver
from programs.puzzles.ohno.formats import (
    IS_BLUE,
    Board,
    OhnoInputError,
    format_board,
    format_progress,
    format_solution,
    read_file,
)
from programs.puzzles.text import count_line, count_solutions, engine_problem, limit_of, no_solution
from programs.puzzles.text import solve_error as _error

Solutions = Callable[[Board], Iterator[list[bool]]]


def solver_for(engine: str = "python") -> Solutions:
    """Every solution of a board (blue flags) from the chosen engine; `sat` keeps one
    solver per board size for all."""
    if engine == "sat":
        from programs.puzzles.ohno import sat

        return sat.OhnoSat().iter_solutions
    return solver.iter_solutions


def solve_main(path: str, explain: bool = False, count: bool | int | None = None,
               engine: str = "python") -> int:
    """Solve every board in `path`; 0 all solved, 1 some without solution, 2 bad input."""
    limit = limit_of(count)
    problem = engine_problem(engine, explain)
    if problem:
        _error(problem)
        return 2
    name = "<stdin>" if path == "-" else path
    try:
        boards = read_file(path)
    except OhnoInputError as exc:
        _error(str(exc))
        return 2
    except OSError as exc:
        _error(f"{path}: {exc.strerror or exc}")
        return 2
    solutions = solver_for(engine)  # one per file: the SAT engine writes shared rules once
    unsolved: list[str] = []
    printed = False
    for board in boards:
        label = f"puzzle at line {board.line}"
        if explain:
            if printed:
                print()
            found = _explain(board)
            printed = True
            if found and limit is not None:
                _, n, complete = count_solutions(
                    solutions(board), limit, f"{name}: {label}")
                print(count_line(label, n, complete))
        else:
            complete, blue, found = True, None, 0
            if limit is None:
                blue = next(solutions(board), None)
            else:
                blue, found, complete = count_solutions(
                    solutions(board), limit, f"{name}: {label}")
            if blue is not None:
                if not _verified(board, blue):
                    return 1
                if printed:
                    print()
                print(format_solution(board.cols, blue))
                if limit is not None:
                    print(count_line(label, found, complete))
                printed = True
            found = blue is not None
        if found is None:
            return 1
        if not found:
            unsolved.append(label)
    if unsolved:
        no_solution(name, unsolved)
        return 1
    return 0


def _verified(board: Board, blue: list[bool]) -> bool:
    """Check a solver's coloring with the independent checker; complain if it fails."""
    problems = checker.solution_problems(board.rows, board.cols, board.cells, blue)
    if problems:
        _error(f"solver error on the board at line {board.line}: {problems[0]}")
        return False
    return True


def _explain(board: Board) -> bool | None:
    """Print the deductions with reasons, then the solution (search finishes if needed)."""
    print(f"# board at line {board.line}, {board.rows}x{board.cols}")
    print(format_board(board))
    result = solver.deduce(board)
    for step in result.steps:
        color = "blue" if step.state == IS_BLUE else "red"
        r, c = divmod(step.cell, board.cols)
        print(f"r{r + 1}c{c + 1} {color}: {step.reason}")
    if not result.consistent:
        print("contradiction: the clues cannot all hold")
        return False
    left = result.state.count(0)
    if left:
        print(f"logic stops with {left} open cells:")
        print(format_progress(board, result.state))
        stats = solver.Stats()
        blue = solver.solve(board, stats)
        if blue is None:
            print("search: no solution")
            return False
        print(f"search finishes it: {stats.guesses} guesses, {stats.dead_ends} dead ends")
    else:
        blue = [t == IS_BLUE for t in result.state]
    if not _verified(board, blue):
        return None
    print("solution:")
    print(format_solution(board.cols, blue))
    return True
