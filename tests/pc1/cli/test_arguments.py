"""Argument types with ranges (pc1.cli.arguments) and the h min s form of simulated time."""

from __future__ import annotations

import argparse

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pc1.cli.arguments import bounded_int, bounded_seconds
from pc1.machine.clock import format_hms


@given(st.integers(-(10**15), 10**15))
def test_bounded_int_takes_exactly_its_range(value: int) -> None:
    parse = bounded_int(1, 10**12)
    if 1 <= value <= 10**12:
        assert parse(str(value)) == value and parse(f"{value:_}") == value
    else:
        with pytest.raises(argparse.ArgumentTypeError, match=r"allowed: 1 to 10\^12"):
            parse(str(value))


@pytest.mark.parametrize("text", ["9" * 5000, "x", "", "1.5", "\u0663", "0x10", "--1"])
def test_bounded_int_refuses_in_one_line(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError) as exc:
        bounded_int(0, 511)(text)
    message = str(exc.value)
    assert "allowed: 0 to 511" in message and len(message) < 120 and "\n" not in message


@pytest.mark.parametrize("text, ok", [("2", True), ("0.25", True), ("0", False), ("-1", False),
                                      ("inf", False), ("nan", False), ("1e999", False),
                                      ("\u0663", False), ("604800", True), ("604801", False)])
def test_bounded_seconds(text: str, ok: bool) -> None:
    parse = bounded_seconds(0, 604800)
    if ok:
        assert parse(text) == float(text)
    else:
        with pytest.raises(argparse.ArgumentTypeError, match="not a number of seconds"):
            parse(text)


@pytest.mark.parametrize("seconds, text", [
    (0, "0 h 00 min 00.0 s"), (0.04, "0 h 00 min 00.0 s"), (59.96, "0 h 01 min 00.0 s"),
    (322.676, "0 h 05 min 22.7 s"), (3723.4, "1 h 02 min 03.4 s"),
    (25_288_041 / 15_000, "0 h 28 min 05.9 s"), (40 * 3600 + 61, "40 h 01 min 01.0 s"),
])
def test_format_hms(seconds: float, text: str) -> None:
    assert format_hms(seconds) == text
