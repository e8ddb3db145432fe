"""Runs of orders that compiled blocks do on the halves of A and M (pc1/machine/halves.py).

The oracle here is not the machine: a plain reference written from docs/machine.md's
order table, one order at a time on whole 36-bit registers.  The programs are shaped so
that most of them hold runs of short `p a s n c b t x z k` orders (the ones done in
halves), mixed with long orders, which need the whole registers back, and exits.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pc1.machine.orders import decode
from tests.pc1.helpers import START, machine_with, order
from tests.strategies import any36, share_of

MASK36 = (1 << 36) - 1
DATA = 300
LENGTH = 16
HALVES = set("pasncbtxzk")  # orders the compiler can do in halves


def reference(mem: list[int], a: int, r: int, m: int, k: int, limit: int):
    """Run up to `limit` orders of the subset used here; (A, R, M, K, orders)."""
    done = 0
    while done < limit:
        word = mem[k]
        found, long, n = decode(word)
        if found is None:  # a halt: K has advanced past it
            return a, r, m, (k + 1) & 511, done + 1
        letter, k = found.letter, (k + 1) & 511
        done += 1
        if letter in "pasncbq":
            e = n & 510
            m = mem[e] << 18 | mem[e + 1] if long else mem[n & 511] << 18
        if letter == "p":
            a = m
        elif letter == "a":
            a = (a + m) & MASK36
        elif letter == "s":
            a = (a - m) & MASK36
        elif letter == "n":
            a = -m & MASK36
        elif letter == "c":
            a &= m
        elif letter == "b":
            a ^= m
        elif letter == "q":
            a, r = r, m
        elif letter == "t" and long:
            mem[n & 510], mem[(n & 510) + 1] = a >> 18, a & 0o777777
        elif letter == "t":
            mem[n & 511] = a >> 18
        elif letter == "x":
            mem[n & 511] = (mem[n & 511] & 0o774000) | ((a >> 18) & 2047)
        elif (letter == "z" and (not a if long else not (a >> 18) & 2047)
              or letter == "k" and bool(a >> 35) != long or letter == "j"):
            if n & 511 == (k - 1) & 511:  # a jump to itself: the machine stops there
                return a, r, m, n & 511, done
            k = n & 511
    return a, r, m, k, done


_data = [f"{DATA + i}" for i in range(8)]
_short = [f"{letter} {d}" for letter in "pasncb" for d in _data]
_long = [f"{letter}l {DATA + i}" for letter in "pasncbq" for i in (0, 2, 4, 6)]
_stores = [f"t {DATA + i}" for i in range(8)] + [f"tl {DATA + i}" for i in (0, 2, 4, 6)] + [
    f"x {DATA + i}" for i in range(8)]
_exits = [f"{letter} {START + i}" for i in range(LENGTH) for letter in ("z", "zl", "k", "kl", "jl")]
_long_halves = [t for t in _long if not t.startswith("q")]
# a run done in halves: short orders mostly, long ones (done whole) among them
_run = st.lists(st.sampled_from(_short) | st.sampled_from(_long_halves), min_size=3, max_size=6)
_tests = [f"{letter} {START + i}" for i in range(LENGTH) for letter in ("z", "zl", "k", "kl")]
_piece = st.one_of(
    _run,
    _run.map(lambda run: [*run, f"t {DATA + len(run)}"]),
    st.tuples(_run, st.sampled_from(_tests)).map(lambda pair: [*pair[0], pair[1]]),
    st.sampled_from(_stores).map(lambda t: [t]),
    st.sampled_from(_long).map(lambda t: [t]),
    st.sampled_from(_exits).map(lambda t: [t]),
)
programs = st.lists(_piece, min_size=4, max_size=LENGTH).map(
    lambda pieces: [t for piece in pieces for t in piece][:LENGTH])
# the edges of the sign bit (17) and the address part (10..0) in halves
_edges = [0, 1, 0o2000, 0o3777, 0o4000, 0o200000, 0o377777, 0o400000, 0o600000, 0o777777]
data_words = st.lists(st.integers(0, (1 << 18) - 1) | st.sampled_from(_edges),
                      min_size=8, max_size=8)


def _has_half_run(prog: list[str]) -> bool:
    letters = [t.split()[0][0] for t in prog]
    return any(all(x in HALVES for x in letters[i:i + 3]) for i in range(len(letters) - 2))


def test_most_programs_hold_a_run_of_short_orders() -> None:
    assert share_of(programs, _has_half_run) >= 0.8


@settings(max_examples=150, deadline=None)
@given(programs, data_words, any36, any36, st.integers(1, 300))
def test_blocks_equal_the_reference_on_runs_of_short_orders(
        prog: list[str], data: list[int], a: int, r: int, limit: int) -> None:
    m = machine_with(prog, data={DATA + i: v for i, v in enumerate(data)}, A=a, R=r)
    mem = list(m.memory.words)
    stop = m.run(max_orders=limit)
    ra, rr, rm, rk, done = reference(mem, a, r, 0, START, limit)
    assert (m.A, m.R, m.M, m.K, stop.orders) == (ra, rr, rm, rk, done)
    assert list(m.memory.words) == mem


def test_a_sum_of_short_words_wraps_like_the_hardware() -> None:
    """p, a, s on halves: the result keeps its lower half zero and wraps at 2^36."""
    prog = ["p 300", "a 301", "a 301", "s 302", "t 303", "k 107", "n 300", "x 304"]
    data = {300: 0o300000, 301: 0o440000, 302: 1, 304: order("p 0")}
    m = machine_with(prog, data=data)
    m.run(max_orders=8)
    assert m.memory[303] == 0o300000 + 2 * 0o440000 - 1 - 0o1000000  # wrapped, and >= 0
    assert m.A == (1 << 36) - (0o300000 << 18)
    assert m.memory[304] == order("p 0") & 0o774000 | (m.A >> 18) & 2047


# words drawn by their parts: the top two bits (sign and the one below), the middle, and
# the address part with its edges, so each test meets every outcome often
_parted = st.builds(lambda top, middle, low: top << 16 | middle << 11 | low,
                    st.integers(0, 3), st.integers(0, 31),
                    st.sampled_from([0, 1, 0o2000, 0o3777]) | st.integers(0, 0o3777))


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(["p", "pl", "n", "nl"]),
       st.sampled_from(["p", "a", "s", "n", "c", "b", "pl", "al", "sl", "nl", "cl", "bl"]),
       st.sampled_from(["z", "zl", "k", "kl"]),
       st.lists(st.just(0) | _parted, min_size=8, max_size=8))
def test_a_test_right_after_orders_in_halves_decides_like_the_reference(
        first: str, op: str, test: str, data: list[int]) -> None:
    """The tests read the sign, the address part and zero from the halves; a long store
    writes both."""
    prog = [f"{first} 300", f"{op} 302", f"{test} {START + 5}", "tl 306", "p 304", "t 305"]
    m = machine_with(prog, data={DATA + i: v for i, v in enumerate(data)})
    mem = list(m.memory.words)
    stop = m.run(max_orders=20)
    expected = reference(mem, 0, 0, 0, START, 20)
    assert (m.A, m.R, m.M, m.K, stop.orders) == expected
    assert list(m.memory.words) == mem


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["z", "zl"]), st.sampled_from(["pl", "al", "bl"]),
       st.integers(0, 3).map(lambda i: [0, 1, 0o400000, 0o777777][i]),
       st.integers(0, 3).map(lambda i: [0, 1, 0o4000, 0o777777][i]))
def test_zero_tests_look_at_both_halves_when_the_lower_one_is_known(
        test: str, op: str, upper: int, lower: int) -> None:
    """zl jumps only when both halves of A are zero; z only when the address part is."""
    prog = ["p 300", f"{op} 302", f"{test} {START + 4}", "p 304", "t 305"]
    m = machine_with(prog, data={300: 0, 301: 0, 302: upper, 303: lower, 304: 7})
    mem = list(m.memory.words)
    stop = m.run(max_orders=20)
    assert (m.A, m.R, m.M, m.K, stop.orders) == reference(mem, 0, 0, 0, START, 20)


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(["p", "a", "n", "c", "b"]), st.sampled_from(["z", "k", "zl", "kl"]),
       st.integers(0, 63), _parted)
def test_a_jump_out_after_an_input_gives_the_input_not_the_stale_half(
        op: str, test: str, code: int, word: int) -> None:
    """`i` writes A whole after a run on halves: a jump that leaves right after it hands on
    the character read, not the half A held before (today an input ends its block; this
    holds the compiler to it if blocks ever run on through one)."""
    prog = ["p 300", f"{op} 301", "i 120", f"{test} {START + 10}", "p 302", "t 303"]
    m = machine_with(prog, data={300: word, 301: word ^ 0o252525, 302: 5})
    m.load_tape([code])
    stop = m.run(max_orders=20)
    a = code << 30  # the character in A's top six bits, the rest zero
    jumps = {"z": not (a >> 18) & 2047, "zl": not a, "k": bool(a >> 35), "kl": not a >> 35}
    if jumps[test]:  # to START + 10, a halt
        assert (m.A, m.K, stop.orders) == (a, START + 11, 5)
    else:
        assert (m.A, m.memory[303], m.K, stop.orders) == (5 << 18, 5, START + 7, 7)
