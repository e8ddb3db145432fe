"""`pc1 digits`: the digits workbench on the command line (thin: parse, call, print)."""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn

from bignum.progress import Progress


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
    p.add_argument("--progress", action="store_true", help="show progress on stderr")
    p.set_defaults(func=digits_command)
    p.error = _usage_error  # type: ignore[method-assign]  # one line, not usage + error


def _usage_error(message: str) -> NoReturn:
    """argparse's complaint as the one line every other bad input gets; exit status 2."""
    print(f"pc1 digits: {message} (see pc1 digits --help)", file=sys.stderr)
    raise SystemExit(2)


def digits_command(args: argparse.Namespace) -> int:
    """Handler of `pc1 digits`; returns the exit status (2 for bad input, 1 if a check fails)."""
    from bignum.digits import compute_digits, resolve, verify_digits
    from bignum.errors import DigitsError
    from bignum.layout import LAYOUTS, format_digits

    try:
        method, count = resolve(args.constant, args.count, args.method)
        if args.layout not in LAYOUTS:
            raise DigitsError(f"unknown layout {args.layout!r} (choose {' or '.join(LAYOUTS)})")
        if args.verify is not None:
            check = args.verify or None
            if check is not None:
                resolve(args.constant, count, check)
        progress = _progress_printer(args.constant) if args.progress else None
        digits = compute_digits(args.constant, count, method.name, backend=args.backend,
                                progress=progress)
        if args.verify is not None:
            result = verify_digits(digits, check, backend=args.backend, progress=progress)
            if progress is not None:
                print(file=sys.stderr)
            if not result.agree:
                print(f"pc1 digits: {result.first.method} and {result.second.method} disagree "
                      f"at decimal {result.first_difference}", file=sys.stderr)
                return 1
            print(f"pc1 digits: {result.first.method} and {result.second.method} agree on all "
                  f"{count} decimals", file=sys.stderr)
        elif progress is not None:
            print(file=sys.stderr)
        text = format_digits(digits.integer, digits.decimals, args.layout)
        if args.output:
            with open(args.output, "w", encoding="ascii", newline="") as out:
                out.write(text)
        else:
            sys.stdout.write(text)
            sys.stdout.flush()
    except DigitsError as exc:
        print(f"pc1 digits: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"pc1 digits: cannot write {args.output}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except MemoryError:
        print(f"pc1 digits: out of memory for N = {args.count}", file=sys.stderr)
        return 2
    return 0


def _progress_printer(constant: str) -> Progress:
    """A progress callback that rewrites one stderr line, at most once a percent."""
    last: dict[str, int] = {}

    def show(stage: str, fraction: float) -> None:
        percent = int(fraction * 100)
        if last.get(stage) == percent:
            return
        last[stage] = percent
        print(f"\r{constant}: {stage} {percent:3d}%   ", end="", file=sys.stderr, flush=True)

    return show
