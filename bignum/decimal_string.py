"""Fast integer <-> decimal text for Python ints, without the 4300-digit limit.

CPython 3.11's str(int) is quadratic and refuses more than 4300 digits by default. Here the
integer is split in binary (linear: shifts and masks), the halves are converted
recursively and recombined in the decimal module, whose multiplication uses the number
theoretic transform: hi * 2**w + lo computed in base 10. (CPython 3.12's _pylong does the
same.)
"""

from __future__ import annotations

import decimal
from decimal import Decimal

# below this many bits Decimal(int) (quadratic, but in C) is the fastest
_LEAF_BITS = 4096


def exact_context() -> decimal.Context:
    """A decimal context in which + and * of integers are exact, whatever their size."""
    return decimal.Context(
        prec=decimal.MAX_PREC,
        Emax=decimal.MAX_EMAX,
        Emin=decimal.MIN_EMIN,
        traps=[decimal.InvalidOperation, decimal.DivisionByZero, decimal.Overflow],
    )


def int_to_decimal(n: int) -> Decimal:
    """The non-negative int n as an exact Decimal integer, by binary divide and conquer."""
    if n < 0:
        raise ValueError("int_to_decimal takes non-negative integers")
    ctx = exact_context()
    powers: dict[int, Decimal] = {}

    def power_of_two(w: int) -> Decimal:
        if w not in powers:
            powers[w] = ctx.power(Decimal(2), w)
        return powers[w]

    def convert(x: int, width: int) -> Decimal:
        if width <= _LEAF_BITS:
            return Decimal(x)
        low_width = width >> 1
        hi = x >> low_width
        lo = x & ((1 << low_width) - 1)
        return ctx.add(ctx.multiply(convert(hi, width - low_width), power_of_two(low_width)),
                       convert(lo, low_width))

    return convert(n, max(n.bit_length(), 1))


def int_to_decimal_string(n: int) -> str:
    """Decimal text of an int of any size (sign included), in O(n log^2 n)-ish time."""
    if n < 0:
        return "-" + int_to_decimal_string(-n)
    if n.bit_length() <= _LEAF_BITS:
        return str(n)
    return format(int_to_decimal(n), "f")
