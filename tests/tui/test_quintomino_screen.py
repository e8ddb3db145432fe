"""Pilot tests of the quintomino workbench inside the console: 60 solutions, 3 classes."""

from __future__ import annotations

from pathlib import Path

from tests.tui.conftest import wait_until
from tui.app import PC1App
from tui.screens.quintomino import QuintominoScreen

DATA = Path(__file__).resolve().parents[1] / "programs" / "data"


def make_app() -> PC1App:
    return PC1App(include_our_tapes=False, speed="max", demo_pause=0)


def seed_solutions() -> list[str]:
    lines = (DATA / "quintomino_60.txt").read_text().splitlines()
    return [ln.split()[0] for ln in lines if ln.strip() and not ln.startswith("#")]


def seed_class_sizes() -> list[int]:
    """The sizes of the seed's 3 classes (blank-line separated blocks of the data file)."""
    blocks = (DATA / "quintomino_classes.txt").read_text().split("\n\n")
    sizes = [sum(1 for ln in b.splitlines() if ln.strip() and not ln.startswith("#"))
             for b in blocks]
    return sorted(s for s in sizes if s)


async def open_quintomino(pilot, app: PC1App) -> QuintominoScreen:
    await pilot.press("f6")
    await wait_until(pilot, lambda: isinstance(app.screen, QuintominoScreen)
                     and app.screen.ready, timeout=40)
    await pilot.pause(0.1)
    return app.screen


def about(screen: QuintominoScreen) -> str:
    return str(screen.query_one("#about").render())


async def test_sixty_solutions_in_the_seeds_order_and_three_classes() -> None:
    app = make_app()
    expected = seed_solutions()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_quintomino(pilot, app)
        assert screen.solutions == expected  # what the screen steps through
        for k in range(4):
            text = about(screen)
            assert text.startswith(f"solution {k + 1} of 60")
            assert text.split("\n")[1] == expected[k]
            await pilot.press("right")
        await pilot.press("end")
        assert about(screen).split("\n")[:2] == ["solution 60 of 60", expected[59]]
        await pilot.press("right")
        assert about(screen).startswith("solution 1 of 60")  # round again
        assert sorted(len(g) for g in screen.groups) == seed_class_sizes() == [10, 20, 30]
        assert "3 classes under colour permutation" in about(screen)


async def test_next_class_jumps_to_each_class_in_turn() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_quintomino(pilot, app)
        seen = []
        for _ in range(3):
            line = next(ln for ln in about(screen).split("\n") if ln.startswith("this is in"))
            seen.append(line)
            await pilot.press("c")
        assert len(set(seen)) == 3
        assert {ln.split("(")[1] for ln in seen} == {"10 members):", "20 members):",
                                                     "30 members):"}


def test_quintomino_snapshot(snap_compare) -> None:
    app = make_app()

    async def found(pilot) -> None:
        await pilot.press("f6")
        await wait_until(pilot, lambda: isinstance(app.screen, QuintominoScreen)
                         and app.screen.ready, timeout=40)
        await pilot.pause(0.3)

    assert snap_compare(app, terminal_size=(80, 24), run_before=found)
