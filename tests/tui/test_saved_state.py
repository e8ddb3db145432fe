"""Saving and restoring the machine on the console (ctrl+t, ctrl+o): the state file of the
monitor's save-state and of `pc1 run --dump-state`, confined to the console's root."""

from __future__ import annotations

import json
from pathlib import Path

from pc1.machine import read_state
from tests.tui.conftest import PRINT_ONE, wait_until
from tui.app import PC1App
from tui.dialogs import OpenDialog, PathDialog


async def _answer(pilot, text: str) -> None:
    """Type a path into the dialog on top (replacing its suggestion) and press Enter."""
    field = pilot.app.screen.query_one("#path")
    field.value = ""
    await pilot.press(*text, "enter")
    await pilot.pause()


async def test_save_then_restore_gives_back_registers_store_and_reader(tmp_path: Path) -> None:
    app = PC1App(include_our_tapes=False, root=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        m = app.machine
        for a, w in enumerate(PRINT_ONE):
            m.memory[a] = w
        m.A, m.R, m.K = 12345, 67890, 2
        await pilot.press("ctrl+t")
        assert isinstance(app.screen, PathDialog)
        await _answer(pilot, "saved.json")
        await wait_until(pilot, lambda: "machine saved" in app.message)
        saved = json.loads((tmp_path / "saved.json").read_text())
        assert (saved["A"], saved["R"], saved["K"]) == (12345, 67890, 2)
        assert saved["memory"][:4] == PRINT_ONE
        # the machine changes; the restore puts it back as it was saved
        m.A, m.R, m.K = 0, 0, 0
        for a in range(4):
            m.memory[a] = 0
        await pilot.press("ctrl+o")
        assert isinstance(app.screen, OpenDialog)
        await _answer(pilot, "saved.json")
        await wait_until(pilot, lambda: "machine restored" in app.message)
        assert (m.A, m.R, m.K) == (12345, 67890, 2)
        assert m.memory.words[:4] == PRINT_ONE
        # the monitor's restore-state reads the file the console wrote
        assert read_state(tmp_path / "saved.json")["memory"][:4] == PRINT_ONE


async def test_a_bad_state_file_is_one_line_naming_it(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text('{"A": 1, "R": 0, "M": 0, "K": 0}')
    app = PC1App(include_our_tapes=False, root=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.machine.A = 7
        await pilot.press("ctrl+o")
        await _answer(pilot, "bad.json")
        await wait_until(pilot, lambda: "cannot restore" in app.message)
        assert "bad.json" in app.message and "memory" in app.message
        assert "\n" not in app.message
        assert app.machine.A == 7  # nothing half restored


async def test_paths_stay_inside_the_root(tmp_path: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    app = PC1App(include_our_tapes=False, root=root)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+t")
        await _answer(pilot, "../outside.json")
        await wait_until(pilot, lambda: "cannot save the machine" in app.message)
        assert not (tmp_path / "outside.json").exists()
        await pilot.press("ctrl+o")
        await _answer(pilot, "../outside.json")
        await wait_until(pilot, lambda: "cannot restore the machine" in app.message)
