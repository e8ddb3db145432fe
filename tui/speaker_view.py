"""The loudspeaker on the console: its frequency under the panel, and the sound of a run.

A mixin of the app (tui.app.PC1App), which provides machine, runner, say, push_screen.
The caption is pc1.devices.speaker.describe_now; the sound is pc1.devices.speaker.write_wav of the
speaker's changes since the last INITIAL LOAD or CLEAR START, at the console's clock.
"""

from __future__ import annotations

from pathlib import Path

from pc1.base import InputError
from pc1.devices import describe_now, excerpt, write_wav
from pc1.machine import Machine
from tui.dialogs import PathDialog
from tui.saving import save_as


def speaker_caption(machine: Machine, cycles: int) -> str:
    """What the panel's lower border says about the speaker at `cycles`."""
    return describe_now(machine.speaker_events, cycles, machine.clock_hz)


def save_run_sound(machine: Machine, path: Path, since_cycle: int) -> tuple[float, float]:
    """Write the speaker's sound from `since_cycle` to now, or from the oldest change the
    machine still keeps (pc1.machine.machine.SPEAKER_KEEP): (seconds saved, seconds not kept)."""
    events = machine.speaker_events
    start = since_cycle
    if machine.speaker_dropped and events and events[0][0] > since_cycle:
        start = events[0][0]
    end = machine.cycles
    write_wav(path, excerpt(list(events), start, end), end - start, machine.clock_hz)
    return (end - start) / machine.clock_hz, (start - since_cycle) / machine.clock_hz


class SpeakerActions:
    """Save the sound of the run (mixed into the app)."""

    def action_save_sound(self) -> None:
        """Ask for a file and save the speaker's sound since INITIAL LOAD or CLEAR START."""
        since = self.runner.base[1]
        changes = sum(1 for c, _ in self.machine.speaker_events if c >= since)

        def chosen(answer: str | None) -> None:
            if not answer:
                return
            try:
                path, (seconds, lost) = save_as(
                    answer, self.root, lambda p: save_run_sound(self.machine, p, since))
            except InputError as exc:
                self.say(f"cannot save the sound: {exc}", error=True)
                return
            kept = f"; the first {lost:.1f} s are not kept" if lost else ""
            self.say(f"sound saved: {path} ({seconds:.1f} s at "
                     f"{self.machine.clock_hz / 1000:g} kHz, {changes} speaker changes{kept})")

        self.push_screen(PathDialog(f"Save this run's sound ({changes} speaker changes) as:",
                                    "speaker.wav"), chosen)
