"""`pc1 solve nurikabe FILE` and `pc1 check nurikabe FILE`: thin shells over the library."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from pc1.base import say
from programs.puzzles.text import (
    count_line,
    count_solutions,
    engine_problem,
    limit_of,
    no_solution,
    read_puzzle_text,
)

from .checker import first_violation, progcomp_line, solution_problems
from .explain import explain as explain_steps
from .formats import ParseError, progcomp_rows, read_games, write_hui, write_plain
from .model import UNKNOWN, Game, clue_problem
from .solver import Step, solve
from .solver import iter_solutions as iter_solutions_python


def _read(path: str, command: str) -> tuple[str, list[Game]] | None:
    """Parse the file (or stdin for '-'); print one error line and return None on failure."""
    try:
        text, source = read_puzzle_text(path, ParseError)
        return read_games(text, source)
    except ParseError as exc:
        say(command, str(exc))
    return None


def _grid(kind: str, game: Game, cells: tuple[int, ...]) -> str:
    """A grid in the format it was read in."""
    p = game.puzzle
    if kind == "progcomp" and p.rows == p.cols and max(p.clues) < 10:
        return "\n".join(progcomp_rows(p, cells))
    if kind == "hui":
        return write_hui(p, cells).rstrip("\n")
    return write_plain(p, cells).rstrip("\n")


def solver_for(engine: str = "python", limit: int | None = None,
               ) -> Callable[[Game], Iterator[tuple[int, ...]]]:
    """Every solution of a game from the chosen engine, first one first; `sat` keeps one
    solver per grid size for all; a count to `limit` lets the python engine hand its proof
    to the frontier count."""
    if engine == "sat":
        from .sat import NurikabeSat

        sat = NurikabeSat()
        return lambda game: sat.iter_solutions(game.puzzle, game.cells)
    return lambda game: iter_solutions_python(game.puzzle, game.cells, limit=limit or 0)


def solve_main(path: str, explain: bool = False, count: bool | int | None = None,
               engine: str = "python") -> int:
    """Solve every puzzle in the file; print solutions (and steps, and the count)."""
    command = "solve"
    limit = limit_of(count)
    problem = engine_problem(engine, explain)
    if problem:
        say(command, problem)
        return 2
    parsed = _read(path, command)
    if parsed is None:
        return 2
    kind, games = parsed
    source = "<stdin>" if path == "-" else path
    for game in games:
        problem = clue_problem(game.puzzle)
        if problem is not None:
            r, c, text = problem
            where = f"game {game.name}, " if len(games) > 1 else ""
            say(command, f"{source}: {where}row {r + 1}, column {c + 1}: {text}")
            return 2
    # One per file: the SAT engine writes shared rules once.
    solutions = solver_for(engine, limit)
    unsolved: list[str] = []
    for game in games:
        label = f"game {game.name}" if len(games) > 1 else "puzzle"
        if len(games) > 1:
            print(game.name)
        violation = first_violation(game.puzzle, game.cells)
        steps: list[Step] = []
        found, complete, solution = 0, True, None
        if violation is None:
            if explain:
                result = solve(game.puzzle, game.cells)
                steps = result.steps
                solution = result.solutions[0] if result.solutions else None
            elif limit is None:
                solution = next(solutions(game), None)
            if limit is not None:
                first, found, complete = count_solutions(
                    solutions(game), limit, f"{source}: {label}")
                solution = solution if explain else first
        if solution is None:
            why = f"as given it {progcomp_line('', violation)[1:]}" if violation else ""
            if len(games) > 1:  # each game of a file gets its result under its name
                print(f"no solution{': ' + why if why else ''}")
                unsolved.append(label)
            else:
                unsolved.append(label + (f" ({why})" if why else ""))
            continue
        problems = solution_problems(game.puzzle, solution, game.cells)
        if problems:
            # The checker disagrees with the solver: report it rather than print a wrong grid.
            say(command, f"{game.name}: solver produced an invalid grid: {problems[0]}")
            return 1
        if explain:
            print("\n".join(explain_steps(game.puzzle, steps)))
        print(_grid(kind, game, solution))
        if limit is not None:
            print(count_line(label, found, complete))
    if unsolved:
        no_solution(source, unsolved)
        return 1
    return 0


def _cells(n: int) -> str:
    return f"{n} cell" + ("" if n == 1 else "s")


def check_main(path: str) -> int:
    """The Progcomp report: Solved, Unsolved (then a solution), or the first rule broken.

    Exit status: 0 when every game is Solved or can be finished, 1 when a game breaks a rule
    or cannot be finished, 2 for a file that cannot be read.
    """
    command = "check"
    parsed = _read(path, command)
    if parsed is None:
        return 2
    kind, games = parsed
    status = 0
    for game in games:
        violation = first_violation(game.puzzle, game.cells)
        if violation is not None:
            print(progcomp_line(game.name, violation))
            status = 1
        elif game.is_complete():
            print(f"{game.name} is Solved")
        else:
            # Progcomp's verdict is about the game as given; the grid after it is ours
            grey = sum(1 for c in game.cells if c == UNKNOWN)
            try:
                result = solve(game.puzzle, game.cells)
            except RecursionError:  # pragma: no cover - the search keeps its own stack
                say(command, f"{game.name}: search too deep for this puzzle")
                return 1
            good = [s for s in result.solutions
                    if not solution_problems(game.puzzle, s, game.cells)]
            if good:
                print(f"{game.name} is Unsolved ({_cells(grey)} still grey); a solution:")
                print(_grid(kind, game, good[0]))
            else:
                print(f"{game.name} is Unsolved ({_cells(grey)} still grey) and has no "
                      "solution")
                status = 1
    return status
