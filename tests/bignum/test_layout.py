"""Digit layouts: plain, and the PC-1 print (50 a line, CR LF, two-space indent)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bignum.layout import format_digits, pc1_text
from bignum.reference import e_digits_pc1


def test_e_1000_like_the_historic_print():
    text = format_digits("2", e_digits_pc1(1000), "pc1")
    lines = text.split("\r\n")
    assert lines[-1] == ""  # every line ends with CR LF
    lines = lines[:-1]
    assert len(lines) == 20
    assert lines[0] == "2.71828182845904523536028747135266249775724709369995"
    assert all(line.startswith("  ") and len(line) == 52 for line in lines[1:])
    assert lines[-1].endswith("9570350354")


@given(st.text("0123456789", max_size=400), st.sampled_from(["2", "3"]))
def test_pc1_layout_keeps_every_digit(decimals, integer):
    text = format_digits(integer, decimals, "pc1")
    assert text.replace("\r\n  ", "").removesuffix("\r\n") == f"{integer}.{decimals}"
    assert all(len(line) <= 52 for line in text.split("\r\n"))


def test_plain_is_one_line():
    assert format_digits("3", "14159", "plain") == "3.14159\n"


def test_unknown_layout():
    with pytest.raises(ValueError, match="unknown layout"):
        format_digits("3", "1", "fancy")


def test_pc1_text_is_the_teleprinter_output_without_a_final_break():
    text = pc1_text("3", "1" * 120)
    assert text == "3." + "1" * 50 + "\r\n  " + "1" * 50 + "\r\n  " + "1" * 20
    assert format_digits("3", "1" * 120, "pc1") == text + "\r\n"
    assert pc1_text("2", "") == "2."
