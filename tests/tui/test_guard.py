"""Failures and quitting (tui/guard.py): a message on the screen, never a traceback or an exit."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tui.conftest import LOOP, punch_binary, wait_until
from tui.app import PC1App
from tui.command_line import CommandLine
from tui.guard import one_line
from tui.runner import Runner
from tui.screens.queens import QueensScreen


def make_app(**kw) -> PC1App:
    kw.setdefault("speed", "real")
    return PC1App(include_our_tapes=kw.pop("ours", False), demo_pause=0, **kw)


def errors(app: PC1App) -> list[str]:
    return [n.message for n in app._notifications if n.severity == "error"]  # noqa: SLF001


async def quit_while(app: PC1App, start, running, quit_key: str) -> None:
    """Start something, wait until it runs, quit; the app must end without an exception."""
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot)
        await wait_until(pilot, lambda: running(app), timeout=20)
        await pilot.press(quit_key)
        await pilot.pause(0.2)
    assert app._exception is None  # noqa: SLF001 - where Textual keeps what it would print
    assert app.return_code == 0


@pytest.mark.parametrize("quit_key", ["q", "ctrl+q"])
async def test_quitting_during_a_verify_run_is_clean(quit_key: str) -> None:
    async def start(pilot) -> None:
        await pilot.app.run_workbench_command("verify", "verify('e')")

    def verifying(app: PC1App) -> bool:  # the Verify worker is under way (seconds at full speed)
        return any(w.name == "verify" and not w.is_finished for w in app.workers)

    await quit_while(make_app(ours=True), start, verifying, quit_key)


async def test_quitting_during_a_demo_is_clean() -> None:
    async def start(pilot) -> None:
        await pilot.press("e")

    await quit_while(make_app(ours=True), start, lambda app: app.running, "q")


async def test_quitting_during_a_monitor_clear_start_is_clean(tmp_path: Path) -> None:
    tape = punch_binary(tmp_path, "loop.ptw", LOOP)

    async def start(pilot) -> None:
        pilot.app.place_tape(tape)
        await pilot.press("i", "colon")
        await pilot.pause()
        assert isinstance(pilot.app.screen, CommandLine)
        pilot.app.focused.value = "clear-start"
        await pilot.press("enter", "escape")  # the command line stays open: close it to quit

    await quit_while(make_app(), start, lambda app: app.running and app.machine.orders > 10,
                     "q")


async def test_an_action_that_fails_is_a_message_on_its_screen(monkeypatch) -> None:
    def broken(self, *args) -> None:
        raise ValueError("planted")

    monkeypatch.setattr(QueensScreen, "action_show_tab", broken)
    app = make_app(speed="max")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f4")
        await pilot.pause()
        await pilot.press("2")  # the Queens screen's tab key runs the broken action
        await pilot.pause(0.1)
        assert app.is_running and isinstance(app.screen, QueensScreen)
        assert any("ValueError: planted" in e for e in errors(app)), errors(app)
        await pilot.press("escape", "f4")  # the screen still answers its keys
        await pilot.pause()
        assert isinstance(app.screen, QueensScreen)
    assert app._exception is None  # noqa: SLF001


async def test_a_machine_run_that_fails_is_a_message(tmp_path: Path, monkeypatch) -> None:
    def broken(self, *args, **kw):
        self.running = False
        raise RuntimeError("planted in the runner")

    monkeypatch.setattr(Runner, "run", broken)
    tape = punch_binary(tmp_path, "loop.ptw", LOOP)
    app = make_app(speed="max")
    async with app.run_test(size=(80, 24)) as pilot:
        app.place_tape(tape)
        await pilot.press("i", "c")
        await wait_until(pilot, lambda: errors(app))
        assert "RuntimeError: planted in the runner" in errors(app)[0]
        await pilot.press("f1")  # and the console goes on
        await pilot.pause()
        assert app.screen.name == "help" or type(app.screen).__name__ == "HelpScreen"
    assert app._exception is None  # noqa: SLF001


def test_one_line_is_one_line_and_bounded() -> None:
    assert one_line(ValueError("two\nlines")) == "ValueError: two lines"
    assert one_line(KeyError()) == "KeyError"
    assert len(one_line(RuntimeError("x" * 1000))) < 230
