"""The seed's two programs on whole Python integers: the same limbs as the ports, at once.

Every step of the ports (bignum.pc1_machin, bignum.pc1_e) is a long division of the whole
multi-limb number by a small divisor, an addition or subtraction, or a two-bit shift. A
top-down division, limb by limb with the remainder carried down, leaves exactly
floor(N / d) of the whole number N; carries rippled at once leave exactly the sum; the
shift leaves floor(N / 4). So the same steps on N itself, one Python integer, leave the
same limbs bit for bit, in about a millisecond instead of some fifty. The ports stay the
studied programs (their instrumentation counts the PC-1's division steps and carries);
these are what `pc1 verify` compares the machine with, and tests/bignum/test_seed_ints.py
holds them equal to the ports.
"""

from __future__ import annotations

from bignum.limbs import BASE, LIMB_BITS, scaled_int_to_limbs
from bignum.pc1_e import SEED_TOP, group_divisor, group_numerator
from bignum.pc1_machin import SEED_LIMBS, SEED_N5, SEED_N239


def _atan_into(total: int, z: int, first: int, last_n: int, add_first: bool,
               one: int) -> int:
    """total + or - first*atan(1/z) in ulps, term by term as atan_series truncates it."""
    ss = first * one
    sign = 1 if add_first else -1
    zz = z * z
    for n in range(1, last_n + 1, 2):
        ss //= zz
        total += sign * (ss // n)
        sign = -sign
    return total


def machin_ints(limbs: int = SEED_LIMBS, n5: int = SEED_N5, n239: int = SEED_N239) -> list[int]:
    """bignum.reference.machin(limbs, n5, n239), computed on one Python integer."""
    if limbs < 2:
        raise ValueError(f"limbs must be at least 2, got {limbs}")
    one = 1 << (LIMB_BITS * (limbs - 1))  # limb 0 is the integer part
    total = _atan_into(0, 5, 16 * 5, n5, True, one)
    total = _atan_into(total, 239, 4 * 239, n239, False, one)
    if total < 0:  # the port's accumulator cannot hold a negative number either
        raise ArithmeticError("ldiv_addsub: accumulator went below zero")
    return scaled_int_to_limbs(total, limbs)


def napier_ints(limbs: int = SEED_LIMBS, top: int = SEED_TOP) -> list[int]:
    """bignum.reference.napier(limbs, top), computed on one Python integer."""
    if limbs < 2:
        raise ValueError(f"limbs must be at least 2, got {limbs}")
    if top < 4 or top % 4:
        raise ValueError(f"top must be a positive multiple of 4, got {top}")
    shift = LIMB_BITS * (limbs - 1)
    q = 1 << shift
    for a in range(top, 0, -4):
        q = (q >> 2) + (group_numerator(a) // 4 << shift)
        divisor = group_divisor(a) // 4
        if divisor >= BASE or q >> shift >= BASE:
            raise OverflowError(f"a = {a}: quarter divisor {divisor} does not fit 35 bits")
        q //= divisor
    return scaled_int_to_limbs(q, limbs)
