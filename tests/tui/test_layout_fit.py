"""80×24 first: on every workbench screen and the console's three tabs, at 80×24, 120×40 and
200×60, no visible Static or Label has its text cut (wrapping across lines is allowed).

Not marked slow, so CI runs it: one app a size, each screen opened in turn."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.geometry import Region
from textual.widgets import Static

from tests.tui.conftest import wait_until
from tui.app import PC1App
from tui.workbenches import WORKBENCHES

SIZES = [(80, 24), (120, 40), (200, 60)]
TABS = ("console", "tapes", "study")


def words(text: str) -> str:
    """The text with every run of whitespace (a wrap included) made one space."""
    return " ".join(text.split())


def plain_text(widget: Static) -> str | None:
    """What the widget is asked to show, as plain text (None for a drawing or a table)."""
    shown = widget.render()
    if isinstance(shown, str):
        return shown
    return getattr(shown, "plain", None)


def cut_widgets(app: App, where: str) -> list[str]:
    """Each visible Static whose rendered lines lack part of its text, or that runs off screen."""
    screen = app.screen
    width = app.size.width
    visible = screen._compositor.visible_widgets  # noqa: SLF001 - what is actually drawn
    problems = []
    for widget in screen.query(Static):
        if widget not in visible or not widget.size.area:
            continue
        text = plain_text(widget)
        if not text or not text.strip():
            continue
        box = widget.region  # the whole widget, padding and border too, before any scrolling
        lines = widget.render_lines(Region(0, 0, box.width, box.height))
        rendered = words(" ".join(strip.text for strip in lines))
        name = f"{where}: {type(widget).__name__}#{widget.id or ''}"
        if words(text) not in rendered:
            problems.append(f"{name} shows {rendered[-60:]!r} of {words(text)[-60:]!r}")
        else:
            region, clip = visible[widget]
            # clipped at the side (by the screen or a parent) is cut; clipped above or below
            # inside a scrolling parent is not: it scrolls
            if region.x < clip.x or region.right > min(clip.right, width):
                problems.append(f"{name} is cut at the side: {region} in {clip}")
    return problems


async def test_the_check_finds_a_cut_line_and_a_line_off_the_side() -> None:
    from textual.app import ComposeResult

    class Cut(App):
        CSS = "#short { height: 1; width: 20; } #wide { width: 120; }"

        def compose(self) -> ComposeResult:
            yield Static("a line of text far too long for twenty columns", id="short")
            yield Static("fits", id="fine")
            yield Static("x " * 55 + "END", id="wide")

    app = Cut()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        problems = cut_widgets(app, "test")
    assert [p.split(" ")[1] for p in problems] == ["Static#short", "Static#wide"], problems


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_no_visible_text_is_cut(size: tuple[int, int]) -> None:
    app = PC1App(include_our_tapes=False, speed="max", demo_pause=0)
    problems: list[str] = []
    async with app.run_test(size=size) as pilot:
        for tab in TABS:
            app.action_tab(tab)
            await pilot.pause(0.2)
            problems += cut_widgets(app, f"tab {tab}")
        for bench in WORKBENCHES:
            await pilot.press(bench.key)
            await wait_until(pilot, lambda: app.screen is not app.console_screen)
            await pilot.pause(0.3)
            problems += cut_widgets(app, bench.name)
            app.action_console()
            await wait_until(pilot, lambda: app.screen is app.console_screen)
    assert not problems, "\n".join(problems)
