"""The monitor's verbs for the reader, the punch, the paper and the panel's buttons.

A mixin of pc1.monitor.Monitor, which provides machine, out, resolve, _tape, start and
_press; each verb is registered in the one verb table (pc1.monitor.verbs).
"""

from __future__ import annotations

from pathlib import Path

from pc1.base import InputError
from pc1.devices import Tape, initial_load_hint, refuse_ours
from pc1.monitor.values import MonitorError, parse_address, parse_number
from pc1.monitor.verbs import Run, on_off, unquote, verb


class PanelVerbs:
    """initial-load, attach, detach, type, punch, tear; the start buttons, free-run, step, go."""

    # --- the verbs: devices ---------------------------------------------------------------

    @verb("initial-load", "[FILE]", "place FILE (a binary tape) in the reader and press "
          "INITIAL LOAD", ("load",))
    def _initial_load(self, arg: str) -> None:
        m = self.machine
        if arg:
            tape = self._tape(arg)
            m.load_tape(tape)
        elif m.tape is None:
            raise MonitorError("the reader is empty: initial-load FILE")
        tape = m.tape
        try:
            words = m.initial_load()
        except InputError as exc:
            hint = initial_load_hint(Path(tape.name)) if tape.name else None
            raise MonitorError(f"{exc}" + (f" ({hint})" if hint else "")) from None
        self.out("report", f"INITIAL LOAD: {words} words loaded from {Path(tape.name).name}")

    @verb("attach", "FILE", "place a tape file in the reader", ("tape",))
    def _attach(self, arg: str) -> None:
        tape = self._tape(arg)
        self.machine.load_tape(tape)
        self.out("report", f"tape {Path(tape.name).name} placed in the reader "
                 f"({len(tape)} frames)")

    @verb("detach", "", "take the tape out of the reader")
    def _detach(self, arg: str) -> None:
        self.machine.remove_tape()
        self.out("report", "reader emptied")

    @verb("type", "TEXT", "punch TEXT onto a fresh tape and place it in the reader "
          "(R0 notation: {CR} {LF} {SP} ... for codes without a character)")
    def _type(self, arg: str) -> None:
        # imported here: a recipe reads its script through the verbs, and needs no assembler
        from pc1.asm import text_to_frames

        frames, _, errors = text_to_frames(arg)
        if errors:
            e = errors[0]
            raise MonitorError(f"type: column {e.position.column}: {e.message}")
        if not frames:
            raise MonitorError("type: nothing to punch")
        self.machine.load_tape(Tape(frames, "typed"))
        self.out("report", f"typed tape of {len(frames)} frames placed in the reader")

    @verb("punch", "FILE|off", "punch on, the punched tape saved to FILE after each run; "
          "or punch off")
    def _punch(self, arg: str) -> None:
        tp = self.machine.teleprinter
        if arg.strip().lower() == "off":
            tp.punch_on = False
            self.punch_file = None
            self.out("report", "punch off")
            return
        if not arg:
            raise MonitorError("punch FILE or punch off")
        path = self.resolve(unquote(arg), writing=True)
        try:  # before the punch goes on: our shipped tapes are read-only
            refuse_ours(path)
        except InputError as exc:
            raise MonitorError(str(exc)) from None
        self.punch_file = path
        tp.punch_on = True
        tp.clear_punch()
        self._save_punch()
        self.out("report", f"punch on: to {self.punch_file}")

    @verb("tear", "", "tear off the teleprinter's paper (expect reads the new paper)")
    def _tear(self, arg: str) -> None:
        self.timeline.tear_paper()  # the sheet is kept for going back to before the tear
        self._expect_from = self._paper_out = 0
        self.out("report", "paper torn off")

    # --- the verbs: buttons and running -----------------------------------------------------

    @verb("clear-start", "", "press CLEAR START: A=R=M=0, start at 0 (one order if FREE RUN "
          "is off)", ("cs",))
    def _clear_start(self, arg: str) -> None:
        self._press("CLEAR START", self.machine.clear_start)

    @verb("initial-start", "", "press INITIAL START: start at 0 keeping A and R")
    def _initial_start(self, arg: str) -> None:
        self._press("INITIAL START", self.machine.initial_start)

    @verb("restart", "", "press RESTART: continue with the order at K")
    def _restart(self, arg: str) -> None:
        self._press("RESTART", self.machine.restart)

    @verb("free-run", "on|off", "the FREE RUN switch: off makes each start run one order")
    def _free_run(self, arg: str) -> None:
        self.machine.free_run = on_off(arg, "free-run")
        self.out("report", f"FREE RUN {'on' if self.machine.free_run else 'off'}")

    @verb("step", "[N]", "run N orders (default 1) from K, stopping early at a break or "
          "watch", ("s",))
    def _step(self, arg: str) -> None:
        n = parse_number(arg) if arg else 1
        if n < 1:
            raise MonitorError(f"step takes a count of at least 1, not {n}")
        self.machine.restart()
        self.start(Run(f"STEP {n}", n))

    @verb("go", "[ADDR]", "free run from ADDR (default: from K) until the machine stops",
          ("g", "run"))
    def _go(self, arg: str) -> None:
        m = self.machine
        if arg:
            m.K = parse_address(arg)
        m.restart()
        self.start(Run(f"GO {m.K}"))
