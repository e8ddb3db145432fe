"""The tape library: our tapes/ and any folder the user opens, plus the reader's controls."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from pc1.tape import NUMERIC_SUFFIXES, RAW_SUFFIXES, TEXT_SUFFIXES

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

    def compose(self) -> ComposeResult:
        with Vertical():
            yield OptionList(id="tape-list")
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
        self.paths = scan(self.folders)
        options = self.query_one("#tape-list", OptionList)
        options.clear_options()
        if not self.paths:
            options.add_option(Option("(no tapes found: open a folder with OPEN… or [o])",
                                      disabled=True))
        for p in self.paths:
            options.add_option(Option(f"{p.name:<24} {p.parent.name}/", id=str(p)))

    @property
    def highlighted(self) -> Path | None:
        """The tape under the cursor."""
        options = self.query_one("#tape-list", OptionList)
        i = options.highlighted
        if i is None or i >= len(self.paths):
            return None
        return self.paths[i]

    def show_punch(self, on: bool, frames: int) -> None:
        """The punch's switch and how much tape it has punched."""
        self.query_one("#punch-status", Static).update(
            f"punch {'ON' if on else 'off'}: {frames} frames punched")
        self.query_one("#punch", Button).label = f"PUNCH {'ON' if on else 'OFF'}"

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            self.post_message(self.Command("place", Path(event.option.id)))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id:
            self.post_message(self.Command(event.button.id, self.highlighted))
