"""Searching the store by value, by order and by comment text."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pc1.machine.orders import encode
from pc1.monitor.store_search import search


def test_a_value_an_order_and_text() -> None:
    words = [0] * 512
    words[76] = words[300] = encode("t", 300, True)  # tl 300 = 6444
    words[5] = 0o777777
    texts = {3: "r0.pc1:4: p29  ; letter, state I", 90: "x.pc1:2: a3  ; add THREE"}
    assert search(words, texts, "tl 300") == [76, 300]
    assert search(words, texts, "6444", after=76) == [300, 76]
    assert search(words, texts, "0o14454") == [76, 300]
    assert search(words, texts, "-1") == [5]
    assert search(words, texts, "three") == [90]
    assert search(words, texts, "state i", after=10) == [3]
    assert search(words, texts, "   ") == []


@given(st.lists(st.integers(0, 7), min_size=512, max_size=512), st.integers(0, 7),
       st.integers(-1, 511))
def test_every_hit_holds_the_value_and_comes_in_wrap_order(words, value, after) -> None:
    hits = search(words, {}, str(value), after)
    assert sorted(hits) == [a for a in range(512) if words[a] == value]
    rotated = [a for a in hits if a > after] + [a for a in hits if a <= after]
    assert hits == rotated
