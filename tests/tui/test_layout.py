"""80×24 first (tui/app.tcss, the console's bindings): what matters most fits the smallest
terminal, and no line of text is cut at 80×24, 120×40 or 200×60."""

from __future__ import annotations

import pytest

from pc1.devices import text_to_codes
from tui.app import PC1App
from tui.teleprinter_view import TeleprinterView

PC1_LINE = "3.14159265358979323846264338327950288419716939937510"  # 52 characters
SIZES = [(80, 24), (120, 40), (200, 60)]


def screen_lines(app: PC1App) -> list[str]:
    """The text of every row of the screen as drawn."""
    return [strip.text for strip in app.screen._compositor.render_strips()]  # noqa: SLF001


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_teleprinter_shows_a_whole_pc1_line(size: tuple[int, int]) -> None:
    assert len(PC1_LINE) == 52
    app = PC1App(include_our_tapes=False, speed="max")
    async with app.run_test(size=size) as pilot:
        for code in text_to_codes((PC1_LINE + "\n") * 60):  # enough for a scrollbar
            app.machine.teleprinter.output(code)
        app.query_one(TeleprinterView).show(app.machine.teleprinter)
        await pilot.pause(0.2)
        assert any(PC1_LINE in line for line in screen_lines(app)), screen_lines(app)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_footer_shows_the_demos_speed_and_stop(size: tuple[int, int]) -> None:
    app = PC1App(include_our_tapes=False, speed="max")
    async with app.run_test(size=size) as pilot:
        await pilot.press("k", "k")  # (before a first key Textual may leave the footer blank)
        await pilot.pause(0.2)
        footer = next((line for line in screen_lines(app) if "STOP" in line and " e " in line), "")
        for words in ("e e-1000", "p pi-1000", "v Speed", "x STOP"):
            assert words in footer, footer


@pytest.mark.parametrize("size", SIZES[:2], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_digits_bar_names_its_stage_and_keeps_its_percentage(
        size: tuple[int, int]) -> None:
    from tui.screens.digits import DigitsScreen
    app = PC1App(include_our_tapes=False, speed="max")
    async with app.run_test(size=size) as pilot:
        await app.run_workbench_command("digits", "")
        screen = app.screen
        assert isinstance(screen, DigitsScreen)
        screen._progress("check: series", 0.42)  # noqa: SLF001 - what the worker reports
        await pilot.pause(0.1)
        row = next((line for line in screen_lines(app) if "Compute" in line), "")
        assert "check: series" in row and "42%" in row, row


async def test_the_open_dialogs_hint_is_whole_at_80x24() -> None:
    from textual.widgets import Label

    from tui.dialogs import OpenDialog
    app = PC1App(include_our_tapes=False, speed="max")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await pilot.pause(0.2)
        assert isinstance(app.screen, OpenDialog)
        hint = str(app.screen.query_one(".hint", Label).render())
        shown = " ".join(line.strip(" │╭╮╰╯─") for line in screen_lines(app))
        assert " ".join(hint.split()) in " ".join(shown.split()), screen_lines(app)
