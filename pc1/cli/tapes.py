"""`pc1 tapes`: our shipped tapes, sources, listings and scripts, and where they are installed."""

from __future__ import annotations

import argparse
import textwrap


def _tapes(args: argparse.Namespace) -> int:
    from pc1.devices import installed_files, locate, programs, shipped_files, tapes_dir

    if args.path:
        for path in locate(args.path):
            print(path)
        return 0
    print(f"Our tapes and scripts, installed in {tapes_dir()}\n"
          "Every command that takes a tape or a script finds these by bare name "
          "(pc1 script e1000.pc1s).")
    listed: set[str] = set()
    for prog in programs():
        run = f"pc1 run {prog.name}" if prog.recipe else "read by the other tapes' recipes"
        print(f"\n{prog.name}: {prog.title} ({run})")
        print(textwrap.fill(" ".join(prog.description.split()), width=88,
                            initial_indent="  ", subsequent_indent="  "))
        for path in installed_files(prog):
            listed.add(path.name)
            print(f"  {path.name:<16} {path}")
    others = [p for p in shipped_files() if p.name not in listed]
    if others:
        print("\nother files")
        for path in others:
            print(f"  {path.name:<16} {path}")
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    """Add `pc1 tapes` to the `pc1` parser."""
    p = sub.add_parser(
        "tapes", help="list our tapes and scripts with what each is and where it is installed",
        description="Each program of the tape manifest: what it is, how to run it, and the "
        "installed path of each of its files (source .pc1, R0 tape .ptr, binary tape .ptw, "
        "listing .lst, operator script .pc1s). Every option that takes a tape or a script "
        "finds these by bare name, e.g. `pc1 run --initial-load r0.ptw --tape e1000.ptr "
        "--clear-start`.")
    p.add_argument("--path", metavar="NAME",
                   help="print the installed path of one file (e1000.ptr), or of every file of "
                   "a program (e1000), and nothing else")
    p.set_defaults(func=_tapes)
