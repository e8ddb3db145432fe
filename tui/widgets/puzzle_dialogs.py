"""The puzzle workbench's dialogs: paste a puzzle, pick one of the seed's puzzles."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, TextArea
from textual.widgets.option_list import Option

from tui.guard import Guarded

DIALOG_CSS = """
{name} {{ align: center middle; }}
{name} > Vertical {{
    width: 76; max-width: 100%; height: auto; max-height: 90%;
    border: round $accent; background: $surface; padding: 0 1;
}}
"""


class PasteDialog(Guarded, ModalScreen[str | None]):
    """Type or paste a puzzle; ctrl+s takes it, Escape cancels."""

    DEFAULT_CSS = DIALOG_CSS.format(name="PasteDialog") + """
    PasteDialog TextArea { height: 14; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("ctrl+s", "take", "Use it")]

    def __init__(self, kind: str, text: str = "") -> None:
        super().__init__()
        self.kind, self.text = kind, text

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"type or paste a {self.kind} puzzle (any format `pc1 solve` reads)")
            yield TextArea(self.text, id="puzzle-text")
            yield Label("ctrl+s: use it   Escape: cancel")

    def on_mount(self) -> None:
        self.query_one(TextArea).focus()

    def action_take(self) -> None:
        """Answer the text."""
        self.dismiss(self.query_one(TextArea).text)

    def action_cancel(self) -> None:
        """Close without an answer."""
        self.dismiss(None)


class SeedDialog(Guarded, ModalScreen[str | None]):
    """Choose one of the seed's puzzles; Enter opens it, Escape cancels."""

    DEFAULT_CSS = DIALOG_CSS.format(name="SeedDialog") + """
    SeedDialog OptionList { height: auto; max-height: 20; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, names: dict[str, str]) -> None:
        super().__init__()
        self.names = names  # name -> what it is

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("the seed's puzzles (Enter opens, Escape cancels)")
            yield OptionList(*[Option(f"{name:<15} {about}", id=name)
                               for name, about in self.names.items()])

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        """Close without an answer."""
        self.dismiss(None)
