"""The study view's dialogs: a monitor answer read in a window of its own (the
cross-reference of a word), and the limits of the console's runs."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from tui.guard import Guarded


class AnswerDialog(Guarded, ModalScreen[None]):
    """The lines a monitor command answered, under the command; Escape closes (as it
    cancels the other dialogs)."""

    DEFAULT_CSS = """
    AnswerDialog { align: center middle; }
    AnswerDialog #answer-box {
        width: 90%; max-width: 110; height: auto; max-height: 90%;
        border: round #ff9a3c; background: #241e17; padding: 0 1;
    }
    AnswerDialog #answer-scroll { height: auto; max-height: 30; }
    AnswerDialog .hint { color: #8a7f68; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, command: str, lines: Sequence[str]) -> None:
        super().__init__()
        self.command = command
        self.lines = list(lines)

    def compose(self) -> ComposeResult:
        with Vertical(id="answer-box"):
            with VerticalScroll(id="answer-scroll"):
                yield Static("\n".join(self.lines), id="answer", markup=False)
            yield Label("Escape closes", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#answer-box").border_title = self.command

    def action_cancel(self) -> None:
        """Close the dialog."""
        self.dismiss(None)
