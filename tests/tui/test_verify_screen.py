"""Verify on the console: its runs at full speed, the user's marks set aside, the paper of one
run checked, each run on a fresh line of the paper."""

from __future__ import annotations

from pathlib import Path

from pc1.devices.teleprinter import text_to_codes
from pc1.machine.orders import encode
from tests.tui.conftest import punch_binary, wait_until
from tui.app import PC1App
from tui.screens.verify import VerifyScreen
from tui.teleprinter_view import TeleprinterView


def printing(text: str) -> list[int]:
    """A program that prints `text` and halts: `p D+i ; o self` per character, then 0, then
    the characters' codes (in the top six bits) from D on."""
    codes = text_to_codes(text)
    data = 2 * len(codes) + 1
    words = []
    for i in range(len(codes)):
        words += [encode("p", data + i), encode("o", 2 * i + 1)]
    return words + [0] + [c << 12 for c in codes]


def status(app: PC1App) -> str:
    return str(app.query_one("#status").render())


async def run_program(pilot, path: Path) -> None:
    """INITIAL LOAD a binary tape, CLEAR START, wait for the stop."""
    app = pilot.app
    app.place_tape(path)
    await pilot.press("i")
    await pilot.press("c")
    await wait_until(pilot, lambda: app.idle and app.machine.last_stop is not None)


async def test_two_runs_print_on_two_lines_and_t_checks_the_newest(tmp_path: Path) -> None:
    """The defect: e's run then pi's read as one line '…03543.14159…', and the paper check
    read both as one number."""
    app = PC1App(include_our_tapes=False, speed="max")
    async with app.run_test(size=(80, 24)) as pilot:
        await run_program(pilot, punch_binary(tmp_path, "e.ptw", printing("2.718")))
        await run_program(pilot, punch_binary(tmp_path, "pi.ptw", printing("3.1415")))
        await pilot.pause(0.1)
        assert app.query_one(TeleprinterView).text == "2.718\n3.1415"
        assert app.machine.printed_text() == "2.718\n3.1415"
        await pilot.press("f2")
        await pilot.pause(0.1)
        await pilot.press("t")
        await pilot.pause(0.1)
        assert isinstance(app.screen, VerifyScreen) and app.screen.paper is not None
        assert "run 2 of 2: pi: 4 of 4 decimals identical to mpmath" in status(app)


async def test_verify_runs_at_full_speed_with_the_users_marks_set_aside() -> None:
    """The console at real time with a break and a watch that e-1000 meets: Verify says it
    runs at full speed, finishes in seconds, and gives the marks back."""
    app = PC1App(demo_pause=0)  # real time, the console's default
    async with app.run_test(size=(120, 40)) as pilot:
        for line in ("break 285", "watch 300"):
            await app.run_monitor_line(line).wait()
        said: list[str] = []
        app.say = lambda message, error=False, say=app.say: (said.append(message),
                                                             say(message, error))[1]
        await app.run_workbench_command("verify", "verify('e')")
        await wait_until(pilot, lambda: isinstance(app.screen, VerifyScreen)
                         and app.screen.report is not None, timeout=50)
        assert app.screen.report.ok
        assert any("break 285, watch 300 set aside" in m for m in said)
        assert any(m.startswith("verify e 3/3 (full speed, v: real time; break 285, watch 300 "
                                "set aside): ") for m in said)
        assert "break 285, watch 300 back in place" in status(app)
        assert app.breakpoints == {285} and app.runner.watchpoints == {300}
        assert app.speed == "real"
