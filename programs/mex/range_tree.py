"""mex, the minimum excludant: the least natural number not in a set.

Three ways, as in the seed: straight from the definition, with a bit string, and with a
binary search tree of ranges [lo, hi] that are disjoint and never adjacent, so that a
value filling the gap between two ranges merges them into one.

The seed's tree is a plain search tree, so sorted input would make it one long spine and
every insertion a walk down it. Here it is kept as a scapegoat tree: a value is still
inserted exactly where the seed puts it, and only when a new leaf lands deeper than
log_{3/2}(ranges) is the smallest too-heavy subtree above it rebuilt perfectly balanced
(and the whole tree when merges have removed a third of its ranges). Small trees such as
the seed's walk-through never reach the bound, so they keep the seed's shape.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

# the bit string of the seed's second method holds max+2 bits: a bound keeps it in memory
BITSTRING_MAX = 100_000_000
# a subtree may hold at most this share of its parent's ranges before it is rebuilt
ALPHA = 2 / 3


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
    top = max(values)
    if top > BITSTRING_MAX:
        raise ValueError(
            f"each VALUE must be 0 to {BITSTRING_MAX} (the bit string holds max+2 bits), "
            f"got {top}"
        )
    length = top + 2  # one spare bit past max guarantees a set bit remains
    # a mutable bit string, 8 bits a byte, bit k in byte k // 8: clearing a bit is O(1)
    bits = bytearray(b"\xff") * ((length + 7) // 8)
    for value in values:
        bits[value >> 3] &= ~(1 << (value & 7)) & 0xFF
    first = len(bits) - len(bits.lstrip(b"\x00"))  # the first byte with a set bit
    byte = bits[first]
    return 8 * first + (byte & -byte).bit_length() - 1


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
        self.size = 0  # ranges (nodes) in the tree
        self._max_size = 0  # the most ranges since the whole tree was last rebuilt
        for value in values:
            self.add(value)

    def add(self, value: int) -> None:
        """Insert ``value``: extend a touching range (merging if a gap closes) or add a leaf."""
        _check_natural(value)
        if self.root is None:
            self.root = RangeNode(value, value)
            self._grown()
            return
        path: list[RangeNode] = []
        node = self.root
        while True:
            if node.lo <= value <= node.hi:
                return
            if value == node.hi + 1:
                node.hi = value
                if self._merge_successor(node):
                    self._shrunk()
                return
            if value == node.lo - 1:
                node.lo = value
                if self._merge_predecessor(node):
                    self._shrunk()
                return
            # no range on the search path touches value, so neither neighbour of the new
            # leaf touches it: a neighbour that did would be an ancestor of the leaf
            path.append(node)
            if value < node.lo:
                if node.left is None:
                    node.left = leaf = RangeNode(value, value)
                    break
                node = node.left
            else:
                if node.right is None:
                    node.right = leaf = RangeNode(value, value)
                    break
                node = node.right
        self._grown()
        if len(path) > math.log(self.size, 1 / ALPHA):
            self._rebuild_scapegoat(path, leaf)

    def _grown(self) -> None:
        self.size += 1
        self._max_size = max(self._max_size, self.size)

    def _shrunk(self) -> None:
        self.size -= 1
        if self.size < ALPHA * self._max_size:
            self.root = _balanced(list(_nodes(self.root)))
            self._max_size = self.size

    def _rebuild_scapegoat(self, path: list[RangeNode], leaf: RangeNode) -> None:
        # climb from the new leaf to the first ancestor whose child on the path holds more
        # than ALPHA of its ranges; one exists whenever the leaf is deeper than the bound
        child, child_size = leaf, 1
        for depth in range(len(path) - 1, -1, -1):
            node = path[depth]
            sibling = node.left if node.right is child else node.right
            size = child_size + 1 + sum(1 for _ in _nodes(sibling))
            if child_size > ALPHA * size:
                rebuilt = _balanced(list(_nodes(node)))
                if depth == 0:
                    self.root = rebuilt
                elif path[depth - 1].left is node:
                    path[depth - 1].left = rebuilt
                else:
                    path[depth - 1].right = rebuilt
                return
            child, child_size = node, size

    @staticmethod
    def _merge_successor(node: RangeNode) -> bool:
        """Merge the range after ``node`` into it if they now touch; True if a node went."""
        # the in-order successor of a node that grew upward is the leftmost node of its
        # right subtree: had it been an ancestor, the search would have stopped there
        parent, child = node, node.right
        if child is None:
            return False
        while child.left is not None:
            parent, child = child, child.left
        if child.lo != node.hi + 1:
            return False
        node.hi = child.hi
        if parent is node:
            parent.right = child.right
        else:
            parent.left = child.right
        return True

    @staticmethod
    def _merge_predecessor(node: RangeNode) -> bool:
        """Merge the range before ``node`` into it if they now touch; True if a node went."""
        parent, child = node, node.left
        if child is None:
            return False
        while child.right is not None:
            parent, child = child, child.right
        if child.hi != node.lo - 1:
            return False
        node.lo = child.lo
        if parent is node:
            parent.left = child.left
        else:
            parent.right = child.left
        return True

    def height(self) -> int:
        """Edges on the longest path from the root down (-1 for an empty tree)."""
        deepest, level = -1, [self.root] if self.root else []
        while level:
            deepest += 1
            level = [c for n in level for c in (n.left, n.right) if c is not None]
        return deepest

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
        return [(node.lo, node.hi) for node in _nodes(self.root)]

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


def _nodes(node: RangeNode | None) -> Iterator[RangeNode]:
    """The nodes of a subtree in order (an explicit stack: no recursion limit)."""
    stack: list[RangeNode] = []
    while stack or node is not None:
        while node is not None:
            stack.append(node)
            node = node.left
        node = stack.pop()
        yield node
        node = node.right


def _balanced(nodes: list[RangeNode]) -> RangeNode | None:
    """Relink ``nodes`` (in order) into a perfectly balanced tree; return its root."""

    def build(lo: int, hi: int) -> RangeNode | None:
        if lo >= hi:
            return None
        mid = (lo + hi) // 2
        node = nodes[mid]
        node.left, node.right = build(lo, mid), build(mid + 1, hi)
        return node

    return build(0, len(nodes))


def mex_tree(values: Iterable[int]) -> int:
    """mex by building the seed's range tree."""
    return RangeTree(values).mex()
