"""The study view cuts no cell: every order text, source word and comment is shown in full."""

from __future__ import annotations

import io

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.console import Console
from rich.style import Style

from pc1.devices.tape import read_tape
from pc1.devices.tape_library import tape_path
from pc1.machine.orders import ORDERS, encode, mnemonic, widest_mnemonic
from pc1.machine.word import signed18, signed36
from tests.strategies import short_words
from tui.app import PC1App
from tui.memory_view import MemoryTable, MemoryView, wrap_cells
from tui.sources import source_map

# words whose order text is wider than any among the first rows: the column must not have
# been sized from those (the defect: word 76 shown as `l 128`, examine says `l 1282`)
WIDE = {76: encode("l", 1282), 300: encode("a", 2047, True), 511: (1 << 17)}


@given(short_words)
def test_no_order_text_is_wider_than_the_widest(word: int) -> None:
    assert len(mnemonic(word) or "") <= widest_mnemonic()


def test_the_widest_order_text_is_a_long_order_to_2047() -> None:
    assert widest_mnemonic() == max(len(o.letter) for o in ORDERS) + len("l 2047")


@given(st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=120),
       st.integers(2, 40))  # a wide character needs two cells
def test_wrapped_text_keeps_every_character_within_the_width(text: str, width: int) -> None:
    lines = wrap_cells(text, width)
    assert all(cell_len(line) <= width for line in lines)
    assert "".join("".join(lines).split()) == "".join(text.split())


def cell_text(table: MemoryTable, row: int, column: int) -> list[str]:
    """The lines the table draws for one cell, at the column's width on screen."""
    width = table.ordered_columns[column].get_render_width(table)
    lines = table._render_cell(row, column, Style(), width)  # noqa: SLF001 - what is drawn
    return ["".join(segment.text for segment in line).strip() for line in lines]


def screen_text(app: PC1App) -> str:
    """The whole screen as plain text."""
    console = Console(file=io.StringIO(), width=app.size.width, record=True,
                      color_system=None, legacy_windows=False)
    console.print(app.screen._compositor.render_update(full=True))  # noqa: SLF001
    return console.export_text()


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)])
async def test_every_cell_of_the_study_view_is_shown_in_full(size: tuple[int, int]) -> None:
    path = tape_path("e1000.ptr")
    sources = source_map(read_tape(path), path)
    app = PC1App(include_our_tapes=False)
    async with app.run_test(size=size) as pilot:
        words = app.machine.memory.words
        for a, w in sources.items():  # the store as R0 leaves it after reading e1000
            words[a] = w.value
        for a, w in WIDE.items():
            words[a] = w
        view = app.query_one(MemoryView)
        view.set_sources(sources)
        await pilot.press("3")
        app.refresh_machine()
        await pilot.pause()
        table = app.query_one(MemoryTable)
        region = table.scrollable_content_region
        assert table.virtual_size.width <= region.width, "a column is off screen"
        columns = [c.key.value for c in table.ordered_columns]
        for row in range(512):
            word = words[row]
            cells = {c: cell_text(table, row, i) for i, c in enumerate(columns)}
            assert cells["order"] == [mnemonic(word) or ""] + [""] * (len(cells["order"]) - 1)
            assert cells["decimal"][0] == str(signed18(word))
            if row in sources and sources[row].value == word:
                src = sources[row]
                assert cells["source"][0] == src.token
                assert "".join("".join(cells["comment"]).split()) == "".join(
                    src.comment.split())
        view.go_to(76)
        await pilot.pause()
        shown = screen_text(app)
        assert " l 1282 " in shown and "254976," in shown
        await pilot.press("L")  # long words: integer and fraction, the even word's source
        await pilot.pause()
        assert table.virtual_size.width <= table.scrollable_content_region.width
        columns = [c.key.value for c in table.ordered_columns]
        for row in range(256):
            a = 2 * row
            value = words[a] << 18 | words[a + 1]
            cells = {c: cell_text(table, row, i) for i, c in enumerate(columns)}
            assert cells["octal"][0] == f"{value:012o}"
            assert cells["integer"][0] == str(signed36(value))
            assert float(cells["fraction"][0]) == pytest.approx(value_fraction(value), abs=1e-11)
            if a in sources and sources[a].value == words[a]:
                assert cells["source"][0] == sources[a].token
                assert "".join("".join(cells["comment"]).split()) == "".join(
                    sources[a].comment.split())


def value_fraction(value: int) -> float:
    """A long word as a fraction -1 <= f < 1, its sign bit worth -1."""
    return (value - (1 << 36) if value >> 35 else value) / (1 << 35)
