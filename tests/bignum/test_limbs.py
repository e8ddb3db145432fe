"""Properties of the seed's primitives ldiv, ldiv_addsub, lmul against exact integer arithmetic."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bignum.limbs import (
    BASE,
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

bases = st.sampled_from([BASE, 10, 10**4, 2**16])


@st.composite
def numbers(draw, base=None, min_limbs=2, max_limbs=12, leading_zeros=True):
    """A base and a limb list (limb 0 any small integer part), maybe with leading zero limbs."""
    base = base if base is not None else draw(bases)
    n = draw(st.integers(min_limbs, max_limbs))
    limbs = [draw(st.integers(0, 1000))] + draw(
        st.lists(st.integers(0, base - 1), min_size=n - 1, max_size=n - 1)
    )
    if leading_zeros:
        zeros = draw(st.integers(0, n))
        limbs[:zeros] = [0] * zeros
    return base, limbs


def value(limbs: list[int], base: int) -> Fraction:
    """Exact rational value of a limb list."""
    return Fraction(limbs_to_scaled_int(limbs, base), base ** (len(limbs) - 1))


@given(numbers(), st.integers(1, BASE - 1))
def test_ldiv_is_floor_division_in_ulps(number, d):
    base, ss = number
    x = limbs_to_scaled_int(ss, base)
    lead = next((i for i, limb in enumerate(ss) if limb), len(ss))
    before = value(ss, base)
    stats = LimbStats()
    b = ldiv(ss, d, lead, stats, base)
    assert limbs_to_scaled_int(ss, base) == x // d
    # as rationals: the exact quotient, truncated to the last limb
    ulp = Fraction(1, base ** (len(ss) - 1))
    assert 0 <= before / d - value(ss, base) < ulp
    assert b == next((i for i, limb in enumerate(ss) if limb), len(ss))
    assert stats.divide_steps == len(ss) - lead
    assert all(0 <= limb < base for limb in ss[1:])


@given(numbers(), st.integers(1, BASE - 1))
def test_ldiv_from_start_equals_ldiv_from_top(number, d):
    base, ss = number
    lead = next((i for i, limb in enumerate(ss) if limb), len(ss))
    top, skipped = list(ss), list(ss)
    ldiv(top, d, 0, None, base)
    ldiv(skipped, d, lead, None, base)
    assert top == skipped


@given(numbers(leading_zeros=False), numbers(), st.integers(1, 5000), st.booleans())
def test_ldiv_addsub_adds_the_exact_floor_quotient(acc, number, d, add):
    base, ss = number
    ts = acc[1]
    ts = [min(limb, base - 1) for limb in ts]
    ts = (ts + [0] * len(ss))[: len(ss)]
    ts[0] = ss[0] + 2000  # large enough integer part that subtraction stays non-negative
    lead = next((i for i, limb in enumerate(ss) if limb), len(ss))
    before_ss = list(ss)
    expected = limbs_to_scaled_int(ts, base) + (1 if add else -1) * (
        limbs_to_scaled_int(ss, base) // d
    )
    acc_before = value(ts, base)
    ldiv_addsub(ts, ss, add, d, lead, None, base)
    assert ss == before_ss
    assert limbs_to_scaled_int(ts, base) == expected
    ulp = Fraction(1, base ** (len(ss) - 1))
    change = (value(ts, base) - acc_before) * (1 if add else -1)
    assert 0 <= value(ss, base) / d - change < ulp
    assert all(0 <= limb < base for limb in ts[1:])


@given(numbers(), st.integers(1, 10**10))
def test_lmul_carry_out_and_remainder(number, m):
    base, ns = number
    frac = value([0, *ns[1:]], base)
    carry = lmul(ns, m, base)
    assert carry + value([0, *ns[1:]], base) == frac * m
    assert all(0 <= limb < base for limb in ns[1:])


@given(numbers(), st.integers(0, 60))
def test_limbs_to_digits_truncates(number, count):
    base, limbs = number
    frac = value([0, *limbs[1:]], base)
    expected = str(int(frac * 10**count)).zfill(count) if count else ""
    assert limbs_to_digits(limbs, count, base) == expected


@given(st.integers(0, 2**400), st.integers(2, 14))
def test_scaled_int_round_trip(x, n):
    limbs = scaled_int_to_limbs(x, n)
    assert limbs_to_scaled_int(limbs) == x
    assert all(0 <= limb < BASE for limb in limbs[1:])


def test_forced_carry_ripples_through_every_limb():
    nlimbs = 20
    ts = [0] + [BASE - 1] * (nlimbs - 1)
    ss = [0] * (nlimbs - 1) + [1]
    stats = LimbStats()
    ldiv_addsub(ts, ss, True, 1, nlimbs - 1, stats)
    assert ts == [1] + [0] * (nlimbs - 1)
    assert dict(stats.ripples) == {nlimbs - 1: 1}
    assert stats.longest_ripple == nlimbs - 1


def test_forced_borrow_ripples_through_every_limb():
    nlimbs = 20
    ts = [1] + [0] * (nlimbs - 1)
    ss = [0] * (nlimbs - 1) + [1]
    stats = LimbStats()
    ldiv_addsub(ts, ss, False, 1, nlimbs - 1, stats)
    assert ts == [0] + [BASE - 1] * (nlimbs - 1)
    assert dict(stats.ripples) == {nlimbs - 1: 1}


def test_decimals_resolved_matches_the_bit_count():
    # 96 fraction limbs = 3360 bits = 1011.4 decimal digits
    assert decimals_resolved(97) == 1011
    assert decimals_resolved(100) == 1043
    assert decimals_resolved(11, 10) == 10


def test_negative_numbers_have_no_limbs():
    with pytest.raises(ValueError, match="^limbs hold non-negative numbers only$"):
        scaled_int_to_limbs(-1, 3)


# --- small cases in base 10, worked by hand -------------------------------------------------


def test_ldiv_counts_interior_zeros_and_steps_across_calls():
    stats = LimbStats()
    ss = [0, 5, 0, 5]  # 0.505 / 5 = 0.101: the quotient 0 at limb 2 lies below a 1
    assert ldiv(ss, 5, stats=stats, base=10) == 1 and ss == [0, 1, 0, 1]
    ss = [0, 5, 0, 5]
    ldiv(ss, 5, stats=stats, base=10)
    assert (stats.interior_zeros, stats.divide_steps) == (2, 8)


def test_ldiv_starts_at_limb_0_by_default_and_at_start_when_told():
    ss = [7, 0]
    assert ldiv(ss, 7, base=10) == 0 and ss == [1, 0]
    stats = LimbStats()
    ss = [0, 0, 4, 6]  # the limbs above start are zero, as ldiv requires
    assert ldiv(ss, 2, start=2, stats=stats, base=10) == 2 and ss == [0, 0, 2, 3]
    assert (stats.interior_zeros, stats.divide_steps) == (0, 2)


def test_ldiv_addsub_carries_two_limbs_and_counts_across_calls():
    stats = LimbStats()
    for _ in range(2):
        ts = [0, 9, 9]  # 0.99 + floor(0.02 / 2) in hundredths = 1.00
        ldiv_addsub(ts, [0, 0, 2], True, 2, stats=stats, base=10)
        assert ts == [1, 0, 0]
    assert stats.nonzero_adds == 2 and stats.ripples == {2: 2}
    assert (stats.divide_steps, stats.addsub_steps) == (6, 6)
    ldiv_addsub([0, 0, 0], [0, 0, 2], True, 2, start=1, stats=stats, base=10)
    assert (stats.divide_steps, stats.addsub_steps) == (8, 8)


def test_a_borrow_stops_at_a_limb_that_becomes_zero():
    ts = [0, 1, 0]  # 0.10 - 0.01 = 0.09
    ldiv_addsub(ts, [0, 0, 2], False, 2, base=10)
    assert ts == [0, 0, 9]
    with pytest.raises(ArithmeticError, match="^ldiv_addsub: accumulator went below zero$"):
        ldiv_addsub([0, 0, 0], [0, 0, 2], False, 2, base=10)


def test_limbs_to_digits_defaults_and_errors():
    assert limbs_to_digits([0, 5], base=10) == "5"  # one fraction limb of base 10: 1 decimal
    assert limbs_to_digits([0, 1, 2, 3], base=10) == "123"
    with pytest.raises(ValueError, match="^count must be non-negative, got -1$"):
        limbs_to_digits([0, 5], -1, base=10)
    assert limbs_to_decimal([3, 1, 4, 1], 2, base=10) == "3.14"
    assert limbs_to_decimal([2, 7], base=10) == "2.7"
