"""The seed's printouts on the Verify workbench (s): what `pc1 seed table|pi|e|ripples`
prints, shown in a pane each."""

from __future__ import annotations

import pytest

from pc1.cli.main import main
from tests.tui.conftest import wait_until
from tui.app import PC1App


def _printed(capsys, *args: str) -> str:
    assert main(["seed", *args]) == 0
    return capsys.readouterr().out.rstrip("\n")


@pytest.mark.parametrize("pane, args", [
    ("seed-table", ("table",)),
    ("seed-e", ("e",)),
])
async def test_each_pane_shows_what_pc1_seed_prints(capsys, pane: str, args: tuple) -> None:
    expected = _printed(capsys, *args)
    app = PC1App(include_our_tapes=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f2", "s")
        seed = app.screen.query_one("#seed-tabs")
        seed.active = pane
        text = app.screen.query_one(f"#{pane}-text")
        await wait_until(pilot, lambda: str(text.render()) == expected, timeout=30)


async def test_the_pi_pane_compares_the_two_ways_of_dividing(capsys) -> None:
    with_b = _printed(capsys, "pi")
    from_top = _printed(capsys, "pi", "--no-start-index")
    app = PC1App(include_our_tapes=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f2", "s", "right")  # the seed tab, then its second printout
        assert app.screen.query_one("#seed-tabs").active == "seed-pi"
        text = app.screen.query_one("#seed-pi-text")
        await wait_until(pilot, lambda: str(text.render()) == f"{with_b}\n\n{from_top}",
                         timeout=30)
        # 91,177 division steps: the dl orders the machine's profile of pi-1000 counts
        assert "division steps      91,177" in str(text.render())
