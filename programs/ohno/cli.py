"""`pc1 solve 0hn0 FILE [--explain] [--count]`: a thin shell over the library."""

from __future__ import annotations

from programs.ohno import checker, solver
from programs.ohno.formats import (
    IS_BLUE,
    Board,
    OhnoInputError,
    format_board,
    format_progress,
    format_solution,
    read_file,
)
from programs.puzzle_text import COUNT_LIMIT, count_summary
from programs.puzzle_text import solve_error as _error


def solve_main(path: str, explain: bool = False, count: bool = False) -> int:
    """Solve every board in `path`; 0 all solved, 1 some without solution, 2 bad input."""
    name = "<stdin>" if path == "-" else path
    try:
        boards = read_file(path)
    except OhnoInputError as exc:
        _error(str(exc))
        return 2
    except OSError as exc:
        _error(f"{path}: {exc.strerror or exc}")
        return 2
    unsolved = []
    for n, board in enumerate(boards):
        if n:
            print()
        if count:
            found = _count(board)
        elif explain:
            found = _explain(board)
        else:
            found = _solve(board)
        if found is None:
            return 1
        if not found:
            unsolved.append(board.line)
    if unsolved:
        _error(f"{name}: no solution for the board at line {', '.join(map(str, unsolved))}")
        return 1
    return 0


def _verified(board: Board, blue: list[bool]) -> bool:
    """Check a solver's coloring with the independent checker; complain if it fails."""
    problems = checker.solution_problems(board.rows, board.cols, board.cells, blue)
    if problems:
        _error(f"solver error on the board at line {board.line}: {problems[0]}")
        return False
    return True


def _solve(board: Board) -> bool | None:
    """Print the solution in the seed's format; False when there is none."""
    blue = solver.solve(board)
    if blue is None:
        print(f"# board at line {board.line}: no solution")
        return False
    if not _verified(board, blue):
        return None
    print(format_solution(board.cols, blue))
    return True


def _count(board: Board) -> bool | None:
    """Print how many solutions (up to COUNT_LIMIT) and the solutions found."""
    found = []
    for blue in solver.iter_solutions(board):
        if not _verified(board, blue):
            return None
        found.append(blue)
        if len(found) >= COUNT_LIMIT:
            break
    print(f"# board at line {board.line}: {count_summary(len(found))}")
    for k, blue in enumerate(found):
        if k:
            print()
        print(format_solution(board.cols, blue))
    return bool(found)


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
        print(f"# board at line {board.line}: no solution")
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
