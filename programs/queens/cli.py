"""`pc1 queens`: list or count N-queens solutions (in work units on local processes or Dask),
or print infinite-queens terms, everything written as it is produced.

Values are parsed here, not by argparse, so a bad one gives one line naming the allowed
range on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from contextlib import closing
from itertools import islice

from pc1.base import Reporter, say
from programs.queens.executors import MAX_JOBS

MAX_N = 32
MAX_TERMS = 100_000_000  # about 6 bytes of flags a term: 600 MB at most
UNITS_FROM = 14  # from this board on a bare --count splits the work over local processes


class BadValue(Exception):
    """A command-line value the command cannot use."""


def whole(text: str, what: str, least: int, most: int) -> int:
    """`text` as a whole number from `least` to `most`, or BadValue naming the range."""
    span = f"from {least} to {most}"
    clean = text.strip().replace("_", "")
    if not clean.lstrip("+-").isdigit() or clean[1:].lstrip("0123456789"):
        raise BadValue(f"{what} must be a whole number {span}, got {text[:40]!r}")
    if len(clean) > 30:
        raise BadValue(f"{what} must be {span}, got a number of {len(clean)} digits")
    value = int(clean)
    if not least <= value <= most:
        raise BadValue(f"{what} must be {span}, got {clean}")
    return value


def _verify_amount(text: str) -> int | float:
    """--verify K (units) or P% (the probability of catching one altered unit)."""
    if text.strip().endswith("%"):
        return whole(text.strip()[:-1], "--verify P%", 1, 100) / 100
    return whole(text, "--verify", 0, 10**6)


def fail(message: str) -> int:
    """Print the one-line error of `pc1 queens` and give the exit status."""
    say("queens", message)
    return 2


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The `pc1 queens` options."""
    p.add_argument("n", metavar="N", nargs="?", default="8",
                   help=f"board size (1-{MAX_N}) or, with --infinite, number of terms")
    p.add_argument("--count", action="store_true", help="only count the solutions (fast)")
    p.add_argument("-q", "--quiet", action="store_true",
                   help="no progress on stderr (by default a bar on a terminal once the work "
                   "takes over a second, else a line every 10 s)")
    p.add_argument("--infinite", action="store_true", help="the first N infinite-queens terms")
    p.add_argument("--csv", action="store_true", help="with --infinite: n,q_n,phi*n,n/phi rows")
    p.add_argument("--boards", action="store_true", help="draw each solution as a board")
    p.add_argument(
        "--method",
        choices=["bitboard", "backtrack", "bitstring"],
        default="bitboard",
        help="search used to list solutions (all give the same order)",
    )
    units = p.add_argument_group("counting in work units (with --count)")
    units.add_argument("--jobs", metavar="J",
                       help=f"local worker processes (1-{MAX_JOBS}; default: one per CPU "
                            f"from N = {UNITS_FROM} on)")
    units.add_argument("--scheduler", metavar="ADDRESS",
                       help="count on a Dask cluster, e.g. tcp://10.0.0.5:8786 "
                            "(needs the [cluster] extra)")
    units.add_argument("--ledger", metavar="FILE",
                       help="record finished units in FILE; run again to resume")
    units.add_argument("--verify", metavar="K|P%",
                       help="recount K random units afterwards, or enough of them (P%% of the "
                            "finished units) to catch one altered unit with probability P%%; "
                            "the probability is said")
    units.add_argument("--depth", metavar="D", help="rows pre-placed in each unit (0-4)")


def run(args: argparse.Namespace) -> int:
    """The `pc1 queens` command."""
    unit_options = [name for name in ("jobs", "scheduler", "ledger", "verify", "depth")
                    if getattr(args, name) is not None]
    try:
        if args.infinite:
            count = whole(args.n, "N", 1, MAX_TERMS)
        else:
            n = whole(args.n, "N", 1, MAX_N)
        jobs = whole(args.jobs, "--jobs", 1, MAX_JOBS) if args.jobs is not None else None
        depth = whole(args.depth, "--depth", 0, 4) if args.depth is not None else None
        verify = _verify_amount(args.verify) if args.verify is not None else None
    except BadValue as exc:
        return fail(str(exc))
    if args.infinite:
        if args.count or args.boards:
            return fail("--infinite goes without --count and --boards")
        if unit_options:
            return fail(f"--{unit_options[0]} goes with --count")
        with Reporter(f"queens --infinite {count:,}", quiet=args.quiet) as progress:
            # 16 terms a line, or a CSV row a term after the header
            return _stream(_infinite_lines(count, csv=args.csv), lambda lines: progress.count(
                min(count, lines - 1 if args.csv else lines * 16), count, unit="terms"))
    if args.csv:
        return fail("--csv goes with --infinite")
    if unit_options and not args.count:
        return fail(f"--{unit_options[0]} goes with --count")
    if args.count:
        if not unit_options and n < UNITS_FROM:
            from programs.queens.boards import count_queens

            print(count_queens(n))
            return 0
        return _count_in_units(n, jobs, args.scheduler, args.ledger, verify, depth, args.quiet)
    with Reporter(f"queens {n}", quiet=args.quiet) as progress:
        return _stream(_solution_lines(n, args.method, args.boards, progress))


def _stream(lines, progress: Callable[[int], None] | None = None) -> int:
    """Write lines as they come (in batches of up to 512 lines or 0.2 s, for speed), telling
    `progress` how many lines have gone; a closed pipe (`| head`) ends the output quietly."""
    # sys.stdout is looked up at each batch: a progress bar on this terminal may wrap it
    try:
        batch: list[str] = []
        sent = time.monotonic()
        done = 0
        for line in lines:
            batch.append(line)
            if len(batch) >= 512 or time.monotonic() - sent > 0.2:
                done += len(batch)
                sys.stdout.write("\n".join(batch) + "\n")
                sys.stdout.flush()
                batch.clear()
                sent = time.monotonic()
                if progress is not None:
                    progress(done)
        if batch:
            sys.stdout.write("\n".join(batch) + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        # the reader has gone: stop writing, and keep Python from complaining at exit
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def _solution_lines(n: int, method: str, boards: bool, progress: Reporter | None = None):
    from programs.queens import boards as queens

    solver = {
        "bitboard": queens.solve_queens,
        "backtrack": queens.backtrack_queens,
        "bitstring": queens.bitstring_queens,
    }[method]
    count = 0
    for solution in solver(n):
        count += 1
        if progress is not None and not count & 1023:  # the clock looked at once in 1024
            progress.count(count, unit="solutions so far")
        yield queens.format_solution(solution)
        if boards:
            yield queens.draw_board(solution)
            yield ""
    yield f"{count} solution" + ("" if count == 1 else "s")


def _infinite_lines(count: int, *, csv: bool):
    from programs.queens.infinite import csv_lines, sweep_infinite_queens, term_lines

    terms = islice(sweep_infinite_queens(count), count)
    return csv_lines(terms) if csv else term_lines(terms)


class _Progress:
    """Where the count runs, once it starts; its progress (`Reporter`); a summary at the end."""

    def __init__(self, n: int, where: str, quiet: bool) -> None:
        self.n = n
        self.where = where
        self.quiet = quiet
        self.reporter = Reporter(f"queens {n}", quiet=quiet)
        self.said = False
        self.last: tuple[int, int, int] | None = None

    def __call__(self, done: int, units: int, found: int) -> None:
        if not self.said and not self.quiet:  # the first call: the ledger is read and open
            print(f"queens {self.n}: counting on {self.where}", file=sys.stderr)
            self.said = True
        self.last = (done, units, found)
        self.reporter.count(done, units, unit="units", note=f"{found:,} solutions so far")

    def close(self) -> None:
        """The bar goes; the units counted are said once (not with --quiet)."""
        self.reporter.close(last_line=False)
        if self.last is not None and not self.quiet:
            done, units, found = self.last
            seconds = time.monotonic() - self.reporter.start
            print(f"queens {self.n}: {done}/{units} units, {found:,} solutions, {seconds:.1f} s",
                  file=sys.stderr)


def _count_in_units(n: int, jobs: int | None, scheduler: str | None, ledger: str | None,
                    verify: int | float | None, depth: int | None, quiet: bool = False) -> int:
    from pc1.base import InputError
    from programs.queens.count import (
        catch_probability,
        count_in_units,
        sample_size,
        verify_units,
    )
    from programs.queens.executors import make_executor
    from programs.queens.units import check_split, default_depth

    if scheduler is not None and jobs is not None:
        return fail("--jobs goes without --scheduler (the cluster has its own workers)")
    if scheduler is None and jobs is None:
        jobs = os.cpu_count() or 1
    try:
        check_split(n, default_depth(n) if depth is None else depth)
        executor = make_executor(jobs, scheduler)
    except ValueError as exc:
        return fail(str(exc))
    progress = _Progress(n, executor.name, quiet)
    try:
        with closing(progress):
            result = count_in_units(n, executor, depth=depth, ledger=ledger, progress=progress)
        if verify:
            finished = len(result.done)
            k = sample_size(verify, finished) if isinstance(verify, float) else verify
            chosen, bad = verify_units(result, k, executor)
            for m in bad:
                print(f"pc1 queens: unit {m.index} ({m.unit.describe()}) recounted "
                      f"{m.recounted}, recorded {m.recorded}", file=sys.stderr)
            if bad:
                return 1
            chance = catch_probability(len(chosen), finished)
            print(f"queens {n}: {len(chosen)} random units of {finished} recounted, all agree "
                  f"(one altered unit would have been caught with probability {chance:.1%})",
                  file=sys.stderr)
    except (InputError, ValueError) as exc:
        return fail(str(exc))
    except KeyboardInterrupt:
        where = f"; run again with --ledger {ledger} to resume" if ledger else ""
        print(f"pc1 queens: interrupted{where}", file=sys.stderr)
        return 130
    finally:
        executor.close()
    print(result.total)
    return 0
