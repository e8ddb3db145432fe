"""Pilot tests of going back along a console run in the study view, and of the
cross-reference dialog: the state reached is a fresh machine's run stopped there."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Log, OptionList, Static

from pc1 import Machine
from pc1.asm.annotated import parse
from pc1.devices import read_tape, write_tape
from pc1.machine import Limits
from tests.tui.conftest import LOOP, PRINT_ONE, punch_binary, wait_until
from tests.tui.test_monitor_console import ADDING, make_app, type_line
from tui.memory_view import MemoryTable
from tui.sources import SourceWord, source_lines
from tui.study_dialogs import AnswerDialog, LimitsDialog, SourceDialog
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


# --- run limits ---------------------------------------------------------------------------


async def set_limits(pilot, orders: str, simulated: str, wall: str) -> None:
    await pilot.press("l")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, LimitsDialog))
    for name, value in (("orders", orders), ("simulated", simulated), ("wall", wall)):
        pilot.app.screen.query_one(f"#limit-{name}", Input).value = value
    pilot.app.screen.query_one("#limit-orders", Input).focus()
    await pilot.press("enter")
    await pilot.pause()


async def test_a_run_stops_at_the_order_limit_set_in_the_dialog(tmp_path: Path) -> None:
    app = make_app(max_orders=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await set_limits(pilot, "1,234", "", "")
        assert not isinstance(app.screen, LimitsDialog)
        assert app.limits == Limits(orders=1234)
        app.place_tape(punch_binary(tmp_path, "loop.ptw", LOOP))
        await pilot.press("i", "c")
        await wait_until(pilot, lambda: app.idle and app.machine.last_stop is not None)
        await pilot.pause(0.1)
        assert app.machine.since_clear_start == 1234
        said = str(app.query_one("#status").render())
        assert "order limit" in said and "l changes them" in said


async def test_a_run_stops_at_the_simulated_time_limit(tmp_path: Path) -> None:
    app = make_app(max_orders=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await set_limits(pilot, "", "2.5", "")
        app.place_tape(punch_binary(tmp_path, "loop.ptw", LOOP))
        await pilot.press("i", "c")
        await wait_until(pilot, lambda: app.idle and app.machine.last_stop is not None)
        m = app.machine
        assert m.last_stop.reason == "simulated time limit"
        # p 0 and jl 0 take a few cycles each: the run ends within an order of 2.5 s
        assert 2.5 <= m.last_stop.cycles / m.clock_hz < 2.5 + 20 / m.clock_hz


async def test_a_run_stops_at_the_wall_clock_limit(tmp_path: Path) -> None:
    app = make_app(max_orders=None, speed="real")
    async with app.run_test(size=(80, 24)) as pilot:
        await set_limits(pilot, "", "", "0.2")
        app.place_tape(punch_binary(tmp_path, "loop.ptw", LOOP))
        await pilot.press("i", "c")
        await wait_until(pilot, lambda: app.idle and app.machine.last_stop is not None)
        assert app.machine.last_stop.reason == "time limit"


async def test_a_bad_limit_is_named_and_the_dialog_stays() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        before = app.limits
        await set_limits(pilot, "12x", "", "-3")
        assert isinstance(app.screen, LimitsDialog)
        error = str(app.screen.query_one("#limits-error", Static).render())
        assert error == ("orders: not a number of orders: '12x' (allowed: 1 to 10^12, or "
                         "empty for none)")
        app.screen.query_one("#limit-orders", Input).value = "5"
        await pilot.press("enter")
        await pilot.pause()
        error = str(app.screen.query_one("#limits-error", Static).render())
        assert error.startswith("wall-clock seconds: not a number of seconds: '-3'")
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, LimitsDialog) and app.limits == before


# --- the annotated source, a break on Enter ---------------------------------------------

SOURCE = "80:p2,   ; load two\n  a3,   ; add three\n  a4,a5,   ; two on a line\n"


def test_source_lines_lists_each_line_once_with_its_words() -> None:
    lines = source_lines({
        80: SourceWord("p2,", "s.pc1:1: 80:p2,  ; load two"),
        81: SourceWord("a3,", "s.pc1:2: a3,  ; add three"),
        82: SourceWord("a4,", "s.pc1:10: a4,a5,"), 83: SourceWord("a5,", "s.pc1:10: a4,a5,"),
        90: SourceWord("x,", "")})
    assert lines == [("s.pc1:1: 80:p2,  ; load two", (80,)), ("s.pc1:2: a3,  ; add three", (81,)),
                     ("s.pc1:10: a4,a5,", (82, 83))]


async def test_enter_on_a_source_line_sets_and_clears_a_break(tmp_path: Path) -> None:
    (tmp_path / "prog.pc1").write_text(SOURCE)
    path = tmp_path / "prog.ptr"
    write_tape(path, parse(SOURCE, "prog.pc1").tape())
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.place_tape(path)
        await pilot.press("3")
        app.query_one(MemoryTable).move_cursor(row=81)
        await pilot.press("V")
        await wait_until(pilot, lambda: isinstance(app.screen, SourceDialog))
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        assert [str(options.get_option_at_index(i).prompt) for i in range(3)] == [
            "   80  1: 80:p2,  ; load two", "   81  2: a3,  ; add three",
            "   82  3: a4,a5,  ; two on a line"]
        assert options.highlighted == 1  # the line of the word under the cursor
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.breakpoints == {81})
        assert str(options.get_option_at_index(1).prompt).startswith("●  81")
        await pilot.press("down", "enter")
        await wait_until(pilot, lambda: app.breakpoints == {81, 82})
        await pilot.press("up", "enter")  # Enter again: cleared
        await wait_until(pilot, lambda: app.breakpoints == {82})
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, SourceDialog)
