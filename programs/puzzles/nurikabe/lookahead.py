"""Looking ahead of a frontier: the search's cheap rules, run on bitsets over the cells still
to come, prove a frontier dead or force cells below it.

A frontier (frontier.py) is all its boards have in common for the cells to come: the last
`width` decided cells, the component of each and, for land, its clue and size. So the rules
run on those cells and the undecided ones only, the frontier's components joined as the
decided cells join them; what they prove holds for every board the frontier stands for.
Cells are bits in the frontier count's order (row-major along the narrow side).
"""

from __future__ import annotations

# A frontier component's code, here and in frontier.py: 0 wall, clue << SHIFT | size land
# (its size is at least 1, so never 0).
SHIFT = 16
MASK = (1 << SHIFT) - 1


def _spread(m: int, inside: int, groups: list[int], cols: int, nl: int, nf: int) -> int:
    """The cells of `inside` joined to the cells m, a frontier component met taken whole."""
    while True:
        g = (m | (m & nl) << 1 | (m & nf) >> 1 | m << cols | m >> cols) & inside
        for gm in groups:
            if g & gm:
                g |= gm
        if g == m:
            return m
        m = g


class Lookahead:
    """The rules for one puzzle laid out in the frontier count's order."""

    def __init__(self, rows: int, cols: int, clues: list[int], land: int, wall: int) -> None:
        """Clues by position in the order; `land`/`wall`: cells given as land or wall."""
        n = rows * cols
        self.cols = cols
        self.full = (1 << n) - 1
        first = sum(1 << (r * cols) for r in range(rows))
        self.not_first = self.full & ~first
        self.not_last = self.full & ~(first << (cols - 1))
        # A 2x2 block by its top-left cell: not in the last column nor the last row.
        self.corner = self.not_last & (self.full >> cols)
        self.clue_bits = sum(1 << i for i, k in enumerate(clues) if k)
        self.clue_of = {1 << i: k for i, k in enumerate(clues) if k}
        self.given_land = land | self.clue_bits
        self.given_wall = wall
        self.land_total = sum(clues)
        self.wall_total = n - self.land_total
        self.far = True  # run the reach and wall-joining rules too
        self._places: dict[tuple[int, tuple[int, ...]], list[tuple[int, int]]] = {}

    def _groups(self, i: int, frontier: tuple[int, ...]) -> list[tuple[int, int]]:
        """Each frontier component's number and its cells as a mask, after cell i."""
        c = i % self.cols
        key = (c, frontier)
        out = self._places.get(key)
        if out is None:
            cols = self.cols
            masks: dict[int, int] = {}
            for k, lab in enumerate(frontier):
                if lab >= 0:
                    masks[lab] = masks.get(lab, 0) | 1 << (k - c - 1) % cols
            out = self._places[key] = sorted(masks.items())
        base = i + 1 - self.cols
        return [(lab, m << base) for lab, m in out]

    def settle(self, i: int, frontier: tuple[int, ...], codes: tuple[int, ...], walls: int,
               land: int = 0, wall: int = 0) -> tuple[int, int] | None:
        """After cell i: None if no board with this frontier can be completed, else the
        cells to come that are land and wall on all completions (as far as the rules see).
        `land`/`wall`: cells already known so for this frontier."""
        base = i + 1 - self.cols
        if base < 0:
            return (0, 0)
        future = self.full >> (i + 1) << (i + 1)
        lgroups = []
        wgroups = []
        L = (self.given_land | land) & future
        W = (self.given_wall | wall) & future
        for lab, m in self._groups(i, frontier):
            code = codes[lab]
            if code:
                L |= m
                lgroups.append((m, code >> SHIFT, (code & MASK) - m.bit_count()))
            else:
                W |= m
                wgroups.append(m)
        window = self.full >> base << base
        walls_now = walls - sum(m.bit_count() for m in wgroups)
        land_now = i + 1 - walls - sum(m.bit_count() for m, _, _ in lgroups)
        clue_of = self.clue_of
        clue_bits = self.clue_bits & future  # the frontier's numbers are in its codes
        cols, nl, nf = self.cols, self.not_last, self.not_first
        corner = self.corner
        land_total, wall_total = self.land_total, self.wall_total
        if L & W:
            return None
        lmasks = [m for m, _, _ in lgroups]
        # What a rule proves holds whatever else is known, so it is applied at once: a chain
        # of forced cells runs in one round instead of one round a cell.
        changed = True
        while changed:
            changed = False
            U = window & ~(L | W)
            n_land = land_now + L.bit_count()
            n_wall = walls_now + W.bit_count()
            if n_land > land_total or n_wall > wall_total:
                return None
            if n_land == land_total:
                W |= U
                U = 0
            elif n_wall == wall_total:
                L |= U
                U = 0
            # Islands: each land component, joined through the frontier's components.
            rest = L
            numbered = []  # (exits, room left, cells) of unfinished numbered islands
            loose = []  # (exits, size) of pieces without a number
            done = 0  # the cells of finished islands
            grew = False  # an island took its one way out: the lists above hold stale parts
            while rest:
                m = _spread(rest & -rest, L, lmasks, cols, nl, nf)
                rest &= ~m
                size = m.bit_count()
                owner = 0
                for gm, k, extra in lgroups:
                    if m & gm:
                        size += extra
                        if k:
                            if owner:
                                return None
                            owner = k
                cb = m & clue_bits
                while cb:
                    b = cb & -cb
                    cb ^= b
                    if owner:
                        return None
                    owner = clue_of[b]
                exits = ((m & nl) << 1 | (m & nf) >> 1 | m << cols | m >> cols) & U
                if owner:
                    if size > owner:
                        return None
                    if size == owner:
                        done |= m
                        if exits:
                            W |= exits
                            U &= ~exits
                            changed = True
                        continue
                if not exits:
                    return None
                if not exits & (exits - 1):
                    # One way out: take it and look at the grown island again.
                    L |= exits
                    U &= ~exits
                    rest |= m | exits
                    changed = grew = True
                    continue
                if owner:
                    numbered.append((exits, owner - size, m))
                else:
                    loose.append((exits, size))
            # A cell next to two numbered islands, or one too small to take it and a piece.
            seen = add_w = 0
            for exits, room, _ in () if grew else numbered:
                add_w |= seen & exits
                seen |= exits
                for lexits, size in loose:
                    if size >= room:
                        add_w |= exits & lexits
            add_w &= U
            if add_w:
                W |= add_w
                U &= ~add_w
                changed = True
            # Walls: one wall area in the end; a component shut in while others or more
            # walls are still to come is dead, one with a single way out takes it.
            rest = W
            while rest:
                m = _spread(rest & -rest, W, wgroups, cols, nl, nf)
                rest &= ~m
                if m != W or walls_now + W.bit_count() < wall_total:
                    exits = ((m & nl) << 1 | (m & nf) >> 1 | m << cols | m >> cols) & U
                    if not exits:
                        return None
                    if not exits & (exits - 1):
                        W |= exits
                        U &= ~exits
                        rest |= m | exits
                        changed = True
            # No 2x2 block of walls: three walls of a block make the fourth land.
            a = W & corner
            b = W >> 1
            c = W >> cols
            d = W >> (cols + 1)
            if a & b & c & d:
                return None
            add_l = (U & corner & b & c & d | (U >> 1 & a & c & d) << 1
                     | (U >> cols & a & b & d) << cols | (U >> (cols + 1) & a & b & c)
                     << (cols + 1)) & U
            if add_l:
                L |= add_l
                changed = True
            if changed or not self.far:
                continue
            # The dearer rules, once the cheap ones rest: how far each island can grow.
            U = window & ~(L | W)
            near = [((m & nl) << 1 | (m & nf) >> 1 | m << cols | m >> cols | m)
                    for _, _, m in numbered]
            near_done = done | ((done & nl) << 1 | (done & nf) >> 1 | done << cols
                                | done >> cols)
            free = window & ~W & ~near_done
            anyone = done
            pieces = [gm for gm, k, _ in lgroups if not k]
            for k, (_, room, m) in enumerate(numbered):
                allowed = free & ~m
                for j, other in enumerate(near):
                    if j != k:
                        allowed &= ~other
                reach = m
                for _ in range(room):
                    grown = (reach | (reach & nl) << 1 | (reach & nf) >> 1 | reach << cols
                             | reach >> cols) & allowed | reach
                    for gm in pieces:
                        if grown & gm:
                            grown |= gm  # joined above the frontier: met, met whole
                    if grown == reach:
                        break
                    reach = grown
                # Each step takes a cell at least, so the island stays within its room; it
                # has room enough only if that many cells lie there (pieces of land it meets
                # with their decided cells).
                new = reach & ~m
                if new.bit_count() + sum(extra for gm, _, extra in lgroups if gm & new) < room:
                    return None
                anyone |= reach
            if L & ~anyone:
                return None  # land no numbered island can reach
            lost = U & ~anyone
            if lost:
                W |= lost
                changed = True
                continue
            # The walls must still join up through cells not land.
            if W:
                m = _spread(W & -W, W | U, wgroups, cols, nl, nf)
                if W & ~m:
                    return None
        return L & future, W & future
