"""The `pc1` command: a thin shell that parses arguments and calls the library.

Each command group is a module of this package with `register(subparsers)`. Only the module
of the command being run is imported (`pc1 --version` imports none, `pc1 run` no puzzle
code); `COMMANDS` names every command with its line of `pc1 --help`, so the listing needs no
module at all. The imports are plain statements in `_group`, so every arrow from the command
line to a library is in sight of import-linter.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Sequence
from types import ModuleType

from pc1 import __version__
from pc1.base import InputError, say, shorten

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (some 3 ms)
if TYPE_CHECKING:
    import argparse

# what `pc1 --version` prints (argparse's --version action prints it too, for --help)
VERSION_LINE = f"pc1 {__version__}"

# command -> (the module of pc1.cli that registers it, its line in `pc1 --help`), in the order
# `pc1 --help` lists them; a module's commands stand together in the order it registers them
# (tests/pc1/cli/test_main_lazy.py holds this table to what the modules register)
COMMANDS: dict[str, tuple[str, str]] = {
    "run": ("run", "run the machine headless: operator actions in order, or a recipe"),
    "orders": ("run", "print the PC-1 order table"),
    "asm": ("asm", "punch annotated sources (.pc1) into .ptr, .ptw and .lst"),
    "listing": ("asm", "print the listing of a .pc1 source or .ptr tape"),
    "disasm": ("asm", "memory image or tape -> R0-language text"),
    "script": ("script", "carry out a monitor script (attach, examine, deposit, break, expect, "
               "...)"),
    "verify": ("verify", "run pi-1000 or e-1000 on the PC-1 and check limbs and digits"),
    "digits": ("digits", "digits of pi or e by a chosen method, optionally cross-checked by "
               "another"),
    "seed": ("digits", "the seed's programs step by step: 40-digit table, limb runs, carry "
             "ripples"),
    "solve": ("puzzles", "solve a Nurikabe, Sudoku or 0h n0 puzzle file"),
    "check": ("puzzles", "check puzzle games against the rules (Progcomp report)"),
    "queens": ("combinatorics", "N queens: all solutions or a count; infinite queens"),
    "mex": ("combinatorics", "the least natural number not among the values"),
    "quintomino": ("combinatorics", "the quintominal dodecahedron: 60 solutions, 3 classes"),
    "samples": ("samples", "list the sample puzzles, or print one (pipe it to pc1 solve KIND -)"),
    "tapes": ("tapes", "list our tapes and scripts with what each is and where it is installed"),
    "docs": ("docs", "read the documentation that comes with pc1 (pc1 docs monitor)"),
    "completion": ("completion", "print a shell completion script (bash, zsh or fish)"),
    "tui": ("console", "open the console: panel, lamps, tapes, teleprinter and the workbenches "
            "(verify, digits, queens, mex, quintomino, puzzles)"),
    "serve": ("serve", "serve the console to a web browser (http://127.0.0.1:8000, with a token)"),
}


def _group(module: str) -> ModuleType:
    """The command module of this package named `module`, imported now."""
    if module == "run":
        from pc1.cli import run as group
    elif module == "asm":
        from pc1.cli import asm as group
    elif module == "script":
        from pc1.cli import script as group
    elif module == "verify":
        from pc1.cli import verify as group
    elif module == "digits":
        from pc1.cli import digits as group
    elif module == "puzzles":
        from pc1.cli import puzzles as group
    elif module == "combinatorics":
        from pc1.cli import combinatorics as group
    elif module == "samples":
        from pc1.cli import samples as group
    elif module == "tapes":
        from pc1.cli import tapes as group
    elif module == "docs":
        from pc1.cli import docs as group
    elif module == "completion":
        from pc1.cli import completion as group
    elif module == "console":
        from pc1.cli import console as group
    elif module == "serve":
        from pc1.cli import serve as group
    else:
        raise ValueError(f"no command module {module!r}")
    return group

# the console and the server run an event loop that handles its own signals
OWN_SIGNALS = frozenset({"tui", "serve"})


def build_parser(modules: Iterable[str] | None = None, *,
                 listing: bool = True) -> argparse.ArgumentParser:
    """The argument parser of `pc1`: every command, with the full arguments of those whose
    module is in `modules` (all of them when None) and a line of help for the others; without
    `listing`, only the commands of `modules` (a parser for running one of them)."""
    from pc1.cli.parser import OneLineParser

    parser = OneLineParser(
        prog="pc1",
        description="Parametron Workbench: the PC-1 parametron computer (1958) and friends.",
        epilog="pc1 alone opens the console. pc1 COMMAND --help tells more of a command; "
        "pc1 docs lists the documents that come with pc1, pc1 tapes our tapes and scripts.",
    )
    parser.add_argument("--version", action="version", version=VERSION_LINE)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    wanted = {m for m, _ in COMMANDS.values()} if modules is None else set(modules)
    for name, (module, line) in COMMANDS.items():
        if name in sub.choices:
            continue  # registered with an earlier command of its module
        if module in wanted:
            _group(module).register(sub)
        elif listing:  # listed only: this command's module is not needed for this run
            sub.add_parser(name, help=line, add_help=False)
    return parser


def _command(argv: Sequence[str]) -> str | None:
    """The command named in argv (its first word that is not an option), if it is one."""
    for word in argv:
        if not word.startswith("-"):
            return word if word in COMMANDS else None
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `pc1` console script."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv:
        argv = ["tui"]  # `pc1` alone opens the console
    if argv == ["--version"]:  # at once: a tool's version should cost what Python's start does
        print(VERSION_LINE)
        return 0
    bad = _bad_argument(argv)
    if bad is not None:
        say(argv[0] if argv[0] in COMMANDS else "", bad)
        return 2
    command = _command(argv)
    # `pc1 COMMAND ...`: nothing before the command can ask for the list of commands (as
    # `pc1 -h COMMAND` does), so the parser holds that command's module alone
    parser = build_parser([COMMANDS[command][0]] if command else [],
                          listing=command is None or argv[0] != command)
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    previous = None
    if args.command not in OWN_SIGNALS:
        from pc1.base import term_as_interrupt  # with signal: not for --version


        previous = term_as_interrupt()  # SIGTERM closes every output as Ctrl-C does
    try:
        return int(args.func(args) or 0)
    except InputError as exc:
        say(args.command, str(exc))
        return 2
    except BrokenPipeError:
        # the reader of our output went away (e.g. `| head`): not an error of ours
        sys.stderr.close()
        return 0
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename is not None else ""
        say(args.command, f"{where}{exc.strerror or exc}")
        return 2
    except KeyboardInterrupt:
        say(args.command, "interrupted")
        return 130
    finally:
        if previous is not None:
            import signal  # loaded by term_as_interrupt already

            signal.signal(signal.SIGTERM, previous)


def _bad_argument(argv: Sequence[str]) -> str | None:
    """Why an argument cannot be used at all (a NUL byte, a character no file name or
    terminal can hold, which no shell passes), or None."""
    for n, arg in enumerate(argv, 1):
        # the option a value belongs to names it, as argparse's own messages do
        where = f"argument {argv[n - 2]}" if n > 1 and argv[n - 2].startswith("-") else (
            f"argument {n}")
        try:
            os.fsencode(arg)
        except UnicodeError:
            return f"{where} ('{shorten(arg)}') holds a character no file name can hold"
        if "\0" in arg:
            return f"{where} ('{shorten(arg)}') holds a NUL byte"
    return None


if __name__ == "__main__":
    sys.exit(main())
