"""The digits workbench: N decimals of pi or e by a chosen method, cross-checked by another,
in the PC-1's layout or plain, saved to a file. The work is bignum.digits.run_digits on a
worker thread; its progress callback drives the bar and ends the run when it is cancelled."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Footer, Input, Label, ProgressBar, Select, Static
from textual.worker import Worker, WorkerState, get_current_worker

from bignum.digits import CONSTANTS, DigitsRun, run_digits
from bignum.errors import DigitsError
from bignum.layout import LAYOUTS, format_digits
from bignum.methods import DEFAULT_METHOD, METHODS
from pc1.base import InputError, write_atomically
from tui.dialogs import PathDialog
from tui.saving import save_as
from tui.screens.base import WorkbenchScreen

NO_CHECK = "no check"
USUAL_CHECK = "usual check"
SHOWN = 20_000  # decimals put on screen; the file gets them all


class Cancelled(Exception):
    """The operator cancelled the run (raised inside the worker by the progress callback)."""


def describe(run: DigitsRun) -> str:
    """One line: what was computed, how, how long, and what the check said."""
    d = run.digits
    line = (f"{d.constant}: {len(d.decimals):,} decimals by {d.method} ({d.backend}) in "
            f"{run.seconds:.2f} s")
    if run.check is not None:
        c = run.check
        line += (f"; {c.second.method} agrees on all of them" if c.agree else
                 f"; {c.second.method} DISAGREES at decimal {c.first_difference}")
    return line


class DigitsScreen(WorkbenchScreen):
    """Enter or Compute starts; Escape cancels a run (and otherwise returns to the console)."""

    BINDINGS = [
        Binding("ctrl+r", "compute", "Compute"),
        Binding("escape", "cancel_or_leave", "Cancel / Console"),
        Binding("ctrl+s", "save", "Save digits"),
    ]
    DEFAULT_CSS = """
    DigitsScreen #digits-form { height: 2; padding: 0 1; }
    DigitsScreen .field { width: 1fr; height: 2; margin: 0 1 0 0; }
    DigitsScreen .field.count { width: 12; }
    DigitsScreen .field Label { color: $text-muted; }
    DigitsScreen #digits-bar-row { height: 1; padding: 0 1; }
    DigitsScreen #digits-bar-row Button { margin: 0 1 0 0; width: auto; min-width: 0; }
    DigitsScreen #stage { width: auto; margin: 0 1 0 0; color: $text-muted; }
    DigitsScreen #bar { width: 1fr; }
    DigitsScreen #bar Bar { width: 1fr; min-width: 10; }
    DigitsScreen #digits-status { height: auto; padding: 0 1; }
    DigitsScreen #digits-out { height: 1fr; border: round $primary; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.result: DigitsRun | None = None
        self.digit_layout = "pc1"
        self._worker: Worker | None = None
        self._shown = -1

    def compose(self) -> ComposeResult:
        yield Static(" Digits: pi or e by a chosen method, cross-checked",
                     classes="workbench-title")
        with Horizontal(id="digits-form"):
            with Vertical(classes="field"):
                yield Label("constant")
                yield Select([(c, c) for c in CONSTANTS], value="pi", allow_blank=False,
                             compact=True, id="constant")
            with Vertical(classes="field count"):
                yield Label("decimals")
                yield Input("1000", compact=True, id="count", placeholder="1e6, 10**5")
            with Vertical(classes="field"):
                yield Label("method")
                yield Select(self._methods("pi"), value=DEFAULT_METHOD["pi"],
                             allow_blank=False, compact=True, id="method")
            with Vertical(classes="field"):
                yield Label("verify with")
                yield Select(self._checks("pi"), value=USUAL_CHECK, allow_blank=False,
                             compact=True, id="check")
            with Vertical(classes="field"):
                yield Label("layout")
                yield Select([(x, x) for x in LAYOUTS], value="pc1", allow_blank=False,
                             compact=True, id="layout")
        with Horizontal(id="digits-bar-row"):
            yield Button("Compute", id="compute", compact=True, variant="primary")
            yield Button("Cancel", id="cancel", compact=True, disabled=True)
            yield Button("Save…", id="save", compact=True, disabled=True)
            yield Label("", id="stage")  # which stage the bar measures: each starts at 0%
            yield ProgressBar(total=1.0, show_eta=False, id="bar")
        yield Static("Enter or ctrl+r computes; Esc cancels; ctrl+s saves.", id="digits-status")
        with VerticalScroll(id="digits-out"):
            yield Static(id="digits-text")
        yield Footer()

    @staticmethod
    def _methods(constant: str) -> list[tuple[str, str]]:
        return [(f"{m.name}", m.name) for m in METHODS[constant].values()]

    @staticmethod
    def _checks(constant: str) -> list[tuple[str, str]]:
        return [(NO_CHECK, NO_CHECK), (USUAL_CHECK, USUAL_CHECK),
                *((f"check: {m}", m) for m in METHODS[constant])]

    def on_mount(self) -> None:
        self.query_one("#count", Input).focus()

    # --- the form -------------------------------------------------------------------------------

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "constant":
            constant = str(event.value)
            method = self.query_one("#method", Select)
            method.set_options(self._methods(constant))
            method.value = DEFAULT_METHOD[constant]
            check = self.query_one("#check", Select)
            check.set_options(self._checks(constant))
            check.value = USUAL_CHECK
        elif event.select.id == "layout":
            self.digit_layout = str(event.value)
            if self.result is not None:
                self._show(self.result)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_compute()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        {"compute": self.action_compute, "cancel": self.action_cancel,
         "save": self.action_save}[event.button.id or "compute"]()

    def set_request(self, constant: str, count: str, method: str | None = None,
                    check: str = USUAL_CHECK) -> None:
        """Fill in the form (palette commands and tests use it)."""
        self.query_one("#constant", Select).value = constant
        self.query_one("#method", Select).set_options(self._methods(constant))
        self.query_one("#method", Select).value = method or DEFAULT_METHOD[constant]
        self.query_one("#check", Select).set_options(self._checks(constant))
        self.query_one("#check", Select).value = check
        self.query_one("#count", Input).value = count

    def action_preset(self, constant: str, count: str) -> None:
        """Fill in a request with the constant's usual method and check, and start it."""
        self.set_request(constant, count)
        self.action_compute()

    # --- running --------------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        """True while a computation is going on."""
        return self._worker is not None and not self._worker.is_finished

    def action_compute(self) -> None:
        """Start the computation the form describes."""
        if self.running:
            return
        constant = str(self.query_one("#constant", Select).value)
        count = self.query_one("#count", Input).value
        method = str(self.query_one("#method", Select).value)
        check = str(self.query_one("#check", Select).value)
        self._shown = -1
        self.query_one("#bar", ProgressBar).update(progress=0.0)
        self.query_one("#stage", Label).update("compute")
        self._say(f"{constant}: computing {count} decimals by {method}…")
        self._buttons(running=True)
        self._worker = self.run_worker(
            lambda: self._work(constant, count, method, check), thread=True,
            exclusive=True, group="digits", name="digits",
            exit_on_error=False)  # a bad request or a cancel is shown, not fatal

    def _work(self, constant: str, count: str, method: str, check: str) -> DigitsRun:
        worker = get_current_worker()

        def progress(stage: str, fraction: float) -> None:
            if worker.is_cancelled:
                raise Cancelled
            percent = int(fraction * 100)
            if percent != self._shown:  # at most a hundred updates a stage
                self._shown = percent
                self.app.call_from_thread(self._progress, stage, fraction)

        return run_digits(constant, count, method, check=check != NO_CHECK,
                          check_method=None if check in (NO_CHECK, USUAL_CHECK) else check,
                          progress=progress)

    def _progress(self, stage: str, fraction: float) -> None:
        self.query_one("#bar", ProgressBar).update(progress=fraction)
        self.query_one("#stage", Label).update(stage)
        self._say(f"{stage}: {fraction:.0%}")

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker is not self._worker or not worker.is_finished:
            return
        self._buttons(running=False)
        if worker.state == WorkerState.SUCCESS and isinstance(worker.result, DigitsRun):
            self.result = worker.result
            self.query_one("#bar", ProgressBar).update(progress=1.0)
            self.query_one("#stage", Label).update("done")
            self._show(worker.result)
            self.query_one("#save", Button).disabled = False
        elif worker.state == WorkerState.CANCELLED or isinstance(worker.error, Cancelled):
            self._say("cancelled")
        elif isinstance(worker.error, DigitsError):
            self._say(f"digits: {worker.error}", error=True)
        elif isinstance(worker.error, MemoryError):
            self._say("digits: out of memory for that many decimals", error=True)
        elif worker.error is not None:  # a fault of ours: said, not swallowed
            self._say(f"digits: failed: {type(worker.error).__name__}: {worker.error}",
                      error=True)

    def action_cancel(self) -> None:
        """Cancel the run in progress (it stops at its next progress report)."""
        if self.running and self._worker is not None:
            self._worker.cancel()
            self._say("cancelled")
            self._buttons(running=False)

    def action_cancel_or_leave(self) -> None:
        """Escape: cancel a run, or go back to the console when none is going on."""
        if self.running:
            self.action_cancel()
        else:
            self.app.action_console()

    def _buttons(self, running: bool) -> None:
        self.query_one("#compute", Button).disabled = running
        self.query_one("#cancel", Button).disabled = not running

    def _say(self, message: str, error: bool = False) -> None:
        self.query_one("#digits-status", Static).update(
            Text(message, style="bold red") if error else message)
        if error:
            self.notify(message, severity="error", timeout=8)

    def _show(self, run: DigitsRun) -> None:
        self._say(describe(run))
        d = run.digits
        text = format_digits(d.integer, d.decimals[:SHOWN], self.digit_layout).replace("\r\n", "\n")
        if len(d.decimals) > SHOWN:
            text += f"\n… {len(d.decimals) - SHOWN:,} more decimals: ctrl+s saves them all"
        self.query_one("#digits-text", Static).update(text)

    # --- saving -----------------------------------------------------------------------------

    def action_save(self) -> None:
        """Save the digits in the chosen layout (the PC-1's ends lines with CR LF)."""
        run = self.result
        if run is None:
            self._say("nothing to save yet: compute first", error=True)
            return
        d = run.digits
        text = format_digits(d.integer, d.decimals, self.digit_layout)

        def chosen(answer: str | None) -> None:
            if answer:
                try:  # whole or not at all
                    path, _ = save_as(answer, self.app.root, lambda p: write_atomically(p, text))
                except InputError as exc:
                    self._say(f"cannot save: {exc}", error=True)
                else:
                    self._say(f"saved {len(d.decimals):,} decimals of {d.constant} to {path}")

        self.app.push_screen(PathDialog(f"Save {len(d.decimals):,} decimals of {d.constant} as:",
                                        f"{d.constant}-{len(d.decimals)}.txt"), chosen)
