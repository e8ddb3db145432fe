"""The monitor's parsers and formats, each edge written out by hand (quick, no Hypothesis),
and the store search against a search written plainly here."""

from __future__ import annotations

import pytest

from pc1.machine.machine import Machine
from pc1.machine.orders import encode
from pc1.monitor.store_search import search
from pc1.monitor.values import (
    MonitorError,
    examine_line,
    examine_long_line,
    long_word,
    parse_address,
    parse_number,
    parse_order,
    parse_range,
    register_value,
)


@pytest.mark.parametrize("text, value", [
    ("0", 0), ("76", 76), (" -5 ", -5), ("+7", 7), ("1_000", 1000), ("0o777", 511),
    ("0O17", 15), ("-0o10", -8), ("+0o10", 8), ("007", 7), ("0o0", 0), ("0_o17", 15),
    ("1000000000000000000", 10**18), ("-1000000000000000000", -10**18),
])
def test_parse_number(text: str, value: int) -> None:
    assert parse_number(text) == value


@pytest.mark.parametrize("text, message", [
    ("1000000000000000001", "1000000000000000001 is out of range"),
    ("-1000000000000000001", "-1000000000000000001 is out of range"),
    ("12a", "not a number: '12a' (decimal, or octal as 0o777)"),
    ("X12", "not a number: 'X12' (decimal, or octal as 0o777)"),
    ("0o8", "not a number: '0o8' (decimal, or octal as 0o777)"),
    ("", "not a number: '' (decimal, or octal as 0o777)"),
    ("-", "not a number: '-' (decimal, or octal as 0o777)"),
])
def test_parse_number_refuses(text: str, message: str) -> None:
    with pytest.raises(MonitorError) as err:
        parse_number(text)
    assert str(err.value).startswith(message)


@pytest.mark.parametrize("text, address", [("0", 0), ("511", 511), ("0o777", 511)])
def test_parse_address(text: str, address: int) -> None:
    assert parse_address(text) == address


@pytest.mark.parametrize("text, shown", [("512", "512"), ("-1", "-1"), ("0o1000", "512")])
def test_an_address_outside_the_store(text: str, shown: str) -> None:
    with pytest.raises(MonitorError) as err:
        parse_address(text)
    assert str(err.value) == f"address {shown} is outside the store (0-511)"


@pytest.mark.parametrize("text, span", [("5", (5, 5)), ("5-5", (5, 5)), ("3-9", (3, 9)),
                                        ("0-511", (0, 511)), (" 3 - 4 ", (3, 4))])
def test_parse_range(text: str, span: tuple[int, int]) -> None:
    assert parse_range(text) == span


def test_a_range_backwards_or_half_written_is_refused() -> None:
    with pytest.raises(MonitorError) as err:
        parse_range("9-3")
    assert str(err.value) == "range '9-3' runs backwards"
    with pytest.raises(MonitorError, match="not a number"):
        parse_range("5-")


@pytest.mark.parametrize("text, word", [
    ("tl 300", encode("t", 300, True)), ("TL300,", encode("t", 300, True)),
    ("p2,", encode("p", 2)), (" a 0 ", encode("a", 0)), ("z 2047", encode("z", 2047)),
    ("j 00000000000000000005", encode("j", 5)), ("jl0", encode("j", 0, True)),
])
def test_parse_order(text: str, word: int) -> None:
    assert parse_order(text) == word


@pytest.mark.parametrize("text", ["5", "-1", "lll 3", "t", "t -3", "t 3 4", "tl", "", "e 5",
                                  "Ml 5"])
def test_what_is_no_order(text: str) -> None:
    from pc1.machine.orders import BY_LETTER

    assert "e" not in BY_LETTER and "m" not in BY_LETTER  # no order has these letters
    assert parse_order(text) is None


@pytest.mark.parametrize("text, shown", [("t 2048", "2048"), ("t 99999", "99999"),
                                         ("t 0002048", "0002048")])
def test_an_order_address_past_11_bits(text: str, shown: str) -> None:
    with pytest.raises(MonitorError) as err:
        parse_order(text)
    assert str(err.value) == f"order address {shown} does not fit 11 bits (0-2047)"


def test_examine_lines() -> None:
    # t is code 1: t 5 = 4096 + 5 = 0o10005
    assert examine_line(3, encode("t", 5)) == "3: 010005 4101 t 5"
    assert examine_line(0, 0o777777) == "0: 777777 -1"
    assert examine_line(511, 0o400000) == "511: 400000 -131072"
    # the pair 2^18 + 1 as a fraction of 2^35: 2^-17 + 2^-35
    assert examine_long_line(8, (1 << 18) | 1) == "8: 000001000001 262145 0.00000762942"
    assert examine_long_line(0, (1 << 36) - 1) == "0: 777777777777 -1 -0.00000000003"
    assert examine_long_line(2, 1 << 35) == "2: 400000000000 -34359738368 -1.00000000000"


def test_long_word_reads_the_pair_of_an_address() -> None:
    words = list(range(512))
    assert long_word(words, 10) == 10 << 18 | 11
    assert long_word(words, 11) == 10 << 18 | 11
    assert long_word(words, 511) == 510 << 18 | 511
    assert long_word(words, 0) == 1


def test_register_value_in_either_case() -> None:
    m = Machine()
    m.A, m.K = 12345, 77
    assert register_value(m, "a") == 12345 and register_value(m, "K") == 77


def plain_search(words, texts, query, after):
    """The oracle: walk the store from after + 1 round to after."""
    order = [(after + 1 + i) % 512 for i in range(512)] if after >= -1 else list(range(512))
    return [a for a in order if (words[a] == query if isinstance(query, int)
                                 else query.lower() in texts.get(a, "").lower())]


@pytest.mark.parametrize("after", [-1, 0, 5, 200, 511])
def test_search_by_value_order_and_text_wraps_after_the_cursor(after: int) -> None:
    words = [0] * 512
    for a in (3, 5, 200, 400):
        words[a] = encode("t", 300, True)
    words[7] = 0o777777
    texts = {4: "the Loop starts", 300: "end of loop", 9: "nothing"}
    assert search(words, texts, "tl 300", after) == plain_search(words, texts,
                                                                 encode("t", 300, True), after)
    assert search(words, texts, " 6444 ", after) == plain_search(words, texts, 6444, after)
    assert search(words, texts, "-1", after) == [7]
    assert search(words, texts, "LOOP", after) == plain_search(words, texts, "loop", after)
    assert search(words, texts, "  ", after) == []
    assert search(words, texts, "absent", after) == []
