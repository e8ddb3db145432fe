"""fft.pc1: a bit-exact Python model of its fixed-point arithmetic, on its signal and others."""

from __future__ import annotations

import cmath
import math
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pc1 import Machine, read_tape
from pc1.cli.main import main
from tests.pc1.program_runs import TAPES, loaded

N = 32
ONE = 2**17  # short words are fractions with 17 bits after the point


def quantize(x: float) -> int:
    return min(round(x * ONE), ONE - 1)  # 1 itself is not a short fraction


SIGNAL = [quantize(0.25 * math.cos(2 * math.pi * 3 * n / N) + 0.125
                   * math.sin(2 * math.pi * 5 * n / N) + 0.0625) for n in range(N)]
COS = [quantize(math.cos(2 * math.pi * k / N)) for k in range(N // 2)]
SIN = [quantize(math.sin(2 * math.pi * k / N)) for k in range(N // 2)]
REV = [int(f"{k:05b}"[::-1], 2) for k in range(N)]


def model(re: list[int], im: list[int]) -> tuple[list[int], list[int]]:
    """The program's transform step by step: floor halvings, floor of summed products."""
    re, im = list(re), list(im)
    h, step = N // 2, 1
    while h:
        for g in range(0, N, 2 * h):
            for j in range(h):
                i, k, t = g + j, g + j + h, j * step
                ar, ai, br, bi = re[i], im[i], re[k], im[k]
                re[i], im[i] = (ar + br) >> 1, (ai + bi) >> 1
                dr, di = (ar - br) >> 1, (ai - bi) >> 1
                re[k] = (dr * COS[t] + di * SIN[t]) >> 17
                im[k] = (di * COS[t] - dr * SIN[t]) >> 17
                assert max(abs(v) for v in (re[i], im[i], re[k], im[k])) < ONE // 2
        h, step = h // 2, step * 2
    return re, im


def printout(re: list[int], im: list[int]) -> str:
    out = []
    for k in range(N):
        y = math.isqrt(re[REV[k]] ** 2 + im[REV[k]] ** 2)
        out.append(f"{k:2d} 0.{y * 10**5 // ONE:05d}\n")
    return "".join(out)


def test_the_model_is_a_fourier_transform() -> None:
    re, im = model(SIGNAL, [0] * N)
    for k in range(N):
        exact = sum(x * cmath.exp(-2j * math.pi * k * n / N) for n, x in enumerate(SIGNAL)) / N
        got = complex(re[REV[k]], im[REV[k]])
        assert abs(got - exact) <= 12, k  # a few units of 2^-17 of rounding
    mags = [math.hypot(re[REV[k]], im[REV[k]]) / ONE for k in range(N)]
    assert [k for k in range(N) if mags[k] > 0.01] == [0, 3, 5, 27, 29]


def test_prints_the_magnitudes_bit_for_bit() -> None:
    m = loaded("fft")
    assert (m.last_stop.reason, m.last_stop.address) == ("halt", 327)
    assert m.printed_text().rstrip("\n") == printout(*model(SIGNAL, [0] * N)).rstrip("\n")
    base = int(re.search(r"0g=(\d+),", (TAPES / "fft.pc1").read_text()).group(1))
    words = [m.memory[base + 64 + k] for k in range(N // 2 * 2)] + \
            [m.memory[base + 96 + k] for k in range(N)]
    signed = [w - 2**18 if w >> 17 else w for w in words]
    assert signed == COS + SIN + REV  # the tables on the tape are the ones modelled


@pytest.fixture(scope="module")
def at_start() -> tuple[dict, int]:
    """The machine state when R0 hands over (a breakpoint at the program's start)."""
    text = (TAPES / "fft.pc1").read_text()
    entry = int(re.search(r"0m=(\d+),", text).group(1))
    base = int(re.search(r"0g=(\d+),", text).group(1))
    m = Machine()
    m.initial_load(read_tape(TAPES / "r0.ptw"))
    m.load_tape(read_tape(TAPES / "fft.ptr"))
    m.clear_start()
    assert m.run(max_orders=1_000_000, breakpoints=[entry]).reason == "breakpoint"
    return {"words": list(m.memory.words), "entry": entry}, base


BOUND = 46_000  # each value below 0.351: no complex value above 1/2, so no sum overflows


@settings(max_examples=25, deadline=None)
@given(re_=st.lists(st.integers(-BOUND, BOUND), min_size=N, max_size=N),
       im_=st.lists(st.integers(-BOUND, BOUND), min_size=N, max_size=N))
def test_any_signal_matches_the_model(at_start, re_, im_) -> None:
    state, base = at_start
    m = Machine()
    m.memory.load(0, state["words"])
    m.memory.load(base, [v % 2**18 for v in re_ + im_])
    m.K = state["entry"]
    m.restart()
    assert m.run(max_orders=1_000_000).reason == "halt"
    assert m.printed_text() == printout(*model(re_, im_))


def test_recipe(capsys) -> None:
    assert main(["run", "fft"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[3] == " 3 0.12498" and len(lines) == N
