"""The compiler's behaviour against a whole reference PC-1, on many small programs.

The oracle is tests/pc1/machine/reference_pc1.py: every order written out from the order
table, one at a time, sharing nothing with the compiler.  The programs are drawn with a fixed
seed (the same programs every run, in a few seconds: the tests of the mutation target
`compiler`, tests/mutation/mutate.py): every order in both forms, shifts of every kind of
count, divisions that fit and that overflow, stores that rewrite the program's own orders
(their function bits, their address fields, the odd partner of a long word, orders turned
into jumps, I/O or halts), loops closing on themselves, jumps to themselves, the reader,
the teleprinter and the flip-flops.  Each program runs in one of the run modes (limits,
chunks, no limit, breakpoints, watched words, a history, a cycle limit) at a tier
(`compile_after`), and after each run the machine must equal the reference: registers, K
and X, the store, orders, cycles, devices and the stop.
"""

from __future__ import annotations

import random

import pytest

import pc1.machine.compiler as compiler
from pc1 import Machine
from pc1.machine import TraceRing
from tests.pc1.helpers import order
from tests.pc1.machine.reference_pc1 import RefMachine

START = 100
DATA = 300
SEED = 29


@pytest.fixture(autouse=True)
def _compile_afresh():
    """Each test compiles its step functions and blocks itself: functions made earlier in
    the process (under mutmut: before the mutant was switched on) would hide the compiler
    under test."""
    compiler._STEPS.clear()
    compiler._CACHE.clear()


def _machine_state(m: Machine) -> tuple:
    return (m.A, m.R, m.M, m.K, m.X, list(m.memory.words), m.orders, m.cycles, m.ff30,
            m.ff31, list(m.speaker_events), list(m.teleprinter.printed), m.tape_position)


_SHIFT_COUNTS = [0, 1, 2, 5, 17, 18, 35, 36, 40, 70, 127, 128, 129, 300, 1023, 1024, 1025,
                 1030, 1900, 1919, 1920, 1921, 2047]
_EDGES = [0, 1, 0o2000, 0o3777, 0o4000, 0o377777, 0o400000, 0o777777, 0o400001, 0o177777]


def _program(rng: random.Random, length: int,
             start: int = START) -> tuple[dict[int, int], list[int]]:
    """(words of the program at `start` and its data, tape frames).  A program at an odd
    address has a long store's even partner outside its code (`tl` into `start - 1`)."""
    code = [start + i for i in range(length)]

    def data_address(long: bool) -> int:
        a = DATA + rng.randrange(16)
        return a & ~1 if long else a

    def one() -> list[str]:
        kind = rng.random()
        if kind < 0.30:
            letter = rng.choice("pascbnqvwdpa")
            long = rng.random() < 0.4
            return [f"{letter}{'l' if long else ''} {data_address(long)}"]
        if kind < 0.40:
            return [f"{rng.choice(['l', 'r', 'll', 'rl'])} {rng.choice(_SHIFT_COUNTS)}"]
        if kind < 0.50:
            return [f"{rng.choice(['z', 'zl', 'k', 'kl', 'jl'])} {rng.choice(code)}"]
        if kind < 0.58:  # a store into the program: its own orders rewritten
            long = rng.random() < 0.35
            letter = rng.choice("tx") if not long else "t"
            target = rng.choice([*code, start - 1]) if long else rng.choice(code)
            return [f"p{'l' if long else ''} {data_address(long)}",
                    f"{letter}{'l' if long else ''} {target}"]
        if kind < 0.66:
            return [f"{rng.choice(['t', 'x', 'tl'])} {data_address(False)}"]
        if kind < 0.71:  # a counting loop closing on its first order
            head = len(code) and rng.choice(code)
            return [f"p {DATA}", f"s {DATA + 1}", f"t {DATA}", f"z {rng.choice(code)}",
                    f"jl {head}"]
        if kind < 0.76:  # a division that fits: small A over a big M
            return [f"p {data_address(False)}", f"r {rng.choice([3, 20, 40])}",
                    f"d{'l' if rng.random() < 0.5 else ''} {DATA + 14}"]
        if kind < 0.84:
            return [rng.choice([f"i {rng.choice(code)}", "o 0", f"o {rng.choice(code)}",
                                "y 31", "yl 31", "y 30", "yl 30", "y 29", "il 5", "xl 7",
                                "j 3"])]
        if kind < 0.87:
            return ["0"]
        return [f"{rng.choice('pa')} {data_address(False)}"]

    texts: list[str] = []
    while len(texts) < length:
        texts += one()
    texts = texts[:length]
    if rng.random() < 0.6:  # most programs go round: their code gets hot and is rewritten
        texts[-1] = rng.choice([f"jl {start}", f"jl {start}", f"k {start}", f"zl {start + 1}"])
    words = {start + i: (0 if t == "0" else order(t)) for i, t in enumerate(texts)}
    orders_as_data = [order(t) for t in (
        "a 300", "s 301", "al 302", "p 303", "l 3", "l 1030", "r 200", "b 300", "vl 304",
        "d 314", "w 305", "q 306", "n 307", "c 308", f"jl {START}", f"z {START + 2}",
        f"k {START + 1}", "i 0", "o 0", "y 31", f"x {START + 3}", f"t {START + 4}",
        f"tl {START + 4}", "ql 306", "il 0", "xl 0")] + [0]
    for i in range(16):
        pick = rng.random()
        words[DATA + i] = (rng.choice(orders_as_data) if pick < 0.45
                           else rng.choice(_EDGES) if pick < 0.6 else rng.randrange(1 << 18))
    words[DATA + 14] = rng.choice([0o377777, 0o200001, 0o400001, 0o777777, 0o123457, 0])
    words[DATA + 15] = rng.randrange(1 << 18)
    tape = [rng.randrange(64) for _ in range(rng.randrange(6))]
    return words, tape


def _pair(words: dict[int, int], tape: list[int], a: int, r: int,
          compile_after: int, start: int = START) -> tuple[Machine, RefMachine]:
    m = Machine(compile_after=compile_after)
    mem = [0] * 512
    for address, w in words.items():
        m.memory[address] = w
        mem[address] = w
    m.A, m.R, m.K = a, r, start
    m.restart()
    m.load_tape(tape)
    return m, RefMachine(mem, A=a, R=r, K=start, tape=list(tape))


def _same(m: Machine, ref: RefMachine, stop, expected: tuple, before: tuple[int, int]) -> None:
    reason, address, watched = expected
    assert (stop.reason, stop.address, stop.watched) == (reason, address, watched)
    assert (stop.orders, stop.cycles) == (ref.orders - before[0], ref.cycles - before[1])
    assert _machine_state(m) == ref.state()


_ANY = ["a 300", "s 301", "al 302", "p 305", "c 300", "b 301"]
_WORDS_18 = [0, 1, 0o1000, 0o377777, 0o400000, 0o777777, 0o252525, 0o525252, 0o3777,
             0o4000, 0o123456]
_A_VALUES = [0, 1, (1 << 35) - 1, 1 << 35, (1 << 36) - 1, 1 << 18, (1 << 18) - 1, 0o1234 << 18]


def _registers(rng: random.Random) -> tuple[int, int]:
    a = rng.choice(_A_VALUES) if rng.random() < 0.3 else rng.randrange(1 << 36)
    return a, rng.randrange(1 << 36)


MODES = ["limit", "chunks", "free", "breakpoints", "watch", "history", "cycles"]
CASES = 80  # programs per mode


def _run_mode(mode: str, index: int) -> None:
    rng = random.Random(f"{SEED}-{mode}-{index}")
    start = rng.choice([START, START + 1])
    words, tape = _program(rng, rng.randrange(6, 17), start)
    a, r = _registers(rng)
    _check(mode, rng, words, tape, a, r, rng.choice([1, 1, 2, 3, 5]), start)


def _check(mode: str, rng: random.Random, words: dict[int, int], tape: list[int], a: int,
           r: int, tier: int, start: int = START, limit: int | None = None,
           ready: bool = True) -> None:
    """Run the program in this mode and tier; after each run it must equal the reference."""
    m, ref = _pair(words, tape, a, r, tier, start)
    m.teleprinter.ready = ref.ready = ready
    limit = limit or rng.randrange(1, 400)
    if mode == "limit":
        before = ref.orders, ref.cycles
        stop = m.run(max_orders=limit)
        _same(m, ref, stop, ref.run(limit), before)
    elif mode == "chunks":  # runs cut anywhere go on where they stopped
        for _ in range(rng.randrange(2, 8)):
            chunk = rng.randrange(1, 60)
            before = ref.orders, ref.cycles
            stop = m.run(max_orders=chunk)
            _same(m, ref, stop, ref.run(chunk), before)
            if stop.reason != "order limit":
                break
    elif mode == "free":
        probe = RefMachine(list(ref.mem), A=a, R=r, K=start, tape=list(tape))
        reason, _, _ = probe.run(1000)
        if reason == "order limit":  # a loop: run it with a limit instead
            stop = m.run(max_orders=1000)
            _same(m, ref, stop, ref.run(1000), (0, 0))
        else:
            stop = m.run()
            _same(m, ref, stop, ref.run(), (0, 0))
    elif mode == "breakpoints":
        bps = frozenset(rng.sample([(start + i) & 511 for i in range(16)], rng.randrange(1, 4)))
        for _ in range(4):
            before = ref.orders, ref.cycles
            stop = m.run(max_orders=limit, breakpoints=bps)
            _same(m, ref, stop, ref.run(limit, breakpoints=bps), before)
            if stop.reason != "breakpoint":
                break
    elif mode == "watch":
        # words the program stores into, mostly
        stored = [w & 511 for a, w in words.items() if a < DATA and w >> 12 in (1, 23)]
        pool = stored * 4 + [*range(DATA, DATA + 16), *((start + i) & 511 for i in range(16))]
        watched = frozenset(rng.sample(pool, rng.randrange(1, 4)))
        ring = TraceRing(1000) if rng.random() < 0.5 else None  # both options at once
        for _ in range(4):
            before = ref.orders, ref.cycles
            stop = m.run(max_orders=limit, watch=watched, history=ring)
            _same(m, ref, stop, ref.run(limit, watch=watched), before)
            if stop.reason != "watchpoint":
                break
        if ring is not None:
            assert [tuple(e) for e in ring.entries()] == ref.history[-1000:]
    elif mode == "history":
        capacity = rng.randrange(1, 80)
        ring = TraceRing(capacity)
        stop = m.run(max_orders=limit, history=ring)
        _same(m, ref, stop, ref.run(limit), (0, 0))
        assert [tuple(e) for e in ring.entries()] == ref.history[-capacity:]
    else:  # a cycle limit stops between blocks, at a state the reference passes through
        budget = rng.randrange(1, 3000)
        stop = m.run(max_cycles=budget)
        expected = ref.run(stop.orders)
        if stop.reason == "cycle limit":
            assert stop.cycles >= budget
            expected = ("cycle limit", ref.K, None)
        _same(m, ref, stop, expected, (0, 0))


@pytest.mark.parametrize("mode", MODES)
def test_runs_equal_the_reference(mode: str) -> None:
    for index in range(CASES):
        _run_mode(mode, index)


def _words(texts: dict[int, str | int]) -> dict[int, int]:
    return {a: order(t) if isinstance(t, str) else t for a, t in texts.items()}


# programs that do on purpose what the drawn ones do by chance
SCRIPTED: dict[str, tuple] = {
    # the order at 106 is taken from a table, another each pass: arms for each, then too
    # many arms (the word counts as data), then a jump, an output and a halt
    "order table": ({100: "p 300", 101: "a 301", 102: "t 300", 103: "x 104", 104: "p 0",
                     105: "t 106", 106: "a 310", 107: "jl 100", 300: 319, 301: 1,
                     310: 0o1234, 311: 5,
                     **{320 + i: t for i, t in enumerate([
                         "a 310", "s 311", "al 310", "p 311", "c 310", "b 311", "n 310",
                         "l 3", "r 1030", "v 311", "q 310", "sl 310", "t 340", "a 311",
                         "jl 108", "o 0", "y 31", 0])}},
                    []),
    # a load right before an order that flips between one with an operand and one
    # without: M is the load's until the next order loads its own
    "load before a flip": ({100: "p 300", 101: "b 301", 102: "t 300", 103: "t 107",
                            106: "p 311", 107: "a 310", 108: "t 312", 109: "jl 100",
                            104: "p 313", 105: "s 301", 300: "a 310",
                            301: order("a 310") ^ order("l 3"), 310: 0o1234, 311: 5,
                            313: 0o777},
                           []),
    # the order at 105 counts through the order code (in and out of jumps, I/O and halts)
    "order counter": ({100: "p 300", 101: "a 301", 102: "t 300", 103: "t 105", 104: "p 302",
                       106: "jl 100", 300: "a 310", 301: 1 << 11, 302: 0o4321,
                       310: 0o1234, 311: 5},
                      []),
    "order counter, long": ({100: "p 300", 101: "a 301", 102: "t 300", 103: "t 105",
                             104: "pl 310", 106: f"jl {START}", 300: "al 310", 301: 3 << 11,
                             310: 0o777, 311: 0o1234},
                            []),
    # the order at 105 flips between `al` and `sl` each pass (Wada's flips); an `x` writes
    # its address field, keeping the function bits it has now; another `x` after it
    "flip": ({100: "p 300", 101: "b 301", 102: "t 300", 103: "t 105", 104: "x 105",
              105: "al 302", 106: "x 310", 107: "jl 100", 300: "al 302",
              301: order("al 302") ^ order("sl 302"), 302: 3, 303: 0o777777},
             []),
    # an `x` plants a fresh address into an add and a shift each pass
    "planted addresses": ({100: "p 300", 101: "a 301", 102: "t 300", 103: "x 105",
                           104: "x 107", 105: "a 0", 106: "s 311", 107: "l 0",
                           108: "jl 100", 300: 1020, 301: 1, 311: 0o70},
                          []),
    # the loop's own closing jump moves on by one each pass, out of the loop
    "moving jump": ({100: "p 300", 101: "a 301", 102: "t 300", 103: "x 105", 104: "a 302",
                     105: "jl 100", 300: 100, 301: 1, 302: 0o4000},
                    []),
    # the loop's closing jump goes to its start and to the order after it by turns
    "alternating jump": ({100: "p 300", 101: "b 301", 102: "t 300", 103: "x 106",
                          104: "a 302", 105: "s 302", 106: "jl 100", 300: 100, 301: 1,
                          302: 0o4000},
                         []),
    # a program that starts at address 0, its first block ending with a jump elsewhere
    # (to an output: a block of its own; not a loop, though the jump's bit 9 is clear), and
    # goes round through the top of the store
    "top and bottom": ({508: "p 300", 509: "s 301", 510: "t 300", 511: "jl 0", 0: "p 300",
                        1: "z 5", 2: "a 302", 3: "t 302", 4: "jl 6", 6: "y 30",
                        7: "jl 508", 300: 5, 301: 1},
                       [], 0),
    # a block that ends at 511 before an output at 0: its successor is 0, not 512
    "over the top": ({506: "p 300", 507: "s 301", 508: "t 300", 509: "z 3", 510: "a 302",
                      511: "t 302", 0: "y 30", 1: "jl 506", 300: 4, 301: 1},
                     [], 506),
    # stores, loads and jumps to addresses past 511 (they alias) and to the store's last
    # words: store targets 511, the pair 510-511 (also as `tl 1023`), 88, and the `x`
    # into 511
    "aliased addresses": ({100: "p 300", 101: "t 511", 102: "tl 1534", 103: "x 1023",
                           104: "t 600", 105: "p 1100", 106: "a 1612", 107: "t 1324",
                           108: "s 301", 109: "t 300", 110: "k 113", 111: "tl 1023",
                           112: "jl 612",
                           300: 3, 301: 1, 76: 0o70, 88: 5},
                          []),
    # a region: an outer loop and an inner loop that jumps back to its own start
    "inner loop": ({100: "p 304", 101: "t 302", 102: "p 300", 103: "s 301", 104: "t 300",
                    105: "z 112", 106: "jl 107", 107: "p 302", 108: "a 301", 109: "t 302",
                    110: "k 107", 111: "jl 100", 300: 6, 301: 1, 304: 0o777771},
                   []),
    # the reader empties inside a loop that drives the speaker
    "reader and speaker": ({100: "i 104", 101: "y 31", 102: "l 40", 103: "jl 100",
                            104: "yl 31", 105: "rl 1900", 106: "y 30", 107: "i 107"},
                           [5, 17, 63, 0]),
    # a long store into a compiled odd word whose even partner is data
    "odd partner": ({100: "pl 300", 101: "tl 104", 102: "p 302", 103: "jl 105",
                     105: "a 303", 106: "k 110", 107: "jl 100", 300: "j 0", 301: "n 303",
                     302: 3, 303: 1},
                    []),
    # a store into code not compiled yet, compiled later
    "store ahead": ({100: "p 300", 101: "a 301", 102: "t 300", 103: "t 120", 104: "jl 120",
                     300: f"jl {START - 6}", 301: 6},
                    []),
    "divide and multiply": ({100: "pl 300", 101: "dl 302", 102: "t 304", 103: "vl 302",
                             104: "w 305", 105: "wl 306", 106: "d 305", 107: "q 306",
                             108: "r 1040", 109: "ll 3", 110: "jl 100",
                             300: 0o17, 301: 0o4321, 302: 0o300000, 303: 7,
                             305: 0o400003, 306: 0o12345, 307: 0o54321},
                            []),
}


@pytest.mark.parametrize("name", sorted(SCRIPTED))
def test_scripted_programs_equal_the_reference(name: str) -> None:
    texts, tape, *at = SCRIPTED[name]
    words = _words(texts)
    rng = random.Random(f"{SEED}-{name}")
    for mode in MODES:
        for tier in (1, 3):
            _check(mode, rng, words, tape, 0, 0, tier, *at, limit=rng.randrange(100, 600))


def test_a_printer_that_never_frees_up_stops_the_run() -> None:
    words = _words({100: "p 300", 101: "o 103", 102: "jl 100", 103: "o 103", 300: 0o7})
    rng = random.Random(SEED)
    for mode in MODES:
        for tier in (1, 3):
            _check(mode, rng, words, [], 0, 0, tier, ready=False)


def test_runs_with_the_disk_cache_of_compiled_code_equal_the_reference(tmp_path,
                                                                       monkeypatch) -> None:
    """Code compiled in one run and loaded from the disk cache in the next is the code for
    the same orders: each step function and block is filed under what it is made from."""
    monkeypatch.setenv("PC1_CODE_CACHE", str(tmp_path))
    for _ in range(2):  # the second time every function comes from the disk
        compiler._STEPS.clear()
        compiler._CACHE.clear()
        for mode in ("limit", "history", "watch"):
            for index in range(6):
                _run_mode(mode, index)
    assert any(tmp_path.rglob("*"))


@pytest.mark.parametrize("long", ["al 0", "ll 0"])
def test_programs_that_differ_in_one_l_bit_run_one_after_the_other(long: str) -> None:
    """The same program with one order's l bit set, in a second machine of the same
    process: each runs its own orders (compiled functions are shared by what they hold)."""
    texts, tape = SCRIPTED["planted addresses"]
    rng = random.Random(SEED)
    for variant in ({}, {105 if long.startswith("a") else 107: long}):
        words = _words({**texts, **variant})
        for tier in (1, 3):
            _check("limit", rng, words, tape, 0, 0, tier, limit=300)


def test_a_watched_run_with_a_history_leaves_m_as_the_reference_after_a_flip() -> None:
    """With a history, a load right before an order with arms goes into M: a watchpoint
    right after the flip to an order without an operand shows the load's M."""
    texts, tape = SCRIPTED["load before a flip"]
    words = _words(texts)
    for tier in (1, 3):
        m, ref = _pair(words, tape, 0, 0, tier)
        ring = TraceRing(50)
        for _ in range(6):
            before = ref.orders, ref.cycles
            stop = m.run(max_orders=500, watch=[312], history=ring)
            _same(m, ref, stop, ref.run(500, watch=frozenset({312})), before)
        assert [tuple(e) for e in ring.entries()] == ref.history[-50:]


# stores into compiled code beside stores into data, which need no check: the check after
# the store into code must stay, or the order it rewrites runs stale.  A short store into
# odd 201 (`s` and `a` by turns) beside stores into 200 and 0; a long store into the pair
# 200-201 (the jump at 200 moves between 202 and 203) beside a short store into 201; a
# store into an order whose address field moves, beside an `x` into the same word
STORES_BESIDE_DATA = {
    "short, odd": {100: "p 300", 101: "b 301", 102: "t 300", 103: "t 200", 104: "t 0",
                   105: "t 201", 106: "p 304", 107: "jl 201", 201: "s 302", 202: "t 305",
                   203: "jl 100", 300: "a 302", 301: order("a 302") ^ order("s 302"),
                   302: 5, 304: 7},
    "long, odd address": {100: "p 300", 101: "b 301", 102: "t 300", 103: "t 201",
                          104: "tl 201", 105: "p 304", 106: "jl 200", 200: "jl 202",
                          202: "a 302", 203: "t 305", 204: "jl 100", 300: "jl 203",
                          301: order("jl 202") ^ order("jl 203"), 302: 5, 304: 7},
    # a counter stored as the order at 105 each pass (its address field moves: read as it
    # runs, no longer compiled in), then `al 0` (new function bits); the `x 105`, a data
    # store as far as compiled code goes, must not take the store's check with it
    "short, into a moving address": {100: "p 300", 101: "a 301", 102: "t 300", 103: "t 105",
                                     104: "x 105", 105: "a 2045", 106: "t 303",
                                     107: "jl 100", 300: "a 2044", 301: 1, 0: 3, 1: 5},
}


@pytest.mark.parametrize("name", sorted(STORES_BESIDE_DATA))
def test_a_store_into_code_beside_stores_into_data_is_checked(name: str) -> None:
    words = _words(STORES_BESIDE_DATA[name])
    rng = random.Random(f"{SEED}-{name}")
    for mode in MODES:
        for tier in (1, 3):
            _check(mode, rng, words, [], 0, 0, tier, limit=rng.randrange(100, 600))
