"""The quintomino workbench: the 60 solutions on a flat dodecahedron, and their 3 classes."""

from __future__ import annotations

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Footer, Static
from textual.worker import Worker, get_current_worker
from textual_plotext import PlotextPlot

from programs.quintomino import (
    FACES,
    Grid,
    backtrack_solutions,
    equivalence_classes,
    face_pieces,
    label_cells,
    parse_solution,
    segments,
)
from tui.screens.base import WorkbenchScreen

# the seed's five colours (red, blue, orange, green, black) as drawn; black is drawn grey so
# that it shows on the console's dark ground
COLOURS = ("red", "blue", "orange", "green", "black")
RGB = {"red": (230, 50, 50), "blue": (30, 144, 255), "orange": (255, 165, 0),
       "green": (40, 200, 60), "black": (150, 150, 150)}
RICH = {name: "#{:02x}{:02x}{:02x}".format(*rgb) for name, rgb in RGB.items()}


class QuintominoScreen(WorkbenchScreen):
    """Step through the 60 solutions with face 0 = A = 01234; see which class each is in."""

    DEFAULT_CSS = """
    QuintominoScreen #net { width: 1fr; min-width: 34; height: 1fr; }
    QuintominoScreen #side { width: 44; padding: 0 1; }
    """

    BINDINGS = [
        Binding("right,n", "step(1)", "Next"),
        Binding("left,p", "step(-1)", "Previous"),
        Binding("home", "go(0)", "First", show=False),
        Binding("end", "go(-1)", "Last", show=False),
        Binding("c", "next_class", "Next class"),
    ]

    def __init__(self, name: str | None = None, id: str | None = None) -> None:
        super().__init__(name=name, id=id)
        self.solutions: list[str] = []
        self.groups: list[list[str]] = []
        self.index = 0

    def compose(self) -> ComposeResult:
        yield Static("The quintominal dodecahedron", classes="workbench-title")
        with Horizontal():
            yield PlotextPlot(id="net")
            with VerticalScroll(id="side", can_focus=True):
                yield Static("searching for the solutions ...", id="about")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#side").focus()
        self.search()

    @work(thread=True, exclusive=True)
    def search(self) -> None:
        """The seed's search and the grouping under colour permutation, off the UI thread."""
        solutions = list(backtrack_solutions())
        groups = equivalence_classes(solutions)
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self.found, solutions, groups)

    def worker_failed(self, worker: Worker, failure: str) -> None:
        """The search failed: said where "searching …" stood."""
        self.query_one("#about", Static).update(f"the search failed: {failure}")

    def found(self, solutions: list[str], groups: list[list[str]]) -> None:
        """Show the first solution once the search is done."""
        self.solutions, self.groups = solutions, groups
        self.show()

    @property
    def ready(self) -> bool:
        """Have the solutions been found?"""
        return bool(self.solutions)

    def class_of(self, solution: str) -> int:
        """Which class a solution is in."""
        return next(k for k, group in enumerate(self.groups) if solution in group)

    def action_step(self, delta: int) -> None:
        """Next or previous solution."""
        if self.ready:
            self.index = (self.index + delta) % len(self.solutions)
            self.show()

    def action_go(self, where: int) -> None:
        """The first or the last solution."""
        if self.ready:
            self.index = len(self.solutions) - 1 if where < 0 else where
            self.show()

    def action_next_class(self) -> None:
        """The first solution (in the seed's order) of the next class."""
        if not self.ready:
            return
        k = (self.class_of(self.solutions[self.index]) + 1) % len(self.groups)
        self.index = min(self.solutions.index(s) for s in self.groups[k])
        self.show()

    def show(self) -> None:
        """Draw the net in the solution's colours and list what is where."""
        solution = self.solutions[self.index]
        colouring = parse_solution(solution)
        pieces = face_pieces(colouring)
        self.draw_net(colouring, pieces)
        k = self.class_of(solution)
        group = self.groups[k]
        text = Text()
        text.append(f"solution {self.index + 1} of {len(self.solutions)}\n", style="bold")
        for c in colouring:
            text.append(str(c), style=f"bold {RICH[COLOURS[c]]}")
        text.append("\nedge colours 0-29 (the seed's notation)\n\n")
        text.append("colours: ")
        for c, name in enumerate(COLOURS):
            text.append(f"{c} {name}  ", style=RICH[name])
        text.append("\n\nfaces (piece: colours round the face)\n")
        for f in range(len(FACES)):
            colours = "".join(str(colouring[e]) for e in FACES[f])
            text.append(f"{f:2} {pieces[f]}:{colours}" + ("\n" if f % 3 == 2 else "   "))
        sizes = ", ".join(str(len(g)) for g in self.groups)
        text.append(f"\n{len(self.groups)} classes under colour permutation: {sizes}\n")
        text.append(f"this is in class {k + 1} ({len(group)} members):\n", style="bold")
        places = sorted(self.solutions.index(s) + 1 for s in group)
        text.append(" ".join(
            f"[{p}]" if p == self.index + 1 else str(p) for p in places))
        self.query_one("#about", Static).update(text)

    def draw_net(self, colouring: tuple[int, ...], pieces: list[str]) -> None:
        """The Schlegel diagram: face 0 is the outside, each edge in its colour."""
        widget = self.query_one("#net", PlotextPlot)
        plt = widget.plt
        plt.clear_figure()
        for seg in segments():
            (x0, y0), (x1, y1) = seg.start, seg.end
            plt.plot([x0, x1], [y0, y1], color=RGB[COLOURS[colouring[seg.edge]]],
                     marker="braille")
        # the names go in cells clear of every edge at this size (the library picks them)
        grid = Grid(max(widget.size.width, 2), max(widget.size.height, 2))
        for f, cell in label_cells(grid).items():
            x, y = grid.centre(cell)
            plt.text(pieces[f], x, y, color="black", background="white", alignment="center")
        # face 0 is the outside of the drawing: its name goes in a corner
        plt.text(f"outside: {pieces[0]}", -1.25, 1.05, color="black", background="white",
                 alignment="left")
        plt.xlim(*grid.xlim)
        plt.ylim(*grid.ylim)
        plt.xticks([])
        plt.yticks([])
        plt.frame(False)
        widget.refresh()
