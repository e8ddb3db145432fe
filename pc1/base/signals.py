"""Ctrl-C and SIGTERM as a clean stop: the first asks the work in progress to stop (so every
output is flushed, closed and put in place, and the stop is reported); a second one aborts.

Signals reach only the main thread, so elsewhere (a console worker, a test's thread) nothing
is installed.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

SIGNALS = tuple(s for s in (getattr(signal, "SIGINT", None), getattr(signal, "SIGTERM", None))
                if s is not None)


@contextmanager
def stopping_on_signals(stop: Callable[[], None]) -> Iterator[None]:
    """Within this block the first SIGINT or SIGTERM calls `stop` (which must be safe from a
    signal handler: set a flag); a second one raises KeyboardInterrupt."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    asked = False

    def handler(signum, frame) -> None:
        nonlocal asked
        if asked:
            raise KeyboardInterrupt
        asked = True
        stop()

    old = {s: signal.signal(s, handler) for s in SIGNALS}
    try:
        yield
    finally:
        for s, previous in old.items():
            signal.signal(s, previous)


def term_as_interrupt() -> None:
    """From now on SIGTERM ends the program as Ctrl-C does (KeyboardInterrupt), so that the
    `finally` blocks that close outputs run; only in the main thread."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal,
                                                                                 "SIGTERM"):
        return

    def handler(signum, frame) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, handler)
