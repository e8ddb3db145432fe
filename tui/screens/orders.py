"""The order table on screen: every order of the one order table (pc1.machine), and the word
under the study view's cursor explained in words and bits, as the monitor's `explain` says it."""

from __future__ import annotations

import textwrap

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import DataTable, Footer, Static

from pc1.machine import BY_CODE, OrderForm, explain, order_forms
from tui.memory_view import MemoryView
from tui.screens.base import WorkbenchScreen

COLUMNS = ("order", "code", "cycles", "what it does")
NARROWEST = 24  # the meaning column is wrapped to the width left, but never narrower


def cells(row: OrderForm) -> tuple[str, ...]:
    """One row of the table: order, code, cycles, what it does (its name: its summary)."""
    return (row.name, str(row.order.code), str(row.form.cycles),
            f"{row.order.name}: {row.form.summary}")


def explained(address: int, word: int) -> str:
    """The word at an address explained, line by line as the `explain` verb prints it."""
    lines = explain(word)
    return "\n".join([f"{address}: {lines[0]}", *lines[1:]])


class OrdersScreen(WorkbenchScreen):
    """The order table, with the study view's word explained below it."""

    DEFAULT_CSS = """
    OrdersScreen #order-table { height: 1fr; }
    OrdersScreen #order-explain-box { height: auto; max-height: 45%; border: round #8a6f4e; }
    OrdersScreen #order-explain { padding: 0 1; }
    """
    BINDINGS = [
        Binding("e", "explain_row", "Explain this order"),
        Binding("w", "explain_word", "The study view's word"),
    ]

    def __init__(self, name: str | None = None, id: str | None = None) -> None:
        super().__init__(name=name, id=id)
        self.rows = order_forms()
        self.address = 0  # the study view's word that the panel explains
        self._width = 0  # the meanings' width the table was built for

    def compose(self) -> ComposeResult:
        yield Static("The order table (pc1 orders)", classes="workbench-title")
        yield DataTable(id="order-table", cursor_type="row", zebra_stripes=True)
        with VerticalScroll(id="order-explain-box"):
            yield Static(id="order-explain")
        yield Footer()

    def on_mount(self) -> None:
        self.fill()
        self.query_one(DataTable).focus()

    def on_resize(self) -> None:
        self.fill()

    def fill(self) -> None:
        """(Re)build the table, the meanings wrapped to the width there is."""
        table = self.query_one(DataTable)
        # the other columns, the cells' padding and the scroll bar
        width = max(NARROWEST, self.app.size.width - 6 - 4 - 6 - 2 * 4 - 2)
        if width == self._width and table.row_count:
            return
        self._width = width
        row_at = table.cursor_row
        table.clear(columns=True)
        table.add_columns(*COLUMNS)
        for row in self.rows:
            *head, meaning = cells(row)
            lines = textwrap.wrap(meaning, width) or [""]
            # Text, not markup: the summaries say `mem[n]`
            table.add_row(*(Text(cell) for cell in head), Text("\n".join(lines)),
                          key=row.name, height=len(lines))
        table.move_cursor(row=max(row_at, 0))

    def on_screen_resume(self) -> None:
        self.action_explain_word()

    def action_explain_word(self) -> None:
        """Explain the word under the study view's cursor, and put the table on its order."""
        app = self.app
        view = app.console_screen.query_one(MemoryView)  # type: ignore[attr-defined]
        self.address = view.address
        word = app.machine.memory.words[self.address]  # type: ignore[attr-defined]
        self.show(explained(self.address, word),
                  f"word {self.address} of the store (the study view's cursor)")
        order, long = BY_CODE.get(word >> 12), bool(word & 2048)
        if order is not None:
            name = order.letter + ("l" if long and order.long is not order.short else "")
            table = self.query_one(DataTable)
            table.move_cursor(row=table.get_row_index(name))

    def action_explain_row(self) -> None:
        """Explain the order under the table's cursor (its address field 0)."""
        table = self.query_one(DataTable)
        if not 0 <= table.cursor_row < len(self.rows):
            return
        row = self.rows[table.cursor_row]
        word = row.order.code << 12 | (2048 if row.long else 0)
        lines = explain(word)
        self.show("\n".join(lines), f"the order {row.name} (with address 0)")

    def show(self, text: str, title: str) -> None:
        """Put an explanation in the panel below the table."""
        self.query_one("#order-explain", Static).update(Text(text))
        self.query_one("#order-explain-box").border_title = title
