"""The three integer backends agree with Python's exact integer arithmetic."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bignum.backend import BACKENDS, choose_backend

backends = st.sampled_from(BACKENDS)


@given(backends, st.integers(0, 2**1000), st.integers(1, 2**2000), st.data())
@settings(max_examples=80)
def test_floor_div_gives_the_quotient_it_was_built_from(name, q, b, data):
    # a = q*b + r with 0 <= r < b: the quotient q is known before any division is done
    r = data.draw(st.integers(0, b - 1))
    engine = choose_backend(name)
    with engine.exact():
        got = engine.floor_div(engine.lift(q * b + r) * engine.lift(1), engine.lift(b))
        assert int(got) == q


@given(backends, st.integers(2, 100_000), st.integers(0, 600))
@settings(max_examples=60)
def test_sqrt_scaled_is_within_two(name, c, k):
    # checked by squaring, not by another square root: (root-2)^2 < c*10^2k < (root+2)^2
    engine = choose_backend(name)
    with engine.exact():
        root = int(engine.sqrt_scaled(c, k))
    assert (root - 2) ** 2 < c * 10 ** (2 * k) < (root + 2) ** 2


@given(backends, st.integers(1, 10**50), st.integers(0, 300))
@settings(max_examples=40)
def test_sqrt_scaled_of_a_square_is_its_root(name, s, k):
    engine = choose_backend(name)
    with engine.exact():
        root = int(engine.sqrt_scaled(s * s, k))
    assert abs(root - s * 10**k) < 2


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
