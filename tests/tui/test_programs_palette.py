"""The palette commands of the queens, mex, quintomino and puzzles workbenches: found by the
words a user types, and each one does what it says on its screen."""

from __future__ import annotations

from tests.tui.conftest import wait_until
from tui.app import PC1App
from tui.dialogs import PathDialog
from tui.palette import ConsoleCommands
from tui.screens.mex import MexScreen
from tui.screens.puzzles import PuzzlesScreen
from tui.screens.queens import QueensScreen
from tui.screens.quintomino import QuintominoScreen
from tui.widgets.puzzle_dialogs import PasteDialog, SeedDialog
from tui.workbenches import WORKBENCHES

OURS = {"queens", "mex", "quintomino", "puzzles"}


def make_app() -> PC1App:
    return PC1App(include_our_tapes=False, speed="max", demo_pause=0)


def command(name: str, words: str):
    wb = next(w for w in WORKBENCHES if w.name == name)
    return next(c for c in wb.commands if words in c.name)


async def test_users_words_find_the_commands() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.1)
        for words, wanted in [("queens", "Eight queens: step through the 92 solutions"),
                              ("infinite", "Plot infinite queens against the lines of slope "
                                           "phi and 1/phi"),
                              ("mex", "mex: grow the range tree of the seed's example"),
                              ("dodecahedron", "Quintominal dodecahedron: step through the 60 "
                                               "solutions"),
                              ("sudoku", "Puzzles: open a Nurikabe, Sudoku or 0h n0 file"),
                              ("hint", "Puzzles: hint, the next logical step with its rule")]:
            found = [hit.text async for hit in ConsoleCommands(app.screen).search(words)]
            assert wanted in found, (words, found)


async def test_queens_and_mex_commands_act_on_their_screens() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.run_workbench_command("queens", command("queens", "12 classes").action)
        screen = app.screen
        assert isinstance(screen, QueensScreen) and screen.by_class
        await app.run_workbench_command("queens", command("queens", "Count").action)
        await wait_until(pilot, lambda: len(screen.count_rows) >= 12, timeout=30)
        await pilot.press("escape")  # stops the count
        await wait_until(pilot, lambda: not screen.counting, timeout=10)
        await app.run_workbench_command("queens", command("queens", "infinite").action)
        assert screen.query_one("#tabs").active == "infinite"
        await app.run_workbench_command("mex", command("mex", "type values").action)
        assert isinstance(app.screen, MexScreen)
        await pilot.pause(0.1)
        assert app.screen.query_one("#values").has_focus


async def test_quintomino_and_puzzles_commands_act_on_their_screens() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.run_workbench_command("quintomino", command("quintomino", "classes").action)
        screen = app.screen
        assert isinstance(screen, QuintominoScreen)
        await wait_until(pilot, lambda: screen.ready, timeout=40)
        await app.run_workbench_command("quintomino", command("quintomino", "classes").action)
        assert screen.index > 0  # the first member of the next class
        await app.run_workbench_command("puzzles", command("puzzles", "hint").action)
        puzzles = app.screen
        assert isinstance(puzzles, PuzzlesScreen)
        await wait_until(pilot, lambda: puzzles.last_hint is not None)
        await app.run_workbench_command("puzzles", command("puzzles", "check").action)
        assert puzzles.messages[0].plain == "check: n1 is Unsolved"
        for words, dialog in [("seed", SeedDialog), ("file", PathDialog),
                              ("paste", PasteDialog)]:
            await app.run_workbench_command("puzzles", command("puzzles", words).action)
            await wait_until(pilot, lambda d=dialog: isinstance(app.screen, d))
            await pilot.press("escape")
            await wait_until(pilot, lambda: app.screen is puzzles)
        await app.run_workbench_command("puzzles", command("puzzles", "unique").action)
        await wait_until(pilot, lambda: puzzles.last_count == 1, timeout=30)
        await app.run_workbench_command("puzzles", command("puzzles", "solve").action)
        await wait_until(pilot, lambda: puzzles.position.open_cells == 0, timeout=30)


def test_every_command_of_ours_names_an_action_of_its_screen() -> None:
    for wb in WORKBENCHES:
        if wb.name in OURS:
            screen = wb.load()
            for c in wb.commands:
                name = c.action.split("(")[0]
                assert callable(getattr(screen, f"action_{name}", None)), (wb.name, c.action)
