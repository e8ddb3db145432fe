"""eratosthenes.pc1: the primes below 9648, ten to a line, as a Python sieve has them."""

from __future__ import annotations

from pc1.cli.main import main
from tests.pc1.program_runs import loaded

LIMIT = 9648  # 2 x 4824 bits: the odd numbers below it have a bit in words 0-267


def primes_below(n: int) -> list[int]:
    flags = bytearray([1]) * n
    flags[:2] = b"\0\0"
    for p in range(2, int(n**0.5) + 1):
        if flags[p]:
            flags[p * p::p] = bytearray(len(range(p * p, n, p)))
    return [i for i in range(n) if flags[i]]


def layout(primes: list[int]) -> str:
    rows = [primes[i:i + 10] for i in range(0, len(primes), 10)]
    return "".join("".join(f"{p:6d}" for p in row) + "\n" for row in rows)


def test_prints_every_prime_below_the_limit() -> None:
    m = loaded("eratosthenes")
    assert (m.last_stop.reason, m.last_stop.address) == ("halt", 464)
    primes = primes_below(LIMIT)
    assert len(primes) == 1191 and primes[-1] == 9643
    assert m.printed_text() == layout(primes)


def test_the_table_holds_the_sieve() -> None:
    # words 0-267 after the run: bit b of word w set exactly when 2(18w + b) + 1 is prime
    m = loaded("eratosthenes")
    odd = set(primes_below(LIMIT)) - {2}
    for w in range(268):
        for b in range(18):
            assert bool(m.memory[w] >> (17 - b) & 1) == ((2 * (18 * w + b) + 1) in odd)


def test_recipe(capsys) -> None:
    assert main(["run", "eratosthenes"]) == 0
    assert capsys.readouterr().out == layout(primes_below(LIMIT))
