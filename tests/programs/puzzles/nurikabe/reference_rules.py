"""The solver's analysis and rules as they were before they were made faster (reference
models): test_speedups.py holds the fast ones to these, answer for answer, on random boards.

Each is the earlier implementation unchanged, but for its names."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from programs.puzzles.nurikabe.board import Board, Contradiction
from programs.puzzles.nurikabe.model import LAND, UNKNOWN, WALL
from programs.puzzles.nurikabe.rules import (
    SHAPE_LIMIT,
    Deduction,
    _island,
    _reach,
    _touching,
)


@dataclass
class Region:
    """A connected group of same-state cells; for land, its clue (0 if none) and clue cell."""

    cells: list[int]
    clue: int = 0
    clue_cell: int = -1
    frontier: set[int] = field(default_factory=set)  # UNKNOWN neighbours


class Analysis:
    """Land and wall regions of a board; raises Contradiction on a plainly broken board."""

    def __init__(self, board: Board) -> None:
        cells, nbrs, clues = board.cells, board.nbrs, board.puzzle.clues
        n = len(cells)
        region_of = self.region_of = [-1] * n
        self.islands: list[Region] = []  # land regions, clued or not
        self.walls: list[Region] = []
        # What several rules derive from this analysis (who touches which island, reaches).
        self.memo: dict[object, object] = {}
        land = wall = 0
        for start in range(n):
            state = cells[start]
            if state == UNKNOWN or region_of[start] >= 0:
                continue
            group = self.islands if state == LAND else self.walls
            rid = len(group)
            members = [start]
            frontier: set[int] = set()
            region_of[start] = rid
            for i in members:  # grows while it is walked: a breadth-first search
                for j in nbrs[i]:
                    sj = cells[j]
                    if sj == state:
                        if region_of[j] < 0:
                            region_of[j] = rid
                            members.append(j)
                    elif sj == UNKNOWN:
                        frontier.add(j)
            region = Region(members, frontier=frontier)
            group.append(region)
            if state == LAND:
                land += len(region.cells)
                for i in region.cells:
                    if clues[i]:
                        if region.clue:
                            raise Contradiction(
                                f"island joins clues at {board.name(region.clue_cell)} "
                                f"and {board.name(i)}"
                            )
                        region.clue, region.clue_cell = clues[i], i
                if region.clue and len(region.cells) > region.clue:
                    raise Contradiction(f"island at {board.name(region.clue_cell)} is too big")
                if not region.frontier and len(region.cells) != region.clue:
                    raise Contradiction(f"island at {board.name(start)} is closed off unfinished")
            else:
                wall += len(region.cells)
        self.land_count, self.wall_count = land, wall
        if land > board.land_total:
            raise Contradiction("more land than the clues allow")
        if wall > board.wall_total:
            raise Contradiction("more wall than the clues allow")
        if len(self.walls) > 1 and any(not w.frontier for w in self.walls):
            raise Contradiction("a wall region is cut off")
        # 2x2 wall blocks are caught by the pool rule, which scans the blocks anyway.


def separate_islands(board: Board, a: Analysis) -> list[Deduction]:
    """A cell that would join two numbered islands, or overfill one, is wall (Hui: hislands)."""
    out = []
    beside: dict[int, set[int]] = {}  # unknown cell -> the islands it touches
    for k, region in enumerate(a.islands):
        for i in region.frontier:
            beside.setdefault(i, set()).add(k)
    for i in sorted(beside):
        ids = beside[i]
        if len(ids) == 1:
            region = a.islands[next(iter(ids))]
            if not region.clue or len(region.cells) < region.clue:
                continue  # one island with room to grow: nothing to say
        regions = [a.islands[k] for k in ids]
        clued = [r for r in regions if r.clue]
        if len(clued) > 1:
            names = " and ".join(_island(board, r) for r in clued)
            out.append(Deduction(i, WALL, "separate islands", f"it would join {names}"))
        elif clued and 1 + sum(len(r.cells) for r in regions) > clued[0].clue:
            out.append(Deduction(i, WALL, "separate islands",
                                 f"it would make {_island(board, clued[0])} too big"))
    return out


def _grow_steps(board: Board, a: Analysis, touch: list[int], k: int) -> dict[int, int]:
    region = a.islands[k]
    budget = region.clue - len(region.cells)
    cells, nbrs = board.cells, board.nbrs
    dist = dict.fromkeys(region.cells, 0)
    layer = list(region.cells)
    for d in range(1, budget + 1):
        nxt = []
        for i in layer:
            for j in nbrs[i]:
                if j not in dist and cells[j] != WALL and touch[j] in (-1, k):
                    dist[j] = d
                    nxt.append(j)
        layer = nxt
    return dist


def _grow_reach(board: Board, a: Analysis, touch: list[int], k: int) -> dict[int, int]:
    # Unnumbered land the island enters joins it whole: stepping onto it costs its size
    # (a shortest path where land fragments weigh their cells, by buckets of distance).
    region = a.islands[k]
    budget = region.clue - len(region.cells)
    cells, nbrs, islands, region_of = board.cells, board.nbrs, a.islands, a.region_of
    dist = dict.fromkeys(region.cells, 0)
    buckets: list[list[int]] = [list(region.cells)] + [[] for _ in range(budget)]
    for d in range(budget):
        for i in buckets[d]:
            for j in nbrs[i]:
                if j in dist or cells[j] == WALL or touch[j] not in (-1, k):
                    continue
                if cells[j] == UNKNOWN:
                    dist[j] = d + 1
                    buckets[d + 1].append(j)
                    continue
                fragment = islands[region_of[j]].cells
                far = d + len(fragment)
                if far <= budget:
                    for f in fragment:
                        dist[f] = far
                    buckets[far].extend(fragment)
    return dist


def unreachable(board: Board, a: Analysis) -> list[Deduction]:
    """A cell no numbered island can reach within its size is wall (Hui: h2far)."""
    touch = _touching(board, a)
    reached: dict[int, int] = {}  # cell -> the island reaching it, -2 if several
    for k, region in enumerate(a.islands):
        if region.clue:
            dist = _grow_reach(board, a, touch, k)
            if len(dist) < region.clue:
                raise Contradiction(f"{_island(board, region)} has too little room to grow")
            for i in dist:
                reached[i] = k if reached.get(i, k) == k else -2
    _pool_budget(board, a, reached)
    out = []
    for i, state in enumerate(board.cells):
        if i in reached:
            continue
        if state == LAND:
            raise Contradiction(f"no numbered island can reach the land at {board.name(i)}")
        if state == UNKNOWN:
            out.append(Deduction(i, WALL, "unreachable", "no numbered island can reach it"))
    return out


def _pool_budget(board: Board, a: Analysis, reached: dict[int, int]) -> None:
    """Every 2x2 block without land needs a land cell; an island alone able to supply it
    must have enough cells left for all such blocks that do not overlap."""
    cells = board.cells
    taken: dict[int, set[int]] = {}
    count: dict[int, int] = {}
    for block in board.blocks:
        if LAND in (cells[block[0]], cells[block[1]], cells[block[2]], cells[block[3]]):
            continue
        owners = {reached.get(i, -1) for i in block if cells[i] == UNKNOWN}
        owners.discard(-1)
        if not owners:
            raise Contradiction(f"no island can break the 2x2 block at {board.name(block[0])}")
        if len(owners) == 1 and -2 not in owners:
            (k,) = owners
            used = taken.setdefault(k, set())
            if not used.intersection(block):
                used.update(block)
                count[k] = count.get(k, 0) + 1
                region = a.islands[k]
                if count[k] > region.clue - len(region.cells):
                    raise Contradiction(
                        f"{_island(board, region)} cannot break all the 2x2 blocks only it reaches"
                    )


def endgame(board: Board, a: Analysis) -> list[Deduction]:
    """All land placed: the rest is wall; all wall placed: the rest is land (Hui: hendgame)."""
    unknown = [i for i, s in enumerate(board.cells) if s == UNKNOWN]
    if not unknown:
        return []
    if a.land_count == board.land_total:
        return [Deduction(i, WALL, "endgame", "every land cell is placed") for i in unknown]
    if a.land_count + len(unknown) == board.land_total:
        return [Deduction(i, LAND, "endgame", "the clues need every remaining cell as land")
                for i in unknown]
    return []


def pool(board: Board, a: Analysis) -> list[Deduction]:
    """The last cell of a 2x2 block with three walls is land (Hui: h22)."""
    out = []
    cells = board.cells
    for block in board.blocks:
        a, b, c, d = block
        sa, sb, sc, sd = cells[a], cells[b], cells[c], cells[d]
        if sa == LAND or sb == LAND or sc == LAND or sd == LAND:
            continue  # most blocks, in a search: checked first because it is cheap
        walls = (sa == WALL) + (sb == WALL) + (sc == WALL) + (sd == WALL)
        if walls == 3:
            i = block[(sa, sb, sc, sd).index(UNKNOWN)]
            out.append(Deduction(i, LAND, "pool",
                                 f"the 2x2 block at {board.name(block[0])} would be all wall"))
        elif walls == 4:
            raise Contradiction(f"2x2 wall block at {board.name(block[0])}")
    return out


def wall_connectivity(board: Board, a: Analysis) -> list[Deduction]:
    """A cell whose loss would split the walls is wall (articulation points of wall+unknown)."""
    cells, nbrs = board.cells, board.nbrs
    walls = a.wall_count
    if walls == 0:
        return []
    n = len(cells)
    disc = [0] * n
    low = [0] * n
    below = [0] * n  # wall cells in the DFS subtree
    start = next(i for i in range(n) if cells[i] == WALL)
    counter = 1
    disc[start] = low[start] = counter
    below[start] = 1
    stack = [(start, iter(nbrs[start]))]
    parent = {start: -1}
    cut: dict[int, int] = {}  # unknown cell -> walls separated from the rest
    while stack:
        v, it = stack[-1]
        advanced = False
        for w in it:
            if cells[w] == LAND:
                continue
            if not disc[w]:
                counter += 1
                disc[w] = low[w] = counter
                below[w] = 1 if cells[w] == WALL else 0
                parent[w] = v
                stack.append((w, iter(nbrs[w])))
                advanced = True
                break
            if w != parent[v]:
                low[v] = min(low[v], disc[w])
        if advanced:
            continue
        stack.pop()
        u = parent[v]
        if u >= 0:
            low[u] = min(low[u], low[v])
            below[u] += below[v]
            # The root holds a wall, so cutting u separates v's walls from the root's.
            if low[v] >= disc[u] and below[v] and cells[u] == UNKNOWN:
                cut[u] = cut.get(u, 0) + below[v]
    if below[start] < walls:
        raise Contradiction("the walls can no longer be joined")
    out = [Deduction(i, WALL, "wall connectivity",
                     f"without it {walls_cut} wall cell(s) would be cut off")
           for i, walls_cut in sorted(cut.items())]
    # Hui's "free island surrounded by white": a wall there could never join the others.
    out.extend(Deduction(i, LAND, "wall connectivity", "a wall here could not join the others")
               for i in range(n) if cells[i] == UNKNOWN and not disc[i])
    return out


def _cut_sizes(nbrs: dict[int, tuple[int, ...]], area: dict[int, tuple[int, ...]],
               root: int) -> dict[int, int]:
    """For each cell of the connected `area` but `root`: how many cells of the area stay
    joined to root without it (articulation points by depth-first search, subtree sizes)."""
    disc = {root: 1}
    low = {root: 1}
    size = {root: 1}
    parent = {root: -1}
    lost: dict[int, int] = {}  # cell -> cells cut off from root by removing it
    counter = 1
    stack = [(root, iter(nbrs[root]))]
    while stack:
        v, it = stack[-1]
        for w in it:
            if w not in area:
                continue
            if w not in disc:
                counter += 1
                disc[w] = low[w] = counter
                size[w] = 1
                parent[w] = v
                stack.append((w, iter(nbrs[w])))
                break
            if w != parent[v] and disc[w] < low[v]:
                low[v] = disc[w]
        else:
            stack.pop()
            u = parent[v]
            if u >= 0:
                if low[v] < low[u]:
                    low[u] = low[v]
                size[u] += size[v]
                if low[v] >= disc[u]:
                    lost[u] = lost.get(u, 0) + size[v]
    total = size[root]
    return {u: total - 1 - k for u, k in lost.items()}


def island_bottleneck(board: Board, a: Analysis) -> list[Deduction]:
    """A cell without which an island could no longer reach its size is land: the island
    must grow through it (the island's side of the wall's articulation points)."""
    cells, nbrs = board.cells, board.nbrs
    touch = _touching(board, a)
    out = []
    for k, region in enumerate(a.islands):
        if not region.clue or len(region.cells) == region.clue:
            continue
        area = _reach(board, a, touch, k)
        # The island itself is one place: its other cells join the root directly.
        root = region.cells[0]
        joined = set(region.cells)
        graph = {i: tuple({root if j in joined else j for j in nbrs[i] if j in area})
                 for i in area if i not in joined}
        graph[root] = tuple({j for c in region.cells for j in nbrs[c]
                             if j in area and j not in joined})
        for u, left in sorted(_cut_sizes(graph, graph, root).items()):
            left += len(region.cells) - 1  # the island counted as one place
            if cells[u] == UNKNOWN and left < region.clue:
                out.append(Deduction(u, LAND, "island bottleneck",
                                     f"without it {_island(board, region)} could reach only "
                                     f"{left} of its {region.clue} cells"))
    return out


def _makes_pool(cells: list[int], border: set[int],
                around: tuple[tuple[tuple[int, int, int, int], ...], ...]) -> bool:
    """True if walling `border` would complete a 2x2 wall block."""
    for z in border:
        for a, b, c, d in around[z]:
            if ((a in border or cells[a] == WALL) and (b in border or cells[b] == WALL)
                    and (c in border or cells[c] == WALL) and (d in border or cells[d] == WALL)):
                return True
    return False


@lru_cache(maxsize=64)
def _blocks_around(rows: int, cols: int) -> tuple[tuple[tuple[int, int, int, int], ...], ...]:
    """For each cell, the 2x2 blocks that contain it."""
    out: list[list[tuple[int, int, int, int]]] = [[] for _ in range(rows * cols)]
    for r in range(rows - 1):
        for c in range(cols - 1):
            top = r * cols + c
            block = (top, top + 1, top + cols, top + cols + 1)
            for i in block:
                out[i].append(block)
    return tuple(tuple(b) for b in out)



def _completions(board: Board, a: Analysis, touch: list[int], k: int,
                 limit: int = SHAPE_LIMIT) -> list[frozenset[int]] | None:
    """Every way island k can reach its size, or None if there are more than limit."""
    region = a.islands[k]
    if region.clue - len(region.cells) > 100:
        return None  # far too many shapes anyway, and the recursion would run deep
    cells, nbrs = board.cells, board.nbrs
    base = frozenset(region.cells)
    shapes: list[frozenset[int]] = []
    budget = [limit * 8]

    def allowed(j: int) -> bool:
        return cells[j] != WALL and touch[j] in (-1, k)

    def grow(shape: frozenset[int], frontier: list[int], excluded: set[int], need: int) -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            return False
        if need == 0:
            shapes.append(shape)
            return len(shapes) <= limit
        frontier = list(frontier)
        excluded = set(excluded)
        while frontier:
            x = frontier.pop()
            # Land touching the shape joins it whole.
            added = [x]
            if cells[x] == LAND:
                seen = {x}
                for y in added:
                    for z in nbrs[y]:
                        if cells[z] == LAND and z not in seen and z not in shape:
                            seen.add(z)
                            added.append(z)
            if len(added) <= need:
                new = shape.union(added)
                front = frontier + [z for y in added for z in nbrs[y]
                                    if z not in new and z not in excluded and z not in frontier
                                    and allowed(z)]
                if not grow(new, list(dict.fromkeys(front)), excluded, need - len(added)):
                    return False
            excluded.add(x)
        return True

    first = sorted({z for y in base for z in nbrs[y] if z not in base and allowed(z)})
    if not grow(base, first, set(), region.clue - len(base)):
        return None
    valid = []
    around = _blocks_around(board.puzzle.rows, board.puzzle.cols)
    for shape in shapes:
        border = {z for y in shape for z in nbrs[y] if z not in shape}
        if any(cells[z] == LAND for z in border):
            continue
        if not _makes_pool(cells, border, around):
            valid.append(shape)
    return valid
