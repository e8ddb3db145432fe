"""Failures inside the console are messages, not exits: a handler that raises, a worker that
fails, a worker cancelled on quit. Textual's default ends the app with a traceback for all
three; a user at the console must only ever see one line saying what went wrong."""

from __future__ import annotations

from textual import events
from textual.app import App, ScreenStackError
from textual.css.query import NoMatches
from textual.message import Message
from textual.worker import WorkerCancelled, WorkerFailed

# What a handler meets when its screen went away under it (Escape and Enter typed together, a
# workbench key closing a dialog that was still answering): nothing is lost, nothing to say.
GONE = (ScreenStackError, NoMatches)


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
    if isinstance(exc, GONE):
        return True
    app.notify(f"something went wrong here and was stopped: {one_line(exc)}",
               title="failure", severity="error", timeout=12)
    return True


def worker_failure(app: App, error: Exception) -> bool:
    """True if `error` (from Textual's exception hook) is a worker's failure that has been
    dealt with: a cancelled wait is silent, any other failure is reported."""
    if isinstance(error, GONE) and not _closing(app):
        app.log.error(error)  # a callback or timer of a screen that went away under it
        return True
    if not isinstance(error, WorkerFailed):
        return False
    inner = error.error
    if isinstance(inner, WorkerCancelled):
        return True  # a worker waited for one cancelled on purpose (quit, a newer run)
    return report(app, inner)


def _closing(app: App) -> bool:
    try:
        stack = app.screen_stack
    except Exception:  # noqa: BLE001 - no mode, no stack: the app is gone
        return True
    return not stack or app._exit or app._closing  # noqa: SLF001 - Textual's state


class Guarded:
    """A mixin for a message pump (the app, a screen): a handler or an action that raises
    is reported on screen and the pump goes on."""

    async def _dispatch_message(self, message: Message) -> None:
        try:
            await super()._dispatch_message(message)  # type: ignore[misc]
        except Exception as exc:
            app = self.app  # type: ignore[attr-defined]
            if _closing(app):
                return  # a key or a frame still on its way while the app closes: no screen left
            # a failure while composing leaves nothing to show a message on
            if isinstance(message, events.Compose) or not report(app, exc):
                raise
