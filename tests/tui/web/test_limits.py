"""The bounds of a served console: sizes clamped, messages within a rate, messages checked."""

from __future__ import annotations

import pytest

from tui.web.limits import DEFAULT_SIZE, MAX_HEIGHT, MAX_WIDTH, MessageRate, clamp_size
from tui.web.protocol import Message, parse_message


@pytest.mark.parametrize("width, height, want", [
    (120, 40, (120, 40)),
    (100000, 100000, (MAX_WIDTH, MAX_HEIGHT)),
    ("100000", "100000", (MAX_WIDTH, MAX_HEIGHT)),
    (0, -5, (1, 1)),
    (None, "x", DEFAULT_SIZE),
    (True, 1e300, DEFAULT_SIZE),
    ("9" * 5000, 30.7, (DEFAULT_SIZE[0], 30)),
])
def test_sizes_are_clamped(width, height, want) -> None:
    assert clamp_size(width, height) == want


def test_the_rate_allows_a_burst_then_the_sustained_rate() -> None:
    rate = MessageRate(rate=10, burst=5)
    assert all(rate.allow(0.0) for _ in range(5))
    assert not rate.allow(0.0)
    assert rate.allow(0.1) and not rate.allow(0.1)  # one more each tenth of a second
    assert all(rate.allow(10.0) for _ in range(5))  # a pause refills the burst, no more
    assert not rate.allow(10.0)


@pytest.mark.parametrize("raw, want", [
    ('["stdin", "ab"]', Message("stdin", text="ab")),
    ('["resize", {"width": 100000, "height": 100000}]',
     Message("resize", size=(MAX_WIDTH, MAX_HEIGHT))),
    ('["ping", "t1"]', Message("ping", data="t1")),
    ('["blur"]', Message("blur")),
])
def test_the_pages_messages_are_read(raw: str, want: Message) -> None:
    assert parse_message(raw) == want


@pytest.mark.parametrize("raw, why", [
    ("{", "not JSON"),
    ('{"a": 1}', "not a message of the page"),
    ('["exec", "rm"]', "not a message of the page"),
    ("[]", "not a message of the page"),
    ('["stdin", 5]', "stdin without text"),
    ('["resize", "big"]', "resize without a size"),
])
def test_anything_else_is_refused_saying_why(raw: str, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        parse_message(raw)
