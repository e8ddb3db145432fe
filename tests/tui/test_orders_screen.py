"""The order table on screen: its rows are the order table's, and the study view's word is
explained as the monitor's `explain` verb explains it."""

from __future__ import annotations

from textual.widgets import DataTable

from pc1.machine import Machine
from pc1.machine.orders import ORDERS, encode
from pc1.monitor import Monitor
from tests.tui.conftest import wait_until
from tui.app import PC1App
from tui.memory_view import MemoryView
from tui.screens.orders import OrdersScreen


def make_app() -> PC1App:
    return PC1App(speed="max", demo_pause=0)


def explain_verb(words: dict[int, int], address: int) -> str:
    """What `explain ADDRESS` prints on a machine holding these words."""
    machine = Machine()
    for a, w in words.items():
        machine.memory[a] = w
    lines: list[str] = []
    Monitor(machine, out=lambda kind, text: lines.append(text)).execute(f"explain {address}")
    return "\n".join(lines)


async def orders_screen(pilot) -> OrdersScreen:
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, OrdersScreen)
                     and pilot.app.screen.query_one(DataTable).row_count > 0)
    await pilot.pause(0.05)
    return pilot.app.screen


async def test_the_rows_are_the_order_tables_entries() -> None:
    # every letter's short form, and its long form where the table gives it another
    expected = []
    for o in ORDERS:
        expected.append([o.letter, str(o.code), str(o.short.cycles),
                         f"{o.name}: {o.short.summary}"])
        if o.long != o.short:
            expected.append([o.letter + "l", str(o.code), str(o.long.cycles),
                             f"{o.name}: {o.long.summary}"])
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f9")
        screen = await orders_screen(pilot)
        table = screen.query_one(DataTable)
        # a meaning wrapped to the screen's width is the same words
        shown = [[" ".join(str(cell).split()) for cell in table.get_row_at(i)]
                 for i in range(table.row_count)]
        assert shown == expected


async def test_O_in_the_study_view_explains_the_word_under_its_cursor() -> None:
    words = {37: encode("a", 300, long=True), 38: encode("d", 5)}
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        for a, w in words.items():
            app.machine.memory[a] = w
        await pilot.press("3")
        await pilot.pause(0.1)
        view = app.query_one(MemoryView)
        view.go_to(37)
        await pilot.pause(0.1)
        await pilot.press("O")
        screen = await orders_screen(pilot)
        assert str(screen.query_one("#order-explain").render()) == explain_verb(words, 37)
        table = screen.query_one(DataTable)
        assert str(table.get_row_at(table.cursor_row)[0]) == "al"
        # back in the study view on another word: the order table follows it
        await pilot.press("escape", "3")
        await pilot.pause(0.1)
        view.go_to(38)
        await pilot.pause(0.1)
        await pilot.press("O")
        screen = await orders_screen(pilot)
        await pilot.pause(0.1)
        assert str(screen.query_one("#order-explain").render()) == explain_verb(words, 38)
        assert str(table.get_row_at(table.cursor_row)[0]) == "d"
