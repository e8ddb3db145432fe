"""The assembler bench: open, edit with diagnostics, listing, punch into the reader and to a
file, disassemble the store or a tape, and the console's Open handing it a source."""

from __future__ import annotations

import random
from pathlib import Path

from textual.widgets import Input, OptionList, TextArea

from pc1.asm.annotated import assemble_text
from pc1.asm.assembler import assemble_codes
from pc1.cli.main import main
from pc1.devices.tape import read_tape
from pc1.devices.tape_library import tape_path
from pc1.machine.orders import encode
from tests.tui.conftest import wait_until
from tui.app import PC1App
from tui.screens.assembler import AssemblerScreen

# prints "1" and halts: p 103 ; o 101 (retry while busy) ; halt ; the code of "1" (57) on top
PRINTS_ONE = """\
; prints 1
100:p103,   ; A = the word with the code of '1' on top
    o101,   ; print it
    0,      ; halt
    233472, ; 57 * 4096: '1'
    jl100.
"""


def make_app(**kw) -> PC1App:
    kw.setdefault("speed", "max")
    kw.setdefault("max_orders", 5_000_000)
    return PC1App(demo_pause=0, **kw)


def status(screen: AssemblerScreen) -> str:
    return str(screen.query_one("#asm-status").render())


def diagnostics(screen: AssemblerScreen) -> list[str]:
    return [str(o.prompt) for o in screen.query_one("#asm-diagnostics", OptionList).options]


async def bench(pilot) -> AssemblerScreen:
    """Open the bench by its key."""
    await pilot.press("f8")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, AssemblerScreen)
                     and bool(pilot.app.screen.query("#asm-source")))
    await pilot.pause(0.05)
    return pilot.app.screen


async def assembled(pilot, screen: AssemblerScreen) -> None:
    """Wait until the text as it stands has been assembled and shown."""
    await wait_until(pilot, lambda: screen.checked == screen.edits)
    await pilot.pause(0.05)


async def answer(pilot, text: str) -> None:
    """Type an answer into the dialog on top and press Enter."""
    await wait_until(pilot, lambda: bool(pilot.app.screen.query(Input)))
    pilot.app.screen.query_one("#path", Input).value = text
    await pilot.press("enter")
    await pilot.pause(0.1)


async def test_ours_by_name_with_its_listing_as_pc1_listing_prints_it(capsys) -> None:
    assert main(["listing", "e1000.pc1"]) == 0  # (before the app: it takes stdout)
    printed = capsys.readouterr().out
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await bench(pilot)
        await pilot.press("ctrl+o")
        await answer(pilot, "e1000.pc1")
        await assembled(pilot, screen)
        assert screen.text == tape_path("e1000.pc1").read_text(encoding="utf-8")
        assert diagnostics(screen) == ["no diagnostics: R0 reads this source cleanly"]
        assert screen.listing_text == printed
        await pilot.press("ctrl+l")
        assert screen.query_one("#asm-listing", TextArea).text == printed


async def test_an_error_typed_is_shown_at_its_place_and_goes_when_fixed(tmp_path: Path) -> None:
    source = tmp_path / "one.pc1"
    source.write_text(PRINTS_ONE, encoding="utf-8")
    app = make_app(root=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await bench(pilot)
        assert screen.open_path(source)
        await assembled(pilot, screen)
        area = screen.query_one("#asm-source", TextArea)
        area.move_cursor((2, 8))  # line 3, after `    o101`
        await pilot.press("question_mark")  # no tape code: an error at line 3, column 9
        await assembled(pilot, screen)
        assert diagnostics(screen) == [
            "3:9 error: '?' has no tape code"]
        assert "1 error" in str(screen.query_one("#asm-title").render())
        area.move_cursor((0, 0))
        await pilot.press("ctrl+n")  # the next problem: the cursor goes to it
        assert area.cursor_location == (2, 8)
        await pilot.press("delete")  # the cursor is on the question mark
        await assembled(pilot, screen)
        assert screen.text == PRINTS_ONE
        assert diagnostics(screen) == ["no diagnostics: R0 reads this source cleanly"]


async def test_selecting_a_diagnostic_moves_the_cursor_there(tmp_path: Path) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await bench(pilot)
        screen.load("100:a1,\n\n  p2,\n   a(x),\n", "t.pc1", None)
        await assembled(pilot, screen)
        assert diagnostics(screen) == [
            "4:5 error: (x): only digits or spaces may stand in parentheses"]
        listed = screen.query_one("#asm-diagnostics", OptionList)
        listed.focus()
        listed.highlighted = 0
        await pilot.press("enter")
        area = screen.query_one("#asm-source", TextArea)
        assert area.cursor_location == (3, 4) and area.has_focus


async def test_console_letters_type_into_the_source() -> None:
    """x (STOP), q (quit), e (a demo), : (the command line) are text on the bench."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await bench(pilot)
        await pilot.press("x", "q", "e", "colon", "o")
        await assembled(pilot, screen)
        assert screen.text == "xqe:o" and isinstance(app.screen, AssemblerScreen)


async def test_punched_into_the_reader_it_runs_and_prints(tmp_path: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await bench(pilot)
        screen.load(PRINTS_ONE, "one.pc1", None)
        await assembled(pilot, screen)
        await pilot.press("ctrl+r")
        assert app.machine.tape is not None and app.machine.tape.name == "one.ptw"
        assert status(screen).endswith("in the reader: i (INITIAL LOAD), then c runs it")
        await pilot.press("escape", "i", "c")
        await wait_until(pilot, lambda: app.idle and app.machine.last_stop is not None)
        assert app.machine.printed_text() == "1"


async def test_the_r0_tape_in_the_reader_is_read_through_r0() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.place_tape(tape_path("r0.ptw"))
        await pilot.press("i")
        screen = await bench(pilot)
        screen.load(PRINTS_ONE, "one.pc1", None)
        await assembled(pilot, screen)
        await pilot.press("ctrl+b")
        assert app.machine.tape.name == "one.ptr"
        await pilot.press("escape", "c")
        await wait_until(pilot, lambda: app.idle and app.machine.last_stop is not None)
        assert app.machine.printed_text() == "1"


async def test_a_source_with_errors_is_not_punched() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await bench(pilot)
        screen.load("100:a(x),\n", "bad.pc1", None)
        await assembled(pilot, screen)
        await pilot.press("ctrl+r")
        assert app.machine.tape is None
        assert "the source has 1 error" in status(screen)


async def test_punched_to_a_file_it_assembles_to_the_same_words(tmp_path: Path) -> None:
    app = make_app(root=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await bench(pilot)
        screen.load(PRINTS_ONE, "one.pc1", None)
        await assembled(pilot, screen)
        await pilot.press("ctrl+t")
        await answer(pilot, "out.ptr")
        again = assemble_codes(read_tape(tmp_path / "out.ptr").frames)
        assert again.memory == screen.assembly.memory and again.entry == 100
        assert again.memory[100:104] == [encode("p", 103), encode("o", 101), 0, 233472]


async def test_our_shipped_files_are_not_overwritten(tmp_path: Path) -> None:
    ours = tape_path("e1000.ptr")
    before = ours.read_bytes()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await bench(pilot)
        screen.load(PRINTS_ONE, "one.pc1", None)
        await assembled(pilot, screen)
        await pilot.press("ctrl+t")
        await answer(pilot, str(ours))
        assert "read-only" in status(screen)
        await pilot.press("ctrl+s")
        await answer(pilot, str(tape_path("e1000.pc1")))
        assert "cannot save" in status(screen) and "read-only" in status(screen)
    assert ours.read_bytes() == before


async def test_a_path_outside_the_root_is_refused(tmp_path: Path) -> None:
    app = make_app(root=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await bench(pilot)
        await pilot.press("ctrl+o")
        await answer(pilot, "../elsewhere.pc1")
        assert status(screen).startswith("cannot open:")
        assert screen.text == ""


async def test_the_consoles_open_hands_a_source_to_the_bench() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await answer(pilot, str(tape_path("r0.pc1")))
        await wait_until(pilot, lambda: isinstance(app.screen, AssemblerScreen))
        screen = app.screen
        await assembled(pilot, screen)
        assert screen.text == tape_path("r0.pc1").read_text(encoding="utf-8")
        assert app.machine.tape is None  # a source is not a tape for the reader
        assert diagnostics(screen) == ["no diagnostics: R0 reads this source cleanly"]


async def test_the_store_disassembled_assembles_back_to_it() -> None:
    rng = random.Random(1958)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await bench(pilot)
        for _ in range(3):
            words = [rng.choice((0, rng.randrange(1 << 18), encode("a", rng.randrange(512))))
                     for _ in range(512)]
            app.machine.memory.load(0, words)
            await pilot.press("ctrl+g")
            await assembled(pilot, screen)
            _, result = assemble_text(screen.text)
            assert result.memory[68:] == words[68:]
            assert diagnostics(screen) == ["no diagnostics: R0 reads this source cleanly"]


async def test_a_tape_disassembled_assembles_back_to_its_program() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await bench(pilot)
        await pilot.press("ctrl+f")
        await answer(pilot, "e1000.ptr")
        await assembled(pilot, screen)
        tape = assemble_codes(read_tape(tape_path("e1000.ptr")).frames)
        _, result = assemble_text(screen.text)
        assert result.memory[68:] == tape.memory[68:] and result.entry == tape.entry
        assert screen.source_name == "e1000-disassembled.pc1"


async def test_bad_files_are_one_message_each(tmp_path: Path) -> None:
    (tmp_path / "bin.pc1").write_bytes(b"\xff\xfe\x00 not text")
    (tmp_path / "bad.ptr").write_text("12 99 7\n")
    app = make_app(root=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await bench(pilot)
        for name in ("-", "missing.pc1", "bin.pc1", "."):
            await pilot.press("ctrl+o")
            await answer(pilot, name)
            assert status(screen).startswith("cannot open:"), name
        await pilot.press("ctrl+f")
        await answer(pilot, "bad.ptr")
        assert status(screen).startswith("cannot disassemble:")
        assert "99" in status(screen) and "\n" not in status(screen)
        assert screen.text == ""


async def test_edits_not_saved_are_not_lost_without_a_yes(tmp_path: Path) -> None:
    """Opening, disassembling or quitting over edits no file has asks first; n keeps them."""
    from tui.dialogs import ConfirmDialog

    source = tmp_path / "one.pc1"
    source.write_text(PRINTS_ONE, encoding="utf-8")
    app = make_app(root=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await bench(pilot)
        assert screen.open_path(source) and not screen.unsaved
        await pilot.press("ctrl+o")  # the file's own text: nothing to lose, no question
        await wait_until(pilot, lambda: bool(app.screen.query(Input)))
        await pilot.press("escape")
        await pilot.pause(0.05)
        screen.query_one("#asm-source", TextArea).move_cursor((0, 0))
        await pilot.press("z")
        await assembled(pilot, screen)
        assert screen.unsaved
        for key in ("ctrl+o", "ctrl+g", "ctrl+f", "ctrl+q"):
            await pilot.press(key)
            await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
            await pilot.press("n")
            await pilot.pause(0.05)
            assert app.screen is screen and app.is_running
            assert screen.text == "z" + PRINTS_ONE
        await pilot.press("ctrl+g")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("y")
        await assembled(pilot, screen)
        assert screen.source_name == "store.pc1" and not screen.unsaved  # made, not edited
        await pilot.press("z")
        await assembled(pilot, screen)
        await pilot.press("ctrl+s")
        await answer(pilot, str(tmp_path / "store.pc1"))
        assert not screen.unsaved and (tmp_path / "store.pc1").read_text() == screen.text
        await pilot.press("ctrl+q")  # saved: it quits at once
        await pilot.pause(0.1)
        assert not app.is_running


async def test_quit_over_edits_quits_on_yes() -> None:
    from tui.dialogs import ConfirmDialog

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await bench(pilot)
        await pilot.press("a")
        await assembled(pilot, screen)
        await pilot.press("escape")  # back on the console, the bench keeps its text
        await pilot.pause(0.05)
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("y")
        await pilot.pause(0.1)
        assert not app.is_running
