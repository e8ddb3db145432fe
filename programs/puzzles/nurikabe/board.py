"""The solver's working board: mutable cell states plus a fresh analysis of its regions.

This is the solver's own view of the grid; the checker (checker.py) does not use it.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Iterable
from functools import lru_cache

from .model import LAND, UNKNOWN, WALL, Puzzle, cell_name


class Contradiction(Exception):
    """The board cannot be completed to a solution."""


@lru_cache(maxsize=64)
def neighbours(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Orthogonal neighbours of every flat index."""
    out = []
    for r in range(rows):
        for c in range(cols):
            nb = []
            if r > 0:
                nb.append((r - 1) * cols + c)
            if c > 0:
                nb.append(r * cols + c - 1)
            if c + 1 < cols:
                nb.append(r * cols + c + 1)
            if r + 1 < rows:
                nb.append((r + 1) * cols + c)
            out.append(tuple(nb))
    return tuple(out)


@lru_cache(maxsize=64)
def _block_shifts(rows: int, cols: int) -> tuple[int, int]:
    """The byte shifts to a block's right and lower cells, and the mask that marks
    (with 0x80) every byte that is not a block's top-left cell."""
    n = rows * cols
    invalid = bytes(0 if r + 1 < rows and c + 1 < cols else 0x80
                    for r in range(rows) for c in range(cols))
    return 8 * cols, int.from_bytes(invalid, "little") if n else 0


# Byte maps of the cell states: 1 for a wall (land), 0 otherwise.
_WALL_BYTE = bytes(1 if s == WALL else 0 for s in range(256))
_LAND_BYTE = bytes(1 if s == LAND else 0 for s in range(256))


def block_counts(cells: list[int], rows: int, cols: int) -> bytes:
    """For each 2x2 block, by its top-left cell: its walls plus 16 times its land cells;
    a byte with 0x80 set is no block's top-left.

    All blocks at once in a few whole-board integer operations: one byte per cell, the
    four cells of a block added by shifting (a count never exceeds four, so never carries).
    """
    raw = bytes(cells)
    down, invalid = _block_shifts(rows, cols)
    w = int.from_bytes(raw.translate(_WALL_BYTE), "little")
    land = int.from_bytes(raw.translate(_LAND_BYTE), "little")
    w += w >> 8
    w += w >> down
    land += land >> 8
    land += land >> down
    return (w | land << 4 | invalid).to_bytes(len(cells), "little")


# Cell sets as integers, one byte per cell (bit 8*i for cell i): whole sets are joined,
# met and shifted in a few integer operations, and a board's walls or land come straight
# from its bytes.


@lru_cache(maxsize=64)
def _set_geometry(rows: int, cols: int) -> tuple[int, int, int, int, tuple[int, ...]]:
    """Every cell, the cells with a left neighbour, those with a right neighbour, the
    top-left cells of the 2x2 blocks, and each cell alone."""
    def cellset(keep: Callable[[int, int], bool]) -> int:
        return int.from_bytes(bytes(1 if keep(r, c) else 0 for r in range(rows)
                                    for c in range(cols)), "little")

    return (cellset(lambda r, c: True), cellset(lambda r, c: c > 0),
            cellset(lambda r, c: c + 1 < cols),
            cellset(lambda r, c: r + 1 < rows and c + 1 < cols),
            tuple(1 << 8 * i for i in range(rows * cols)))


def every_cell(rows: int, cols: int) -> int:
    """The set of all the grid's cells."""
    return _set_geometry(rows, cols)[0]


def grid_masks(rows: int, cols: int) -> tuple[int, int, int]:
    """Every cell, the cells with a left neighbour, and those with a right neighbour."""
    full, has_left, has_right, _tops, _one = _set_geometry(rows, cols)
    return full, has_left, has_right


def cell_set(cells: Iterable[int], rows: int, cols: int) -> int:
    """The set of the given flat indices."""
    one = _set_geometry(rows, cols)[4]
    out = 0
    for i in cells:
        out |= one[i]
    return out


def members(cellset: int, size: int) -> list[int]:
    """The flat indices in a cell set, in order."""
    raw = cellset.to_bytes(size, "little")
    out = []
    i = raw.find(1)
    while i >= 0:
        out.append(i)
        i = raw.find(1, i + 1)
    return out


def state_set(cells: list[int], state: int) -> int:
    """The set of the cells in the given state."""
    return int.from_bytes(bytes(cells).translate(_WALL_BYTE if state == WALL else _LAND_BYTE),
                          "little")


def beside(cellset: int, rows: int, cols: int) -> int:
    """The cells orthogonally next to the set and not in it."""
    full, has_left, has_right, _tops, _one = _set_geometry(rows, cols)
    down = 8 * cols
    # One cell right is one byte up: it lands in column 0 of the next row only by wrapping.
    near = ((cellset << 8) & has_left) | ((cellset >> 8) & has_right)
    near |= (cellset << down) | (cellset >> down)
    return near & full & ~cellset


def pool_tops(cellset: int, rows: int, cols: int) -> int:
    """The top-left cells of the 2x2 blocks all of whose cells are in the set."""
    down = 8 * cols
    tops = _set_geometry(rows, cols)[3]
    return cellset & (cellset >> 8) & (cellset >> down) & (cellset >> (down + 8)) & tops


def block_tops(cellset: int, rows: int, cols: int) -> int:
    """The top-left cells of the 2x2 blocks that hold a cell of the set."""
    down = 8 * cols
    tops = _set_geometry(rows, cols)[3]
    return (cellset | (cellset >> 8) | (cellset >> down) | (cellset >> (down + 8))) & tops


@lru_cache(maxsize=64)
def blocks(rows: int, cols: int) -> tuple[tuple[int, int, int, int], ...]:
    """Every 2x2 block as four flat indices, top-left first."""
    return tuple(
        (r * cols + c, r * cols + c + 1, (r + 1) * cols + c, (r + 1) * cols + c + 1)
        for r in range(rows - 1) for c in range(cols - 1)
    )


class Region:
    """A connected group of same-state cells; for land, its clue (0 if none) and clue cell."""

    # Slots: the search builds several hundred thousand of these.
    __slots__ = ("cells", "clue", "clue_cell", "frontier", "cellset", "zone")

    def __init__(self, cells: list[int], clue: int = 0, clue_cell: int = -1,
                 frontier: set[int] | None = None) -> None:
        self.cells = cells
        self.clue = clue
        self.clue_cell = clue_cell
        self.frontier: set[int] = frontier if frontier is not None else set()  # UNKNOWN nbrs
        # Its cells as a cell set, and those with the cells beside them: 0 until a rule
        # asks (region_cells, region_zone); kept with the region by the boards that share it.
        self.cellset = 0
        self.zone = 0

    def __repr__(self) -> str:
        return (f"Region(cells={self.cells!r}, clue={self.clue}, clue_cell={self.clue_cell}, "
                f"frontier={self.frontier!r})")


def region_cells(region: Region, rows: int, cols: int) -> int:
    """The region's cells as a cell set, made once per region."""
    if not region.cellset:
        region.cellset = cell_set(region.cells, rows, cols)
    return region.cellset


def region_zone(region: Region, rows: int, cols: int) -> int:
    """The region's cells and the cells beside them, made once per region."""
    if not region.zone:
        inside = region_cells(region, rows, cols)
        region.zone = inside | beside(inside, rows, cols)
    return region.zone


class Board:
    """Cell states of one puzzle being solved."""

    def __init__(self, puzzle: Puzzle, cells: tuple[int, ...] | list[int] | None = None) -> None:
        self.puzzle = puzzle
        self.cells = list(cells if cells is not None else puzzle.empty_state())
        for i, clue in enumerate(puzzle.clues):
            if clue:
                self.cells[i] = LAND
        self.nbrs = neighbours(puzzle.rows, puzzle.cols)
        self.blocks = blocks(puzzle.rows, puzzle.cols)
        self.what_if_from = 0  # where the solver's "what if" starts its suppositions
        # Islands' cut sizes by area, shared by the board's copies (rules.island_bottleneck).
        self.cuts: dict[object, list[tuple[int, int]]] = {}
        self.land_total = sum(puzzle.clues)
        self.wall_total = puzzle.size - self.land_total

    def copy(self) -> Board:
        """An independent copy."""
        other = Board.__new__(Board)
        other.__dict__.update(self.__dict__)
        other.cells = list(self.cells)
        return other

    def name(self, i: int) -> str:
        """Human name of cell i."""
        return cell_name(self.puzzle, i)

    def unknown_count(self) -> int:
        """Cells still undecided."""
        return self.cells.count(UNKNOWN)


def _grow(board: Board, starts: Iterable[int], region_of: list[int], islands: list[Region],
          walls: list[Region]) -> None:
    """The regions of the decided cells among `starts` (taken in order, each region from the
    first of its cells met), numbered in region_of; raises Contradiction on a broken island."""
    cells, nbrs, clues = board.cells, board.nbrs, board.puzzle.clues
    for start in starts:
        state = cells[start]
        if state == UNKNOWN or region_of[start] >= 0:
            continue
        group = islands if state == LAND else walls
        rid = len(group)
        members = [start]
        frontier: set[int] = set()
        add = frontier.add
        region_of[start] = rid
        for i in members:  # grows while it is walked: a breadth-first search
            for j in nbrs[i]:
                sj = cells[j]
                if sj == state:
                    if region_of[j] < 0:
                        region_of[j] = rid
                        members.append(j)
                elif sj == UNKNOWN:
                    add(j)
        if state != LAND:
            walls.append(Region(members, 0, -1, frontier))
            continue
        clue = clue_cell = 0
        for i in members:
            if clues[i]:
                if clue:
                    raise Contradiction(
                        f"island joins clues at {board.name(clue_cell)} "
                        f"and {board.name(i)}"
                    )
                clue, clue_cell = clues[i], i
        if not clue:
            clue_cell = -1
        elif len(members) > clue:
            raise Contradiction(f"island at {board.name(clue_cell)} is too big")
        if not frontier and len(members) != clue:
            raise Contradiction(f"island at {board.name(start)} is closed off unfinished")
        islands.append(Region(members, clue, clue_cell, frontier))


def _first_cell(region: Region) -> int:
    return region.cells[0]


class Analysis:
    """Land and wall regions of a board; raises Contradiction on a plainly broken board.

    Given the analysis `before` of this board with the cells `changed` still unknown (and
    no other difference), only the regions beside those cells are grown again: the others
    are the same objects, so no rule may change a region.
    """

    def __init__(self, board: Board, before: Analysis | None = None,
                 changed: Iterable[int] = ()) -> None:
        n = len(board.cells)
        # What several rules derive from this analysis (who touches which island, reaches).
        self.memo: dict[object, object] = {}
        # The ways to finish an island, by its clue cell, with the walls and land of the
        # board (this or an earlier one it grew from) where they were found
        # (rules.island_shapes): a dict never changed once made, so boards share it.
        self.shapes: dict[int, tuple[tuple[tuple[int, int], ...], int, int]] = (
            before.shapes if before is not None else {})
        if before is None:
            self.region_of = [-1] * n
            self.islands: list[Region] = []  # land regions, clued or not, by first cell
            self.walls: list[Region] = []
            _grow(board, range(n), self.region_of, self.islands, self.walls)
        else:
            self._regrow(board, before, changed)
        land = wall = 0
        for region in self.islands:
            land += len(region.cells)
        for region in self.walls:
            wall += len(region.cells)
        self.land_count, self.wall_count = land, wall
        if land > board.land_total:
            raise Contradiction("more land than the clues allow")
        if wall > board.wall_total:
            raise Contradiction("more wall than the clues allow")
        if len(self.walls) > 1 and any(not w.frontier for w in self.walls):
            raise Contradiction("a wall region is cut off")
        # 2x2 wall blocks are caught by the pool rule, which scans the blocks anyway.

    def _regrow(self, board: Board, before: Analysis, changed: Iterable[int]) -> None:
        cells, nbrs = board.cells, board.nbrs
        old_of = before.region_of
        stale_islands: set[int] = set()
        stale_walls: set[int] = set()
        starts = []
        for i in changed:
            starts.append(i)
            for j in nbrs[i]:
                k = old_of[j]
                if k >= 0:
                    (stale_islands if cells[j] == LAND else stale_walls).add(k)
        # The kept regions' cells keep their numbers unless a region before them came or
        # went (below); the cells grown again start afresh.
        region_of = self.region_of = list(old_of)
        for i in starts:
            region_of[i] = -1
        # A region grown again is made of changed cells and stale regions, so its first
        # cell is a changed cell or a stale region's first: those are the starts, in order.
        for stale, old in ((stale_islands, before.islands), (stale_walls, before.walls)):
            for k in stale:
                region = old[k].cells
                starts.append(region[0])
                for i in region:
                    region_of[i] = -1
        starts.sort()
        grown_islands: list[Region] = []
        grown_walls: list[Region] = []
        _grow(board, starts, region_of, grown_islands, grown_walls)
        fresh = len(grown_islands), len(grown_walls)
        # A full scan numbers the regions by their first cells: the kept ones are in that
        # order already, the grown ones go in between.
        islands = ([r for k, r in enumerate(before.islands) if k not in stale_islands]
                   if stale_islands else list(before.islands))
        walls = ([r for k, r in enumerate(before.walls) if k not in stale_walls]
                 if stale_walls else list(before.walls))
        for region in grown_islands:
            insort(islands, region, key=_first_cell)
        for region in grown_walls:
            insort(walls, region, key=_first_cell)
        self.islands, self.walls = islands, walls
        for group, old, grown in ((islands, before.islands, fresh[0]),
                                  (walls, before.walls, fresh[1])):
            if not grown and len(group) == len(old):
                continue  # none came or went, and no region grew: every number holds
            kept = len(old)
            for rid, region in enumerate(group):
                if rid >= kept or old[rid] is not region:
                    for i in region.cells:
                        region_of[i] = rid

    def clued(self) -> list[Region]:
        """Islands that carry a clue."""
        return [r for r in self.islands if r.clue]
