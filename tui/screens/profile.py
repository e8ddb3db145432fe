"""The profile workbench: where the time of the machine's last run went, by loop, routine,
order and address, as the table of `pc1 run --profile` and the `profile` verb
(pc1.machine.profile_table) and a bar chart of the shares.

The console keeps a snapshot at every start press (the monitor's timeline); a run is the
history from one CLEAR START to the next.  The profile runs that history again on a twin
machine (pc1.machine.profile_stretch), so the console's machine is not touched and no run
pays for a profile until it is asked for.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static, TabbedContent, TabPane
from textual.worker import Worker
from textual_plotext import PlotextPlot

from pc1.machine import (
    RunProfile,
    findings,
    loops,
    profile_stretch,
    profile_table,
    runs_of,
    twin,
)
from tui.screens.base import WorkbenchScreen

NO_RUN = "no run yet: press CLEAR START (c) or run a demo (e, p); its profile shows here"
CHART_BARS = 7  # the loops and routines charted, most time first


class ProfileScreen(WorkbenchScreen):
    """[ and ] choose the run, r profiles again, t the table, g the chart."""

    BINDINGS = [
        Binding("left_square_bracket", "run(-1)", "Earlier"),
        Binding("right_square_bracket", "run(1)", "Later"),
        Binding("r", "latest", "Last"),
        Binding("t", "show('profile-table')", "Table"),
        Binding("g", "show('profile-chart')", "Chart"),
        *WorkbenchScreen.BINDINGS,
    ]
    DEFAULT_CSS = """
    #profile-summary { height: auto; max-height: 4; padding: 0 1; }
    #profile-tabs { height: 1fr; }
    #profile-tabs PlotextPlot { width: 1fr; height: 1fr; }
    /* the table's rows are 79 columns: they fit 80 beside a one-column scroll bar */
    #profile-scroll { scrollbar-size-vertical: 1; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.runs: list[tuple[int, int]] = []
        self.chosen = -1  # index into runs; -1 is the latest
        self.shown: RunProfile | None = None
        self.lines: list[str] = []
        self._shown_key: tuple[int, int, int] | None = None  # (since, until, machine orders)

    def compose(self) -> ComposeResult:
        yield Static(" Profile: where the time of a run went", classes="workbench-title")
        yield Static(NO_RUN, id="profile-summary")
        with TabbedContent(id="profile-tabs"):
            with TabPane("Table t", id="profile-table"):
                with VerticalScroll(id="profile-scroll"):
                    yield Static("", id="profile-text")
            with TabPane("Chart g", id="profile-chart"):
                yield PlotextPlot(id="profile-plot")
        yield Footer()

    def on_screen_resume(self) -> None:
        self.action_latest()

    # --- actions ----------------------------------------------------------------------------

    def action_latest(self) -> None:
        """Profile the machine's last run (the newest CLEAR START to now)."""
        self.chosen = -1
        self.profile_chosen()

    def action_run(self, step: int) -> None:
        """An earlier (-1) or later (+1) run of the console's history."""
        if not self.runs:
            self.profile_chosen()
            return
        index = (self.chosen % len(self.runs)) + step
        self.chosen = max(0, min(len(self.runs) - 1, index))
        self.profile_chosen()

    def action_show(self, tab: str) -> None:
        """Show the table or the chart."""
        self.query_one(TabbedContent).active = tab

    # --- profiling --------------------------------------------------------------------------

    def profile_chosen(self) -> None:
        """Work out the chosen run's profile on a thread (the machine must be idle)."""
        app = self.app
        if not app.idle:
            self.summary("the machine is running: its profile comes when it stops (r)")
            return
        timeline = app.monitor.timeline
        self.runs = runs_of(timeline)
        if not self.runs:
            self.shown, self.lines = None, []
            self.summary(NO_RUN)
            self.query_one("#profile-text", Static).update("")
            self.chart(None)
            return
        index = self.chosen % len(self.runs)
        since, until = self.runs[index]
        key = (since, until, app.machine.orders)
        if key == self._shown_key:
            return
        now = until == app.machine.orders
        copy = twin(timeline, None if now else until)  # here: the machine is idle now
        self.shown = None
        self.summary(f"run {index + 1} of {len(self.runs)}: counting its "
                     f"{until - since:,} orders again on a twin machine …")
        self.run_worker(lambda: _profiled(copy, since), thread=True, exclusive=True,
                        group="profile", name=f"profile {key}")
        self._pending = (key, index)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group != "profile" or not worker.is_finished or worker.result is None:
            return
        key, index = self._pending
        run, routines = worker.result
        self._shown_key = key
        self.show(run, routines, index)

    def worker_failed(self, worker: Worker, failure: str) -> None:
        """Counting the run again failed: said where "counting …" stood."""
        if worker.group == "profile":
            self._shown_key = None
            self.summary(f"profiling the run failed: {failure}")

    def show(self, run: RunProfile, routines: dict[int, str] | None, index: int) -> None:
        """The table and the chart of one run's profile."""
        self.shown = run
        m = self.app.machine
        self.lines = profile_table(run.profile, routines, clock_hz=m.clock_hz)
        tape = f"; tape {run.tape_name.rsplit('/', 1)[-1]}" if run.tape_name else ""
        others = " ([ ] the others)" if len(self.runs) > 1 else ""
        self.summary(f"run {index + 1} of {len(self.runs)}{others}: orders "
                     f"{run.began - run.clear_start:,} to {run.ended - run.clear_start:,} "
                     f"since its CLEAR START{tape}\n"
                     f"{findings(run.profile, routines)}")
        self.query_one("#profile-text", Static).update("\n".join(self.lines))
        self.chart(run, routines)

    def summary(self, text: str) -> None:
        """The line above the tabs."""
        self.query_one("#profile-summary", Static).update(text)

    def chart(self, run: RunProfile | None, routines: dict[int, str] | None = None) -> None:
        """Bars of the share of the time: the run's division, its loops, its routines."""
        plot = self.query_one("#profile-plot", PlotextPlot)
        plt = plot.plt
        plt.clear_data()
        plt.clear_figure()
        names, shares = chart_bars(run, routines) if run is not None else ([], [])
        if not names:  # no run, or one whose orders took no time (only a halt): no shares
            plt.title("no run yet" if run is None or not run.profile.counts
                      else "no time was spent: nothing to share")
            plot.refresh()
            return
        plt.title("share of the run's time, %")
        plt.bar(names, shares, orientation="horizontal", width=0.6)
        plt.xlim(0, 100)
        plot.refresh()


def chart_bars(run: RunProfile, routines: dict[int, str] | None) -> tuple[list[str], list[float]]:
    """The bars of the chart, top to bottom: all the division, each loop, each routine, each
    named with its share of the run's time (none for a run that took no time)."""
    profile = run.profile
    total = profile.total().cycles
    if not total:
        return [], []
    bars = [("division (d, dl)", profile.division().cycles)]
    bars += [(f"loop {lp.first}-{lp.last}", lp.tally.cycles) for lp in loops(profile)]
    if routines:
        bars += [(name[:22], t.cycles) for name, t in profile.by_routine(routines).items()]
    bars = [(f"{name} {100 * c / total:.1f}%", round(100 * c / total, 2))
            for name, c in bars[:CHART_BARS]]
    # plotext draws the first bar at the bottom: reversed, the list reads top down
    return [n for n, _ in reversed(bars)], [v for _, v in reversed(bars)]


def _profiled(copy, since: int) -> tuple[RunProfile, dict[int, str] | None]:
    """The run profiled (on a worker thread) and the routines of its tape."""
    from pc1.asm import routines_for_tape
    from pc1.base import InputError

    run = profile_stretch(copy, since)
    try:
        routines = routines_for_tape(run.tape_name) or None
    except (InputError, OSError):
        routines = None  # a source we cannot read: the profile has no routines
    return run, routines
