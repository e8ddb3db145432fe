"""The verify workbench: pi-1000 and e-1000 run on the machine, then checked limb by limb
against the seed's programs (bignum.reference) and digit by digit against bignum's series
(a formula other than the machine's); the seed's instrumentation as charts and its
step-by-step printouts (the ss/ts table, the limb runs with their division steps, the carry
ripples: `pc1 seed table|pi|e|ripples`); the paper of any pi or e tape checked against
mpmath. Everything shown comes from pc1.verify and bignum.seed_report."""

from __future__ import annotations

import math
from functools import partial

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import DataTable, Footer, Static, TabbedContent, TabPane
from textual.worker import Worker
from textual_plotext import PlotextPlot

from bignum import seed_report
from bignum.seed_report import Instrumentation, instrumentation
from pc1.base import InputError
from pc1.verify import PaperCheck, Plan, Report, check_run, plan
from tui import verifier
from tui.screens.base import WorkbenchScreen

NAMES = {"pi": "pi-1000", "e": "e-1000"}
# the seed's printouts, as `pc1 seed TOPIC` prints them: pane id -> (title, the report)
SEED_PRINTOUTS = {
    "seed-table": ("ss/ts table", seed_report.table_report),
    # pi twice, as the seed compared them: division from the start index b, and from the top
    "seed-pi": ("pi limbs", lambda: [*seed_report.run_report("pi", 97), "",
                                     *seed_report.run_report("pi", 97, start_index=False)]),
    "seed-e": ("e limbs", lambda: seed_report.run_report("e", 100)),
    "seed-ripples": ("ripples", seed_report.ripple_report),
}
SAME, DIFFERENT = "identical", "DIFFERS"


def digits_text(printed: str, expected: str, at: int | None) -> Text:
    """The printout, with the first character that differs from the expected text marked,
    and the expected text from there."""
    out = Text()
    if at is None:
        out.append(printed)
        return out
    out.append(printed[:at])
    out.append(printed[at:at + 1] or " ", style="bold white on red")
    out.append(printed[at + 1:])
    out.append(f"\n\nexpected from character {at}:\n", style="bold")
    out.append(expected[at:at + 1], style="bold white on green")
    out.append(expected[at + 1:at + 200])
    return out


def paper_text(check: PaperCheck) -> Text:
    """The decimals found on the paper, fifty a line, the first wrong one marked."""
    out = Text(check.line() + "\n\n", style="bold")
    at = check.first_difference
    out.append(f"{check.integer}.")
    for i, ch in enumerate(check.decimals):
        if i and i % 50 == 0:
            out.append("\n  ")
        out.append(ch, style="bold white on red" if at == i + 1 else "")
    return out


class VerifyScreen(WorkbenchScreen):
    """p / e run and verify a computation (on the console, at its speed); t checks the paper."""

    # the run is shown on the panel: its speed, clock and STOP stay at hand
    CONSOLE_KEYS = frozenset({"stop", "speed", "clock"})
    BINDINGS = [
        Binding("p", "verify('pi')", "Verify pi"),
        Binding("e", "verify('e')", "Verify e"),
        Binding("t", "check_paper", "Check paper"),
        Binding("l", "show('limbs')", "Limbs"),
        Binding("d", "show('digits')", "Digits"),
        Binding("g", "show('instrumentation')", "Charts"),
        Binding("s", "show('seed')", "Seed"),
        *WorkbenchScreen.BINDINGS,
    ]

    DEFAULT_CSS = """
    #verify-summary { height: auto; max-height: 4; padding: 0 1; }
    #verify-tabs { height: 1fr; }
    #verify-tabs PlotextPlot { width: 1fr; height: 1fr; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.report: Report | None = None
        self.paper: PaperCheck | None = None
        self.charted: str | None = None
        self.printed: set[str] = set()  # the seed's printouts asked for (each made once)

    def compose(self) -> ComposeResult:
        yield Static(" Verify: the PC-1's pi and e against independent references",
                     classes="workbench-title")
        yield Static("p runs pi-1000 on the machine and checks it, e runs e-1000, t checks the "
                     "paper of the newest run. Runs show on the console at full speed, the "
                     "answer in seconds (v: real time, as in 1958); your breaks and watches "
                     "are set aside meanwhile.", id="verify-summary")
        with TabbedContent(id="verify-tabs"):
            with TabPane("Limbs l", id="limbs"):
                yield DataTable(id="limb-table", cursor_type="row", zebra_stripes=True)
            with TabPane("Digits d", id="digits"):
                with VerticalScroll():
                    yield Static(id="digits-text")
            with TabPane("Instrumentation g", id="instrumentation"):
                with Horizontal():
                    yield PlotextPlot(id="steps-plot")
                    yield PlotextPlot(id="ripples-plot")
            with TabPane("Seed s", id="seed"), TabbedContent(id="seed-tabs"):
                for pane, (title, _) in SEED_PRINTOUTS.items():
                    with TabPane(title, id=pane), VerticalScroll():
                        yield Static("", id=f"{pane}-text", classes="seed-text")
            with TabPane("Paper t", id="paper-check"):
                with VerticalScroll():
                    yield Static("t checks the paper of the newest run that printed on the "
                                 "console's teleprinter: the digits of any pi or e tape, ours "
                                 "or another's.", id="paper-text")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#limb-table", DataTable)
        table.add_columns("limb", "long word", "PC-1 (octal)", "reference (octal)", "")

    # --- actions ------------------------------------------------------------------------------

    def action_verify(self, name: str) -> None:
        """Run the procedure on the console, then come back and show the comparison."""
        try:
            p = plan(name)
        except InputError as exc:
            self.app.say(f"verify {name}: {exc}", error=True)
            return
        self.app.run_worker(partial(self._verify, p), group="demo", exclusive=True, name="verify")

    async def _verify(self, p: Plan) -> None:
        app = self.app
        app.action_console()
        # a verification is about the answer: it runs at full speed unless the operator
        # asks for 1958's pace (v), and the console's own speed comes back after it
        speed, app.speed = app.speed, "max"
        aside = verifier.marks_note(app.breakpoints, app.runner.watchpoints)
        app.notify(f"{NAMES[p.name]} runs at full speed: the answer in seconds. v switches to "
                   "real time, as long as it ran in 1958.", title="verify", timeout=8)
        try:
            report = await verifier.perform(app, p)
        except verifier.VerifyStopped as exc:
            app.say(f"verify {p.name}: {exc}", error=True)
            return
        finally:
            if app.speed == "max":  # the operator did not choose real time meanwhile
                app.speed = speed
        waiting = app.action_workbench("verify")
        if waiting is not None:
            await waiting
        self.show_report(report)
        app.say(f"verify {NAMES[p.name]}: {report.limb_summary()}; {report.digits_summary()}"
                + (f"; {aside} back in place" if aside else ""))

    def action_show(self, tab: str) -> None:
        """Show one of the tabs and give it the keyboard (arrows and PgUp/PgDn scroll)."""
        self.query_one(TabbedContent).active = tab
        pane = self.query_one(f"#{tab}", TabPane)
        focusable = [w for w in pane.query("*") if w.focusable]
        if focusable:
            focusable[0].focus()

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        pane = event.pane.id or ""
        if pane == "seed":  # the seed tab shows its first printout, or the one chosen last
            pane = self.query_one("#seed-tabs", TabbedContent).active
        if self.query_one("#verify-tabs", TabbedContent).active != "seed":
            return  # (the seed's own tabs start on one while the screen is made: not yet)
        if pane in SEED_PRINTOUTS and pane not in self.printed:
            self.printed.add(pane)
            self.query_one(f"#{pane}-text", Static).update("working it out …")
            self.run_worker(partial(_printout, pane), thread=True, group=pane,
                            name=f"seed {pane}")

    def action_check_paper(self) -> None:
        """Find pi or e on the paper of the newest run that printed; check it against mpmath."""
        try:
            self.paper = check_run(self.app.machine.teleprinter)
        except InputError as exc:
            self.query_one("#paper-text", Static).update(str(exc))
            self.app.say(str(exc))
        else:
            self.query_one("#paper-text", Static).update(paper_text(self.paper))
            self.app.say(f"paper: {self.paper.line()}")
        self.action_show("paper-check")

    # --- showing a report -----------------------------------------------------------------------

    def show_report(self, report: Report) -> None:
        """Limbs, digits, verdict, and the instrumentation chart of that computation."""
        self.report = report
        verdict = "OK" if report.ok else "DIFFERENT"
        summary = Text()
        summary.append(f"{NAMES[report.name]}: ", style="bold")
        summary.append(report.limb_summary(), style="bold" if report.limb_differences
                       else "bold green")
        summary.append(f" (against {report.reference_name}); {report.digits_summary()}; "
                       f"{report.orders:,} orders; verdict ")
        summary.append(verdict, style="bold green" if report.ok else "bold white on red")
        self.query_one("#verify-summary", Static).update(summary)
        table = self.query_one("#limb-table", DataTable)
        table.clear(columns=True)
        table.add_columns("limb", "long word", "PC-1 (octal)", f"{report.reference_name} (octal)",
                          "")
        for row in report.limb_rows():
            mark = (Text(SAME, style="green") if row.identical
                    else Text(DIFFERENT, style="bold white on red"))
            table.add_row(str(row.index), str(row.address), _octal(row.machine),
                          _octal(row.reference), mark, key=str(row.index))
        self.query_one("#digits-text", Static).update(
            digits_text(report.printed, report.expected_text, report.first_text_difference))
        self.query_one(TabbedContent).active = "limbs"
        table.focus()
        if report.limb_differences:  # the operator wants to see the first one at once
            table.move_cursor(row=min(report.limb_differences[0], table.row_count - 1))
        if self.charted != report.name:
            self.charted = report.name
            self.run_worker(lambda: instrumentation(report.name), thread=True,
                            group="instrumentation", exclusive=True, name="instrumentation")

    def on_worker_state_changed(self, event) -> None:
        worker = event.worker
        if worker.group == "instrumentation" and worker.is_finished and worker.result:
            self.chart(worker.result)
        if worker.group in SEED_PRINTOUTS and worker.is_finished and worker.result:
            self.query_one(f"#{worker.group}-text", Static).update(Text(worker.result))

    def worker_failed(self, worker: Worker, failure: str) -> None:
        """A seed printout or the charts that failed say so in their own place."""
        if worker.group in SEED_PRINTOUTS:
            self.query_one(f"#{worker.group}-text", Static).update(
                f"could not work it out: {failure}")
        elif worker.group == "instrumentation":
            self.charted = None  # asked again next time
            self.app.say(f"verify: the charts failed: {failure}", error=True)

    def chart(self, data: Instrumentation) -> None:
        """Division steps as bars; how far carries rippled, by limb base, on a log scale."""
        steps = self.query_one("#steps-plot", PlotextPlot)
        plt = steps.plt
        plt.clear_data()
        plt.clear_figure()
        plt.title(f"division steps, {data.limbs} limbs")
        # one bar per way of dividing, named in the legend: tick labels this long overlap
        for x, (name, n) in enumerate(data.steps.items(), 1):
            plt.bar([x], [n], label=f"{name}: {n:,}", width=0.5)
        plt.xticks([])
        plt.xlim(0.4, len(data.steps) + 0.6)
        steps.refresh()
        ripples = self.query_one("#ripples-plot", PlotextPlot)
        plt = ripples.plt
        plt.clear_data()
        plt.clear_figure()
        if not data.ripples:
            plt.title("no carries: e divides only")
        else:
            lengths = sorted({k for counts in data.ripples.values() for k in counts})
            plt.title("carries by ripple length, per limb base")
            # counts run from 1 to 10**5: bars of log10(1 + count) with the powers of ten
            # as ticks (plotext's own log scale fails on bars)
            plt.multiple_bar([str(k) for k in lengths],
                             [[math.log10(1 + counts.get(k, 0)) for k in lengths]
                              for counts in data.ripples.values()],
                             labels=list(data.ripples))
            top = max(math.ceil(math.log10(1 + c)) for counts in data.ripples.values()
                      for c in counts.values())
            plt.yticks(list(range(top + 1)), [f"1e{k}" for k in range(top + 1)])
            plt.xlabel("limbs a carry travelled")
        ripples.refresh()


def _printout(pane: str) -> str:
    """One of the seed's printouts as text (made on a worker thread: ripples take a while)."""
    return "\n".join(SEED_PRINTOUTS[pane][1]())


def _octal(value: int | None) -> str:
    return "(missing)" if value is None else f"{value:012o}"
