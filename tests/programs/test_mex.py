"""mex: the seed's examples, its range-tree walk-through, and properties against a naive mex."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from programs.mex import RangeTree, mex_bitstring, mex_naive, mex_tree

METHODS = [mex_naive, mex_bitstring, mex_tree]
SEED_EXAMPLES = [
    ([], 0),
    ([1, 2], 0),
    ([0, 2], 1),
    ([0, 1], 2),
    ([0, 1, 1, 2, 3, 5, 8, 13], 4),
    ([12, 1, 3, 3, 4, 4, 5, 11, 6, 6, 10, 14, 15, 13, 4, 7], 0),
]


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize(("values", "expected"), SEED_EXAMPLES)
def test_seed_examples(method, values, expected):
    assert method(values) == expected


def leaf(lo, hi):
    return (None, (lo, hi), None)


def test_the_seeds_tree_walk_through():
    """The tree after each value of ns = (12 1 3 3 4 4 5 11 6 6 10 14 15 13 4 7)."""
    tree = RangeTree()
    steps = [
        (12, leaf(12, 12)),
        (1, (leaf(1, 1), (12, 12), None)),  # a new range, left of [12,12]
        (3, ((None, (1, 1), leaf(3, 3)), (12, 12), None)),  # right of [1,1]
        (3, ((None, (1, 1), leaf(3, 3)), (12, 12), None)),  # already there
        (4, ((None, (1, 1), leaf(3, 4)), (12, 12), None)),  # extends [3,3], no merge
        (4, ((None, (1, 1), leaf(3, 4)), (12, 12), None)),
        (5, ((None, (1, 1), leaf(3, 5)), (12, 12), None)),
        (11, ((None, (1, 1), leaf(3, 5)), (11, 12), None)),
        (6, ((None, (1, 1), leaf(3, 6)), (11, 12), None)),
        (6, ((None, (1, 1), leaf(3, 6)), (11, 12), None)),
        (10, ((None, (1, 1), leaf(3, 6)), (10, 12), None)),
        (14, ((None, (1, 1), leaf(3, 6)), (10, 12), leaf(14, 14))),
        (15, ((None, (1, 1), leaf(3, 6)), (10, 12), leaf(14, 15))),
        # 13 fills the gap: [10,12] and [14,15] merge (the seed's text says [10,13])
        (13, ((None, (1, 1), leaf(3, 6)), (10, 15), None)),
        (4, ((None, (1, 1), leaf(3, 6)), (10, 15), None)),
        (7, ((None, (1, 1), leaf(3, 7)), (10, 15), None)),
    ]
    for value, shape in steps:
        tree.add(value)
        assert tree.shape() == shape, value
    assert tree.ranges() == [(1, 1), (3, 7), (10, 15)]
    assert tree.mex() == 0


def runs(values: set[int]) -> list[tuple[int, int]]:
    """Maximal runs of consecutive values, the ranges the tree must hold."""
    out: list[tuple[int, int]] = []
    for v in sorted(values):
        if out and out[-1][1] == v - 1:
            out[-1] = (out[-1][0], v)
        else:
            out.append((v, v))
    return out


def in_order_is_a_search_tree(tree: RangeTree) -> bool:
    def bounds_ok(node, low, high):
        if node is None:
            return True
        # strictly inside the bounds with a gap: ranges are disjoint and not adjacent
        if not (low < node.lo - 1 and node.hi + 1 < high and node.lo <= node.hi):
            return False
        return bounds_ok(node.left, low, node.lo) and bounds_ok(node.right, node.hi, high)

    return bounds_ok(tree.root, -2, 10**9)


values_lists = st.lists(st.integers(0, 60), max_size=80)


@settings(max_examples=300, deadline=None)
@given(values_lists)
def test_tree_holds_the_maximal_runs_and_agrees_with_naive(values):
    tree = RangeTree()
    for i, v in enumerate(values):
        tree.add(v)
        assert tree.mex() == mex_naive(values[: i + 1])
    assert tree.ranges() == runs(set(values))
    assert in_order_is_a_search_tree(tree)
    assert all((k in tree) == (k in set(values)) for k in range(-1, 63))


@settings(max_examples=300, deadline=None)
@given(values_lists)
def test_the_three_methods_agree(values):
    assert mex_naive(values) == mex_bitstring(values) == mex_tree(values)


@settings(deadline=None)
@given(
    st.lists(st.integers(0, 30), max_size=40).flatmap(
        lambda values: st.tuples(st.just(values), st.permutations(values))
    )
)
def test_order_and_repeats_do_not_matter(pair):
    values, shuffled = pair
    assert mex_tree(shuffled) == mex_tree(values + values) == mex_naive(values)
    assert RangeTree(shuffled).ranges() == RangeTree(values + values).ranges()


def test_long_descending_run_has_no_recursion_limit():
    # a left spine deeper than Python's recursion limit (the tree is not balanced, so
    # building it is quadratic: keep it modest)
    tree = RangeTree(range(3_000, 0, -2))
    assert len(tree.ranges()) == 1_500
    assert tree.mex() == 0
    tree.add(0)
    assert tree.mex() == 1


def test_negative_values_are_rejected():
    for method in METHODS:
        with pytest.raises(ValueError, match="natural"):
            method([3, -1])


def test_draw():
    assert RangeTree([12, 1, 3]).draw() == "[12,12]\n        [3,3]\n    [1,1]"
    assert RangeTree().draw() == ""
