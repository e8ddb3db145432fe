"""The monitor against the Python API, driven by Hypothesis's stateful testing.

Two machines start alike: one is driven by monitor lines, the other (the twin) by the
Python API one order at a time.  After every operation they must be in the same state, and
a deposited word (short or long) must examine as itself.  Breakpoints and watchpoints, on
single addresses and on ranges, are checked against the twin stepping order by order, so the
compiled blocks of a free run are checked against single steps.
"""

from __future__ import annotations

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from pc1.machine.machine import Machine
from pc1.machine.orders import encode, mnemonic
from pc1.machine.word import signed18, signed36
from pc1.monitor.interpreter import LimitReached, Monitor
from pc1.monitor.values import examine_line

PROGRAM = 16  # the orders live in words 0-15; data in 16-31
GO_LIMIT = 400  # a run longer than this ends at the limit, on both sides alike

addresses = st.integers(0, 31)
# orders that keep to the program and data words: arithmetic, stores, jumps, shifts
orders = st.builds(
    encode,
    st.sampled_from("tpasczkjlrbxq"),
    st.integers(0, 31),
    st.booleans(),
)
words = st.one_of(orders, st.integers(0, (1 << 18) - 1))
# a long value whose halves differ (the even word of the pair is the upper half)
long_values = st.tuples(words, st.integers(1, (1 << 18) - 1)).map(
    lambda hs: hs[0] << 18 | (hs[0] + hs[1]) & 0o777777)


def spelled(value: int, how: int) -> str:
    """The same 18-bit word written three ways: octal, signed decimal, R0 order."""
    if how == 0:
        return f"0o{value:o}"
    if how == 1 or mnemonic(value) is None:
        return str(signed18(value))
    return mnemonic(value)


def twin_state(m: Machine) -> tuple:
    return (m.A, m.R, m.K, m.X, list(m.memory.words[:64]), m.orders)


class MonitorVersusApi(RuleBasedStateMachine):
    """Monitor lines on one machine, the Python API on its twin."""

    # orders only: a program of them runs for a while (a random word mostly halts at once)
    @initialize(program=st.lists(orders, min_size=32, max_size=32))
    def load(self, program: list[int]) -> None:
        self.monitor = Monitor()
        self.twin = Machine()
        self.monitor.machine.memory.load(0, program)
        self.twin.memory.load(0, program)
        self.monitor.machine.free_run = False

    @rule(a=addresses, value=words, how=st.integers(0, 2))
    def deposit_then_examine(self, a: int, value: int, how: int) -> None:
        out: list[str] = []
        self.monitor.out = lambda kind, text: out.append(text) if kind == "result" else None
        self.monitor.execute(f"deposit {a} {spelled(value, how)}")
        self.monitor.execute(f"examine {a}")
        self.twin.memory[a] = value
        assert out[-1] == examine_line(a, value)
        assert out[-1].startswith(f"{a}: {value:06o} {signed18(value)}")

    @rule(a=addresses, value=long_values, octal=st.booleans())
    def deposit_long_then_examine(self, a: int, value: int, octal: bool) -> None:
        out: list[str] = []
        self.monitor.out = lambda kind, text: out.append(text) if kind == "result" else None
        spelled = f"0o{value:o}" if octal else str(signed36(value))
        self.monitor.execute(f"deposit {a} {spelled} long")
        self.monitor.execute(f"examine {a} long")
        self.monitor.execute(f"assert long[{a}] == {spelled}")
        e = a & ~1
        self.twin.memory[e] = value >> 18
        self.twin.memory[e + 1] = value & 0o777777
        assert out[0] == out[1] and out[1].startswith(f"{e}: {value:012o} {signed36(value)} ")

    @rule(name=st.sampled_from("ARK"), value=st.integers(0, PROGRAM - 1))
    def set_register(self, name: str, value: int) -> None:
        self.monitor.execute(f"set {name} {value}")
        if name == "K":
            self.twin.K = value
            self.twin.restart()
        else:
            setattr(self.twin, name, value)

    @rule(name=st.sampled_from("AR"), value=long_values, octal=st.booleans())
    def set_register_long(self, name: str, value: int, octal: bool) -> None:
        """A and R take 36-bit values, negative ones as their two's complement."""
        self.monitor.execute(f"set {name} {f'0o{value:o}' if octal else signed36(value)}")
        setattr(self.twin, name, value)
        self.monitor.execute(f"assert {name} == {signed36(value)}")

    @rule(n=st.integers(1, 40))
    def step_n(self, n: int) -> None:
        self.monitor.execute(f"step {n}")
        done = 0
        for _ in range(n):
            done += 1
            if self.twin.step().reason != "step":
                break
        assert self.monitor.machine.last_stop.reason == self.twin.last_stop.reason
        event("step ran all N orders" if done == n else "step stopped early")

    @rule()
    def clear_start_one_order(self) -> None:
        self.monitor.execute("clear-start")  # FREE RUN is off: one order
        self.twin.clear_start()
        self.twin.step()

    @rule(at=st.integers(0, PROGRAM - 1), width=st.sampled_from([0, 0, 1, 3]),
          watching=st.booleans())
    def go_until_break_or_watch(self, at: int, width: int, watching: bool) -> None:
        """`go` must stop exactly where the twin, stepping, first meets the break or watch
        (on the address `at`, or on the range `at`-`at + width`)."""
        mon = self.monitor
        first = at + (PROGRAM if watching else 0)
        last = min(first + width, 2 * PROGRAM - 1 if watching else PROGRAM - 1)
        spot = f"{first}-{last}" if width else str(first)
        mon.execute(f"{'watch' if watching else 'break'} {spot}")
        # the twin stops at these addresses (K for a break, the changed word for a watch)
        spots = range(first, last + 1)
        mon.max_orders = mon.orders_used + GO_LIMIT
        try:
            mon.execute("go")
        except LimitReached:
            pass
        mon.execute("nobreak all")
        mon.max_orders = None
        reason = "order limit"
        for n in range(GO_LIMIT):
            if not watching and n > 0 and self.twin.K in spots:
                reason = "breakpoint"
                break
            before = [self.twin.memory[a] for a in spots]
            stop = self.twin.step()
            if stop.reason != "step":
                reason = stop.reason
                break
            if watching and [self.twin.memory[a] for a in spots] != before:
                reason = "watchpoint"
                break
        assert mon.machine.last_stop.reason == reason
        event(f"go on a {'range' if width else 'single address'}: {reason}")

    @invariant()
    def same_state(self) -> None:
        if hasattr(self, "twin"):
            assert twin_state(self.monitor.machine) == twin_state(self.twin)


MonitorVersusApi.TestCase.settings = settings(
    max_examples=40, stateful_step_count=25, deadline=None,
    suppress_health_check=[HealthCheck.too_slow])
test_monitor_matches_the_python_api = MonitorVersusApi.TestCase


def test_a_script_ends_where_the_api_ends() -> None:
    """A script's final state equals the same operations done through the Python API."""
    from pc1.machine.orders import encode as e

    program = [e("p", 20), e("a", 21), e("t", 22), e("j", 0, True)]
    script = "\n".join([f"deposit {a} {mnemonic(w)}" for a, w in enumerate(program)] +
                       ["deposit 20 5", "deposit 21 0o7", "break 3", "clear-start",
                        "step 2", "set A -3", "go 2", "nobreak 3", "step 5"])
    mon = Monitor()
    mon.run_text(script, "api.pc1s")
    m = Machine()
    m.memory.load(0, program)
    m.memory[20], m.memory[21] = 5, 7
    m.clear_start()
    m.run(breakpoints=[3])
    m.run(max_orders=2)
    m.A = -3 & ((1 << 36) - 1)
    m.K = 2
    m.restart()
    assert m.run(breakpoints=[3]).reason == "breakpoint"  # t 22, then the break at 3
    assert m.memory[22] == (-3 & ((1 << 36) - 1)) >> 18
    m.run(max_orders=5)
    assert twin_state(mon.machine) == twin_state(m)


def test_a_break_between_chunks_of_a_long_run_still_stops(monkeypatch) -> None:
    """A run is done in chunks; a breakpoint at the first order of a chunk must stop it."""
    import pc1.monitor.interpreter as interpreter

    monkeypatch.setattr(interpreter, "CHUNK_ORDERS", 2)
    mon = Monitor()
    # p 0 ; a 0 ; jl 0 : round and round; the chunks of 2 orders begin at 0, 2 (=jl), 1, ...
    mon.machine.memory.load(0, [encode("p", 0), encode("a", 0), encode("j", 0, True)])
    mon.execute("break 2")
    mon.execute("go 0")
    assert (mon.machine.last_stop.reason, mon.machine.K, mon.machine.orders) == (
        "breakpoint", 2, 2)
