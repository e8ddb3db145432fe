"""Failures inside the console are messages, not exits: a handler that raises, a worker that
fails, a worker cancelled on quit. Textual's default ends the app with a traceback for all
three; a user at the console must only ever see one line saying what went wrong."""

from __future__ import annotations

from textual import events
from textual.app import App
from textual.message import Message
from textual.worker import WorkerCancelled, WorkerFailed


def one_line(exc: BaseException) -> str:
    """A failure as one line a user can read (and quote in a report)."""
    text = " ".join(str(exc).split())
    if len(text) > 200:
        text = text[:197] + "..."
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def report(app: App, exc: BaseException) -> bool:
    """Show `exc` as a message on the screen in front; False when the app is closing (then
    Textual's own handling goes on)."""
    if app._exit or app._closing or not app.is_running:  # noqa: SLF001 - Textual's state
        return False
    app.log.error(exc)
    app.notify(f"something went wrong here and was stopped: {one_line(exc)}",
               title="failure", severity="error", timeout=12)
    return True


def worker_failure(app: App, error: Exception) -> bool:
    """True if `error` (from Textual's exception hook) is a worker's failure that has been
    dealt with: a cancelled wait is silent, any other failure is reported."""
    if not isinstance(error, WorkerFailed):
        return False
    inner = error.error
    if isinstance(inner, WorkerCancelled):
        return True  # a worker waited for one cancelled on purpose (quit, a newer run)
    return report(app, inner)


class Guarded:
    """A mixin for a message pump (the app, a screen): a handler or an action that raises
    is reported on screen and the pump goes on."""

    async def _dispatch_message(self, message: Message) -> None:
        try:
            await super()._dispatch_message(message)  # type: ignore[misc]
        except Exception as exc:
            # a failure while composing leaves nothing to show a message on
            if isinstance(message, events.Compose) or not report(self.app, exc):  # type: ignore[attr-defined]
                raise
