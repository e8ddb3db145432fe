"""mex, the minimum excludant: the least natural number not in a set.

Three ways, as in the seed: straight from the definition, with a bit string, and with a
binary search tree of ranges [lo, hi] that are disjoint and never adjacent, so that a
value filling the gap between two ranges merges them into one.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass


def _check_natural(value: int) -> None:
    if value < 0:
        raise ValueError(f"mex is over natural numbers, got {value}")


def mex_naive(values: Iterable[int]) -> int:
    """The least k >= 0 not among ``values``, by trying 0, 1, 2, ..."""
    present = set(values)
    for value in present:
        _check_natural(value)
    k = 0
    while k in present:
        k += 1
    return k


def mex_bitstring(values: Iterable[int]) -> int:
    """The seed's bit-string mex: set max+2 bits, clear each value's bit, find the first 1."""
    values = list(values)
    if not values:
        return 0
    for value in values:
        _check_natural(value)
    length = max(values) + 2  # one spare bit past max guarantees a set bit remains
    bits = (1 << length) - 1
    for value in values:
        bits &= ~(1 << value)
    return (bits & -bits).bit_length() - 1


@dataclass(slots=True)
class RangeNode:
    """A node of the range tree: the values lo..hi are all present."""

    lo: int
    hi: int
    left: RangeNode | None = None
    right: RangeNode | None = None


Shape = tuple["Shape | None", tuple[int, int], "Shape | None"]


class RangeTree:
    """The seed's binary tree of disjoint, non-adjacent ranges; ``mex()`` reads the leftmost."""

    def __init__(self, values: Iterable[int] = ()) -> None:
        self.root: RangeNode | None = None
        for value in values:
            self.add(value)

    def add(self, value: int) -> None:
        """Insert ``value``: extend a touching range (merging if a gap closes) or add a leaf."""
        _check_natural(value)
        if self.root is None:
            self.root = RangeNode(value, value)
            return
        node = self.root
        while True:
            if node.lo <= value <= node.hi:
                return
            if value == node.hi + 1:
                node.hi = value
                self._merge_successor(node)
                return
            if value == node.lo - 1:
                node.lo = value
                self._merge_predecessor(node)
                return
            # no range on the search path touches value, so neither neighbour of the new
            # leaf touches it: a neighbour that did would be an ancestor of the leaf
            if value < node.lo:
                if node.left is None:
                    node.left = RangeNode(value, value)
                    return
                node = node.left
            else:
                if node.right is None:
                    node.right = RangeNode(value, value)
                    return
                node = node.right

    @staticmethod
    def _merge_successor(node: RangeNode) -> None:
        # the in-order successor of a node that grew upward is the leftmost node of its
        # right subtree: had it been an ancestor, the search would have stopped there
        parent, child = node, node.right
        if child is None:
            return
        while child.left is not None:
            parent, child = child, child.left
        if child.lo != node.hi + 1:
            return
        node.hi = child.hi
        if parent is node:
            parent.right = child.right
        else:
            parent.left = child.right

    @staticmethod
    def _merge_predecessor(node: RangeNode) -> None:
        parent, child = node, node.left
        if child is None:
            return
        while child.right is not None:
            parent, child = child, child.right
        if child.hi != node.lo - 1:
            return
        node.lo = child.lo
        if parent is node:
            parent.left = child.left
        else:
            parent.right = child.left

    def mex(self) -> int:
        """0 if the leftmost range starts above 0, else one past its end."""
        node = self.root
        if node is None:
            return 0
        while node.left is not None:
            node = node.left
        return 0 if node.lo > 0 else node.hi + 1

    def ranges(self) -> list[tuple[int, int]]:
        """The ranges in increasing order (an in-order walk)."""
        return list(self._walk(self.root))

    @staticmethod
    def _walk(node: RangeNode | None) -> Iterator[tuple[int, int]]:
        # an explicit stack: a tree built from a descending run is one long left spine
        stack: list[RangeNode] = []
        while stack or node is not None:
            while node is not None:
                stack.append(node)
                node = node.left
            node = stack.pop()
            yield node.lo, node.hi
            node = node.right

    def __contains__(self, value: int) -> bool:
        node = self.root
        while node is not None:
            if value < node.lo:
                node = node.left
            elif value > node.hi:
                node = node.right
            else:
                return True
        return False

    def shape(self) -> Shape | None:
        """The tree as nested ``(left, (lo, hi), right)`` tuples, None for an empty subtree."""

        def build(node: RangeNode | None) -> Shape | None:
            if node is None:
                return None
            return build(node.left), (node.lo, node.hi), build(node.right)

        return build(self.root)

    def draw(self) -> str:
        """The tree sideways, right subtree above, one ``[lo,hi]`` per line."""
        lines: list[str] = []

        def show(node: RangeNode | None, depth: int) -> None:
            if node is None:
                return
            show(node.right, depth + 1)
            lines.append("    " * depth + f"[{node.lo},{node.hi}]")
            show(node.left, depth + 1)

        show(self.root, 0)
        return "\n".join(lines)


def mex_tree(values: Iterable[int]) -> int:
    """mex by building the seed's range tree."""
    return RangeTree(values).mex()
