"""Exact cover with colours (Algorithm C): Knuth's examples, brute force, N queens."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from programs.queens.boards import count_queens
from programs.quintomino.exact_cover import Coloured, ExactCover, exact_covers


def test_knuths_exact_cover_example():
    # the opening example of TAOCP 7.2.2.1: the only cover is 'a d f', 'b g', 'c e'
    options = ["ce", "adg", "bcf", "adf", "bg", "deg"]
    assert list(exact_covers("abcdefg", [list(o) for o in options])) == [[0, 3, 4]]


def test_knuths_colour_example():
    # after TAOCP 7.2.2.1's first example with colours: primary p q r, secondary x y;
    # the only solution is 'q x:A' with 'p r x:A y'
    options = [
        ["p", "q", "x", "y:A"],
        ["p", "r", "x:A", "y"],
        ["p", "x:B"],
        ["q", "x:A"],
        ["r", "y:B"],
    ]

    def entry(text):
        item, _, colour = text.partition(":")
        return Coloured(item, colour) if colour else item

    problem = [[entry(t) for t in option] for option in options]
    assert list(exact_covers("pqr", problem, "xy")) == [[1, 3]]


def brute_force(n_primary, n_secondary, options):
    """Every set of options that Algorithm C must report, by trying all subsets."""
    found = set()
    for size in range(len(options) + 1):
        for subset in combinations(range(len(options)), size):
            uses = {}
            for o in subset:
                for item, colour in options[o]:
                    uses.setdefault(item, []).append(colour)
            if any(len(uses.get(("p", i), [])) != 1 for i in range(n_primary)):
                continue
            ok = True
            for j in range(n_secondary):
                colours = uses.get(("s", j), [])
                # at most one plain use, or any number of uses that agree on a colour
                if len(colours) > 1 and (None in colours or len(set(colours)) > 1):
                    ok = False
            if ok:
                found.add(frozenset(subset))
    return found


@st.composite
def problems(draw):
    n_primary = draw(st.integers(1, 5))
    n_secondary = draw(st.integers(0, 3))
    option = st.tuples(
        st.sets(st.integers(0, n_primary - 1), min_size=1, max_size=3),
        st.dictionaries(
            st.integers(0, n_secondary - 1) if n_secondary else st.nothing(),
            st.one_of(st.none(), st.sampled_from("RGB")),
            max_size=n_secondary,
        ),
    )
    raw = draw(st.lists(option, min_size=0, max_size=9))
    options = [
        [(("p", i), None) for i in sorted(prim)] + [(("s", j), c) for j, c in sorted(sec.items())]
        for prim, sec in raw
    ]
    return n_primary, n_secondary, options


@settings(max_examples=150, deadline=None)
@given(problems())
def test_matches_brute_force(problem):
    n_primary, n_secondary, options = problem
    solver_options = [
        [item if colour is None else Coloured(item, colour) for item, colour in option]
        for option in options
    ]
    solver = ExactCover(
        [("p", i) for i in range(n_primary)], solver_options, [("s", j) for j in range(n_secondary)]
    )
    solutions = [frozenset(s) for s in solver.solutions()]
    assert len(solutions) == len(set(solutions))  # each cover reported once
    assert set(solutions) == brute_force(n_primary, n_secondary, options)
    # the structure is restored after a full search: searching again gives the same
    assert [frozenset(s) for s in solver.solutions()] == solutions


def queens_problem(n):
    """N queens as exact cover: rows and columns primary, diagonals secondary."""
    options = [
        [("row", r), ("col", c), ("sum", r + c), ("diff", r - c)]
        for r in range(n)
        for c in range(n)
    ]
    primary = [("row", i) for i in range(n)] + [("col", i) for i in range(n)]
    secondary = [("sum", s) for s in range(2 * n - 1)]
    secondary += [("diff", d) for d in range(-n + 1, n)]
    return ExactCover(primary, options, secondary)


@pytest.mark.parametrize("n", range(1, 9))
def test_n_queens_as_exact_cover(n):
    assert queens_problem(n).count() == count_queens(n)


def test_no_primary_items_means_one_empty_solution():
    assert list(ExactCover([], [["x"]], ["x"]).solutions()) == [[]]


def test_a_primary_item_without_options_has_no_cover():
    assert list(exact_covers("ab", [["a"]])) == []


@pytest.mark.parametrize(
    ("primary", "options", "secondary", "message"),
    [
        ("ab", [["a", "z"]], "", "unknown item"),
        ("ab", [["a", "a"]], "", "twice"),
        ("ab", [[Coloured("a", 1)]], "", "cannot have a colour"),
        ("ab", [[]], "", "at least one item"),
        ("aa", [["a"]], "", "listed twice"),
    ],
)
def test_bad_problems_are_rejected(primary, options, secondary, message):
    with pytest.raises(ValueError, match=message):
        ExactCover(list(primary), options, list(secondary))
