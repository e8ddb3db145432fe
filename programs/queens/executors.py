"""Executors: run one function over many work items here, in local processes, or on Dask.

Each executor yields ``(item, result)`` pairs as the results come in (in any order), so a
caller can write a ledger and show progress while the rest still runs.  The function and
the items must be picklable (a module-level function and frozen dataclasses are).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Any, Protocol

MAX_JOBS = 256
IN_FLIGHT_PER_WORKER = 4  # items queued per worker: enough to keep it busy, few to cancel


class Executor(Protocol):
    """Something that runs ``fn`` over items and yields (item, result) as each finishes."""

    name: str

    def map_unordered(self, fn: Callable[[Any], Any], items: Iterable[Any]) -> Iterator[tuple]:
        """Yield (item, fn(item)) for every item, in the order they finish."""
        ...

    def close(self) -> None:
        """Release workers and connections."""
        ...


class SerialExecutor:
    """Everything in this process, one item after the other."""

    name = "this process"

    def map_unordered(self, fn: Callable[[Any], Any], items: Iterable[Any]) -> Iterator[tuple]:
        """Yield (item, fn(item)) in order."""
        for item in items:
            yield item, fn(item)

    def close(self) -> None:
        """Nothing to release."""


PARENT_CHECK = 0.2  # seconds between a worker's looks at its parent


def _watch_parent(parent: int) -> None:
    """In a worker: end this process as soon as its parent is gone (even by SIGKILL, which
    leaves no chance to stop the pool), so that no worker counts on for nobody."""
    import os
    import threading
    import time

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


class ProcessExecutor:
    """Local worker processes (concurrent.futures), a bounded number of items in flight."""

    def __init__(self, jobs: int) -> None:
        if not 1 <= jobs <= MAX_JOBS:
            raise ValueError(f"--jobs must be from 1 to {MAX_JOBS}, got {jobs}")
        self.jobs = jobs
        self.name = f"{jobs} local process{'es' if jobs != 1 else ''}"
        import os

        # each worker watches its parent: a count killed outright leaves no process behind
        self._pool = ProcessPoolExecutor(max_workers=jobs, initializer=_watch_parent,
                                         initargs=(os.getpid(),))

    def map_unordered(self, fn: Callable[[Any], Any], items: Iterable[Any]) -> Iterator[tuple]:
        """Yield (item, fn(item)) as workers finish; at most a few items queued per worker."""
        pending: dict = {}
        source = iter(items)
        limit = self.jobs * IN_FLIGHT_PER_WORKER
        try:
            while True:
                for item in source:
                    pending[self._pool.submit(fn, item)] = item
                    if len(pending) >= limit:
                        break
                if not pending:
                    return
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    yield pending.pop(future), future.result()
        finally:
            for future in pending:
                future.cancel()

    def close(self) -> None:
        """Stop the worker processes."""
        self._pool.shutdown(wait=True, cancel_futures=True)


class DaskExecutor:
    """A Dask distributed cluster: a scheduler address, or a Client already made."""

    def __init__(self, scheduler: str | Any, timeout: float = 10) -> None:
        try:
            from distributed import Client
        except ImportError:
            raise ValueError("--scheduler needs Dask: pip install 'pc1-workbench[cluster]'") \
                from None
        if isinstance(scheduler, str):
            try:
                self._client = Client(scheduler, timeout=timeout)
            except OSError as exc:
                raise ValueError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") \
                    from None
            self._own = True
            self.name = f"Dask cluster at {scheduler}"
        else:
            self._client, self._own = scheduler, False
            self.name = "Dask cluster"

    def map_unordered(self, fn: Callable[[Any], Any], items: Iterable[Any]) -> Iterator[tuple]:
        """Submit every item to the cluster; yield results as they complete."""
        from distributed import as_completed

        items = list(items)
        if not items:
            return
        futures = self._client.map(fn, items, pure=False)
        owner = {future.key: item for future, item in zip(futures, items, strict=True)}
        try:
            for future in as_completed(futures):
                yield owner[future.key], future.result()
        finally:
            self._client.cancel(futures)

    def close(self) -> None:
        """Disconnect (only from a scheduler this executor connected to itself)."""
        if self._own:
            self._client.close()


def make_executor(jobs: int | None = None, scheduler: str | None = None) -> Executor:
    """The executor the command line asks for: Dask, local processes, or this process."""
    if scheduler is not None:
        return DaskExecutor(scheduler)
    if jobs is None or jobs == 1:
        return SerialExecutor()
    return ProcessExecutor(jobs)
