"""Guided demos of programs that read data: the recipe's own tapes reach the reader."""

from __future__ import annotations

import pytest

from tests.tui.conftest import wait_until
from tui import demos
from tui.app import PC1App


@pytest.mark.parametrize("name, printed", [
    ("factorize", "34359738367.=31.71.127.122921\n"),
    ("determinant", "det=98\n"),  # the 4 x 4 example modulo 131071
])
async def test_demo_places_the_numbers_and_prints(name: str, printed: str) -> None:
    app = PC1App(include_our_tapes=False, speed="max", demo_pause=0.0)
    async with app.run_test(size=(100, 30)) as pilot:
        worker = app.run_demo(demos.demo_actions(name))
        await wait_until(pilot, lambda: worker.is_finished, timeout=30)
        assert worker.result is True
        assert app.machine.printed_text() == printed
        assert app.message == "demo done"
