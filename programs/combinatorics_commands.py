"""`pc1 queens`, `pc1 mex` and `pc1 quintomino`: thin shells over the programs' libraries.

The algorithm modules are imported inside the handlers so that building the `pc1` parser
stays cheap. Command-line values are parsed here, not by argparse, so that a bad value
gives one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import sys


class _BadValue(Exception):
    """A command-line value the command cannot use."""


def _whole(text: str, what: str, least: int) -> int:
    try:
        value = int(text.replace("_", ""))
    except ValueError:
        raise _BadValue(f"{what} must be a whole number, got {text!r}") from None
    if value < least:
        raise _BadValue(f"{what} must be at least {least}, got {value}")
    return value


def _fail(command: str, message: str) -> int:
    print(f"pc1 {command}: {message}", file=sys.stderr)
    return 2


def _queens(args: argparse.Namespace) -> int:
    try:
        n = _whole(args.n, "N", 1)
    except _BadValue as exc:
        return _fail("queens", str(exc))
    if args.infinite:
        if args.count or args.boards:
            return _fail("queens", "--infinite goes without --count and --boards")
        return _infinite_queens(n, csv=args.csv)
    if args.csv:
        return _fail("queens", "--csv goes with --infinite")
    from programs import queens

    if args.count:
        print(queens.count_queens(n))
        return 0
    solver = {
        "bitboard": queens.solve_queens,
        "backtrack": queens.backtrack_queens,
        "bitstring": queens.bitstring_queens,
    }[args.method]
    count = 0
    for solution in solver(n):
        count += 1
        if args.boards:
            print(queens.format_solution(solution))
            print(queens.draw_board(solution))
            print()
        else:
            print(queens.format_solution(solution))
    print(_plural(count, "solution"))
    return 0


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


def _infinite_queens(count: int, *, csv: bool) -> int:
    from programs.infinite_queens import plot_data

    plot = plot_data(count)
    if csv:
        for line in plot.csv_rows():
            print(line)
        return 0
    terms = plot.terms
    for start in range(0, len(terms), 16):
        print(" ".join(map(str, terms[start : start + 16])))
    return 0


def _mex(args: argparse.Namespace) -> int:
    try:
        values = [_whole(text, "each value", 0) for text in args.values]
    except _BadValue as exc:
        return _fail("mex", str(exc))
    from programs import mex

    if args.method == "tree" or args.tree:
        tree = mex.RangeTree(values)
        if args.tree:
            print(tree.draw() or "(empty tree)")
            print("ranges: " + " ".join(f"[{lo},{hi}]" for lo, hi in tree.ranges()))
        print(tree.mex())
    elif args.method == "bitstring":
        try:
            print(mex.mex_bitstring(values))
        except ValueError as exc:  # a value too large for an in-memory bit string
            return _fail("mex", f"--method bitstring: {exc}")
    else:
        print(mex.mex_naive(values))
    return 0


def _quintomino(args: argparse.Namespace) -> int:
    from programs import quintomino

    if args.method == "dlx":
        solutions = list(quintomino.exact_cover_solutions())
    else:
        solutions = list(quintomino.backtrack_solutions())
    if not args.classes:
        for solution in solutions:
            print(solution)
        print(_plural(len(solutions), "solution"))
        return 0
    classes = quintomino.equivalence_classes(solutions)
    sizes = " ".join(str(len(members)) for members in classes)
    print(f"{len(classes)} classes under colour permutation, of sizes {sizes}")
    for members in classes:
        print()
        for member in members:
            print(member)
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    """Add `queens`, `mex` and `quintomino` to the `pc1` parser."""
    p = sub.add_parser(
        "queens",
        help="N queens: all solutions or a count; infinite queens",
        description="Print every solution of the N-queens problem (q[col] = row, in the "
        "seed's order), or count them, or print the first N infinite-queens terms.",
    )
    p.add_argument("n", metavar="N", nargs="?", default="8", help="board size or term count")
    p.add_argument("--count", action="store_true", help="only count the solutions (fast)")
    p.add_argument("--infinite", action="store_true", help="the first N infinite-queens terms")
    p.add_argument("--csv", action="store_true", help="with --infinite: n,q_n,phi*n,n/phi rows")
    p.add_argument("--boards", action="store_true", help="draw each solution as a board")
    p.add_argument(
        "--method",
        choices=["bitboard", "backtrack", "bitstring"],
        default="bitboard",
        help="search used to list solutions (all give the same order)",
    )
    p.set_defaults(func=_queens)

    p = sub.add_parser(
        "mex",
        help="the least natural number not among the values",
        description="mex (minimum excludant) of the values, by the seed's range tree.",
    )
    p.add_argument("values", nargs="*", metavar="VALUE", help="natural numbers")
    p.add_argument(
        "--method", choices=["tree", "bitstring", "naive"], default="tree", help="algorithm"
    )
    p.add_argument("--tree", action="store_true", help="show the range tree and its ranges")
    p.set_defaults(func=_mex)

    p = sub.add_parser(
        "quintomino",
        help="the quintominal dodecahedron: 60 solutions, 3 classes",
        description="Solutions with face 0 = 01234 as 30 edge colours (the seed's notation).",
    )
    p.add_argument(
        "--classes", action="store_true", help="group the solutions under colour permutation"
    )
    p.add_argument(
        "--method",
        choices=["backtrack", "dlx"],
        default="backtrack",
        help="the seed's search (its order) or dancing links",
    )
    p.set_defaults(func=_quintomino)
