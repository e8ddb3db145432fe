"""The command palette (ctrl+p): every console action and every workbench, named by what it
does. The names are data (CONSOLE_COMMANDS, the workbench registry, the demos of the tape
manifest); keys come from the app's bindings, so nothing here repeats them."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import Protocol

from textual.binding import Binding
from textual.command import CommandList, CommandPalette, DiscoveryHit, Hit, Hits, Provider

from pc1.operator import recipes
from tui.guard import Guarded
from tui.panel import BUTTONS
from tui.workbenches import WORKBENCHES, Command, Workbench

BUTTON_HELP = {
    "initial-load": "read the binary tape in the reader into the store from word 0",
    "clear-start": "clear A, M and R and start at word 0 (one order unless FREE RUN is on)",
    "initial-start": "start at word 0 without clearing A and R",
    "restart": "go on with the order at K (after a halt, a breakpoint or STOP)",
    "free-run": "switch FREE RUN: run freely, or one order a press",
    "stop": "stop the machine after the order in progress",
}

CONSOLE_COMMANDS: tuple[Command, ...] = (
    *(Command(f"Press {label} on the panel", BUTTON_HELP[name], f"press('{name}')")
      for name, label in BUTTONS),
    Command("Open a tape file or a folder of tapes", "a file goes in the reader, a folder "
            "joins the tape library", "open"),
    Command("Rewind the tape in the reader", "back to its first frame", "rewind"),
    Command("Remove the tape from the reader", "the reader is empty afterwards", "remove"),
    Command("Switch the punch on or off", "what the program punches is kept", "punch"),
    Command("Save the punched tape as a file", "the frames the punch has punched", "save_punch"),
    Command("Copy the teleprinter paper to the clipboard", "everything printed so far",
            "copy_paper"),
    Command("Save the teleprinter paper as a text file", "everything printed so far",
            "save_paper"),
    Command("Tear off the teleprinter paper", "a clean sheet for the next run", "tear_paper"),
    Command("Type a monitor command (: command line)", "the language of `pc1 script`; "
            "`help` there lists its verbs", "command_line"),
    Command("Save the machine to a file (registers, store, tape in the reader)",
            "the state file of save-state and pc1 run --dump-state", "save_state"),
    Command("Restore the machine from a saved state file", "save-state, --dump-state; "
            "RESTART goes on from there", "restore_state"),
    Command("Key a tape: type what is to be punched (R0 notation)", "it goes into the "
            "reader, e.g. 34359738367+ for factorize", "key_tape"),
    Command("Save the speaker's sound as a WAV file", "what the speaker played since the last "
            "INITIAL LOAD or CLEAR START", "save_sound"),
    Command("Switch speed: real time or as fast as possible", "real time runs at the clock",
            "speed"),
    Command("Set the run limits: orders, simulated and wall-clock seconds",
            "each console run stops at the first it reaches, as pc1 run --max-orders and "
            "--time-limit do", "limits"),
    Command("Switch the clock between 15 kHz and 10 kHz", "15 kHz published; 10 kHz PC-1 on "
            "Unity", "clock"),
    Command("Show the console: panel, teleprinter and tape reader", "the first tab",
            "tab('console')"),
    Command("Show the tape library", "place a tape in the reader, punch, open folders",
            "tab('tapes')"),
    Command("Show the study view: memory, orders and trace", "breakpoints are set there",
            "tab('study')"),
)


def demo_commands() -> list[Command]:
    """One command per guided demo: the programs of the tape manifest that have a recipe."""
    return [Command(f"Run the {name} demo: {p.title}",
                    "the operator procedure on the panel, step by step", f"demo('{name}')")
            for name, p in recipes().items()]


def open_command(wb: Workbench) -> Command:
    """The command that opens a workbench."""
    return Command(f"Open the {wb.title} workbench", wb.summary, f"workbench('{wb.name}')")


class Console(Protocol):
    """What the palette needs from the app."""

    BINDINGS: list[Binding]

    async def run_console_action(self, action: str) -> None:
        """Show the console and run one of its actions."""

    async def run_workbench_command(self, name: str, action: str) -> None:
        """Open a workbench and run one of its actions on it."""


@dataclass(frozen=True)
class Entry:
    """One line of the palette: name, help, what choosing it does."""

    name: str
    help: str
    run: Callable[[], object]
    action: str  # the action it runs (on the console, or on its workbench)


def keys_by_action(bindings: Iterable[Binding | tuple]) -> dict[str, str]:
    """action -> key (the first binding wins), from a BINDINGS list."""
    found: dict[str, str] = {}
    for b in bindings:
        binding = b if isinstance(b, Binding) else Binding(*b)
        found.setdefault(binding.action, binding.key)
    return found


def _help(command: Command, keys: dict[str, str]) -> str:
    key = keys.get(command.action)
    return f"{command.help} (key {key})" if key else command.help


def entries(app: Console, workbenches: Iterable[Workbench] = WORKBENCHES) -> Iterator[Entry]:
    """Every palette entry of the console, workbench commands included."""
    keys = keys_by_action(app.BINDINGS)
    console = [*CONSOLE_COMMANDS, *demo_commands()]
    for c in console:
        yield Entry(c.name, _help(c, keys), partial(app.run_console_action, c.action),
                    c.action)
    named = {c.action for c in console}
    for wb in workbenches:
        opener = open_command(wb)
        named.add(opener.action)
        yield Entry(opener.name, _help(opener, keys),
                    partial(app.run_workbench_command, wb.name, ""), opener.action)
        for c in wb.commands:
            yield Entry(c.name, c.help, partial(app.run_workbench_command, wb.name, c.action),
                        c.action)
    # a key someone bound without naming it here still reaches the palette
    for b in app.BINDINGS:
        binding = b if isinstance(b, Binding) else Binding(*b)
        if binding.action not in named and binding.description:
            named.add(binding.action)
            yield Entry(binding.description, f"key {binding.key}",
                        partial(app.run_console_action, binding.action), binding.action)


def plain(text: str) -> str:
    """`text` as the palette's markup shows it literally (`[` and `]` kept)."""
    return text.replace("[", "\\[")


class GuardedPalette(Guarded, CommandPalette):
    """Textual's palette, safe from its page-key bug: PageDown or PageUp before the list has
    been laid out raises KeyError in OptionList._move_page (docs/console.md, known upstream
    problems); with no height there is no page to move, so the key does nothing."""

    def _action_command_list(self, action: str) -> None:
        if action in ("page_up", "page_down"):
            commands = self.query_one(CommandList)
            if not commands.scrollable_content_region:
                return
        super()._action_command_list(action)


class ConsoleCommands(Provider):
    """The console's own palette commands (Textual's theme, keys and quit stay beside them)."""

    def _entries(self) -> list[Entry]:
        return list(entries(self.app))  # type: ignore[arg-type]  # the app is a PC1App

    async def discover(self) -> Hits:
        for e in self._entries():
            yield DiscoveryHit(plain(e.name), e.run, help=plain(e.help))

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for e in self._entries():
            score = matcher.match(e.name)
            if score > 0:
                yield Hit(score, matcher.highlight(e.name), e.run, text=e.name,
                          help=plain(e.help))
