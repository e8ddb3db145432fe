"""Small helpers for machine tests: place orders, set registers, run."""

from __future__ import annotations

from pc1 import Machine, Stop
from pc1.machine.orders import encode

START = 100


def order(text: str) -> int:
    """'al 28' / 'p 2' / 'jl 100' -> order word."""
    letters, _, addr = text.partition(" ")
    long = letters.endswith("l") and len(letters) == 2
    return encode(letters[0], int(addr or 0), long)


def machine_with(orders: list[str | int], *, A: int = 0, R: int = 0,
                 data: dict[int, int] | None = None, start: int = START,
                 compile_after: int = 1) -> Machine:
    """A machine with the orders at `start`, a halt (word 0) after them, and data.

    It compiles every block on first entry (`compile_after` 1), so that short test runs
    exercise the compiled code, not only the step functions."""
    m = Machine(compile_after=compile_after)
    for i, o in enumerate(orders):
        m.memory[start + i] = order(o) if isinstance(o, str) else o
    for addr, value in (data or {}).items():
        m.memory[addr] = value
    m.A, m.R = A, R
    m.K = start
    m.restart()
    return m


def run(orders: list[str | int], max_orders: int = 10_000, **kw) -> tuple[Machine, Stop]:
    """Run the orders from START until the machine stops."""
    m = machine_with(orders, **kw)
    return m, m.run(max_orders=max_orders)


def count_builds(monkeypatch) -> list[int]:
    """From now on, the first address of every plan the compiler builds (the cache emptied)."""
    from pc1.machine import compiler

    built: list[int] = []
    build = compiler._build

    def counting(mem, plan, *rest):
        built.append(plan.segments[0][0])
        return build(mem, plan, *rest)

    monkeypatch.setattr(compiler, "_build", counting)
    compiler._CACHE.clear()
    return built


def reference_run(orders: list[str], data: dict[int, int], limit: int):
    """The reference model run on the orders at START and the data: (model, reason, where)."""
    from tests.pc1.machine.reference_pc1 import RefMachine

    ref = RefMachine([0] * 512, K=START)
    for i, text in enumerate(orders):
        ref.mem[START + i] = order(text)
    for a, v in data.items():
        ref.mem[a] = v
    reason, where, _ = ref.run(limit=limit)
    return ref, reason, where
