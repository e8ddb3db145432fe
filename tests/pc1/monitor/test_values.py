"""The monitor's number parser (pc1/monitor/values.py): huge numbers are one clear error."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from pc1.machine.orders import encode
from pc1.monitor.values import (
    MonitorError,
    evaluate,
    parse_address,
    parse_number,
    parse_word,
    register_line,
)

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


def _machine(**registers):
    """The registers and store a value is read from (no run needed)."""
    values = {"A": 0, "R": 0, "M": 0, "X": 0, "K": 0, **registers}
    return SimpleNamespace(**values, memory=SimpleNamespace(words=[0] * 512), orders=0,
                           cycles=0)


def test_examine_x_shows_the_order_it_holds() -> None:
    # `p 76`: p's letter code 0o15 in bits 17..12, bit 11 clear (short), address 76 = 0o114
    assert register_line(_machine(X=0o150114), "x") == "X: 150114 53324 p 76"
    assert register_line(_machine(X=0o777777), "X") == "X: 777777 -1"  # no order


@pytest.mark.parametrize("expression, holds", [
    ("A < 0", True), ("R < 0", True), ("M < 0", True), ("X < 0", True),  # all ones: -1
    ("A == -1", True), ("X == -1", True), ("A > 0", False),
    ("K > 2000", True), ("K == 2047", True),  # K has no sign: 11 bits, 0-2047
])
def test_registers_compare_as_signed_words_and_k_as_a_count(expression: str,
                                                            holds: bool) -> None:
    m = _machine(A=(1 << 36) - 1, R=(1 << 36) - 1, M=(1 << 36) - 1, X=0o777777, K=2047)
    assert evaluate(m, expression)[0] is holds


@pytest.mark.parametrize("expression, holds", [
    ("X == 0o777777", True), ("X != 0o777777", False),  # the same 18-bit word as -1
    ("X == 0o777776", False), ("A == 0o777777777776", False),  # one bit apart
    ("5 < A", False), ("-2 < A", True),  # a register on the right
    ("cycles == 123", True), ("orders == 45", True), ("cycles > 123", False),
])
def test_comparisons_of_patterns_counts_and_either_side(expression: str, holds: bool) -> None:
    m = _machine(A=(1 << 36) - 1, X=0o777777)
    m.cycles, m.orders = 123, 45
    assert evaluate(m, expression)[0] is holds


@pytest.mark.parametrize("expression, message", [
    ("== 5", "expected LEFT OP RIGHT with OP one of == != < > <= >=: '== 5'"),
    ("A ==", "expected LEFT OP RIGHT with OP one of == != < > <= >=: 'A =='"),
    ("Q == 1", "'Q' is not a register (A R M X K), mem[ADDR], long[ADDR], orders, cycles, a "
               "number or an order"),
    # one operator splits the line: the rest is the right side, which is no value
    ("A == 1 == 1", "'1 == 1' is not a register (A R M X K), mem[ADDR], long[ADDR], orders, "
                    "cycles, a number or an order"),
])
def test_an_expression_that_is_not_one_says_why_in_full(expression: str, message: str) -> None:
    with pytest.raises(MonitorError) as caught:
        evaluate(_machine(), expression)
    assert str(caught.value) == message


@pytest.mark.parametrize("text, bits, word", [
    ("-131072", 18, 0o400000), ("262143", 18, 0o777777), ("-1", 18, 0o777777),
    ("-34359738368", 36, 1 << 35), ("68719476735", 36, (1 << 36) - 1), ("p 76", 18, 0o150114),
])
def test_the_edges_of_a_word_are_taken(text: str, bits: int, word: int) -> None:
    assert parse_word(text, bits) == word


@pytest.mark.parametrize("text, bits, message", [
    ("-131073", 18, "-131073 does not fit a 18-bit word"),
    ("262144", 18, "262144 does not fit a 18-bit word"),
    ("-34359738369", 36, "-34359738369 does not fit a 36-bit word"),
    ("68719476736", 36, "68719476736 does not fit a 36-bit word"),
    ("p 76", 36, "not a number: 'p 76' (decimal, or octal as 0o777)"),  # a long word is no order
])
def test_one_past_the_edges_of_a_word_is_refused(text: str, bits: int, message: str) -> None:
    with pytest.raises(MonitorError) as caught:
        parse_word(text, bits)
    assert str(caught.value) == message
