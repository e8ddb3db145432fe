"""What every workbench screen shares: its title bar, Escape back to the console, the footer."""

from __future__ import annotations

from textual.binding import Binding
from textual.screen import Screen


class WorkbenchScreen(Screen):
    """A workbench: Escape returns to the console; the app's keys stay live."""

    BINDINGS = [Binding("escape", "app.console", "Console")]
    DEFAULT_CSS = """
    .workbench-title { background: $primary; color: $text; text-style: bold; height: 1; }
    """
