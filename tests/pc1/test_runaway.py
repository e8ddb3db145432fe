"""Runaway programs under `pc1 run`: text streamed as printed, limits, Ctrl-C, stop reports."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pc1.cli import main
from pc1.orders import encode
from pc1.tape import initial_load_tape, write_tape
from pc1.teleprinter import CHAR_TO_CODE

HMS = re.compile(r"\d+ h \d\d min \d\d\.\d s simulated")


def printing_loop(tmp_path: Path, letter: str = "q") -> Path:
    """0: p 4 (A <- the letter), 1: o 1 (print it), 2: jl 0 — prints the letter for ever."""
    words = [encode("p", 4), encode("o", 1), encode("j", 0, True), 0,
             CHAR_TO_CODE[letter] << 12]
    path = tmp_path / "loop.ptw"
    write_tape(path, initial_load_tape(words))
    return path


def pc1(*args: str, **kw) -> subprocess.Popen:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    # unbuffered pipes: what the test reads first is not held back from communicate()
    return subprocess.Popen([sys.executable, "-m", "pc1.cli", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env, bufsize=0, **kw)


def test_time_limit_stops_a_printing_loop_with_its_text(tmp_path: Path) -> None:
    dump = tmp_path / "state.json"
    t0 = time.monotonic()
    pc1("run", "--help").communicate(timeout=60)
    startup = time.monotonic() - t0  # the interpreter and our imports, on this machine now
    t0 = time.monotonic()
    proc = pc1("run", "--initial-load", str(printing_loop(tmp_path)), "--clear-start",
               "--time-limit", "2", "--dump-state", str(dump))
    out, err = proc.communicate(timeout=60)
    wall = time.monotonic() - t0 - startup
    assert wall < 3.0, f"took {wall:.1f} s after a start-up of {startup:.1f} s"
    assert proc.returncode == 3
    text = out.decode()
    assert len(text) > 1000 and set(text) == {"q", "\n"} and text.endswith("q\n")
    lines = err.decode().splitlines()
    assert len(lines) == 1 and "CLEAR START: time limit at" in lines[0]
    assert "raise it with --time-limit SECONDS" in lines[0] and HMS.search(lines[0])
    orders = int(re.search(r"after ([\d,]+) orders", lines[0])[1].replace(",", ""))
    # every third order prints a letter, so the report's order count matches the text
    assert abs(orders // 3 - text.count("q")) <= 1
    state = json.loads(dump.read_text())
    assert state["stop"]["reason"] == "time limit" and state["orders"] == orders


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child needs POSIX signals")
def test_ctrl_c_keeps_text_report_and_dump(tmp_path: Path) -> None:
    dump = tmp_path / "state.json"
    proc = pc1("run", "--initial-load", str(printing_loop(tmp_path, "z")), "--clear-start",
               "--dump-state", str(dump))
    first = b""
    while len(first) < 200:  # the text streams: some has come before any stop
        chunk = proc.stdout.read(200 - len(first))
        assert chunk, proc.stderr.read()
        first += chunk
    assert first == b"z" * 200
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    text = (first + out).decode()
    assert proc.returncode == 130
    lines = err.decode().splitlines()
    assert len(lines) == 1, lines
    assert "CLEAR START: interrupted at" in lines[0] and "stopped by Ctrl-C" in lines[0]
    assert HMS.search(lines[0])
    orders = int(re.search(r"after ([\d,]+) orders", lines[0])[1].replace(",", ""))
    assert abs(orders // 3 - text.count("z")) <= 1 and text.endswith("z\n")
    state = json.loads(dump.read_text())
    assert state["stop"]["reason"] == "interrupted" and state["orders"] == orders


def test_default_order_limit_says_how_to_raise_it(tmp_path: Path, capsys) -> None:
    loop = printing_loop(tmp_path)
    assert main(["run", "--initial-load", str(loop), "--clear-start", "--max-orders",
                 "3000"]) == 3
    out, err = capsys.readouterr()
    assert out == "q" * 1000 + "\n"
    assert "order limit at" in err and "the limit of 3,000 orders was reached" in err
    assert "raise it with --max-orders N" in err and err.count("\n") == 1


def test_a_run_without_a_start_press_says_so(tmp_path: Path, capsys) -> None:
    loop = printing_loop(tmp_path)
    assert main(["run", "--initial-load", str(loop)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pc1 run: no start press") and err.count("\n") == 1
    dump = tmp_path / "state.json"
    assert main(["run", "--initial-load", str(loop), "--dump-state", str(dump)]) == 0
    assert "no start press" in capsys.readouterr().err
    assert json.loads(dump.read_text())["memory"][4] == CHAR_TO_CODE["q"] << 12


@pytest.mark.parametrize("args, message", [
    (["--clock", "inf"], "argument --clock: not a clock rate: 'inf'"),
    (["--clock", "1e999"], "argument --clock"),
    (["--time-limit", "0"], "argument --time-limit: not a number of seconds"),
    (["--time-limit", "nan"], "argument --time-limit"),
    (["--max-orders", "9" * 5000], "argument --max-orders: 5,000 digits: out of "
                                   "range (allowed: 1 to 10^12)"),
])
def test_bad_limits_are_refused_in_one_line(args, message, capsys) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["run", "e1000", *args])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


@pytest.mark.parametrize("suffix", [".ptp", ".raw", ".txt"])
def test_a_punching_loop_is_written_as_it_punches(tmp_path: Path, suffix: str) -> None:
    from pc1.tape import read_tape

    out = tmp_path / f"out{suffix}"
    loop = printing_loop(tmp_path, "a")
    assert main(["run", "--initial-load", str(loop), "--clear-start", "--punch", str(out),
                 "--max-orders", str(3 * 1234)]) == 3
    assert read_tape(out).frames == [CHAR_TO_CODE["a"]] * 1234
    if suffix == ".ptp":  # the numeric format: ten codes a line, as write_tape writes it
        lines = out.read_text().splitlines()
        assert [len(x.split()) for x in lines] == [10] * 123 + [4]


@pytest.mark.parametrize("keep", [False, True])
def test_speaker_changes_are_kept_only_for_wav(keep: bool) -> None:
    from pc1.headless import Operator
    from pc1.machine import Machine
    from pc1.session import Action
    from pc1.tape import initial_load_tape

    # y 31 (FF31 on), yl 31 (off), jl 0: two changes of the speaker every three orders
    words = [encode("y", 31), encode("y", 31, True), encode("j", 0, True), 0]
    m = Machine()
    op = Operator(m, lambda text: None, max_orders=300_000, keep_speaker=keep)
    op.perform(Action("initial-load", initial_load_tape(words)))
    press = op.perform(Action("clear-start"))
    assert press.stop.reason == "order limit" and press.stop.orders == 300_000
    assert len(m.speaker_events) == (200_000 if keep else 0)
