"""Panel buttons, look-ahead, stops, limits, breakpoints, traces and aliasing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pc1.machine.machine as machine_module
from pc1 import InputError, Machine, Tape
from pc1.devices.tape import initial_load_tape
from pc1.machine import TraceRing
from tests.pc1.helpers import START, machine_with, order


def test_initial_load_fills_from_zero_and_xors_into_a() -> None:
    m = Machine()
    m.A = 0o7
    loaded = m.initial_load(initial_load_tape([1, 2, 3, 4]))
    assert loaded == 4 and m.memory[:4] == [1, 2, 3, 4]
    assert m.A == 0o7 ^ (1 << 18 | 2) ^ (3 << 18 | 4)
    assert m.K == 0  # INITIAL LOAD leaves K alone


def test_initial_load_leaves_the_rest_of_the_tape_in_the_reader() -> None:
    tape = initial_load_tape([1, 2], leader=0)
    m = Machine()
    m.initial_load(Tape(tape.frames + [42]))
    assert m.tape_remaining == 1


def test_initial_load_skips_rubout_leader_and_any_start_frame() -> None:
    m = Machine()
    m.initial_load([63, 0, 63, 17, 0, 0, 5, 0, 0, 6, 63])
    assert m.memory[:2] == [5, 6]


def test_truncated_binary_tape_names_the_frame() -> None:
    frames = initial_load_tape([1, 2, 3, 4], leader=2).frames[:-4]
    m = Machine()
    with pytest.raises(InputError, match=r"frame \d+: truncated binary tape"):
        m.initial_load(Tape(frames, "short.ptw"))


def test_clear_start_clears_a_r_m_and_starts_at_zero() -> None:
    m = machine_with(["p 0"], A=5, R=6)
    m.memory[0] = order("p 2")
    m.M = 9
    m.clear_start()
    assert (m.A, m.R, m.M, m.K, m.X) == (0, 0, 0, 0, order("p 2"))


def test_initial_start_keeps_a_and_r() -> None:
    m = machine_with(["p 0"], A=5, R=6)
    m.memory[0] = order("a 3")
    m.memory[3] = 1
    m.initial_start()
    m.run(max_orders=1)
    assert m.A == 5 + (1 << 18) and m.R == 6


def test_restart_continues_at_k() -> None:
    m = machine_with(["a 200", "a 200", "a 200"], data={200: 1})
    m.step()
    m.restart()
    m.run()
    assert m.A == 3 << 18


def test_free_run_off_steps_one_order() -> None:
    m = machine_with(["a 200", "a 200", "a 200"], data={200: 1})
    stop = m.step()
    assert stop.reason == "step" and m.K == START + 1 and m.orders == 1
    m.step()
    assert m.K == START + 2 and m.A == 2 << 18


def test_deposit_at_k_refreshes_x() -> None:
    m = machine_with(["p 0"])
    m.memory[START] = order("a 200")
    assert m.X == order("a 200")


def test_order_limit_is_exact() -> None:
    m = machine_with(["a 200", f"jl {START}"], data={200: 1})
    stop = m.run(max_orders=1001)
    assert stop.reason == "order limit" and stop.orders == 1001 and m.orders == 1001
    assert m.A == 501 << 18


def test_cycle_limit_stops_between_blocks() -> None:
    m = machine_with(["a 200", f"jl {START}"], data={200: 1})
    stop = m.run(max_cycles=80)
    assert stop.reason == "cycle limit" and 80 <= stop.cycles < 80 + 48 * 8


def test_breakpoint_stops_before_the_order_and_resumes_past_it() -> None:
    m = machine_with(["a 200", "a 200", "a 200", "a 200"], data={200: 1})
    stop = m.run(breakpoints=[START + 2])
    assert stop.reason == "breakpoint" and m.K == START + 2 and m.A == 2 << 18
    stop = m.run(breakpoints=[START + 2])
    assert stop.reason == "halt" and m.A == 4 << 18


# a loop of five orders counting word 300 down from 4 to 0, then the halt at START + 5
COUNT_DOWN = ["p 300", "s 301", "t 300", f"z {START + 5}", f"jl {START}"]


def test_a_loop_that_starts_at_a_breakpoint_stops_there_every_round() -> None:
    m = machine_with(COUNT_DOWN, data={300: 4, 301: 1})
    stops = []
    for _ in range(10):
        stop = m.run(max_orders=1_000, breakpoints=[START])
        stops.append((stop.reason, stop.address, stop.orders))
        if stop.reason != "breakpoint":
            break
    # four rounds of five orders, the last leaving by `z` to the halt after four
    assert stops == [("breakpoint", START, 5)] * 3 + [("halt", START + 5, 5)]


def test_a_breakpoint_elsewhere_leaves_a_compiled_loop_whole(monkeypatch) -> None:
    # the loop goes round inside one call, as without a breakpoint: the breakpoint at 400
    # is never in its way (verify runs its whole computation with one at the printing)
    m = machine_with(COUNT_DOWN, data={300: 2_000, 301: 1})
    calls = []
    compile_plan = machine_module.compile_plan

    def counting(*args, **kw):
        fn = compile_plan(*args, **kw)

        def block(*a):
            calls.append(a[-1])
            return fn(*a)
        return block

    monkeypatch.setattr(machine_module, "compile_plan", counting)
    stop = m.run(breakpoints=[400])
    assert (stop.reason, stop.orders, m.memory[300]) == ("halt", 5 * 2_000, 0)
    assert len(calls) < 10  # a call per slice of the run, not one per round


def test_trace_sees_every_order() -> None:
    seen = []
    m = machine_with(["a 200", "a 200", f"jl {START + 3}", 0], data={200: 1})
    m.run(trace=lambda k, w: seen.append(k))
    assert seen == [START, START + 1, START + 2, START + 3]


def test_stop_button_ends_a_run() -> None:
    m = machine_with([f"jl {START + 1}", f"jl {START}"])
    seen = []

    def trace(k: int, w: int) -> None:
        seen.append(k)
        if len(seen) == 50:
            m.stop()

    stop = m.run(trace=trace)
    assert stop.reason == "stopped" and stop.orders == 50


def test_addresses_alias_modulo_512() -> None:
    m = machine_with(["p 600", "t 1100"], data={88: 0o1234})
    m.run()
    assert m.memory[1100 & 511] == 0o1234 and m.memory[600] == 0o1234


def test_k_wraps_from_511_to_0() -> None:
    m = Machine()
    m.memory[511] = order("a 300")
    m.memory[0] = order("a 300")
    m.memory[300] = 1
    m.K = 511
    m.restart()
    stop = m.run()
    assert m.A == 2 << 18 and stop.address == 1


def test_store_over_a_compiled_loop_changes_what_runs() -> None:
    m = machine_with(["a 200", "a 200", f"jl {START}"], data={200: 1})
    m.run(max_orders=30)
    m.memory[START + 1] = order("s 200")
    m.run(max_orders=30)
    a_after = m.A
    m.run(max_orders=30)
    assert m.A == a_after  # a then s: no net change per round


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=1, max_size=40))
def test_block_and_single_step_runs_agree(choices: list[int]) -> None:
    """Running fast (compiled blocks) and one order at a time give the same machine."""
    texts = ["a 300", "s 301", "l 3", "rl 2", "t 302", "x 302", "vl 300"]
    prog = [texts[c] for c in choices]
    data = {300: 0o123, 301: 0o45670, 302: 0}
    fast = machine_with(prog, data=data)
    fast.run()
    slow = machine_with(prog, data=data)
    while slow.step().reason == "step":
        pass
    assert fast.state() == slow.state()


def test_speaker_events_follow_the_cycle_count() -> None:
    m = machine_with(["y 31", "l 50", "yl 31", "l 50", "y 31"])
    m.cycles = 1000
    m.run()
    assert m.speaker_events == [(1000, 1), (1060, 0), (1120, 1)]


def test_a_store_compiled_unchecked_is_checked_once_code_is_compiled_there(monkeypatch) -> None:
    """The block at 100 is first compiled while nothing is compiled at 200, so its store
    there needs no check; once the jump compiles 200, the next pass must notice the store."""
    prog = ["p 300", "a 301", "t 300", "t 200", "jl 200"]
    data = {300: order("jl 94"), 301: 6}  # pass 1 plants `jl 100`, pass 2 `jl 106`
    m = machine_with(prog, data=data)
    # each block to itself: no region takes in the other
    monkeypatch.setattr(machine_module, "REGION_MAX", 1)
    stop = m.run(max_orders=1_000)
    assert (stop.reason, m.K, m.memory[200]) == ("halt", 107, order("jl 106"))
    assert stop.orders == 2 * 6 + 1  # two passes (five orders and the jump at 200), the halt


@pytest.mark.parametrize("how", ["plain", "breakpoint", "history", "watch"])
def test_a_long_store_into_a_compiled_odd_word_changes_what_runs(how: str) -> None:
    """`tl 200` writes the pair 200, 201; only 201 holds compiled code (200 never runs).
    The store must retire that code: the next pass at 201 runs the new `n 302`."""
    prog = {
        201: "p 302",   # first pass: A = +1 (upper half)
        202: "k 110",   # A < 0: done
        203: "jl 100",
        100: "pl 300",  # A:= the pair 300, 301 (a harmless word, then `n 302`)
        101: "tl 200",  # ...stored at 200, 201
        102: "jl 201",
    }
    m = Machine()
    for address, text in prog.items():
        m.memory[address] = order(text)
    m.memory[300], m.memory[301], m.memory[302] = order("j 0"), order("n 302"), 1
    m.K = 201
    m.restart()
    extra = {"plain": {}, "breakpoint": {"breakpoints": [400]},
             "history": {"history": TraceRing(64)}, "watch": {"watch": [450]}}[how]
    stop = m.run(max_orders=100, **extra)
    assert (stop.reason, stop.address) == ("halt", 110)
    assert m.A == 0o777777000000  # -1 in the upper half (stale code left +1: 0o1000000)
    assert stop.orders == 3 + 3 + 2 + 1  # a pass, the store, the new pass, the halt
