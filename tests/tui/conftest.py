"""Shared helpers for the console's pilot tests: third-party tapes, tiny tapes, waiting."""

from __future__ import annotations

import asyncio
import inspect
import time
from pathlib import Path

import pytest

from pc1.devices.tape import initial_load_tape, write_tape
from pc1.machine.orders import encode
from tests.shared_data import THIRD_PARTY, shared_path

# p 3 ; o 1 (print A's top six bits, retry while busy) ; halt ; the word whose top is code 57 "1"
PRINT_ONE = [encode("p", 3), encode("o", 1), 0, 57 << 12]
# p 0 ; jl 0 : an endless loop that is not a dynamic stop
LOOP = [encode("p", 0), encode("j", 0, True)]
# four `p 0`, then halt: stepping material
STEPS = [encode("p", 0)] * 4 + [0]


TEST_TIMEOUT = 60.0  # seconds; no pilot test may hang


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    """Run `async def` tests on a fresh event loop (the repo has no asyncio plugin)."""
    if not inspect.iscoroutinefunction(pyfuncitem.obj):
        return None
    names = pyfuncitem._fixtureinfo.argnames  # noqa: SLF001 - the test's own arguments
    kwargs = {n: pyfuncitem.funcargs[n] for n in names}
    asyncio.run(asyncio.wait_for(pyfuncitem.obj(**kwargs), TEST_TIMEOUT))
    return True


@pytest.fixture
def pc1onunity() -> Path:
    """PC-1 on Unity's tapes (test data only), or skip (fail in CI: tests.shared_data)."""
    shared_path(THIRD_PARTY / "R0.ptw", "third-party tapes (PC-1 on Unity)")
    return THIRD_PARTY


def punch_binary(folder: Path, name: str, words: list[int]) -> Path:
    """Punch words as a binary (initial-load) tape file in `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    write_tape(path, initial_load_tape(words))
    return path


async def wait_until(pilot, condition, timeout: float = 20.0) -> None:
    """Let the app run until `condition()` holds; fail (not hang) after `timeout` seconds."""
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"timed out after {timeout} s waiting for {condition}")
        await pilot.pause(0.02)


async def read_through_r0(pilot, r0: Path, tape: Path) -> None:
    """INITIAL LOAD `r0`, then CLEAR START with `tape` in the reader; wait for the stop."""
    app = pilot.app
    app.place_tape(r0)
    await pilot.press("i")
    app.place_tape(tape)
    await pilot.press("c")
    await wait_until(pilot, lambda: app.idle and app.machine.last_stop is not None)


def classes_with_bindings() -> list[type]:
    """Every class of the console that declares BINDINGS (found by walking the package, so a
    new screen cannot be forgotten)."""
    import importlib
    import pkgutil

    import tui

    found = []
    for info in pkgutil.walk_packages(tui.__path__, "tui."):
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == module.__name__ and "BINDINGS" in cls.__dict__:
                found.append(cls)
    return found


def declared_bindings(cls: type) -> list:
    """The bindings `cls` itself declares, as Binding objects."""
    from textual.binding import Binding

    return [b if isinstance(b, Binding) else Binding(*b) for b in cls.__dict__["BINDINGS"]]


async def punch_and_print_one(pilot, app, tape: Path) -> None:
    """Place a PRINT_ONE tape, punch on, INITIAL LOAD, CLEAR START; wait until it stopped."""
    app.place_tape(tape)
    await pilot.press("n", "i", "c")
    await wait_until(pilot, lambda: app.idle and app.machine.last_stop is not None)
    await pilot.pause(0.05)
