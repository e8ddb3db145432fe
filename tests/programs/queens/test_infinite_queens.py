"""Infinite queens: the seed's 256 terms, TAOCP's 1-based start, the definition, the two lines."""

from __future__ import annotations

from functools import cache
from itertools import islice
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from programs.queens.infinite import (
    PHI,
    greedy_infinite_queens,
    infinite_queens,
    plot_data,
    sweep_infinite_queens,
    taocp_infinite_queens,
)

DATA = Path(__file__).resolve().parents[1] / "data"
GENERATORS = [taocp_infinite_queens, sweep_infinite_queens]


def seed_terms() -> list[int]:
    lines = (DATA / "infinite_queens_256.txt").read_text().splitlines()
    return [int(x) for line in lines if not line.startswith("#") for x in line.split()]


def first(generator, count: int) -> list[int]:
    return list(islice(generator(), count))


@pytest.mark.parametrize("generator", GENERATORS)
def test_the_seeds_256_terms(generator):
    seed = seed_terms()
    assert len(seed) == 256
    assert first(generator, 256) == seed


def test_taocp_lists_the_same_sequence_from_1():
    # TAOCP's exercise 42 numbers rows and columns from 1 (as quoted in the seed)
    taocp = [1, 3, 5, 2, 4, 9, 11, 13, 15, 6, 8, 19, 7, 22, 10, 25, 27, 29, 31, 12, 14, 35]
    taocp += [37, 39, 41, 16, 18, 45]
    assert [q + 1 for q in infinite_queens(len(taocp))] == taocp


def test_both_algorithms_follow_the_definition():
    # 3000 terms take the arrays through several doublings
    expected = greedy_infinite_queens(3000)
    for generator in GENERATORS:
        assert first(generator, 3000) == expected


def test_the_algorithms_agree_far_out():
    assert first(taocp_infinite_queens, 200_000) == first(sweep_infinite_queens, 200_000)


@cache
def cached_terms(count: int) -> tuple[int, ...]:
    return tuple(infinite_queens(count))


def test_no_two_queens_attack():
    terms = cached_terms(50_000)
    assert len(set(terms)) == len(terms)
    assert len({q + n for n, q in enumerate(terms)}) == len(terms)
    assert len({q - n for n, q in enumerate(terms)}) == len(terms)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 19_999))
def test_each_queen_takes_the_lowest_safe_row(m):
    terms = cached_terms(20_000)
    rows = set(terms[:m])
    sums = {q + n for n, q in enumerate(terms[:m])}
    diffs = {q - n for n, q in enumerate(terms[:m])}
    q = terms[m]
    assert q not in rows and q + m not in sums and q - m not in diffs
    assert all(k in rows or k + m in sums or k - m in diffs for k in range(q))


def test_every_low_row_gets_a_queen():
    terms = infinite_queens(10_000)
    assert len(set(terms)) == len(terms)
    # the lower line reaches row n/phi at column n, and rows below it are all taken
    assert set(range(int(10_000 / PHI) - 5)) <= set(terms)


def test_queens_stay_near_the_lines_of_slope_phi_and_one_over_phi():
    plot = plot_data(100_000)
    assert max(plot.deviation(n) for n in range(len(plot.terms))) < 5
    for points, slope in ((plot.upper(), PHI), (plot.lower(), 1 / PHI)):
        xs = [n for n, _ in points]
        ys = [q for _, q in points]
        fitted = sum(x * y for x, y in zip(xs, ys, strict=True)) / sum(x * x for x in xs)
        assert fitted == pytest.approx(slope, abs=1e-3)
    assert len(plot.upper()) + len(plot.lower()) == len(plot.points()) == 100_000


def test_plot_csv():
    rows = list(plot_data(3).csv_rows())
    assert rows[0] == "n,q,phi_n,n_over_phi"
    assert rows[2] == "1,2,1.618034,0.618034"


def test_negative_count_is_rejected():
    with pytest.raises(ValueError):
        infinite_queens(-1)
    assert infinite_queens(0) == []


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 3000))
def test_a_size_hint_changes_nothing_but_memory(hint: int) -> None:
    assert list(islice(sweep_infinite_queens(hint), 700)) == greedy_prefix(700)


@cache
def greedy_prefix(count: int) -> list[int]:
    return greedy_infinite_queens(count)


def test_command_line_streams_terms_and_csv(capsys) -> None:
    from pc1.cli.main import main

    assert main(["queens", "--infinite", "700"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [len(line.split()) for line in lines] == [16] * 43 + [12]
    assert [int(x) for line in lines for x in line.split()] == greedy_prefix(700)
    assert main(["queens", "--infinite", "700", "--csv"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0] == "n,q,phi_n,n_over_phi" and len(rows) == 701
    assert [int(row.split(",")[1]) for row in rows[1:]] == greedy_prefix(700)
    assert rows[5] == f"4,3,{PHI * 4:.6f},{4 / PHI:.6f}"


def test_output_is_written_while_the_terms_are_still_coming(capsys, monkeypatch) -> None:
    """The lines reach stdout in batches as they are made, not after the last term."""
    import programs.queens.infinite as iq
    from programs.queens import cli as queens_cli

    def failing_after(count: int):
        yield from islice(sweep_infinite_queens(), 16 * 600)
        raise RuntimeError("the generator broke")

    monkeypatch.setattr(iq, "sweep_infinite_queens", failing_after)
    with pytest.raises(RuntimeError):
        queens_cli.run(argparse_namespace(n="100000", infinite=True))
    written = capsys.readouterr().out.splitlines()
    assert len(written) >= 512 and written[0] == "0 2 4 1 3 8 10 12 14 5 7 18 6 21 9 24"


def argparse_namespace(**given: object):
    import argparse

    from programs.queens.cli import add_arguments

    parser = argparse.ArgumentParser()
    add_arguments(parser)
    args = parser.parse_args([])
    for key, value in given.items():
        setattr(args, key, value)
    return args
