"""The seed's 40-digit warm-up: Machin on one big decimal integer, printing ss and ts each step.

The decimal point is moved 40 places right, ss starts at 4*4*5*10**40 (pi/4 -> pi and the
first division by 5 folded in), and each step divides ss by z*z and adds or subtracts
ss // n into ts until ss is 0. The seed prints this table; the tests reproduce it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class WalkthroughRow:
    """One line pair of the seed's printout: after step n, the values of ss and ts."""

    z: int
    n: int
    ss: int
    ts: int


def walkthrough(digits: int = 40) -> tuple[list[WalkthroughRow], dict[int, int]]:
    """All rows of the seed's table for `digits`, and for each z the n the do-loop returned."""
    rows: list[WalkthroughRow] = []
    returned: dict[int, int] = {}
    ts = 0
    for z, coefficient, add in ((5, 4 * 4 * 5, True), (239, 4 * 239, False)):
        ss = coefficient * 10**digits
        n = 1
        while ss != 0:
            ss //= z * z
            ts = ts + ss // n if add else ts - ss // n
            rows.append(WalkthroughRow(z, n, ss, ts))
            n += 2
            add = not add
        returned[z] = n
    return rows, returned


def format_row(row: WalkthroughRow, width: int) -> str:
    """The row as the seed prints it: '(n k)', then ss right-aligned, then ts."""
    return f"(n {row.n})\nss {row.ss:>{width}}\nts {row.ts:>{width}}"
