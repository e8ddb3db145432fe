"""`pc1 samples`: the sample puzzles that ship with the package."""

from __future__ import annotations

import argparse
import sys

from pc1.base import InputError
from programs.puzzles.samples import sample_names, sample_path, sample_text


def _samples(args: argparse.Namespace) -> int:
    if args.name is None:
        for name in sample_names():
            print(f"{name:<20} {sample_path(name)}")
        return 0
    if args.name not in sample_names():
        from pc1.devices import programs

        if any(args.name in (p.name, *p.files()) for p in programs()):
            raise InputError(f"{args.name} is one of our tapes, not a sample puzzle: "
                             "`pc1 tapes` lists the tapes and scripts, and where they are")
        raise InputError(f"no sample puzzle named {args.name!r} (samples: "
                         f"{', '.join(sample_names())}; our tapes and scripts: `pc1 tapes`)")
    sys.stdout.write(sample_text(args.name))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    """Add `pc1 samples` to the `pc1` parser."""
    p = sub.add_parser(
        "samples", help="list the sample puzzles, or print one (pipe it to pc1 solve KIND -)",
        description="Without NAME: each sample puzzle file and where it is installed. With "
        "NAME (a puzzle kind or a listed name): that file's text, e.g. "
        "`pc1 samples sudoku | pc1 solve sudoku -`. Our tapes and scripts: `pc1 tapes`.")
    p.add_argument("name", nargs="?", metavar="NAME",
                   help="a puzzle kind (0hn0, nurikabe, sudoku) or another listed sample")
    p.set_defaults(func=_samples)
