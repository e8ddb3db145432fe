"""The three integer backends agree with Python's exact integer arithmetic."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bignum.backend import BACKENDS, choose_backend

backends = st.sampled_from(BACKENDS)


@given(backends, st.integers(1, 2**3000), st.integers(1, 2**2000))
@settings(max_examples=80)
def test_floor_div_is_exact(name, a, b):
    engine = choose_backend(name)
    with engine.exact():
        q = engine.floor_div(engine.lift(a) * engine.lift(1), engine.lift(b))
        assert int(q) == a // b


@given(backends, st.integers(2, 100_000), st.integers(0, 600))
@settings(max_examples=60)
def test_sqrt_scaled_is_within_two(name, c, k):
    engine = choose_backend(name)
    with engine.exact():
        root = engine.sqrt_scaled(c, k)
    assert abs(int(root) - math.isqrt(c * 10 ** (2 * k))) < 2


@given(backends, st.integers(0, 3000))
@settings(max_examples=40)
def test_products_are_exact_and_digits_are_decimal(name, k):
    engine = choose_backend(name)
    with engine.exact():
        x = engine.power_of_ten(k) * engine.lift(12345) + engine.lift(6789)
        assert engine.digits(x) == str(12345 * 10**k + 6789)


def test_default_is_gmpy2_and_names_are_checked():
    assert choose_backend().name == "gmpy2"
    assert choose_backend("auto").name == "gmpy2"
    with pytest.raises(ValueError, match="unknown backend"):
        choose_backend("gmp")


@given(backends, st.integers(2**500, 2**6000), st.integers(2**500, 2**6000), st.integers(1, 300))
@settings(max_examples=60)
def test_shorten_keeps_the_ratio_to_the_asked_accuracy(name, a, b, digits):
    from fractions import Fraction

    engine = choose_backend(name)
    with engine.exact():
        a2, b2 = engine.shorten(engine.lift(a), engine.lift(b), digits)
    exact, cut = Fraction(a, b), Fraction(int(a2), int(b2))
    assert abs(cut - exact) <= exact * Fraction(1, 10 ** (digits + 18))
