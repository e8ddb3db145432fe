"""Ctrl-C and SIGTERM as a clean stop: the first asks the work in progress to stop (so every
output is flushed, closed and put in place, and the stop is reported); a second one aborts.

Signals reach only the main thread, so elsewhere (a console worker, a test's thread) nothing
is installed: Python refuses a handler there with ValueError, which tells the thread without
importing threading (a millisecond of every cold start).
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager

SIGNALS = tuple(s for s in (getattr(signal, "SIGINT", None), getattr(signal, "SIGTERM", None))
                if s is not None)


@contextmanager
def stopping_on_signals(stop: Callable[[], None]) -> Iterator[None]:
    """Within this block the first SIGINT or SIGTERM calls `stop` (which must be safe from a
    signal handler: set a flag); a second one raises KeyboardInterrupt."""
    asked = False

    def handler(signum, frame) -> None:
        nonlocal asked
        if asked:
            raise KeyboardInterrupt
        asked = True
        stop()

    try:
        old = {s: signal.signal(s, handler) for s in SIGNALS}
    except ValueError:  # not the main thread, where no signal arrives
        yield
        return
    try:
        yield
    finally:
        for s, previous in old.items():
            signal.signal(s, previous)


def term_as_interrupt() -> Callable | int | None:
    """From now on SIGTERM ends the program as Ctrl-C does (KeyboardInterrupt), so that the
    `finally` blocks that close outputs run; only in the main thread.  The handler it
    replaced (to put back), or None if it installed none."""
    if not hasattr(signal, "SIGTERM"):
        return None

    def handler(signum, frame) -> None:
        raise KeyboardInterrupt

    try:
        return signal.signal(signal.SIGTERM, handler)
    except ValueError:  # not the main thread
        return None
