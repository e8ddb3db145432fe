"""The reader, the punch and the paper: the console's actions on the machine's devices.

A mixin of the app (tui.app.PC1App), which provides machine, runner, say, refresh_machine.
Tape changes go through the runner, so that a run in progress sees them between chunks.
"""

from __future__ import annotations

from pathlib import Path

from pc1.base import InputError, confined_path, write_atomically
from pc1.devices import Tape, read_tape, write_tape
from tui.dialogs import OpenDialog, PathDialog
from tui.library import TapeLibrary
from tui.memory_view import MemoryView
from tui.saving import save_as
from tui.sources import source_map
from tui.teleprinter_view import TeleprinterView


class Devices:
    """Reader, punch and paper actions (mixed into the app)."""

    def place_tape(self, path: Path | Tape) -> bool:
        """Put a tape (a file, or one a recipe punched) in the reader; errors are shown."""
        if isinstance(path, Tape):  # e.g. the `N+` tape of `pc1 run factorize N`
            tape, path = path, Path(path.name)
        else:
            try:
                tape = read_tape(path)
            except InputError as exc:
                self.say(f"cannot read tape: {exc}", error=True)
                return False
        self.runner.call(lambda: self.machine.load_tape(tape))
        sources = source_map(tape, path)
        if sources:  # a data tape or a binary tape without a source keeps the last sources
            self.console_screen.query_one(MemoryView).set_sources(sources)
        self.say(f"tape {path.name} placed in the reader ({len(tape)} frames)")
        self.refresh_machine()
        self.read_on()  # a machine waiting on `i` reads the new tape at once
        return True

    def on_tape_library_command(self, event: TapeLibrary.Command) -> None:
        actions = {"rewind": self.action_rewind, "remove": self.action_remove,
                   "open": self.action_open, "punch": self.action_punch,
                   "save-punch": self.action_save_punch}
        if event.name == "place":
            if event.path is None:
                self.say("choose a tape in the library first", error=True)
            else:
                self.place_tape(event.path)
        elif event.name in actions:
            actions[event.name]()

    def action_rewind(self) -> None:
        """Rewind the tape in the reader."""
        self.runner.call(self.machine.rewind_tape)
        self.say("tape rewound")
        self.refresh_machine()

    def action_remove(self) -> None:
        """Take the tape out of the reader."""
        self.runner.call(self.machine.remove_tape)
        self.say("reader emptied")
        self.refresh_machine()

    def action_open(self) -> None:
        """Ask for a tape file (placed in the reader) or a folder (added to the library)."""

        def chosen(answer: str | None) -> None:
            if not answer:
                return
            try:
                path = confined_path(answer, self.root)
            except InputError as exc:
                self.say(f"cannot open: {exc}", error=True)
                return
            if path.is_dir():
                self.console_screen.query_one(TapeLibrary).add_folder(path)
                self.say(f"folder {path} added to the tape library")
            elif path.suffix.lower() == ".pc1":  # a source, not a tape: the assembler bench
                opening = f"open_file({str(path)!r})"
                self.run_worker(self.run_workbench_command("assembler", opening))
            else:
                self.place_tape(path)

        self.push_screen(OpenDialog("Open a tape file (placed in the reader) or a folder:",
                                    self.root or Path.cwd(), root=self.root),
                         chosen)

    def action_punch(self) -> None:
        """Switch the punch on or off."""
        tp = self.machine.teleprinter
        on = not tp.punch_on

        def switch() -> None:
            tp.punch_on = on

        self.runner.call(switch)
        self.say(f"punch {'on' if on else 'off'}")
        self.refresh_machine()

    def action_save_punch(self) -> None:
        """Save what the punch has punched as a tape file."""
        frames = list(self.machine.teleprinter.punched)
        overrun = self.machine.teleprinter.punch_overrun
        full = f"; the reel was full, {overrun:,} frames after it are not kept" if overrun else ""

        def chosen(answer: str | None) -> None:
            if answer:
                try:
                    save_as(answer, self.root, lambda p: write_tape(p, frames))
                except InputError as exc:
                    self.say(f"cannot save the punched tape: {exc}", error=True)
                else:
                    self.say(f"punched tape saved: {answer} ({len(frames):,} frames{full})")

        self.push_screen(PathDialog(f"Save the punched tape ({len(frames)} frames) as:",
                                    "punched.ptp"), chosen)

    def _paper(self) -> tuple[str, str]:
        """The paper's text, and what a message says of paper no longer kept."""
        view = self.console_screen.query_one(TeleprinterView)
        # short enough for the status line at 80 columns
        older = f" (older ones are not kept: {view.torn_off:,} characters)" \
            if view.torn_off else ""
        return view.text, older

    def action_copy_paper(self) -> None:
        """Copy the teleprinter's paper to the clipboard."""
        text, older = self._paper()
        self.copy_to_clipboard(text)
        self.say(f"paper copied to the clipboard{older}")

    def action_save_paper(self) -> None:
        """Save the teleprinter's paper as a text file."""
        text, older = self._paper()

        def chosen(answer: str | None) -> None:
            if answer:
                try:  # whole or not at all
                    save_as(answer, self.root, lambda p: write_atomically(p, text))
                except InputError as exc:
                    self.say(f"cannot save the paper: {exc}", error=True)
                else:
                    self.say(f"paper saved: {answer}{older}")

        self.push_screen(PathDialog("Save the teleprinter paper as:", "paper.txt"), chosen)
