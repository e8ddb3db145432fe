"""`pc1 tui`: open the console (also what `pc1` alone does)."""

from __future__ import annotations

import argparse
from pathlib import Path

from pc1.cli.arguments import clock_type, folder


def _tui(args: argparse.Namespace) -> int:
    from tui.app import PC1App  # Textual loads only when the console is wanted

    app = PC1App(clock_hz=args.clock, tape_dirs=[Path(d) for d in args.tapes],
                 speed="max" if args.max_speed else "real", root=args.root)
    app.run()
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    """Add `pc1 tui` to the `pc1` parser."""
    p = sub.add_parser("tui", help="open the console: panel, lamps, tapes, teleprinter and "
                       "the workbenches (verify, digits, queens, mex, quintomino, puzzles)",
                       description="The PC-1 on screen, with a workbench screen for each of "
                       "verify, digits, queens, mex, quintomino and puzzles. F1 or ? lists "
                       "every key and the operator procedures; ctrl+p finds every action by "
                       "name.")
    p.add_argument("--clock", type=clock_type, default=15_000.0, metavar="HZ",
                   help="clock for real time and simulated time (default 15000; 10k: "
                   "PC-1 on Unity)")
    p.add_argument("--tapes", metavar="DIR", nargs="+", default=[], action="extend",
                   help="more folders for the tape library")
    p.add_argument("--max-speed", action="store_true",
                   help="start at full speed instead of real time")
    p.add_argument("--root", type=folder, metavar="DIR",
                   help="open and save files only inside DIR (what pc1 serve gives each "
                   "browser's console)")
    p.set_defaults(func=_tui)
