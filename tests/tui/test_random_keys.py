"""Random keys at the whole console (every screen's bindings, printable characters, page and
arrow keys, typed as fast as a key queue takes them): no exception, no exit, ever.

A fixed seed makes a failure repeatable; the failing key and the keys before it are in the
message. PC1_RANDOM_KEYS=20000 runs longer on demand (default 2,000 keys a size).
"""

from __future__ import annotations

import asyncio
import os
import random
import string
from pathlib import Path

import pytest
from textual import events

from tests.tui.conftest import classes_with_bindings, declared_bindings
from tui.app import PC1App

KEYS = int(os.environ.get("PC1_RANDOM_KEYS", "2000"))
SEED = int(os.environ.get("PC1_RANDOM_SEED", "23"))
PAUSE_EVERY = 50  # keys sent back to back, then the app catches up
QUIT_KEYS = {"q", "ctrl+q", "ctrl+c"}  # leaving is not a failure to find here
MOVES = ["pageup", "pagedown", "home", "end", "up", "down", "left", "right", "tab",
         "shift+tab", "enter", "escape", "backspace", "ctrl+p", "space"]


def key_pool() -> tuple[list[str], list[str], list[str]]:
    """(binding keys of every screen, printable characters, moves and page keys)."""
    bound = sorted({k.strip() for cls in classes_with_bindings()
                    for b in declared_bindings(cls) for k in b.key.split(",")} - QUIT_KEYS)
    printable = [c for c in string.ascii_letters + string.digits + string.punctuation + " "
                 if c not in QUIT_KEYS]
    return bound, printable, MOVES


def key_event(key: str) -> events.Key:
    """The event a terminal sends for `key` (a name or a character)."""
    from textual.keys import _character_to_key

    if len(key) == 1:
        return events.Key(_character_to_key(key) if not key.isalnum() else key, key)
    return events.Key(key, " " if key == "space" else None)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_random_keys_never_crash_the_console(size: tuple[int, int], tmp_path: Path,
                                             monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)  # whatever a save dialog is given lands here
    # its own time limit: about 15 s of CPU a size, but a shared machine may stretch it
    asyncio.run(asyncio.wait_for(type_at_random(size), max(300, KEYS * 0.15)))


async def type_at_random(size: tuple[int, int]) -> None:
    """Send KEYS random keys to a fresh console of `size`; fail on an exception or an exit."""
    rng = random.Random(f"{SEED}-{size}")
    bound, printable, moves = key_pool()
    # runs are short (each start costs CPU the keys need), but long enough to print and punch
    app = PC1App(speed="max", max_orders=20_000, demo_pause=0)
    sent: list[str] = []
    quits: list[str] = []
    # the palette's own Quit may be chosen by random typing: a quit asked for is no failure,
    # and the keys go on
    app.exit = lambda *args, **kw: quits.append(sent[-1])  # type: ignore[method-assign]
    async with app.run_test(size=size) as pilot:
        for n in range(KEYS):
            group = rng.choices((bound, printable, moves), weights=(5, 3, 2))[0]
            key = rng.choice(group)
            sent.append(key)
            app._driver.send_message(key_event(key))  # noqa: SLF001 - as a terminal would
            await asyncio.sleep(0)
            if n % PAUSE_EVERY == PAUSE_EVERY - 1:
                await pilot.pause(0.01)
                failure = app._exception  # noqa: SLF001
                assert failure is None and app.is_running, (
                    f"key {n} of seed {SEED}: {failure!r}; the last keys: {sent[-30:]}")
        await pilot.pause(0.1)
        assert app._exception is None and app.is_running, sent[-30:]  # noqa: SLF001
