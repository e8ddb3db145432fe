"""Run a long library call in a worker process that the caller can stop at any moment.

A thread cannot be interrupted in the middle of a search; a process can. The console uses
this for counts and solves that may run for minutes, so that Stop ends them at once.
"""

from __future__ import annotations

import multiprocessing
import sys
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")
POLL_SECONDS = 0.05


class Stopped(Exception):
    """The caller asked to stop before the answer came."""


def _run_into(fn: Callable[..., Any], args: tuple[Any, ...], pipe: Any) -> None:
    try:
        pipe.send((True, fn(*args)))
    except Exception as exc:  # noqa: BLE001 - the caller re-raises it in its own process
        pipe.send((False, exc))
    pipe.close()


def _start_resource_tracker() -> None:
    """Start multiprocessing's helper process while sys.stderr is a real file.

    The helper is handed sys.stderr's file descriptor; a console that captures stderr (as
    Textual does) has none, and starting the helper would fail.
    """
    from multiprocessing import resource_tracker

    saved = sys.stderr
    try:
        saved.fileno()
    except (AttributeError, OSError, ValueError):
        sys.stderr = sys.__stderr__
    else:
        if saved.fileno() >= 0:
            resource_tracker.ensure_running()
            return
        sys.stderr = sys.__stderr__
    try:
        resource_tracker.ensure_running()
    finally:
        sys.stderr = saved


def run_stoppable(fn: Callable[..., T], args: tuple[Any, ...],
                  stopped: Callable[[], bool]) -> T:
    """``fn(*args)`` in a worker process; raises Stopped (the process ended) if stopped."""
    _start_resource_tracker()
    context = multiprocessing.get_context("spawn")  # no fork from a threaded program
    ours, theirs = context.Pipe(duplex=False)
    process = context.Process(target=_run_into, args=(fn, args, theirs), daemon=True)
    process.start()
    theirs.close()
    try:
        while not ours.poll(POLL_SECONDS):
            if stopped():
                raise Stopped
            if not process.is_alive() and not ours.poll():
                raise RuntimeError(f"{fn.__name__} ended without an answer")
        ok, value = ours.recv()
    finally:
        if process.is_alive():
            process.terminate()
        process.join()
        ours.close()
    if not ok:
        raise value
    return value
