"""Decimals of a binary fraction by multiplications: exact whenever it answers."""

from __future__ import annotations

import random
import re

import gmpy2
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from bignum import chudnovsky, e_series
from bignum.backend import choose_backend
from bignum.fraction_digits import bits_for, fraction_digits


def exact(y: int, bits: int, n: int) -> str:
    return gmpy2.mpz((gmpy2.mpz(y) * gmpy2.mpz(10) ** n) >> bits).digits(10).zfill(n)


@given(st.integers(1, 9000), st.integers(-120, 300), st.integers(0, 2**32), st.booleans())
@settings(max_examples=120, deadline=None)
def test_random_fractions_give_their_exact_digits(n, extra_bits, seed, as_mpz):
    # with at least n*log2(10) bits a uniformly random fraction is decided: None would need
    # some 19 nines or zeros in a row at a block boundary (y comes from a seeded generator,
    # not from Hypothesis, whose small and patterned integers are such runs)
    bits = max(bits_for(n) + extra_bits, 1)
    y = random.Random(seed).randrange(2**bits)
    got = fraction_digits(gmpy2.mpz(y) if as_mpz else y, bits, n)
    assert got == exact(y, bits, n) and len(got) == n


@given(st.integers(1, 3000), st.integers(0, 300), st.data())
@settings(max_examples=80, deadline=None)
def test_any_fraction_is_exact_or_refused_next_to_a_carry(n, extra_bits, data):
    bits = bits_for(n) + extra_bits
    y = data.draw(st.integers(0, 2**bits - 1))
    assert_exact_or_refused_near_a_carry(y, bits, n)


def assert_exact_or_refused_near_a_carry(y: int, bits: int, n: int) -> None:
    """fraction_digits gives the exact digits, or refuses only where a carry is near."""
    got = fraction_digits(y, bits, n)
    truth = exact(y, bits, n)
    event("refused" if got is None else "answered")
    if got is None:
        assert longest_carry_run(truth) >= 15
    else:
        assert got == truth


def longest_carry_run(digits: str) -> int:
    """The longest run of 0s or 9s: where a carry from below could still arrive."""
    return max((len(m.group()) for m in re.finditer(r"0+|9+", digits)), default=0)


@given(st.integers(2500, 9000), st.integers(1, 10**6), st.integers(1, 8), st.integers(-3, 3))
@settings(max_examples=60, deadline=None)
def test_fractions_next_to_decimal_boundaries(n, a, j, nudge):
    # y/2**bits within a few ulps of a/10**j: long runs of 0s or 9s at every split
    bits = bits_for(n)
    y = ((a % 10**j) << bits) // 10**j + nudge
    y = min(max(y, 0), 2**bits - 1)
    assert_exact_or_refused_near_a_carry(y, bits, n)


def test_random_fractions_are_answered_not_refused():
    """Every one of 200 random fractions of 1..9000 decimals gets its digits (None fails)."""
    rng = random.Random(25)
    for _ in range(200):
        n = rng.randrange(1, 9000)
        bits = bits_for(n)
        y = rng.randrange(2**bits)
        assert fraction_digits(y, bits, n) == exact(y, bits, n)


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
