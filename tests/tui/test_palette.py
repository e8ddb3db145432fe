"""The command palette (tui/palette.py): safe from Textual's page-key bug, help shown as typed."""

from __future__ import annotations

import pytest
from textual import events
from textual.command import CommandList
from textual.content import Content

from tui.app import PC1App
from tui.palette import plain


@pytest.mark.parametrize("key", ["pagedown", "pageup"])
async def test_a_page_key_at_once_after_ctrl_p_does_not_crash(key: str) -> None:
    # both keys queued before the palette is laid out, as a fast typist's keys arrive
    app = PC1App(include_our_tapes=False, speed="max")
    async with app.run_test(size=(80, 24)) as pilot:
        app.post_message(events.Key("ctrl+p", None))
        app.post_message(events.Key(key, None))
        await pilot.pause(0.2)
        assert app._exception is None  # noqa: SLF001 - Textual keeps the crash there
        assert app.screen.query_one(CommandList)  # the palette is open and alive
        await pilot.press(key)  # once laid out, the page keys move as Textual means them
        await pilot.pause()
    assert app.return_code in (None, 0)


def test_brackets_in_help_survive_the_palette_markup() -> None:
    text = "one class at a time, [ and ] through its members (key ])"
    assert Content.from_markup(plain(text)).plain == text
    assert Content.from_markup(plain("[b]not bold[/b]")).plain == "[b]not bold[/b]"


async def test_the_queens_classes_help_keeps_its_brackets() -> None:
    app = PC1App(include_our_tapes=False, speed="max")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.press(*"classes")
        await pilot.pause(0.3)
        shown = [str(o.prompt) if not hasattr(o.prompt, "plain") else o.prompt.plain
                 for o in app.screen.query_one(CommandList).options]
        assert any("[ and ] through its members" in s for s in shown), shown
