"""A flat drawing of the dodecahedron (a Schlegel diagram) in the seed's numbering.

Face 0 is the outside, as in Takagi's diagram the seed uses: its five corners make the
outer pentagon, each has one edge inward to a ring of ten corners, and five of those lead
to the inner pentagon (face 11). Everything is derived from ``dodecahedron.FACES``: a
corner is where three edges meet, and the rings are found by walking inward from face 0.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from programs.quintomino.dodecahedron import EDGE_COUNT, FACES, third_edge

Corner = frozenset[int]  # the three edges that meet there
Point = tuple[float, float]

# radii of the outer pentagon, the ring of ten and the inner pentagon
OUTER, RING, INNER = 1.0, 0.62, 0.3


def corners() -> list[Corner]:
    """The 20 corners, each as the set of its three edges."""
    found: set[Corner] = set()
    for face in FACES:
        for i in range(5):
            a, b = face[i], face[(i + 1) % 5]
            found.add(frozenset((a, b, third_edge(a, b))))
    return sorted(found, key=sorted)


def edge_ends(edge: int) -> tuple[Corner, Corner]:
    """The two corners of an edge."""
    ends = [c for c in corners() if edge in c]
    if len(ends) != 2:
        raise ValueError(f"edge {edge} has {len(ends)} corners")
    return ends[0], ends[1]


def _other_end(edge: int, corner: Corner) -> Corner:
    a, b = edge_ends(edge)
    return b if a == corner else a


@cache
def positions() -> dict[Corner, Point]:
    """Where each corner lies in the drawing: three rings round the centre."""
    outer_face = FACES[0]
    # the outer corners in the order of face 0's edges: corner i lies between edges i-1, i
    outer = [
        frozenset((outer_face[i - 1], outer_face[i], third_edge(outer_face[i - 1], outer_face[i])))
        for i in range(5)
    ]
    place: dict[Corner, Point] = {}
    ring: list[Corner] = []
    for i, corner in enumerate(outer):
        angle = math.pi / 2 + 2 * math.pi * i / 5
        place[corner] = (OUTER * math.cos(angle), OUTER * math.sin(angle))
        (spoke,) = corner - set(outer_face)
        inner = _other_end(spoke, corner)
        place[inner] = (RING * math.cos(angle), RING * math.sin(angle))
        ring.append(inner)
    for i in range(5):
        a, b = ring[i], ring[(i + 1) % 5]
        # between two neighbouring spoke ends lies one ring corner joined to both
        middle = next(
            c for c in corners() if c not in place and _joined(c, a) and _joined(c, b)
        )
        angle = math.pi / 2 + 2 * math.pi * (i + 0.5) / 5
        place[middle] = (RING * math.cos(angle), RING * math.sin(angle))
        (inward,) = [e for e in middle if not _joined_by(e, middle, a, b)]
        centre = _other_end(inward, middle)
        place[centre] = (INNER * math.cos(angle), INNER * math.sin(angle))
    if len(place) != 20:
        raise ValueError(f"placed {len(place)} corners, not 20")
    return place


def _joined(c: Corner, d: Corner) -> bool:
    return len(c & d) == 1


def _joined_by(edge: int, corner: Corner, *others: Corner) -> bool:
    return any(edge in other for other in others if other != corner)


@dataclass(frozen=True)
class Segment:
    """One edge of the drawing: its number and its two ends."""

    edge: int
    start: Point
    end: Point


def segments() -> list[Segment]:
    """The 30 edges as line segments, in edge order."""
    place = positions()
    return [
        Segment(e, place[a], place[b]) for e in range(EDGE_COUNT) for a, b in [edge_ends(e)]
    ]


@cache
def face_polygons() -> dict[int, list[Point]]:
    """The corners of faces 1-11 in order round each (face 0 is the outside)."""
    place = positions()
    polygons: dict[int, list[Point]] = {}
    for f, face in enumerate(FACES[1:], start=1):
        ring = [place[c] for c in place if len(c & set(face)) == 2]
        mx = sum(x for x, _ in ring) / len(ring)
        my = sum(y for _, y in ring) / len(ring)
        ring.sort(key=lambda p: math.atan2(p[1] - my, p[0] - mx))
        polygons[f] = ring
    return polygons


def face_label_points() -> list[Point]:
    """Where to write each face's name: its centre of area, and a corner for face 0."""
    points: list[Point] = [(-OUTER * 1.05, OUTER * 0.95)]
    for ring in face_polygons().values():
        points.append(_middle_on_ray(ring, _centroid(ring)))
    return points


Cell = tuple[int, int]  # (column, row), row 0 at the top


@dataclass(frozen=True)
class Grid:
    """A drawing of the net on a grid of character cells: width x height over xlim x ylim."""

    width: int
    height: int
    xlim: tuple[float, float] = (-1.25, 1.25)
    ylim: tuple[float, float] = (-1.1, 1.1)

    def cell(self, point: Point) -> Cell:
        """The cell a point falls in (clamped); the limits are the first and last cells' middles,
        as plotext draws them."""
        (x0, x1), (y0, y1) = self.xlim, self.ylim
        col = round((point[0] - x0) / (x1 - x0) * (self.width - 1))
        row = round((y1 - point[1]) / (y1 - y0) * (self.height - 1))
        return min(max(col, 0), self.width - 1), min(max(row, 0), self.height - 1)

    def centre(self, cell: Cell) -> Point:
        """The middle of a cell, in the drawing's coordinates."""
        (x0, x1), (y0, y1) = self.xlim, self.ylim
        return (x0 + cell[0] * (x1 - x0) / (self.width - 1),
                y1 - cell[1] * (y1 - y0) / (self.height - 1))


@cache
def edge_cells(grid: Grid) -> set[Cell]:
    """Every cell an edge's braille dots fall in: lines are drawn at 2x4 dots a cell, the
    limits at the first and last dots, so a line can reach a cell its text mapping would not."""
    (x0, x1), (y0, y1) = grid.xlim, grid.ylim
    cols, rows = 2 * grid.width - 1, 4 * grid.height - 1
    cells: set[Cell] = set()
    for seg in segments():
        (xa, ya), (xb, yb) = seg.start, seg.end
        steps = 2 * (cols + rows)
        for i in range(steps + 1):
            t = i / steps
            x, y = xa + t * (xb - xa), ya + t * (yb - ya)
            dot_col = round((x - x0) / (x1 - x0) * cols)
            dot_row = round((y1 - y) / (y1 - y0) * rows)
            cells.add((min(max(dot_col // 2, 0), grid.width - 1),
                       min(max(dot_row // 4, 0), grid.height - 1)))
    return cells


@cache
def label_cells(grid: Grid) -> dict[int, Cell]:
    """For faces 1-11, the cell for a one-letter name: inside the face, off every edge.

    The label point's own cell when it is clear, else the clear cell inside the face nearest
    to it, preferring one with clear cells either side (a label's background would hide
    an edge there). A face too small for any clear cell keeps its label point's cell.
    """
    edges = edge_cells(grid)
    points = face_label_points()
    chosen: dict[int, Cell] = {}
    for face, polygon in face_polygons().items():
        home = grid.cell(points[face])
        candidates = [
            (col, row) for col in range(grid.width) for row in range(grid.height)
            if (col, row) not in edges and (col, row) not in chosen.values()
            and _inside(grid.centre((col, row)), polygon)
        ]
        if not candidates:
            chosen[face] = home
            continue

        def cost(cell: Cell, home: Cell = home) -> tuple[int, float]:
            crowded = ((cell[0] - 1, cell[1]) in edges) + ((cell[0] + 1, cell[1]) in edges)
            # a cell is about twice as tall as wide, so a row away counts double
            return crowded, math.hypot(cell[0] - home[0], 2 * (cell[1] - home[1]))

        chosen[face] = min(candidates, key=cost)
    return chosen


def _inside(point: Point, polygon: list[Point]) -> bool:
    """Is the point inside the polygon (even-odd rule)?"""
    x, y = point
    inside = False
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def _middle_on_ray(polygon: list[Point], centre: Point) -> Point:
    """Halfway across the polygon along the ray from the drawing's centre through ``centre``.

    The faces round the rim are bent wedges whose centre of area lies close to their inner
    corner; halfway across along the ray sits clear of every edge.
    """
    r = math.hypot(*centre)
    if r < 1e-9:
        return centre
    ux, uy = centre[0] / r, centre[1] / r
    hits = []
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        # solve t*u = p0 + s*(p1 - p0) for the ray parameter t and the edge parameter s
        dx, dy = x1 - x0, y1 - y0
        det = ux * -dy - uy * -dx
        if abs(det) < 1e-12:
            continue
        t = (x0 * -dy - y0 * -dx) / det
        s = (ux * y0 - uy * x0) / det
        if -1e-9 <= s <= 1 + 1e-9 and t > 0:
            hits.append(t)
    if len(hits) < 2:
        return centre
    middle = (min(hits) + max(hits)) / 2
    return ux * middle, uy * middle


def _centroid(polygon: list[Point]) -> Point:
    """The centre of area of a simple polygon (corners in order round it)."""
    area = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        cross = x0 * y1 - x1 * y0
        area += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    return cx / (3 * area), cy / (3 * area)
