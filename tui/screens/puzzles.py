"""The puzzles workbench: Nurikabe, Sudoku and 0h n0 boards to hint, step, check, solve, count."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, ScrollableContainer, VerticalScroll
from textual.widgets import Footer, Static
from textual.worker import Worker, get_current_worker

from pc1.base import InputError, confined_path, read_text_file
from programs.puzzles import MAX_PUZZLE_BYTES, Hint, Position, PuzzleError, Report, desk
from programs.stoppable import Stopped, WorkerProcess
from tui.dialogs import PathDialog
from tui.screens.base import WorkbenchScreen
from tui.widgets.grid import Cell, GridView
from tui.widgets.puzzle_dialogs import PasteDialog, SeedDialog

LOOK = {
    "clue": "bold black on #e8dcc0",
    "land": "black on #e8dcc0",
    "wall": "on #202a44",
    "open": "on #6b6b6b",
    "digit": "bold #1f4fbf on #f4eedd",
    "blue": "on #2f6fd0",
    "number": "bold white on #2f6fd0",
    "red": "on #c0392b",
}
HINT_LOOK = "bold black on #ffd75f"
CONTEXT_LOOK = "black on #afd7af"
FAULT_LOOK = "bold white on #d70000"
KEYS = ("keys: h hint, s step, c check, a solve, u unique?, e seed puzzles, [ ] previous/next "
        "seed, , . previous/next game in the file, o open file, t type/paste, k kind to read, "
        "r reset, arrows scroll the board, Tab the log, Escape stops a solve or count (else "
        "back to the console)")


class PuzzlesScreen(WorkbenchScreen):
    """One puzzle at a time: the seed's, a file's or a pasted one."""

    DEFAULT_CSS = """
    PuzzlesScreen #title { padding: 0 1; background: $boost; }
    PuzzlesScreen #board-box { width: auto; max-width: 60%; height: 1fr; }
    PuzzlesScreen #log-box { width: 1fr; height: 1fr; border-left: vkey $primary-darken-2; }
    PuzzlesScreen #log { padding: 0 1; }
    """

    BINDINGS = [
        Binding("h", "hint", "Hint"),
        Binding("s", "step", "Step"),
        Binding("c", "check", "Check"),
        Binding("a", "solve", "Solve"),
        Binding("u", "count", "Unique?"),
        Binding("e", "seeds", "Seeds"),
        Binding("o", "open", "Open"),
        Binding("t", "paste", "Paste"),
        Binding("k", "kind", "Kind", show=False),
        Binding("r", "reset", "Reset", show=False),
        Binding("]", "seed(1)", "Next seed", show=False),
        Binding("[", "seed(-1)", "Previous seed", show=False),
        Binding("ctrl+pagedown,full_stop", "game(1)", "Next in file", show=False),
        Binding("ctrl+pageup,comma", "game(-1)", "Previous in file", show=False),
        Binding("escape", "stop_or_leave", "Stop / Console", show=False),
    ]

    def __init__(self, name: str | None = None, id: str | None = None) -> None:
        super().__init__(name=name, id=id)
        self.seeds = desk.seed_puzzles()
        self.seed_names = list(self.seeds)
        self.seed_index = 0
        self.kind = "nurikabe"
        self.source = ""
        self.games: list[Position] = []
        self.game = 0
        self.position: Position | None = None
        self.marks: dict[int, str] = {}  # cell -> style of a hint or a fault
        self.last_hint: Hint | None = None
        self.last_report: Report | None = None
        self.last_count: int | None = None
        self.hints_shown = 0  # hints answered so far (tests wait on it)
        self.messages: list[Text] = []
        self._job: Worker | None = None
        self.worker_process = WorkerProcess()  # solves and counts; Stop ends it

    def compose(self) -> ComposeResult:
        yield Static("Puzzles: Nurikabe, Sudoku, 0h n0", classes="workbench-title")
        yield Static(id="title")
        with Horizontal():
            # the box, not the grid, takes the focus: arrows and PgUp/PgDn scroll a big board
            with ScrollableContainer(id="board-box"):
                yield GridView(id="board")
            with VerticalScroll(id="log-box", can_focus=True):
                yield Static(id="log")
        yield Footer(compact=True)

    def on_unmount(self) -> None:
        self.worker_process.close()

    def on_mount(self) -> None:
        self.open_seed(self.seed_names[0])
        self.query_one("#board", GridView).can_focus = False
        self.query_one("#board-box").focus()

    # --- loading -------------------------------------------------------------------------

    def load(self, kind: str, text: str, source: str) -> bool:
        """Read puzzles of one kind from text; say what went wrong in one line if it fails."""
        try:
            games = desk.read_positions(kind, text, source)
        except PuzzleError as exc:
            self.say(str(exc), "bold red")
            return False
        self.kind, self.source, self.games, self.game = kind, source, games, 0
        self.show_game()
        return True

    def open_seed(self, name: str) -> None:
        """Open one of the seed's puzzles."""
        seed = self.seeds[name]
        self.seed_index = self.seed_names.index(name)
        self.messages = []
        if self.load(seed.kind, seed.text, name):
            self.say(f"{name}: {seed.kind} from {seed.about}")
            self.say(KEYS, "dim")

    def show_game(self) -> None:
        """Show the current game as read."""
        self.position = self.games[self.game]
        self.clear_marks()
        self.redraw()

    def clear_marks(self) -> None:
        self.marks = {}
        self.last_hint = None

    # --- drawing -------------------------------------------------------------------------

    def redraw(self) -> None:
        """The title, the board with its marks, and the log."""
        pos = self.position
        if pos is None:
            return
        many = f"  (game {self.game + 1} of {len(self.games)}: , .)" if len(
            self.games) > 1 else ""
        self.query_one("#title", Static).update(Text.assemble(
            (f"{pos.kind}  ", "bold"),
            pos.name if pos.name == self.source else f"{self.source}: {pos.name}",
            f"  {pos.rows}x{pos.cols}",
            f"  open cells {pos.open_cells}{many}"))
        width = 3 if pos.cols <= 12 else 2
        self.query_one("#board", GridView).show(self.cells(pos), width)

    def cells(self, pos: Position) -> list[list[Cell]]:
        """Each cell's text and look; hint and fault cells stand out."""
        rows = []
        for r in range(pos.rows):
            row = []
            for c in range(pos.cols):
                i = r * pos.cols + c
                text, part = desk.symbol(pos, i)
                look = LOOK[part]
                if pos.kind == "sudoku" and part in ("clue", "digit", "open"):
                    shade = (r // 3 + c // 3) % 2  # boxes alternate so the 3x3s show
                    look = look.replace("#e8dcc0", "#d8c8a0" if shade else "#e8dcc0")
                    look = look.replace("#f4eedd", "#e4d8b8" if shade else "#f4eedd")
                    if part == "open":
                        look = "on #8a8a8a" if shade else "on #6b6b6b"
                if i in self.marks:
                    look = self.marks[i]
                    if self.last_hint and i in self.last_hint.cells and not text:
                        k = self.last_hint.cells.index(i)
                        text = self._value_text(pos, self.last_hint.values[k])
                row.append((text, look))
            rows.append(row)
        return rows

    @staticmethod
    def _value_text(pos: Position, value: int) -> str:
        if pos.kind == "sudoku":
            return str(value)
        if pos.kind == "nurikabe":
            return "·" if value == 1 else "■"
        return "b" if value == 1 else "r"

    def say(self, message: str, style: str = "") -> None:
        """Add a line to the log (newest first)."""
        self.messages.insert(0, Text(message, style=style))
        del self.messages[40:]
        self.query_one("#log", Static).update(Text("\n").join(self.messages))
        self.query_one("#log-box").scroll_home(animate=False)

    # --- actions -------------------------------------------------------------------------

    def action_hint(self) -> None:
        """The next logical step, its rule named and its cells highlighted."""
        if self.position is not None:
            self.find_hint(self.position, apply=False)

    def action_step(self) -> None:
        """Apply the hint (finding it first if need be)."""
        if self.position is None:
            return
        if self.last_hint is None:
            self.find_hint(self.position, apply=True)
        else:
            self.apply(self.last_hint)

    @work(thread=True, exclusive=True, group="hint")
    def find_hint(self, pos: Position, apply: bool) -> None:
        """The rules run off the UI thread: on a big board they can take a while."""
        try:
            found = desk.hint(pos)
        except PuzzleError as exc:
            self.app.call_from_thread(self.say, str(exc), "bold red")
            return
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self.show_hint, pos, found, apply)

    def worker_failed(self, worker: Worker, failure: str) -> None:
        """A hint that failed is one line in the log."""
        self.say(f"{worker.group} failed: {failure}", "bold red")

    def show_hint(self, pos: Position, found: Hint | None, apply: bool) -> None:
        """Highlight the hint's cells and name its rule (or apply it, for Step)."""
        if pos is not self.position:
            return  # the board changed meanwhile
        self.clear_marks()
        self.hints_shown += 1
        if found is None:
            self.say("no hint: the board is full" if not pos.open_cells
                     else "no hint: the rules find nothing more; Solve searches")
        elif apply:
            self.apply(found)
            return
        else:
            self.last_hint = found
            self.marks = {c: CONTEXT_LOOK for c in found.context}
            self.marks.update({c: HINT_LOOK for c in found.cells})
            self.say(f"hint ({found.rule}): {found.text}", "bold")
        self.redraw()

    def apply(self, found: Hint) -> None:
        """Set the hint's cells on the board."""
        if not found.cells:
            self.say("this step is a guess: Solve finishes the puzzle by search")
            return
        self.position = desk.apply_hint(self.position, found)
        self.clear_marks()
        self.say(f"step: {found.text}")
        self.redraw()

    def action_check(self) -> None:
        """Judge the board against the rules; cells at fault turn red."""
        if self.position is None:
            return
        report = desk.check(self.position)
        self.last_report = report
        self.clear_marks()
        self.marks = {c: FAULT_LOOK for c in report.cells}
        for line in reversed(report.lines):
            self.say(f"check: {line}", "" if report.ok else "bold red")
        self.redraw()

    def action_reset(self) -> None:
        """Back to the puzzle as it was read."""
        if self.games:
            self.show_game()
            self.say("reset to the puzzle as read")

    def action_solve(self) -> None:
        """Solve from the board as it stands (in a worker: Escape stops)."""
        if self.position is not None:
            self.say("solving ... (Escape stops)")
            self._job = self.run_job("solve", self.position)

    def action_count(self) -> None:
        """Count solutions up to 2: is it unique?"""
        if self.position is not None:
            self.say("counting solutions ... (Escape stops)")
            self._job = self.run_job("count", self.position)

    @work(thread=True, exclusive=True, group="puzzle")
    def run_job(self, what: str, pos: Position) -> None:
        """Solve or count in a worker process, so that Stop ends it at once."""
        worker = get_current_worker()
        fn = desk.solve if what == "solve" else desk.count
        try:
            answer = self.worker_process.call(fn, (pos,), lambda: worker.is_cancelled)
        except Stopped:
            self.app.call_from_thread(self.say, f"{what} stopped")
            return
        except Exception as exc:  # noqa: BLE001 - shown to the user, one line
            self.app.call_from_thread(self.say, f"{what} failed: {exc}", "bold red")
            return
        self.app.call_from_thread(self.job_done, what, pos, answer)

    def job_done(self, what: str, pos: Position, answer: object) -> None:
        """Show a solve or count that came back."""
        if pos is not self.position:
            return  # the board changed meanwhile
        if what == "solve":
            if answer is None:
                self.say("no solution from this state", "bold red")
                return
            assert isinstance(answer, Position)
            self.position = answer
            self.clear_marks()
            self.say("solved; the checker approves the grid", "bold green")
            self.redraw()
            return
        assert isinstance(answer, int)
        self.last_count = answer
        self.say({0: "no solution", 1: "exactly one solution: unique"}.get(
            answer, "two or more solutions: not unique"), "bold")

    @property
    def busy(self) -> bool:
        """Is a solve or count running?"""
        return self._job is not None and self._job.is_running

    def action_stop(self) -> None:
        """Stop a running solve or count."""
        if self.busy and self._job is not None:
            self._job.cancel()

    async def action_stop_or_leave(self) -> None:
        """Escape stops a running solve or count, else goes back to the console."""
        if self.busy:
            self.action_stop()
        else:
            await self.run_action("app.console")

    def action_seed(self, delta: int) -> None:
        """The seed's next or previous puzzle."""
        self.open_seed(self.seed_names[(self.seed_index + delta) % len(self.seed_names)])

    def action_seeds(self) -> None:
        """Pick one of the seed's puzzles from a list."""
        names = {name: f"{seed.kind}: {seed.about}" for name, seed in self.seeds.items()}
        self.app.push_screen(SeedDialog(names), self._seed_chosen)

    def _seed_chosen(self, name: str | None) -> None:
        if name:
            self.open_seed(name)

    def action_game(self, delta: int) -> None:
        """The next or previous puzzle of the file."""
        if len(self.games) > 1:
            self.game = (self.game + delta) % len(self.games)
            self.show_game()

    def action_kind(self) -> None:
        """Which kind Open and Paste read: Nurikabe, Sudoku or 0h n0."""
        kinds = desk.KINDS
        self.kind = kinds[(kinds.index(self.kind) + 1) % len(kinds)]
        self.say(f"Open and Type/paste now read {self.kind} puzzles (k changes)")

    def action_open(self) -> None:
        """Open a puzzle file of the current kind."""
        self.app.push_screen(PathDialog(f"open a {self.kind} puzzle file (k: change kind)"),
                             self._file_chosen)

    def _file_chosen(self, path: str | None) -> None:
        if not path:
            return
        try:
            self.open_file(confined_path(path, self.app.root))
        except InputError as exc:
            self.say(str(exc), "bold red")

    def open_file(self, path: Path) -> bool:
        """Read a puzzle file of the current kind."""
        try:
            text = read_text_file(path, MAX_PUZZLE_BYTES, "a puzzle file")
        except InputError as exc:
            self.say(str(exc), "bold red")
            return False
        if self.load(self.kind, text, str(path)):
            self.say(f"opened {path}: {len(self.games)} puzzle(s)")
            return True
        return False

    def action_paste(self) -> None:
        """Type or paste a puzzle of the current kind."""
        self.app.push_screen(PasteDialog(self.kind), self._pasted)

    def _pasted(self, text: str | None) -> None:
        if text and text.strip() and self.load(self.kind, text, "<typed>"):
            self.say(f"read {len(self.games)} puzzle(s) from the typed text")
