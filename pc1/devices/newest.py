"""Keeping only the newest of a list that a long run keeps appending to (paper, speaker)."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def let_older_go(items: list[T], keep: int | None) -> list[T]:
    """Past twice `keep` items, take the oldest `keep` out of `items` and return them.

    Halving at once keeps the cost of an append constant on average; None keeps all.
    """
    if keep is None or len(items) <= 2 * keep:
        return []
    older = items[:keep]
    del items[:keep]
    return older
