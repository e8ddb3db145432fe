"""`pc1 digits`: the digits workbench on the command line (thin: parse, call, print)."""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn

from pc1.base import Reporter, check_output, say, write_atomically
from pc1.devices import refuse_ours


def register(sub: argparse._SubParsersAction) -> None:
    """Add `pc1 digits` to the pc1 parser."""
    p = sub.add_parser(
        "digits",
        help="digits of pi or e by a chosen method, optionally cross-checked by another",
        description="Print the first N decimals of pi or e (truncated, not rounded).",
    )
    p.add_argument("constant", help="pi or e")
    p.add_argument("count", metavar="N", help="number of decimals (e.g. 1000, 1e6, 10**6)")
    p.add_argument("--method", help="pi: chudnovsky (default), machin, takano, stormer, "
                   "machin-series, takano-series, stormer-series, pc1, mpmath; "
                   "e: bsplit (default), inverse, taylor, pc1, mpmath")
    p.add_argument("--verify", metavar="METHOD", nargs="?", const="",
                   help="recompute with another method and compare (default: machin / inverse)")
    p.add_argument("--output", metavar="FILE", help="write the digits to FILE instead of stdout")
    p.add_argument("--layout", default="plain",
                   help="plain (one line, default) or pc1 (50 a line, CR LF, like the PC-1 print)")
    p.add_argument("--backend", default="auto", help="auto (default), gmpy2, decimal or int")
    p.add_argument("-q", "--quiet", action="store_true",
                   help="no progress on stderr (by default a bar on a terminal once the work "
                   "takes over a second, else a line every 10 s)")
    p.add_argument("--progress", action="store_true",
                   help="a progress line at every stage from the start, terminal or not")
    p.set_defaults(func=digits_command)
    p.error = _usage_error  # type: ignore[method-assign]  # one line, not usage + error

    p = sub.add_parser(
        "seed",
        help="the seed's programs step by step: 40-digit table, limb runs, carry ripples",
        description="The reference layer (the seed's Scheme programs in Python) at work.",
    )
    p.add_argument("what", help="table (the 40-digit ss/ts table), pi, e, or ripples")
    p.add_argument("--limbs", default=None, help="limbs for pi or e (default 97 for pi, 100 for e)")
    p.add_argument("--no-start-index", action="store_true",
                   help="pi: the seed's first program, every division from the top limb")
    p.add_argument("--show-limbs", action="store_true", help="print every limb in octal")
    p.set_defaults(func=seed_command)
    p.error = _usage_error  # type: ignore[method-assign]


def _usage_error(message: str) -> NoReturn:
    """argparse's complaint as the one line every other bad input gets; exit status 2."""
    command = "seed" if "what" in message else "digits"
    say(command, f"{message} (see pc1 {command} --help)")
    raise SystemExit(2)


SEED_TOPICS = ("table", "pi", "e", "ripples")


def seed_command(args: argparse.Namespace) -> int:
    """Handler of `pc1 seed`; returns the exit status (2 for bad input)."""
    if args.what not in SEED_TOPICS:
        print(f"pc1 seed: unknown topic {args.what!r} (choose {', '.join(SEED_TOPICS)})",
              file=sys.stderr)
        return 2
    limbs = 97 if args.what == "pi" else 100
    if args.limbs is not None:
        text = str(args.limbs).strip()
        # the length first: int() of a 5,000-digit argument is itself an error
        if not (text.isascii() and text.isdigit()) or len(text) > 4 or not 2 <= int(text) <= 2000:
            shown = text[:20] if text[:20].isprintable() else repr(text[:20])  # one line
            shown += f"... ({len(text):,} characters)" if len(text) > 20 else ""
            print(f"pc1 seed: --limbs must be an integer from 2 to 2000, got {shown}",
                  file=sys.stderr)
            return 2
        limbs = int(text)
    from bignum import seed_report

    if args.what == "table":
        lines = seed_report.table_report()
    elif args.what == "ripples":
        lines = seed_report.ripple_report()
    else:
        lines = seed_report.run_report(args.what, limbs, not args.no_start_index,
                                       args.show_limbs)
    print("\n".join(lines))
    return 0


def digits_command(args: argparse.Namespace) -> int:
    """Handler of `pc1 digits`; returns the exit status (2 for bad input, 1 if a check fails)."""
    from bignum.digits import compute_digits, resolve, verify_digits
    from bignum.errors import DigitsError
    from bignum.layout import LAYOUTS, format_digits

    try:
        if args.output:  # said before the work: our shipped files are read-only, no fifo
            refuse_ours(args.output)
            check_output(args.output)
        method, count = resolve(args.constant, args.count, args.method)
        if args.layout not in LAYOUTS:
            raise DigitsError(f"unknown layout {args.layout!r} (choose {' or '.join(LAYOUTS)})")
        if args.verify is not None:
            check = args.verify or None
            if check is not None:
                resolve(args.constant, count, check)
        with Reporter(f"{args.constant} {count:,}", quiet=args.quiet,
                      eager=args.progress) as progress:
            digits = compute_digits(args.constant, count, method.name, backend=args.backend,
                                    progress=progress)
            if args.verify is not None:
                result = verify_digits(digits, check, backend=args.backend, progress=progress)
        if args.verify is not None:
            if not result.agree:
                print(f"pc1 digits: {result.first.method} and {result.second.method} disagree "
                      f"at decimal {result.first_difference}", file=sys.stderr)
                return 1
            print(f"pc1 digits: {result.first.method} and {result.second.method} agree on all "
                  f"{count} decimals", file=sys.stderr)
        text = format_digits(digits.integer, digits.decimals, args.layout)
        if args.output:
            # whole or not at all: a failed write leaves the old file where it stood
            write_atomically(args.output, text)
        else:
            sys.stdout.write(text)
            sys.stdout.flush()
    except DigitsError as exc:
        say("digits", str(exc))
        return 2
    except OSError as exc:
        say("digits", f"cannot write {args.output}: {exc.strerror or exc}")
        return 2
    except MemoryError:
        print(f"pc1 digits: out of memory for N = {args.count}", file=sys.stderr)
        return 2
    return 0
