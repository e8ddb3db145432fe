"""Keying a tape on the console: factorize waits for N+, the console offers the dialog with
that form shown, and after punching the run goes on and prints the factors."""

from __future__ import annotations

from pathlib import Path

from pc1.devices import R0_BINARY, read_tape, tape_path, text_to_codes
from tests.tui.conftest import wait_until
from tui.app import PC1App
from tui.keyboard import KeyTapeDialog


async def _factorize_waiting(pilot) -> PC1App:
    """Our R0 loaded, factorize read through it: the program waits for a number."""
    app = pilot.app
    app.place_tape(tape_path(R0_BINARY))
    await pilot.press("i")
    app.place_tape(tape_path("factorize.ptr"))
    await pilot.press("c")
    await wait_until(pilot, lambda: isinstance(app.screen, KeyTapeDialog), timeout=30)
    return app


async def test_factorize_waiting_offers_the_dialog_and_the_factors_are_printed(
        tmp_path: Path) -> None:
    app = PC1App(include_our_tapes=False, speed="max", root=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await _factorize_waiting(pilot)
        shown = str(app.screen.query_one("#key-wanted").render())
        assert "factorize waits for N+" in shown and "34359738367+" in shown
        await pilot.press(*"12+", "tab", *"n12.ptr", "enter")
        await wait_until(pilot, lambda: "12.=" in app.machine.printed_text(), timeout=30)
        await wait_until(pilot, lambda: app.idle and isinstance(app.screen, KeyTapeDialog))
        # 12 = 2 . 2 . 3, worked out by hand; then it waits for the next number: offered again
        assert app.machine.printed_text() == "12.=2.2.3\n"
        assert read_tape(tmp_path / "n12.ptr").frames == [0] * 5 + text_to_codes("12+") + [0] * 5
        assert app.machine.tape is not None and app.machine.tape.name == "12+"


async def test_a_character_with_no_code_is_one_line_and_the_dialog_stays(
        tmp_path: Path) -> None:
    app = PC1App(include_our_tapes=False, speed="max", root=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+k")
        assert isinstance(app.screen, KeyTapeDialog)
        await pilot.press(*"12", "#", "+", "enter")
        error = str(app.screen.query_one("#key-error").render())
        assert error == "line 1, column 3: '#' has no tape code"
        assert isinstance(app.screen, KeyTapeDialog) and app.machine.tape is None
        await pilot.press("escape")
        assert app.machine.tape is None


async def test_keyed_escapes_reach_the_reader_frame_for_frame(tmp_path: Path) -> None:
    app = PC1App(include_our_tapes=False, root=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+k", *"a1{CR}{LF}", "enter")
        await pilot.pause()
        tape = app.machine.tape
        assert tape is not None
        # the code table's values (docs/machine.md): a 24, 1 57, CR 2, LF 8
        assert tape.frames == [0] * 5 + [24, 57, 2, 8] + [0] * 5


async def test_a_keyed_tape_is_not_saved_outside_the_root(tmp_path: Path) -> None:
    app = PC1App(include_our_tapes=False, root=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+k", *"1+", "tab", *"../out.ptr", "enter")
        await pilot.pause()
        assert "cannot save the keyed tape" in app.message
        assert not (tmp_path.parent / "out.ptr").exists()
        assert app.machine.tape is None
