"""`pc1 queens`, `pc1 mex` and `pc1 quintomino`: thin shells over the programs' libraries.

The algorithm modules are imported inside the handlers so that building the `pc1` parser
stays cheap. Command-line values are parsed here, not by argparse, so that a bad value
gives one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse

from pc1.base import parse_whole, say


class _BadValue(Exception):
    """A command-line value the command cannot use."""


LARGEST_VALUE = 10**4000  # a value of more digits is refused with this range, unconverted


def _whole(text: str, what: str, least: int) -> int:
    try:
        return parse_whole(text, least, LARGEST_VALUE)
    except ValueError as exc:
        raise _BadValue(f"{what}: {exc}") from None


def _fail(command: str, message: str) -> int:
    say(command, message)
    return 2


def _queens(args: argparse.Namespace) -> int:
    from programs import queens

    return queens.run(args)


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


MEX_STDIN_LIMIT = 100_000_000  # bytes of values on standard input (about 10 million values)


def _mex_words(words: list[str]) -> list[str]:
    """The values as given, with "-" replaced by the whitespace-separated values on stdin."""
    if "-" not in words:
        return words
    from pc1.base import read_text_file

    piped = read_text_file("-", MEX_STDIN_LIMIT, "a list of values").split()
    return [w for word in words for w in (piped if word == "-" else [word])]


def _mex(args: argparse.Namespace) -> int:
    try:
        values = [_whole(text, "each value", 0) for text in _mex_words(args.values)]
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
    from programs.queens import add_arguments

    add_arguments(p)
    p.set_defaults(func=_queens)

    p = sub.add_parser(
        "mex",
        help="the least natural number not among the values",
        description="mex (minimum excludant) of the values, by the seed's range tree.",
    )
    p.add_argument("values", nargs="*", metavar="VALUE",
                   help="natural numbers; - reads more from standard input (seq 0 9 | pc1 mex -)")
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
