"""What the store already tells about the changes a plan's orders will see, before it runs.

A block compiled with an address field built in, or with one order's function bits, is
compiled again when the program rewrites that word (Machine._code_written).  Some rewrites
can be read off the store before the first compile, and then that compile is the last:

- a word an `x` order aims at (anywhere in the store): `x` orders exist to move address
  fields, so the plan reads that word's address as the order runs from the start;
- an order the plan itself flips with a short store of a value worked out from words of
  the store (`p 275; b 243; t 243`, Wada's switch between `al` and `sl`): the plan gets an
  arm for each of the two orders from the start, as it would after the first flip.

Foresight only chooses how general the first code is; any change it misses is still
caught as the program runs, and a guess that never comes true costs only speed.
"""

from __future__ import annotations

from collections.abc import Callable

from pc1.machine.orders import form_of

# a short operand order's effect on A's upper half h, given the operand word m: the
# order's low half is never needed, as the carry of A + (m << 18) only leaves the top
_UPPER: dict[str, Callable[[int, int], int]] = {
    "A ^= M": lambda h, m: h ^ m,
    "A &= M": lambda h, m: h & m,
    "A = (A + M) & MASK36": lambda h, m: (h + m) & 0o777777,
    "A = (A - M) & MASK36": lambda h, m: (h - m) & 0o777777,
}
_QUIET = ("store", "address", "branch")  # kinds that leave A as it was
LOOK_BACK = 4  # orders before a store searched for the load that starts its value


# function bits, looked up once: the scans below run over the whole store at every plan
_X = frozenset(b for b in range(128) if form_of(b << 11).kind == "address")
_SHORT_STORE = frozenset(b for b in range(0, 128, 2) if form_of(b << 11).kind == "store")


def aimed_at(mem: list[int]) -> set[int]:
    """The words some `x` order in the store aims at (their address fields will move)."""
    return {w & 511 for w in mem if w >> 11 in _X}


def flips(mem: list[int], own: set[int]) -> dict[int, frozenset[int]]:
    """Orders at `own` addresses that a short store anywhere in the store rewrites with a
    value the few orders before it work out from the store's words as they are now (a load,
    then adds, subtracts, ands or exclusive ors): address -> (its bits, the stored bits)."""
    out: dict[int, frozenset[int]] = {}
    # (one comprehension over the store: this runs for every plan, on a cached run too)
    for p in [p for p, w in enumerate(mem) if w >> 11 in _SHORT_STORE and w & 511 in own]:
        target = mem[p] & 511
        upper = _upper_before(mem, p)
        if upper is None:
            continue
        old, new = mem[target] >> 11, upper >> 11
        if old != new and _inside(old) and _inside(new):
            out[target] = frozenset((old, new))
    return out


def _upper_before(mem: list[int], p: int) -> int | None:
    """A's upper half when the order at p runs, if the orders just before it tell it."""
    for back in range(1, LOOK_BACK + 1):
        word = mem[(p - back) & 511]
        form = form_of(word)
        if form.operand and not word & 0o4000 and form.body == "A = M":
            upper = mem[word & 511]
            for q in range(p - back + 1, p):
                word = mem[q & 511]
                form = form_of(word)
                if form.kind in _QUIET:
                    continue
                step = _UPPER.get(form.body) if form.operand and not word & 0o4000 else None
                if step is None:
                    return None
                upper = step(upper, mem[word & 511])
            return upper
    return None


def _inside(bits: int) -> bool:
    """True if orders with these function bits run inside a block (an arm cannot change
    where its block ends)."""
    return form_of(bits << 11).kind not in ("jump", "io", "halt")
