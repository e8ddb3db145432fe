"""`pc1 queens`, `pc1 mex`, `pc1 quintomino`: output, and one-line errors with status 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from pc1.cli.main import main

DATA = Path(__file__).parent / "data"


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def data_lines(name):
    lines = (DATA / name).read_text().splitlines()
    return [line for line in lines if line and not line.startswith("#")]


def test_queens_lists_the_seeds_92(capsys):
    status, out, err = run(capsys, "queens", "8")
    lines = out.splitlines()
    assert status == 0 and err == ""
    expected = ["(" + line + ")" for line in data_lines("eight_queens_92.txt")]
    assert lines[:-1] == expected
    assert lines[-1] == "92 solutions"


@pytest.mark.parametrize("method", ["backtrack", "bitstring"])
def test_queens_methods_agree(capsys, method):
    assert run(capsys, "queens", "6", "--method", method)[1] == run(capsys, "queens", "6")[1]


def test_queens_boards(capsys):
    status, out, _ = run(capsys, "queens", "4", "--boards")
    assert status == 0
    assert out.startswith("(1 3 0 2)\n. . Q .\nQ . . .\n. . . Q\n. Q . .\n")
    assert out.endswith("2 solutions\n")


def test_queens_count(capsys):
    assert run(capsys, "queens", "--count", "10") == (0, "724\n", "")
    assert run(capsys, "queens", "--count", "3") == (0, "0\n", "")


def test_queens_small_boards(capsys):
    assert run(capsys, "queens", "1") == (0, "(0)\n1 solution\n", "")
    assert run(capsys, "queens", "2") == (0, "0 solutions\n", "")


def test_infinite_queens(capsys):
    status, out, _ = run(capsys, "queens", "--infinite", "256")
    assert status == 0
    assert out.split() == " ".join(data_lines("infinite_queens_256.txt")).split()
    status, out, _ = run(capsys, "queens", "--infinite", "3", "--csv")
    assert out.splitlines() == [
        "n,q,phi_n,n_over_phi",
        "0,0,0.000000,0.000000",
        "1,2,1.618034,0.618034",
        "2,4,3.236068,1.236068",
    ]


@pytest.mark.parametrize(
    ("values", "expected"),
    [([], "0"), (["1", "2"], "0"), (["0", "2"], "1"), (["0", "1"], "2"),
     (["0", "1", "1", "2", "3", "5", "8", "13"], "4")],
)  # fmt: skip
@pytest.mark.parametrize("method", ["tree", "bitstring", "naive"])
def test_mex(capsys, values, expected, method):
    assert run(capsys, "mex", *values, "--method", method) == (0, expected + "\n", "")


def test_mex_tree(capsys):
    values = "12 1 3 3 4 4 5 11 6 6 10 14 15 13 4 7".split()
    status, out, _ = run(capsys, "mex", *values, "--tree")
    assert status == 0
    assert out.splitlines() == ["[10,15]", "        [3,7]", "    [1,1]",
                                "ranges: [1,1] [3,7] [10,15]", "0"]  # fmt: skip


def test_quintomino(capsys):
    status, out, _ = run(capsys, "quintomino")
    assert status == 0
    assert out.splitlines() == data_lines("quintomino_60.txt") + ["60 solutions"]


def test_quintomino_classes(capsys):
    status, out, _ = run(capsys, "quintomino", "--classes", "--method", "dlx")
    lines = out.splitlines()
    assert status == 0
    assert lines[0].startswith("3 classes under colour permutation, of sizes ")
    assert sorted(map(int, lines[0].split()[-3:])) == [10, 20, 30]
    members = [line for line in lines[1:] if line]
    assert sorted(members) == sorted(data_lines("quintomino_60.txt"))


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["queens", "-3"], "pc1 queens: N must be from 1 to 32, got -3"),
        (["queens", "0"], "pc1 queens: N must be from 1 to 32, got 0"),
        (["queens", "x"], "pc1 queens: N must be a whole number from 1 to 32, got 'x'"),
        (["queens", "10**100", "--count"],
         "pc1 queens: N must be a whole number from 1 to 32, got '10**100'"),
        (["queens", "1" + "0" * 100, "--count"],
         "pc1 queens: N must be from 1 to 32, got a number of 101 digits"),
        (["queens", "33"], "pc1 queens: N must be from 1 to 32, got 33"),
        (["queens", "--infinite", "-5"], "pc1 queens: N must be from 1 to 100000000, got -5"),
        (["queens", "--infinite", "100000001"],
         "pc1 queens: N must be from 1 to 100000000, got 100000001"),
        (["queens", "12", "--count", "--jobs", "100000"],
         "pc1 queens: --jobs must be from 1 to 256, got 100000"),
        (["queens", "12", "--count", "--jobs", "0"],
         "pc1 queens: --jobs must be from 1 to 256, got 0"),
        (["queens", "12", "--count", "--depth", "9"],
         "pc1 queens: --depth must be from 0 to 4, got 9"),
        (["queens", "30", "--count", "--depth", "4"],
         "pc1 queens: --depth 4 makes too many units for N = 30 (up to 18,439,680); "
         "it must be from 0 to 2"),
        (["queens", "12", "--jobs", "2"], "pc1 queens: --jobs goes with --count"),
        (["queens", "12", "--infinite", "--ledger", "x"], "pc1 queens: --ledger goes with --count"),
        (["queens", "12", "--count", "--jobs", "2", "--scheduler", "tcp://h:1"],
         "pc1 queens: --jobs goes without --scheduler (the cluster has its own workers)"),
        (["queens", "5", "--csv"], "pc1 queens: --csv goes with --infinite"),
        (["queens", "9", "--infinite", "--count"],
         "pc1 queens: --infinite goes without --count and --boards"),
        (["mex", "x"], "pc1 mex: each value: not a whole number: 'x' (allowed: 0 to 10^4000)"),
        (["mex", "1", "-1"], "pc1 mex: each value: -1 is out of range (allowed: 0 to 10^4000)"),
        (["mex", "2.5"], "pc1 mex: each value: not a whole number: '2.5' (allowed: 0 to 10^4000)"),
    ],
)
def test_bad_values_give_one_line_and_status_2(capsys, argv, message):
    assert run(capsys, *argv) == (2, "", message + "\n")


def test_the_command_line_entry_point():
    done = subprocess.run(
        [sys.executable, "-m", "pc1", "mex", "0", "1", "x"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr == "pc1 mex: each value: not a whole number: 'x' (allowed: 0 to 10^4000)\n"
    assert done.stdout == ""


def test_mex_reads_values_from_standard_input(monkeypatch, capsys) -> None:
    import io
    import sys

    from pc1.cli.main import main

    monkeypatch.setattr(sys, "stdin", io.StringIO("0 1 2\n4 5\n"))
    assert main(["mex", "-"]) == 0
    assert capsys.readouterr().out == "3\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO("0 1\n"))
    assert main(["mex", "2", "-", "3"]) == 0
    assert capsys.readouterr().out == "4\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO("0 x\n"))
    assert main(["mex", "-"]) == 2
    assert capsys.readouterr().err == "pc1 mex: each value must be a whole number, got 'x'\n"
