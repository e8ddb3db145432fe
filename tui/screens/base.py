"""What every workbench screen shares: its title bar, Escape back to the console, the footer."""

from __future__ import annotations

from textual.binding import Binding
from textual.screen import Screen

from tui.guard import Guarded


class WorkbenchScreen(Guarded, Screen):
    """A workbench: Escape returns to the console; of the console's keys only STOP and the
    workbench keys stay live (a screen that shows the machine names more in CONSOLE_KEYS)."""

    BINDINGS = [Binding("escape", "app.console", "Console")]
    CONSOLE_KEYS: frozenset[str] = frozenset({"stop"})
    DEFAULT_CSS = """
    .workbench-title { background: $primary; color: $text; text-style: bold; height: 1; }
    """
