"""Named deduction rules: each looks at a board and returns the cells it can decide and why.

The first six follow Roger Hui's heuristics (h2far, h22, h2ell, hislands, hendgame), the
rest are the standard ones of human solvers.  Every rule is sound: it only sets a cell that
has that state in every solution consistent with the board.  A rule may raise Contradiction.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .board import (
    Analysis,
    Board,
    Contradiction,
    Region,
    beside,
    block_counts,
    block_tops,
    cell_set,
    every_cell,
    grid_masks,
    members,
    pool_tops,
    region_cells,
    region_zone,
    state_set,
)
from .model import LAND, UNKNOWN, WALL


@dataclass(frozen=True)
class Deduction:
    """Rule `rule` sets `cell` to `state` because of `reason`."""

    cell: int
    state: int
    rule: str
    reason: str


Rule = Callable[[Board, Analysis], list[Deduction]]


def _island(board: Board, region: Region) -> str:
    return f"island {region.clue} at {board.name(region.clue_cell)}"


def complete_island(board: Board, a: Analysis) -> list[Deduction]:
    """Cells beside a finished island are wall (Hui: hislands, first case)."""
    out = []
    for region in a.clued():
        if len(region.cells) == region.clue and region.frontier:
            why = f"{_island(board, region)} is complete"
            out.extend(Deduction(i, WALL, "complete island", why) for i in sorted(region.frontier))
    return out


def separate_islands(board: Board, a: Analysis) -> list[Deduction]:
    """A cell that would join two numbered islands, or overfill one, is wall (Hui: hislands)."""
    islands = a.islands
    # Only a cell two islands touch, or a way out of a full numbered island, can be walled:
    # the first are found with whole-set operations, not cell by cell.
    seen: set[int] = set()
    shared: set[int] = set()
    for region in islands:
        frontier = region.frontier
        shared |= seen & frontier
        seen |= frontier
    found: dict[int, Deduction] = {}
    cells, nbrs, region_of = board.cells, board.nbrs, a.region_of
    for i in shared:
        # The islands it touches in board order, made a set as the islands always were:
        # its order names them in the reason.
        regions = [islands[k] for k in set(sorted({region_of[j] for j in nbrs[i]
                                                   if cells[j] == LAND}))]
        clued = [r for r in regions if r.clue]
        if len(clued) > 1:
            names = " and ".join(_island(board, r) for r in clued)
            found[i] = Deduction(i, WALL, "separate islands", f"it would join {names}")
        elif clued and 1 + sum(len(r.cells) for r in regions) > clued[0].clue:
            found[i] = Deduction(i, WALL, "separate islands",
                                 f"it would make {_island(board, clued[0])} too big")
    for region in islands:
        if region.clue and len(region.cells) >= region.clue:
            for i in region.frontier - shared:
                found[i] = Deduction(i, WALL, "separate islands",
                                     f"it would make {_island(board, region)} too big")
    return [found[i] for i in sorted(found)]


def _blocks(board: Board, a: Analysis) -> bytes:
    """block_counts of the analysed board, computed once for the rules that share it."""
    memo = a.memo.get("blocks")
    if memo is None:
        puzzle = board.puzzle
        memo = a.memo["blocks"] = block_counts(board.cells, puzzle.rows, puzzle.cols)
    return memo  # type: ignore[return-value]


def _landless(board: Board, a: Analysis) -> list[tuple[int, int, int, int]]:
    """The 2x2 blocks without a land cell, in board order."""
    memo = a.memo.get("landless")
    if memo is None:
        cols = board.puzzle.cols
        memo = a.memo["landless"] = [(p, p + 1, p + cols, p + cols + 1)
                                     for p, v in enumerate(_blocks(board, a)) if v < 16]
    return memo  # type: ignore[return-value]


def pool(board: Board, a: Analysis) -> list[Deduction]:
    """The last cell of a 2x2 block with three walls is land (Hui: h22)."""
    counts = _blocks(board, a)
    full = counts.find(4)  # four walls and no land
    if full >= 0:
        raise Contradiction(f"2x2 wall block at {board.name(full)}")
    out = []
    cells, cols = board.cells, board.puzzle.cols
    p = counts.find(3)
    while p >= 0:
        i = next(j for j in (p, p + 1, p + cols, p + cols + 1) if cells[j] == UNKNOWN)
        out.append(Deduction(i, LAND, "pool",
                             f"the 2x2 block at {board.name(p)} would be all wall"))
        p = counts.find(3, p + 1)
    return out


def island_exit(board: Board, a: Analysis) -> list[Deduction]:
    """An unfinished island with one way out must take it (Hui: hislands, second case)."""
    out = []
    for region in a.islands:
        if len(region.frontier) == 1 and len(region.cells) != region.clue:
            (i,) = region.frontier
            what = _island(board, region) if region.clue else (
                f"the unnumbered land at {board.name(region.cells[0])}")
            out.append(Deduction(i, LAND, "island exit", f"it is the only way out of {what}"))
    return out


def wall_exit(board: Board, a: Analysis) -> list[Deduction]:
    """A wall region that must grow and has one way out takes it (Hui: hislands, third case)."""
    out = []
    for region in a.walls:
        if len(region.frontier) == 1 and len(region.cells) < board.wall_total:
            (i,) = region.frontier
            where = board.name(region.cells[0])
            out.append(Deduction(i, WALL, "wall exit",
                                 f"it is the only way out of the wall at {where}"))
    return out


def endgame(board: Board, a: Analysis) -> list[Deduction]:
    """All land placed: the rest is wall; all wall placed: the rest is land (Hui: hendgame)."""
    cells = board.cells
    left = cells.count(UNKNOWN)
    if not left:
        return []
    if a.land_count == board.land_total:
        return [Deduction(i, WALL, "endgame", "every land cell is placed")
                for i, s in enumerate(cells) if s == UNKNOWN]
    if a.land_count + left == board.land_total:
        return [Deduction(i, LAND, "endgame", "the clues need every remaining cell as land")
                for i, s in enumerate(cells) if s == UNKNOWN]
    return []


def _touching(board: Board, a: Analysis) -> list[int]:
    """For each cell: the clued island it belongs to or touches, -1 none, -2 several."""
    memo = a.memo.get("touch")
    if memo is not None:
        return memo  # type: ignore[return-value]
    touch = a.memo["touch"] = [-1] * len(board.cells)
    for k, region in enumerate(a.islands):
        if not region.clue:
            continue
        for i in region.cells:
            for j in (i, *board.nbrs[i]):
                if touch[j] == -1:
                    touch[j] = k
                elif touch[j] != k:
                    touch[j] = -2
    return touch


def _reach(board: Board, a: Analysis, touch: list[int], k: int) -> dict[int, None]:
    """Cells island k could grow into, in board order (`touch` is _touching's)."""
    return dict.fromkeys(members(_reaches(board, a)[k], board.puzzle.size))


def _reaches(board: Board, a: Analysis) -> list[int]:
    """For each island, the cells it could grow into as a cell set if it has a clue and is
    unfinished (0 if not): worked out once per analysis, for all such islands at once (the
    rules that ask want them all)."""
    memo = a.memo.get("reaches")
    if memo is None:
        memo = a.memo["reaches"] = _grow_reaches(board, a)
    return memo  # type: ignore[return-value]


def _zones(board: Board, a: Analysis) -> tuple[list[int], int, int, int]:
    """For each island, the cells it holds or touches if it has a clue (0 if not); then the
    cells some clued island holds or touches, those several do, and the clued islands'
    cells: _touching's answers as whole cell sets."""
    memo = a.memo.get("zones")
    if memo is None:
        rows, cols = board.puzzle.rows, board.puzzle.cols
        zones = []
        anyone = several = clued = 0
        for region in a.islands:
            zone = 0
            if region.clue:
                # The kept sets first: most regions come from the board before.
                zone = region.zone or region_zone(region, rows, cols)
                several |= anyone & zone
                anyone |= zone
                clued |= region.cellset
            zones.append(zone)
        memo = a.memo["zones"] = (zones, anyone, several, clued)
    return memo  # type: ignore[return-value]


def _steps(board: Board, a: Analysis, touch: list[int], k: int) -> dict[int, int]:
    """Cells island k could grow into, with the steps to get there (a path's length)."""
    return _once(a, "steps", k, _grow_steps, board, touch)


def _once(a: Analysis, kind: str, k: int, grow: Callable[..., dict[int, int]], board: Board,
          touch: list[int]) -> dict[int, int]:
    """`grow(board, a, touch, k)`, worked out once per analysis (several rules ask for it)."""
    memo = a.memo.get((kind, k))
    if memo is None:
        memo = a.memo[(kind, k)] = grow(board, a, touch, k)
    return memo  # type: ignore[return-value]


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
                if j not in dist and cells[j] != WALL and (touch[j] == -1 or touch[j] == k):
                    dist[j] = d
                    nxt.append(j)
        layer = nxt
    return dist


def _grow_reaches(board: Board, a: Analysis) -> list[int]:
    # A breadth-first search on whole cell sets: each step takes every open cell beside the
    # reach at once. Unnumbered land an island enters joins it whole: stepping onto it
    # costs its size (it arrives that many steps later).
    rows, cols = board.puzzle.rows, board.puzzle.cols
    full, has_left, has_right = grid_masks(rows, cols)
    down = 8 * cols
    wall, land = _state_sets(board, a)
    zones, touched, several, clued = _zones(board, a)
    # A cell another clued island holds or touches is not an island's to take.
    untouched = full & ~wall & ~touched
    mine = full & ~wall & ~several
    anyone_loose = land & ~clued
    out = []
    for k, region in enumerate(a.islands):
        budget = region.clue - len(region.cells)
        if not region.clue or not budget:
            out.append(0)
            continue
        allowed = untouched | zones[k] & mine
        free = allowed & ~land
        reach = region.cellset  # made with its zone
        loose = allowed & anyone_loose
        if not loose:
            # One cell right is one byte up: it lands in column 0 of the next row only by
            # wrapping.
            free_left, free_right = free & has_left, free & has_right
            for _ in range(budget):
                grown = (reach | (reach << 8) & free_left | (reach >> 8) & free_right
                         | (reach << down | reach >> down) & free)
                if grown == reach:
                    break
                reach = grown
            out.append(reach)
            continue
        arrivals = [0] * (budget + 1)  # the land fragments entered, by the step they count at
        for d in range(budget):
            near = ((reach << 8) & has_left | (reach >> 8) & has_right
                    | reach << down | reach >> down)
            met = near & loose
            while met:
                fragment = a.islands[a.region_of[(met & -met).bit_length() >> 3]]
                cellset = region_cells(fragment, rows, cols)
                met &= ~cellset
                loose &= ~cellset
                if d + len(fragment.cells) <= budget:
                    arrivals[d + len(fragment.cells)] |= cellset
            reach |= near & free | arrivals[d + 1]
        out.append(reach)
    return out


def unreachable(board: Board, a: Analysis) -> list[Deduction]:
    """A cell no numbered island can reach within its size is wall (Hui: h2far)."""
    rows, cols, size = board.puzzle.rows, board.puzzle.cols, board.puzzle.size
    reaches = _reaches(board, a)
    anyone = several = 0
    for k, region in enumerate(a.islands):
        if not region.clue:
            continue
        reach = reaches[k]
        if not reach:
            # A finished island reaches its own cells, which no other island touches.
            anyone |= region.cellset  # made with its zone (_reaches)
            continue
        if reach.bit_count() < region.clue:
            raise Contradiction(f"{_island(board, region)} has too little room to grow")
        several |= anyone & reach
        anyone |= reach
    wall, land = _state_sets(board, a)
    _pool_budget(board, a, reaches, anyone, several)
    lost = every_cell(rows, cols) & ~anyone
    if lost & land:
        raise Contradiction("no numbered island can reach the land at "
                            f"{board.name(_lowest(lost & land))}")
    return [Deduction(i, WALL, "unreachable", "no numbered island can reach it")
            for i in members(lost & ~wall, size)]


def _lowest(cellset: int) -> int:
    """The first cell of a nonempty cell set."""
    return (cellset & -cellset).bit_length() >> 3


def _pool_budget(board: Board, a: Analysis, reaches: list[int], anyone: int,
                 several: int) -> None:
    """Every 2x2 block without land needs a land cell; an island alone able to supply it
    must have enough cells left for all such blocks that do not overlap.

    `reaches` are _reaches', `anyone` the cells some island reaches (finished ones their
    own), `several` those more than one reaches."""
    rows, cols, size = board.puzzle.rows, board.puzzle.cols, board.puzzle.size
    full = every_cell(rows, cols)
    wall, land = _state_sets(board, a)
    unknown = full & ~(wall | land)
    landless = pool_tops(full, rows, cols) & ~block_tops(land, rows, cols)
    # Only blocks that no island, or one alone, can supply have something to say: the
    # others (a cell several islands reach) are skipped with whole-board operations.
    orphans = landless & ~block_tops(unknown & anyone, rows, cols)
    alone = landless & ~orphans & ~block_tops(unknown & several, rows, cols)
    if not alone:
        if orphans:
            raise Contradiction("no island can break the 2x2 block at "
                                f"{board.name(_lowest(orphans))}")
        return
    # The blocks each island can break, and those that one island alone can.
    down = 8 * cols
    near_alone = unknown & (alone | alone << 8 | alone << down | alone << (down + 8))
    once = twice = 0
    breaks = []
    for k, reach in enumerate(reaches):
        if reach & near_alone:
            tops = block_tops(reach & near_alone, rows, cols) & alone
            twice |= once & tops
            once |= tops
            breaks.append((k, tops))
    # The first broken block in board order: an orphan, or the block that takes an island
    # past its budget (its blocks that do not overlap counted in board order).
    first = _lowest(orphans) if orphans else size
    culprit = None
    for k, tops in breaks:
        tops &= ~twice
        region = a.islands[k]
        budget = region.clue - len(region.cells)
        if tops.bit_count() <= budget:
            continue  # cannot exceed it, whichever blocks overlap
        used = count = 0
        for p in members(tops, size):
            if p > first:
                break
            block = (1 | 1 << 8 | 1 << 8 * cols | 1 << 8 * (cols + 1)) << 8 * p
            if not used & block:
                used |= block
                count += 1
                if count > budget:
                    first, culprit = p, region
                    break
    if culprit is not None:
        raise Contradiction(
            f"{_island(board, culprit)} cannot break all the 2x2 blocks only it reaches")
    if orphans:
        raise Contradiction(f"no island can break the 2x2 block at {board.name(first)}")


def corner(board: Board, a: Analysis) -> list[Deduction]:
    """An island one cell short: a cell beside every candidate is wall (Hui: h2ell)."""
    out = []
    for region in a.clued():
        if region.clue - len(region.cells) != 1 or len(region.frontier) < 2:
            continue
        common = None
        for i in region.frontier:
            around = {j for j in board.nbrs[i] if board.cells[j] == UNKNOWN}
            common = around if common is None else common & around
        for j in sorted((common or set()) - region.frontier):
            out.append(Deduction(j, WALL, "corner",
                                 f"it touches every cell that can finish {_island(board, region)}"))
    return out


def wall_connectivity(board: Board, a: Analysis) -> list[Deduction]:
    """A cell whose loss would split the walls is wall (articulation points of wall+unknown)."""
    cells, nbrs = board.cells, board.nbrs
    walls = a.wall_count
    if walls == 0:
        return []
    # Each wall region is one place (numbered n + its index), joined to its unknown
    # neighbours: cutting an unknown cell splits the same walls as in the grid.
    n = len(cells)
    regions, region_of = a.walls, a.region_of
    places = n + len(regions)
    disc = [0] * places
    low = [0] * places
    below = [0] * places  # wall cells in the DFS subtree
    start = n  # the first wall region
    counter = 1
    disc[start] = low[start] = counter
    below[start] = len(regions[0].cells)
    # Each entry: a place, its neighbours still to look at, its parent. The edge back to
    # the parent is not skipped: it lowers low[v] to disc[parent] at most, which leaves
    # the test low[v] >= disc[parent] as it was.
    stack = [(start, iter(regions[0].frontier), -1)]
    cut: dict[int, int] = {}  # unknown cell -> walls separated from the rest
    while stack:
        v, it, u = stack[-1]
        for w in it:
            sw = cells[w]
            if sw == LAND:
                continue
            if sw == WALL:
                w = n + region_of[w]
            dw = disc[w]
            if not dw:
                counter += 1
                disc[w] = low[w] = counter
                if w < n:
                    stack.append((w, iter(nbrs[w]), v))
                else:
                    region = regions[w - n]
                    below[w] = len(region.cells)
                    stack.append((w, iter(region.frontier), v))
                break
            if dw < low[v]:
                low[v] = dw
        else:
            stack.pop()
            if u >= 0:
                if low[v] < low[u]:
                    low[u] = low[v]
                below[u] += below[v]
                # The root holds a wall, so cutting u separates v's walls from the root's.
                if low[v] >= disc[u] and below[v] and u < n:
                    cut[u] = cut.get(u, 0) + below[v]
    if below[start] < walls:
        raise Contradiction("the walls can no longer be joined")
    out = [Deduction(i, WALL, "wall connectivity",
                     f"without it {walls_cut} wall cell(s) would be cut off")
           for i, walls_cut in sorted(cut.items())]
    # Hui's "free island surrounded by white": a wall there could never join the others.
    # Every wall region was reached, so the other places reached are unknown cells: only
    # when some are missing is there one to find.
    if counter - len(regions) < n - a.land_count - walls:
        out.extend(Deduction(i, LAND, "wall connectivity",
                             "a wall here could not join the others")
                   for i in range(n) if cells[i] == UNKNOWN and not disc[i])
    return out


def _cut_sizes(nbrs: tuple[tuple[int, ...], ...], mark: list[int], island: list[int]
               ) -> dict[int, int]:
    """For each cell of the connected area (mark 1; the island, mark 2, counted as one place,
    its first cell): how many places stay joined to the island without it (articulation
    points by depth-first search, subtree sizes)."""
    n = len(mark)
    root = island[0]
    disc = [0] * n
    low = [0] * n
    size = [0] * n
    parent = [-1] * n
    disc[root] = low[root] = size[root] = 1
    lost: dict[int, int] = {}  # cell -> places cut off from the island by removing it
    counter = 1
    # The island's cells all lead out of the one place: their neighbours are its neighbours.
    exits = [j for c in island for j in nbrs[c] if mark[j] == 1]
    stack = [(root, iter(exits))]
    while stack:
        v, it = stack[-1]
        for w in it:
            m = mark[w]
            if not m:
                continue
            if m == 2:
                w = root
            dw = disc[w]
            if not dw:
                counter += 1
                disc[w] = low[w] = counter
                size[w] = 1
                parent[w] = v
                stack.append((w, iter(nbrs[w])))
                break
            if w != parent[v] and dw < low[v]:
                low[v] = dw
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


CUTS_KEPT = 20000  # island cut sizes a search keeps before it starts afresh


def island_bottleneck(board: Board, a: Analysis) -> list[Deduction]:
    """A cell without which an island could no longer reach its size is land: the island
    must grow through it (the island's side of the wall's articulation points)."""
    cells, nbrs = board.cells, board.nbrs
    rows, cols, n = board.puzzle.rows, board.puzzle.cols, board.puzzle.size
    out = []
    for k, region in enumerate(a.islands):
        if not region.clue or len(region.cells) == region.clue:
            continue
        area = _reaches(board, a)[k]
        # The cut sizes depend on the area and the island alone, which boards of the search
        # often share: the board's copies keep them.
        key = (area, region_cells(region, rows, cols))
        cuts = board.cuts.get(key)
        if cuts is None:
            mark = [0] * n
            for i in members(area, n):
                mark[i] = 1
            for i in region.cells:
                mark[i] = 2
            cuts = sorted(_cut_sizes(nbrs, mark, region.cells).items())
            if len(board.cuts) >= CUTS_KEPT:
                board.cuts.clear()
            board.cuts[key] = cuts
        for u, left in cuts:
            left += len(region.cells) - 1  # the island counted as one place
            if cells[u] == UNKNOWN and left < region.clue:
                out.append(Deduction(u, LAND, "island bottleneck",
                                     f"without it {_island(board, region)} could reach only "
                                     f"{left} of its {region.clue} cells"))
    return out


SHAPE_LIMIT = 400  # completions per island before the rule gives up on it


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

    # One shape and one set of excluded cells, grown and shrunk back as the search returns.
    shape = set(base)
    excluded: set[int] = set()
    mates = (-1, k)  # whom a cell the shape takes may touch: no island, or this one

    def grow(frontier: list[int], need: int) -> bool:
        # The caller hands over `frontier`.
        budget[0] -= 1
        if budget[0] < 0:
            return False
        mine = []  # cells this call excludes, let in again when it returns
        while frontier:
            x = frontier.pop()
            if cells[x] != LAND:
                # An open cell (most of them): the general case below for one cell.
                shape.add(x)
                if need == 1:
                    budget[0] -= 1
                    if budget[0] < 0:
                        return False
                    shapes.append(frozenset(shape))
                    if len(shapes) > limit:
                        return False
                else:
                    front = dict.fromkeys(frontier)
                    for z in nbrs[x]:
                        if (z not in shape and z not in excluded and cells[z] != WALL
                                and touch[z] in mates):
                            front[z] = None
                    if not grow(list(front), need - 1):
                        return False
                shape.discard(x)
                excluded.add(x)
                mine.append(x)
                continue
            # Land touching the shape joins it whole.
            added = [x]
            seen = {x}
            for y in added:
                for z in nbrs[y]:
                    if cells[z] == LAND and z not in seen and z not in shape:
                        seen.add(z)
                        added.append(z)
            left = need - len(added)
            if left >= 0:
                if not left:
                    # A finished shape: the call it would have been, without the frontier.
                    budget[0] -= 1
                    if budget[0] < 0:
                        return False
                    shapes.append(frozenset(shape.union(added)))
                    if len(shapes) > limit:
                        return False
                else:
                    # A land cell still waiting may already have joined with its fragment.
                    joined = [y for y in added if y not in shape]
                    shape.update(joined)
                    # Cells already waiting keep their place; dict keys drop repeats.
                    front = dict.fromkeys(frontier)
                    for y in added:
                        for z in nbrs[y]:
                            if (z not in shape and z not in excluded and cells[z] != WALL
                                    and touch[z] in mates):
                                front[z] = None
                    if not grow(list(front), left):
                        return False
                    shape.difference_update(joined)
            excluded.add(x)
            mine.append(x)
        excluded.difference_update(mine)
        return True

    first = sorted({z for y in base for z in nbrs[y] if z not in base and allowed(z)})
    need = region.clue - len(base)
    if not need:
        shapes.append(base)
        if len(shapes) > limit:
            return None
    elif not grow(first, need):
        return None
    return [shape for shape in shapes
            if _fits(board, a, cell_set(shape, board.puzzle.rows, board.puzzle.cols))]


def _state_sets(board: Board, a: Analysis) -> tuple[int, int]:
    """The analysed board's walls and land as cell sets, made once for the rules."""
    memo = a.memo.get("sets")
    if memo is None:
        memo = a.memo["sets"] = (state_set(board.cells, WALL), state_set(board.cells, LAND))
    return memo  # type: ignore[return-value]


def _fits(board: Board, a: Analysis, shape: int) -> bool:
    """True if a way to finish an island that fitted an earlier board (or a way just
    enumerated) fits this one: no cell of it wall, no land beside it, and no 2x2 block
    beside it all wall once it is walled in.

    (A cell of it cannot have joined another numbered island: that island's clue is
    outside it and not beside it, so the land between them would be beside it.)"""
    rows, cols = board.puzzle.rows, board.puzzle.cols
    wall, land = _state_sets(board, a)
    if shape & wall:
        return False
    border = beside(shape, rows, cols)
    return not border & land and not (pool_tops(border | wall, rows, cols)
                                      & block_tops(border, rows, cols))


SHAPES_KEPT = 40  # ways to finish an island that a board hands on to the boards after it


def _near_decided(board: Board, a: Analysis, wall_then: int, land_then: int) -> int:
    """The cells at most three steps from one decided since the board with the given walls
    and land: a way to finish an island stops fitting only through such a decided cell
    (one of its cells became wall, one beside it land, or one of a 2x2 block beside it
    wall: _fits)."""
    key = ("near", wall_then, land_then)
    near = a.memo.get(key)
    if near is None:
        rows, cols = board.puzzle.rows, board.puzzle.cols
        wall, land = _state_sets(board, a)
        near = (wall ^ wall_then) | (land ^ land_then)
        for _ in range(3):
            near |= beside(near, rows, cols)
        a.memo[key] = near
    return near  # type: ignore[return-value]


def _still_fitting(shapes: tuple[tuple[int, int], ...], near: int, wall: int, land: int,
                   rows: int, cols: int) -> tuple[tuple[int, int], ...]:
    """The kept ways to finish an island (each with the cells beside it) that still fit:
    those near no decided cell, and those that pass _fits (here with the kept border)."""
    down = 8 * cols
    tops = pool_tops(every_cell(rows, cols), rows, cols)
    out = []
    for way in shapes:
        shape, border = way
        if shape & near:
            if shape & wall or border & land:
                continue
            # A 2x2 block beside the way all wall once it is walled in.
            walled = border | wall
            walled &= walled >> 8
            touched = border | border >> 8
            if walled & walled >> down & (touched | touched >> down) & tops:
                continue
        out.append(way)
    return tuple(out)


def _island_sets(board: Board, a: Analysis, touch: list[int] | None, k: int,
                 limit: int) -> tuple[tuple[int, int], ...] | None:
    """The ways to finish island k as cell sets, each with the cells beside it, without
    repeats; None if there are more than limit (`touch` is _touching's, or None to have it
    worked out when the ways are enumerated).

    A board the search reached by deciding cells has only ways its earlier board had: of
    the ones kept from there, those near no decided cell still fit, the others are checked
    again, and none is enumerated (_near_decided).
    """
    region = a.islands[k]
    rows, cols = board.puzzle.rows, board.puzzle.cols
    wall, land = _state_sets(board, a)
    known = a.shapes.get(region.clue_cell)
    if known is not None:
        shapes, wall_then, land_then = known
        near = _near_decided(board, a, wall_then, land_then)
        found = _still_fitting(shapes, near, wall, land, rows, cols)
    else:
        listed = _completions(board, a, touch if touch is not None else _touching(board, a),
                              k, limit)
        if listed is None:
            return None
        found = tuple((s, beside(s, rows, cols))
                      for s in dict.fromkeys(cell_set(s, rows, cols) for s in listed))
    if len(found) <= SHAPES_KEPT:
        if not a.memo.get("own shapes"):
            # The table may be shared with earlier boards, whose islands have more ways.
            a.shapes = dict(a.shapes)
            a.memo["own shapes"] = True
        a.shapes[region.clue_cell] = (found, wall, land)
    return found


def island_shapes(board: Board, a: Analysis, limit: int = SHAPE_LIMIT) -> list[Deduction]:
    """Try every way to finish an island: cells in all of them are land, beside all are wall.

    Islands with more than `limit` ways are left alone.
    """
    rows, cols, size = board.puzzle.rows, board.puzzle.cols, board.puzzle.size
    wall, land = _state_sets(board, a)
    # Unnumbered land that only one island can reach must end up in that island.
    loose = land & ~_zones(board, a)[3]
    reachers: dict[int, list[int]] = {}
    for k, region in enumerate(a.islands):
        if loose and region.clue and len(region.cells) < region.clue:
            for i in members(_reaches(board, a)[k] & loose, size):
                reachers.setdefault(a.region_of[i], []).append(k)
    required: dict[int, list[int]] = {}
    for fragment, ks in reachers.items():
        if len(set(ks)) == 1:
            required.setdefault(ks[0], []).append(a.islands[fragment].cells[0])
    unknown = every_cell(rows, cols) & ~(wall | land)
    out = []
    for k, region in enumerate(a.islands):
        if not region.clue or len(region.cells) == region.clue:
            continue
        found = _island_sets(board, a, None, k, limit)
        if found is None:
            continue
        needs = cell_set(required[k], rows, cols) if k in required else 0
        shapes = [s for s in found if s[0] & needs == needs] if needs else found
        if not shapes:
            raise Contradiction(f"{_island(board, region)} cannot be finished")
        common, borders = shapes[0]
        for shape, border in shapes[1:]:
            common &= shape
            borders &= border
        common &= unknown
        borders &= unknown
        if common or borders:
            why = f"every way to finish {_island(board, region)} ({len(shapes)})"
            out.extend(Deduction(i, LAND, "island shapes", f"{why} includes it")
                       for i in members(common, size))
            out.extend(Deduction(i, WALL, "island shapes", f"{why} touches it")
                       for i in members(borders, size))
            return out
    return out




def _distances(board: Board, sources: list[int], allowed: dict[int, int] | set[int],
               budget: int) -> dict[int, int]:
    """Steps from the nearest source to each allowed cell, up to budget."""
    dist = dict.fromkeys(sources, 0)
    layer = sources
    for d in range(1, budget + 1):
        nxt = []
        for i in layer:
            for j in board.nbrs[i]:
                if j not in dist and j in allowed:
                    dist[j] = d
                    nxt.append(j)
        layer = nxt
    return dist


def reach_bounds(board: Board, a: Analysis) -> list[Deduction]:
    """A cell an island could reach, but not and still break every 2x2 block only it can
    reach, is not that island's; a cell no island can then take is wall.

    The bound: an island that grows to cell x and to block B adds at least
    (d(island, x) + d(island, B) + d(x, B)) / 2 cells (a tree joining three places).
    """
    cells = board.cells
    touch = _touching(board, a)
    dists: dict[int, dict[int, int]] = {}
    takers: dict[int, set[int]] = {}
    for k, region in enumerate(a.islands):
        if region.clue and len(region.cells) < region.clue:
            dists[k] = _steps(board, a, touch, k)
            for i in _reach(board, a, touch, k):
                takers.setdefault(i, set()).add(k)
    needed: dict[int, list[tuple[int, int, int, int]]] = {}
    for block in _landless(board, a):
        owners: set[int] = set()
        for i in block:
            owners |= takers.get(i, set())
        if len(owners) == 1:
            needed.setdefault(owners.pop(), []).append(block)
    out: list[Deduction] = []
    excluded: dict[int, set[int]] = {}
    for k, blocks_k in needed.items():
        region = a.islands[k]
        budget = region.clue - len(region.cells)
        dk = dists[k]
        # The farthest such blocks bound the most; a few of them are enough.
        far = sorted(blocks_k, key=lambda b: -min(dk.get(i, budget + 1) for i in b))[:4]
        for block in far:
            to_block = min(dk.get(i, budget + 1) for i in block)
            if to_block > budget:
                continue  # the pool rules report it
            db = _distances(board, [i for i in block if i in dk], dk, budget)
            for x, dx in dk.items():
                # d(x, B) with the island as one place: via the island, or around it
                between = min(db.get(x, 2 * budget + 1), dx + to_block)
                if cells[x] == UNKNOWN and dx + to_block + between > 2 * budget:
                    excluded.setdefault(x, set()).add(k)
    for x, ks in excluded.items():
        if x in takers and takers[x] <= ks and touch[x] == -1:
            names = ", ".join(_island(board, a.islands[k]) for k in sorted(ks))
            out.append(Deduction(x, WALL, "island reach",
                                 f"{names} could not take it and still break every 2x2 block "
                                 "only it can reach"))
    return out


# In order of cost: cheap local rules first; after any rule sets cells the solver starts
# again from the top, so the explanation uses the simplest rule that applies.
RULES: list[tuple[str, Rule]] = [
    ("complete island", complete_island),
    ("separate islands", separate_islands),
    ("pool", pool),
    ("island exit", island_exit),
    ("wall exit", wall_exit),
    ("endgame", endgame),
    ("unreachable", unreachable),
    ("island reach", reach_bounds),
    ("corner", corner),
    ("wall connectivity", wall_connectivity),
    ("island bottleneck", island_bottleneck),
    ("island shapes", island_shapes),
]
