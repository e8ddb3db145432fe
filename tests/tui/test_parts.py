"""The console's parts without a screen: lamps, paper, tape drawing, the runner, the command."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from pc1.cli.main import build_parser
from pc1.devices.tape import Tape, initial_load_tape
from pc1.devices.teleprinter import CR, LF, SP, text_to_codes
from pc1.machine.machine import Machine
from tests.tui.conftest import LOOP, PRINT_ONE, wait_until
from tui.app import PC1App
from tui.lamps import DARK, LIT, groups, lamp_row
from tui.runner import Runner
from tui.tape_view import frame_holes, tape_lines
from tui.teleprinter_view import PaperFeed


def test_groups_line_up_with_octal_digits() -> None:
    assert groups(36) == [3] * 12
    assert groups(18) == [3] * 6
    assert groups(11) == [2, 3, 3, 3]


@given(st.sampled_from([11, 18, 36]), st.data())
def test_lamps_show_every_bit_msb_first(bits: int, data) -> None:
    value = data.draw(st.integers(0, (1 << bits) - 1))
    plain = lamp_row(value, bits).plain
    assert plain.split(" ")[-1] == format(value & 7, "03b").replace("1", LIT).replace("0", DARK)
    assert plain.replace(" ", "") == format(value, f"0{bits}b").replace("1", LIT).replace(
        "0", DARK)


def test_frame_holes_and_sprocket() -> None:
    assert frame_holes(0b101101) == "● ●·● ●"
    assert frame_holes(0) == "   ·   "
    assert frame_holes(63) == "●●●·●●●"


def test_tape_lines_mark_the_read_position() -> None:
    tape = Tape([57, 48, 42], "t")
    lines = tape_lines(tape, 1, 4).plain.splitlines()
    assert lines[0] == "1/3"
    here = [line for line in lines if line.startswith("▶")]
    assert len(here) == 1 and here[0].endswith("48 2")
    assert "reader empty" in tape_lines(None, 0, 5).plain


def test_paper_wraps_at_80_columns_and_lf_starts_a_line() -> None:
    feed = PaperFeed()
    text = feed.feed(text_to_codes("1" * 85))
    assert text == "1" * 80 + "\n" + "1" * 5
    assert feed.feed([CR, LF, SP]) == "\n "
    assert feed.column == 1


def _binary_machine(words: list[int], clock_hz: float = 15_000) -> Machine:
    m = Machine(clock_hz=clock_hz)
    m.initial_load(initial_load_tape(words))
    m.clear_start()
    return m


def test_runner_max_speed_runs_to_the_halt() -> None:
    m = _binary_machine(PRINT_ONE)
    posted = []
    stop = Runner(m, posted.append).run(lambda: False, frozenset)
    assert stop.reason == "halt" and stop.orders == 3
    assert posted[-1].stop == stop and not posted[-1].running
    assert m.printed_text() == "1"


def test_runner_real_time_keeps_to_the_clock() -> None:
    m = _binary_machine(LOOP, clock_hz=10_000)
    runner = Runner(m, lambda s: None)
    timer = threading.Timer(0.4, runner.request_stop)
    start = time.perf_counter()
    timer.start()
    stop = runner.run(lambda: True, frozenset)
    wall = time.perf_counter() - start
    assert stop.reason == "stopped"
    # simulated time follows wall time: at most a frame or so ahead, never racing
    assert m.cycles <= 10_000 * (wall + 0.1)
    assert m.cycles >= 10_000 * 0.2
    assert len(runner.trace) > 0


def test_runner_defers_tape_changes_to_between_chunks() -> None:
    m = _binary_machine(LOOP)
    runner = Runner(m, lambda s: None)
    thread = threading.Thread(target=runner.run, args=(lambda: False, frozenset))
    thread.start()
    while not runner.running:
        time.sleep(0.001)
    runner.call(lambda: m.load_tape(Tape([1, 2, 3], "x")))
    deadline = time.monotonic() + 5
    while m.tape is None and time.monotonic() < deadline:
        time.sleep(0.005)
    runner.request_stop()
    thread.join(5)
    assert not thread.is_alive()
    assert m.tape is not None and m.tape.frames == [1, 2, 3]


def test_pc1_tui_command_opens_the_console_as_asked(monkeypatch) -> None:
    args = build_parser().parse_args(["tui", "--clock", "10k", "--tapes", "a", "b",
                                      "--max-speed"])
    assert args.clock == 10_000
    assert args.tapes == ["a", "b"]
    opened: list[PC1App] = []
    monkeypatch.setattr(PC1App, "run", lambda app: opened.append(app))
    monkeypatch.setattr("pc1.cli.console.no_terminal", lambda *streams: None)  # pytest's pipes
    assert args.func(args) == 0
    (app,) = opened
    assert app.machine.clock_hz == 10_000 and app.speed == "max"
    assert app.folders[-2:] == [Path("a"), Path("b")]  # after our own tapes


async def test_clock_and_speed_switches(tmp_path: Path) -> None:
    app = PC1App(include_our_tapes=False)
    async with app.run_test() as pilot:
        assert app.speed == "real" and app.machine.clock_hz == 15_000
        await pilot.press("k")
        assert app.machine.clock_hz == 10_000
        await pilot.press("v")
        assert app.speed == "max"
        assert "max speed" in str(app.query_one("#status").render())


async def test_initial_load_while_running_stops_the_run_first(tmp_path: Path) -> None:
    path = tmp_path / "loop.ptw"
    from pc1.devices.tape import write_tape

    write_tape(path, initial_load_tape(LOOP))
    app = PC1App(include_our_tapes=False, speed="real")
    async with app.run_test() as pilot:
        app.place_tape(path)
        await pilot.press("i", "c")
        await wait_until(pilot, lambda: app.machine.orders > 10)
        app.runner.call(app.machine.rewind_tape)
        await pilot.press("i")
        await wait_until(pilot, lambda: app.idle)
        assert app.machine.last_stop.reason == "stopped"
        assert "INITIAL LOAD: 2 words" in str(app.query_one("#status").render())


async def test_demo_with_an_unreadable_tape_stops_at_that_step(tmp_path: Path) -> None:
    from pc1.operator.session import Action

    app = PC1App(include_our_tapes=False, speed="max", demo_pause=0)
    async with app.run_test() as pilot:
        worker = app.run_demo([Action("initial-load", tmp_path / "missing.ptw"),
                               Action("clear-start")])
        await wait_until(pilot, lambda: worker.is_finished)
        assert worker.result is False
        assert "no such file" in str(app.query_one("#status").render())
        assert app.machine.orders == 0


def test_a_stop_pressed_before_the_run_thread_starts_is_kept() -> None:
    m = _binary_machine(LOOP)
    runner = Runner(m, lambda s: None)
    runner.begin()
    runner.request_stop()
    thread = threading.Thread(target=runner.run, args=(lambda: False, frozenset))
    thread.start()
    thread.join(5)
    assert not thread.is_alive()
    assert m.last_stop.reason == "stopped" and m.orders == 0
