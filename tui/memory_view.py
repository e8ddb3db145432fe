"""The study view: the store as a table, the current order, breakpoints, a trace."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import DataTable, Log, Static

from pc1.orders import mnemonic

COLUMNS = ("", "addr", "octal", "order", "source")


def order_cell(word: int) -> str:
    """The word in R0 notation, or its decimal value when it is not an order."""
    return mnemonic(word) or str(word)


def trace_line(address: int, word: int) -> str:
    """One traced order: address, octal word, order."""
    return f"{address:4d}  {word:06o}  {order_cell(word)}"


class MemoryTable(DataTable):
    """512 rows; `b` toggles a breakpoint on the row under the cursor."""

    BINDINGS = [Binding("b", "toggle_breakpoint", "Breakpoint")]

    class BreakpointToggled(Message):
        """The user asked for a breakpoint to be set or cleared."""

        def __init__(self, address: int) -> None:
            self.address = address
            super().__init__()

    def action_toggle_breakpoint(self) -> None:
        """Ask for a breakpoint at the row under the cursor."""
        self.post_message(self.BreakpointToggled(self.cursor_row))


class MemoryView(Widget):
    """Memory table with the order at K highlighted, trace and source line beside it."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._words: list[int] = []
        self._k = -1
        self._breakpoints: frozenset[int] = frozenset()
        self._sources: dict[int, tuple[str, str]] = {}
        self._trace: tuple[tuple[int, int], ...] = ()

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield MemoryTable(id="memory", cursor_type="row", zebra_stripes=True)
            with Vertical(id="study-side"):
                yield Static(id="source-line")
                yield Log(id="trace", highlight=False)

    def on_mount(self) -> None:
        table = self.query_one(MemoryTable)
        for c in COLUMNS:
            table.add_column(c, key=c or "mark")
        self.query_one("#trace", Log).border_title = "trace (steps, real time)"
        self.query_one("#source-line", Static).border_title = "source"

    def _row(self, a: int, word: int) -> list[Text | str]:
        here = a == self._k
        style = "bold reverse #ff9a3c" if here else ""
        mark = ("●" if a in self._breakpoints else " ") + ("▶" if here else " ")
        src = self._sources.get(a, ("", ""))[0]
        return [Text(mark, "bold red"), Text(f"{a:3d}", style), Text(f"{word:06o}", style),
                Text(order_cell(word), style), src]

    def _set_row(self, table: DataTable, a: int, word: int) -> None:
        for col, value in zip(COLUMNS, self._row(a, word), strict=True):
            table.update_cell(str(a), col or "mark", value)

    def show(self, words: Sequence[int], k: int, breakpoints: Iterable[int],
             trace: Iterable[tuple[int, int]], follow: bool) -> None:
        """Refresh changed rows; with `follow`, move the cursor to the order at K."""
        table = self.query_one(MemoryTable)
        bps = frozenset(breakpoints)
        if not self._words:
            self._words = list(words)
            self._k, self._breakpoints = k, bps
            for a, w in enumerate(self._words):
                table.add_row(*self._row(a, w), key=str(a))
        else:
            dirty = {a for a in range(len(words)) if words[a] != self._words[a]}
            dirty |= {self._k, k} | (bps ^ self._breakpoints)
            self._words = list(words)
            self._k, self._breakpoints = k, bps
            for a in sorted(dirty):
                self._set_row(table, a, self._words[a])
        if follow and table.cursor_row != k:
            table.move_cursor(row=k)
        self._show_trace(tuple(trace))

    def set_sources(self, sources: dict[int, tuple[str, str]]) -> None:
        """Source words and lines for addresses (from the tape R0 read)."""
        changed = set(sources) | set(self._sources)
        self._sources = sources
        if self._words:
            table = self.query_one(MemoryTable)
            for a in changed:
                self._set_row(table, a, self._words[a])

    def _show_trace(self, trace: tuple[tuple[int, int], ...]) -> None:
        if trace == self._trace:
            return
        self._trace = trace
        log = self.query_one("#trace", Log)
        log.clear()
        log.write("\n".join(trace_line(a, w) for a, w in trace[-100:]))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        a = event.cursor_row
        line = self._sources.get(a, ("", ""))[1]
        word = self._words[a] if a < len(self._words) else 0
        self.query_one("#source-line", Static).update(
            f"{a}: {word:06o} {order_cell(word)}\n{line or '(no source line)'}")
