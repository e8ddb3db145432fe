"""Command-line value types with their allowed range, checked before any work is done.

argparse names the argument in its message (`argument --limbs: ...`); these types add the
allowed range, and look at the length of a number before converting it, so that a 5,000-digit
argument is refused in one line rather than by Python's int() digit limit.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from pathlib import Path

from pc1.base import expand_user

# the commands' limits are pc1.machine's: the console's run limits have the same bounds
from pc1.machine import MAX_ORDERS_LIMIT, TIME_LIMIT_MAX, parse_clock  # noqa: F401


def _span(lo: int, hi: int) -> str:
    def show(n: int) -> str:
        return f"10^{len(str(n)) - 1}" if n >= 10**6 and str(n).strip("0") == "1" else f"{n:,}"

    return f"{show(lo)} to {show(hi)}"


def bounded_int(lo: int, hi: int) -> Callable[[str], int]:
    """An argparse type: a whole number from lo to hi ('1_000' and '1,000' accepted)."""

    def parse(text: str) -> int:
        digits = text.strip().replace("_", "").replace(",", "")
        body = digits.removeprefix("-").removeprefix("+")
        if not (body.isascii() and body.isdigit()):
            raise argparse.ArgumentTypeError(
                f"not a whole number: {text[:40]!r} (allowed: {_span(lo, hi)})")
        if len(body.lstrip("0")) > len(str(max(abs(lo), abs(hi)))):
            raise argparse.ArgumentTypeError(
                f"{len(body):,} digits: out of range (allowed: {_span(lo, hi)})")
        value = int(digits)
        if not lo <= value <= hi:
            raise argparse.ArgumentTypeError(
                f"{value:,} is out of range (allowed: {_span(lo, hi)})")
        return value

    return parse


def bounded_seconds(lo: float, hi: float) -> Callable[[str], float]:
    """An argparse type: a finite number of seconds from lo (excluded) to hi."""

    def parse(text: str) -> float:
        try:
            value = float(text[:40]) if text.isascii() else math.nan
        except ValueError:
            value = math.nan
        if len(text) > 40 or not (math.isfinite(value) and lo < value <= hi):
            raise argparse.ArgumentTypeError(
                f"not a number of seconds: {text[:40]!r} (allowed: above {lo:g}, at most {hi:g})")
        return value

    return parse


# about a minute of the slowest loops (two jumps): a runaway program answers soon; the longest
# recipe (pi1000) takes under 2 million orders
DEFAULT_MAX_ORDERS = 100_000_000


def clock_type(text: str) -> float:
    """argparse type for a clock rate: '15000', '15k', '10kHz'."""
    try:
        return parse_clock(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"not a clock rate: {text[:40]!r} (from 1 Hz to 1e9 Hz, e.g. 15000 or 10k)"
        ) from None


def folder(text: str) -> Path:
    """An argparse type: an existing folder, as an absolute path."""
    path = expand_user(text)
    if not path.is_dir():
        raise argparse.ArgumentTypeError(f"not a folder: {text[:200]!r}")
    return path.resolve()
