"""The history ring: the last orders a run executed, recorded at full speed.

`Machine.run(history=ring)` compiles a record of every order into its blocks: after an
order runs, `(address, order word, A, R)` is appended to the ring (the order word as it was
fetched, A and R as the order left them).  The ring keeps the newest `capacity` entries.
"""

from __future__ import annotations

from collections import deque
from typing import NamedTuple


class TraceEntry(NamedTuple):
    """One executed order: where it was, the word run, and A and R after it."""

    address: int
    order: int
    A: int
    R: int


# an entry as the compiled blocks record it: (address, order word, A, R)
Entry = tuple[int, int, int, int]


class TraceRing:
    """A bounded record of executed orders, oldest first."""

    def __init__(self, capacity: int = 1024) -> None:
        if capacity < 1:
            raise ValueError(f"a trace ring holds at least 1 entry, got {capacity}")
        self.capacity = capacity
        self._ring: deque[Entry] = deque(maxlen=capacity)
        # the compiled blocks call this bound method directly: one call per order
        self.record = self._ring.append

    def __len__(self) -> int:
        return len(self._ring)

    def entries(self) -> list[TraceEntry]:
        """The recorded orders, oldest first (at most `capacity`)."""
        return [TraceEntry(*e) for e in self._ring]

    def raw(self) -> list[Entry]:
        """The recorded orders as plain tuples, oldest first (for scanning many at once:
        no TraceEntry is made for each)."""
        return list(self._ring)

    def clear(self) -> None:
        """Forget every entry."""
        self._ring.clear()
