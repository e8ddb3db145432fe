"""The flat drawing of the dodecahedron: a proper Schlegel diagram of the seed's numbering."""

from __future__ import annotations

import itertools
import math

import pytest

from programs.quintomino.dodecahedron import FACES
from programs.quintomino.net import corners, edge_ends, face_label_points, positions, segments


def test_twenty_corners_of_three_edges_each() -> None:
    found = corners()
    assert len(found) == 20 and all(len(c) == 3 for c in found)
    for e in range(30):
        a, b = edge_ends(e)
        assert a != b and e in a and e in b


def test_face_0_is_the_outside() -> None:
    place = positions()
    outer = [c for c in place if len(c & set(FACES[0])) == 2]
    radius = max((x * x + y * y) ** 0.5 for x, y in place.values())
    assert len(outer) == 5
    assert all(abs((place[c][0] ** 2 + place[c][1] ** 2) ** 0.5 - radius) < 1e-9 for c in outer)


def _cross(p, q, r, s) -> bool:
    """Do segments pq and rs cross at a point inside both?"""
    def orient(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    d1, d2 = orient(r, s, p), orient(r, s, q)
    d3, d4 = orient(p, q, r), orient(p, q, s)
    return d1 * d2 < -1e-12 and d3 * d4 < -1e-12


def test_no_two_edges_cross() -> None:
    segs = segments()
    assert len(segs) == 30
    for a, b in itertools.combinations(segs, 2):
        assert not _cross(a.start, a.end, b.start, b.end), (a.edge, b.edge)


def test_edges_have_the_lengths_of_three_rings() -> None:
    lengths = {round(((s.end[0] - s.start[0]) ** 2 + (s.end[1] - s.start[1]) ** 2) ** 0.5, 6)
               for s in segments()}
    assert 2 <= len(lengths) <= 5  # outer side, spokes, ring sides, inner side


def _inside(point, polygon) -> bool:
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def test_each_inner_face_label_lies_inside_its_face() -> None:
    place = positions()
    labels = face_label_points()
    for f, face in enumerate(FACES[1:], start=1):
        ring = [c for c in place if len(c & set(face)) == 2]
        cx = sum(place[c][0] for c in ring) / 5
        cy = sum(place[c][1] for c in ring) / 5
        polygon = sorted((place[c] for c in ring),
                         key=lambda p: math.atan2(p[1] - cy, p[0] - cx))
        assert _inside(labels[f], polygon), f


# the net's plot at 80x24, 120x40 and 200x60 (the side panel takes 44 columns)
NET_SIZES = [(36, 22), (76, 38), (156, 58)]


@pytest.mark.parametrize("size", NET_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_face_labels_keep_clear_of_the_edges_and_inside_their_face(size: tuple[int, int]) -> None:
    from programs.quintomino.net import Grid, edge_cells, face_polygons, label_cells
    grid = Grid(*size)
    edges = edge_cells(grid)
    cells = label_cells(grid)
    assert sorted(cells) == list(range(1, 12))
    for face, (col, row) in cells.items():
        # the letter and a cell either side: its white background would hide an edge there
        assert not {(col - 1, row), (col, row), (col + 1, row)} & edges, (face, (col, row))
        assert _inside(grid.centre((col, row)), face_polygons()[face]), (face, (col, row))
    assert len(set(cells.values())) == 11


def test_the_bare_label_points_do_hit_edges_at_80x24() -> None:
    from programs.quintomino.net import Grid, edge_cells
    grid = Grid(36, 22)  # why label_cells exists: the centres alone run into the edges
    edges = edge_cells(grid)
    assert any({(c - 1, r), (c, r), (c + 1, r)} & edges
               for c, r in map(grid.cell, face_label_points()[1:]))

