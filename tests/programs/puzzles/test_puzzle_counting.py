"""Counting the same way for all three puzzles: `--count [LIMIT|all]`, the count line, the
progress on stderr, "no solution" on stderr with exit 1, and `--engine sat` alike."""

from __future__ import annotations

import contextlib
import io
import itertools
import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pc1.cli.main import main
from programs.puzzles import text as puzzle_text
from programs.puzzles.sudoku.examples import EXAMPLES
from programs.puzzles.text import count_limit, count_solutions, count_summary

# Puzzles with a count known without the solvers: an empty 2x2 0h n0 board (a blue needs a
# blue neighbour: all red, 4 dominoes, 4 L-shaped triples, all blue: 1 + 4 + 4 + 1 = 10),
# a Nurikabe 1x3 row "1 . 1" (the middle must be wall: 1 solution).
KNOWN = {
    "0hn0": ("..\n..\n", 0, 10),
    "nurikabe": ("1 . 1\n", 0, 1),
}


def test_count_limit_reads_numbers_and_all() -> None:
    assert count_limit("all") == 0 and count_limit("ALL") == 0
    assert count_limit("7") == 7
    for bad in ("0", "-2", "x", ""):
        with pytest.raises(ValueError, match="positive number or 'all'"):
            count_limit(bad)


def test_count_summary_words() -> None:
    assert count_summary(0) == "no solution"
    assert count_summary(1) == "1 solution"
    assert count_summary(125) == "125 solutions"
    assert count_summary(2, complete=False) == "at least 2 solutions"


@given(st.integers(0, 40), st.integers(0, 50))
def test_count_solutions_stops_at_the_limit(total: int, limit: int) -> None:
    first, found, complete = count_solutions(iter(range(total)), limit, "x")
    expected = total if not limit else min(total, limit)
    assert found == expected
    assert complete == (not limit or total < limit)
    assert first == (0 if total else None)


def test_long_counts_report_progress_on_stderr(capsys) -> None:
    ticks = itertools.count(0, 4)  # a clock that moves 4 s per solution
    count_solutions(iter(range(12)), 0, "f.txt: puzzle at line 1", clock=lambda: next(ticks))
    err = capsys.readouterr().err.splitlines()
    assert err and all(re.fullmatch(
        r"pc1 solve: f\.txt: puzzle at line 1: \d+ solutions so far, \d+ s( \(done\))?", e)
        for e in err), err
    assert len(err) < 12  # not one line per solution


def _run(capsys, kind: str, path: Path, *args: str) -> tuple[int, str, str]:
    status = main(["solve", kind, str(path), *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize("kind", sorted(KNOWN))
@pytest.mark.parametrize("engine", ["python", "sat"])
def test_count_all_reports_the_exact_count(tmp_path: Path, capsys, kind: str,
                                           engine: str) -> None:
    if engine == "sat":
        pytest.importorskip("pysat", reason="python-sat (extra [sat]) runs --engine sat")
    text, _line, expected = KNOWN[kind]
    path = tmp_path / "p.txt"
    path.write_text(text)
    status, out, err = _run(capsys, kind, path, "--count", "all", "--engine", engine)
    assert (status, err) == (0, "")
    summary = "1 solution" if expected == 1 else f"{expected} solutions"
    assert out.splitlines()[-1].endswith(f": {summary}")
    if expected > 1:
        status, out, err = _run(capsys, kind, path, "--count", "3", "--engine", engine)
        assert out.splitlines()[-1].endswith(": at least 3 solutions")


SUDOKU_NONE = "12345678." + "." * 27 + "........9" + "." * 36 + "\n"
NO_SOLUTION = {
    "sudoku": (SUDOKU_NONE, "puzzle at line 1"),
    "0hn0": ("1.1\n", "puzzle at line 1"),
    "nurikabe": ("1 . 1\n. . .\n1 . 2\n", "puzzle"),
}


@pytest.mark.parametrize("kind", sorted(NO_SOLUTION))
@pytest.mark.parametrize("count", [[], ["--count"], ["--count", "all"]])
def test_no_solution_is_one_stderr_line_and_exit_1(tmp_path: Path, capsys, kind: str,
                                                   count: list[str]) -> None:
    text, label = NO_SOLUTION[kind]
    path = tmp_path / "p.txt"
    path.write_text(text)
    status, out, err = _run(capsys, kind, path, *count)
    assert (status, out) == (1, "")
    assert err == f"pc1 solve: {path}: {label}: no solution\n"


@settings(max_examples=8, deadline=None)
@given(st.sampled_from(["sudoku", "0hn0", "nurikabe"]), st.integers(1, 4))
def test_sat_engine_prints_the_same_count_line(kind: str, limit: int) -> None:
    pytest.importorskip("pysat", reason="python-sat (extra [sat]) runs --engine sat")
    text = {"sudoku": "." * 81 + "\n", "0hn0": "...\n.2.\n...\n",
            "nurikabe": "3 . . .\n. . . .\n. . . 2\n"}[kind]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "p.txt"
        path.write_text(text)
        lines = []
        for engine in ("python", "sat"):
            buf = io.StringIO()
            with contextlib.redirect_stdout(buf):
                assert main(["solve", kind, str(path), "--count", str(limit),
                             "--engine", engine]) == 0
            lines.append(buf.getvalue().splitlines()[-1])
    assert lines[0] == lines[1]
    assert lines[0].startswith("# ")


def test_sat_engine_refuses_explain_in_one_line(tmp_path: Path, capsys) -> None:
    path = tmp_path / "p.txt"
    path.write_text("." * 81 + "\n")
    status, out, err = _run(capsys, "sudoku", path, "--explain", "--engine", "sat")
    assert status == 2 and out == "" and len(err.splitlines()) == 1


def test_missing_python_sat_is_one_line(monkeypatch) -> None:
    monkeypatch.setattr(puzzle_text, "sat_missing", lambda: "--engine sat needs python-sat")
    assert puzzle_text.engine_problem("sat", False) == "--engine sat needs python-sat"
    assert puzzle_text.engine_problem("python", True) is None


@pytest.mark.parametrize(("kind", "text", "expected"), [
    ("sudoku", EXAMPLES["ym"][1] + "\n", "1 solution"),
    ("0hn0", "..\n..\n", "at least 5 solutions"),
    ("nurikabe", "1 . 1\n", "1 solution")])
def test_explain_with_count_ends_with_the_count_line(tmp_path: Path, capsys, kind: str,
                                                     text: str, expected: str) -> None:
    path = tmp_path / "p.txt"
    path.write_text(text)
    status, out, err = _run(capsys, kind, path, "--explain", "--count", "5")
    assert (status, err) == (0, "")
    assert out.splitlines()[-1].endswith(f": {expected}")


@pytest.mark.parametrize("kind", sorted(KNOWN))
def test_options_before_the_file(tmp_path: Path, capsys, kind: str) -> None:
    text, _line, expected = KNOWN[kind]
    path = tmp_path / f"{kind}.txt"
    path.write_text(text)
    assert main(["solve", kind, "--engine", "python", "--count", "all", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1].endswith(count_summary(expected, True))


@pytest.mark.parametrize("name", ["puzzle.txt", "-"])
def test_a_file_taken_for_the_count_limit_says_to_name_the_file_first(
        tmp_path: Path, capsys, monkeypatch, name: str) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "puzzle.txt").write_text("1 . 1\n")
    with pytest.raises(SystemExit) as stop:
        main(["solve", "nurikabe", "--count", name])
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert len(err.strip().splitlines()) == 1
    assert f"not {name!r}" in err and "name the file first: pc1 solve KIND FILE --count" in err


def test_a_bad_limit_that_is_no_file_gets_no_file_hint(tmp_path: Path, capsys,
                                                       monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit):
        main(["solve", "nurikabe", "--count", "lots", "p.txt"])
    err = capsys.readouterr().err
    assert "not 'lots'" in err and "name the file first" not in err
