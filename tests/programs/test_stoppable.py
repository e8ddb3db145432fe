"""Library calls in a worker process that the caller can stop."""

from __future__ import annotations

import time

import pytest

from programs.stoppable import Stopped, WorkerProcess, run_stoppable


def _square(n: int) -> int:
    return n * n


def _forever(_: int) -> int:
    while True:
        time.sleep(0.01)


def _fails(n: int) -> int:
    raise ValueError(f"bad {n}")


def test_the_answer_comes_back() -> None:
    assert run_stoppable(_square, (12,), lambda: False) == 144


def test_stopping_ends_the_process() -> None:
    end = time.monotonic() + 0.2
    started = time.monotonic()
    with pytest.raises(Stopped):
        run_stoppable(_forever, (0,), lambda: time.monotonic() > end)
    assert time.monotonic() - started < 10


def test_an_error_in_the_worker_is_raised_here() -> None:
    with pytest.raises(ValueError, match="bad 3"):
        run_stoppable(_fails, (3,), lambda: False)


def test_a_kept_worker_answers_call_after_call_and_survives_errors() -> None:
    worker = WorkerProcess()
    try:
        assert worker.call(_square, (3,), lambda: False) == 9
        with pytest.raises(ValueError, match="bad 4"):
            worker.call(_fails, (4,), lambda: False)
        assert worker.call(_square, (5,), lambda: False) == 25
    finally:
        worker.close()


def test_stopping_a_kept_worker_ends_it_and_the_next_call_starts_afresh() -> None:
    worker = WorkerProcess()
    try:
        end = time.monotonic() + 0.2
        with pytest.raises(Stopped):
            worker.call(_forever, (0,), lambda: time.monotonic() > end)
        assert worker.call(_square, (7,), lambda: False) == 49
    finally:
        worker.close()
