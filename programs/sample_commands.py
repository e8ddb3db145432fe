"""`pc1 samples`: the sample puzzles that ship with the package."""

from __future__ import annotations

import argparse
import sys

from programs.samples import SAMPLES, sample_path, sample_text


def _samples(args: argparse.Namespace) -> int:
    if args.kind is None:
        for kind in sorted(SAMPLES):
            print(f"{kind:<9} {sample_path(kind)}")
        return 0
    sys.stdout.write(sample_text(args.kind))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    """Add `pc1 samples` to the `pc1` parser."""
    p = sub.add_parser(
        "samples", help="list the sample puzzles, or print one (pipe it to pc1 solve KIND -)",
        description="Without KIND: each sample puzzle file and where it is installed. With "
        "KIND: that file's text, e.g. `pc1 samples sudoku | pc1 solve sudoku -`.")
    p.add_argument("kind", nargs="?", choices=sorted(SAMPLES), help="puzzle kind")
    p.set_defaults(func=_samples)
