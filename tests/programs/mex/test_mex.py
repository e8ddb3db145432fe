"""mex: the seed's examples, its range-tree walk-through, and properties against a naive mex."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from pc1.cli.main import main
from programs.mex.range_tree import (
    ALPHA,
    BITSTRING_MAX,
    RangeTree,
    mex_bitstring,
    mex_naive,
    mex_tree,
)

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
    # the seed's plain tree would make this a left spine deeper than the recursion limit
    tree = RangeTree(range(3_000, 0, -2))
    assert len(tree.ranges()) == 1_500
    assert tree.mex() == 0
    tree.add(0)
    assert tree.mex() == 1


def test_a_successor_merge_keeps_the_successors_right_subtree():
    """1 merges [0,0] with [2,2], the left child of [10,10] whose right child is [4,4]."""
    tree = RangeTree([0, 10, 2, 4])
    assert tree.shape() == (None, (0, 0), ((None, (2, 2), leaf(4, 4)), (10, 10), None))
    tree.add(1)
    assert tree.shape() == (None, (0, 2), (leaf(4, 4), (10, 10), None))
    tree.add(3)
    assert tree.ranges() == [(0, 4), (10, 10)]
    assert tree.mex() == 5
    assert mex_tree([0, 10, 2, 4, 1, 3]) == 5


def test_a_predecessor_merge_keeps_the_predecessors_left_subtree():
    """The mirror image: 9 merges [10,10] with [8,8], whose left child is [6,6]."""
    tree = RangeTree([10, 0, 8, 6])
    assert tree.shape() == ((None, (0, 0), ((leaf(6, 6)), (8, 8), None)), (10, 10), None)
    tree.add(9)
    assert tree.shape() == ((None, (0, 0), leaf(6, 6)), (8, 10), None)
    tree.add(7)
    assert tree.ranges() == [(0, 0), (6, 10)]
    assert 6 in tree and 5 not in tree


def test_the_cli_answers_five_for_the_merge_example(capsys):
    for method in ("tree", "bitstring", "naive"):
        assert main(["mex", "0", "10", "2", "4", "1", "3", "--method", method]) == 0
        assert capsys.readouterr() == ("5\n", "")


def test_bitstring_values_are_bounded_with_one_line(capsys):
    assert mex_bitstring([0, BITSTRING_MAX]) == 1
    with pytest.raises(ValueError, match=f"0 to {BITSTRING_MAX}"):
        mex_bitstring([0, BITSTRING_MAX + 1])
    assert main(["mex", "--method", "bitstring", "0", "100000000000"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        "pc1 mex: --method bitstring: each VALUE must be 0 to 100000000 "
        "(the bit string holds max+2 bits), got 100000000000\n"
    )


def closes_a_gap(values: list[int]) -> int:
    """How many values arrive between two values already there: each is a merge."""
    seen: set[int] = set()
    merges = 0
    for v in values:
        if v not in seen and v - 1 in seen and v + 1 in seen:
            merges += 1
        seen.add(v)
    return merges


def long_merging_sequence(rng: random.Random, length: int) -> list[int]:
    """Values from a range a little wider than the sequence, shuffled: gaps close often."""
    span = length + length // 8
    return [rng.randrange(span) for _ in range(length)]


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32), st.integers(200, 3_000))
def test_the_three_methods_agree_on_long_sequences_with_many_merges(seed, length):
    values = long_merging_sequence(random.Random(seed), length)
    merges = closes_a_gap(values)
    # the shape of the input, not the code, makes this true: about 7.5 % of the values
    # close a gap (at least 2.5 % in 3,000 seeds of each length)
    assert merges >= length // 50
    tree = RangeTree()
    for i, v in enumerate(values):
        tree.add(v)
        if i % 97 == 0:
            assert tree.mex() == mex_naive(values[: i + 1])
    assert tree.ranges() == runs(set(values))
    assert tree.size == len(tree.ranges())
    assert in_order_is_a_search_tree(tree)
    assert mex_naive(values) == mex_bitstring(values) == tree.mex() == mex_tree(values)
    # the mex is below the span, so it is also checked where it is not 0
    event(f"mex {'0' if tree.mex() == 0 else '> 0'}")


def test_long_sequences_with_many_merges_reach_a_positive_mex():
    """The same comparison on inputs whose low values are all present, so the mex is large."""
    rng = random.Random(17)
    for length in (1_000, 5_000, 20_000):
        values = list(range(length))
        rng.shuffle(values)
        values = [v for v in values if v != length // 2 + 3] + values[: length // 4]
        expected = length // 2 + 3  # the one value left out; independent of the code
        assert closes_a_gap(values) > length // 10
        assert mex_naive(values) == mex_bitstring(values) == mex_tree(values) == expected


@pytest.mark.parametrize(
    "values",
    [range(0, 40_000, 2), range(40_000, 0, -2), [v * 7919 % 40_009 for v in range(20_000)]],
    ids=["ascending", "descending", "scattered"],
)
def test_the_tree_stays_logarithmically_deep(values):
    tree = RangeTree(values)
    bound = math.log(tree.size, 1 / ALPHA) + 1
    assert tree.size == len(tree.ranges()) and tree.height() <= bound
    # merges that remove most ranges also keep it shallow
    for v in range(1, 40_000, 2):
        tree.add(v)
    assert tree.ranges()[0][0] <= 1 and tree.height() <= math.log(max(tree.size, 2), 1.5) + 1


def test_negative_values_are_rejected():
    for method in METHODS:
        with pytest.raises(ValueError, match="natural"):
            method([3, -1])


def test_draw():
    assert RangeTree([12, 1, 3]).draw() == "[12,12]\n        [3,3]\n    [1,1]"
    assert RangeTree().draw() == ""


def test_height_counts_edges_on_the_longest_path():
    assert RangeTree().height() == -1
    assert RangeTree([5]).height() == 0
    assert RangeTree([5, 1]).height() == 1 and RangeTree([5, 9, 1]).height() == 1
    # the seed's final tree: [10,15] over [1,1] over [3,7]
    assert RangeTree([12, 1, 3, 3, 4, 4, 5, 11, 6, 6, 10, 14, 15, 13, 4, 7]).height() == 2
    # a balanced rebuild of 2^k - 1 ranges has height k - 1
    assert RangeTree(range(0, 2 * 1023, 2)).height() <= math.log(1023, 1 / ALPHA)


def test_the_first_rebuild_balances_the_lowest_heavy_subtree():
    """0, 2, 4, 6 make a right spine of depth 3 (within log_1.5 4); 8 lands at depth 4 >
    log_1.5 5, so the walk up from 8 finds the first node whose child on the path holds more
    than 2/3 of its subtree: [2,2] (3 of 4). Its four nodes are relinked around [6,6]."""
    tree = RangeTree([0, 2, 4, 6])
    assert tree.height() == 3
    tree.add(8)
    assert tree.shape() == (
        None, (0, 0), ((leaf(2, 2), (4, 4), None), (6, 6), leaf(8, 8)))
    assert tree.size == 5 and tree.mex() == 1
