"""Decimals of a binary fraction by multiplications: exact whenever it answers."""

from __future__ import annotations

import gmpy2
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bignum import chudnovsky, e_series
from bignum.backend import choose_backend
from bignum.fraction_digits import bits_for, fraction_digits


def exact(y: int, bits: int, n: int) -> str:
    return gmpy2.mpz((gmpy2.mpz(y) * gmpy2.mpz(10) ** n) >> bits).digits(10).zfill(n)


@given(st.integers(1, 9000), st.integers(-200, 300), st.data(), st.booleans())
@settings(max_examples=120, deadline=None)
def test_random_fractions(n, extra_bits, data, as_mpz):
    bits = max(bits_for(n) + extra_bits, 1)
    y = data.draw(st.integers(0, 2**bits - 1))
    got = fraction_digits(gmpy2.mpz(y) if as_mpz else y, bits, n)
    assert got is None or got == exact(y, bits, n)
    if extra_bits >= 0 and got is not None:
        assert len(got) == n


@given(st.integers(2500, 9000), st.integers(1, 10**6), st.integers(1, 8), st.integers(-3, 3))
@settings(max_examples=60, deadline=None)
def test_fractions_next_to_decimal_boundaries(n, a, j, nudge):
    # y/2**bits within a few ulps of a/10**j: long runs of 0s or 9s at every split
    bits = bits_for(n)
    y = ((a % 10**j) << bits) // 10**j + nudge
    y = min(max(y, 0), 2**bits - 1)
    got = fraction_digits(y, bits, n)
    assert got is None or got == exact(y, bits, n)


def test_an_undecidable_block_is_reported():
    n = 5000
    bits = bits_for(n)
    y = (1 << bits) // 10  # just below 0.1: 0.0999..., a carry is one ulp away
    assert fraction_digits(y, bits, n) is None


@pytest.mark.parametrize("constant", ["pi", "e"])
def test_the_plain_way_takes_over_when_a_block_is_undecided(monkeypatch, oracle, constant):
    engine = choose_backend("gmpy2")
    monkeypatch.setattr(chudnovsky, "fraction_digits", lambda *args: None)
    monkeypatch.setattr(e_series, "fraction_digits", lambda *args: None)
    text_of = chudnovsky.pi_text if constant == "pi" else e_series.e_text
    text, error = text_of(3010, engine)
    truth = int(("3" if constant == "pi" else "2") + oracle(constant, 3010))
    assert abs(int(text) - truth) <= error
