"""The study view's dialogs: a monitor answer read in a window of its own (the
cross-reference of a word), the annotated source with a break a key away, and the limits
of the console's runs (pc1.machine.Limits)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from pc1.base import InputError
from pc1.machine import Limits, parse_limit
from tui.guard import Guarded
from tui.sources import SourceLine


class AnswerDialog(Guarded, ModalScreen[None]):
    """The lines a monitor command answered, under the command; Escape closes (as it
    cancels the other dialogs)."""

    DEFAULT_CSS = """
    AnswerDialog { align: center middle; }
    AnswerDialog #answer-box {
        width: 90%; max-width: 110; height: auto; max-height: 90%;
        border: round #ff9a3c; background: #241e17; padding: 0 1;
    }
    AnswerDialog #answer-scroll { height: auto; max-height: 30; }
    AnswerDialog .hint { color: #8a7f68; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, command: str, lines: Sequence[str]) -> None:
        super().__init__()
        self.command = command
        self.lines = list(lines)

    def compose(self) -> ComposeResult:
        with Vertical(id="answer-box"):
            with VerticalScroll(id="answer-scroll"):
                yield Static("\n".join(self.lines), id="answer", markup=False)
            yield Label("Escape closes", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#answer-box").border_title = self.command

    def action_cancel(self) -> None:
        """Close the dialog."""
        self.dismiss(None)


class LimitsDialog(Guarded, ModalScreen[Limits | None]):
    """The limits of the console's runs: orders, simulated seconds, wall-clock seconds
    (empty: none), checked as `pc1 run --max-orders/--time-limit` checks them.  Enter
    answers; a bad value is named in the dialog, which stays open; Escape cancels."""

    DEFAULT_CSS = """
    LimitsDialog { align: center middle; }
    LimitsDialog #limits-box {
        width: 64; height: auto; border: round #ff9a3c; background: #241e17; padding: 0 1;
    }
    LimitsDialog Input { width: 1fr; }
    LimitsDialog .field { height: 3; }
    LimitsDialog .field Label { width: 26; padding: 1 1 0 0; }
    LimitsDialog #limits-error { color: #ff6b5e; height: auto; }
    LimitsDialog .hint { color: #8a7f68; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    FIELDS = (("orders", "orders", True), ("simulated", "simulated seconds", False),
              ("wall", "wall-clock seconds", False))

    def __init__(self, limits: Limits) -> None:
        super().__init__()
        self.limits = limits

    def compose(self) -> ComposeResult:
        with Vertical(id="limits-box"):
            for name, label, _ in self.FIELDS:
                value = getattr(self.limits, name)
                with Horizontal(classes="field"):
                    yield Label(f"{label}:")
                    yield Input("" if value is None else f"{value:g}" if isinstance(
                        value, float) else str(value), id=f"limit-{name}", placeholder="none")
            yield Static("", id="limits-error")
            yield Label("Enter sets them (empty: no limit); Tab: next; Escape: cancel",
                        classes="hint")

    def on_mount(self) -> None:
        self.query_one("#limits-box").border_title = "run limits (each console run)"

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        try:
            values = {name: parse_limit(self.query_one(f"#limit-{name}", Input).value, label,
                                        whole) for name, label, whole in self.FIELDS}
        except InputError as exc:
            self.query_one("#limits-error", Static).update(str(exc))
            return
        self.dismiss(Limits(**values))

    def action_cancel(self) -> None:
        """Close without changing the limits."""
        self.dismiss(None)


class SourceDialog(Guarded, ModalScreen[None]):
    """The annotated source of the tape (or R0's), a row per line that stored words; Enter
    on a line sets or clears a break at the first word it stored (as IBM 1401 ROPE does);
    Escape closes."""

    DEFAULT_CSS = """
    SourceDialog { align: center middle; }
    SourceDialog #source-box {
        width: 90%; max-width: 120; height: 90%;
        border: round #ff9a3c; background: #241e17; padding: 0 1;
    }
    SourceDialog #source-lines { height: 1fr; }
    SourceDialog .hint { color: #8a7f68; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, lines: Sequence[SourceLine], breakpoints: Iterable[int],
                 at: int, toggle: Callable[[int, bool], None]) -> None:
        super().__init__()
        self.title_text = title
        self.lines = list(lines)
        self.breakpoints = set(breakpoints)
        self.at = at  # the address whose line is highlighted first
        self.toggle = toggle  # (address, on): the break set or cleared

    def _prompt(self, line: SourceLine) -> str:
        mark = "●" if any(a in self.breakpoints for a in line.addresses) else " "
        where = line.text.split(":", 1)[1].lstrip() if ":" in line.text else line.text
        return f"{mark} {line.addresses[0]:3d}  {where}"

    def compose(self) -> ComposeResult:
        with Vertical(id="source-box"):
            yield OptionList(*(Option(self._prompt(line)) for line in self.lines),
                             id="source-lines")
            yield Label("Enter sets or clears a break at the line's word; Escape closes",
                        classes="hint")

    def on_mount(self) -> None:
        self.query_one("#source-box").border_title = self.title_text
        found = [i for i, line in enumerate(self.lines) if self.at in line.addresses]
        if found:  # after the list's own first highlight
            self.call_after_refresh(setattr, self.query_one(OptionList), "highlighted",
                                    found[0])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        line = self.lines[event.option_index]
        marked = [a for a in line.addresses if a in self.breakpoints]
        for address in marked:  # a break on the line: cleared
            self.breakpoints.discard(address)
            self.toggle(address, False)
        if not marked:
            self.breakpoints.add(line.addresses[0])
            self.toggle(line.addresses[0], True)
        self.query_one(OptionList).replace_option_prompt_at_index(
            event.option_index, self._prompt(line))

    def action_cancel(self) -> None:
        """Close the source."""
        self.dismiss(None)
