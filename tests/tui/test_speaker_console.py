"""The console shows the speaker's frequency under the panel and saves the sound of a run."""

from __future__ import annotations

import re
import wave
from pathlib import Path

from tests.tui.conftest import read_through_r0
from tui.app import PC1App
from tui.panel import Panel

TAPES = Path(__file__).resolve().parents[2] / "tapes"


async def save_sound(pilot, path: Path) -> None:
    """ctrl+w, then the file's path and Enter in the dialog."""
    await pilot.press("ctrl+w")
    await pilot.pause(0.1)
    pilot.app.screen.query_one("#path").value = str(path)
    await pilot.press("enter")
    await pilot.pause(0.1)


async def test_the_panel_names_the_note_and_the_sound_is_saved(tmp_path: Path) -> None:
    # stopped by the order limit while the tune plays (its notes are C3 to G3 at 15 kHz)
    app = PC1App(include_our_tapes=False, speed="max", max_orders=10_767 + 2_000)
    async with app.run_test(size=(100, 30)) as pilot:
        await read_through_r0(pilot, TAPES / "r0.ptw", TAPES / "music.ptr")
        await pilot.pause(0.1)
        assert app.machine.last_stop.reason == "order limit"
        caption = app.query_one(Panel).border_subtitle
        assert re.fullmatch(r"speaker (164.8 Hz \(E3\)|174.4 Hz \(F3\)|194.8 Hz \(G3\))", caption)
        path = tmp_path / "ode.wav"
        await save_sound(pilot, path)
        assert "sound saved" in app.message
        run_cycles = app.machine.cycles - app.runner.base[1]
        with wave.open(str(path), "rb") as w:
            assert abs(w.getnframes() - run_cycles / 15_000 * w.getframerate()) <= 0.5 + 1e-6
        # R0 reads a silent program: the caption goes
        await read_through_r0(pilot, TAPES / "r0.ptw", TAPES / "fft.ptr")
        await pilot.pause(0.1)
        assert app.query_one(Panel).border_subtitle == ""


async def test_a_long_run_saves_the_newest_changes_and_says_what_is_not_kept(
        tmp_path: Path, monkeypatch) -> None:
    import pc1.machine.machine as machine_module

    monkeypatch.setattr(machine_module, "SPEAKER_KEEP", 100)  # the tune makes thousands
    app = PC1App(include_our_tapes=False, speed="max", max_orders=10_767 + 4_000)
    async with app.run_test(size=(100, 30)) as pilot:
        await read_through_r0(pilot, TAPES / "r0.ptw", TAPES / "music.ptr")
        m = app.machine
        assert m.speaker_dropped > 0 and len(m.speaker_events) <= 200
        first_kept = m.speaker_events[0][0]
        path = tmp_path / "tail.wav"
        await save_sound(pilot, path)
        lost = (first_kept - app.runner.base[1]) / 15_000
        assert f"the first {lost:.1f} s are not kept" in app.message
        with wave.open(str(path), "rb") as w:
            expected = (m.cycles - first_kept) / 15_000 * w.getframerate()
            assert abs(w.getnframes() - expected) <= 0.5 + 1e-6
