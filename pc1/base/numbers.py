"""Whole numbers of any length from text: parsed, or refused with the allowed range.

The length is looked at before the conversion, so a 5,000-digit value is refused in one line
(naming the range) and never reaches Python's limit on converting long digit strings.
"""

from __future__ import annotations

from pc1.base.messages import shorten

_DIGITS = {2: "01", 8: "01234567", 10: "0123456789", 16: "0123456789abcdefABCDEF"}


class OutOfRange(ValueError):
    """A whole number, but outside the allowed range."""


def span(lo: int, hi: int) -> str:
    """The range `lo` to `hi` as messages say it (10^k for the large round ones)."""

    def show(n: int) -> str:
        s = str(abs(n))
        power = f"10^{len(s) - 1}" if abs(n) >= 10**6 and s.strip("0") == "1" else f"{abs(n):,}"
        return ("-" if n < 0 else "") + power

    return f"{show(lo)} to {show(hi)}"


def parse_whole(text: str, lo: int, hi: int, base: int = 10) -> int:
    """`text` (digits in `base`, an optional sign, `_` between digits) as a number from `lo`
    to `hi`; ValueError saying why not (OutOfRange for a number outside the range), with the
    allowed range."""
    t = text.strip().replace("_", "")
    sign = -1 if t.startswith("-") else 1
    body = t[1:] if t[:1] in "+-" else t
    if not body or any(c not in _DIGITS[base] for c in body):
        raise ValueError(f"not a whole number: {shorten(text)!r} (allowed: {span(lo, hi)})")
    significant = body.lstrip("0") or "0"
    widest = max(len(_in_base(lo, base)), len(_in_base(hi, base)))
    if len(significant) > widest:
        raise OutOfRange(f"a number of {len(significant):,} digits is out of range "
                         f"(allowed: {span(lo, hi)})")
    value = sign * int(significant, base)
    if not lo <= value <= hi:
        raise OutOfRange(f"{value} is out of range (allowed: {span(lo, hi)})")
    return value


def _in_base(n: int, base: int) -> str:
    n = abs(n)
    digits = ""
    while True:
        n, d = divmod(n, base)
        digits = _DIGITS[base][d] + digits
        if not n:
            return digits
