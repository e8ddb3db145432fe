"""factorize.pc1: `N+` in, `N.=p1.p2...` out, equal to a Python factorization on many N."""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pc1.cli.main import main
from pc1.operator.operands import LARGEST_N, number_tape
from tests.pc1.program_runs import feed, loaded

SMALL_PRIMES = [p for p in range(2, 400) if all(p % q for q in range(2, math.isqrt(p) + 1))]


def factors(n: int) -> list[int]:
    """Prime factors ascending with repetition, by plain trial division (the reference)."""
    out, d = [], 2
    while d * d <= n:
        while n % d == 0:
            out.append(d)
            n //= d
        d += 1
    if n > 1 or not out:
        out.append(n)
    return out


def expected(n: int) -> str:
    return f"{n}.=" + ".".join(map(str, factors(n))) + "\n"


@pytest.fixture(scope="module")
def machine():
    m = loaded("factorize")
    assert m.last_stop.reason == "waiting for tape"
    return m


def test_reference_examples() -> None:
    assert expected(2**35 - 1) == "34359738367.=31.71.127.122921\n"
    assert expected(1) == "1.=1\n" and expected(97) == "97.=97\n"


@st.composite
def numbers(draw) -> int:
    """N up to 2^35 - 1 whose largest-but-one factor is small enough for a quick run."""
    kind = draw(st.sampled_from(["small", "smooth", "near-top"]))
    if kind == "small":
        return draw(st.integers(1, 100_000))
    if kind == "near-top":  # the top of the range, where a long word is full
        return draw(st.integers(LARGEST_N - 2000, LARGEST_N))
    n = 1
    for p in draw(st.lists(st.sampled_from(SMALL_PRIMES), max_size=8)):
        if n * p <= LARGEST_N:
            n *= p
    cofactor = draw(st.integers(1, min(60_000, LARGEST_N // n)))
    return n * cofactor


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=numbers())
def test_prints_the_prime_factors(machine, n: int) -> None:
    assert feed(machine, number_tape(n)) == expected(n)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 7, 11, 13, 121, 209, 210, 211, 221, 223, 2**34,
                               3**22, 185_363**2, 2 * 185_363, 34_359_738_337])
def test_edge_numbers(machine, n: int) -> None:
    # small primes and the wheel's ends (209, 211, 221), powers, the square of the largest
    # prime below 2^17.5 and the largest prime below 2^35 (the slow cases)
    assert feed(machine, number_tape(n)) == expected(n)


def test_run_factorize_prints_one_line_per_number(capsys) -> None:
    assert main(["run", "factorize", str(2**35 - 1), "12", "1"]) == 0
    out = capsys.readouterr().out
    assert out == "34359738367.=31.71.127.122921\n12.=2.2.3\n1.=1\n"


@pytest.mark.parametrize("arg, message", [
    ("0", "0 is out of range"), (str(2**35), "34359738368 is out of range"),
    ("12a", "'12a' is not a whole number"), ("-5", "'-5' is not a whole number"),
])
def test_bad_numbers_are_one_line(capsys, arg: str, message: str) -> None:
    assert main(["run", "factorize", arg]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and "\n" not in err


def test_operands_only_for_recipes_that_read_them(capsys) -> None:
    assert main(["run", "e1000", "5"]) == 2
    assert "takes no operands" in capsys.readouterr().err
