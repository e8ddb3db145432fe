"""A guard where only speed would show a regression: code that plants a new address or order
in the same word again and again (R0's switch word 18, its `x 12; p (c-8)`) must not make
the machine compile its block again for every value the word takes."""

from __future__ import annotations

from collections import Counter

import pc1.machine.compiler as compiler
from pc1.devices.tape import read_tape
from pc1.devices.tape_library import tape_path
from pc1.machine.machine import Machine


def test_reading_a_tape_through_r0_compiles_each_block_a_few_times(monkeypatch) -> None:
    builds: Counter[int] = Counter()
    build = compiler._build

    def counting(mem, plan, *rest):
        builds[plan.segments[0][0]] += 1
        return build(mem, plan, *rest)

    monkeypatch.setattr(compiler, "_build", counting)
    compiler._CACHE.clear()
    m = Machine()
    m.initial_load(read_tape(tape_path("r0.ptw")))
    m.load_tape(read_tape(tape_path("e1000.ptr")))
    m.clear_start()
    stop = m.run(max_orders=1_000_000)
    assert (stop.reason, stop.address) == ("halt", 285)
    # R0 reads ~2,000 words of e1000.ptr: one compile per word would be thousands
    assert sum(builds.values()) < 120, builds.most_common(5)
    assert max(builds.values()) <= 10, builds.most_common(5)
