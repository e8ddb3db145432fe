"""The profile workbench (F10): the table of `pc1 run --profile` and the `profile` verb for
the console's last run, the earlier runs on [ and ], a bar chart of the shares."""

from __future__ import annotations

from pc1.machine import Machine, Profile, profile_table
from pc1.machine.orders import encode
from tests.tui.conftest import wait_until
from tui.app import PC1App
from tui.screens.profile import NO_RUN, ProfileScreen, chart_bars

# from 0: count word 20 down by word 21 until zero (z 6: the halt at 6), back with jl 0
COUNTDOWN = [encode("p", 20), encode("s", 21), encode("t", 20), encode("z", 6),
             encode("j", 0, True), 0, 0]


def _load(m: Machine, count: int) -> None:
    for a, w in enumerate(COUNTDOWN):
        m.memory[a] = w
    m.memory[20], m.memory[21] = count, 1


def _oracle(count: int) -> list[str]:
    """The same run on a machine of its own, profiled as pc1 run --profile does."""
    m = Machine()
    _load(m, count)
    m.clear_start()
    profile = Profile(m)
    assert profile.run(max_orders=100_000).reason == "halt"
    return profile_table(profile, None, clock_hz=m.clock_hz)


def _text(screen: ProfileScreen, widget: str) -> str:
    return str(screen.query_one(widget).render())


async def test_no_run_yet_is_said_in_one_line() -> None:
    app = PC1App(include_our_tapes=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f10")
        screen = app.screen
        assert isinstance(screen, ProfileScreen)
        assert _text(screen, "#profile-summary") == NO_RUN
        assert "\n" not in NO_RUN and len(NO_RUN) <= 78


async def _run(pilot, count: int) -> None:
    app = pilot.app
    _load(app.machine, count)
    await app.press("clear-start")
    await wait_until(pilot, lambda: app.idle and app.machine.last_stop is not None)


async def test_the_last_run_and_an_earlier_one_show_their_own_tables() -> None:
    app = PC1App(include_our_tapes=False, speed="max")
    async with app.run_test(size=(80, 24)) as pilot:
        await _run(pilot, 5)
        await _run(pilot, 9)
        await pilot.press("f10")
        screen = app.screen
        await wait_until(pilot, lambda: screen.shown is not None)
        assert screen.lines == _oracle(9)
        assert _text(screen, "#profile-summary").startswith("run 2 of 2 ([ ] the others)")
        # the loop 0-4 is named, with the share of time its bar shows
        assert "the hottest loop is 0-4" in _text(screen, "#profile-summary")
        names, shares = chart_bars(screen.shown, None)
        assert names[-1].startswith("division") and names[-2].startswith("loop 0-4")
        assert shares[-1] == 0.0 and 99 < shares[-2] <= 100
        await pilot.press("left_square_bracket")
        await wait_until(pilot, lambda: screen.shown is not None
                         and screen.lines == _oracle(5), timeout=20)
        assert _text(screen, "#profile-summary").startswith("run 1 of 2")
        await pilot.press("g")
        assert app.screen.query_one("#profile-tabs").active == "profile-chart"


async def test_profiling_does_not_touch_the_consoles_machine() -> None:
    app = PC1App(include_our_tapes=False, speed="max")
    async with app.run_test(size=(120, 40)) as pilot:
        await _run(pilot, 7)
        m = app.machine
        before = (m.orders, m.cycles, m.K, m.A, list(m.memory.words))
        await pilot.press("f10")
        await wait_until(pilot, lambda: app.screen.shown is not None)
        assert (m.orders, m.cycles, m.K, m.A, list(m.memory.words)) == before


async def test_a_run_that_only_halts_is_profiled_without_shares() -> None:
    # CLEAR START on an empty store: one order, the halt at 0, no cycles (the table and the
    # chart divided by zero)
    app = PC1App(include_our_tapes=False, speed="max")
    async with app.run_test(size=(80, 24)) as pilot:
        await _run(pilot, 0)
        for a in range(len(COUNTDOWN)):
            app.machine.memory[a] = 0
        await app.press("clear-start")
        await wait_until(pilot, lambda: app.idle and app.machine.last_stop.orders == 1)
        await pilot.press("f10")
        screen = app.screen
        await wait_until(pilot, lambda: screen.shown is not None)
        assert screen.shown.profile.total().orders == 1
        assert chart_bars(screen.shown, None) == ([], [])
        assert "no time was spent" in _text(screen, "#profile-summary")
        await pilot.press("g")
        await pilot.pause()
        assert app._exception is None  # noqa: SLF001
