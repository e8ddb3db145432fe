"""The jump conditions of z and k at the edges of their bit fields, both forms, worked from
the order table: short z looks at A[28..18], long z at all of A; short k jumps when A < 0
(bit 35), long k when A >= 0."""

from __future__ import annotations

import pytest

from tests.pc1.helpers import START, run

TARGET = 300
B35 = 1 << 35


@pytest.mark.parametrize(("order", "a", "jumps"), [
    ("k", B35, True), ("k", B35 | 1, True), ("k", B35 >> 1, False), ("k", B35 - 1, False),
    ("k", 0, False), ("kl", B35, False), ("kl", B35 >> 1, True), ("kl", 0, True),
    ("z", 0, True), ("z", 1 << 18, False), ("z", 1 << 28, False), ("z", 1 << 29, True),
    ("z", (1 << 18) - 1, True), ("zl", 0, True), ("zl", 1, False), ("zl", 1 << 29, False),
])
def test_branch_conditions_at_the_bit_edges(order: str, a: int, jumps: bool) -> None:
    m, stop = run([f"{order} {TARGET}"], A=a, max_orders=1)
    assert m.K == (TARGET if jumps else START + 1)
    assert m.A == a  # a branch leaves A alone


@pytest.mark.parametrize(("old", "address"), [(0o777777, 0), (0o777777, 1024), (0, 2047),
                                              (0o152525, 0o1252)])
def test_x_replaces_exactly_the_11_address_bits(old: int, address: int) -> None:
    """`x n`: bits 10..0 of word n become A[28..18]; bits 17..11 stay (bit 10 included)."""
    m, _ = run([f"x {TARGET}"], A=address << 18 | 0o7 << 29, data={TARGET: old}, max_orders=1)
    assert m.memory[TARGET] == (old & 0o774000) | address
