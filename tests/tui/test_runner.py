"""The runner under a UI slower than the machine (tui/runner.py): frames never queue up, and
a console running a program that prints at full speed still answers STOP and every key."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path

from textual import events

from pc1.devices import CHAR_TO_CODE, LF
from pc1.devices.tape import initial_load_tape
from pc1.machine import Machine
from pc1.machine.orders import encode
from tests.tui.conftest import LOOP, punch_binary
from tui.app import PC1App
from tui.runner import FRAME_SECONDS, UNSHOWN_REPOST_SECONDS, Runner
from tui.teleprinter_view import TeleprinterView

# print "12", a line feed, and again, for ever: a short line at full speed
PRINT_FOREVER = [encode("p", 10), encode("o", 1), encode("p", 11), encode("o", 3),
                 encode("p", 12), encode("o", 5), encode("j", 0, True), 0, 0, 0,
                 CHAR_TO_CODE["1"] << 12, CHAR_TO_CODE["2"] << 12, LF << 12]
ANSWER_SECONDS = 2.0  # generous on a loaded shared machine; measured ~0.2 s (see the report)


def looping_machine() -> Machine:
    m = Machine()
    m.initial_load(initial_load_tape(LOOP))
    m.clear_start()
    return m


def run_for(runner: Runner, seconds: float) -> None:
    threading.Timer(seconds, runner.request_stop).start()
    runner.run(lambda: False, frozenset)


def test_frames_wait_for_the_ui_to_show_them() -> None:
    posted: list = []
    runner = Runner(looping_machine(), posted.append)  # a UI that never says it has shown
    run_for(runner, 0.6)
    running = [s for s in posted if s.running]
    # the first frame, and one a second while it stays unshown, not one every frame
    assert 1 <= len(running) <= 1 + 0.6 / UNSHOWN_REPOST_SECONDS
    assert not posted[-1].running  # the run's end is always posted


def test_frames_flow_while_the_ui_keeps_up() -> None:
    posted: list = []
    runner: Runner

    def post(snapshot) -> None:
        posted.append(snapshot)
        threading.Timer(0.001, runner.shown).start()  # the UI shows it a moment later

    runner = Runner(looping_machine(), post)
    run_for(runner, 0.6)
    assert len(posted) >= 0.3 / FRAME_SECONDS


async def answered(app: PC1App, key: str, done) -> float:
    """Seconds until `done()` after `key` arrives (polled without waiting for idle: a busy
    app is never idle)."""
    start = time.monotonic()
    app.post_message(events.Key(key, key if len(key) == 1 else None))
    while not done():
        if time.monotonic() - start > 10:
            break
        await asyncio.sleep(0.005)
    return time.monotonic() - start


async def test_stop_and_keys_answer_while_a_program_prints_at_full_speed(
        tmp_path: Path) -> None:
    tape = punch_binary(tmp_path, "print.ptw", PRINT_FOREVER)
    app = PC1App(include_our_tapes=False, speed="max")
    async with app.run_test(size=(80, 24)) as pilot:
        app.place_tape(tape)
        await pilot.press("i", "c")
        await asyncio.sleep(1.0)
        assert app.running and app.machine.teleprinter.printed_count > 10_000
        waits = []
        for _ in range(3):
            said = app.message
            waits.append(await answered(app, "k", lambda s=said: app.message != s))
            await asyncio.sleep(0.2)
            # frames do not pile up in the app's queue
            assert app._message_queue.qsize() < 20  # noqa: SLF001
        waits.append(await answered(app, "x", lambda: not app.running))
        assert max(waits) < ANSWER_SECONDS, waits
        assert app.machine.last_stop.reason == "stopped"
        await pilot.pause(0.2)
        lines = app.query_one(TeleprinterView).text.splitlines()
        assert len(lines) > 1000 and set(lines[-100:-1]) == {"12"}
