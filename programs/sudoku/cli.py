"""`pc1 solve sudoku FILE [--explain] [--count]`: a thin shell over the library."""

from __future__ import annotations

from programs.puzzle_text import COUNT_LIMIT, count_summary
from programs.puzzle_text import solve_error as _error
from programs.sudoku import checker, fast
from programs.sudoku.explain import explain as explain_lines
from programs.sudoku.formats import (
    Puzzle,
    SudokuInputError,
    clue_errors,
    format_grid,
    format_puzzle,
    read_file,
)


def load(path: str) -> tuple[str, list[Puzzle]]:
    """Display name and puzzles of `path`, with every clue checked for repeats."""
    name = "<stdin>" if path == "-" else path
    puzzles = read_file(path)
    for puzzle in puzzles:
        problem = clue_errors(puzzle, name)
        if problem:
            raise SudokuInputError(problem)
    return name, puzzles


def solve_main(path: str, explain: bool = False, count: bool = False) -> int:
    """Solve every puzzle in `path`; 0 all solved, 1 some without solution, 2 bad input."""
    try:
        name, puzzles = load(path)
    except SudokuInputError as exc:
        _error(str(exc))
        return 2
    except OSError as exc:
        _error(f"{path}: {exc.strerror or exc}")
        return 2
    unsolved: list[int] = []
    for n, puzzle in enumerate(puzzles):
        if n and (explain or count or puzzle.layout == "grid"):
            print()
        if count:
            found = _count(puzzle)
        elif explain:
            found = _explain(puzzle)
        else:
            found = _solve(puzzle)
        if found is None:
            return 1
        if not found:
            unsolved.append(puzzle.line)
    if unsolved:
        lines = ", ".join(map(str, unsolved[:5])) + (" ..." if len(unsolved) > 5 else "")
        _error(f"{name}: no solution for the puzzle at line {lines}")
        return 1
    return 0


def _verified(puzzle: Puzzle, solution: tuple[int, ...]) -> bool:
    """Check a solver's grid with the independent checker; complain if it fails."""
    problems = checker.solution_problems(puzzle.cells, solution)
    if problems:
        _error(f"solver error at line {puzzle.line}: {problems[0]}")
        return False
    return True


def _solve(puzzle: Puzzle) -> bool | None:
    """Print the solution in the puzzle's layout; False when there is none."""
    solution = fast.solve(puzzle.cells)
    if solution is None:
        print(f"# line {puzzle.line}: no solution")
        return False
    if not _verified(puzzle, solution):
        return None
    print(format_puzzle(puzzle, solution))
    return True


def _count(puzzle: Puzzle) -> bool | None:
    """Print how many solutions (up to COUNT_LIMIT) and the solutions found."""
    found = []
    for solution in fast.iter_solutions(puzzle.cells):
        if not _verified(puzzle, solution):
            return None
        found.append(solution)
        if len(found) >= COUNT_LIMIT:
            break
    print(f"# line {puzzle.line}: {count_summary(len(found))}")
    for k, solution in enumerate(found):
        if k:
            print()
        print(format_puzzle(puzzle, solution))
    return bool(found)


def _explain(puzzle: Puzzle) -> bool | None:
    """Print Hui's steps, then the solution (from the fast solver if Hui's stopped)."""
    print(f"# puzzle at line {puzzle.line}")
    print(format_grid(puzzle.cells, boxes=True))
    for line in explain_lines(puzzle.cells):
        print(line)
    solution = fast.solve(puzzle.cells)
    if solution is None:
        print("no solution")
        return False
    if not _verified(puzzle, solution):
        return None
    print("solution:")
    print(format_grid(solution, boxes=True))
    return True
