"""The `:` command line: one monitor line, typed at the bottom of the screen."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label


class CommandLine(ModalScreen[str | None]):
    """Ask for a monitor line; Enter answers it, Escape None, up and down recall lines."""

    DEFAULT_CSS = """
    CommandLine { align: left bottom; background: $background 30%; }
    CommandLine #command-box { height: auto; width: 100%; background: #241e17; }
    CommandLine #command { border: tall #ff9a3c; }
    CommandLine .hint { color: #8a7f68; padding: 0 1; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel"),
                Binding("up", "recall(-1)", "Earlier", show=False),
                Binding("down", "recall(1)", "Later", show=False)]

    def __init__(self, history: list[str]) -> None:
        super().__init__()
        self.history = history
        self._at = len(history)

    def compose(self) -> ComposeResult:
        with Vertical(id="command-box"):
            yield Label("monitor line, e.g. examine 40-45, deposit 76 tl 300, break 40, "
                        "step 10 (help lists the verbs; Escape closes)", classes="hint")
            yield Input(id="command", placeholder=":")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        line = event.value.strip()
        if line and (not self.history or self.history[-1] != line):
            self.history.append(line)
        self.dismiss(line or None)

    def action_cancel(self) -> None:
        """Close without a line."""
        self.dismiss(None)

    def action_recall(self, step: int) -> None:
        """An earlier (or later) line into the input."""
        if not self.history:
            return
        self._at = max(0, min(len(self.history), self._at + step))
        box = self.query_one("#command", Input)
        box.value = self.history[self._at] if self._at < len(self.history) else ""
        box.cursor_position = len(box.value)
