"""Decimal digits of a binary fraction by multiplications only (a scaled remainder tree).

The first n decimals of f = y / 2**bits are floor(f * 10**n). Instead of forming that
integer (a multiplication or division by 10**n) and converting it (GMP's conversion divides
by powers of ten), split: the first h decimals are those of f cut to fewer bits, and the
rest are those of frac(f * 10**h), which one multiplication gives. Each half carries just
the bits its own digits need, so the work is a few multiplications, no division.

Truncating the halves makes each input a lower bound of the exact fraction, off by less
than `slack` units in its last place; a block whose digits could still change by a carry
from below is reported as None (the caller then converts the plain way). For pi and e
that would take some 19 nines in a row at a block boundary.
"""

from __future__ import annotations

from typing import Any

_LOG2_10 = 3.321928094887362
_GUARD = 64  # extra bits each half keeps beyond its digits
_LEAF = 2000  # decimals done by one multiplication and str() (under the 4300 limit)


def fraction_digits(y: Any, bits: int, n: int) -> str | None:
    """The first n decimals of y / 2**bits (0 <= y < 2**bits, an int or mpz), or None.

    Exact: the result is floor(y * 10**n / 2**bits) written with n digits; None only when
    the fast path cannot be sure of a block (never for the constants in practice).
    """
    if n <= 0:
        return ""
    powers: dict[int, Any] = {}
    one = y * 0 + 1  # 1 in y's own integer type

    def power(h: int) -> Any:
        if h not in powers:
            powers[h] = (one * 10) ** h
        return powers[h]

    out: list[str] = []

    def convert(v: Any, b: int, m: int, slack: int) -> bool:
        # invariant: the exact fraction times 2**b lies in [v, v + slack)
        h = m // 2
        upper_bits = int(h * _LOG2_10) + _GUARD
        lower_bits = int((m - h) * _LOG2_10) + _GUARD
        full = one << b
        if m <= _LEAF or max(upper_bits, lower_bits) >= b:
            z = v * power(m)
            if (z & (full - 1)) + slack * power(m) > full:
                return False  # a carry from below could still change these digits
            out.append(str(z >> b).zfill(m))
            return True
        z = v * power(h)
        lo = z & (full - 1)
        spread = slack * power(h)
        if lo + spread > full:
            return False
        upper = v >> (b - upper_bits)
        lower = lo >> (b - lower_bits)
        lower_slack = (spread >> (b - lower_bits)) + 2
        return convert(upper, upper_bits, h, 2) and convert(lower, lower_bits, m - h, lower_slack)

    return "".join(out) if convert(y, bits, n, 1) else None


def bits_for(decimals: int) -> int:
    """Binary places that resolve `decimals` decimals with room for fraction_digits' guard."""
    return int(decimals * _LOG2_10) + 2 * _GUARD
