"""The `:` command line: monitor lines typed at the bottom of the screen, their answers in a
pane above that grows to most of the screen and follows the newest answer."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Log

from tui.guard import Guarded

ANSWER_LINES = 5_000  # a long `examine 0-511` twice over, and then some


class CommandLine(Guarded, ModalScreen[str | None]):
    """Monitor lines: Enter runs one and keeps the line open for the next (its answers
    scroll above it); Enter on an empty line or Escape closes; up and down recall lines."""

    AUTO_FOCUS = "#command"
    DEFAULT_CSS = """
    CommandLine { align: left bottom; background: $background 30%; }
    CommandLine #command-box { height: auto; max-height: 100%; width: 100%;
                               background: #241e17; }
    CommandLine #answers { height: auto; max-height: 80vh; display: none;
                           border: round #8a6f4e; background: #241e17; color: #e8dcc0; }
    CommandLine #answers.-shown { display: block; }
    CommandLine #command { border: tall #ff9a3c; }
    CommandLine .hint { color: #8a7f68; padding: 0 1; }
    """
    BINDINGS = [Binding("escape", "cancel", "Close"),
                Binding("up", "recall(-1)", "Earlier", show=False),
                Binding("down", "recall(1)", "Later", show=False),
                Binding("pageup", "answers('page_up')", "Answers up", show=False),
                Binding("pagedown", "answers('page_down')", "Answers down", show=False)]

    def __init__(self, history: list[str], run: Callable[[str], object] | None = None) -> None:
        super().__init__()
        self.history = history
        self.run_line = run  # None: answer the first line by dismissing with it
        self._at = len(history)

    def compose(self) -> ComposeResult:
        with Vertical(id="command-box"):
            yield Log(id="answers", highlight=False, max_lines=ANSWER_LINES)
            yield Label("monitor line, e.g. examine 40-45, deposit 76 tl 300, break 40, "
                        "step 10 (help lists the verbs; Escape closes)", classes="hint")
            yield Input(id="command", placeholder=":")

    def answer(self, text: str) -> None:
        """Show an answer of the monitor (the pane follows the newest)."""
        pane = self.query_one("#answers", Log)
        pane.add_class("-shown")
        pane.write_line(text)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        line = event.value.strip()
        if line and (not self.history or self.history[-1] != line):
            self.history.append(line)
        self._at = len(self.history)
        if not line or self.run_line is None:
            self.dismiss(line or None)
            return
        event.input.value = ""
        self.answer(f": {line}")
        self.run_line(line)

    def action_cancel(self) -> None:
        """Close without a line."""
        self.dismiss(None)

    def action_answers(self, how: str) -> None:
        """Scroll the answers (PageUp, PageDown) while the cursor stays in the line."""
        pane = self.query_one("#answers", Log)
        pane.scroll_page_up() if how == "page_up" else pane.scroll_page_down()

    def action_recall(self, step: int) -> None:
        """An earlier (or later) line into the input."""
        if not self.history:
            return
        self._at = max(0, min(len(self.history), self._at + step))
        box = self.query_one("#command", Input)
        box.value = self.history[self._at] if self._at < len(self.history) else ""
        box.cursor_position = len(box.value)
