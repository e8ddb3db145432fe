"""A computation that fails on a workbench's worker says so on that workbench, in one line,
where its "working …" stood: the count, the search, the hint, the assembly, the seed's
printouts. A fault is planted in the library function each worker calls."""

from __future__ import annotations

import pytest

from tests.tui.conftest import wait_until
from tui.app import PC1App

FAULT = "planted fault"


def broken(*args, **kwargs):
    raise RuntimeError(FAULT)


def make_app() -> PC1App:
    return PC1App(include_our_tapes=False, speed="max", demo_pause=0)


def text_of(screen, selector: str) -> str:
    return str(screen.query_one(selector).render())


async def bench(pilot, key: str, screen_class: type):
    """Open a workbench by its key; the screen once it is in front."""
    await pilot.press(key)
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, screen_class))
    return pilot.app.screen


def said(text: str, start: str) -> bool:
    return text.startswith(start) and f"RuntimeError: {FAULT}" in text and "\n" not in text


async def test_a_failed_queens_count_says_so_on_its_status_line(monkeypatch) -> None:
    import tui.screens.queens as queens

    monkeypatch.setattr(queens, "count_table", broken)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await bench(pilot, "f4", queens.QueensScreen)
        screen.action_start_count("6")
        await wait_until(pilot, lambda: said(text_of(screen, "#count-status"),
                                             "the count failed:"))
        assert not screen.counting


async def test_failed_queens_terms_say_so_on_their_status_line(monkeypatch) -> None:
    import tui.screens.queens as queens

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await bench(pilot, "f4", queens.QueensScreen)
        monkeypatch.setattr(queens, "plot_figure", broken)
        screen.plot_terms("300")
        await wait_until(pilot, lambda: said(text_of(screen, "#plot-status"),
                                             "the terms failed:"))


async def test_a_failed_quintomino_search_says_so_where_searching_stood(monkeypatch) -> None:
    import tui.screens.quintomino as quintomino

    monkeypatch.setattr(quintomino, "backtrack_solutions", broken)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await bench(pilot, "f6", quintomino.QuintominoScreen)
        await wait_until(pilot, lambda: said(text_of(screen, "#about"), "the search failed:"))
        assert not screen.ready


async def test_a_failed_hint_is_one_line_in_the_puzzle_log(monkeypatch) -> None:
    import tui.screens.puzzles as puzzles

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await bench(pilot, "f7", puzzles.PuzzlesScreen)
        monkeypatch.setattr(puzzles.desk, "hint", broken)
        await pilot.press("h")
        await wait_until(pilot, lambda: bool(screen.messages)
                         and said(screen.messages[0].plain, "hint failed:"))
        assert screen.last_hint is None


async def test_a_failed_assembly_says_so_on_the_benchs_status_line(monkeypatch) -> None:
    import tui.screens.assembler as assembler

    app = PC1App(demo_pause=0, speed="max")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f8")
        await wait_until(pilot, lambda: isinstance(app.screen, assembler.AssemblerScreen)
                         and bool(app.screen.query("#asm-source")))
        screen = app.screen
        await wait_until(pilot, lambda: not screen._assembling)
        monkeypatch.setattr(assembler, "assemble_text", broken)
        screen.check()
        await wait_until(pilot, lambda: said(text_of(screen, "#asm-status"),
                                             "assembly failed:"))
        assert not screen._assembling  # the next edit is assembled again


@pytest.mark.parametrize("pane", ["seed-table", "seed-e"])
async def test_a_failed_seed_printout_says_so_in_its_pane(monkeypatch, pane: str) -> None:
    import tui.screens.verify as verify

    title, _ = verify.SEED_PRINTOUTS[pane]
    monkeypatch.setitem(verify.SEED_PRINTOUTS, pane, (title, broken))
    app = PC1App(include_our_tapes=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f2", "s")
        app.screen.query_one("#seed-tabs").active = pane
        await wait_until(pilot, lambda: said(text_of(app.screen, f"#{pane}-text"),
                                             "could not work it out:"))


async def test_a_failed_profile_says_so_in_its_summary(monkeypatch) -> None:
    import tui.screens.profile as profile
    from tests.tui.test_profile_screen import _run

    monkeypatch.setattr(profile, "profile_stretch", broken)
    app = PC1App(include_our_tapes=False, speed="max")
    async with app.run_test(size=(80, 24)) as pilot:
        await _run(pilot, 5)
        await pilot.press("f10")
        screen = app.screen
        await wait_until(pilot, lambda: said(text_of(screen, "#profile-summary"),
                                             "profiling the run failed:"))
        assert screen.shown is None
