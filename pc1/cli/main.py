"""The `pc1` command: a thin shell that parses arguments and calls the library.

Each command group is a module of this package with `register(subparsers)`; they are
imported here by name, so every arrow from the command line to a library is in plain sight.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from collections.abc import Sequence

from pc1.base import InputError, one_line, say, shorten, term_as_interrupt
from pc1.cli import (
    asm,
    combinatorics,
    console,
    digits,
    puzzles,
    run,
    samples,
    script,
    serve,
    verify,
)

# the console and the server run an event loop that handles its own signals
OWN_SIGNALS = frozenset({"tui", "serve"})


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose complaints are one line (`pc1 run: ...`), exit status 2."""

    def error(self, message: str) -> None:  # noqa: D102 - argparse's hook
        self.exit(2, f"{self.prog}: {one_line(message)} (see {self.prog} --help)\n")


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("pc1-workbench")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "(not installed)"


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser with every package's subcommands."""
    parser = OneLineParser(
        prog="pc1",
        description="Parametron Workbench: the PC-1 parametron computer (1958) and friends.",
    )
    parser.add_argument("--version", action="version", version=f"pc1 {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    groups = (run, asm, script, verify, digits, puzzles, combinatorics, samples, console, serve)
    for group in groups:
        group.register(sub)
    return parser


def _commands(parser: argparse.ArgumentParser) -> set[str]:
    for action in parser._actions:  # noqa: SLF001 - argparse keeps subcommands here
        if isinstance(action, argparse._SubParsersAction):  # noqa: SLF001
            return set(action.choices)
    return set()


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `pc1` console script."""
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv and "tui" in _commands(parser):
        argv = ["tui"]  # `pc1` alone opens the console
    bad = _bad_argument(argv)
    if bad is not None:
        say(argv[0] if argv and argv[0] in _commands(parser) else "", bad)
        return 2
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    previous = None
    if args.command not in OWN_SIGNALS and _main_thread():
        previous = signal.getsignal(signal.SIGTERM)
        term_as_interrupt()  # SIGTERM closes every output as Ctrl-C does
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
            signal.signal(signal.SIGTERM, previous)


def _bad_argument(argv: Sequence[str]) -> str | None:
    """Why an argument cannot be used at all (a NUL byte, a character no file name or
    terminal can hold, which no shell passes), or None."""
    for n, arg in enumerate(argv, 1):
        try:
            os.fsencode(arg)
        except UnicodeError:
            return f"argument {n} ('{shorten(arg)}') holds a character no file name can hold"
        if "\0" in arg:
            return f"argument {n} ('{shorten(arg)}') holds a NUL byte"
    return None


def _main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()

if __name__ == "__main__":
    sys.exit(main())
