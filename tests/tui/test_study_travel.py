"""Pilot tests of going back along a console run in the study view, and of the
cross-reference dialog: the state reached is a fresh machine's run stopped there."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Log, Static

from pc1 import Machine
from pc1.devices import read_tape
from tests.tui.conftest import PRINT_ONE, punch_binary, wait_until
from tests.tui.test_monitor_console import ADDING, make_app, type_line
from tui.memory_view import MemoryTable
from tui.study_dialogs import AnswerDialog
from tui.teleprinter_view import TeleprinterView


def fresh(tape: Path, orders: int) -> Machine:
    """The oracle: a new machine, the tape loaded, CLEAR START, `orders` orders run."""
    m = Machine()
    m.initial_load(read_tape(tape))
    m.clear_start()
    m.run(max_orders=orders)
    return m


def state(m: Machine) -> tuple:
    return m.A, m.R, m.K, list(m.memory.words), m.since_clear_start, list(m.teleprinter.printed)


def info(app) -> str:
    return str(app.query_one("#study-info", Static).render())


def trace(app) -> str:
    return "\n".join(str(line) for line in app.query_one("#study-trace", Log).lines)


async def idle(pilot) -> None:
    app = pilot.app
    await wait_until(pilot, lambda: app.idle and not [
        w for w in app.workers if w.group in ("monitor", "machine") and not w.is_finished])
    await pilot.pause()


async def run_adding(pilot, tmp_path: Path) -> Path:
    tape = punch_binary(tmp_path, "add.ptw", ADDING)
    pilot.app.place_tape(tape)
    await pilot.press("i", "c")
    await wait_until(pilot, lambda: pilot.app.idle and pilot.app.machine.last_stop is not None)
    await pilot.press("3")
    await idle(pilot)
    return tape


async def test_back_one_and_back_n_after_a_console_run(tmp_path: Path) -> None:
    """, undoes one order, < N orders: store, registers, K and the time axis as a fresh run
    stopped there has them; the trace ends with the order before."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        tape = await run_adding(pilot, tmp_path)
        end = app.machine.since_clear_start
        assert f"order {end:,} " in info(app)
        await pilot.press("comma")
        await idle(pilot)
        assert state(app.machine) == state(fresh(tape, end - 1))
        assert f"order {end - 1:,} " in info(app)
        assert trace(app).splitlines()[-1].startswith(f"  {end - 2} ")  # the order before
        await pilot.press("less_than_sign")
        await type_line(pilot, "3")
        await idle(pilot)
        assert state(app.machine) == state(fresh(tape, end - 4))
        assert f"order {end - 4:,} " in info(app)


async def test_back_to_write_names_the_writer_of_the_word_under_the_cursor(
        tmp_path: Path) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        tape = await run_adding(pilot, tmp_path)
        app.query_one(MemoryTable).move_cursor(row=22)
        await pilot.press("H")
        await idle(pilot)
        # c 20, a 21, t 22, a 21, t 22: the fifth order, at 4, stored into 22 last
        assert state(app.machine) == state(fresh(tape, 4))
        assert "t 22 at 4 stored into 22 as order 5" in str(app.query_one("#status").render())


async def test_back_to_break_goes_to_the_last_break(tmp_path: Path) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        tape = await run_adding(pilot, tmp_path)
        app.query_one(MemoryTable).move_cursor(row=3)
        await pilot.press("b")
        await idle(pilot)
        await pilot.press("B")
        await idle(pilot)
        assert state(app.machine) == state(fresh(tape, 3))  # just before the order at 3
        assert "breakpoint at 3" in str(app.query_one("#status").render())


async def test_cross_reference_of_the_word_under_the_cursor(tmp_path: Path) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await run_adding(pilot, tmp_path)
        app.query_one(MemoryTable).move_cursor(row=21)
        await pilot.press("X")
        await wait_until(pilot, lambda: isinstance(app.screen, AnswerDialog))
        text = str(app.screen.query_one("#answer", Static).render())
        # a 21 at 1 and at 3 read word 21, once each in the run; nothing stores into it
        assert "xref 21: the word holds 1" in text
        assert "reads: 1 (a 21) x1, 3 (a 21) x1\n  writes: none" in text
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, AnswerDialog)


async def test_going_back_before_a_tear_brings_the_paper_back(tmp_path: Path) -> None:
    """The defect: after tearing the paper, going back left it torn (when the point gone
    back to was reached from a snapshot taken after the printing)."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        tape = punch_binary(tmp_path, "p.ptw", PRINT_ONE)
        app.place_tape(tape)
        await pilot.press("i", "c")
        await wait_until(pilot, lambda: app.query_one(TeleprinterView).text == "1")
        await idle(pilot)
        end = app.machine.since_clear_start
        # a deposit between runs: the next run starts with a snapshot, "1" on its paper
        await app.run_monitor_line("deposit 100 7").wait()
        await pilot.press("3", "full_stop")
        await idle(pilot)
        await pilot.press("t")
        await pilot.pause(0.1)
        assert app.machine.teleprinter.printed == []
        await pilot.press("comma")
        await idle(pilot)
        assert app.machine.since_clear_start == end
        assert app.machine.teleprinter.printed == fresh(tape, end).teleprinter.printed
        assert app.query_one(TeleprinterView).text == "1"
