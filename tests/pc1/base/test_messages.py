"""Messages are one clean line: control characters escaped, long values shortened to their
ends with their length, never split by a newline."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pc1.base import escape, one_line, shorten
from pc1.base.messages import LONGEST_MESSAGE


@given(st.text())
def test_a_message_is_one_printable_line_of_bounded_length(text: str) -> None:
    shown = one_line(text)
    assert "\n" not in shown and "\r" not in shown
    assert all(c.isprintable() or c == " " for c in shown)
    assert len(shown) <= LONGEST_MESSAGE + 3


@given(st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=150))
def test_a_short_plain_message_is_left_as_it_is(text: str) -> None:
    assert one_line(text) == text


def test_a_long_value_keeps_its_ends_and_says_its_length() -> None:
    path = "/very/" + "long/" * 40_000 + "name.ptr"
    shown = one_line(f"{path}: line 3: no such file")
    assert shown.startswith("/very/long/") and f"[{len(path) + 1:,} characters]" in shown
    assert shown.endswith("name.ptr: line 3: no such file") and len(shown) < 150


def test_control_characters_are_escaped() -> None:
    assert escape("a\nb\x1b[2J\x00") == "a\\nb\\x1b[2J\\x00"
    assert shorten("x" * 10) == "x" * 10
