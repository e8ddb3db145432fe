"""Shared Hypothesis strategies: words, orders, tapes."""

from __future__ import annotations

from hypothesis import strategies as st

from pc1.orders import ORDERS

short_words = st.integers(0, (1 << 18) - 1)
long_words = st.integers(0, (1 << 36) - 1)
r_values = st.integers(0, (1 << 35) - 1)  # R as left by v, w, d: bit 35 clear
addresses = st.integers(0, 2047)
codes = st.integers(0, 63)
frames = st.lists(codes, max_size=200)
# edge values that bit-serial hardware gets wrong most easily
edge36 = st.sampled_from([0, 1, (1 << 35) - 1, 1 << 35, (1 << 36) - 1, (1 << 35) + 1, 1 << 18,
                          (1 << 18) - 1])
any36 = st.one_of(long_words, edge36)


@st.composite
def order_words(draw, letters: str | None = None) -> int:
    """An order word of a known letter, short or long, any address."""
    pool = [o for o in ORDERS if letters is None or o.letter in letters]
    order = draw(st.sampled_from(pool))
    return order.code << 12 | (draw(st.booleans()) << 11) | draw(addresses)


@st.composite
def mutated_files(draw, samples: list[str], junk: list[bytes]) -> bytes:
    """A real input file with a few random edits: good, bad and odd inputs alike."""
    text = bytearray((draw(st.sampled_from(samples)) + "\n").encode())
    for _ in range(draw(st.integers(0, 4))):
        pos = draw(st.integers(0, len(text)))
        piece = draw(st.binary(max_size=3) | st.sampled_from(junk))
        if draw(st.booleans()):
            text[pos:pos] = piece
        else:
            del text[pos : pos + len(piece) + 1]
    return bytes(text)
