"""Whole numbers of any length: parsed within their range, or refused naming the range, and
never by Python's limit on converting long digit strings."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pc1.base import OutOfRange, parse_whole

BOUNDS = st.tuples(st.integers(-(10**15), 10**15), st.integers(0, 10**15)).map(
    lambda t: (t[0], t[0] + t[1]))


@given(BOUNDS, st.integers(-(10**16), 10**16), st.integers(0, 3))
def test_agrees_with_int_inside_the_range_and_refuses_outside(bounds, value, zeros) -> None:
    lo, hi = bounds
    text = ("-" if value < 0 else "") + "0" * zeros + str(abs(value))
    if lo <= value <= hi:
        assert parse_whole(text, lo, hi) == value
    else:
        with pytest.raises(OutOfRange, match=r"out of range \(allowed: "):
            parse_whole(text, lo, hi)


@given(st.integers(4_301, 100_000))
def test_a_number_of_any_length_is_refused_with_its_range(digits: int) -> None:
    with pytest.raises(OutOfRange, match=rf"a number of {digits:,} digits is out of range"):
        parse_whole("7" * digits, 0, 100)


@pytest.mark.parametrize("text", ["", "-", "1.5", "0x10", "1e3", "\u0663", "12a", "+-1"])
def test_what_is_not_a_whole_number_says_so(text: str) -> None:
    with pytest.raises(ValueError, match="not a whole number") as caught:
        parse_whole(text, 0, 100)
    assert not isinstance(caught.value, OutOfRange)


def test_octal() -> None:
    assert parse_whole("777", 0, 511, 8) == 511
    with pytest.raises(OutOfRange):
        parse_whole("1000", 0, 511, 8)
