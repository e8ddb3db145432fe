"""Times for the operator: the status line and reports read hours, minutes and seconds."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pc1.machine.clock import format_duration


@pytest.mark.parametrize("seconds, text", [
    (0.42, "0.42 s"), (12.34, "12.3 s"), (59.99, "1 min 0.0 s"), (445.3, "7 min 25.3 s"),
    (3466 * 60 + 40.7, "57 h 46 min 40.7 s"), (7200, "2 h 0 min 0.0 s"),
])
def test_examples(seconds: float, text: str) -> None:
    assert format_duration(seconds) == text


@given(st.floats(60, 10**7, allow_nan=False))
def test_long_times_read_back_within_a_tenth(seconds: float) -> None:
    m = re.fullmatch(r"(?:(\d+) h )?(\d+) min (\d+\.\d) s", format_duration(seconds))
    assert m, format_duration(seconds)
    hours, minutes, rest = int(m.group(1) or 0), int(m.group(2)), float(m.group(3))
    assert minutes < 60 and rest < 60
    assert (hours > 0) == (seconds >= 3600 - 0.05)
    assert abs(hours * 3600 + minutes * 60 + rest - seconds) <= 0.05 + 1e-6
