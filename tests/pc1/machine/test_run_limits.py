"""The limits of a run: what the console's dialog accepts, and which limit a run reaches."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pc1.base import InputError
from pc1.machine.run_limits import Limits, parse_limit


@given(st.integers(1, 10**12), st.sampled_from(["{:d}", "{:,}", "{:_}", " {:d} "]))
def test_a_number_of_orders_in_range_is_read_as_written(n: int, form: str) -> None:
    assert parse_limit(form.format(n), "orders", True) == n


@given(st.integers(10**12 + 1, 10**40) | st.integers(-10**6, 0))
def test_orders_out_of_range_are_refused_naming_the_field(n: int) -> None:
    with pytest.raises(InputError, match=r"^orders: not a number of orders: .*1 to 10\^12"):
        parse_limit(str(n), "orders", True)


@pytest.mark.parametrize("text", ["", " ", "none", "None", "-"])
def test_empty_or_none_is_no_limit(text: str) -> None:
    assert parse_limit(text, "wall", False) is None
    assert parse_limit(text, "orders", True) is None


@given(st.floats(1e-6, 7 * 24 * 3600.0))
def test_seconds_in_range_are_read(seconds: float) -> None:
    assert parse_limit(repr(seconds), "simulated seconds", False) == seconds


@pytest.mark.parametrize("text", ["0", "-1", "nan", "inf", "1e9", "x", "1" * 50, "٣"])
def test_seconds_out_of_range_or_not_numbers_are_refused(text: str) -> None:
    with pytest.raises(InputError, match="^wall-clock seconds: not a number of seconds"):
        parse_limit(text, "wall-clock seconds", False)


def test_the_first_limit_reached_is_the_reason() -> None:
    limits = Limits(orders=100, simulated=2.0, wall=5.0)
    assert limits.reached(99, 1.9, 4.9) is None
    assert limits.reached(100, 0, 0) == "order limit"
    assert limits.reached(0, 2.0, 0) == "simulated time limit"
    assert limits.reached(0, 0, 5.0) == "time limit"
    assert Limits().reached(10**15, 1e9, 1e9) is None
    assert Limits(orders=1_000, wall=2.5).describe() == \
        "orders 1,000, simulated none, wall-clock 2.5 s"
