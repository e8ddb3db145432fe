"""Pilot tests of the puzzles workbench inside the console: hint, step, check, solve, count,
the seed puzzles one key away, files and pasted text."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, TextArea

from programs.puzzles import desk
from programs.puzzles.nurikabe.model import WALL, Puzzle
from programs.puzzles.nurikabe.solver import solve as nurikabe_solve
from tests.tui.conftest import wait_until
from tui.app import PC1App
from tui.dialogs import PathDialog
from tui.screens.puzzles import HINT_LOOK, PuzzlesScreen
from tui.widgets.puzzle_dialogs import PasteDialog, SeedDialog

SEEDS = list(desk.seed_puzzles())


def make_app() -> PC1App:
    return PC1App(include_our_tapes=False, speed="max", demo_pause=0)


async def open_puzzles(pilot, app: PC1App) -> PuzzlesScreen:
    await pilot.press("f7")
    await wait_until(pilot, lambda: isinstance(app.screen, PuzzlesScreen))
    await pilot.pause(0.1)
    return app.screen


def log(screen: PuzzlesScreen) -> str:
    return "\n".join(m.plain for m in screen.messages)


async def test_hint_on_huis_n1_names_the_rule_and_cells_of_the_first_step() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_puzzles(pilot, app)
        assert screen.position.name == "n1"
        await pilot.press("h")
        await wait_until(pilot, lambda: screen.last_hint is not None)
        pos = screen.position
        steps = nurikabe_solve(Puzzle(pos.rows, pos.cols, pos.givens)).steps
        hint = screen.last_hint
        first = steps[: len(hint.cells)]
        assert hint.rule == steps[0].rule == "complete island"
        assert hint.cells == tuple(s.cell for s in first)
        # the rule is named on screen and exactly those cells are highlighted
        assert f"hint ({steps[0].rule})" in screen.messages[0].plain
        for s in first:
            assert pos.where(s.cell) in screen.messages[0].plain
        marked = {c for c, look in screen.marks.items() if look == HINT_LOOK}
        assert marked == {s.cell for s in first}
        # Step applies it: those cells are now wall on the board
        await pilot.press("s")
        assert all(screen.position.state[s.cell] == WALL for s in first)
        assert not screen.marks


async def solve_on_screen(pilot, screen: PuzzlesScreen) -> None:
    await pilot.press("a")
    await wait_until(pilot, lambda: not screen.busy and screen.position.open_cells == 0,
                     timeout=40)


@pytest.mark.slow
async def test_solve_fills_each_seed_puzzle_with_the_checker_approved_solution() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_puzzles(pilot, app)
        for name in SEEDS:
            if name == "progcomp":
                continue  # broken games; its check is tested below
            screen.open_seed(name)
            await solve_on_screen(pilot, screen)
            assert desk.check(screen.position).ok, name
            assert desk.solve(desk.read_positions(
                screen.position.kind, desk.seed_puzzles()[name].text)[0]) == screen.position


async def test_solve_then_check_on_the_screen() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_puzzles(pilot, app)
        await solve_on_screen(pilot, screen)
        assert "solved; the checker approves the grid" in log(screen)
        await pilot.press("c")
        assert screen.messages[0].plain == "check: n1 is Solved"
        await pilot.press("]")               # n2
        await solve_on_screen(pilot, screen)
        assert screen.position.name == "n2" and desk.check(screen.position).ok


async def test_check_gives_the_progcomp_messages_and_marks_the_cell() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_puzzles(pilot, app)
        screen.open_seed("progcomp")
        await pilot.press("c")
        assert screen.messages[0].plain == "check: Sample1 is Solved"
        await pilot.press("full_stop", "c")
        assert screen.messages[0].plain == ("check: Sample2 violates rule 4: dark cell at "
                                            "[0,0] (0-origin) is not connected to all other "
                                            "dark cells")
        assert sorted(screen.marks) == [0, 5]  # [0,0] and the dark cell below it


async def test_count_says_whether_it_is_unique() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_puzzles(pilot, app)
        screen.open_seed("clark")
        await pilot.press("u")
        await wait_until(pilot, lambda: screen.last_count is not None, timeout=40)
        assert screen.last_count == 2
        assert screen.messages[0].plain == "two or more solutions: not unique"


async def test_seed_puzzles_from_the_list_and_a_file_and_pasted_text(tmp_path: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_puzzles(pilot, app)
        await pilot.press("e")
        await wait_until(pilot, lambda: isinstance(app.screen, SeedDialog))
        await pilot.press(*["down"] * SEEDS.index("su21_99"), "enter")
        await wait_until(pilot, lambda: app.screen is screen)
        assert screen.position.kind == "sudoku" and screen.source == "su21_99"
        # a file of 0h n0 boards: k chooses the kind, o asks for the path
        path = tmp_path / "boards.txt"
        path.write_text(".1..\n..1.\n....\n22#2\n")
        await pilot.press("k")                # sudoku -> 0h n0
        assert screen.kind == "0hn0"
        await pilot.press("o")
        await wait_until(pilot, lambda: isinstance(app.screen, PathDialog))
        app.screen.query_one(Input).value = str(path)
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is screen)
        assert screen.position.kind == "0hn0" and screen.position.rows == 4
        # a bad file: one line naming the file, line and column
        bad = tmp_path / "bad.txt"
        bad.write_text(".1..\n..0.\n")
        assert not screen.open_file(bad)
        assert screen.messages[0].plain.startswith(f"{bad}: line 2, column 3:")
        # pasted text
        await pilot.press("t")
        await wait_until(pilot, lambda: isinstance(app.screen, PasteDialog))
        app.screen.query_one(TextArea).text = "O.\n.1\n"
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: app.screen is screen)
        assert screen.source == "<typed>" and screen.position.cols == 2


def test_puzzles_snapshot(snap_compare) -> None:
    app = make_app()

    async def hint(pilot) -> None:
        await pilot.press("f7")
        await wait_until(pilot, lambda: isinstance(app.screen, PuzzlesScreen))
        await pilot.pause(0.3)
        await pilot.press("h")
        await wait_until(pilot, lambda: app.screen.last_hint is not None)
        await pilot.pause(0.2)

    assert snap_compare(app, terminal_size=(80, 24), run_before=hint)


async def test_step_without_a_hint_finds_one_and_applies_it() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_puzzles(pilot, app)
        before = screen.position.open_cells
        await pilot.press("s")
        await wait_until(pilot, lambda: screen.position.open_cells < before)
        assert screen.messages[0].plain.startswith("step: r1c1 wall, r1c3 wall, r2c2 wall")
        # stepping on to the end reaches Hui's printed solution of n1
        for _ in range(40):
            if not screen.position.open_cells:
                break
            shown = screen.hints_shown
            await pilot.press("s")
            await wait_until(pilot, lambda s=shown: screen.hints_shown > s)
        assert desk.check(screen.position).lines == ("n1 is Solved",)
