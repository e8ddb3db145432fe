"""The help screen (? or F1): the workbenches, every key, the operator procedures."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static

from tui.help_data import key_groups, procedures
from tui.screens.base import WorkbenchScreen
from tui.workbenches import WORKBENCHES


def help_text(console_bindings: list, palette_key: str, show) -> Text:
    """The whole help as one text: workbenches, keys by screen, operator procedures."""
    out = Text()
    out.append("Workbenches\n", style="bold underline")
    for wb in WORKBENCHES:
        out.append(f"  {show_key(show, wb.key):>7}  ", style="bold")
        out.append(f"{wb.title}: {wb.summary}\n")
    out.append("  ctrl+p finds every action by name: type a word (pi, tape, queens, ...).\n")
    for group in key_groups(console_bindings, palette_key, show):
        out.append(f"\nKeys: {group.where}\n", style="bold underline")
        for key, what in group.keys:
            out.append(f"  {key:>7}  ", style="bold")
            out.append(f"{what}\n")
    out.append("\nOperator procedures (tapes/manifest.toml)\n", style="bold underline")
    for p in procedures():
        out.append(f"\n{p.title}", style="bold")
        out.append(f"  ({p.name})\n")
        for n, step in enumerate(p.steps, 1):
            out.append(f"  {n}. {step}\n")
    return out


def show_key(show, key: str) -> str:
    """A key as the footer shows it."""
    from textual.binding import Binding

    return show(Binding(key, ""))


class HelpScreen(WorkbenchScreen):
    """Scrolls by keyboard (arrows, PgUp/PgDn, Home/End); Escape returns to the console."""

    def compose(self) -> ComposeResult:
        yield Static(" Help: workbenches, keys, operator procedures   (Esc: back)", id="title",
                     classes="workbench-title")
        with VerticalScroll(id="help-body"):
            yield Static(id="help-text")
        yield Footer()

    def on_mount(self) -> None:
        app = self.app
        self.query_one("#help-text", Static).update(
            help_text(list(app.BINDINGS), app.COMMAND_PALETTE_BINDING, app.get_key_display))
        self.query_one("#help-body").focus()
