"""Conway's quintominal dodecahedron: the dodecahedron's faces and symmetries, its net for
drawing, exact cover with colours (Knuth's Algorithm C), and the puzzle's solutions and
their classes.
"""

from programs.quintomino.dodecahedron import FACES
from programs.quintomino.net import Grid, face_label_points, label_cells, segments
from programs.quintomino.solutions import (
    backtrack_solutions,
    equivalence_classes,
    exact_cover_solutions,
    face_pieces,
    parse_solution,
)

__all__ = [
    "FACES",
    "backtrack_solutions",
    "exact_cover_solutions",
    "equivalence_classes",
    "Grid",
    "face_label_points",
    "label_cells",
    "face_pieces",
    "parse_solution",
    "segments",
]
