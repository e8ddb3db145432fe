"""Fast int -> decimal text against GMP's conversion (an independent implementation)."""

from __future__ import annotations

import gmpy2
from hypothesis import given, settings
from hypothesis import strategies as st

from bignum.decimal_string import int_to_decimal, int_to_decimal_string


@given(st.integers(min_value=-(2**30000), max_value=2**30000))
@settings(max_examples=60)
def test_agrees_with_gmp(n):
    assert int_to_decimal_string(n) == gmpy2.mpz(n).digits(10)


@given(st.integers(0, 40_000))
@settings(max_examples=30)
def test_powers_of_ten_keep_their_zeros(k):
    text = int_to_decimal_string(10**k)
    assert text == "1" + "0" * k


def test_beyond_the_4300_digit_limit():
    n = 7**60_000  # about 50,700 digits, over str(int)'s default limit
    text = int_to_decimal_string(n)
    assert text == gmpy2.mpz(n).digits(10)
    assert int_to_decimal(n).adjusted() == len(text) - 1
