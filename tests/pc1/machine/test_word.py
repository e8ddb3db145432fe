"""The word helpers of pc1/machine/word.py and the order encoding of pc1/machine/orders.py, each
against
values worked out by hand from the machine's word layout (docs/machine.md)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pc1.devices.teleprinter import CHAR_TO_CODE
from pc1.machine import word
from pc1.machine.orders import BY_LETTER, decode, encode, mnemonic


@pytest.mark.parametrize(
    ("pattern", "value"),
    [(0, 0), (1, 1), ((1 << 17) - 1, 131071), (1 << 17, -131072), ((1 << 18) - 1, -1)],
)
def test_signed18(pattern: int, value: int) -> None:
    assert word.signed18(pattern) == value


@pytest.mark.parametrize(
    ("pattern", "value"),
    [(0, 0), ((1 << 35) - 1, 34359738367), (1 << 35, -34359738368), ((1 << 36) - 1, -1)],
)
def test_signed36(pattern: int, value: int) -> None:
    assert word.signed36(pattern) == value


@given(st.integers(0, 63), st.booleans(), st.integers(0, 2047))
def test_the_fields_of_an_order_word(code: int, long: bool, address: int) -> None:
    w = code << 12 | long << 11 | address  # bits 17..12 | 11 | 10..0
    assert word.function_code(w) == code
    assert word.is_long(w) is long
    assert word.address_field(w) == address
    assert word.even_address(address) == (address % 512) - (address % 2)


def test_field_examples() -> None:
    assert word.function_code(0o304034) == 0o30  # `al 28`: a is code 24
    assert word.is_long(0o304034) and not word.is_long(0o300034)
    assert word.address_field(0o777777) == 2047 and word.address_field(0o774000) == 0
    assert [word.even_address(n) for n in (0, 1, 2, 511, 512, 513, 1023)] == [
        0, 0, 2, 510, 0, 0, 510]


@pytest.mark.parametrize(
    ("n", "decoded"),
    [(0, (0, False)), (5, (5, False)), (128, (128, False)), (1000, (128, False)),
     (1023, (128, False)), (1024, (128, True)), (2047, (1, True)), (2040, (8, True)),
     (1921, (127, True)), (1920, (128, True))],
)
def test_shift_count(n: int, decoded: tuple[int, bool]) -> None:
    assert word.shift_count(n) == decoded


def test_to_fraction() -> None:
    assert word.to_fraction(1 << 34) == 0.5
    assert word.to_fraction(1 << 35) == -1.0
    assert word.to_fraction((1 << 36) - 1) == -(2.0**-35)
    assert word.to_fraction(1 << 16, bits=18) == 0.5


# --- the order encoding --------------------------------------------------------------------


def test_encode_defaults_to_a_short_order_at_address_0() -> None:
    assert encode("p") == CHAR_TO_CODE["p"] << 12 == 0o150000
    assert encode("p", 2) == 53250  # word 40 of R0
    assert encode("t", 67) == 4096 + 67  # the store order in slot t
    assert encode("a", 28, True) == 0o304034
    assert encode("x", 2048 + 12) == encode("x", 12)  # only 11 address bits


@given(st.sampled_from(sorted(BY_LETTER)), st.booleans(), st.integers(0, 2047))
def test_decode_inverts_encode(letter: str, long: bool, address: int) -> None:
    order, got_long, got_address = decode(encode(letter, address, long))
    assert (order.letter, got_long, got_address) == (letter, long, address)
    assert order.code == CHAR_TO_CODE[letter]


def test_decode_reads_only_bit_11_as_long() -> None:
    assert decode(0o150001)[1] is False  # bit 0 set, bit 11 clear
    assert decode(0o154000)[1] is True
    assert decode(0o150000 | 0o2000)[1] is False  # bit 10 is address
    assert decode(0)[0] is None and decode(2 << 12)[0] is None  # unassigned codes


def test_mnemonic() -> None:
    assert mnemonic(0o150002) == "p 2"
    assert mnemonic(0o154002) == "pl 2"
    assert mnemonic(0o304034) == "al 28"
    assert mnemonic(0) is None and mnemonic(2 << 12 | 5) is None


def test_every_order_knows_its_code() -> None:
    for letter, order in BY_LETTER.items():
        assert order.code == CHAR_TO_CODE[letter]
