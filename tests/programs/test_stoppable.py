"""Library calls in a worker process that the caller can stop."""

from __future__ import annotations

import time

import pytest

from programs.stoppable import Stopped, run_stoppable


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
