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

from pc1.cli.main import main
from pc1.devices.tape import initial_load_tape, write_tape
from pc1.devices.teleprinter import CHAR_TO_CODE
from pc1.machine.orders import encode

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
    return subprocess.Popen([sys.executable, "-m", "pc1", *args], stdout=subprocess.PIPE,
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
    from pc1.devices.tape import read_tape

    out = tmp_path / f"out{suffix}"
    loop = printing_loop(tmp_path, "a")
    assert main(["run", "--initial-load", str(loop), "--clear-start", "--punch", str(out),
                 "--max-orders", str(3 * 1234)]) == 3
    assert read_tape(out).frames == [CHAR_TO_CODE["a"]] * 1234
    if suffix == ".ptp":  # the numeric format: ten codes a line, as write_tape writes it
        lines = out.read_text().splitlines()
        assert [len(x.split()) for x in lines] == [10] * 123 + [4]


def toggling_words() -> list[int]:
    """y 31 (FF31 on), yl 31 (off), jl 0: two changes of the speaker every three orders."""
    return [encode("y", 31), encode("y", 31, True), encode("j", 0, True), 0]


def test_speaker_changes_are_let_go_without_wav() -> None:
    from pc1.devices.tape import initial_load_tape
    from pc1.machine.machine import Machine
    from pc1.operator.headless import Operator
    from pc1.operator.session import Action

    m = Machine()
    op = Operator(m, lambda text: None, max_orders=300_000)
    op.perform(Action("initial-load", initial_load_tape(toggling_words())))
    press = op.perform(Action("clear-start"))
    assert press.stop.reason == "order limit" and press.stop.orders == 300_000
    assert m.speaker_events == []


def test_with_wav_the_changes_go_out_as_they_come_and_the_sound_is_whole(tmp_path) -> None:
    """Written in pieces, slice by slice, the WAV is the one written at once from a
    machine that kept every change."""
    from pc1.devices.speaker import WavStream, write_wav
    from pc1.devices.tape import initial_load_tape
    from pc1.machine.machine import Machine
    from pc1.operator.headless import Operator
    from pc1.operator.session import Action

    tape = initial_load_tape(toggling_words())
    m = Machine()
    sound = WavStream(tmp_path / "streamed.wav", m.clock_hz)
    op = Operator(m, lambda text: None, max_orders=300_000, sound=sound)
    op._slice = 7_001  # many slices, each ending anywhere in the loop
    op.perform(Action("initial-load", tape))
    op.perform(Action("clear-start"))
    assert m.speaker_events == []
    sound.close(m.cycles)
    whole = Machine()
    whole.initial_load(tape)
    whole.clear_start()
    whole.run(max_orders=300_000)
    assert len(whole.speaker_events) == 200_000 and whole.cycles == m.cycles
    write_wav(tmp_path / "whole.wav", whole.speaker_events, whole.cycles, whole.clock_hz)
    assert (tmp_path / "streamed.wav").read_bytes() == (tmp_path / "whole.wav").read_bytes()


@pytest.mark.parametrize("sink", [False, True])
def test_the_machine_keeps_a_bounded_number_of_speaker_changes(monkeypatch, sink) -> None:
    import pc1.machine.machine as machine_module
    from pc1.devices.tape import initial_load_tape

    monkeypatch.setattr(machine_module, "SPEAKER_KEEP", 1_000)
    m = machine_module.Machine()
    handed: list[tuple[int, int]] = []
    if sink:
        m.speaker_sink = handed.extend
    m.initial_load(initial_load_tape(toggling_words()))
    m.clear_start()
    m.run(max_orders=30_000)  # 20,000 changes
    assert len(m.speaker_events) <= 2_000
    assert m.speaker_dropped == (0 if sink else 20_000 - len(m.speaker_events))
    every = handed + m.speaker_events if sink else m.speaker_events
    assert [level for _, level in every] == [1, 0] * (len(every) // 2)
    assert all(a < b for (a, _), (b, _) in zip(every, every[1:], strict=False))
    assert len(every) == (20_000 if sink else len(m.speaker_events))


def test_wav_limit_cuts_the_sound_and_says_so(tmp_path, capsys) -> None:
    import wave

    words = tmp_path / "toggle.ptw"
    write_tape(words, initial_load_tape(toggling_words()))
    out = tmp_path / "t.wav"
    assert main(["run", "--initial-load", str(words), "--clear-start", "--wav", str(out),
                 "--wav-limit", "0.5", "--max-orders", "30000"]) == 3
    with wave.open(str(out), "rb") as w:
        assert w.getnframes() == 22_050  # half a second at 44.1 kHz
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith(f"pc1 run: wrote {out}: 0.5 s of sound (mono, 16-bit, 44100 Hz): "
                              "the first 0.5 s of the run's ")
    assert err[-1].endswith(" (--wav-limit)")
