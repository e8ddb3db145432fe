"""Pilot tests of the queens workbench inside the console: the board steps through the seed's
92 solutions and the 12 classes, counts come with progress and stop, infinite queens plot."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from textual.widgets import DataTable, Input

from tests.tui.conftest import wait_until
from tui.app import PC1App
from tui.screens.queens import QueensScreen

DATA = Path(__file__).resolve().parents[1] / "programs" / "data"


def make_app() -> PC1App:
    return PC1App(include_our_tapes=False, speed="max", demo_pause=0)


def seed_order() -> list[tuple[int, ...]]:
    lines = (DATA / "eight_queens_92.txt").read_text().splitlines()
    return [tuple(map(int, ln.split())) for ln in lines if ln and not ln.startswith("#")]


def board_queens(screen: QueensScreen) -> tuple[int, ...]:
    """Read the queens back off the drawn board: the row of the ♛ in each column."""
    text = str(screen.query_one("#board").render())
    rows = text.split("\n")
    cols = [[r for r, line in enumerate(rows) if line[3 * c: 3 * c + 3].strip() == "♛"]
            for c in range(8)]
    assert all(len(c) == 1 for c in cols), text
    return tuple(c[0] for c in cols)


async def open_queens(pilot, app: PC1App) -> QueensScreen:
    await pilot.press("f4")
    await wait_until(pilot, lambda: isinstance(app.screen, QueensScreen))
    await pilot.pause(0.1)
    return app.screen


async def test_the_board_steps_through_the_92_in_the_seeds_order() -> None:
    app = make_app()
    order = seed_order()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_queens(pilot, app)
        assert board_queens(screen) == order[0]
        for k in range(1, 5):
            await pilot.press("right")
            assert board_queens(screen) == order[k]
        await pilot.press("left", "left")
        assert board_queens(screen) == order[2]
        await pilot.press("end")
        assert board_queens(screen) == order[91]
        assert "solution 92 of 92" in str(screen.query_one("#solution").render())


async def test_the_12_classes_and_their_members() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_queens(pilot, app)
        await pilot.press("c")
        seen = []
        for _ in range(12):
            seen.append(board_queens(screen))
            await pilot.press("right")
        assert board_queens(screen) == seen[0]  # twelve steps go round
        assert len(set(seen)) == 12
        # [ and ] walk the members of a class; all are solutions in the seed's list
        members = set()
        for _ in range(8):
            members.add(board_queens(screen))
            await pilot.press("]")
        assert len(members) == 8 and members <= set(seed_order())
        assert "class 1 of 12 (8 members)" in str(screen.query_one("#solution").render())


async def test_counts_come_row_by_row_and_escape_stops_them() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_queens(pilot, app)
        await app.run_action("start_count('10')", screen)
        table = screen.query_one("#counts", DataTable)
        await wait_until(pilot, lambda: table.row_count == 10 and not screen.counting)
        assert [str(c) for c in table.get_row_at(7)[:3]] == ["8", "92", "12"]
        assert [str(c) for c in table.get_row_at(9)[:3]] == ["10", "724", "92"]
        # a long count: Escape stops it and the screen answers at once
        count_input = screen.query_one("#count-n", Input)
        count_input.value = "18"
        count_input.focus()
        await pilot.press("enter")
        # sizes to 12 are counted in the worker thread, 13 on in a process that Escape ends
        await wait_until(pilot, lambda: table.row_count >= 12, timeout=40)
        assert screen.counting
        await pilot.press("escape")
        await wait_until(pilot, lambda: not screen.counting, timeout=10)
        assert "stopped" in str(screen.query_one("#count-status").render())
        assert isinstance(app.screen, QueensScreen)  # Escape stopped, it did not leave
        await pilot.press("escape")
        assert not isinstance(app.screen, QueensScreen)


async def test_a_row_on_its_way_when_escape_stops_the_count_is_dropped() -> None:
    """The worker may hand over a finished row just after Escape: the status stays
    'stopped after N' and the table keeps N rows."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_queens(pilot, app)
        await app.run_action("start_count('18')", screen)
        table = screen.query_one("#counts", DataTable)
        await wait_until(pilot, lambda: table.row_count >= 12, timeout=40)
        late = dataclasses.replace(screen.count_rows[-1], n=99)  # a row that arrives after the stop
        await pilot.press("escape")
        await wait_until(pilot, lambda: not screen.counting, timeout=10)
        rows = table.row_count
        screen.add_count(late, 18)
        await pilot.pause()
        assert table.row_count == rows
        status = str(screen.query_one("#count-status").render())
        assert status == f"count stopped after {rows} board sizes"
        # and said where it is seen whatever the size of the screen
        assert any(n.message == status for n in app._notifications)  # noqa: SLF001


async def test_digits_typed_in_n_stay_in_n() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_queens(pilot, app)
        await pilot.press("2")
        box = screen.query_one("#count-n", Input)
        box.focus()
        box.value = ""
        await pilot.press("1", "3", "2")
        assert box.value == "132"
        assert screen.query_one("#tabs").active == "count"


def test_the_palette_says_the_n_the_screen_accepts() -> None:
    from tui.screens.queens import MAX_COUNT_N
    from tui.workbenches import WORKBENCHES

    queens = next(w for w in WORKBENCHES if w.name == "queens")
    count = next(c for c in queens.commands if c.action.startswith("start_count"))
    assert f"up to {MAX_COUNT_N}" in count.help
    n = count.action.split("'")[1]
    assert f"1 to {n}" in count.name and int(n) <= MAX_COUNT_N


async def test_infinite_queens_plot_for_a_chosen_number_of_terms() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_queens(pilot, app)
        await pilot.press("3")
        terms = screen.query_one("#terms", Input)
        assert terms.has_focus
        terms.value = "1000"
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen.plot is not None and len(screen.plot.terms) == 1000)
        status = str(screen.query_one("#plot-status").render())
        assert status.startswith("1,000 terms: q_0..q_999 = 0 2 4 1 3 8 10 12")


def test_queens_snapshot(snap_compare) -> None:
    app = make_app()

    async def steps(pilot) -> None:
        await pilot.press("f4")
        await pilot.pause(0.3)
        await pilot.press("right", "right")
        await pilot.pause(0.2)

    assert snap_compare(app, terminal_size=(80, 24), run_before=steps)
