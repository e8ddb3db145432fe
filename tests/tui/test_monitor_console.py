"""Pilot tests of the study view and the `:` command line, driven by keys as a user would."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Log

from pc1.machine.orders import encode
from tests.tui.conftest import LOOP, STEPS, punch_binary, wait_until
from tui.app import PC1App
from tui.command_line import CommandLine
from tui.library import TapeLibrary
from tui.memory_view import MemoryTable, MemoryView
from tui.teleprinter_view import TeleprinterView

# c 20 (A = 0) ; a 21 ; t 22 ; a 21 ; t 22 ; halt ; ... ; 21: 1 ; 22: 0
ADDING = [encode("c", 20), encode("a", 21), encode("t", 22), encode("a", 21), encode("t", 22),
          0] + [0] * 14 + [0, 1, 0]


def make_app(**kw) -> PC1App:
    kw.setdefault("speed", "max")
    kw.setdefault("max_orders", 5_000_000)
    return PC1App(include_our_tapes=False, **kw)


def status(app: PC1App) -> str:
    return str(app.query_one("#status").render())


def monitor_log(app: PC1App) -> str:
    return "\n".join(str(line) for line in app.query_one("#study-log", Log).lines)


async def type_line(pilot, text: str) -> None:
    """Type into the input that has focus and press Enter."""
    await pilot.pause()
    box = pilot.app.focused
    assert isinstance(box, Input), box
    box.value = text
    await pilot.press("enter")
    await pilot.pause()


async def command(pilot, line: str) -> None:
    """`:` then a monitor line, and wait until it has been carried out."""
    await pilot.press("colon")
    await pilot.pause()
    assert isinstance(pilot.app.screen, CommandLine)
    await type_line(pilot, line)
    await wait_until(pilot, lambda: not [w for w in pilot.app.workers
                                         if w.group in ("monitor", "machine")
                                         and not w.is_finished])
    await pilot.pause()


async def test_command_line_examines_deposits_and_recalls() -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await command(pilot, "deposit 76 tl 300")
        assert app.machine.memory[76] == encode("t", 300, True)
        await command(pilot, "examine 76-77")
        assert "76: 014454 6444 tl 300" in monitor_log(app)
        assert app.query_one("#tabs").active == "study"  # several lines: shown where logged
        await command(pilot, "examine 999")
        assert "address 999 is outside the store" in status(app)
        await pilot.press("colon")
        await pilot.press("up", "up")
        assert app.screen.query_one(Input).value == "examine 76-77"
        await pilot.press("escape")


async def test_command_line_runs_with_breaks_and_watches() -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        app.machine.memory.load(0, ADDING)
        await command(pilot, "watch 22")
        await command(pilot, "clear-start")
        assert app.machine.last_stop.reason == "watchpoint"
        assert (app.machine.K, app.machine.memory[22]) == (3, 1)
        await command(pilot, "nobreak all")
        await command(pilot, "break 4")
        await command(pilot, "restart")
        assert (app.machine.last_stop.reason, app.machine.K) == ("breakpoint", 4)
        assert app.breakpoints == frozenset({4})
        await command(pilot, "step 2")
        assert app.machine.last_stop.reason == "halt"


async def test_go_to_address_and_long_word_mode() -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        app.machine.memory.load(300, [1, 0])
        app.refresh_machine()
        await pilot.press("3")
        table = app.query_one(MemoryTable)
        await pilot.press("g")
        await type_line(pilot, "300")
        assert table.cursor_row == 300
        await pilot.press("L")
        await pilot.pause()
        view = app.query_one(MemoryView)
        assert view.long and table.row_count == 256 and table.cursor_row == 150
        # the pair 300/301 holds 1 * 2^18 = 262144, the fraction 2^18 / 2^35 = 2^-17
        assert str(table.get_cell("300", "integer")) == "262144"
        assert str(table.get_cell("300", "fraction")) == "+0.00000762939"
        await pilot.press("L")
        await pilot.pause()
        assert table.row_count == 512 and table.cursor_row == 300


async def test_deposit_by_editing_a_row_and_a_register() -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("3")
        table = app.query_one(MemoryTable)
        table.move_cursor(row=40)
        await pilot.pause()
        await pilot.press("enter")
        await type_line(pilot, "p 2")
        await wait_until(pilot, lambda: app.machine.memory[40] == encode("p", 2))
        await pilot.pause(0.1)
        assert str(table.get_cell("40", "order")) == "p 2"
        await pilot.press("R")
        await type_line(pilot, "A -2")
        await wait_until(pilot, lambda: app.machine.A == (1 << 36) - 2)


async def test_search_and_breakpoints_listed_and_removed() -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        app.machine.memory.load(0, ADDING)
        app.refresh_machine()
        await pilot.press("3")
        table = app.query_one(MemoryTable)
        await pilot.press("slash")
        await type_line(pilot, "t 22")
        assert table.cursor_row == 2
        await pilot.press("right_square_bracket")
        assert table.cursor_row == 4
        await pilot.press("b")
        await wait_until(pilot, lambda: app.breakpoints == frozenset({4}))
        marks = app.query_one("#study-marks")
        assert "break 4" in str(marks.get_option_at_index(0).prompt)
        marks.focus()
        marks.highlighted = 0
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.breakpoints == frozenset())


async def test_trace_has_registers_at_full_speed(tmp_path: Path) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        app.place_tape(punch_binary(tmp_path, "add.ptw", ADDING))
        await pilot.press("i", "c")
        await wait_until(pilot, lambda: app.idle and app.machine.last_stop is not None)
        entries = app.runner.entries()
        assert [e.address for e in entries][-6:] == [0, 1, 2, 3, 4, 5]
        # `a 21` twice adds the word 1 to A's upper half twice: A = 2 * 2^18
        assert entries[-2].A == 2 << 18
        await pilot.press("3")
        await pilot.pause()
        trace = "\n".join(str(x) for x in app.query_one("#study-trace", Log).lines)
        assert f"  4 t 22    {entries[-2].A:012o} 000000000000" in trace


async def test_step_keys_and_counters_reset(tmp_path: Path) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        app.place_tape(punch_binary(tmp_path, "steps.ptw", STEPS))
        await pilot.press("i", "3")
        await pilot.press("full_stop")
        await wait_until(pilot, lambda: app.machine.orders == 1)
        await pilot.press("greater_than_sign")
        await type_line(pilot, "2")
        await wait_until(pilot, lambda: app.machine.orders == 3)
        assert app.machine.K == 3
        await pilot.press("c")  # CLEAR START: the run's counters start again
        await wait_until(pilot, lambda: app.idle and app.machine.last_stop.reason == "halt")
        await pilot.pause(0.1)
        assert app.machine.orders == 8
        assert " 5 orders" in status(app)


async def test_stop_says_free_run_is_off(tmp_path: Path) -> None:
    app = make_app(speed="real", max_orders=None)
    async with app.run_test(size=(120, 40)) as pilot:
        app.place_tape(punch_binary(tmp_path, "loop.ptw", LOOP))
        await pilot.press("i", "c")
        await wait_until(pilot, lambda: app.machine.orders > 20)
        await pilot.press("x")
        await wait_until(pilot, lambda: app.idle)
        await pilot.pause(0.1)
        notes = [n.message for n in app._notifications]  # noqa: SLF001 - the toasts shown
        assert any("FREE RUN is off" in n for n in notes)
        assert "FREE RUN is off now" in status(app)


async def test_a_tape_placed_while_waiting_is_read_on(tmp_path: Path) -> None:
    app = make_app()
    # i 0 (wait for a character) ; halt
    program = punch_binary(tmp_path, "read.ptw", [encode("i", 0), 0])
    async with app.run_test(size=(120, 40)) as pilot:
        app.place_tape(program)
        await pilot.press("i")
        app.machine.remove_tape()
        await pilot.press("c")
        await wait_until(pilot, lambda: app.idle and app.machine.last_stop is not None)
        assert app.machine.last_stop.reason == "waiting for tape"
        tape = tmp_path / "one.ptr"
        tape.write_text("57\n")
        app.place_tape(tape)
        await wait_until(pilot, lambda: app.machine.last_stop.reason == "halt")
        assert app.machine.A >> 30 == 57


async def test_tear_off_the_paper(tmp_path: Path) -> None:
    from tests.tui.conftest import PRINT_ONE

    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        app.place_tape(punch_binary(tmp_path, "p.ptw", PRINT_ONE))
        await pilot.press("i", "c")
        await wait_until(pilot, lambda: app.query_one(TeleprinterView).text == "1")
        await pilot.press("t")
        await pilot.pause(0.1)
        assert app.query_one(TeleprinterView).text == ""
        assert app.machine.teleprinter.printed == []


async def test_library_describes_each_program(tmp_path: Path) -> None:
    app = PC1App(speed="max")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("2")
        library = app.query_one(TapeLibrary)
        headings = [e for e in library.entries if e.heading]
        assert [e.program.name for e in headings][:3] == ["r0", "e1000", "pi1000"]
        index = library.entries.index(headings[1])
        library.query_one("#tape-list").highlighted = index
        await pilot.pause()
        detail = str(library.query_one("#tape-detail").render())
        assert "e to 1000 decimals" in detail and "INITIAL LOAD takes r0.ptw" in detail
        assert "Procedure:" in detail and "1. Place r0.ptw" in detail
        # a source tape picked for INITIAL LOAD: the console says which tape to use
        app.place_tape(library.entries[index + 1].path)
        await pilot.press("i")
        assert "INITIAL LOAD r0.ptw, then place e1000.ptr" in status(app)


async def test_slow_run_follows_k_until_stop(tmp_path: Path) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        app.place_tape(punch_binary(tmp_path, "loop.ptw", LOOP))
        await pilot.press("i", "3")
        app.machine.K = 0
        app.machine.restart()
        await pilot.press("S")
        await wait_until(pilot, lambda: app.machine.orders >= 2)
        assert app.running
        await pilot.press("x")
        await wait_until(pilot, lambda: app.idle)
        assert "slow run stopped" in status(app)
        table = app.query_one(MemoryTable)
        assert table.cursor_row == app.machine.K  # the row of the order at K is the cursor's
        orders = app.machine.orders
        await pilot.pause(0.5)
        assert app.machine.orders == orders


async def test_a_deposit_of_thousands_of_digits_is_one_message() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await command(pilot, "deposit 0 jl 1" + "0" * 4300)
        assert app.is_running
        assert "does not fit 11 bits (0-2047)" in status(app)
        assert app.machine.memory[0] == 0
    assert app._exception is None  # noqa: SLF001
