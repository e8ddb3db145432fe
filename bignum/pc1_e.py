"""e the PC-1 way: four terms a step, a two-bit shift, one top-down division per step.

e = 1 + 1/1(1 + 1/2(1 + ... 1/459(1 + 1/460))), grouped four terms at a time (Wada,
"e1000桁の計算", 2018):

    Q[a-4] = (a(1 + (a-1)(1 + (a-2)(1 + (a-3)))) + Q[a]) / (a(a-1)(a-2)(a-3)),

for a = 460, 456, ..., 4 with Q[460] = 1, and e = Q[0]. The divisor for a = 460 is
44,192,868,840 > 2**35, too big for a PC-1 DIV; a product of four consecutive integers is
divisible by 4 (and every a here is), so the program shifts the dividend right two bits
and divides by a quarter of the product. floor(floor(x/4)/(D/4)) = floor(x/D), so the shift
costs no accuracy.
"""

from __future__ import annotations

from bignum.limbs import BASE, LIMB_BITS, ldiv
from bignum.pc1_machin import LimbRun
from bignum.progress import Progress, report

SEED_LIMBS = 100
SEED_TOP = 460


def group_numerator(a: int) -> int:
    """a(1 + (a-1)(1 + (a-2)(1 + (a-3)))): the integer the step adds to Q."""
    return a * (1 + (a - 1) * (1 + (a - 2) * (1 + (a - 3))))


def group_divisor(a: int) -> int:
    """a(a-1)(a-2)(a-3): the product the step divides by."""
    return a * (a - 1) * (a - 2) * (a - 3)


def shift_right_2(limbs: list[int]) -> None:
    """Shift the whole multi-limb number right two bits in place; the lowest two bits fall off."""
    carry = 0
    for i in range(len(limbs)):
        word = limbs[i]
        limbs[i] = (carry << (LIMB_BITS - 2)) | (word >> 2)
        carry = word & 3


def napier_run(
    limbs: int = SEED_LIMBS, top: int = SEED_TOP, progress: Progress | None = None
) -> LimbRun:
    """Compute e in `limbs` 35-bit limbs, four terms a step from a = top down to 4."""
    if limbs < 2:
        raise ValueError(f"limbs must be at least 2, got {limbs}")
    if top < 4 or top % 4:
        raise ValueError(f"top must be a positive multiple of 4, got {top}")
    run = LimbRun([0] * limbs)
    q = run.limbs
    q[0] = 1
    for a in range(top, 0, -4):
        shift_right_2(q)
        q[0] += group_numerator(a) // 4
        divisor = group_divisor(a) // 4
        if divisor >= BASE or q[0] >= BASE:
            raise OverflowError(f"a = {a}: quarter divisor {divisor} does not fit 35 bits")
        ldiv(q, divisor, 0, run.stats)
        report(progress, "e groups", (top - a + 4) / top)
    return run


def napier(limbs: int = SEED_LIMBS, top: int = SEED_TOP) -> list[int]:
    """e in `limbs` 35-bit limbs (limb 0 = integer part 2), the PC-1 way."""
    return napier_run(limbs, top).limbs
