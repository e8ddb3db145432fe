"""The modern series (Chudnovsky, Machin-like, e) stay within their stated error bounds."""

from __future__ import annotations

import math

import mpmath
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bignum.arctan import (
    FORMULAS,
    fixed_series_error,
    pi_bsplit,
    pi_fixed_series,
    series_terms,
)
from bignum.backend import BACKENDS, choose_backend
from bignum.chudnovsky import pi_scaled
from bignum.chudnovsky import terms_for as chudnovsky_terms
from bignum.e_series import e_inverse_scaled, e_scaled, e_taylor_fixed
from bignum.e_series import terms_for as e_terms


def truth(oracle, constant: str, k: int) -> int:
    """floor(value * 10**k) and the next few digits, as an integer scaled by 10**k."""
    integer = "3" if constant == "pi" else "2"
    return int(integer + oracle(constant, k))


def check(oracle, constant, k, x, error):
    # X is within E of value*10**k, and truth is floor(value*10**k): |X - truth| <= E + 1
    assert abs(int(x) - truth(oracle, constant, k)) <= error + 1


@pytest.mark.parametrize("name", BACKENDS)
def test_chudnovsky(oracle, name):
    x, error = pi_scaled(2000, choose_backend(name))
    check(oracle, "pi", 2000, x, error)


@pytest.mark.parametrize("name", BACKENDS)
@pytest.mark.parametrize("fn", [e_scaled, e_inverse_scaled, e_taylor_fixed])
def test_e_series(oracle, name, fn):
    x, error = fn(2000, choose_backend(name))
    check(oracle, "e", 2000, x, error)


@pytest.mark.parametrize("name", BACKENDS)
@pytest.mark.parametrize("formula", sorted(FORMULAS))
def test_machin_like_binary_splitting(oracle, name, formula):
    x, error = pi_bsplit(2000, formula, choose_backend(name))
    check(oracle, "pi", 2000, x, error)


@pytest.mark.parametrize("formula", sorted(FORMULAS))
def test_machin_like_fixed_series_within_the_analysed_bound(oracle, formula):
    x, error = pi_fixed_series(3000, formula, choose_backend("gmpy2"))
    assert error <= fixed_series_error(formula, 3000) + len(FORMULAS[formula]) * 4
    check(oracle, "pi", 3000, x, error)


@pytest.mark.parametrize("formula", sorted(FORMULAS))
def test_formulas_are_identities(formula):
    with mpmath.workdps(60):
        value = sum(c * mpmath.acot(x) for c, x in FORMULAS[formula])
        assert abs(value - mpmath.pi) < mpmath.mpf(10) ** -55


@given(st.integers(1, 200_000))
def test_term_counts_reach_their_targets(digits):
    n = e_terms(digits)
    assert math.lgamma(n + 1) > (digits + 10) * math.log(10)
    assert math.lgamma(n) <= (digits + 10) * math.log(10)
    k = chudnovsky_terms(digits)
    assert k * math.log10(640320**3 / 1728) > digits + 10
    m = series_terms(5, digits)
    assert (2 * m + 1) * math.log10(5) > digits


@given(st.integers(0, 60), st.integers(1, 60))
def test_chudnovsky_two_adic_split_equals_the_plain_one(a, length):
    from bignum.chudnovsky import _split

    b = a + length
    engine = choose_backend("int")
    plain = _split(a, b, engine, lambda count: None, True, 0)
    p, q, t = _split(a, b, engine, lambda count: None, True, 15)
    assert (p, q << (15 * (b - max(a, 1))), t) == plain
