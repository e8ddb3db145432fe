"""What every workbench screen shares: its title bar, Escape back to the console, the footer."""

from __future__ import annotations

from textual.binding import Binding
from textual.screen import Screen
from textual.worker import Worker, WorkerCancelled, WorkerState

from tui.guard import Guarded, one_line


class WorkbenchScreen(Guarded, Screen):
    """A workbench: Escape returns to the console; of the console's keys only STOP and the
    workbench keys stay live (a screen that shows the machine names more in CONSOLE_KEYS)."""

    BINDINGS = [Binding("escape", "app.console", "Console")]
    CONSOLE_KEYS: frozenset[str] = frozenset({"stop"})
    DEFAULT_CSS = """
    .workbench-title { background: $primary; color: $text; text-style: bold; height: 1; }
    """

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        error = worker.error
        if worker.state is WorkerState.ERROR and error is not None \
                and not isinstance(error, WorkerCancelled):
            self.worker_failed(worker, one_line(error))

    def worker_failed(self, worker: Worker, failure: str) -> None:
        """Put a failed computation on the workbench's own status line, where "working …"
        would otherwise stay (the console's notification says it too)."""

