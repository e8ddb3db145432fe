"""The monitor's verbs that save the machine to a file and put it back (SIMH's save and
restore): save-state and restore-state, in the format of `pc1 run --dump-state`.

A mixin of pc1.monitor.Monitor, which provides machine, timeline, out, resolve and _now (from
the study verbs); each verb is registered in the one verb table (pc1.monitor.verbs).
"""

from __future__ import annotations

from pc1.base import InputError
from pc1.machine import apply_state, read_state, write_state
from pc1.monitor.values import MonitorError
from pc1.monitor.verbs import unquote, verb


class StateVerbs:
    """save-state, restore-state."""

    @verb("save-state", "FILE", "save the machine to FILE (JSON: registers, store, counters, "
          "the tape in the reader and its position; the format of pc1 run --dump-state)")
    def _save_state(self, arg: str) -> None:
        if not arg.strip():
            raise MonitorError("save-state FILE")
        path = self.resolve(unquote(arg))
        try:
            write_state(self.machine, path)
        except InputError as exc:
            raise MonitorError(str(exc)) from None
        self.out("report", f"machine saved to {path} at {self._now()}")

    @verb("restore-state", "FILE", "put the machine in the state saved in FILE (save-state, "
          "pc1 run --dump-state); going back starts again from there", ("restore",))
    def _restore_state(self, arg: str) -> None:
        if not arg.strip():
            raise MonitorError("restore-state FILE")
        path = self.resolve(unquote(arg))
        try:
            state = read_state(path)
        except InputError as exc:
            raise MonitorError(str(exc)) from None
        apply_state(self.machine, state)
        self.timeline.forget()  # the history before the restore is another machine's
        self.out("report", f"machine restored from {path}: {self._now()}")
