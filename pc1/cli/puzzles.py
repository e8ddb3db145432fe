"""`pc1` subcommands of the programs package: queens, mex, quintomino, solve, check."""

from __future__ import annotations

import argparse
import importlib
import os

from programs.puzzles import count_limit

# puzzle kind -> module with solve_main(path, explain=..., count=..., engine=...) -> int
PUZZLES = {
    "nurikabe": "programs.puzzles.nurikabe.cli",
    "sudoku": "programs.puzzles.sudoku.cli",
    "0hn0": "programs.puzzles.ohno.cli",
}


def _solve(args: argparse.Namespace) -> int:
    module = importlib.import_module(PUZZLES[args.kind])
    return module.solve_main(args.file, explain=args.explain, count=args.count,
                             engine=args.engine)


def _count_limit(text: str) -> int:
    try:
        return count_limit(text)
    except ValueError as exc:
        message = str(exc)
        if text == "-" or os.path.exists(text):
            # argparse gave --count the file that followed it (its LIMIT is optional).
            message += "; to count the puzzles of that file, name the file first: " \
                       "pc1 solve KIND FILE --count"
        raise argparse.ArgumentTypeError(message) from None


def _check(args: argparse.Namespace) -> int:
    module = importlib.import_module(PUZZLES[args.kind])
    return module.check_main(args.file)


def register(sub: argparse._SubParsersAction) -> None:
    """Add the programs' subcommands to the `pc1` parser."""
    p = sub.add_parser(
        "solve", help="solve a Nurikabe, Sudoku or 0h n0 puzzle file",
        description="Solves every puzzle in FILE and prints each solution in the format it was "
        "read in (formats and rules: `pc1 docs puzzles`; examples: `pc1 samples`). Exit "
        "status: 0 all solved, 1 a puzzle without a solution, 2 a file that cannot be read.")
    p.add_argument("kind", choices=sorted(PUZZLES))
    p.add_argument("file", help="puzzle file ('-' for standard input)")
    p.add_argument("--explain", action="store_true", help="show each deduction step")
    p.add_argument("--count", nargs="?", const=2, default=None, type=_count_limit,
                   metavar="LIMIT",
                   help="count solutions up to LIMIT (default 2: unique?; 'all': no limit)")
    p.add_argument("--engine", choices=["python", "sat"], default="python",
                   help="pure-Python solver (default) or the SAT solver (extra [sat])")
    p.set_defaults(func=_solve)

    p = sub.add_parser(
        "check", help="check puzzle games against the rules (Progcomp report)",
        description="Judges each Nurikabe game of a Progcomp 2014 file as the player left it: "
        "`NAME is Solved`, `NAME violates rule N: ...`, or `NAME is Unsolved` followed by a "
        "solution (`pc1 docs puzzles` says what each verdict means). Exit status: 0 every game "
        "solved or solvable, 1 a game breaks a rule or cannot be finished, 2 an unreadable file.")
    p.add_argument("kind", choices=["nurikabe"])
    p.add_argument("file", help="games file ('-' for standard input)")
    p.set_defaults(func=_check)

