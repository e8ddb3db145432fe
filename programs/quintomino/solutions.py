"""Conway's quintominal dodecahedron (TAOCP 7.2.2.1 exercise 136), after the seed.

Colour the five sides of a pentagon with five different colours: up to rotation and
reflection there are 5!/10 = 12 ways, the quintominoes A..M (no I). Can the 12 be glued on
the faces of a dodecahedron so that colours agree along every edge? With face 0 fixed as
A = 01234 there are 60 solutions, written as the 30 edge colours in edge order (the seed's
notation); under permutation of the colours they fall into 3 classes of 20, 10 and 30.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import permutations

from programs.quintomino.dodecahedron import (
    EDGE_COUNT,
    FACES,
    apply_symmetry,
    face_colours,
    orientations,
    symmetries,
)
from programs.quintomino.exact_cover import Coloured, ExactCover

NAMES = "ABCDEFGHJKLM"  # Winning Ways leaves out I


def quintominoes() -> list[tuple[int, ...]]:
    """The 12 pentagon colourings, each in its least reading, in increasing order (A..M)."""
    return sorted(
        p for p in permutations(range(5)) if p == min(orientations(p))
    )


def solution_string(colouring: Sequence[int]) -> str:
    """The seed's 30-character notation: the edge colours as digits in edge order."""
    return "".join(map(str, colouring))


def parse_solution(text: str) -> tuple[int, ...]:
    """The colouring written in the seed's 30-character notation."""
    if len(text) != EDGE_COUNT or not all(ch in "01234" for ch in text):
        raise ValueError(f"a solution is 30 digits 0-4, got {text!r}")
    return tuple(map(int, text))


def is_solution(colouring: Sequence[int]) -> bool:
    """Do the faces carry each of the 12 quintominoes exactly once?"""
    seen = {min(orientations(face_colours(colouring, f))) for f in range(len(FACES))}
    return seen == set(quintominoes())


def face_pieces(colouring: Sequence[int]) -> list[str]:
    """The name (A..M) of the piece on each face, in face order ('?' where none fits)."""
    name = dict(zip(quintominoes(), NAMES, strict=True))
    return [name.get(min(orientations(face_colours(colouring, f))), "?") for f in range(len(FACES))]


def backtrack_solutions() -> Iterator[str]:
    """The seed's search, in its order: fill faces 1..11 in turn with each unused piece.

    Pieces are tried in order A..M, each in the 10 readings of ``orientations``; a piece fits
    if every edge it touches is still blank or already has its colour.
    """
    pieces = quintominoes()
    state: list[int | None] = [None] * EDGE_COUNT
    state[:5] = pieces[0]

    def fill(face: int, rest: list[int]) -> Iterator[str]:
        if not rest:
            yield solution_string(state)  # type: ignore[arg-type]
            return
        edges = FACES[face]
        for piece in rest:
            others = [p for p in rest if p != piece]
            for reading in orientations(pieces[piece]):
                pairs = list(zip(edges, reading, strict=True))
                if all(state[e] is None or state[e] == c for e, c in pairs):
                    saved = [state[e] for e in edges]
                    for e, c in pairs:
                        state[e] = c
                    yield from fill(face + 1, others)
                    for e, s in zip(edges, saved, strict=True):
                        state[e] = s

    yield from fill(1, list(range(1, len(pieces))))


Placement = tuple[int, int, tuple[int, ...]]  # piece, face, colours round the face


def placements() -> list[Placement]:
    """Every way to lay a piece on a face; piece A only on face 0 reading 01234."""
    pieces = quintominoes()
    return [(0, 0, pieces[0])] + [
        (piece, face, reading)
        for piece in range(1, len(pieces))
        for face in range(1, len(FACES))
        for reading in orientations(pieces[piece])
    ]


def exact_cover_problem(layouts: Sequence[Placement]) -> ExactCover:
    """The puzzle as exact cover with colours: pieces and faces primary, edges coloured.

    Option i lays ``layouts[i]``: it covers its piece and its face and gives each edge of
    the face a colour, so an edge shared by two faces must get one colour from both.
    """
    primary = [f"piece {name}" for name in NAMES] + [f"face {f}" for f in range(len(FACES))]
    secondary = [f"edge {e}" for e in range(EDGE_COUNT)]
    options = [
        [f"piece {NAMES[piece]}", f"face {face}"]
        + [Coloured(f"edge {e}", c) for e, c in zip(FACES[face], reading, strict=True)]
        for piece, face, reading in layouts
    ]
    return ExactCover(primary, options, secondary)


def exact_cover_solutions() -> Iterator[str]:
    """All solutions with face 0 = 01234, found by dancing links (Algorithm C)."""
    layouts = placements()
    for chosen in exact_cover_problem(layouts).solutions():
        colouring = [0] * EDGE_COUNT
        for option in chosen:
            _, face, reading = layouts[option]
            for e, c in zip(FACES[face], reading, strict=True):
                colouring[e] = c
        yield solution_string(colouring)


def normalise(colouring: Sequence[int]) -> str:
    """Turn the dodecahedron so that piece A sits on face 0 reading 01234 (the seed's remap)."""
    for face in FACES:
        colours = [colouring[e] for e in face]
        if min(orientations(colours)) == (0, 1, 2, 3, 4):
            image = tuple(face[colours.index(k)] for k in range(5))
            return solution_string(apply_symmetry(colouring, symmetries()[image]))
    raise ValueError(f"no face reads 01234 in {solution_string(colouring)}")


def recolour(colouring: Sequence[int], permutation: Sequence[int]) -> tuple[int, ...]:
    """Replace each colour c by permutation[c] (the seed's rep)."""
    return tuple(permutation[c] for c in colouring)


def equivalence_classes(solutions: Sequence[str]) -> list[list[str]]:
    """Group solutions that become each other under a permutation of the 5 colours.

    Each class is sorted; classes come in the order of their first member in ``solutions``.
    """
    known = set(solutions)
    placed: set[str] = set()
    classes = []
    for solution in solutions:
        if solution in placed:
            continue
        colouring = parse_solution(solution)
        orbit = {normalise(recolour(colouring, p)) for p in permutations(range(5))}
        if not orbit <= known:
            raise ValueError(f"recolouring {solution} gives colourings not in the list")
        placed |= orbit
        classes.append(sorted(orbit))
    return classes
