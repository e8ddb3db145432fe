"""Pilot tests: the real console driven by keys and clicks, as an operator would."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from pc1.devices.tape import read_tape
from pc1.operator.session import Action
from tests.shared_data import tracked
from tests.tui.conftest import (
    LOOP,
    PRINT_ONE,
    STEPS,
    punch_and_print_one,
    punch_binary,
    wait_until,
)
from tui.app import PC1App
from tui.dialogs import PathDialog
from tui.library import TapeLibrary
from tui.panel import Panel
from tui.tape_view import TapeStrip
from tui.teleprinter_view import TeleprinterView

E_DIGITS = "2.71828182845904523536028747135266249775724709369995"


def make_app(*dirs: Path, **kw) -> PC1App:
    kw.setdefault("speed", "max")
    kw.setdefault("max_orders", 5_000_000)
    return PC1App(tape_dirs=dirs, include_our_tapes=False, **kw)


async def answer(pilot, path: Path) -> None:
    """Type a path into the dialog that is open and press Enter."""
    await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, PathDialog)
    dialog.query_one(Input).value = str(path)
    await pilot.press("enter")
    await pilot.pause()


def paper(app: PC1App) -> str:
    return app.query_one(TeleprinterView).text


def status(app: PC1App) -> str:
    return str(app.query_one("#status").render())


async def test_e_by_initial_load_and_clear_start(pc1onunity: Path) -> None:
    app = make_app(pc1onunity)
    async with app.run_test(size=(100, 40)) as pilot:
        assert app.place_tape(pc1onunity / "R0.ptw")
        await pilot.press("i")  # INITIAL LOAD reads R0 from the reader
        assert app.machine.memory.words[40] != 0
        assert app.place_tape(pc1onunity / "napier.ptr")
        assert app.free_run
        await pilot.click("#clear-start")
        await wait_until(pilot, lambda: app.idle and app.machine.last_stop is not None)
        await pilot.pause(0.1)
        assert app.machine.last_stop.reason == "halt"
        assert paper(app).startswith(E_DIGITS)
        assert "halt at 76" in status(app)


async def test_stop_halts_a_running_program(tmp_path: Path) -> None:
    tape = punch_binary(tmp_path, "loop.ptw", LOOP)
    app = make_app(speed="real", max_orders=None)
    async with app.run_test() as pilot:
        app.place_tape(tape)
        await pilot.press("i", "c")
        await wait_until(pilot, lambda: app.machine.orders > 50)
        assert app.running
        await pilot.press("x")
        await wait_until(pilot, lambda: app.idle, timeout=5)
        assert app.machine.last_stop.reason == "stopped"
        assert app.machine.K in (0, 1)
        assert not app.free_run  # STOP clears FREE RUN, as on the machine
        orders = app.machine.orders
        await pilot.pause(0.1)
        assert app.machine.orders == orders


async def test_stop_works_at_full_speed(tmp_path: Path) -> None:
    tape = punch_binary(tmp_path, "loop.ptw", LOOP)
    app = make_app(max_orders=None)
    async with app.run_test() as pilot:
        app.place_tape(tape)
        await pilot.press("i")
        await pilot.click("#clear-start")
        await wait_until(pilot, lambda: app.machine.orders > 100_000)
        await pilot.click("#stop")
        await wait_until(pilot, lambda: app.idle, timeout=5)
        assert app.machine.last_stop.reason == "stopped"


async def test_stepping_advances_k_by_one_order(tmp_path: Path) -> None:
    tape = punch_binary(tmp_path, "steps.ptw", STEPS)
    app = make_app()
    async with app.run_test() as pilot:
        app.place_tape(tape)
        await pilot.press("i", "f")  # FREE RUN off: every start button is one order
        assert not app.free_run
        await pilot.press("c")
        assert (app.machine.K, app.machine.orders) == (1, 1)
        await pilot.press("r")
        assert (app.machine.K, app.machine.orders) == (2, 2)
        await pilot.click("#restart")
        assert (app.machine.K, app.machine.orders) == (3, 3)
        assert not app.running
        assert [a for a, _ in app.runner.trace] == [0, 1, 2]
        lamps = str(app.query_one(Panel).query_one("#lamps").render())
        assert "p 0" in lamps and "@3" in lamps


async def test_bad_tape_file_shows_an_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.ptr"
    bad.write_text("1 2 3 99 4\n")
    app = make_app(tmp_path)
    async with app.run_test() as pilot:
        await pilot.press("o")
        await answer(pilot, bad)
        await pilot.pause(0.1)
        assert app.is_running
        assert app.machine.tape is None
        assert "code 99 is above 63" in status(app)
        assert any(n.severity == "error" for n in app._notifications)


async def test_initial_load_with_an_empty_reader_is_an_error() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.press("i")
        assert "reader is empty" in status(app)


async def test_truncated_binary_tape_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "short.ptw"
    path.write_text("0 0 32 1 2 3\n")
    app = make_app()
    async with app.run_test() as pilot:
        assert app.place_tape(path)
        await pilot.press("i")
        assert "truncated binary tape" in status(app)


async def test_library_places_rewinds_and_removes(tmp_path: Path) -> None:
    folder = tmp_path / "library"
    punch_binary(folder, "print1.ptw", PRINT_ONE)
    app = make_app(folder)
    async with app.run_test() as pilot:
        await pilot.press("2")
        library = app.query_one(TapeLibrary)
        assert [p.name for p in library.paths] == ["print1.ptw"]
        library.query_one("#tape-list").focus()
        await pilot.press("down", "enter")
        assert app.machine.tape is not None and app.machine.tape.name.endswith("print1.ptw")
        await pilot.press("i")
        assert app.machine.tape_position > 0
        await pilot.click("#rewind")
        assert app.machine.tape_position == 0
        assert app.query_one(TapeStrip)._position == 0
        await pilot.click("#remove")
        assert app.machine.tape is None


async def test_open_folder_adds_it_to_the_library(tmp_path: Path) -> None:
    folder = tmp_path / "more"
    punch_binary(folder, "x.ptw", STEPS)
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.press("o")
        await answer(pilot, folder)
        assert [p.name for p in app.query_one(TapeLibrary).paths] == ["x.ptw"]


async def test_teleprinter_and_punch_saved(tmp_path: Path) -> None:
    tape = punch_binary(tmp_path, "print1.ptw", PRINT_ONE)
    app = make_app()
    async with app.run_test() as pilot:
        await punch_and_print_one(pilot, app, tape)
        assert paper(app) == "1"
        out = tmp_path / "out.ptp"
        await pilot.press("2")
        await pilot.click("#save-punch")
        await answer(pilot, out)
        assert read_tape(out).frames == [57]
        saved = tmp_path / "paper.txt"
        await pilot.press("ctrl+s")
        await answer(pilot, saved)
        assert saved.read_text() == "1"


async def test_breakpoint_stops_the_run(tmp_path: Path) -> None:
    tape = punch_binary(tmp_path, "loop.ptw", LOOP)
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        app.place_tape(tape)
        await pilot.press("i", "3")
        await pilot.press("down", "b")  # the table has focus in the study tab
        assert app.breakpoints == {1}
        await pilot.press("c")
        await wait_until(pilot, lambda: app.idle and app.machine.last_stop is not None)
        assert app.machine.last_stop.describe() == "breakpoint at 1"
        assert app.machine.K == 1
        orders = app.machine.orders
        await pilot.press("r")  # RESTART runs on from the breakpoint, once round the loop
        await wait_until(pilot, lambda: app.idle and app.machine.orders > orders)
        assert app.machine.last_stop.describe() == "breakpoint at 1"
        assert app.machine.orders == orders + 2


async def test_guided_demo_performs_the_operator_steps(pc1onunity: Path) -> None:
    app = make_app(demo_pause=0.0)
    actions = [
        Action("initial-load", pc1onunity / "R0.ptw", "INITIAL LOAD R0"),
        Action("tape", pc1onunity / "napier.ptr", "place the e tape"),
        Action("clear-start", note="CLEAR START"),
    ]
    async with app.run_test() as pilot:
        app.set_free_run(False)  # the demo turns FREE RUN on itself
        worker = app.run_demo(actions)
        await wait_until(pilot, lambda: worker.is_finished)
        assert worker.result is True
        assert paper(app).startswith(E_DIGITS)
        assert "demo done" in status(app)


async def test_demo_without_our_tapes_says_so(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("PC1_TAPES", str(tmp_path))
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.press("e")
        assert "tape not found" in status(app)
        assert app.machine.orders == 0


async def test_e1000_demo_key_with_our_tapes() -> None:
    from tui.demos import demo_actions

    demo_actions("e1000")  # our tapes are tracked: missing, this fails
    app = make_app(demo_pause=0.0, max_orders=50_000_000)
    async with app.run_test() as pilot:
        await pilot.press("e")
        await wait_until(pilot, lambda: "demo done" in status(app) or "demo ended" in status(app),
                         30)
        assert paper(app).startswith(E_DIGITS[:22])


async def test_e1000_key_performs_the_recipe(pc1onunity: Path, tmp_path: Path,
                                             monkeypatch) -> None:
    pass

    # the recipe's tape names, linked (not copied) to PC-1 on Unity's R0 and e tapes
    (tmp_path / "r0.ptw").symlink_to(pc1onunity / "R0.ptw")
    (tmp_path / "e1000.ptr").symlink_to(pc1onunity / "napier.ptr")
    monkeypatch.setenv("PC1_TAPES", str(tmp_path))
    app = make_app(demo_pause=0.0)
    async with app.run_test() as pilot:
        await pilot.press("e")
        await wait_until(pilot, lambda: "demo done" in status(app) or "demo ended" in status(app))
        assert "demo done" in status(app)
        assert paper(app).startswith(E_DIGITS)
        assert app.machine.tape is not None and app.machine.tape.name.endswith("e1000.ptr")




def our_tape(name: str) -> Path:
    """One of our tapes (tracked: missing, the test fails)."""
    return tracked(f"tapes/{name}")


async def test_our_e1000_tape_through_r0(pc1onunity: Path) -> None:
    e1000 = our_tape("e1000.ptr")
    app = make_app()
    async with app.run_test() as pilot:
        app.place_tape(pc1onunity / "R0.ptw")
        await pilot.press("i")
        app.place_tape(e1000)
        await pilot.press("c")
        await wait_until(pilot, lambda: app.idle and app.machine.last_stop is not None)
        await pilot.pause(0.05)
        assert paper(app).startswith(E_DIGITS)


async def test_pi1000_demo_reloads_r0_for_printing(pc1onunity: Path, tmp_path: Path,
                                                   monkeypatch) -> None:
    pass

    compute, printer = our_tape("pi1000cmp.ptr"), our_tape("pi1000prt.ptr")
    (tmp_path / "r0.ptw").symlink_to(pc1onunity / "R0.ptw")
    (tmp_path / "pi1000cmp.ptr").symlink_to(compute)
    (tmp_path / "pi1000prt.ptr").symlink_to(printer)
    monkeypatch.setenv("PC1_TAPES", str(tmp_path))
    app = make_app(demo_pause=0.0, max_orders=50_000_000)
    async with app.run_test() as pilot:
        await pilot.press("p")
        await wait_until(pilot, lambda: "demo done" in status(app) or "demo ended" in status(app),
                         40)
        assert "demo done" in status(app)
        assert paper(app).startswith("3.14159265358979323846264338327950288419716939937510")
        assert app.machine.tape is not None and app.machine.tape.name.endswith("pi1000prt.ptr")


async def test_a_printing_loop_keeps_the_newest_paper_and_a_full_reel(tmp_path: Path,
                                                                      monkeypatch) -> None:
    """Memory stays bounded: the console keeps the newest paper, the punch a reel's worth,
    and copying the paper or saving the tape says what is not kept."""
    import tui.app
    import tui.teleprinter_view
    from pc1.devices.teleprinter import CHAR_TO_CODE
    from pc1.machine.orders import encode

    monkeypatch.setattr(tui.app, "PAPER_KEEP", 1_000)
    monkeypatch.setattr(tui.teleprinter_view, "PAPER_KEEP", 1_000)
    monkeypatch.setattr(tui.app, "PUNCH_REEL", 500)
    monkeypatch.setattr(tui.teleprinter_view, "PAPER_LINES", 10)  # 10,000 q are 125 lines
    # p 4 ; o 1 ; jl 0 ; (0) ; the word whose top six bits are "q": q for ever
    tape = punch_binary(tmp_path, "qqq.ptw", [encode("p", 4), encode("o", 1),
                                              encode("j", 0, True), 0, CHAR_TO_CODE["q"] << 12])
    app = make_app(max_orders=30_000)
    async with app.run_test() as pilot:
        app.place_tape(tape)
        await pilot.press("i", "n", "c")
        await wait_until(pilot, lambda: app.idle and app.machine.last_stop is not None)
        await pilot.pause(0.1)
        tp = app.machine.teleprinter
        assert tp.printed_count == 10_000 and len(tp.printed) <= 2_000
        assert tp.punched == [CHAR_TO_CODE["q"]] * 500 and tp.punch_overrun == 9_500
        view = app.query_one(TeleprinterView)
        kept = view.text.replace("\n", "")
        assert set(kept) == {"q"} and len(kept) <= 2_000 and view.torn_off > 0
        assert view.text.count("\n") <= 20 and view.line_count <= 21
        # the view shows the end of the paper, not a blank past it
        assert view.virtual_size.height == view.line_count
        assert view.scroll_y <= view.max_scroll_y
        assert "reel full: 9,500 more not kept" in str(
            app.query_one("#punch-status").render())
        app.action_copy_paper()
        assert "older ones are not kept" in app.message
