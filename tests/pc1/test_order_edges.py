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
