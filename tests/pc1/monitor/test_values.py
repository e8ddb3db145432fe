"""The monitor's number parser (pc1/monitor/values.py): huge numbers are one clear error."""

from __future__ import annotations

import pytest

from pc1.machine.orders import encode
from pc1.monitor.values import MonitorError, parse_address, parse_number, parse_word

HUGE = "1" + "0" * 4300  # past Python's 4,300-digit limit for reading a decimal string


@pytest.mark.parametrize(("text", "meant"), [
    (f"jl {HUGE}", "does not fit 11 bits (0-2047)"),
    (HUGE, "out of range (allowed: -10^18 to 10^18)"),
    (f"-{HUGE}", "out of range (allowed: -10^18 to 10^18)"),
    ("0o" + "7" * 5000, "out of range (allowed: -10^18 to 10^18)"),
], ids=["order", "number", "negative", "octal"])
def test_a_number_of_thousands_of_digits_is_a_range_error(text: str, meant: str) -> None:
    with pytest.raises(MonitorError) as err:
        parse_word(text)
    message = str(err.value)
    assert meant in message
    assert "\n" not in message and len(message) < 200  # one line, the number shortened


def test_leading_zeros_do_not_count_against_the_length() -> None:
    assert parse_word("jl " + "0" * 5000 + "1") == encode("j", 1, True)
    assert parse_number("0" * 5000 + "7") == 7


def test_an_address_of_many_digits_is_an_error_not_a_crash() -> None:
    with pytest.raises(MonitorError, match="out of range"):
        parse_address(HUGE)
