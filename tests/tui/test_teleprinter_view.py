"""The teleprinter's paper on screen keeps following its newest line."""

from __future__ import annotations

import pytest

from pc1.devices.teleprinter import text_to_codes
from tui.app import PC1App
from tui.teleprinter_view import TeleprinterView


@pytest.mark.parametrize(("count", "sizes"), [
    (40, [(200, 60), (120, 40)]),  # all 40 lines fit at 200x60, not at 120x40
    (300, [(120, 40), (80, 24), (200, 60), (80, 24)]),
])
async def test_the_paper_shows_its_newest_line_after_a_resize(count, sizes) -> None:
    """The defect: from 200 to 120 columns the paper showed its oldest lines."""
    lines = [f"line {i:03d} " + "0123456789" * 4 for i in range(count)]
    app = PC1App(include_our_tapes=False)
    async with app.run_test(size=sizes[0]) as pilot:
        for code in text_to_codes("\n".join(lines)):
            app.machine.teleprinter.output(code)
        app.refresh_machine()
        await pilot.pause(0.1)
        view = app.query_one(TeleprinterView)
        for size in sizes[1:]:
            await pilot.resize_terminal(*size)
            await pilot.pause(0.2)
            assert view.max_scroll_y > 0 and view.scroll_offset.y == view.max_scroll_y, size
            shown = [str(view.lines[y]) for y in
                     range(view.scroll_offset.y, view.scroll_offset.y + view.size.height)
                     if y < len(view.lines)]
            assert lines[-1] in shown, size
