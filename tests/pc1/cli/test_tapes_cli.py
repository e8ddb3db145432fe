"""`pc1 tapes`, and our tapes and scripts found by bare name by every command that takes one."""

from __future__ import annotations

import io
import sys
from pathlib import Path

from pc1.cli.main import main
from pc1.devices.tape_library import programs, tape_path


def test_tapes_lists_every_program_with_its_description_and_paths(capsys) -> None:
    assert main(["tapes"]) == 0
    out = capsys.readouterr().out
    for prog in programs():
        assert f"\n{prog.name}: {prog.title}" in out
        assert " ".join(prog.description.split()[:6]) in " ".join(out.split())
    assert f"e1000.pc1s       {tape_path('e1000.pc1s')}" in out
    assert "pc1 run e1000" in out


def test_tapes_path_prints_one_path_and_refuses_an_unknown_name(capsys) -> None:
    assert main(["tapes", "--path", "r0.ptw"]) == 0
    assert capsys.readouterr().out == f"{tape_path('r0.ptw')}\n"
    assert main(["tapes", "--path", "nothing.ptr"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pc1 tapes" in err


def test_bare_names_work_from_an_empty_folder(monkeypatch, tmp_path: Path, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["run", "--initial-load", "r0.ptw", "--tape", "e1000.ptr", "--clear-start"]) == 0
    assert capsys.readouterr().out.startswith("2.71828182845904523536")
    assert main(["script", "-q", "e1000.pc1s"]) == 0
    assert capsys.readouterr().out.startswith("2.71828182845904523536")
    assert main(["listing", "e1000.ptr"]) == 0
    assert main(["disasm", "r0.ptw", "--to", "3"]) == 0
    assert main(["verify", "e", "--r0", "r0.ptw"]) == 0


def test_run_reads_a_tape_from_standard_input(monkeypatch, capsys) -> None:
    text = tape_path("e1000.ptr").read_text()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    assert main(["run", "--initial-load", "r0.ptw", "--tape", "-", "--clear-start"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("2.71828182845904523536") and "halt at 285" in err


def test_a_bad_tape_on_standard_input_is_named_so(monkeypatch, capsys) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"1 2 99\n")))
    assert main(["run", "--initial-load", "r0.ptw", "--tape", "-", "--clear-start"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "<stdin>" in err


def test_samples_points_a_tape_name_to_pc1_tapes(capsys) -> None:
    assert main(["samples", "e1000"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "`pc1 tapes`" in err and "one of our tapes" in err
    assert main(["samples", "nosuch"]) == 2
    assert "sudoku" in capsys.readouterr().err
