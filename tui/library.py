"""The tape library: our programs from the tape manifest (one entry each, with what INITIAL
LOAD takes and the operator procedure), the other tapes of any folder the user opens, and the
reader's controls."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from pc1.devices import (
    NUMERIC_SUFFIXES,
    RAW_SUFFIXES,
    TEXT_SUFFIXES,
    Program,
    initial_load_hint,
    owner,
    programs,
)

TAPE_SUFFIXES = NUMERIC_SUFFIXES + TEXT_SUFFIXES + RAW_SUFFIXES

# (button id, label): what the reader and punch controls do is up to the app
CONTROLS: tuple[tuple[str, str], ...] = (
    ("place", "PLACE IN READER"),
    ("rewind", "REWIND"),
    ("remove", "REMOVE"),
    ("open", "OPEN…"),
    ("punch", "PUNCH"),
    ("save-punch", "SAVE PUNCH…"),
)


def scan(folders: Iterable[Path]) -> list[Path]:
    """Tape files (any supported format) in these folders, folder by folder, sorted."""
    found: list[Path] = []
    for folder in folders:
        try:
            files = sorted(p for p in folder.iterdir()
                           if p.is_file() and p.suffix.lower() in TAPE_SUFFIXES)
        except OSError:
            continue  # a folder that vanished or cannot be read just contributes nothing
        found += [p for p in files if p not in found]
    return found


@dataclass(frozen=True)
class Entry:
    """One line of the library: a program of ours, or a tape file (of a program or not)."""

    label: Text
    path: Path | None = None  # the tape a file line places; a program's INITIAL LOAD tape
    program: Program | None = None
    heading: bool = False  # the program's own line (its description in the detail pane)


def entries(folders: Iterable[Path]) -> list[Entry]:
    """The library's lines: each program of ours with the tapes its procedure uses, then
    every other tape file of the folders."""
    found = scan(folders)
    by_name = {p.name: p for p in found}
    listed: set[Path] = set()
    out: list[Entry] = []
    for prog in programs():
        # the program's own tapes; the R0 tape INITIAL LOAD takes is named on its line
        own = prog.tapes or (prog.initial_load,)
        used = [by_name[n] for n in own if n in by_name]
        if not used:
            continue  # a manifest entry whose tapes are not in these folders
        load = by_name.get(prog.initial_load)
        # one line a program: what INITIAL LOAD takes and the procedure are in the detail pane
        out.append(Entry(Text.assemble((prog.title, "bold"), (f"   {prog.name}", "dim"),
                                       no_wrap=True, overflow="ellipsis"),
                         load, prog, heading=True))
        for path in used:
            role = "INITIAL LOAD" if path.name == prog.initial_load else "read through R0"
            out.append(Entry(Text.assemble(f"   {path.name:<22}", (role, "dim")), path, prog))
            listed.add(path)
    others = [p for p in found if p not in listed]
    for path in others:
        mine = owner(path.name) if path.parent == _our_folder(folders) else None
        note = f"also {mine.name}" if mine else f"{path.parent.name}/"
        out.append(Entry(Text.assemble(f"{path.name:<25}", (note, "dim")), path))
    return out


def _our_folder(folders: Iterable[Path]) -> Path | None:
    from pc1.devices import tapes_dir

    ours = tapes_dir()
    return ours if ours in list(folders) else None


def describe(entry: Entry) -> Text:
    """What the detail pane says about a line: a program's description and procedure, or
    what a tape file is for."""
    prog = entry.program
    if prog is not None and entry.heading:
        text = Text.assemble((prog.title, "bold"), "\n", prog.description, "\n",
                             ("INITIAL LOAD takes ", "bold"), prog.initial_load)
        if prog.tapes:
            text.append("; then through R0: " + ", ".join(prog.tapes))
        text.append("\nProcedure:", "bold")
        for n, step in enumerate(prog.procedure, 1):
            text.append(f"\n {n}. {step}")
        return text
    path = entry.path
    if path is None:
        return Text("")
    hint = initial_load_hint(path)
    what = hint or f"{path.name} is a binary tape: place it and press INITIAL LOAD (i)"
    head = f"{path.name} ({prog.title})" if prog else f"{path.name} in {path.parent.name}/"
    return Text.assemble((head, "bold"), "\n", what, "\nEnter places it in the reader.")


class TapeLibrary(Widget):
    """A list of tape files and the reader/punch buttons."""

    class Command(Message):
        """A library button was pressed; `path` is the highlighted tape, if any."""

        def __init__(self, name: str, path: Path | None) -> None:
            self.name = name
            self.path = path
            super().__init__()

    def __init__(self, folders: Iterable[Path], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.folders: list[Path] = list(folders)
        self.paths: list[Path] = []
        self.entries: list[Entry] = []

    DEFAULT_CSS = """
    TapeLibrary #tape-detail { height: auto; max-height: 40%; padding: 0 1; color: #e8dcc0; }
    """

    def compose(self) -> ComposeResult:
        with Vertical():
            yield OptionList(id="tape-list")
            yield Static(id="tape-detail")
            yield Static(id="punch-status")
            with Horizontal(id="tape-buttons"):
                for ident, label in CONTROLS:
                    yield Button(label, id=ident, compact=True)

    def on_mount(self) -> None:
        self.query_one("#tape-list", OptionList).border_title = "tape library"
        self.refresh_list()

    def add_folder(self, folder: Path) -> None:
        """Add a folder to the library (once) and rescan."""
        if folder not in self.folders:
            self.folders.append(folder)
        self.refresh_list()

    def refresh_list(self) -> None:
        """Rescan the folders."""
        self.entries = entries(self.folders)
        self.paths = [e.path for e in self.entries if e.path is not None and not e.heading]
        options = self.query_one("#tape-list", OptionList)
        options.clear_options()
        if not self.entries:
            options.add_option(Option("(no tapes found: open a folder with OPEN… or [o])",
                                      disabled=True))
        for n, e in enumerate(self.entries):
            options.add_option(Option(e.label, id=str(n)))

    @property
    def highlighted(self) -> Path | None:
        """The tape under the cursor (a program's line: its INITIAL LOAD tape)."""
        entry = self.highlighted_entry
        return entry.path if entry else None

    @property
    def highlighted_entry(self) -> Entry | None:
        """The line under the cursor."""
        options = self.query_one("#tape-list", OptionList)
        i = options.highlighted
        if i is None or i >= len(self.entries):
            return None
        return self.entries[i]

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        entry = self.highlighted_entry
        self.query_one("#tape-detail", Static).update(describe(entry) if entry else "")

    def show_punch(self, on: bool, frames: int, overrun: int = 0) -> None:
        """The punch's switch and how much tape it has punched (and past a full reel)."""
        full = f" (reel full: {overrun:,} more not kept)" if overrun else ""
        self.query_one("#punch-status", Static).update(
            f"punch {'ON' if on else 'off'}: {frames:,} frames punched{full}")
        self.query_one("#punch", Button).label = f"PUNCH {'ON' if on else 'OFF'}"

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            path = self.entries[int(event.option.id)].path
            if path is not None:
                self.post_message(self.Command("place", path))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id:
            self.post_message(self.Command(event.button.id, self.highlighted))
