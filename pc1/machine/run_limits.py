"""The limits of one run: orders, simulated seconds, wall-clock seconds.

One set of bounds for every place a run may be limited: `pc1 run` and `pc1 script`
(`--max-orders`, `--time-limit`) and the console's run limits dialog.  A limit reached is
a `Stop` of its own reason: "order limit", "simulated time limit" or "time limit" (wall
clock, the name the monitor's scripts already use).
"""

from __future__ import annotations

import math
from typing import NamedTuple

from pc1.base import InputError

MAX_ORDERS_LIMIT = 10**12
TIME_LIMIT_MAX = 7 * 24 * 3600.0  # seconds, wall-clock or simulated
LIMIT_REASONS = ("order limit", "simulated time limit", "time limit")


class Limits(NamedTuple):
    """How long one run may go on (None: no limit of that kind)."""

    orders: int | None = None
    simulated: float | None = None  # seconds of simulated time (the machine's clock)
    wall: float | None = None  # seconds of wall-clock time

    def describe(self) -> str:
        """One line: `orders 1,000,000, simulated 60 s, wall-clock none`."""
        def shown(value, unit: str = "") -> str:
            return "none" if value is None else f"{value:,}{unit}" if unit == "" \
                else f"{value:g}{unit}"

        return (f"orders {shown(self.orders)}, simulated {shown(self.simulated, ' s')}, "
                f"wall-clock {shown(self.wall, ' s')}")

    def reached(self, orders: int, simulated: float, wall: float) -> str | None:
        """The reason a run that has gone this far stops, or None if it may go on."""
        if self.orders is not None and orders >= self.orders:
            return "order limit"
        if self.simulated is not None and simulated >= self.simulated:
            return "simulated time limit"
        if self.wall is not None and wall >= self.wall:
            return "time limit"
        return None


def parse_limit(text: str, what: str, whole: bool) -> int | float | None:
    """One limit as typed: empty or `none` is no limit; else a whole number of orders
    (`whole`, 1 to 10^12; `1_000` and `1,000` accepted) or seconds (above 0, at most a
    week).  InputError names `what` and the range allowed."""
    text = text.strip()
    if text.lower() in ("", "none", "-"):
        return None
    if whole:
        digits = text.replace("_", "").replace(",", "")
        if not (digits.isascii() and digits.isdigit()) or len(digits.lstrip("0")) > 13 \
                or not 1 <= int(digits) <= MAX_ORDERS_LIMIT:
            raise InputError(f"not a number of orders: {text[:40]!r} (allowed: 1 to 10^12, "
                             "or empty for none)", source=what)
        return int(digits)
    try:
        value = float(text[:40]) if text.isascii() and len(text) <= 40 else math.nan
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and 0 < value <= TIME_LIMIT_MAX):
        raise InputError(f"not a number of seconds: {text[:40]!r} (allowed: above 0, at most "
                         f"{TIME_LIMIT_MAX:g}, or empty for none)", source=what)
    return value
