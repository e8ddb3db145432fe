"""Fast arithmetic (pc1/machine/word.py) against the bit-serial model, and the documented edges."""

from __future__ import annotations

from hypothesis import event, given, settings
from hypothesis import strategies as st

from pc1.machine import word
from tests.pc1 import bitserial
from tests.strategies import (
    any36,
    fitting_divisions,
    overflowing_divisions,
    r_values,
    share_of,
    short_words,
)

B35 = 1 << 35


@settings(max_examples=400)
@given(any36, any36)
def test_long_multiply_matches_serial(a: int, m: int) -> None:
    assert word.multiply(a, m) == bitserial.multiply(a, m)


@settings(max_examples=300)
@given(any36, short_words)
def test_short_multiply_matches_serial(a: int, m: int) -> None:
    assert word.multiply(a, m << 18) == bitserial.multiply(a, m << 18)


@settings(max_examples=400)
@given(any36, any36, r_values)
def test_multiply_add_matches_serial(a: int, m: int, r: int) -> None:
    assert word.multiply_add(a, m, r) == bitserial.multiply_add(a, m, r)


@settings(max_examples=300)
@given(any36, short_words, any36)
def test_short_multiply_add_matches_serial_with_sign_extension(a: int, m: int, r: int) -> None:
    # the sign-extended result, including negative M and R where PC-1 on Unity goes wrong
    assert word.multiply_add_short(a, m << 18, r) == bitserial.multiply_add_short(a, m << 18, r)


@settings(max_examples=400)
@given(fitting_divisions())
def test_divide_gives_the_quotient_and_remainder_it_was_built_from(case) -> None:
    """The oracle is the construction D = q*M + rem, 0 <= rem < |M|, not any divide code."""
    a, r, m, q, rem = case
    assert word.divide(a, r, m) == (q & word.MASK36, rem) == bitserial.divide(a, r, m)
    event("negative divisor" if m & B35 else "positive divisor")


@settings(max_examples=200)
@given(overflowing_divisions())
def test_divide_overflows_where_the_quotient_does_not_fit(case) -> None:
    a, r, m = case
    assert word.divide(a, r, m) is None and bitserial.divide(a, r, m) is None


@settings(max_examples=300)
@given(any36, r_values, any36)
def test_divide_matches_serial_on_any_registers(a: int, r: int, m: int) -> None:
    # unshaped registers: most of these overflow, which the two tests above cannot show
    expected = bitserial.divide(a, r, m)
    event("overflow" if expected is None else "fits")
    assert word.divide(a, r, m) == expected


def test_the_division_strategies_are_mostly_not_vacuous() -> None:
    """Most drawn divisions fit; about half have a negative divisor; overflows overflow."""
    assert share_of(fitting_divisions(), lambda c: bitserial.divide(*c[:3]) is not None) == 1
    assert 0.3 <= share_of(fitting_divisions(), lambda c: c[2] & B35) <= 0.8
    assert share_of(fitting_divisions(), lambda c: c[3] not in (0, -1)) >= 0.8
    assert share_of(overflowing_divisions(), lambda c: bitserial.divide(*c) is None) == 1


@settings(max_examples=200)
@given(st.integers(-(1 << 35), (1 << 35) - 1), st.integers(1, (1 << 35) - 1))
def test_divide_in_range_is_euclidean(q_int: int, d: int) -> None:
    """Small dividends give quotient and remainder with 0 <= rem < |m|."""
    dividend = q_int  # as an integer in R with A = sign
    a = (-1 & word.MASK36) if dividend < 0 else 0
    r = dividend & word.MASK35
    got = word.divide(a, r, d)
    assert got is not None
    q, rem = got
    assert word.signed36(q) * d + rem == dividend and 0 <= rem < d


def test_divide_examples_from_the_reference() -> None:
    def div(x: int, m: int) -> tuple[int, int]:
        a, r = word.split_double(x)
        q, rem = word.divide(a, r, m & word.MASK36)
        return word.signed36(q), rem

    assert div(-7, 2) == (-4, 1)
    assert div(7, -2) == (-3, 1)
    assert div(-7, -2) == (4, 1)


def test_divide_overflow_boundary_is_exact() -> None:
    """Unity stops on the first and not on the second; the arithmetic says the opposite."""
    a, r = word.split_double(3 * B35)
    assert word.divide(a, r, -3 & word.MASK36) == (B35, 0)  # quotient -2^35 fits
    a, r = word.split_double(-3 * B35)
    assert word.divide(a, r, -3 & word.MASK36) is None  # +2^35 does not
    assert word.divide(0, 5, 0) is None


@settings(max_examples=300)
@given(any36, any36, st.integers(0, 130))
def test_long_shifts_match_serial(a: int, r: int, count: int) -> None:
    c = min(count, word.SHIFT_CAP)
    assert word.shift_long_left(a, r, c) == bitserial.shift_long(a, r, c, True, False)
    assert word.shift_long_right(a, r, c, True) == bitserial.shift_long(a, r, c, False, True)
    assert word.shift_long_right(a, r, c, False) == bitserial.shift_long(a, r, c, False, False)


@settings(max_examples=300)
@given(any36, st.integers(0, 130))
def test_short_shifts_match_serial(a: int, count: int) -> None:
    c = min(count, word.SHIFT_CAP)
    assert word.shift_short_left(a, c) == bitserial.shift_short(a, c, True, False)
    assert word.shift_short_right_arith(a, c) == bitserial.shift_short(a, c, False, True)
    assert word.shift_short_right_logical(a, c) == bitserial.shift_short(a, c, False, False)


def test_shift_count_decoding() -> None:
    assert word.shift_count(0) == (0, False)
    assert word.shift_count(35) == (35, False)
    assert word.shift_count(2037) == (11, True)  # `ll2037` is a right shift by 11
    assert word.shift_count(1024) == (word.SHIFT_CAP, True)
    assert word.shift_count(1000) == (word.SHIFT_CAP, False)


def test_long_shift_moves_bits_between_a_and_r() -> None:
    assert word.shift_long_left(0, 1, 35) == (1, 0)  # `ll 35` with R = 1 gives A = 1
    assert word.shift_long_left(0, 1, 34) == (0, 1 << 34)
    assert word.shift_long_left(0, B35 | 1, 1) == (0, B35 | 2)  # R bit 35 is held


def test_fraction_view() -> None:
    assert word.to_fraction(1 << 35) == -1.0
    assert word.to_fraction(1 << 34) == 0.5
    assert word.to_fraction(1 << 17, bits=18) == -1.0
