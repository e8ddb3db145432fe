"""The paper's fast path (tui/bulk_log.py and PaperFeed in tui/teleprinter_view.py): the
same text as one character and one line at a time, at a fraction of the cost."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from textual.app import App, ComposeResult
from textual.widgets import Log

from pc1.devices import BELL, BLANK, CR, FIGS, LF, LTRS, SP, code_name
from tui.bulk_log import BulkLog
from tui.teleprinter_view import PaperFeed


def feed_one_by_one(codes: list[int], column: int, columns: int) -> tuple[str, int]:
    """The printer's rule, character by character: the oracle for PaperFeed."""
    out = []
    for c in codes:
        if c == LF:
            out.append("\n")
            column = 0
            continue
        if c in (CR, BLANK, FIGS, LTRS):
            continue
        if column >= columns:
            out.append("\n")
            column = 0
        name = code_name(c)
        out.append(" " if c in (SP, BELL) else (name if len(name) == 1 else "?"))
        column += 1
    return "".join(out), column


# mostly printing codes, with line feeds and controls, in frames of any size
CODES = st.lists(st.one_of(st.integers(0, 63), st.sampled_from([LF, CR, SP, 57])),
                 max_size=400)


@settings(max_examples=200, deadline=None)
@given(st.lists(CODES, min_size=1, max_size=5), st.integers(1, 12))
def test_paper_feed_prints_what_the_printer_prints(frames: list[list[int]],
                                                   columns: int) -> None:
    feed = PaperFeed(columns)
    column = 0
    for codes in frames:
        expected, column = feed_one_by_one(codes, column, columns)
        assert feed.feed(codes) == expected
        assert feed.column == column


class Two(App):
    CSS = "Log { height: 1fr; }"

    def compose(self) -> ComposeResult:
        yield Log(id="plain")
        yield BulkLog(id="bulk")


async def test_bulk_log_holds_the_lines_a_log_holds() -> None:
    chunks = ["12\n12\n", "1", "23\n\n", "x" * 90 + "\r\n", "tail", "\n" * 3, "é wide\n"]
    app = Two()
    async with app.run_test(size=(40, 20)) as pilot:
        plain, bulk = app.query_one("#plain", Log), app.query_one("#bulk", BulkLog)
        for chunk in chunks:
            plain.write(chunk)
            bulk.write(chunk)
            await pilot.pause()
            assert bulk.lines == plain.lines
            assert bulk.virtual_size == plain.virtual_size
            assert bulk.scroll_offset == plain.scroll_offset
            assert shown(bulk) == shown(plain)


def shown(log: Log) -> list[str]:
    """The text of the lines the widget draws now."""
    return [log.render_line(y).text for y in range(log.size.height)]
