"""The console: the PC-1 on screen (panel, reader, teleprinter, study view, demos)."""

from __future__ import annotations

import time
from collections.abc import Iterable
from functools import partial
from pathlib import Path

from textual.app import App, ComposeResult
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.containers import Horizontal
from textual.css.query import NoMatches
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Static, TabbedContent, TabPane
from textual.worker import Worker

from pc1.base import InputError
from pc1.devices import PAPER_KEEP, PUNCH_REEL, Tape, initial_load_hint, tapes_dir
from pc1.machine import DEFAULT_CLOCK_HZ, LIMIT_REASONS, Limits, Machine, Stop
from pc1.operator import Action
from tui import demos
from tui.devices import Devices
from tui.dialogs import ConfirmDialog
from tui.guard import Guarded, worker_failure
from tui.keyboard import Keyboard
from tui.library import TapeLibrary
from tui.memory_view import MemoryView
from tui.monitor_console import MonitorConsole
from tui.palette import ConsoleCommands, GuardedPalette
from tui.panel import Panel
from tui.runner import Runner, Snapshot
from tui.saved_state import SavedState
from tui.speaker_view import SpeakerActions, speaker_caption
from tui.status import status_text
from tui.study_dialogs import LimitsDialog
from tui.tape_view import TapeStrip
from tui.teleprinter_view import TeleprinterView
from tui.workbenches import WORKBENCHES

SPEEDS = ("real", "max")
# the console's own keys (panel, reader, paper, tabs): live where the console is shown; a
# workbench keeps only those it names in CONSOLE_KEYS (STOP everywhere), so a letter pressed
# on a puzzle never presses a panel button by surprise
CONSOLE_ONLY = frozenset({
    "press", "open", "rewind", "remove", "speed", "clock", "demo", "punch", "copy_paper",
    "tear_paper", "command_line", "save_paper", "save_sound", "tab", "limits",
    "save_state", "restore_state", "key_tape",
})
MEMORY_REFRESH_SECONDS = 0.25
OTHER_CLOCK = {15_000.0: 10_000.0, 10_000.0: 15_000.0}


class MachineUpdate(Message):
    """A snapshot from the machine's thread."""

    def __init__(self, snapshot: Snapshot) -> None:
        self.snapshot = snapshot
        super().__init__()


class RunEnded(Message):
    """A free run has ended."""

    def __init__(self, stop: Stop, serial: int) -> None:
        self.stop = stop
        self.serial = serial  # the operator action that started the run
        super().__init__()


class PC1App(Guarded, Devices, MonitorConsole, SpeakerActions, SavedState, Keyboard, App):
    """The Parametron Workbench console."""

    TITLE = "Parametron Workbench"
    CSS_PATH = "app.tcss"
    # the footer shows these in this order: at 80 columns the demos, the speed and STOP come
    # first; the rest are in help (F1) and the palette
    BINDINGS = [
        Binding("e", "demo('e1000')", "e-1000"),
        Binding("p", "demo('pi1000')", "pi-1000"),
        Binding("v", "speed", "Speed"),
        Binding("x", "press('stop')", "STOP", priority=True),
        Binding("i", "press('initial-load')", "Init Load"),
        Binding("c", "press('clear-start')", "Clear Start"),
        Binding("s", "press('initial-start')", "Init Start"),
        Binding("r", "press('restart')", "Restart"),
        Binding("f", "press('free-run')", "Free Run"),
        Binding("o", "open", "Open tape"),
        Binding("w", "rewind", "Rewind", show=False),
        Binding("u", "remove", "Remove tape", show=False),
        Binding("k", "clock", "Clock", show=False),
        Binding("n", "punch", "Punch", show=False),
        Binding("y", "copy_paper", "Copy paper", show=False),
        Binding("t", "tear_paper", "Tear paper", show=False),
        Binding("l", "limits", "Run limits", show=False),
        Binding("colon", "command_line", "Command line (monitor)", show=False),
        Binding("ctrl+s", "save_paper", "Save paper", show=False),
        Binding("ctrl+w", "save_sound", "Save sound", show=False),
        Binding("ctrl+t", "save_state", "Save machine", show=False),
        Binding("ctrl+o", "restore_state", "Restore machine", show=False),
        Binding("ctrl+k", "key_tape", "Key a tape", show=False),
        Binding("1", "tab('console')", "Console", show=False),
        Binding("2", "tab('tapes')", "Tapes", show=False),
        Binding("3", "tab('study')", "Study", show=False),
        Binding("q", "quit", "Quit"),
        Binding("question_mark", "workbench('help')", "Help", show=False),
        # every workbench opens by its key from anywhere (tui/workbenches.py)
        *(Binding(wb.key, f"workbench('{wb.name}')", wb.title, show=False)
          for wb in WORKBENCHES),
    ]
    COMMANDS = App.COMMANDS | {ConsoleCommands}

    def __init__(self, clock_hz: float = DEFAULT_CLOCK_HZ, tape_dirs: Iterable[Path] = (),
                 *, speed: str = "real", include_our_tapes: bool = True,
                 max_orders: int | None = None, demo_pause: float = 1.0,
                 root: Path | None = None) -> None:
        super().__init__()
        # served (pc1 serve --root): every file the console opens or saves stays inside root
        self.root = root.resolve() if root is not None else None
        self.machine = Machine(clock_hz=clock_hz)
        self.machine.free_run = True
        # the console may run a printing or punching loop for days: bounded paper and reel
        self.machine.teleprinter.paper_keep = PAPER_KEEP
        self.machine.teleprinter.punch_reel = PUNCH_REEL
        self.runner = Runner(self.machine, lambda s: self.post_message(MachineUpdate(s)))
        self.speed = speed if speed in SPEEDS else "real"
        folders = ([tapes_dir()] if include_our_tapes else []) + [Path(d) for d in tape_dirs]
        self.folders = folders
        self.breakpoints: frozenset[int] = frozenset()
        self.limits = Limits(orders=max_orders)  # each run's (l sets them)
        self.demo_pause = demo_pause
        self.message = ""
        self._run_worker: Worker | None = None
        self._serial = 0
        self._memory_shown = 0.0
        self._last = self.runner.snapshot(False)

    # --- layout -----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Panel(id="panel")
        with TabbedContent(id="tabs", initial="console"):
            with TabPane("Console", id="console"):
                with Horizontal():
                    yield TeleprinterView(id="paper")
                    yield TapeStrip(id="reader")
            with TabPane("Tapes", id="tapes"):
                yield TapeLibrary(self.folders, id="library")
            with TabPane("Study", id="study"):
                yield MemoryView(id="study-view")
        yield Static(id="status")
        yield Footer()

    def on_mount(self) -> None:
        self.console_screen.query_one("#paper", TeleprinterView).border_title = "teleprinter"
        self.show(self._last)

    def _handle_exception(self, error: Exception) -> None:
        # Textual's hook for any failure: a worker's is a message (or nothing, when it was
        # cancelled on quit); the rest ends the app as Textual means
        if not worker_failure(self, error):
            super()._handle_exception(error)

    def on_unmount(self) -> None:
        # a thread worker cannot be cancelled: the machine must be told to stop
        self.runner.request_stop()

    def action_command_palette(self) -> None:
        """ctrl+p: the command palette, guarded against Textual's page-key bug."""
        if self.use_command_palette and not GuardedPalette.is_open(self):
            self.push_screen(GuardedPalette(id="--command-palette"))

    # --- the console and the workbenches ---------------------------------------------------------

    @property
    def console_screen(self) -> Screen:
        """The console's own screen (panel, tabs, status), whatever screen is on top."""
        return self.screen_stack[0]

    def action_workbench(self, name: str) -> AwaitComplete | None:
        """Show a workbench screen (made on first use); another workbench on top gives way."""
        if name not in self._installed_screens:
            wb = next((w for w in WORKBENCHES if w.name == name), None)
            if wb is None:
                self.say(f"no workbench named {name!r}", error=True)
                return None
            self.install_screen(wb.load()(), name)
        wanted = self.get_screen(name)
        if self.screen is wanted:
            return None
        if wanted not in self.screen_stack:
            self.action_console()  # dialogs and other workbenches make way
            return AwaitComplete(self.push_screen(wanted))
        while self.screen is not wanted:
            self.pop_screen()
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The console's keys act where the console is shown; a workbench keeps the ones it
        names (CONSOLE_KEYS), and STOP stays live everywhere."""
        if action not in CONSOLE_ONLY or self.screen is self.console_screen:
            return True
        key = parameters[0] if action == "press" and parameters else action
        return key in getattr(self.screen, "CONSOLE_KEYS", frozenset({"stop"}))

    async def action_quit(self) -> None:
        """Quit; but first ask, when the assembler bench holds work that no file has."""
        bench = self._installed_screens.get("assembler")
        if not getattr(bench, "unsaved", False):
            self.exit()
        elif not isinstance(self.screen, ConfirmDialog):
            self.push_screen(ConfirmDialog("The assembler's source has changes not saved.\n"
                                           "Quit and lose them?"),
                             lambda yes: self.exit() if yes else None)

    def action_console(self) -> None:
        """Back to the console: every screen above it goes away (installed ones keep their
        state)."""
        while len(self.screen_stack) > 1:
            self.pop_screen()

    async def run_console_action(self, action: str) -> None:
        """A palette command of the console: show the console, then do it."""
        self.action_console()
        await self.run_action(action)

    async def run_workbench_command(self, name: str, action: str) -> None:
        """A palette command of a workbench: open it, then run the action on its screen."""
        waiting = self.action_workbench(name)
        if waiting is not None:
            await waiting
        if action and self.screen is self.get_screen(name):
            await self.run_action(action, self.screen)

    # --- showing the machine ------------------------------------------------------------------

    @property
    def running(self) -> bool:
        """True while a free run is going on."""
        return self._run_worker is not None and not self._run_worker.is_finished

    @property
    def idle(self) -> bool:
        """True when no run is going on and the views show how the last one ended."""
        return not self.running and not self._last.running

    @property
    def free_run(self) -> bool:
        """The FREE RUN switch."""
        return self.machine.free_run

    def on_machine_update(self, message: MachineUpdate) -> None:
        try:
            if self.screen_stack:  # (none left while the app closes)
                self.show(message.snapshot)
        except NoMatches:
            pass  # a last snapshot can arrive while the app is closing and its widgets are gone
        finally:
            self.runner.shown()  # the machine's thread may post the next frame

    def refresh_machine(self) -> None:
        """Show the machine as it is now (only when no run owns it)."""
        if not self.running:
            self.show(self.runner.snapshot(False))

    def show(self, s: Snapshot) -> None:
        """Update every view from one snapshot."""
        self._last = s
        m = self.machine
        self.console_screen.query_one(Panel).show(s, self.free_run)
        self.console_screen.query_one(Panel).border_subtitle = speaker_caption(m, s.cycles)
        self.console_screen.query_one(TeleprinterView).show(m.teleprinter)
        self.console_screen.query_one(TapeStrip).show(m.tape, s.tape_position)
        self.console_screen.query_one(TapeLibrary).show_punch(m.teleprinter.punch_on, s.punched,
                                                              m.teleprinter.punch_overrun)
        now = time.monotonic()
        study = self.console_screen.query_one(TabbedContent).active == "study"
        # while running, the table follows at a few Hz: a run rewrites hundreds of words a frame
        if not s.running or (study and now - self._memory_shown >= MEMORY_REFRESH_SECONDS):
            self._memory_shown = now
            self.console_screen.query_one(MemoryView).show(
                m.memory.words, s.K, self.breakpoints, self.runner.entries(),
                follow=not s.running, time=s.orders - m.clear_start_orders)
        self.console_screen.query_one("#status", Static).update(
            status_text(s, self.speed == "real", m.clock_hz, self.message))

    def say(self, message: str, error: bool = False) -> None:
        """An operator message in the status line (errors also pop up)."""
        self.message = message
        if error:
            self.notify(message, severity="error", timeout=8)
        self.console_screen.query_one("#status", Static).update(
            status_text(self._last, self.speed == "real", self.machine.clock_hz, message))

    # --- the panel ------------------------------------------------------------------------------

    def on_panel_pressed(self, event: Panel.Pressed) -> None:
        self.run_worker(self.press(event.name), group="press")

    async def action_press(self, name: str) -> None:
        """Key binding of a panel button."""
        await self.press(name)

    async def press(self, name: str) -> None:
        """Press a panel button by its name (the ids in tui.panel.BUTTONS)."""
        m = self.machine
        if name == "stop":
            self.stop_machine()
            return
        if name == "free-run":
            self.set_free_run(not self.free_run)
            return
        await self.halt()
        self._serial += 1
        if name in ("initial-load", "clear-start"):
            self.runner.reset_counters()  # the status line counts this run from here
        if name == "initial-load":
            self.program_tape = None  # a new program: what it waits for is not known yet
            if m.tape is None:
                self.say("INITIAL LOAD: the reader is empty; place a binary tape first",
                         error=True)
                return
            try:
                words = m.initial_load()
            except InputError as exc:
                hint = initial_load_hint(Path(m.tape.name)) if m.tape.name else None
                self.say(f"INITIAL LOAD: {exc}" + (f". {hint}" if hint else ""), error=True)
            else:
                self.say(f"INITIAL LOAD: {words} words loaded from {_short(m.tape)}")
            self.refresh_machine()
            return
        {"clear-start": m.clear_start, "initial-start": m.initial_start,
         "restart": m.restart}[name]()
        # a snapshot of each start: the history the profile (and going back) replays from
        self.monitor.timeline.take()
        label = name.replace("-", " ").upper()
        if self.free_run:
            self.say(f"{label}: running")
            self.start_run()
        else:
            stop = self.runner.step()
            self.say(f"{label}: one order ({stop.describe()})")

    def set_free_run(self, on: bool) -> None:
        """Set the FREE RUN switch."""
        self.machine.free_run = on
        self.console_screen.query_one(Panel).show(self._last, on)

    def start_run(self) -> None:
        """Free run on a worker thread."""
        self.runner.begin()
        self._run_worker = self.run_worker(
            self._free_run, thread=True, exclusive=True, group="machine", name="free run")
        self._last = self.runner.snapshot(True)

    def _free_run(self) -> None:
        serial = self._serial
        stop = self.runner.run(lambda: self.speed == "real", lambda: self.breakpoints,
                               limits=self.limits)
        self.post_message(RunEnded(stop, serial))

    def on_run_ended(self, message: RunEnded) -> None:
        if message.serial != self._serial:
            return  # the operator has done something since; that message stays
        stop = message.stop
        waiting = stop.reason == "waiting for tape"
        if self.offer_keyed_tape(waiting):
            self.say(f"the machine stopped: {stop.describe()}: "
                     "ctrl+k keys the tape it waits for")
            return
        hint = {"waiting for tape": ": place a tape and press RESTART",
                "breakpoint": ": RESTART goes on",
                "stopped": ": FREE RUN is off now (f turns it on)",
                **dict.fromkeys(LIMIT_REASONS, f" (run limits: {self.limits.describe()}; "
                                               "l changes them, RESTART goes on)"),
                }.get(stop.reason, "")
        self.say(f"the machine stopped: {stop.describe()} after {stop.orders:,} orders{hint}")

    def stop_machine(self) -> None:
        """STOP: end the free run (FREE RUN goes off, as on the machine)."""
        if self.running:
            self.runner.request_stop()
            if self.free_run:
                self.notify("FREE RUN is off now: each start runs one order. Press f to turn "
                            "it back on.", title="STOP", severity="warning", timeout=8)
            self.set_free_run(False)

    async def halt(self) -> None:
        """Stop a run in progress and wait until the machine is ours again."""
        worker = self._run_worker
        if worker is not None and not worker.is_finished:
            self.runner.request_stop()
            await worker.wait()

    async def wait_idle(self) -> bool:
        """Wait for the run to end; True if the machine stopped by itself."""
        worker = self._run_worker
        if worker is not None:
            await worker.wait()
        self.refresh_machine()  # the run's last snapshot may still be on its way
        stop = self.machine.last_stop
        return stop is not None and stop.by_itself

    # --- speed, study, demos ------------------------------------------------------------------

    def action_speed(self) -> None:
        """Switch between real time at the clock and as fast as possible."""
        self.speed = "max" if self.speed == "real" else "real"
        self.say(f"speed: {'as fast as possible' if self.speed == 'max' else 'real time'}")

    @property
    def max_orders(self) -> int | None:
        """The order limit of each run (None: none)."""
        return self.limits.orders

    def action_limits(self) -> None:
        """Set the limits of the console's runs: orders, simulated and wall-clock seconds."""
        def chosen(limits: Limits | None) -> None:
            if limits is not None:
                self.limits = limits
                self.say(f"run limits: {limits.describe()}")

        self.push_screen(LimitsDialog(self.limits), chosen)

    def action_clock(self) -> None:
        """Switch the clock between 15 kHz (published) and 10 kHz (PC-1 on Unity)."""
        m = self.machine
        hz = OTHER_CLOCK.get(float(m.clock_hz), DEFAULT_CLOCK_HZ)
        self.runner.call(lambda: setattr(m, "clock_hz", hz))
        self.say(f"clock {hz / 1000:g} kHz")

    def action_tab(self, tab: str) -> None:
        """Show one of the tabs."""
        self.action_console()
        self.console_screen.query_one(TabbedContent).active = tab

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        focus = {"study": "#memory", "tapes": "#tape-list"}.get(event.pane.id or "")
        if focus:
            self.console_screen.query_one(focus).focus()
        self.refresh_machine()

    def action_demo(self, name: str) -> None:
        """Run a guided demo (the historic operator steps) of our tapes."""
        try:
            actions = demos.demo_actions(name)
        except InputError as exc:
            self.say(f"{name} demo: {exc}", error=True)
            return
        self.run_demo(actions)

    def run_demo(self, actions: list[Action]) -> Worker:
        """Perform operator actions one by one, visibly."""
        self.action_console()
        self.console_screen.query_one(TabbedContent).active = "console"
        if self.speed == "real":
            self.notify("Real time: the computation takes minutes, as it did in 1958. "
                        "Press v for full speed.", title="guided demo", timeout=6)
        # (the function, not a coroutine: a demo replaced before it starts leaves none unawaited)
        return self.run_worker(partial(demos.perform, self, actions, self.demo_pause),
                               group="demo", exclusive=True, name="demo")


def _short(tape: Tape | None) -> str:
    return tape.name.rsplit("/", 1)[-1] if tape else "-"
