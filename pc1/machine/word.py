"""18- and 36-bit PC-1 words: masks, fields, two's complement, and the arithmetic units.

The multiply, divide and shift functions compute arithmetically with Python ints what the
bit-serial hardware does step by step (docs/machine.md); the slow
bit-serial model that checks them lives in the tests.
"""

from __future__ import annotations

SHORT_BITS = 18
LONG_BITS = 36
MASK18 = (1 << 18) - 1
MASK35 = (1 << 35) - 1
MASK36 = (1 << 36) - 1
BIT35 = 1 << 35
ADDRESS_MASK = 2047  # the order's 11-bit address field
STORE_SIZE = 512
STORE_MASK = STORE_SIZE - 1
LONG_BIT = 1 << 11  # the "l" bit of an order
SHIFT_CAP = 128  # PC-1 on Unity's cap; shifting further changes nothing in 71 bits


def signed36(x: int) -> int:
    """Read a 36-bit pattern as a signed integer."""
    return x - (1 << 36) if x & BIT35 else x


def signed18(x: int) -> int:
    """Read an 18-bit pattern as a signed integer."""
    return x - (1 << 18) if x & (1 << 17) else x


def function_code(order: int) -> int:
    """The function field of an order: bits 17..12."""
    return (order >> 12) & 63


def is_long(order: int) -> bool:
    """True when the order's l bit (bit 11) is set."""
    return bool(order & LONG_BIT)


def address_field(word: int) -> int:
    """The 11-bit address field, bits 10..0."""
    return word & ADDRESS_MASK


def even_address(n: int) -> int:
    """The store address of the long word named by address n (bit 0 ignored, mod 512).

    PC-1 on Unity rounds an odd long address up; the core (256 rows of 36 bits) more likely
    ignores bit 0, which is what we do.  No historic program uses an odd long address.
    """
    return n & (STORE_MASK - 1)


def shift_count(n: int) -> tuple[int, bool]:
    """Decode a shift address: (count, reversed).  n >= 1024 means 2048 - n the other way."""
    if n < 1024:
        return min(n, SHIFT_CAP), False
    return min(2048 - n, SHIFT_CAP), True


def to_fraction(x: int, bits: int = 36) -> float:
    """A word as a fraction -1 <= f < 1 (two's complement, binary point after the sign)."""
    sign = 1 << (bits - 1)
    v = x - (1 << bits) if x & sign else x
    return v / sign


# --- the arithmetic units ------------------------------------------------------------------


def split_double(d: int) -> tuple[int, int]:
    """A double-length value D = s36(A)*2^35 + R[34..0] into (A, R) with R bit 35 = 0."""
    return (d >> 35) & MASK36, d & MASK35


def multiply(a: int, m: int) -> tuple[int, int]:
    """`v`: (A, R) <- A * M as a 71-bit double-length product."""
    return split_double(signed36(a) * signed36(m))


def multiply_add(a: int, m: int, r: int) -> tuple[int, int]:
    """`wl`: (A, R) <- A * M + R[34..0]: the carry of a multi-word product passes through R."""
    return split_double(signed36(a) * signed36(m) + (r & MASK35))


def multiply_add_short(a: int, m: int, r: int) -> tuple[int, int]:
    """Short `w`: 17-step multiply by the upper half h of A, adding the old R.

    s36(A')*2^17 + R'[34..18] = h*s36(M) + s36(R).  PC-1 on Unity forgets to sign-extend
    its partial sums here (wrong for negative M or R); we give the mathematically right result.
    """
    v = (signed36(a) >> 18) * signed36(m) + signed36(r)
    return (v >> 17) & MASK36, (v & ((1 << 17) - 1)) << 18


def divide(a: int, r: int, m: int) -> tuple[int, int] | None:
    """`d`: divide D = s36(A)*2^35 + R[34..0] by M; (quotient, remainder) or None on overflow.

    The remainder is never negative (0 <= rem < |M|).  The quotient must fit in 36 signed
    bits; PC-1 on Unity's test is off by one at that boundary, ours is exact.
    """
    mv = signed36(m)
    if mv == 0:
        return None
    d = signed36(a) * (1 << 35) + (r & MASK35)
    q = d // abs(mv)
    if mv < 0:
        q = -q
    rem = d - q * mv
    if not -(1 << 35) <= q < (1 << 35):
        return None
    return q & MASK36, rem


def shift_short_left(a: int, count: int) -> int:
    """A shifted left, zero fill, bits lost off the top."""
    return (a << count) & MASK36


def shift_short_right_logical(a: int, count: int) -> int:
    """A shifted right, zero fill."""
    return a >> count


def shift_short_right_arith(a: int, count: int) -> int:
    """A shifted right, sign fill."""
    return (signed36(a) >> count) & MASK36


def shift_long_left(a: int, r: int, count: int) -> tuple[int, int]:
    """A(36):R(34..0) shifted left as one 71-bit register; R bit 35 is held."""
    v = ((a << 35) | (r & MASK35)) << count
    return (v >> 35) & MASK36, (r & BIT35) | (v & MASK35)


def shift_long_right(a: int, r: int, count: int, arithmetic: bool) -> tuple[int, int]:
    """A(36):R(34..0) shifted right, sign fill (rl) or zero fill (ll with a negative count)."""
    hi = signed36(a) if arithmetic else a
    v = ((hi << 35) | (r & MASK35)) >> count
    return (v >> 35) & MASK36, (r & BIT35) | (v & MASK35)
