"""Multi-limb fixed-point fractions of the PC-1 kind and the seed's three primitives.

A number is a list of limbs, most significant first: limb 0 is the integer part and
limbs 1.. are base-B fraction digits (B = 2**35 on the PC-1, one long word less the
sign bit). Its value is sum(limbs[i] * B**-i).

Ported from E. Wada's Scheme programs (blog "Piの1000桁", 2021): `ldiv` divides from the
top limb down; `ldiv_addsub` divides by n and adds or subtracts each partial quotient
into an accumulator as soon as it is produced, carrying or borrowing towards the top at
once, so no third work area is needed (the PC-1 has room for only two).
"""

from __future__ import annotations

import math
from collections import Counter

LIMB_BITS = 35
BASE = 1 << LIMB_BITS
TEN_DIGITS = 10**10


class LimbStats:
    """Instrumentation of a limb computation: division steps and carry ripples.

    A plain class, not a dataclass: `pc1 verify` reads the seed's constants from this
    module, and the first dataclass of a run costs it dataclasses' imports (some 12 ms)."""

    __slots__ = ("divide_steps", "addsub_steps", "interior_zeros", "nonzero_adds", "ripples")

    def __init__(self) -> None:
        self.divide_steps = 0  # one PC-1 DIV order each (ldiv and ldiv_addsub limb steps)
        self.addsub_steps = 0  # the part of divide_steps spent in ldiv_addsub
        self.interior_zeros = 0  # zero quotients below a non-zero one (see ldiv)
        self.nonzero_adds = 0  # partial quotients that actually changed the accumulator
        # ripple length -> count: 1 = the carry stopped in the next limb up, k = it passed
        # through k - 1 limbs before stopping
        self.ripples: Counter[int] = Counter()

    @property
    def carries(self) -> int:
        """Number of carries or borrows that left their own limb."""
        return sum(self.ripples.values())

    @property
    def longest_ripple(self) -> int:
        """The farthest any carry or borrow travelled (0 if none happened)."""
        return max(self.ripples, default=0)


def ldiv(
    ss: list[int],
    d: int,
    start: int = 0,
    stats: LimbStats | None = None,
    base: int = BASE,
) -> int:
    """Divide ss by d in place from limb `start` down; return the next start index b.

    Limbs above `start` must be zero. b is the index of the first non-zero limb. The seed
    sets b = i + 1 after *any* zero quotient; that agrees as long as no zero quotient
    follows a non-zero one, which stats.interior_zeros counts (never, with 35-bit limbs
    in these runs; often in base 10, where the seed's rule would skip live limbs).
    Callers that ignore b get the seed's first program (always from the top).
    """
    r = 0
    b = start
    for i in range(start, len(ss)):
        q, r = divmod(r * base + ss[i], d)
        ss[i] = q
        if q == 0:
            if b == i:
                b = i + 1
            elif stats is not None:
                stats.interior_zeros += 1
    if stats is not None:
        stats.divide_steps += len(ss) - start
    return b


def ldiv_addsub(
    ts: list[int],
    ss: list[int],
    add: bool,
    d: int,
    start: int = 0,
    stats: LimbStats | None = None,
    base: int = BASE,
) -> None:
    """ts += floor(ss / d) (or -=), limb by limb from the top, rippling carries upward at once.

    ss is left unchanged; the quotient limbs are never stored. Limb 0 of ts is the integer
    part and absorbs the final carry; a borrow below zero there is an error.
    """
    r = 0
    sign = 1 if add else -1
    for i in range(start, len(ss)):
        q, r = divmod(r * base + ss[i], d)
        if q == 0:
            continue
        if stats is not None:
            stats.nonzero_adds += 1
        s = ts[i] + sign * q
        if i == 0 or 0 <= s < base:
            ts[i] = s
        else:
            ts[i] = s % base
            _ripple(ts, i - 1, sign, base, stats)
    if stats is not None:
        steps = len(ss) - start
        stats.divide_steps += steps
        stats.addsub_steps += steps
    if ts[0] < 0:
        raise ArithmeticError("ldiv_addsub: accumulator went below zero")


def _ripple(ts: list[int], j: int, sign: int, base: int, stats: LimbStats | None) -> None:
    """Carry (sign=+1) or borrow (sign=-1) one unit into limb j and onwards towards limb 0."""
    distance = 1
    while True:
        s = ts[j] + sign
        if j == 0 or 0 <= s < base:
            ts[j] = s
            break
        ts[j] = s % base
        j -= 1
        distance += 1
    if stats is not None:
        stats.ripples[distance] += 1


def lmul(ns: list[int], m: int, base: int = BASE) -> int:
    """Multiply the fraction limbs 1.. of ns by m in place; return the carry-out (the seed's lmul).

    With m = 10**10 the carry-out is the next ten decimal digits, as the PC-1 printed them.
    Limb 0 is not touched.
    """
    e = 0
    for i in range(len(ns) - 1, 0, -1):
        e, ns[i] = divmod(ns[i] * m + e, base)
    return e


def limbs_to_digits(limbs: list[int], count: int | None = None, base: int = BASE) -> str:
    """The first `count` decimals of the fraction part, truncated, made ten at a time by lmul.

    By default, as many decimals as the fraction limbs resolve (floor of their bit length
    times log10 2). The integer part limbs[0] is not included.
    """
    if count is None:
        count = decimals_resolved(len(limbs), base)
    if count < 0:
        raise ValueError(f"count must be non-negative, got {count}")
    work = list(limbs)
    chunks = [f"{lmul(work, TEN_DIGITS, base):010d}" for _ in range(-(-count // 10))]
    return "".join(chunks)[:count]


def limbs_to_decimal(limbs: list[int], count: int | None = None, base: int = BASE) -> str:
    """The number as text, integer part, point and `count` truncated decimals: '3.14159...'."""
    return f"{limbs[0]}.{limbs_to_digits(limbs, count, base)}"


def decimals_resolved(nlimbs: int, base: int = BASE) -> int:
    """How many decimals nlimbs - 1 fraction limbs can resolve: floor(log10(base**(nlimbs-1)))."""
    return math.floor((nlimbs - 1) * math.log10(base))


def limbs_to_scaled_int(limbs: list[int], base: int = BASE) -> int:
    """The number times base**(len - 1): the limbs read as one integer, in ulps."""
    value = 0
    for limb in limbs:
        value = value * base + limb
    return value


def scaled_int_to_limbs(value: int, nlimbs: int, base: int = BASE) -> list[int]:
    """Inverse of limbs_to_scaled_int: split a non-negative integer (in ulps) into nlimbs limbs."""
    if value < 0:
        raise ValueError("limbs hold non-negative numbers only")
    out = [0] * nlimbs
    for i in range(nlimbs - 1, 0, -1):
        value, out[i] = divmod(value, base)
    out[0] = value
    return out
