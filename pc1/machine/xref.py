"""Cross-reference: which orders read a word, store into it, change its address field or jump
to it — from a store image (an annotated source's words, or the store as it is now), and as
observed in a run.

An order's relation to a word follows from the order table alone: an order with an operand
(`p a s v d ...`) reads word n (a long one the pair n & 510, n | 1); `t` stores into n (`tl`
the pair); `x` changes n's address field; a jump or a branch (`jl z k`, and `i`/`o`, which
jump to n when no character is ready or the printer is busy) goes to n.  A static view takes
every address field at its written value; an order whose address is planted at run time
(`tl(   )`) shows where it starts, which is why the observed view is there too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, NamedTuple

from pc1.machine.orders import form_of

if TYPE_CHECKING:
    from pc1.machine.machine import Machine, Stop

KINDS = ("reads", "writes", "changes address", "jumps to")


class Reference(NamedTuple):
    """One order that refers to the word: where it is, the order word, how often it ran."""

    address: int
    order: int
    times: int = 0  # in a run: how many times it did so (0 in a static view)


def relations(order: int) -> list[tuple[str, tuple[int, ...]]]:
    """How an order word refers to words when it runs: (kind, addresses) pairs."""
    form = form_of(order)
    n = order & 511
    long = bool(order & 0o4000)
    pair = (n & 510, n | 1) if long else (n,)
    out: list[tuple[str, tuple[int, ...]]] = []
    if form.operand:
        out.append(("reads", pair))
    if form.kind == "store":
        out.append(("writes", pair))
    elif form.kind == "address":
        out.append(("changes address", (n,)))
    elif form.kind in ("jump", "branch", "io") and form.used and "JUMP" in form.body:
        out.append(("jumps to", (n,)))
    return out


def static_xref(words: Mapping[int, int], target: int) -> dict[str, list[Reference]]:
    """The orders of a store image (address -> word) that refer to word `target`, by kind."""
    target &= 511
    out: dict[str, list[Reference]] = {k: [] for k in KINDS}
    for address in sorted(words):
        word = words[address]
        for kind, addresses in relations(word):
            if target in addresses:
                out[kind].append(Reference(address, word))
    return out


class Observed:
    """The references to one word seen as a machine runs (`Observed.run`, which hands it to
    Machine.run as its history)."""

    def __init__(self, machine: Machine, target: int) -> None:
        self.machine = machine
        self.target = target & 511
        self.counts: dict[tuple[str, int, int], int] = {}  # (kind, address, word) -> times
        self.runs = 0  # times the word itself ran as an order
        self._jump: tuple[int, int] | None = None  # the last order, if it may jump there
        counts, t = self.counts, self.target
        cache: dict[int, list[str]] = {}

        def record(entry: tuple[int, int, int, int]) -> None:
            address, word = entry[0], entry[1]
            if address == t:
                self.runs += 1
                if self._jump is not None:  # the order before went here: a jump, taken
                    key = ("jumps to", *self._jump)
                    counts[key] = counts.get(key, 0) + 1
            self._jump = None
            kinds = cache.get(word)
            if kinds is None:
                kinds = cache[word] = [k for k, a in relations(word) if t in a]
            for kind in kinds:
                if kind == "jumps to":
                    # taken only if the next order runs at t (not just the one after it)
                    if (address + 1) & 511 != t:
                        self._jump = (address, word)
                    continue
                key = (kind, address, word)
                counts[key] = counts.get(key, 0) + 1

        self.record = record  # the name Machine.run calls, as on a TraceRing

    def run(self, **options) -> Stop:
        """Machine.run(**options) with this watching; a jump to the word by the run's last
        order counts too (the order it goes to has not run yet)."""
        stop = self.machine.run(history=self, **options)
        if self._jump is not None and self.machine.K == self.target:
            key = ("jumps to", *self._jump)
            self.counts[key] = self.counts.get(key, 0) + 1
        self._jump = None
        return stop

    def references(self) -> dict[str, list[Reference]]:
        """What was seen, by kind, each order with the times it did so."""
        out: dict[str, list[Reference]] = {k: [] for k in KINDS}
        for (kind, address, word), n in sorted(self.counts.items(), key=lambda kv: kv[0][1:]):
            out[kind].append(Reference(address, word, n))
        return out
