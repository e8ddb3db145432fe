"""Public API of the reference layer: the seed's PC-1 programs for pi and e in Python.

Numbers are lists of ints, most significant first: limb 0 is the integer part, limbs 1..
are base-2**35 fraction digits (one PC-1 long word each, sign bit clear).

    from bignum.reference import machin, napier, limbs_to_digits
    pi_limbs = machin(97)                    # 97 ints; what the PC-1 pi program leaves
    limbs_to_digits(pi_limbs, 1000)          # '1415926535...' (1000 decimals, truncated)
    e_limbs = napier(100)                    # e the PC-1 way, 100 limbs, limb 0 == 2
    limbs_to_decimal(e_limbs, 1000)          # '2.7182818284...'
    machin_run(100).stats                    # division steps, carry ripples (LimbStats)
    machin_ints(97) == machin(97)            # the same steps on one Python integer, at once
"""

from __future__ import annotations

from bignum.limbs import (
    BASE,
    LIMB_BITS,
    TEN_DIGITS,
    LimbStats,
    decimals_resolved,
    ldiv,
    ldiv_addsub,
    limbs_to_decimal,
    limbs_to_digits,
    limbs_to_scaled_int,
    lmul,
    scaled_int_to_limbs,
)
from bignum.pc1_e import napier, napier_run
from bignum.pc1_machin import LimbRun, machin, machin_plan, machin_run, ripple_survey
from bignum.seed_ints import machin_ints, napier_ints
from bignum.seed_walkthrough import WalkthroughRow, walkthrough


def pi_digits_pc1(count: int = 1000, limbs: int = 97) -> str:
    """The first `count` decimals of pi from the seed's Machin program with `limbs` limbs."""
    return limbs_to_digits(machin(limbs), count)


def e_digits_pc1(count: int = 1000, limbs: int = 100) -> str:
    """The first `count` decimals of e from the PC-1 e program with `limbs` limbs."""
    return limbs_to_digits(napier(limbs), count)


__all__ = [
    "BASE",
    "LIMB_BITS",
    "TEN_DIGITS",
    "LimbRun",
    "LimbStats",
    "WalkthroughRow",
    "decimals_resolved",
    "e_digits_pc1",
    "ldiv",
    "ldiv_addsub",
    "limbs_to_decimal",
    "limbs_to_digits",
    "limbs_to_scaled_int",
    "lmul",
    "machin",
    "machin_ints",
    "machin_plan",
    "machin_run",
    "napier",
    "napier_ints",
    "napier_run",
    "pi_digits_pc1",
    "ripple_survey",
    "scaled_int_to_limbs",
    "walkthrough",
]
