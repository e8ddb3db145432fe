"""The quintominal dodecahedron: the seed's pieces, 60 solutions, classes, and the symmetries."""

from __future__ import annotations

import random
from itertools import permutations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from programs.quintomino.dodecahedron import (
    EDGE_COUNT,
    FACES,
    apply_symmetry,
    face_colours,
    orientations,
    symmetries,
    symmetry_from,
    third_edge,
)
from programs.quintomino.solutions import (
    NAMES,
    backtrack_solutions,
    equivalence_classes,
    exact_cover_solutions,
    is_solution,
    normalise,
    parse_solution,
    placements,
    quintominoes,
    recolour,
    solution_string,
)

DATA = Path(__file__).resolve().parents[1] / "data"


def seed_solutions() -> list[str]:
    lines = (DATA / "quintomino_60.txt").read_text().splitlines()
    return [line for line in lines if line and not line.startswith("#")]


def seed_classes() -> list[set[str]]:
    classes: list[set[str]] = [set()]
    for line in (DATA / "quintomino_classes.txt").read_text().splitlines():
        if line.startswith("#"):
            continue
        text = line.split("#")[0].strip()
        if text:
            classes[-1].add(text)
        elif classes[-1]:
            classes.append(set())
    return classes


def test_the_twelve_pieces_as_winning_ways_names_them():
    seed = "A=01234 B=01243 C=01324 D=01342 E=01423 F=01432 "
    seed += "G=02134 H=02143 J=02314 K=02413 L=03124 M=03214"
    expected = [tuple(map(int, pair[2:])) for pair in seed.split()]
    assert [pair[0] for pair in seed.split()] == list(NAMES)
    assert quintominoes() == expected


def test_every_colouring_of_a_pentagon_is_one_piece_read_one_way():
    readings = [r for piece in quintominoes() for r in orientations(piece)]
    assert sorted(readings) == sorted(permutations(range(5)))


def test_orientations_follow_the_seeds_allcs():
    assert orientations((0, 1, 2, 3, 4)) == [
        (0, 1, 2, 3, 4), (1, 2, 3, 4, 0), (2, 3, 4, 0, 1), (3, 4, 0, 1, 2), (4, 0, 1, 2, 3),
        (4, 3, 2, 1, 0), (3, 2, 1, 0, 4), (2, 1, 0, 4, 3), (1, 0, 4, 3, 2), (0, 4, 3, 2, 1),
    ]  # fmt: skip


def test_the_dodecahedron():
    assert len(FACES) == 12
    edge_faces = {e: [f for f, face in enumerate(FACES) if e in face] for e in range(EDGE_COUNT)}
    assert all(len(fs) == 2 for fs in edge_faces.values())  # every edge joins two faces
    vertices = {
        frozenset((face[i - 1], face[i], third_edge(face[i - 1], face[i])))
        for face in FACES
        for i in range(5)
    }
    assert len(vertices) == 20  # Euler: 20 - 30 + 12 = 2


def test_the_seeds_60_solutions_in_its_order():
    seed = seed_solutions()
    assert len(seed) == 60 == len(set(seed))
    assert list(backtrack_solutions()) == seed


def test_dancing_links_finds_the_same_60():
    found = list(exact_cover_solutions())
    assert len(found) == 60
    assert set(found) == set(seed_solutions())


def test_every_solution_is_a_valid_gluing_with_a_on_face_0():
    for text in seed_solutions():
        colouring = parse_solution(text)
        assert face_colours(colouring, 0) == (0, 1, 2, 3, 4)
        assert is_solution(colouring)
    assert len(placements()) == 1 + 11 * 11 * 10


def test_the_three_classes_of_the_seed():
    classes = equivalence_classes(seed_solutions())
    assert [len(c) for c in classes] == [30, 10, 20]  # in order of first member
    assert all(c == sorted(c) for c in classes)
    assert sorted(map(set, classes), key=len) == sorted(seed_classes(), key=len)
    assert sorted(map(len, seed_classes())) == [10, 20, 30]


def test_the_seeds_worked_example_of_swapping_3_and_4():
    first = parse_solution(seed_solutions()[0])
    swapped = recolour(first, (0, 1, 2, 4, 3))
    assert swapped == (0, 1, 2, 4, 3, 4, 3, 2, 1, 0, 3, 2, 1, 3, 4,
                       0, 3, 2, 4, 2, 1, 3, 0, 0, 4, 1, 2, 4, 0, 1)  # fmt: skip
    # the seed calls it "the second solution above"; in its list it is the third
    assert normalise(swapped) == "012343421420130204031343214201" == seed_solutions()[2]


def test_the_symmetry_group():
    group = set(symmetries().values())
    assert len(group) == 120
    assert tuple(range(EDGE_COUNT)) in group
    assert all(tuple(g[h[e]] for e in range(EDGE_COUNT)) in group for g in group for h in group)
    faces = {frozenset(face) for face in FACES}
    assert all({frozenset(g[e] for e in face) for face in FACES} == faces for g in group)


def test_a_reading_that_is_not_a_face_is_no_symmetry():
    with pytest.raises(ValueError):
        symmetry_from((0, 1, 2, 4, 3))
    with pytest.raises(ValueError):
        symmetry_from((0, 5, 9, 1, 2))


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(seed_solutions()),
    st.sampled_from(sorted(symmetries())),
    st.permutations(range(5)),
)
def test_turning_and_recolouring_stay_in_the_solution_class(text, reading, permutation):
    colouring = parse_solution(text)
    turned = apply_symmetry(colouring, symmetries()[reading])
    assert is_solution(turned)
    assert normalise(turned) == text  # turning the solid back recovers the solution
    recoloured = normalise(recolour(colouring, permutation))
    assert recoloured in set(seed_solutions())
    assert any(recoloured in c and text in c for c in seed_classes())


def test_bad_input():
    with pytest.raises(ValueError, match="30 digits"):
        parse_solution("0123")
    with pytest.raises(ValueError, match="no face reads 01234"):
        normalise([0] * EDGE_COUNT)
    assert solution_string(range(5)) == "01234"
    assert not is_solution([0] * EDGE_COUNT)


# --- near misses: one change away from a solution (issue 29: "12 pieces seen" survived) -------


def _piece(reading: tuple[int, ...]) -> tuple[int, ...]:
    """A face's reading up to rotation and reflection (the test's own canonical form)."""
    turns = [reading[i:] + reading[:i] for i in range(5)]
    back = reading[::-1]
    return min(turns + [back[i:] + back[:i] for i in range(5)])


def _pieces(colouring) -> list[tuple[int, ...]]:
    return [_piece(tuple(colouring[e] for e in face)) for face in FACES]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(seed_solutions()), st.integers(0, EDGE_COUNT - 1), st.integers(1, 4))
def test_a_solution_with_one_edge_recoloured_is_none(text: str, edge: int, shift: int) -> None:
    """The edge's two faces now repeat a colour: no pentagon of five colours."""
    colouring = list(parse_solution(text))
    colouring[edge] = (colouring[edge] + shift) % 5
    assert sum(len(set(p)) < 5 for p in _pieces(colouring)) == 2
    assert not is_solution(colouring)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(seed_solutions()), st.data())
def test_a_solution_with_two_edges_swapped_is_none(text: str, data: st.DataObject) -> None:
    colouring = list(parse_solution(text))
    first = data.draw(st.integers(0, EDGE_COUNT - 1))
    second = data.draw(st.sampled_from(
        [e for e in range(EDGE_COUNT) if colouring[e] != colouring[first]]))
    colouring[first], colouring[second] = colouring[second], colouring[first]
    assert not is_solution(colouring)


def _every_face_a_pentagon(rnd) -> list[int]:
    """A colouring whose twelve faces each read five different colours (a random one, found
    by filling face after face): the pieces may repeat, or (rarely) make a solution."""
    state: list[int | None] = [None] * EDGE_COUNT
    readings = list(permutations(range(5)))

    def fill(f: int) -> bool:
        if f == len(FACES):
            return True
        edges = FACES[f]
        for reading in rnd.sample(readings, len(readings)):
            if all(state[e] is None or state[e] == c for e, c in zip(edges, reading, strict=True)):
                saved = [state[e] for e in edges]
                for e, c in zip(edges, reading, strict=True):
                    state[e] = c
                if fill(f + 1):
                    return True
                for e, c in zip(edges, saved, strict=True):
                    state[e] = c
        return False

    assert fill(0)
    return state  # type: ignore[return-value]


# a colouring with every face a pentagon and only 8 different pieces (found by the search)
_REPEATS = [0, 1, 2, 3, 4, 2, 1, 4, 3, 0, 3, 4, 1, 3, 4, 0, 2, 4, 2, 1, 0, 1, 3, 2, 3, 1, 0,
            0, 2, 4]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32))
def test_faces_all_pentagons_make_a_solution_only_with_twelve_different_pieces(
        seed: int) -> None:
    """Most such colourings repeat a piece (one swap of pieces away from a solution): the
    checker must refuse those and accept exactly the ones with 12 different pieces."""
    colouring = _every_face_a_pentagon(random.Random(seed))
    pieces = _pieces(colouring)
    assert all(len(set(p)) == 5 for p in pieces)
    assert is_solution(colouring) == (len(set(pieces)) == 12)


def test_a_colouring_that_repeats_pieces_is_no_solution() -> None:
    pieces = _pieces(_REPEATS)
    assert all(len(set(p)) == 5 for p in pieces) and len(set(pieces)) < 12
    assert not is_solution(_REPEATS)
