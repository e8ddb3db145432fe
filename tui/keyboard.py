"""Keying a tape: the operator types what is to be punched (R0 notation for CR and the like),
and the tape goes into the reader (and, if asked, to a file).  Offered by the program that
waits for one: factorize stops for `N+`, and the console opens this with that form shown.

The punching is pc1.asm.keyed_tape, the function that makes the `N+` tape of
`pc1 run factorize N`; what a program wants keyed is pc1.operator.keyed_form.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from pc1.base import InputError
from pc1.devices import Tape, write_tape
from tui.guard import Guarded
from tui.saving import save_as

NOTATION = "{CR} {LF} {SP} {FS} {LS} {BEL} {ER} {BL}, {0}..{63}"


class KeyTapeDialog(Guarded, ModalScreen[tuple[Tape, str] | None]):
    """Type the tape; Enter punches it (or says, in one line, what cannot be punched)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    DEFAULT_CSS = """
    KeyTapeDialog { align: center middle; }
    KeyTapeDialog #key-error { color: #ff6b5a; height: auto; }
    KeyTapeDialog Label { width: 100%; }  /* a long line wraps inside the dialog */
    """

    def __init__(self, wanted: str = "", value: str = "") -> None:
        super().__init__()
        self.wanted = wanted  # e.g. "factorize waits for N+ (...)"
        self.value = value

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("Key a tape: what you type is punched and placed in the reader")
            if self.wanted:
                yield Label(self.wanted, id="key-wanted")
            yield Input(value=self.value, id="key-text", placeholder="e.g. 34359738367+")
            yield Label("also save the tape as (optional):", classes="hint")
            yield Input(id="key-file", placeholder="a file name, e.g. number.ptr")
            yield Label("", id="key-error")
            yield Label(f"R0 notation: {NOTATION}", classes="hint")
            yield Label("Enter: punch it   Tab: next line   Escape: cancel", classes="hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        from pc1.asm import keyed_tape

        text = self.query_one("#key-text", Input).value
        try:
            tape = keyed_tape(text)
        except InputError as exc:
            self.query_one("#key-error", Label).update(str(exc))
            self.query_one("#key-text", Input).focus()
            return
        tape.name = _tape_name(text)
        self.dismiss((tape, self.query_one("#key-file", Input).value.strip()))

    def action_cancel(self) -> None:
        """Close without punching."""
        self.dismiss(None)


def _tape_name(text: str) -> str:
    """What the reader shows of a keyed tape: the text, if short."""
    one_line = " ".join(text.split())
    return "keyed" if not one_line else (one_line if len(one_line) <= 24
                                         else one_line[:23] + "…")


class Keyboard:
    """The key-a-tape action (mixed into the app, which provides machine, root, say,
    place_tape and push_screen)."""

    def keyed_wanted(self) -> str:
        """What the program in the machine waits to be keyed, as a line (or '')."""
        from pc1.operator import keyed_form

        found = keyed_form(self.program_tape)
        return f"{found[0]} waits for {found[1]}" if found else ""

    def action_key_tape(self) -> None:
        """Open the dialog; the punched tape goes into the reader (a waiting machine reads
        on at once) and, if a file was named, to that file."""

        def punched(answer: tuple[Tape, str] | None) -> None:
            if answer is None:
                return
            tape, file = answer
            if file:
                try:
                    save_as(file, self.root, lambda p: write_tape(p, tape.frames))
                except InputError as exc:
                    self.say(f"cannot save the keyed tape: {exc}", error=True)
                    return
            self.place_tape(tape)

        self.push_screen(KeyTapeDialog(self.keyed_wanted()), punched)

    program_tape: str | None = None  # the tape of the program in the store, as last seen

    def offer_keyed_tape(self, waiting: bool) -> bool:
        """After a run: a program of ours that now waits for a keyed tape gets the dialog
        (not during a guided demo, which places its own); True if it was offered."""
        from pc1.operator import keyed_form

        tape = self.machine.tape
        if tape is not None and keyed_form(tape.name):
            self.program_tape = tape.name
        if not waiting or not self.keyed_wanted():
            return False
        demo = any(w.group == "demo" and not w.is_finished for w in self.workers)
        if demo or self.screen is not self.console_screen:
            return False
        self.action_key_tape()
        return True
