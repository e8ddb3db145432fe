"""Run a long library call in a worker process that the caller can stop at any moment.

A thread cannot be interrupted in the middle of a search; a process can. The console uses
this for counts and solves that may run for minutes, so that Stop ends them at once.
"""

from __future__ import annotations

import multiprocessing
import sys
import threading
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


def _serve(pipe: Any) -> None:  # runs in the worker process: calls until told to end
    while True:
        try:
            job = pipe.recv()
        except EOFError:
            return
        if job is None:
            return
        fn, args = job
        try:
            pipe.send((True, fn(*args)))
        except Exception as exc:  # noqa: BLE001 - the caller re-raises it in its own process
            pipe.send((False, exc))


class WorkerProcess:
    """One worker process kept for call after call (starting one costs most of a second).

    Stopping a call ends the process; the next call starts a fresh one.
    """

    def __init__(self) -> None:
        self._process: Any = None
        self._pipe: Any = None
        self._lock = threading.Lock()

    def call(self, fn: Callable[..., T], args: tuple[Any, ...], stopped: Callable[[], bool]) -> T:
        """``fn(*args)`` in the worker process; raises Stopped (the process ended) if stopped."""
        with self._lock:
            if self._process is None or not self._process.is_alive():
                self._start()
            try:
                self._pipe.send((fn, args))
                while not self._pipe.poll(POLL_SECONDS):
                    if stopped():
                        self._end()
                        raise Stopped
                    if not self._process.is_alive():
                        raise EOFError
                ok, value = self._pipe.recv()
            except (EOFError, OSError):
                self._end()
                raise RuntimeError(f"{fn.__name__}: the worker process ended") from None
        if not ok:
            raise value
        return value

    def close(self) -> None:
        """End the worker process (if any)."""
        with self._lock:
            self._end()

    def _start(self) -> None:
        _start_resource_tracker()
        context = multiprocessing.get_context("spawn")
        self._pipe, theirs = context.Pipe()
        self._process = context.Process(target=_serve, args=(theirs,), daemon=True)
        self._process.start()
        theirs.close()

    def _end(self) -> None:
        if self._process is not None:
            if self._process.is_alive():
                self._process.terminate()
            self._process.join()
            self._pipe.close()
        self._process = self._pipe = None
