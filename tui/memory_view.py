"""The study view: the store order by order, with its sources, marks, trace and monitor log.

Every change it asks for (deposit, set, break, watch, step) is a monitor line posted as
MemoryView.Command, so the console's command line and this view speak one language
(pc1.monitor).  Keys on the table: g go to, / search, ] and [ next and previous match,
Enter deposit, R a register, b break, W watch, L long words, . step, > step N,
S slow run, T the side panel; going back along the run's timeline: , one order, < N orders,
H to before the last store into the word under the cursor, B to the last break or watch;
X the cross-reference of the word under the cursor (in a dialog); V the annotated source,
where Enter on a line sets or clears a break at its word.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.cells import cell_len, chop_cells
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import DataTable, Input, Log, OptionList, Static
from textual.widgets.option_list import Option

from pc1.asm import NOT_FROM_SOURCE, Held, held
from pc1.machine import mnemonic, signed18, signed36, to_fraction, widest_mnemonic
from pc1.monitor import search
from tui.sources import Sources, SourceWord, r0_sources, source_lines
from tui.study_dialogs import SourceDialog

SHORT_COLUMNS = ("mark", "addr", "octal", "decimal", "order", "source", "comment")
LONG_COLUMNS = ("mark", "addr", "octal", "integer", "fraction", "source", "comment")
SIDE_MIN_WIDTH = 110  # narrower terminals show the side panel only on `t`
SIDE_WIDTH = 44  # #study-aside's width in DEFAULT_CSS
DIFFERS_MARK = "≠ "  # before the source's word where the store holds another
MIN_COMMENT = 8  # long words at 80 columns leave 9; narrower would wrap a word a line
MAX_SOURCES = 8  # the tapes placed whose sources still annotate the words they stored
SHORT_VALUES = {
    "octal": lambda w: f"{w:06o}", "decimal": lambda w: str(signed18(w)),
    "order": lambda w: mnemonic(w) or "",
}
LONG_VALUES = {
    "octal": lambda v: f"{v:012o}", "integer": lambda v: str(signed36(v)),
    "fraction": lambda v: f"{to_fraction(v):+.11f}",
}
# the words that give each column its widest text: the ends of each two's-complement range
SHORT_EXTREMES = (0, 1 << 17, (1 << 17) - 1, (1 << 18) - 1)
LONG_EXTREMES = (0, 1 << 35, (1 << 35) - 1, (1 << 36) - 1)
PROMPTS = {
    "goto": "go to address:", "search": "search (value, order or text):",
    "deposit": "deposit", "register": "set (A, R, M or K, then the value):",
    "step": "step how many orders:", "back": "go back how many orders:",
}


def order_cell(word: int) -> str:
    """The word in R0 notation, or its decimal value when it is not an order."""
    return mnemonic(word) or str(signed18(word))


def trace_line(entry: Sequence[int]) -> str:
    """One order of the trace: address, order, and A and R as it left them (if recorded)."""
    address, word = entry[0], entry[1]
    line = f"{address:3d} {order_cell(word):<7}"
    if len(entry) >= 4:
        line += f" {entry[2]:012o} {entry[3]:012o}"
    return line


def value_width(column: str, long: bool) -> int:
    """The widest text a value column can hold (order texts: the order table's widest)."""
    if column == "order":
        return widest_mnemonic()
    values, extremes = (LONG_VALUES, LONG_EXTREMES) if long else (SHORT_VALUES, SHORT_EXTREMES)
    return max(len(values[column](w)) for w in extremes)


def differs_note(word: SourceWord) -> str:
    """What the comment column says beside a word that is not the one its source assembled:
    where that word comes from (the source's comment describes it, not the word stored)."""
    where = word.line.split(": ", 1)[0] if word.line else ""
    return f"from {where}" if where else "from its source"


def wrap_cells(text: str, width: int) -> list[str]:
    """`text` in lines of at most `width` cells, broken at spaces; a longer word is cut into
    pieces, never lost."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        for piece in chop_cells(word, width) if cell_len(word) > width else [word]:
            joined = f"{line} {piece}" if line else piece
            if cell_len(joined) <= width:
                line = joined
            else:
                lines.append(line)
                line = piece
    if line or not lines:
        lines.append(line)
    return lines


class MemoryTable(DataTable):
    """The store, a row per word (or per long word); the keys of the study view."""

    BINDINGS = [
        Binding("g", "prompt('goto')", "Go to"),
        Binding("slash", "prompt('search')", "Search"),
        Binding("right_square_bracket", "next_match(1)", "Next", show=False),
        Binding("left_square_bracket", "next_match(-1)", "Previous", show=False),
        Binding("enter", "prompt('deposit')", "Deposit"),
        Binding("R", "prompt('register')", "Register"),
        Binding("b", "mark('break')", "Break"),
        Binding("W", "mark('watch')", "Watch"),
        Binding("L", "long_mode", "Long words"),
        Binding("full_stop", "command('step 1')", "Step"),
        Binding("greater_than_sign", "prompt('step')", "Step N"),
        Binding("S", "slow_run", "Slow run"),
        Binding("T", "side", "Side panel", show=False),
        Binding("O", "app.workbench('orders')", "Order table: this word explained", show=False),
        Binding("comma", "command('back 1')", "Back"),
        Binding("less_than_sign", "prompt('back')", "Back N", show=False),
        Binding("H", "back_to_write", "Back to write", show=False),
        Binding("B", "command('back-to-break')", "Back to break", show=False),
        Binding("X", "xref", "Cross-ref"),
        Binding("V", "source", "Source (Enter: break)", show=False),
    ]

    _cursor_to_show = False

    def view(self) -> MemoryView:
        """The study view this table belongs to."""
        return self.query_ancestor(MemoryView)

    def show_cursor_row(self) -> None:
        """Scroll the cursor's row into view as soon as the table has measured its rows (it
        does so when the app is idle: a scroll before then stops at the old end)."""
        self._cursor_to_show = True
        self.call_after_refresh(self._show_cursor_row)

    def watch_virtual_size(self) -> None:
        self._show_cursor_row()

    def _show_cursor_row(self) -> None:
        if not self._cursor_to_show or not self.row_count:
            return
        if self.virtual_size.height >= self._get_row_region(self.cursor_row).bottom:
            self._cursor_to_show = False
            self.move_cursor(row=self.cursor_row, animate=False, scroll=True)

    def action_prompt(self, mode: str) -> None:
        """Ask for a line (go to, search, deposit, register, step N)."""
        self.view().open_prompt(mode)

    def action_next_match(self, direction: int) -> None:
        """The next (or previous) match of the last search."""
        self.view().next_match(direction)

    def action_mark(self, kind: str) -> None:
        """Toggle a breakpoint or watchpoint at the row under the cursor."""
        self.view().toggle_mark(kind)

    def action_long_mode(self) -> None:
        """Show 36-bit long words (integer and fraction) or short words."""
        self.view().set_long(not self.view().long)

    def action_command(self, line: str) -> None:
        """A monitor line, e.g. `step 1`."""
        self.post_message(MemoryView.Command(line))

    def action_back_to_write(self) -> None:
        """Back to just before the last order that stored into the word under the cursor."""
        self.post_message(MemoryView.Command(f"back-to-write {self.view().address}"))

    def action_xref(self) -> None:
        """Which orders read, store into, change or jump to the word under the cursor."""
        self.post_message(MemoryView.Command(f"xref {self.view().address}", dialog=True))

    def action_source(self) -> None:
        """The annotated source, a line a row; Enter on a line sets or clears a break."""
        self.view().open_source()

    def action_slow_run(self) -> None:
        """Run slowly, one order at a time, the current row highlighted."""
        self.post_message(MemoryView.SlowRun())

    def action_side(self) -> None:
        """Show or hide the side panel (marks, trace, monitor log)."""
        side = self.view().query_one("#study-aside")
        side.display = not side.display
        self.call_after_refresh(self.view().fit_comments)


class MemoryView(Widget):
    """Memory table with the order at K highlighted; marks, trace and monitor log beside it."""

    DEFAULT_CSS = """
    MemoryView { height: 1fr; }
    MemoryView #study-info {
        height: 2; padding: 0 1; color: #e8dcc0; text-wrap: nowrap; text-overflow: ellipsis;
    }
    MemoryView #study-prompt { display: none; height: 3; }
    MemoryView #study-body { height: 1fr; }
    MemoryView #study-aside { width: 44; }
    MemoryView #study-marks { height: auto; max-height: 6; border: round #8a6f4e; }
    MemoryView #study-trace { height: 2fr; border: round #8a6f4e; }
    MemoryView #study-log { height: 1fr; min-height: 4; border: round #8a6f4e; }
    """

    class Command(Message):
        """A monitor line the study view wants carried out."""

        def __init__(self, line: str, dialog: bool = False) -> None:
            self.line = line
            self.dialog = dialog  # its answer shown in a dialog, not only in the log
            super().__init__()

    class SlowRun(Message):
        """The user asked for a slow run."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._words: list[int] = []
        self._k = -1
        self._time: int | None = None  # orders since CLEAR START: the time axis
        self._breakpoints: frozenset[int] = frozenset()
        self._watchpoints: frozenset[int] = frozenset()
        # the sources of the tapes placed, newest first; R0's own words come last
        self._layers: list[Sources] = []
        self._images: list[dict[int, int]] = []
        self._trace: tuple = ()
        self._rows: list[int] = []  # the address of each table row
        self._matches: list[int] = []
        self._prompt = ""
        self._comment_width = 0  # the comment column's width the table was built for
        self._heights: dict[int, int] = {}  # each row's lines, as built
        self.long = False

    def compose(self) -> ComposeResult:
        yield Static(id="study-info")
        yield Input(id="study-prompt")
        with Horizontal(id="study-body"):
            yield MemoryTable(id="memory", cursor_type="row", zebra_stripes=True)
            with Vertical(id="study-aside"):
                yield OptionList(id="study-marks")
                yield Log(id="study-trace", highlight=False)
                yield Log(id="study-log", highlight=False)

    def on_mount(self) -> None:
        self.query_one("#study-marks").border_title = "breaks and watches (Enter removes)"
        self.query_one("#study-trace").border_title = "trace: order, then A and R after it"
        self.query_one("#study-log").border_title = "monitor ( : for a command line)"
        self._set_layers([])
        self._show_marks()

    def on_resize(self) -> None:
        self._place_side()
        # the comment column takes the width left: wrap its comments again once laid out
        self.call_after_refresh(self.fit_comments)

    def _place_side(self) -> None:
        """The side panel, where the table keeps every column in view beside it."""
        table = self.query_one(MemoryTable)
        frame = table.size.width - table.scrollable_content_region.width if table.size.width \
            else 4  # border and scrollbar
        need = sum(w + 2 * table.cell_padding for c, w in self.column_widths().items()
                   if c != "comment") + MIN_COMMENT + 2 * table.cell_padding + frame
        width = self.size.width
        self.query_one("#study-aside").display = width >= max(SIDE_MIN_WIDTH, need + SIDE_WIDTH)

    # --- the table ------------------------------------------------------------------------

    @property
    def address(self) -> int:
        """The address of the row under the cursor."""
        row = self.query_one(MemoryTable).cursor_row
        return self._rows[row] if 0 <= row < len(self._rows) else 0

    def _mark(self, a: int) -> Text:
        here = a == self._k or (self.long and a == self._k & ~1)
        mark = ("●" if a in self._breakpoints else "◆" if a in self._watchpoints else " ")
        return Text(mark + ("▶" if here else " "), "bold red")

    def origin(self, a: int) -> tuple[Held, SourceWord | None]:
        """What the word at `a` holds against the sources (pc1.asm.held), and the source
        word that says so (the one the store differs from, when it differs)."""
        found = held(a, self._words[a], self._images)
        if found.source is None:
            return found, None
        if found.source == len(self._layers) - 1 and not found.same:
            # R0's own source is no tape the user placed: it names R0's words while they are
            # there, and says nothing of a store R0 was never loaded into
            return Held(a, found.word, NOT_FROM_SOURCE), None
        return found, self._layers[found.source][a]

    def source(self, a: int) -> SourceWord | None:
        """The source word and line behind the word at `a`, only while the store still holds
        what that source assembled."""
        found, word = self.origin(a)
        return word if found.same else None

    def _source_cells(self, a: int) -> tuple[Text, Text]:
        found, word = self.origin(a)
        if word is None:
            return Text(""), Text("")
        if found.same:
            return Text(word.token), Text(self._wrapped(word.comment), "#c8b89a")
        return (Text(DIFFERS_MARK + word.token, "bold #ff6b5e"),
                Text(self._wrapped(differs_note(word)), "#ff6b5e"))

    def _wrapped(self, text: str) -> str:
        return "\n".join(wrap_cells(text, self._comment_width)) if text else ""

    def _cells(self, a: int) -> list[Text | str]:
        words = self._words
        here = a == self._k or (self.long and a == self._k & ~1)
        style = "bold reverse #ff9a3c" if here else ""
        if self.long:
            value = (words[a] << 18) | words[a + 1]
            values = [Text(f(value), style) for f in LONG_VALUES.values()]
        else:
            values = [Text(f(words[a]), style) for f in SHORT_VALUES.values()]
        return [self._mark(a), Text(f"{a:3d}", style), *values, *self._source_cells(a)]

    def column_widths(self) -> dict[str, int]:
        """Each column's width: the widest text it can hold (the widest value, the widest
        source word of the sources loaded) and the comment column the width left."""
        long = self.long
        widths = {"mark": 2, "addr": 4}
        for column in (LONG_COLUMNS if long else SHORT_COLUMNS)[2:-2]:
            widths[column] = max(len(column), value_width(column, long))
        tokens = [cell_len(w.token) for layer in self._layers for w in layer.values()]
        widths["source"] = max([len("source"), *(len(DIFFERS_MARK) + t for t in tokens)])
        widths["comment"] = self._comment_width
        return widths

    def _comment_room(self) -> int:
        """The width the comment column can have in the table as it is laid out now."""
        table = self.query_one(MemoryTable)
        fixed = sum(w + 2 * table.cell_padding for c, w in self.column_widths().items()
                    if c != "comment")
        room = table.scrollable_content_region.width - fixed - 2 * table.cell_padding
        return max(MIN_COMMENT, room)

    def fit_comments(self) -> None:
        """Wrap the comments again if the table's width has changed since it was built."""
        if self.query_one(MemoryTable).size.width and self._comment_room() != self._comment_width:
            self._build()

    def _row_height(self, a: int) -> int:
        """Lines enough for any comment the tapes' sources have for this address (which one
        shows depends on the store), and R0's own comment while it shows."""
        texts = [t for layer in self._layers[:-1] if a in layer
                 for t in (layer[a].comment, differs_note(layer[a]))]
        found, word = self.origin(a)
        if word is not None and found.source == len(self._layers) - 1:
            texts.append(word.comment)
        return max([1, *(len(wrap_cells(t, self._comment_width)) for t in texts if t)])

    def _build(self) -> None:
        table = self.query_one(MemoryTable)
        keep = self.address if self._rows else 0
        if table.size.width:
            self._comment_width = self._comment_room()
        self._comment_width = self._comment_width or MIN_COMMENT
        table.clear(columns=True)
        for c, width in self.column_widths().items():
            table.add_column("" if c == "mark" else c, key=c, width=width)
        if not self._words:
            self._words = [0] * 512
        self._rows = list(range(0, 512, 2 if self.long else 1))
        self._heights = {a: self._row_height(a) for a in self._rows}
        for a in self._rows:
            table.add_row(*self._cells(a), key=str(a), height=self._heights[a])
        self.go_to(keep)
        table.show_cursor_row()

    def _refresh_rows(self, addresses: Iterable[int]) -> None:
        table = self.query_one(MemoryTable)
        columns = LONG_COLUMNS if self.long else SHORT_COLUMNS
        done: set[int] = set()
        for a in addresses:
            row = a & ~1 if self.long else a
            if row in done or not 0 <= row < 512:
                continue
            done.add(row)
            if self._row_height(row) > self._heights.get(row, 1):
                self._build()  # a comment now shown needs more lines than its row has
                return
            for col, value in zip(columns, self._cells(row), strict=True):
                table.update_cell(str(row), col, value)

    def show(self, words: Sequence[int], k: int, breakpoints: Iterable[int],
             trace: Iterable[Sequence[int]], follow: bool, time: int | None = None) -> None:
        """Refresh changed rows; with `follow`, move the cursor to the order at K; `time`:
        the orders since CLEAR START (the time axis going back moves along)."""
        self._time = time
        bps = frozenset(breakpoints)
        dirty = {a for a in range(len(words)) if words[a] != self._words[a]}
        dirty |= {self._k, k} | (bps ^ self._breakpoints)
        moved = k != self._k
        self._words = list(words)
        self._k, self._breakpoints = k, bps
        self._refresh_rows(sorted(dirty))
        if follow and moved:  # the cursor stays where the user put it until K moves
            self.go_to(k)
        self._show_trace(tuple(tuple(e) for e in trace))
        self._show_info()
        if bps != frozenset(self._shown_marks[0]):
            self._show_marks()

    def set_sources(self, sources: Sources) -> None:
        """Source words and lines for addresses (from a tape placed in the reader); the
        sources of earlier tapes stay behind it for the words that still hold theirs."""
        older = [layer for layer in self._layers[:-1] if layer != sources]
        self._set_layers([dict(sources), *older][:MAX_SOURCES])

    def _set_layers(self, layers: list[Sources]) -> None:
        self._layers = [*layers, r0_sources()]
        self._images = [{a: w.value for a, w in layer.items() if w.value is not None}
                        for layer in self._layers]
        self._build()
        self._show_info()
        self._show_marks()

    def set_watchpoints(self, watchpoints: Iterable[int]) -> None:
        """The watched words (marked ◆)."""
        old, self._watchpoints = self._watchpoints, frozenset(watchpoints)
        self._refresh_rows(sorted(old ^ self._watchpoints))
        self._show_marks()

    def set_long(self, on: bool) -> None:
        """Short words (512 rows) or long words (256 pairs, integer and fraction)."""
        if on != self.long:
            self.long = on
            self._place_side()
            self._build()
            self.call_after_refresh(self.fit_comments)  # the side panel may have made room
            self._show_info()

    def go_to(self, address: int) -> None:
        """Move the cursor to the row of an address."""
        row = (address & 511) // 2 if self.long else address & 511
        table = self.query_one(MemoryTable)
        if row < table.row_count and table.cursor_row != row:
            table.move_cursor(row=row)

    # --- the side: marks, trace, monitor log ------------------------------------------------

    _shown_marks: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())

    def _show_marks(self) -> None:
        self._shown_marks = (self._breakpoints, self._watchpoints)
        marks = self.query_one("#study-marks", OptionList)
        marks.clear_options()
        for kind, where in (("break", self._breakpoints), ("watch", self._watchpoints)):
            for a in sorted(where):
                src = self.source(a)
                note = f"  {src.token}" if src else ""
                marks.add_option(Option(f"{kind} {a}{note}", id=f"{kind}:{a}"))
        if not marks.option_count:
            marks.add_option(Option("none: b or W on a row", disabled=True))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            _, a = event.option.id.split(":")
            self.post_message(self.Command(f"nobreak {a}"))

    def _show_trace(self, trace: tuple) -> None:
        if trace == self._trace:
            return
        self._trace = trace
        log = self.query_one("#study-trace", Log)
        log.clear()
        log.write("\n".join(trace_line(e) for e in trace[-100:]))

    def log(self, text: str) -> None:
        """Add the monitor's answer to the monitor log."""
        self.query_one("#study-log", Log).write_line(text)

    def describe_source(self, a: int) -> str:
        """One line on the source of the word at `a`: its line, or which source word the
        store no longer holds, or that no source stored it."""
        found, word = self.origin(a)
        if word is None:
            return "no source line for this word"
        if found.same:
            return word.line
        return (f"{order_cell(self._words[a])} differs from {word.token} of {word.line}"
                if word.line else f"{order_cell(self._words[a])} differs from {word.token}")

    def _show_info(self) -> None:
        a, k = self.address, self._k
        mode = "long words" if self.long else "short words"
        order = order_cell(self._words[k]) if k >= 0 else ""
        when = f"order {self._time:,}  " if self._time is not None else ""
        head = Text.assemble((when, "bold #e8dcc0"), (f"K {k} {order}", "bold #ff9a3c"),
                             ("  ▶ ", "bold"),
                             (self.describe_source(k) if k >= 0 else "", "#ff9a3c"),
                             no_wrap=True, overflow="ellipsis")
        row = Text.assemble((f"row {a}: ", "bold"), self.describe_source(a),
                            (f"   [{mode}]", "dim"), no_wrap=True, overflow="ellipsis")
        self.query_one("#study-info", Static).update(Text("\n").join([head, row]))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show_info()

    # --- prompts: go to, search, deposit, register, step N ----------------------------------

    def open_prompt(self, mode: str) -> None:
        """Show the prompt line for one of PROMPTS."""
        prompt = self.query_one("#study-prompt", Input)
        self._prompt = mode
        a = self.address
        value = ""
        if mode == "deposit":
            w = self._words[a]
            value = mnemonic(w) or str(signed18(w))
            if self.long:
                value = str(signed36((w << 18) | self._words[a + 1]))
        prompt.border_title = f"{PROMPTS[mode]} {a}" if mode == "deposit" else PROMPTS[mode]
        prompt.placeholder = {"deposit": "decimal, 0o octal, or an order such as tl 300",
                              "register": "A 0o17"}.get(mode, "")
        prompt.value = value
        prompt.display = True
        prompt.focus()

    def _close_prompt(self) -> None:
        prompt = self.query_one("#study-prompt", Input)
        prompt.display = False
        self.query_one(MemoryTable).focus()

    def on_key(self, event) -> None:
        if event.key == "escape" and self.query_one("#study-prompt", Input).has_focus:
            event.stop()
            self._close_prompt()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text, mode = event.value.strip(), self._prompt
        self._close_prompt()
        if not text:
            return
        if mode == "goto":
            self.post_message(self.Command(f"examine {text}"))
            try:
                self.go_to(int(text, 8) if text.lower().startswith("0o") else int(text))
            except ValueError:
                pass  # the monitor's answer in the log says what was wrong
        elif mode == "search":
            self.find(text)
        elif mode == "deposit":
            self.post_message(self.Command(
                f"deposit {self.address} {text}" + (" long" if self.long else "")))
        elif mode == "register":
            self.post_message(self.Command(f"set {text}"))
        elif mode in ("step", "back"):
            self.post_message(self.Command(f"{mode} {text}"))

    def find(self, query: str) -> list[int]:
        """Search the store and go to the first match after the cursor."""
        texts = {a: f"{s.token} {s.line}" for a in range(512) if (s := self.source(a))}
        self._matches = search(self._words, texts, query, self.address)
        if self._matches:
            self.go_to(self._matches[0])
            self.log(f"search {query!r}: {len(self._matches)} found: "
                     + " ".join(str(a) for a in sorted(self._matches)[:20]))
        else:
            self.log(f"search {query!r}: not found")
        return self._matches

    def next_match(self, direction: int) -> None:
        """Go to the next (1) or previous (-1) match of the last search."""
        if not self._matches:
            return
        here = self.address
        ordered = sorted(self._matches)
        later = [a for a in ordered if (a > here if direction > 0 else a < here)]
        target = (later[0] if direction > 0 else later[-1]) if later else \
            (ordered[0] if direction > 0 else ordered[-1])
        self.go_to(target)

    def open_source(self) -> None:
        """The source of the newest tape placed (R0's if none), the cursor's line first."""
        layer = self._layers[0]  # R0's own when no tape brought a source
        lines = source_lines(layer)
        if not lines:
            self.log("no annotated source to show")
            return
        title = lines[0].text.split(":", 1)[0]

        def toggle(address: int, on: bool) -> None:
            self.post_message(self.Command(f"break {address}" if on else f"nobreak {address}"))

        self.app.push_screen(SourceDialog(f"{title}: Enter sets or clears a break", lines,
                                          self._breakpoints, self.address, toggle))

    def toggle_mark(self, kind: str) -> None:
        """Break or watch at the cursor's row: set it, or remove it if it is there."""
        a = self.address
        there = a in (self._breakpoints if kind == "break" else self._watchpoints)
        self.post_message(self.Command(f"nobreak {a}" if there else f"{kind} {a}"))
