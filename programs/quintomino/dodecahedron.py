"""The regular dodecahedron as the quintomino puzzle sees it: faces, edges and symmetries.

Numbering is the seed's (after Takagi's Schlegel diagram): 12 faces, each given as its five
edges in cyclic order, 30 edges. A colouring of the edges is a sequence of 30 colours
indexed by edge number.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

FACES: tuple[tuple[int, ...], ...] = (
    (0, 1, 2, 3, 4),
    (0, 5, 6, 7, 8),
    (1, 9, 10, 11, 5),
    (2, 12, 13, 14, 9),
    (3, 15, 16, 17, 12),
    (4, 8, 18, 19, 15),
    (7, 20, 21, 22, 18),
    (6, 11, 23, 24, 20),
    (10, 14, 25, 26, 23),
    (13, 17, 27, 28, 25),
    (16, 19, 22, 29, 27),
    (21, 24, 26, 28, 29),
)
EDGE_COUNT = 30

Symmetry = tuple[int, ...]  # edge e is carried to edge symmetry[e]


def orientations(cycle: Sequence[int]) -> list[tuple[int, ...]]:
    """The 10 readings of a pentagon: 5 rotations, then 5 of the reversal (the seed's allcs)."""
    cycle = tuple(cycle)
    turned = [cycle[i:] + cycle[:i] for i in range(len(cycle))]
    back = cycle[::-1]
    return turned + [back[i:] + back[:i] for i in range(len(back))]


@cache
def _readings_by_pair() -> dict[tuple[int, int], tuple[int, ...]]:
    """Each face reading keyed by its first two edges (two neighbours lie on one face only)."""
    return {(r[0], r[1]): r for face in FACES for r in orientations(face)}


@cache
def _neighbours() -> dict[int, frozenset[int]]:
    """The four edges that meet each edge at one of its two ends."""
    near: dict[int, set[int]] = {e: set() for e in range(EDGE_COUNT)}
    for face in FACES:
        for i in range(5):
            a, b = face[i], face[(i + 1) % 5]
            near[a].add(b)
            near[b].add(a)
    return {e: frozenset(s) for e, s in near.items()}


def third_edge(a: int, b: int) -> int:
    """The third edge at the vertex where neighbouring edges a and b meet."""
    # without triangles, the only edge that meets both a and b is the one at their vertex
    near = _neighbours()
    common = near[a] & near[b] if b in near[a] else frozenset()
    if len(common) != 1:
        raise ValueError(f"edges {a} and {b} do not meet")
    return next(iter(common))


def symmetry_from(image: Sequence[int]) -> Symmetry:
    """The symmetry that carries face 0's edges, in order, onto ``image``.

    A rotation or reflection of the solid is fixed by where it puts one face and which way
    round; the rest follows as in the seed's remap: two placed edges that meet fix the third
    edge at their vertex, and two placed neighbours on a face fix the rest of that face.
    """
    mapping: dict[int, int] = {}
    readings = _readings_by_pair()

    def place(edge: int, target: int) -> None:
        if mapping.setdefault(edge, target) != target:
            raise ValueError(f"{list(image)} is not a symmetric image of face 0")

    for edge, target in zip(FACES[0], image, strict=True):
        place(edge, target)
    while len(mapping) < EDGE_COUNT:
        before = len(mapping)
        for face in FACES:
            for i in range(5):
                a, b = face[i], face[(i + 1) % 5]
                if a in mapping and b in mapping:
                    place(third_edge(a, b), third_edge(mapping[a], mapping[b]))
                    target = readings.get((mapping[a], mapping[b]))
                    if target is None:
                        raise ValueError(f"{list(image)} is not a symmetric image of face 0")
                    for j in range(2, 5):
                        place(face[(i + j) % 5], target[j])
        if len(mapping) == before:
            raise ValueError(f"{list(image)} leaves edges unplaced")
    symmetry = tuple(mapping[e] for e in range(EDGE_COUNT))
    if sorted(symmetry) != list(range(EDGE_COUNT)):
        raise ValueError(f"{list(image)} does not map the edges one to one")
    if {frozenset(symmetry[e] for e in face) for face in FACES} != {frozenset(f) for f in FACES}:
        raise ValueError(f"{list(image)} does not map faces onto faces")
    return symmetry


@cache
def symmetries() -> dict[tuple[int, ...], Symmetry]:
    """All 120 rotations and reflections, keyed by the images of face 0's five edges."""
    return {
        reading: symmetry_from(reading) for face in FACES for reading in orientations(face)
    }


def apply_symmetry(colouring: Sequence[int], symmetry: Symmetry) -> tuple[int, ...]:
    """The colouring seen after the symmetry: edge e shows the colour of edge symmetry[e]."""
    return tuple(colouring[symmetry[e]] for e in range(EDGE_COUNT))


def face_colours(colouring: Sequence[int], face: int) -> tuple[int, ...]:
    """The colours round one face, in the face's edge order."""
    return tuple(colouring[e] for e in FACES[face])
