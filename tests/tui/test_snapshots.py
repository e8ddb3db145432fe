"""SVG snapshots of the main screens (baselines in __snapshots__; --snapshot-update to renew)."""

from __future__ import annotations

from pathlib import Path

from tests.tui.conftest import PRINT_ONE, STEPS, punch_binary, wait_until
from tui.app import PC1App


def make_app(*dirs: Path) -> PC1App:
    return PC1App(tape_dirs=dirs, include_our_tapes=False, speed="max", max_orders=5_000_000)


def test_console_after_printing_e(snap_compare, pc1onunity: Path) -> None:
    app = make_app(pc1onunity)

    async def run_e(pilot) -> None:
        app.place_tape(pc1onunity / "R0.ptw")
        await pilot.press("i")
        app.place_tape(pc1onunity / "napier.ptr")
        await pilot.press("c")
        await wait_until(pilot, lambda: app.idle and app.machine.last_stop is not None)
        await pilot.pause(0.3)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_e)


def test_study_view_after_two_steps(snap_compare, tmp_path: Path) -> None:
    tape = punch_binary(tmp_path, "steps.ptw", STEPS)
    app = make_app()

    async def step(pilot) -> None:
        app.place_tape(tape)
        await pilot.press("i", "f", "c", "r", "3")
        # a fixed pause lost the race on a busy machine: wait for the two steps themselves
        await wait_until(pilot, lambda: app.idle and app.machine.since_clear_start == 2)
        await pilot.pause(0.3)

    assert snap_compare(app, terminal_size=(80, 24), run_before=step)


def test_tape_library_with_a_tape_in_the_reader(snap_compare, tmp_path: Path) -> None:
    folder = tmp_path / "library"
    punch_binary(folder, "print1.ptw", PRINT_ONE)
    punch_binary(folder, "steps.ptw", STEPS)
    app = make_app(folder)

    async def place(pilot) -> None:
        await pilot.press("2", "down", "enter")
        await pilot.pause(0.2)

    assert snap_compare(app, terminal_size=(80, 24), run_before=place)


def test_console_large_terminal(snap_compare, tmp_path: Path) -> None:
    tape = punch_binary(tmp_path, "print1.ptw", PRINT_ONE)
    app = make_app()

    async def run(pilot) -> None:
        app.place_tape(tape)
        await pilot.press("i", "c")
        await wait_until(pilot, lambda: app.idle and app.machine.last_stop is not None)
        await pilot.pause(0.3)

    assert snap_compare(app, terminal_size=(140, 45), run_before=run)
