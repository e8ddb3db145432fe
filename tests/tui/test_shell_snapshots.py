"""SVG snapshots of the shell's workbench screens: verify, digits, help (80x24)."""

from __future__ import annotations

from textual.widgets import Input

from tests.tui.conftest import wait_until
from tui.app import PC1App


def make_app() -> PC1App:
    return PC1App(include_our_tapes=False, speed="max", max_orders=5_000_000, demo_pause=0)


def test_verify_screen_after_verifying_e(snap_compare) -> None:
    app = make_app()

    async def verify(pilot) -> None:
        await app.run_workbench_command("verify", "verify('e')")
        await wait_until(pilot, lambda: getattr(app.screen, "report", None) is not None
                         and all(w.is_finished for w in app.workers), timeout=50)
        # the 8-second toast of the start is there or gone by how fast this machine ran it
        app.clear_notifications()
        await pilot.pause(0.3)

    assert snap_compare(app, terminal_size=(80, 24), run_before=verify)


def test_digits_screen_after_computing_e(snap_compare, monkeypatch) -> None:
    import tui.screens.digits as digits

    real = digits.run_digits
    # the time taken is the one figure that changes from run to run
    monkeypatch.setattr(digits, "run_digits", lambda *a, **k: real(*a, **k)._replace(seconds=0.25))
    app = make_app()

    async def compute(pilot) -> None:
        await pilot.press("f3")
        await pilot.pause(0.1)
        app.screen.set_request("e", "500")
        await pilot.pause(0.1)
        app.screen.action_compute()
        await wait_until(pilot, lambda: app.screen.result is not None)
        for box in app.screen.query(Input):  # a blinking cursor would be caught on or off
            box.cursor_blink = False
        await pilot.pause(0.3)

    assert snap_compare(app, terminal_size=(80, 24), run_before=compute)


def test_help_screen(snap_compare) -> None:
    app = make_app()

    async def open_help(pilot) -> None:
        await pilot.press("f1")
        await pilot.pause(0.3)

    assert snap_compare(app, terminal_size=(80, 24), run_before=open_help)
