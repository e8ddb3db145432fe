"""`pc1 script FILE`: carry out a monitor script (docs/monitor.md), as `pc1 run --script` does.

Exit status: 0 when every line was carried out, 1 when an expect or assert failed, 2 for a
bad line (one message naming the file and the line), 3 when the order or wall-time limit
ended a run, 130 when Ctrl-C or SIGTERM stopped it (the run reported, its punch saved).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from pc1.base import say, stopping_on_signals
from pc1.machine import Machine
from pc1.monitor import CheckFailed, Interrupted, LimitReached, Monitor

DEFAULT_TIME_LIMIT = 600.0  # seconds of wall time for a whole script


def _print(quiet: bool, command: str):
    def out(kind: str, text: str) -> None:
        if kind == "report":
            if not quiet:
                say(command, text)
            return
        # the paper goes out as it is printed, with its own line ends (the monitor ends its
        # last line before a report); a result is a line
        sys.stdout.write(text if kind == "paper" or text.endswith("\n") else text + "\n")
        sys.stdout.flush()

    return out


def perform_script(path: Path, machine: Machine, *, max_orders: int | None,
                   time_limit: float | None, quiet: bool = False, command: str = "script"
                   ) -> int:
    """Carry out a script file on `machine`; the exit status (bad lines raise InputError)."""
    monitor = Monitor(machine, folder=path.parent, max_orders=max_orders,
                      time_limit=time_limit, out=_print(quiet, command))
    try:
        # the first Ctrl-C or SIGTERM stops the run: it is reported, its punch saved
        with stopping_on_signals(monitor.interrupt):
            monitor.run_file(path)
    except CheckFailed as exc:
        say(command, str(exc))
        return 1
    except LimitReached as exc:
        say(command, str(exc))
        return 3
    except Interrupted as exc:
        say(command, str(exc))
        return 130  # the shell's status for Ctrl-C
    return 0


def _script(args: argparse.Namespace) -> int:
    from pc1.devices import find_file

    machine = Machine(clock_hz=args.clock)
    return perform_script(find_file(args.file), machine, max_orders=args.max_orders,
                          time_limit=args.time_limit, quiet=args.quiet)


def register(sub: argparse._SubParsersAction) -> None:
    """Add `pc1 script` to the `pc1` parser."""
    from pc1.cli.arguments import (
        DEFAULT_MAX_ORDERS,
        MAX_ORDERS_LIMIT,
        TIME_LIMIT_MAX,
        bounded_int,
        bounded_seconds,
        clock_type,
    )

    p = sub.add_parser(
        "script", help="carry out a monitor script (attach, examine, deposit, break, expect, ...)",
        description="Carries out a monitor script line by line (the language of "
        "`pc1 docs monitor`; `help` inside a script lists the verbs). Printed text and "
        "examine output go to stdout, reports to stderr. Exit status: 1 if an expect or "
        "assert fails, 2 for a bad line, 3 if a limit ends a run.",
    )
    p.add_argument("file", metavar="FILE", help="the script (a .pc1s file; ours by bare name, "
                   "e.g. e1000.pc1s: see `pc1 tapes`; - reads standard input)")
    p.add_argument("--clock", type=clock_type, default=15_000.0, metavar="HZ",
                   help="clock for simulated time (default 15000)")
    p.add_argument("--max-orders", type=bounded_int(1, MAX_ORDERS_LIMIT),
                   default=DEFAULT_MAX_ORDERS, metavar="N",
                   help=f"orders in all before the script ends (default {DEFAULT_MAX_ORDERS:,})")
    p.add_argument("--time-limit", type=bounded_seconds(0, TIME_LIMIT_MAX),
                   default=DEFAULT_TIME_LIMIT, metavar="S",
                   help=f"wall-time seconds for the whole script (default {DEFAULT_TIME_LIMIT:g})")
    p.add_argument("-q", "--quiet", action="store_true", help="no reports on stderr")
    p.set_defaults(func=_script)
