"""determinant.pc1: det modulo a prime of a matrix read from tape, against exact arithmetic."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pc1.cli.main import main
from pc1.devices.tape import Tape
from pc1.devices.teleprinter import text_to_codes
from pc1.operator.matrix_tape import EXAMPLE, LARGEST_N, Matrix, parse_matrix, punch_matrix
from tests.pc1.program_runs import feed, loaded

PRIMES = [2, 3, 5, 7, 101, 257, 65_537, 104_729, 131_071]


def exact_det(rows: list[list[int]]) -> int:
    """The integer determinant by Gaussian elimination over the rationals (the reference)."""
    a = [[Fraction(x) for x in row] for row in rows]
    n, det = len(a), Fraction(1)
    for k in range(n):
        r = next((r for r in range(k, n) if a[r][k] != 0), None)
        if r is None:
            return 0
        if r != k:
            a[k], a[r] = a[r], a[k]
            det = -det
        det *= a[k][k]
        for i in range(k + 1, n):
            f = a[i][k] / a[k][k]
            for j in range(k, n):
                a[i][j] -= f * a[k][j]
    assert det.denominator == 1
    return int(det)


@pytest.fixture(scope="module")
def machine():
    m = loaded("determinant")
    assert m.last_stop.reason == "waiting for tape"
    return m


@st.composite
def matrices(draw) -> tuple[int, list[list[int]]]:
    """A prime and a square matrix; some singular, some with zero pivots, big entries too."""
    p = draw(st.sampled_from(PRIMES))
    n = draw(st.integers(1, LARGEST_N))
    top = draw(st.sampled_from([3, p, 2**35 - 1]))
    rows = [[draw(st.integers(0, top)) for _ in range(n)] for _ in range(n)]
    shape = draw(st.sampled_from(["random", "zero pivot", "singular"]))
    if shape == "zero pivot" and n > 1:
        rows[0][0] = 0
    if shape == "singular" and n > 1:
        i, j = draw(st.integers(0, n - 1)), draw(st.integers(0, n - 1))
        rows[i] = rows[j] if i != j else [0] * n
    return p, rows


@settings(max_examples=80, deadline=None)
@given(case=matrices())
def test_det_modulo_p_equals_exact_det(machine, case) -> None:
    p, rows = case
    text = f"{p}+{len(rows)}+" + "".join(f"{x}+" for row in rows for x in row)
    assert feed(machine, Tape(text_to_codes(text))) == f"det={exact_det(rows) % p}\n"


def test_the_punched_tape_of_a_file(machine) -> None:
    m = parse_matrix("# a comment\n7\n 2 -1 0\n-1  2 -1 # here too\n0 -1 2\n")
    assert m == Matrix(7, ((2, 6, 0), (6, 2, 6), (0, 6, 2)))
    want = exact_det([[2, -1, 0], [-1, 2, -1], [0, -1, 2]]) % 7
    assert feed(machine, punch_matrix(m)) == f"det={want}\n"


def test_too_large_a_matrix_is_refused_and_skipped(machine) -> None:
    big = "7+12+" + "1+" * 144
    assert feed(machine, Tape(text_to_codes(big))) == "n\n"
    assert feed(machine, Tape(text_to_codes("7+1+5+"))) == "det=5\n"  # the next one is fine


def test_recipe_with_a_file_and_the_example(tmp_path, capsys) -> None:
    path = tmp_path / "m.txt"
    path.write_text("131071\n1 2 3\n4 5 6\n7 8 10\n")
    assert main(["run", "determinant", str(path)]) == 0
    want = exact_det([[1, 2, 3], [4, 5, 6], [7, 8, 10]]) % 131071
    assert capsys.readouterr().out == f"det={want}\n"
    assert main(["run", "determinant"]) == 0
    example = parse_matrix(EXAMPLE)
    assert capsys.readouterr().out == f"det={exact_det(example.rows) % example.prime}\n"


@pytest.mark.parametrize("text, message", [
    ("", "no matrix"), ("8\n1\n", "p = 8 must be a prime"), ("131101\n1\n", "below 2^17"),
    ("7\n1 2\n3\n", "line 3: this row has 1 numbers"), ("7\n1 x\n", "line 2, column 3: 'x'"),
    ("7\n1 2\n3 4\n5 6\n", "not square"), ("7\n" + "1 " * 12 + "\n", "not square"),
    ("7 3\n", "line 1: the first line must hold the prime p alone"),
])
def test_bad_matrix_files_are_one_line(tmp_path, capsys, text, message) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(text)
    assert main(["run", "determinant", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and "\n" not in err and "bad.txt" in err


def test_twelve_rows_are_refused_by_name(tmp_path, capsys) -> None:
    path = tmp_path / "twelve.txt"
    path.write_text("7\n" + ("1 " * 12 + "\n") * 12)
    assert main(["run", "determinant", str(path)]) == 2
    assert "line 13: more than 11 rows" in capsys.readouterr().err
