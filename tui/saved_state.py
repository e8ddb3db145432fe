"""Saving the machine to a file and putting it back, on the console: the state file of the
monitor's save-state and restore-state verbs and of `pc1 run --dump-state/--restore`
(pc1.machine write_state, read_state, apply_state: the same functions).

A mixin of the app (tui.app.PC1App), which provides machine, runner, monitor, root, say,
halt, refresh_machine, push_screen and run_worker.
"""

from __future__ import annotations

from pathlib import Path

from pc1.base import InputError, confined_path, display_name
from pc1.machine import apply_state, read_state, write_state
from tui.dialogs import OpenDialog, PathDialog


class SavedState:
    """Save the machine (ctrl+t) and restore it (ctrl+o); mixed into the app."""

    def action_save_state(self) -> None:
        """Ask for a file and save the machine there (between chunks of a run going on)."""

        def chosen(answer: str | None) -> None:
            if not answer:
                return
            try:
                path = confined_path(answer, self.root)
            except InputError as exc:
                self.say(f"cannot save the machine: {exc}", error=True)
                return
            self.runner.call(lambda: self._save_state(path))

        self.push_screen(PathDialog("Save the machine (registers, store, reader) as:",
                                    "machine.json"), chosen)

    def _save_state(self, path: Path) -> None:
        m = self.machine
        try:
            write_state(m, path)
        except (InputError, OSError) as exc:
            self._from_thread(self.say, f"cannot save the machine: {exc}", True)
        else:
            self._from_thread(self.say, f"machine saved to {display_name(path)} at order "
                              f"{m.since_clear_start:,} since CLEAR START (K {m.K})")

    def action_restore_state(self) -> None:
        """Ask for a saved state file and put the machine in that state."""

        def chosen(answer: str | None) -> None:
            if answer:
                self.run_worker(self.restore_state(answer), group="press")

        self.push_screen(OpenDialog("Restore the machine from a saved state file:",
                                    self.root or Path.cwd(), root=self.root,
                                    placeholder="a state file, e.g. machine.json"), chosen)

    async def restore_state(self, answer: str) -> bool:
        """Read the state file and put it in the machine; a bad file is one line naming it."""
        try:
            state = read_state(confined_path(answer, self.root))
        except InputError as exc:
            self.say(f"cannot restore the machine: {exc}", error=True)
            return False
        await self.halt()
        m = self.machine
        apply_state(m, state)
        self.monitor.timeline.forget()  # the history before the restore is another machine's
        self.runner.reset_counters()
        if m.tape is not None and m.tape.name:
            self._tape_sources(m.tape)
        self.say(f"machine restored from {display_name(answer)}: order "
                 f"{m.since_clear_start:,} since CLEAR START, K {m.K}; RESTART goes on")
        self.refresh_machine()
        return True
