"""e the PC-1 way: four terms a step, two-bit shift, 100 limbs."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bignum.limbs import BASE, limbs_to_digits, limbs_to_scaled_int, scaled_int_to_limbs
from bignum.pc1_e import group_divisor, group_numerator, napier, napier_run, shift_right_2
from bignum.reference import e_digits_pc1


def napier_in_one_integer(nlimbs: int, top: int = 460) -> int:
    """The grouped recurrence on one integer in ulps, dividing by the full product (no shift)."""
    one = BASE ** (nlimbs - 1)
    q = one
    for a in range(top, 0, -4):
        q = (q + group_numerator(a) * one) // group_divisor(a)
    return q


def test_the_two_bit_shift_loses_nothing():
    assert napier(100) == scaled_int_to_limbs(napier_in_one_integer(100), 100)


def test_1000_decimals_of_e(oracle):
    limbs = napier()
    assert len(limbs) == 100 and limbs[0] == 2
    assert e_digits_pc1(1000) == oracle("e", 1000)


def test_1028_decimals_correct_then_the_series_cut_off(oracle):
    digits = limbs_to_digits(napier())
    truth = oracle("e", len(digits))
    assert digits[:1028] == truth[:1028]
    assert digits[1028] != truth[1028]


def test_115_groups_of_100_divisions():
    assert napier_run().stats.divide_steps == 11_500


def test_groups_are_the_nested_horner_form():
    a = 460
    assert group_numerator(a) == a + a * (a - 1) + a * (a - 1) * (a - 2) + group_divisor(a)
    assert group_divisor(a) == 44_192_868_840 > BASE > group_divisor(a) // 4


@given(st.lists(st.integers(0, BASE - 1), min_size=2, max_size=10))
def test_shift_right_2_divides_by_four(limbs):
    x = limbs_to_scaled_int(limbs)
    shift_right_2(limbs)
    assert limbs_to_scaled_int(limbs) == x // 4


def test_limbs_to_decimal_shows_the_integer_part():
    from bignum.reference import limbs_to_decimal

    assert limbs_to_decimal(napier(), 10) == "2.7182818284"


def test_the_largest_pc1_e_run_still_fits_35_bit_divisors(oracle):
    from bignum.digits import compute_digits
    from bignum.methods import METHODS

    largest = METHODS["e"]["pc1"].max_digits
    assert compute_digits("e", largest, "pc1").decimals == oracle("e", largest)
    with pytest.raises(OverflowError, match="does not fit 35 bits"):
        napier(10, top=612)  # 612*611*610*609/4 > 2**35


def test_no_rounding_error_against_the_exact_partial_sum():
    import math
    from fractions import Fraction

    exact = sum(Fraction(1, math.factorial(j)) for j in range(461))
    assert limbs_to_scaled_int(napier(100)) == math.floor(exact * BASE**99)
