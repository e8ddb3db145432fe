"""Exact cover with colours by dancing links: Knuth's Algorithm C (TAOCP 7.2.2.1).

Every primary item must be covered exactly once; a secondary item at most once, or, when
its options give it a colour, by any number of options that agree on that colour. Without
secondary items this is Algorithm X. The data structure is Knuth's: parallel integer arrays
for the item headers (LLINK, RLINK) and for the nodes (TOP, ULINK, DLINK, COLOR), with
spacer nodes between options; covering an item unlinks it and hides every option that
uses it, and uncovering undoes it in exactly the reverse order, so nothing is copied.
One change for Python: each node also keeps the tuple of the other nodes of its option
in Knuth's order (right from it, wrapping round), because a for loop over a tuple costs
much less here than stepping an index and testing for spacers.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Coloured:
    """An option's use of a secondary item with a colour, like Knuth's ``item:colour``."""

    item: Hashable
    colour: Hashable


class ExactCover:
    """An exact-cover problem with colours; ``solutions()`` yields lists of option indices."""

    def __init__(
        self,
        primary: Sequence[Hashable],
        options: Iterable[Sequence[Hashable | Coloured]],
        secondary: Sequence[Hashable] = (),
    ) -> None:
        items = list(primary) + list(secondary)
        index = {name: i + 1 for i, name in enumerate(items)}  # items are 1..N, 0 is the root
        if len(index) != len(items):
            raise ValueError("an item is listed twice")
        self.items = items
        self.n_primary = n1 = len(primary)
        n = len(items)
        colour_codes: dict[Hashable, int] = {}
        self.options: list[list[Hashable | Coloured]] = []

        # item headers: primary items in a doubly linked ring through the root 0, secondary
        # items in a ring of their own through header N+1, so that they are never chosen
        self.llink = [0] * (n + 2)
        self.rlink = [0] * (n + 2)
        for head, members in ((0, range(1, n1 + 1)), (n + 1, range(n1 + 1, n + 1))):
            ring = [head, *members]
            for a, b in zip(ring, ring[1:] + [head], strict=True):
                self.rlink[a] = b
                self.llink[b] = a
        # nodes 1..N are the item headers (TOP holds LEN there); node N+1 is the first spacer
        top = [0] * (n + 2)
        ulink = list(range(n + 2))
        dlink = list(range(n + 2))
        color = [0] * (n + 2)
        spacer = n + 1
        for number, option in enumerate(options, start=1):
            option = list(option)
            seen = set()
            first = len(top)
            for entry in option:
                name, code = entry, 0
                if isinstance(entry, Coloured):
                    name = entry.item
                    code = colour_codes.setdefault(entry.colour, len(colour_codes) + 1)
                if name not in index:
                    raise ValueError(f"option {option!r} uses an unknown item {name!r}")
                if name in seen:
                    raise ValueError(f"option {option!r} uses item {name!r} twice")
                seen.add(name)
                item = index[name]
                if code and item <= n1:
                    raise ValueError(f"primary item {name!r} cannot have a colour")
                node = len(top)
                top.append(item)
                color.append(code)
                # append at the bottom of the item's column
                ulink.append(ulink[item])
                dlink.append(item)
                dlink[ulink[item]] = node
                ulink[item] = node
                top[item] += 1
            if not option:
                raise ValueError("an option must use at least one item")
            dlink[spacer] = len(top) - 1  # the spacer before an option points to its last node
            spacer = len(top)
            top.append(-number)
            ulink.append(first)  # the spacer after an option points to its first node
            dlink.append(0)
            color.append(0)
            self.options.append(option)
        self.top, self.ulink, self.dlink, self.color = top, ulink, dlink, color
        # after[p]: the other nodes of p's option from p+1 round to p-1; before[p] reversed
        self.after: list[tuple[int, ...]] = [()] * len(top)
        self.before: list[tuple[int, ...]] = [()] * len(top)
        start = n + 2
        for end in range(n + 2, len(top)):
            if top[end] <= 0:  # the spacer closing the option of nodes start..end-1
                nodes = tuple(range(start, end))
                for k, node in enumerate(nodes):
                    self.after[node] = nodes[k + 1 :] + nodes[:k]
                    self.before[node] = self.after[node][::-1]
                start = end + 1
        self.nodes_visited = 0

    # The four operations of Algorithm C; hide/unhide skip purified nodes (COLOR < 0).

    def _hide(self, p: int) -> None:
        top, ulink, dlink, color = self.top, self.ulink, self.dlink, self.color
        for q in self.after[p]:
            if color[q] >= 0:
                u, d = ulink[q], dlink[q]
                dlink[u] = d
                ulink[d] = u
                top[top[q]] -= 1

    def _unhide(self, p: int) -> None:
        top, ulink, dlink, color = self.top, self.ulink, self.dlink, self.color
        for q in self.before[p]:
            if color[q] >= 0:
                dlink[ulink[q]] = q
                ulink[dlink[q]] = q
                top[top[q]] += 1

    def _cover(self, i: int) -> None:
        p = self.dlink[i]
        while p != i:
            self._hide(p)
            p = self.dlink[p]
        left, right = self.llink[i], self.rlink[i]
        self.rlink[left] = right
        self.llink[right] = left

    def _uncover(self, i: int) -> None:
        left, right = self.llink[i], self.rlink[i]
        self.rlink[left] = i
        self.llink[right] = i
        p = self.ulink[i]
        while p != i:
            self._unhide(p)
            p = self.ulink[p]

    def _purify(self, p: int) -> None:
        # options that agree on the colour stay, marked so that hide leaves them alone
        color, dlink = self.color, self.dlink
        c, i = color[p], self.top[p]
        q = dlink[i]
        while q != i:
            if color[q] == c:
                color[q] = -1
            else:
                self._hide(q)
            q = dlink[q]

    def _unpurify(self, p: int) -> None:
        color, ulink = self.color, self.ulink
        c, i = color[p], self.top[p]
        q = ulink[i]
        while q != i:
            if color[q] < 0:
                color[q] = c
            else:
                self._unhide(q)
            q = ulink[q]

    def _commit(self, p: int, j: int) -> None:
        if self.color[p] == 0:
            self._cover(j)
        elif self.color[p] > 0:
            self._purify(p)

    def _uncommit(self, p: int, j: int) -> None:
        if self.color[p] == 0:
            self._uncover(j)
        elif self.color[p] > 0:
            self._unpurify(p)

    def _option_of(self, node: int) -> int:
        """The 0-based index of the option that holds ``node``."""
        while self.top[node] > 0:
            node += 1
        return -self.top[node] - 1

    def _choose(self) -> int:
        """The uncovered primary item with fewest options left (the first such, on ties)."""
        rlink, top = self.rlink, self.top
        best, fewest = 0, -1
        i = rlink[0]
        while i != 0:
            if fewest < 0 or top[i] < fewest:
                best, fewest = i, top[i]
                if fewest == 0:
                    break
            i = rlink[i]
        return best

    def _try(self, x: int) -> None:
        """Cover or commit every other item of the option at node ``x`` (step C5)."""
        n1, top = self.n_primary, self.top
        for p in self.after[x]:
            j = top[p]
            if j <= n1:
                self._cover(j)
            else:
                self._commit(p, j)

    def _untry(self, x: int) -> None:
        """Undo ``_try`` in reverse order (step C6)."""
        n1, top = self.n_primary, self.top
        for p in self.before[x]:
            j = top[p]
            if j <= n1:
                self._uncover(j)
            else:
                self._uncommit(p, j)

    def solutions(self) -> Iterator[list[int]]:
        """Yield every solution as the list of chosen option indices, in the order chosen."""
        chosen: list[int] = []  # x_0 .. x_l, the nodes of the options being tried
        if self.n_primary == 0:
            yield []
            return
        top, dlink = self.top, self.dlink
        while True:
            # C2-C5: enter a level; report a solution when every primary item is covered
            if self.rlink[0] == 0:
                yield [self._option_of(x) for x in chosen]
            else:
                self.nodes_visited += 1
                i = self._choose()
                self._cover(i)
                x = dlink[i]
                if x != i:
                    self._try(x)
                    chosen.append(x)
                    continue
                self._uncover(i)
            # C6-C8: undo the last choice and try the next option in its column, or back up
            while chosen:
                x = chosen.pop()
                self._untry(x)
                i, x = top[x], dlink[x]
                if x != i:
                    self._try(x)
                    chosen.append(x)
                    break
                self._uncover(i)
            else:
                return

    def count(self) -> int:
        """The number of solutions."""
        return sum(1 for _ in self.solutions())


def exact_covers(
    primary: Sequence[Hashable],
    options: Iterable[Sequence[Hashable | Coloured]],
    secondary: Sequence[Hashable] = (),
) -> Iterator[list[int]]:
    """Yield every exact cover of ``primary`` as a sorted list of option indices."""
    for solution in ExactCover(primary, options, secondary).solutions():
        yield sorted(solution)
