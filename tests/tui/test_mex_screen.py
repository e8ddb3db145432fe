"""Pilot tests of the mex workbench inside the console: the seed's tree grows input by input."""

from __future__ import annotations

from textual.widgets import Input

from tests.tui.conftest import wait_until
from tui.app import PC1App
from tui.screens.mex import MexScreen


def make_app() -> PC1App:
    return PC1App(include_our_tapes=False, speed="max", demo_pause=0)


async def open_mex(pilot, app: PC1App) -> MexScreen:
    await pilot.press("f5")
    await wait_until(pilot, lambda: isinstance(app.screen, MexScreen))
    await pilot.pause(0.1)
    return app.screen


def shown(screen: MexScreen, part: str) -> str:
    return str(screen.query_one(f"#{part}").render())


def tree_lines(screen: MexScreen) -> list[str]:
    return [ln.rstrip() for ln in shown(screen, "tree").split("\n")]


async def test_the_seeds_tree_after_all_its_inputs() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_mex(pilot, app)
        await pilot.press("end")
        assert shown(screen, "ranges") == "ranges (3): [1,1] [3,7] [10,15]"
        assert shown(screen, "mex") == "mex = 0"
        # root [10,15] (after the merge), [1,1] to its left and [3,7] right of that
        assert tree_lines(screen) == ["[10,15]", "│   ┌── [3,7]", "└── [1,1]"]


async def test_the_tree_grows_one_input_per_key_and_the_merge_is_named() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_mex(pilot, app)
        assert tree_lines(screen) == ["[12,12]"]           # the first input, 12
        await pilot.press("right")
        assert tree_lines(screen) == ["[12,12]", "└── [1,1]"]
        for _ in range(12):
            await pilot.press("right")                     # up to the 14th input, 13
        assert shown(screen, "event") == (
            "14 of 16: 13 fills the gap: [10,12] and [14,15] merge into [10,15]")
        assert screen.current.event == "merge"
        # the merged range is the highlighted one
        tree = screen.query_one("#tree").render()
        marked = [tree.plain[s.start:s.end] for s in tree.spans
                  if "rgb(135,0,175)" in str(s.style)]  # dark_magenta: the merge
        assert marked == ["[10,15]"]
        await pilot.press("left")
        assert "[14,15]" in shown(screen, "tree")


async def test_examples_one_key_away_and_typed_values() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_mex(pilot, app)
        await pilot.press("5", "end")                      # (0 1 1 2 3 5 8 13) => 4
        assert shown(screen, "mex") == "mex = 4"
        await pilot.press("3", "end")                      # (0 2) => 1
        assert shown(screen, "ranges") == "ranges (2): [0,0] [2,2]"
        assert shown(screen, "mex") == "mex = 1"
        await pilot.press("slash")
        values = screen.query_one("#values", Input)
        assert values.has_focus
        values.value = "0 1 2 x"
        await pilot.press("enter")
        assert "value 4 ('x') is not a whole number" in shown(screen, "event")
        values.value = "2 0 1"
        await pilot.press("enter", "end")
        assert shown(screen, "event").endswith("1 fills the gap: [0,0] and [2,2] merge into [0,2]")
        assert shown(screen, "mex") == "mex = 3"


def test_mex_snapshot(snap_compare) -> None:
    app = make_app()

    async def grow(pilot) -> None:
        await pilot.press("f5")
        await pilot.pause(0.3)
        for _ in range(13):
            await pilot.press("right")
        await pilot.pause(0.2)

    assert snap_compare(app, terminal_size=(80, 24), run_before=grow)


def screen_text(app: PC1App) -> str:
    """What the terminal shows, row by row."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())  # noqa: SLF001


async def test_five_hundred_values_keep_the_tree_and_the_mex_in_view() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_mex(pilot, app)
        await pilot.press("slash")
        screen.query_one("#values", Input).value = " ".join(
            str(v) for v in range(1000, 0, -2))            # 500 values, no merges
        await pilot.press("enter", "end")
        await pilot.pause(0.1)
        assert len(screen.values) == 500
        assert "mex = 0" in screen_text(app)
        assert "inputs: (489 more) … " in screen_text(app)     # the newest inputs, not all 500
        mex = screen.query_one("#mex")
        assert mex.region.height >= 1 and mex.region.bottom <= 24
        assert screen.query_one("#tree-box").region.height >= 6   # the tree is not squeezed


async def test_the_tree_scrolls_to_the_range_the_last_value_touched() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_mex(pilot, app)
        await pilot.press("slash")
        screen.query_one("#values", Input).value = " ".join(
            str(v) for v in range(1000, 0, -2))            # the last, 2, is the lowest range
        await pilot.press("enter", "end")
        await pilot.pause(0.2)
        tree_rows = [line for line in screen_text(app).split("\n") if line.startswith("│")]
        assert any("[2,2]" in line for line in tree_rows), tree_rows
