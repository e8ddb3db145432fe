"""The seed's programs on whole integers leave the ports' limbs, bit for bit, at every size."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bignum.pc1_e import napier
from bignum.pc1_machin import machin
from bignum.seed_ints import machin_ints, napier_ints

odd = st.integers(0, 400).map(lambda k: 2 * k + 1)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 110), odd, odd)
@example(97, 1433, 423)  # what `pc1 verify pi` compares
@example(100, 1433, 423)  # the seed's own size
@example(2, 1, 1)
def test_machin_on_one_integer_is_the_port(limbs: int, n5: int, n239: int) -> None:
    assert machin_ints(limbs, n5, n239) == machin(limbs, n5, n239)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 110), st.integers(1, 152).map(lambda k: 4 * k))
@example(100, 460)  # what `pc1 verify e` compares
@example(97, 460)
def test_napier_on_one_integer_is_the_port(limbs: int, top: int) -> None:
    assert napier_ints(limbs, top) == napier(limbs, top)


def test_the_defaults_are_the_seeds() -> None:
    assert machin_ints() == machin() and napier_ints() == napier()


@pytest.mark.parametrize(("fast", "port", "args"), [
    (machin_ints, machin, (1,)),
    (machin_ints, machin, (10, -1, 5)),  # no 1/5 series: the accumulator goes negative
    (napier_ints, napier, (1,)),
    (napier_ints, napier, (10, 6)),
    (napier_ints, napier, (10, 0)),
    (napier_ints, napier, (10, 612)),  # the quarter divisor no longer fits a long word
])
def test_bad_requests_fail_as_the_port_fails(fast, port, args) -> None:
    with pytest.raises(Exception) as by_port:
        port(*args)
    with pytest.raises(type(by_port.value), match=str(by_port.value)[:20]):
        fast(*args)
