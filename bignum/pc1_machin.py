"""Machin's formula the PC-1 way: 35-bit limbs, top-down division, immediate carries.

pi = 16 atan(1/5) - 4 atan(1/239), with the coefficient folded into the first numerator
(ss starts as 16*5 = 80 and 4*239 = 956, and every step divides by z*z), so the rounding
error of each quotient is never multiplied by 16. Both series accumulate into one ts.
"""

from __future__ import annotations

import math

from bignum.limbs import BASE, LimbStats, ldiv, ldiv_addsub
from bignum.progress import Progress, report

SEED_LIMBS = 100
SEED_N5 = 1433  # last odd divisor of the 1/5 series: 717 terms
SEED_N239 = 423  # last odd divisor of the 1/239 series: 212 terms


class LimbRun:
    """The limbs a reference computation left in memory, with its instrumentation."""

    __slots__ = ("limbs", "stats")

    def __init__(self, limbs: list[int], stats: LimbStats | None = None) -> None:
        self.limbs = limbs
        self.stats = LimbStats() if stats is None else stats


def atan_series(
    ts: list[int],
    z: int,
    first: int,
    last_n: int,
    add_first: bool,
    *,
    start_index: bool = True,
    stats: LimbStats | None = None,
    base: int = BASE,
    progress: Progress | None = None,
) -> None:
    """Add first*atan(1/z) to ts: ss = first; for n = 1, 3, .. last_n: ss /= z*z, ts +-= ss/n."""
    ss = [0] * len(ts)
    ss[0] = first
    b = 0
    add = add_first
    for n in range(1, last_n + 1, 2):
        nb = ldiv(ss, z * z, b, stats, base)
        if start_index:
            b = nb
        ldiv_addsub(ts, ss, add, n, b, stats, base)
        add = not add
        if n % 64 == 1:
            report(progress, f"atan(1/{z})", n / last_n)


def machin_run(
    limbs: int = SEED_LIMBS,
    n5: int = SEED_N5,
    n239: int = SEED_N239,
    *,
    start_index: bool = True,
    base: int = BASE,
    progress: Progress | None = None,
) -> LimbRun:
    """Run the seed's Machin program with `limbs` limbs; return the limbs and the statistics."""
    if limbs < 2:
        raise ValueError(f"limbs must be at least 2, got {limbs}")
    run = LimbRun([0] * limbs)
    common = {"start_index": start_index, "stats": run.stats, "base": base, "progress": progress}
    atan_series(run.limbs, 5, 16 * 5, n5, True, **common)
    atan_series(run.limbs, 239, 4 * 239, n239, False, **common)
    return run


def machin(
    limbs: int = SEED_LIMBS,
    n5: int = SEED_N5,
    n239: int = SEED_N239,
    *,
    start_index: bool = True,
) -> list[int]:
    """pi in `limbs` 35-bit limbs (limb 0 = integer part), as the seed's program leaves it."""
    return machin_run(limbs, n5, n239, start_index=start_index).limbs


def machin_plan(decimals: int, guard: int = 5) -> tuple[int, int, int]:
    """(limbs, n5, n239) for `decimals` decimals: a spare limb, terms to 10**-(decimals+guard)."""
    bits = (decimals + guard) * math.log2(10)
    limbs = 1 + math.ceil(bits / 35) + 1
    return limbs, _last_divisor(5, 16, decimals + guard), _last_divisor(239, 4, decimals + guard)


def _last_divisor(z: int, coefficient: int, exponent: int) -> int:
    """Smallest odd n such that the first omitted term c/((n+2) z**(n+2)) is below 10**-exponent."""
    log_z = math.log10(z)
    n = 1
    while math.log10(coefficient) - math.log10(n + 2) - (n + 2) * log_z >= -exponent:
        n += 2
    return n


# limb layouts holding about 1040 decimals: the PC-1's, four and one decimal digits a limb
RIPPLE_LAYOUTS: tuple[tuple[int, int], ...] = ((BASE, 100), (10**4, 261), (10, 1010))


def ripple_survey(
    layouts: tuple[tuple[int, int], ...] = RIPPLE_LAYOUTS,
) -> list[tuple[int, int, LimbStats]]:
    """(base, limbs, stats) of the Machin run in each layout: how far carries travel per base."""
    return [(base, n, machin_run(n, base=base).stats) for base, n in layouts]
