"""Interrupts keep everything: Ctrl-C or SIGTERM stops a run with its stop report, and the
paper, the punched tape, the sound and the state are all there, whole; the punch's reel is
the reader's limit, so whatever is punched can be read back."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import wave
from pathlib import Path

import pytest

from pc1.cli.main import main
from pc1.devices.tape import MAX_TAPE_FRAMES, read_tape
from pc1.devices.teleprinter import CHAR_TO_CODE
from tests.pc1.operator.test_runaway import pc1, printing_loop


def _first_output(proc, size: int = 200) -> bytes:
    first = b""
    while len(first) < size:  # the text streams: some has come before any stop
        chunk = proc.stdout.read(size - len(first))
        assert chunk, proc.stderr.read()
        first += chunk
    return first


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_keeps_paper_punch_sound_and_state(tmp_path: Path, signum) -> None:
    punch, sound, dump = tmp_path / "out.ptp", tmp_path / "out.wav", tmp_path / "state.json"
    proc = pc1("run", "--initial-load", str(printing_loop(tmp_path, "z")), "--clear-start",
               "--punch", str(punch), "--wav", str(sound), "--dump-state", str(dump))
    first = _first_output(proc)
    proc.send_signal(signum)
    out, err = proc.communicate(timeout=30)
    text = (first + out).decode()
    assert proc.returncode == 130
    lines = err.decode().splitlines()
    # the stop report, then the line that names the WAV written (and nothing else)
    assert len(lines) == 2 and "CLEAR START: interrupted at" in lines[0], lines
    assert lines[1].startswith(f"pc1 run: wrote {sound}: "), lines
    printed = text.count("z")
    assert printed >= 200
    # every letter printed was punched, and the tape reads back whole
    assert read_tape(punch).frames == [CHAR_TO_CODE["z"]] * printed
    with wave.open(str(sound)) as w:  # a whole WAV: its header says how long it is
        assert w.getnframes() > 0 and w.getframerate() == 44_100
    state = json.loads(dump.read_text())
    assert state["stop"]["reason"] == "interrupted"
    assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")]


def test_ctrl_c_in_a_script_keeps_the_punched_tape_and_says_where(tmp_path: Path) -> None:
    printing_loop(tmp_path, "q")
    script = tmp_path / "s.pc1s"
    script.write_text("initial-load loop.ptw\npunch out.ptp\nclear-start\n")
    # buffered as a user's pipe is (an unbuffered stdout may write a chunk in part when a
    # signal comes in the middle of it)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    proc = subprocess.Popen([sys.executable, "-m", "pc1", "script", str(script), "-q"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, bufsize=0)
    first = _first_output(proc, 1000)
    time.sleep(0.2)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    text = (first + out).decode()
    assert proc.returncode == 130
    lines = err.decode().splitlines()
    assert len(lines) == 1 and "s.pc1s: line 3: stopped by Ctrl-C or SIGTERM at " in lines[0]
    punched = read_tape(tmp_path / "out.ptp").frames
    assert len(punched) == text.count("q") >= 1000 and set(punched) == {CHAR_TO_CODE["q"]}


def test_the_punch_reel_is_the_readers_limit(tmp_path: Path, capsys) -> None:
    out = tmp_path / "out.raw"
    loop = printing_loop(tmp_path, "a")
    extra = 1234
    assert main(["run", "--initial-load", str(loop), "--clear-start", "--punch", str(out),
                 "--max-orders", str(3 * (MAX_TAPE_FRAMES + extra))]) == 3
    err = capsys.readouterr().err
    assert f"the reel is full at {MAX_TAPE_FRAMES:,} frames" in err
    assert f"{extra:,} more were not punched" in err
    assert len(read_tape(out)) == MAX_TAPE_FRAMES  # what is punched is read back
