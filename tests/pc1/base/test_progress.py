"""Progress on stderr: a bar on a terminal after a second, plain lines every 10 s off one."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pc1.base import progress as progress_module
from pc1.base.progress import PLAIN_EVERY, TTY_DELAY, Reporter

ROOT = Path(__file__).resolve().parents[3]


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_short_work_off_a_terminal_says_nothing() -> None:
    clock, err = Clock(), io.StringIO()
    with Reporter("pi 1,000", stream=err, clock=clock) as r:
        for k in range(10):
            clock.now += 0.5
            r("series", k / 10)
    assert err.getvalue() == ""


def test_long_work_off_a_terminal_gets_a_line_every_period_and_at_new_stages() -> None:
    clock, err = Clock(), io.StringIO()
    r = Reporter("pi 10,000,000", stream=err, clock=clock)
    r("series", 0.0)
    clock.now += PLAIN_EVERY - 1
    r("series", 0.4)
    assert err.getvalue() == ""
    clock.now += 1
    r("series", 0.5)
    clock.now += 1
    r("series", 0.6)  # within the period: no line
    r("divide", 0.0)  # a new stage once lines are shown: a line at once
    r.close()
    assert err.getvalue().splitlines() == [
        f"pi 10,000,000: series  50%, {PLAIN_EVERY:.0f} s",
        f"pi 10,000,000: divide   0%, {PLAIN_EVERY + 1:.0f} s",
        f"pi 10,000,000: divide   0%, {PLAIN_EVERY + 1:.0f} s (done)",
    ]


def test_counts_show_done_of_total_and_the_note() -> None:
    clock, err = Clock(), io.StringIO()
    r = Reporter("queens 32", stream=err, clock=clock)
    clock.now += PLAIN_EVERY
    r.count(1234567, unit="solutions so far")
    clock.now += PLAIN_EVERY
    r.count(5, 8, unit="units", note="9 found")
    clock.now += PLAIN_EVERY
    r.count(7, note="stage 2", stage="sweep")
    assert err.getvalue().splitlines() == [
        "queens 32: 1,234,567 solutions so far, 10 s", "queens 32: 5 of 8 units, 9 found, 20 s",
        "queens 32: sweep 7, stage 2, 30 s"]


def test_quiet_says_nothing_and_eager_says_every_stage_and_its_end() -> None:
    clock, err = Clock(), io.StringIO()
    quiet = Reporter("x", quiet=True, stream=Terminal(), clock=clock)
    clock.now += 100
    quiet("a", 0.5)
    quiet.close()
    eager = Reporter("e 500", eager=True, stream=err, clock=clock)
    for stage in ("series", "digits"):
        for f in (0.0, 0.5, 1.0, 1.0):
            eager(stage, f)
    eager.close()
    assert err.getvalue().splitlines() == ["e 500: series   0%, 0 s", "e 500: series 100%, 0 s",
                                           "e 500: digits   0%, 0 s", "e 500: digits 100%, 0 s"]


def test_on_a_terminal_a_bar_shows_after_a_second_and_goes() -> None:
    clock, term = Clock(), Terminal()
    r = Reporter("pi 1,000,000", stream=term, clock=clock)
    r("series", 0.2)
    assert term.getvalue() == "" and r._bar is None
    clock.now += TTY_DELAY
    r("series", 0.3)
    assert r._bar is not None
    r._bar.refresh()
    assert "pi 1,000,000: series" in term.getvalue() and "30%" in term.getvalue()
    r.close()
    assert r._bar is None


def test_no_bar_over_a_teleprinter_on_the_same_terminal(monkeypatch) -> None:
    clock = Clock()
    monkeypatch.setattr(sys, "stdout", Terminal())
    pieces = Reporter("pc1 run", stream=Terminal(), clock=clock, whole_lines=False)
    lines = Reporter("queens 32", stream=Terminal(), clock=clock)
    clock.now += TTY_DELAY
    pieces.count(10)
    lines.count(10)
    assert pieces._bar is None and lines._bar is not None
    lines.close()
    monkeypatch.setattr(sys, "stdout", io.StringIO())  # stdout to a file: the bar comes back
    elsewhere = Reporter("pc1 run", stream=Terminal(), clock=clock, whole_lines=False)
    clock.now += TTY_DELAY
    elsewhere.count(10)
    assert elsewhere._bar is not None
    elsewhere.close()


def test_plain_lines_come_from_the_commands_too(monkeypatch, capsys) -> None:
    from pc1.cli.main import main

    monkeypatch.setattr(progress_module, "PLAIN_EVERY", 0.0)
    assert main(["digits", "pi", "2000"]) == 0
    assert "pi 2,000: " in capsys.readouterr().err
    assert main(["digits", "pi", "2000", "--quiet"]) == 0
    assert capsys.readouterr().err == ""
    assert main(["queens", "--infinite", "20000", "--csv"]) == 0
    err = capsys.readouterr().err
    assert re.search(r"queens --infinite 20,000: 20,000 of 20,000 terms, \d+ s \(done\)\n",
                     err), err
    assert main(["run", "e1000"]) == 0
    err = capsys.readouterr().err
    assert re.search(r"pc1 run: [\d,]+ orders, [\w .]+ simulated, \d+ s\n", err), err
    assert "halt at 285" in err
    assert main(["run", "e1000", "-q"]) == 0
    assert " simulated, " not in capsys.readouterr().err
    assert main(["script", "e1000.pc1s"]) == 0
    assert re.search(r"pc1 script: [\d,]+ orders, [\w .]+ simulated, \d+ s\n",
                     capsys.readouterr().err)
    assert main(["script", "-q", "e1000.pc1s"]) == 0
    assert capsys.readouterr().err == ""
    assert main(["run", "--script", "e1000.pc1s"]) == 0  # the run's own reporter goes on
    assert re.search(r"pc1 run: [\d,]+ orders, ", capsys.readouterr().err)


@pytest.mark.skipif(shutil.which("script") is None, reason="needs script(1) for a terminal")
def test_a_long_count_shows_a_bar_on_a_terminal(tmp_path: Path) -> None:
    # Some 3 s of counting here: well past the bar's 1 s delay on a quick machine too.
    out = tmp_path / "terms.txt"
    command = f"{sys.executable} -m pc1 queens --infinite 4000000 > {out}"
    done = subprocess.run(["script", "-qec", command, "/dev/null"], capture_output=True,
                          text=True, timeout=120, cwd=ROOT, stdin=subprocess.DEVNULL,
                          env={**os.environ, "COLUMNS": "120", "TERM": "xterm"})
    assert done.returncode == 0, done.stdout
    assert "queens --infinite 4,000,000" in done.stdout and "terms" in done.stdout
    assert out.read_text().split()[:4] == ["0", "2", "4", "1"]  # stdout kept clean
