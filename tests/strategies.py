"""Shared Hypothesis strategies: words, orders, tapes."""

from __future__ import annotations

from hypothesis import strategies as st

from pc1.machine.orders import ORDERS

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


# --- divisions shaped by construction: the expected answer comes from how they are drawn ----

B35 = 1 << 35
D_LOW, D_HIGH = -(1 << 70), (1 << 70) - 1  # D = s36(A)*2^35 + R[34..0]


def _signed_of_any_size(draw, top_bits: int, negative: bool) -> int:
    """A nonzero integer of 1..top_bits bits (small and large alike), of the given sign."""
    bits = draw(st.integers(1, top_bits))
    magnitude = draw(st.integers(1 << (bits - 1), (1 << bits) - 1))
    return -magnitude if negative else magnitude


def as_registers(dividend: int) -> tuple[int, int]:
    """The (A, R) pair that holds a double-length dividend, R bit 35 clear."""
    return (dividend >> 35) & ((1 << 36) - 1), dividend & (B35 - 1)


@st.composite
def fitting_divisions(draw, short: bool = False) -> tuple[int, int, int, int, int]:
    """(A, R, M, q, rem): D = q*M + rem with 0 <= rem < |M| and q in 36 signed bits.

    The divisor's sign is drawn on purpose (about half of them negative) and the quotient
    is drawn first, so every division fits and (q, rem) is the one Euclidean answer.
    ``short``: M is an 18-bit word in the upper half, as the short `d` reads it.
    """
    if draw(st.integers(0, 19)) == 0:
        m = -B35  # the most negative divisor, which has no positive twin
    elif short:
        m = _signed_of_any_size(draw, 17, draw(st.booleans())) << 18
    else:
        m = _signed_of_any_size(draw, 35, draw(st.booleans()))
    if draw(st.integers(0, 4)) == 0:
        q = draw(st.sampled_from([-B35, B35 - 1, 0, -1, 1]))  # the edges, now and then
    else:
        q = draw(st.integers(-B35, B35 - 1))
    rem = draw(st.integers(0, abs(m) - 1))
    while not D_LOW <= q * m + rem <= D_HIGH:
        q //= 2  # only |q| and |m| both near 2^35 overflow the 71-bit dividend
    a, r = as_registers(q * m + rem)
    return a, r, m & ((1 << 36) - 1), q, rem


@st.composite
def overflowing_divisions(draw) -> tuple[int, int, int]:
    """(A, R, M) whose Euclidean quotient lies outside 36 signed bits, or M = 0."""
    if draw(st.integers(0, 9)) == 0:
        return draw(long_words), draw(r_values), 0
    m = _signed_of_any_size(draw, 34, draw(st.booleans()))
    q = draw(st.integers(B35, B35 + 2**20) | st.integers(-B35 - 2**20, -B35 - 1))
    rem = draw(st.integers(0, abs(m) - 1))
    a, r = as_registers(q * m + rem)
    return a, r, m & ((1 << 36) - 1)


def share_of(strategy: st.SearchStrategy, predicate, examples: int = 200) -> float:
    """The share of ``examples`` drawn from ``strategy`` for which ``predicate`` holds."""
    from hypothesis import HealthCheck, given, settings

    hits: list[bool] = []

    @settings(max_examples=examples, database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def draw_all(value) -> None:
        hits.append(bool(predicate(value)))

    draw_all()
    return sum(hits) / len(hits)


@st.composite
def unicode_slips(draw, samples: list[str]) -> str:
    """A real puzzle text with a few characters from anywhere in Unicode put in, or (one
    time in four) any text at all."""
    if draw(st.integers(0, 3)) == 0:
        return draw(st.text(max_size=200))
    text = draw(st.sampled_from(samples))
    for _ in range(draw(st.integers(1, 3))):
        pos = draw(st.integers(0, len(text)))
        text = text[:pos] + draw(st.characters()) + text[pos:]
    return text
