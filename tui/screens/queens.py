"""The queens workbench: the 92 eight-queens solutions and their 12 classes, n-queens counts,
and the seed's plot of infinite queens."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import (
    DataTable,
    Footer,
    Input,
    Label,
    ProgressBar,
    Static,
    TabbedContent,
    TabPane,
)
from textual.worker import Worker, get_current_worker
from textual_plotext import PlotextPlot

from programs.queens import CountRow, QueensPlot, classes, count_table, format_solution, plot_data
from tui.screens.base import WorkbenchScreen
from tui.widgets.grid import Cell, GridView

MAX_COUNT_N = 20       # 16 queens take a minute, 17 several: the user can stop any time
MAX_TERMS = 1_000_000  # a million terms take a few seconds and a few MB
DARK, LIGHT = "on #6b4a22", "on #c8a878"


@dataclass(frozen=True)
class QueensFigure:
    """The seed's plot, with the points thinned to what a terminal can show."""

    plot: QueensPlot
    upper: list[tuple[int, int]]
    lower: list[tuple[int, int]]
    worst: float  # the largest distance of a queen from the nearer line


def plot_figure(count: int) -> QueensFigure:
    """The plot data of ``count`` terms, ready to draw."""
    plot = plot_data(count)
    step = max(1, count // 4000)  # a terminal shows no more points than that anyway
    worst = max(plot.deviation(k) for k in range(count))
    return QueensFigure(plot, plot.upper()[::step], plot.lower()[::step], worst)


def board_cells(solution: tuple[int, ...]) -> list[list[Cell]]:
    """A chessboard with a queen in row ``solution[col]`` of each column (row 0 on top)."""
    n = len(solution)
    return [
        [("♛" if solution[c] == r else "",
          "bold #1a1a1a " + LIGHT if (r + c) % 2 == 0 else "bold #f5f5f5 " + DARK)
         for c in range(n)]
        for r in range(n)
    ]


class QueensScreen(WorkbenchScreen):
    """Eight queens stepped through, counts for larger boards, and infinite queens plotted."""

    DEFAULT_CSS = """
    QueensScreen #eight { height: 1fr; }
    QueensScreen #board-side { width: 1fr; padding: 0 1; }
    QueensScreen #board { margin: 1 0 0 1; }
    QueensScreen .row { height: auto; }
    QueensScreen .row Input { width: 16; }
    QueensScreen .row Label { padding: 1 1 0 0; }
    QueensScreen #count-progress { margin: 1 1 0 1; }
    QueensScreen #counts { height: 1fr; }
    QueensScreen #plot { height: 1fr; min-height: 10; }
    """

    BINDINGS = [
        Binding("right,n", "step(1)", "Next"),
        Binding("left,p", "step(-1)", "Previous"),
        Binding("home", "first", "First", show=False),
        Binding("end", "last", "Last", show=False),
        Binding("c", "toggle_classes", "92 / 12 classes"),
        Binding("[", "member(-1)", "Member -", show=False),
        Binding("]", "member(1)", "Member +", show=False),
        Binding("1", "show_tab('eight')", "8 queens", show=False),
        Binding("2", "show_tab('count')", "Counts", show=False),
        Binding("3", "show_tab('infinite')", "Infinite", show=False),
        Binding("escape", "stop_or_leave", "Stop / Console"),
    ]

    def __init__(self, name: str | None = None, id: str | None = None) -> None:
        super().__init__(name=name, id=id)
        self.groups = classes(8)
        self.solutions = sorted(s for group in self.groups for s in group)  # the seed's order
        self.class_of = {s: k for k, group in enumerate(self.groups) for s in group}
        self.index = 0          # place in the 92, or in the 12 classes
        self.member = 0         # place inside the class, in class mode
        self.by_class = False
        self.count_rows: list[CountRow] = []
        self.plot: QueensPlot | None = None
        self._count_worker: Worker | None = None

    def compose(self) -> ComposeResult:
        yield Static("Queens: eight queens, counts, infinite queens", classes="workbench-title")
        with TabbedContent(id="tabs", initial="eight"):
            with TabPane("Eight queens", id="eight"):
                with Horizontal():
                    yield GridView(id="board")
                    with VerticalScroll(id="board-side"):
                        yield Static(id="solution")
            with TabPane("Counts", id="count"):
                with Vertical():
                    with Horizontal(classes="row"):
                        yield Label(f"count boards 1 to N (N up to {MAX_COUNT_N}) =")
                        yield Input("14", id="count-n", type="integer")
                        yield Label("Enter: count   Escape: stop")
                    yield ProgressBar(id="count-progress", show_eta=False)
                    yield DataTable(id="counts", cursor_type="row")
                    yield Static(id="count-status")
            with TabPane("Infinite queens", id="infinite"):
                with Vertical():
                    with Horizontal(classes="row"):
                        yield Label("terms =")
                        yield Input("256", id="terms", type="integer")
                        yield Label("Enter: plot q_n against n")
                    yield PlotextPlot(id="plot")
                    yield Static(id="plot-status")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#counts", DataTable)
        table.add_columns("N", "solutions", "classes", "CPU s")
        self.show_solution()
        self.query_one("#board", GridView).focus()
        self.draw_plot(256)

    # --- eight queens --------------------------------------------------------------------

    @property
    def current(self) -> tuple[int, ...]:
        """The solution on the board."""
        if self.by_class:
            return self.groups[self.index][self.member]
        return self.solutions[self.index]

    def show_solution(self) -> None:
        """Draw the board and say where it stands among the 92 and the 12."""
        solution = self.current
        self.query_one("#board", GridView).show(board_cells(solution))
        k = self.class_of[solution]
        group = self.groups[k]
        place = self.solutions.index(solution) + 1
        text = Text()
        text.append(format_solution(solution), style="bold")
        text.append("  q[col] = row\n\n")
        text.append(f"solution {place} of {len(self.solutions)} in the seed's order\n")
        text.append(f"class {k + 1} of {len(self.groups)} ({len(group)} members), "
                    f"member {group.index(solution) + 1}\n\n")
        text.append("stepping: " + ("the 12 classes ([ ] members)" if self.by_class
                                    else "all 92 solutions") + "\n\n")
        text.append("members of this class:")
        for s in group:
            mark = "▶ " if s == solution else "  "
            text.append(f"\n{mark}{self.solutions.index(s) + 1:2}  {format_solution(s)}",
                        style="bold" if s == solution else "")
        self.query_one("#solution", Static).update(text)

    def _eight_shown(self) -> bool:
        return self.query_one("#tabs", TabbedContent).active == "eight"

    def action_step(self, delta: int) -> None:
        """Next or previous solution (or class)."""
        if not self._eight_shown():
            return
        size = len(self.groups) if self.by_class else len(self.solutions)
        self.index = (self.index + delta) % size
        self.member = 0
        self.show_solution()

    def action_first(self) -> None:
        """The first solution (or class)."""
        self.index, self.member = 0, 0
        self.show_solution()

    def action_last(self) -> None:
        """The last solution (or class)."""
        self.index = (len(self.groups) if self.by_class else len(self.solutions)) - 1
        self.member = 0
        self.show_solution()

    def action_member(self, delta: int) -> None:
        """Next or previous member of the class on the board."""
        if not self.by_class:
            self.toggle_to_classes()
        self.member = (self.member + delta) % len(self.groups[self.index])
        self.show_solution()

    def toggle_to_classes(self) -> None:
        k = self.class_of[self.current]
        self.by_class, self.index, self.member = True, k, 0

    def action_toggle_classes(self) -> None:
        """Step through all 92 solutions, or through the 12 classes."""
        if not self._eight_shown():
            self.action_show_tab("eight")
        if self.by_class:
            solution = self.current
            self.by_class, self.index = False, self.solutions.index(solution)
        else:
            self.toggle_to_classes()
        self.show_solution()

    def action_show_tab(self, tab: str) -> None:
        """Show one of the three parts."""
        self.query_one("#tabs", TabbedContent).active = tab
        target = {"eight": "#board", "count": "#count-n", "infinite": "#terms"}[tab]
        self.query_one(target).focus()

    # --- counts --------------------------------------------------------------------------

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "count-n":
            self.start_count(event.value)
        elif event.input.id == "terms":
            self.plot_terms(event.value)

    def action_start_count(self, text: str) -> None:
        """Count boards 1..N (shown on the Counts tab)."""
        self.query_one("#tabs", TabbedContent).active = "count"
        self.query_one("#count-n", Input).value = text
        self.start_count(text)

    def start_count(self, text: str) -> None:
        """Count boards 1..N in a worker."""
        status = self.query_one("#count-status", Static)
        try:
            n = int(text)
        except ValueError:
            status.update(f"N must be a whole number, got {text!r}")
            return
        if not 1 <= n <= MAX_COUNT_N:
            status.update(f"N must be 1 to {MAX_COUNT_N}, got {n}")
            return
        self.action_stop()
        self.count_rows = []
        self.query_one("#counts", DataTable).clear()
        self.query_one("#count-progress", ProgressBar).update(total=n, progress=0)
        status.update(f"counting 1 to {n} queens ... (Escape stops)")
        self._count_worker = self.count_boards(n)

    @work(thread=True, exclusive=True, group="count")
    def count_boards(self, n: int) -> None:
        """The worker: one row per board size, posted to the screen as it comes."""
        worker = get_current_worker()
        for row in count_table(range(1, n + 1), lambda: worker.is_cancelled):
            self.app.call_from_thread(self.add_count, row, n)
        if worker.is_cancelled:
            return
        self.app.call_from_thread(self.count_done, n)

    def worker_failed(self, worker: Worker, failure: str) -> None:
        """A count or a plot that failed says so where its progress was shown."""
        if worker.group == "count":
            self.query_one("#count-status", Static).update(f"the count failed: {failure}")
        elif worker.group == "plot":
            self.query_one("#plot-status", Static).update(f"the terms failed: {failure}")

    def add_count(self, row: CountRow, n: int) -> None:
        """Show one counted size (unless Escape stopped the count while it was on its way)."""
        if not self.counting:
            return
        self.count_rows.append(row)
        self.query_one("#counts", DataTable).add_row(
            str(row.n), f"{row.solutions:,}", f"{row.classes:,}", f"{row.seconds:.2f}"
        )
        self.query_one("#count-progress", ProgressBar).update(progress=row.n)
        if row.n < n:
            self.query_one("#count-status", Static).update(
                f"counting {row.n + 1} queens ... (Escape stops)")

    def count_done(self, n: int) -> None:
        total = sum(r.seconds for r in self.count_rows)
        self.query_one("#count-status", Static).update(
            f"done: 1 to {n} queens in {total:.2f} s of CPU")

    def action_stop(self) -> None:
        """Stop a running count (the board in hand is abandoned)."""
        worker = self._count_worker
        if worker is not None and worker.is_running:
            worker.cancel()
            done = len(self.count_rows)
            said = f"count stopped after {done} board size{'s' if done != 1 else ''}"
            self.query_one("#count-status", Static).update(said)
            self.notify(said, title="Queens")  # the status line may be below the table

    async def action_stop_or_leave(self) -> None:
        """Escape stops a running count, else goes back to the console."""
        if self.counting:
            self.action_stop()
        else:
            await self.run_action("app.console")

    @property
    def counting(self) -> bool:
        """Is a count running?"""
        return self._count_worker is not None and self._count_worker.is_running

    # --- infinite queens -----------------------------------------------------------------

    def plot_terms(self, text: str) -> None:
        status = self.query_one("#plot-status", Static)
        try:
            count = int(text)
        except ValueError:
            status.update(f"the number of terms must be a whole number, got {text!r}")
            return
        if not 2 <= count <= MAX_TERMS:
            status.update(f"the number of terms must be 2 to {MAX_TERMS:,}, got {count:,}")
            return
        status.update(f"computing {count:,} terms ...")
        self.compute_plot(count)

    @work(thread=True, exclusive=True, group="plot")
    def compute_plot(self, count: int) -> None:
        """The terms, the points to draw and the worst deviation, off the UI thread."""
        figure = plot_figure(count)
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self.show_plot, figure)

    def draw_plot(self, count: int) -> None:
        self.show_plot(plot_figure(count))

    def show_plot(self, figure: QueensFigure) -> None:
        """Draw q_n against n with the lines of slope phi and 1/phi, as the seed does."""
        plot = self.plot = figure.plot
        widget = self.query_one("#plot", PlotextPlot)
        plt = widget.plt
        plt.clear_figure()
        n = len(plot.terms)
        plt.plot([0, n - 1], [0, plot.upper_slope * (n - 1)], color="red", marker="braille",
                 label="slope φ")
        plt.plot([0, n - 1], [0, plot.lower_slope * (n - 1)], color="red", marker="braille",
                 label="slope 1/φ")
        for points, colour, label in ((figure.upper, "cyan", "q_n > n"),
                                      (figure.lower, "yellow", "q_n <= n")):
            plt.scatter([x for x, _ in points], [y for _, y in points], marker="dot",
                        color=colour, label=label)
        plt.title(f"infinite queens: q_n for n < {n:,}")
        plt.xlabel("n")
        widget.refresh()
        self.query_one("#plot-status", Static).update(
            f"{n:,} terms: q_0..q_{n - 1} = {' '.join(map(str, plot.terms[:8]))} ... "
            f"{plot.terms[-1]}; farthest from its line: {figure.worst:.2f}")
