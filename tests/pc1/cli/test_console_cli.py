"""`pc1` with no terminal (pc1/cli/console.py): one line on stderr, a non-zero exit, at once."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import time

import pytest

from pc1.cli.console import no_terminal


def run_pc1(*args: str, stdin=subprocess.DEVNULL) -> tuple[subprocess.CompletedProcess, float]:
    env = {k: v for k, v in os.environ.items() if k != "TEXTUAL_DRIVER"}
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "pc1", *args], stdin=stdin,
                          capture_output=True, text=True, timeout=20, env=env)
    return done, time.monotonic() - start


@pytest.mark.parametrize("args", [(), ("tui",)])
def test_without_a_terminal_pc1_says_so_and_exits(args: tuple[str, ...]) -> None:
    done, seconds = run_pc1(*args)
    assert done.returncode != 0
    assert done.stdout == ""  # no escape codes written into a file
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "needs a terminal" in lines[0] and "input and output" in lines[0]
    assert seconds < 5  # generous for a loaded machine; about 0.3 s measured


class Stream(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


def test_which_side_is_not_a_terminal() -> None:
    assert no_terminal(Stream(True), Stream(True), {}) is None
    assert "its output is not one" in no_terminal(Stream(True), Stream(False), {})
    assert "its input is not one" in no_terminal(Stream(False), Stream(True), {})
    # textual-serve's web driver talks over pipes, on purpose
    assert no_terminal(Stream(False), Stream(False), {"TEXTUAL_DRIVER": "web"}) is None
