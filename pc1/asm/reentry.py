"""Run a program that R0 has started until it hands back to R0 at 40 (an assembler Runner).

Wada's interlude clears memory and returns with `z40`; musicplayer returns with `jl40` to
read its score.  With this runner the assembler follows such tapes to the end.
"""

from __future__ import annotations

from pc1.asm.assembler import RE_ENTRY, Runner
from pc1.machine import Machine


def machine_runner(max_orders: int = 20_000_000) -> Runner:
    """A Runner that runs the program in the simulator until it reaches 40 (or stops)."""

    def run(memory: list[int], entry: int, a: int) -> list[int] | None:
        m = Machine()
        m.memory.load(0, memory)
        m.A, m.R, m.K = a, 0, entry & 511
        m.restart()  # X := the order at K
        stop = m.run(max_orders, breakpoints=[RE_ENTRY])
        if stop.reason == "breakpoint" and stop.address == RE_ENTRY:
            return list(m.memory.words)
        return None

    return run
