"""The range tree growing value by value, as the seed's walk-through tells it.

Each value added to a ``RangeTree`` does one of four things: nothing (it is already in a
range), starts a new range, extends a range by one at either end, or fills the one-value
gap between two ranges so that they merge. ``growth`` records, for every value in turn,
which of these it did, the ranges involved and the tree's shape afterwards, so a reader
(or the console) can replay the tree's life one input at a time.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from programs.mex.range_tree import RangeTree, Shape

Range = tuple[int, int]

# The seed's examples (post of 2020-11-22): four small sets, the bit-string example, and the
# sequence its figure grows a tree from.
EXAMPLES: tuple[tuple[int, ...], ...] = (
    (),
    (1, 2),
    (0, 2),
    (0, 1),
    (0, 1, 1, 2, 3, 5, 8, 13),
    (12, 1, 3, 3, 4, 4, 5, 11, 6, 6, 10, 14, 15, 13, 4, 7),
)


@dataclass(frozen=True)
class Growth:
    """What one value did to the tree, and the tree afterwards."""

    value: int
    event: str                   # "present", "new", "extend" or "merge"
    before: tuple[Range, ...]    # the ranges it touched before (one, or two for a merge)
    after: Range                 # the range holding the value afterwards
    ranges: tuple[Range, ...]    # every range afterwards, in increasing order
    shape: Shape | None          # the tree afterwards, as ``RangeTree.shape`` gives it
    mex: int

    def describe(self) -> str:
        """One line in the words of the seed's walk-through."""
        lo, hi = self.after
        if self.event == "present":
            return f"{self.value} is already in [{lo},{hi}]: nothing to do"
        if self.event == "new":
            return f"{self.value} touches no range: a new range [{lo},{hi}]"
        if self.event == "extend":
            (a, b), = self.before
            return f"{self.value} touches [{a},{b}]: it grows to [{lo},{hi}]"
        (a, b), (c, d) = self.before
        return f"{self.value} fills the gap: [{a},{b}] and [{c},{d}] merge into [{lo},{hi}]"


def _holding(ranges: Iterable[Range], value: int) -> Range:
    return next(r for r in ranges if r[0] <= value <= r[1])


def growth(values: Iterable[int]) -> list[Growth]:
    """Add the values one by one to an empty range tree; what each did, in order.

    Every step keeps a copy of the tree's shape, so time and memory grow with the square of
    the number of values: this is for reading a tree grow, not for long inputs.
    """
    tree = RangeTree()
    out: list[Growth] = []
    for value in values:
        old = tree.ranges()
        tree.add(value)
        new = tree.ranges()
        after = _holding(new, value)
        touched = tuple(r for r in old if after[0] <= r[0] and r[1] <= after[1])
        if any(lo <= value <= hi for lo, hi in old):
            event = "present"
        elif not touched:
            event = "new"
        elif len(touched) == 1:
            event = "extend"
        else:
            event = "merge"
        out.append(Growth(value, event, touched, after, tuple(new), tree.shape(), tree.mex()))
    return out


def parse_values(text: str) -> list[int]:
    """Natural numbers separated by spaces or commas; ValueError names the bad word."""
    values = []
    for n, word in enumerate(text.replace(",", " ").split(), start=1):
        try:
            value = int(word)
        except ValueError:
            raise ValueError(f"value {n} ({word!r}) is not a whole number") from None
        if value < 0:
            raise ValueError(f"value {n} ({value}) is negative: mex is over natural numbers")
        values.append(value)
    return values
