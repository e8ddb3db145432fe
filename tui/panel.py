"""The front panel: lamp rows for X, K, M, A, R and the operator's buttons."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, Static

from pc1.machine import mnemonic
from tui.lamps import lamp, lamp_row
from tui.runner import Snapshot

# (button id, label); the id is also the name the app's `press` action takes
BUTTONS: tuple[tuple[str, str], ...] = (
    ("initial-load", "INITIAL LOAD"),
    ("clear-start", "CLEAR START"),
    ("initial-start", "INITIAL START"),
    ("restart", "RESTART"),
    ("free-run", "FREE RUN"),
    ("stop", "STOP"),
)


def lamp_text(s: Snapshot) -> Text:
    """All lamp rows, laid out like the original: X and SCC on top, then M, A, R."""
    text = Text()
    text.append("X ", "bold")
    text.append_text(lamp_row(s.X, 18))
    text.append("  K ", "bold")
    text.append_text(lamp_row(s.K, 11))
    order = mnemonic(s.X) or "—"
    text.append(f"  {order:<7} @{s.K:<3}  ", "#c8b89a")
    text.append("SPK ", "dim")
    text.append_text(lamp(bool(s.ff31)))
    for name in ("M", "A", "R"):
        value = getattr(s, name)
        text.append(f"\n{name} ", "bold")
        text.append_text(lamp_row(value, 36))
        text.append(f"  {value:012o}", "#c8b89a")
    return text


class Panel(Widget):
    """Lamps and buttons; a button press is posted as Panel.Pressed."""

    class Pressed(Message):
        """A panel button was pressed."""

        def __init__(self, name: str) -> None:
            self.name = name
            super().__init__()

    def compose(self) -> ComposeResult:
        yield Static(id="lamps")
        with Horizontal(id="buttons"):
            for ident, label in BUTTONS:
                yield Button(label, id=ident, compact=True)

    def on_mount(self) -> None:
        self.border_title = "PC-1  parametron computer  (University of Tokyo, 1958)"

    def show(self, snapshot: Snapshot, free_run: bool) -> None:
        """Light the lamps for this snapshot and the FREE RUN switch."""
        self.query_one("#lamps", Static).update(lamp_text(snapshot))
        button = self.query_one("#free-run", Button)
        button.label = Text.assemble(lamp(free_run), " FREE RUN")
        button.set_class(free_run, "on")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id:
            self.post_message(self.Pressed(event.button.id))
