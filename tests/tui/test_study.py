"""The study view: R0 words and annotated source lines beside the store."""

from __future__ import annotations

from pathlib import Path

from pc1.asm.annotated import parse
from pc1.devices.tape import Tape, read_tape, write_tape
from pc1.devices.tape_library import tape_path
from pc1.devices.teleprinter import text_to_codes
from tests.tui.conftest import read_through_r0
from tui.app import PC1App
from tui.memory_view import MemoryTable
from tui.sources import source_map

SOURCE = "80:p2,   ; load two\n  a3,   ; add three\n"


def test_an_r0_tape_gives_the_word_and_its_line() -> None:
    found = source_map(Tape(text_to_codes("\n80:p2,a3,\n"), "x.ptr"))
    assert {a: w[:3] for a, w in found.items()} == {
        80: ("p2,", "x.ptr:2: 80:p2,a3,", ""), 81: ("a3,", "x.ptr:2: 80:p2,a3,", "")}


def test_an_annotated_source_beside_the_tape_gives_its_comment(tmp_path: Path) -> None:
    (tmp_path / "prog.pc1").write_text(SOURCE)
    tape = parse(SOURCE, "prog.pc1").tape()
    found = source_map(tape, tmp_path / "prog.ptr")
    assert found[81][:3] == ("a3,", "prog.pc1:2: a3,  ; add three", "add three")


def test_data_and_binary_tapes_have_no_sources(tmp_path: Path) -> None:
    assert source_map(Tape([57, 48, 42], "d.ptr")) == {}
    assert source_map(Tape([0, 32, 1, 2, 3], "b.ptw"), tmp_path / "b.ptw") == {}


async def test_study_view_shows_the_source_of_the_row(tmp_path: Path) -> None:
    """The source beside a word only once R0 has read it; a deposit marks it as differing."""
    (tmp_path / "prog.pc1").write_text(SOURCE)
    path = tmp_path / "prog.ptr"
    write_tape(path, parse(SOURCE, "prog.pc1").tape())
    app = PC1App(include_our_tapes=False)
    async with app.run_test(size=(100, 30)) as pilot:
        assert app.place_tape(path)
        await pilot.press("3")
        table = app.query_one(MemoryTable)
        table.move_cursor(row=81)
        await pilot.pause()
        # placed, not read: word 81 is still 0, not what the source assembled there
        assert str(table.get_cell("81", "source")) == "≠ a3,"
        assert str(table.get_cell("81", "comment")) == "from prog.pc1:2"
        assert "0 differs from a3, of prog.pc1:2" in info(app)
        await read_through_r0(pilot, tape_path("r0.ptw"), path)
        table.move_cursor(row=81)
        await pilot.pause()
        assert str(table.get_cell("81", "source")) == "a3,"
        assert str(table.get_cell("81", "comment")) == "add three"
        assert "; add three" in info(app)
        await app.run_monitor_line("deposit 81 a 4").wait()
        await pilot.pause()
        assert str(table.get_cell("81", "source")) == "≠ a3,"
        assert str(table.get_cell("81", "comment")) == "from prog.pc1:2"
        assert str(table.get_cell("80", "comment")) == "load two"


async def test_a_tape_attached_but_not_read_annotates_nothing(tmp_path: Path) -> None:
    """The defect: after `attach e1000.ptr` word 168 showed an e1000 comment beside a word
    R0 had read from another tape."""
    (tmp_path / "prog.pc1").write_text(SOURCE)
    path = tmp_path / "prog.ptr"
    write_tape(path, parse(SOURCE, "prog.pc1").tape())
    e1000 = tape_path("e1000.ptr")
    e_sources = source_map(read_tape(e1000), e1000)
    app = PC1App(include_our_tapes=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await read_through_r0(pilot, tape_path("r0.ptw"), path)
        await app.run_monitor_line(f"attach {e1000}").wait()
        await pilot.press("3")
        await pilot.pause()
        table = app.query_one(MemoryTable)
        store = app.machine.memory.words
        differing = [a for a, w in e_sources.items() if store[a] != w.value]
        assert 168 in differing
        for a in differing:
            assert str(table.get_cell(str(a), "comment")) != e_sources[a].comment
            # R0's own source names the slots below 68 R0 still holds; prog.pc1 80 and 81
            if a >= 68 and a not in (80, 81):
                assert str(table.get_cell(str(a), "source")) == "≠ " + e_sources[a].token
        # what R0 did read is still annotated by its own source
        assert str(table.get_cell("81", "comment")) == "add three"


def info(app: PC1App) -> str:
    """The study view's two header lines."""
    return str(app.query_one("#study-info").render())


def test_study_view_at_a_breakpoint_in_e1000(snap_compare) -> None:
    """Our R0 and e-1000 stopped at the halt word: sources, comments, marks and the trace."""
    from tests.tui.conftest import wait_until

    app = PC1App(speed="max", max_orders=5_000_000)

    async def run(pilot) -> None:
        for line in ("initial-load r0.ptw", "attach e1000.ptr", "break 285", "clear-start"):
            await app.run_monitor_line(line).wait()
        await wait_until(pilot, lambda: app.idle and app.machine.last_stop is not None)
        await pilot.press("3")
        await pilot.pause(0.3)

    assert snap_compare(app, terminal_size=(120, 40), run_before=run)


def test_a_tape_with_an_interlude_is_followed_to_its_end() -> None:
    """pi1000cmp.pc1 hands back to R0 at 40 after Wada's interlude: its later words have
    sources too."""
    from pc1.devices.tape import read_tape
    from pc1.devices.tape_library import tape_path

    path = tape_path("pi1000cmp.ptr")
    found = source_map(read_tape(path), path)
    assert len(found) > 100
    assert found[258].line.startswith("pi1000cmp.pc1:")


def row_in_view(table: MemoryTable, row: int) -> bool:
    """The row is inside the part of the table shown (below its header, which stays put)."""
    region = table._get_row_region(row)  # noqa: SLF001 - where the table drew the row
    top = table.scroll_offset.y
    return top + table.header_height <= region.y and \
        region.bottom <= top + table.scrollable_content_region.height


async def test_after_l_the_table_shows_the_row_the_header_names() -> None:
    """The defect: after L the header said row 78 while the table stayed at rows 36-52."""
    from tui.memory_view import MemoryView

    app = PC1App(include_our_tapes=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("3")
        view = app.query_one(MemoryView)
        table = app.query_one(MemoryTable)
        for address in (78, 300, 500, 2, 301):
            await pilot.press("g", *str(address), "enter")  # go to, as a user does
            await pilot.pause()
            for _ in range(2):  # to long words and back
                shown = address & ~1 if view.long else address
                assert f"row {shown}:" in info(app) and view.address == shown
                assert row_in_view(table, table.cursor_row), (address, view.long)
                await pilot.press("L")
                await pilot.pause()
