"""The help screen (? or F1): the workbenches, every key, the operator procedures, the docs."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static

from tui.command_line import CommandLine
from tui.dialogs import ConfirmDialog, PathDialog
from tui.help_data import key_groups, procedures
from tui.memory_view import MemoryTable
from tui.palette import CONSOLE_COMMANDS, demo_commands, open_command
from tui.screens.base import WorkbenchScreen
from tui.widgets.puzzle_dialogs import PasteDialog
from tui.workbenches import WORKBENCHES


def _grid() -> Table:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(justify="right", style="bold", no_wrap=True)
    grid.add_column()
    return grid


def help_renderable(console_bindings: list, palette_key: str,
                    show: Callable[[Binding], str]) -> RenderableType:
    """The whole help: workbenches, keys by screen (named as in the palette where the palette
    names them), the operator procedures of the tape manifest."""
    parts: list[RenderableType] = [Text("Workbenches", style="bold underline")]
    grid = _grid()
    for wb in WORKBENCHES:
        grid.add_row(show(Binding(wb.key, "")), f"{wb.title}: {wb.summary}")
    grid.add_row(show(Binding(palette_key, "")),
                 "the command palette finds every action by name: type a word (pi, tape, ...)")
    parts.append(grid)
    commands = (*CONSOLE_COMMANDS, *demo_commands(), *map(open_command, WORKBENCHES))
    names = {c.action: c.name for c in commands}
    pieces = [("Study view (tab 3: the memory table)", MemoryTable.BINDINGS),
             ("Command line (: on the console)", CommandLine.BINDINGS),
             ("Dialogs (open a tape, save paper or sound)", PathDialog.BINDINGS),
             ("Puzzle text dialog (Puzzles, t)", PasteDialog.BINDINGS),
             ("Questions (quit or open over edits not saved)", ConfirmDialog.BINDINGS)]
    for group in key_groups(console_bindings, palette_key, show, names=names, parts=pieces):
        parts.append(Text(f"\nKeys: {group.where}", style="bold underline"))
        grid = _grid()
        for key, what in group.keys:
            grid.add_row(Text(key), Text(what))  # a key may be [ or ]: no markup here
        parts.append(grid)
    parts.append(Text("\nOperator procedures (the tape manifest)", style="bold underline"))
    for p in procedures():
        parts.append(Text.assemble(("\n" + p.title, "bold"), f"  ({p.name})"))
        grid = _grid()
        for n, step in enumerate(p.steps, 1):
            grid.add_row(f"{n}.", step)
        parts.append(grid)
    import docs  # the documents that ship with us: the same text `pc1 docs TOPIC` pages

    parts.append(Text("\nDocuments (in a shell: pc1 docs TOPIC)", style="bold underline"))
    grid = _grid()
    for topic, title in docs.topics().items():
        grid.add_row(topic, title)
    parts.append(grid)
    return Group(*parts)


class HelpScreen(WorkbenchScreen):
    """Scrolls by keyboard (arrows, PgUp/PgDn, Home/End); Escape returns to the console."""

    def compose(self) -> ComposeResult:
        yield Static(" Help: workbenches, keys, operator procedures   (Esc: back)",
                     classes="workbench-title")
        with VerticalScroll(id="help-body"):
            yield Static(id="help-text")
        yield Footer()

    def on_mount(self) -> None:
        app = self.app
        self.query_one("#help-text", Static).update(
            help_renderable(list(app.BINDINGS), app.COMMAND_PALETTE_BINDING,
                            app.get_key_display))
        self.query_one("#help-body").focus()
