"""Small modals that ask for a path (open a tape or folder, save paper or punch), or ask
whether to go on when going on loses work."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DirectoryTree, Input, Label, Static

from pc1.base import is_inside
from tui.guard import Guarded


class PathDialog(Guarded, ModalScreen[str | None]):
    """Ask for one path; Enter answers it, Escape answers None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, prompt: str, value: str = "") -> None:
        super().__init__()
        self.prompt = prompt
        self.value = value

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(self.prompt)
            yield Input(value=self.value, id="path")
            yield Label("Enter: OK   Escape: cancel", classes="hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        """Close without an answer."""
        self.dismiss(None)


class ConfinedTree(DirectoryTree):
    """A directory tree that, given a root, lists nothing whose links lead out of it."""

    def __init__(self, path: Path, root: Path | None, **kwargs) -> None:
        super().__init__(path, **kwargs)
        self.confined_to = root

    def filter_paths(self, paths: Iterable[Path]) -> Iterable[Path]:
        """The entries to list: all of them, or with a root those that stay inside it."""
        if self.confined_to is None:
            return paths
        return [p for p in paths if is_inside(p, self.confined_to)]


class OpenDialog(PathDialog):
    """Open a tape or a folder: a directory tree to pick from, and the path line below it.

    Picking a file in the tree answers it; picking a folder puts it in the path line; Enter
    in the path line answers what it holds (a folder adds the folder to the tape library).
    """

    AUTO_FOCUS = "#path"  # Enter answers the typed path; Tab goes to the tree
    DEFAULT_CSS = """
    OpenDialog #open-tree { height: 14; border: round #8a6f4e; }
    """

    def __init__(self, prompt: str, folder: Path, value: str = "", *,
                 root: Path | None = None,
                 placeholder: str = "a tape file or a folder") -> None:
        super().__init__(prompt, value)
        self.folder = folder
        self.root = root
        self.placeholder = placeholder

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(self.prompt)
            yield ConfinedTree(self.folder, self.root, id="open-tree")
            yield Input(value=self.value, id="path", placeholder=self.placeholder)
            # one line of the 64 inside the dialog: a second would push it past 24 rows
            yield Label("Enter opens the typed path; Tab to the tree to pick; Esc: cancel",
                        classes="hint")

    def on_directory_tree_file_selected(self, event: DirectoryTree.FileSelected) -> None:
        event.stop()
        self.dismiss(str(event.path))

    def on_directory_tree_directory_selected(
            self, event: DirectoryTree.DirectorySelected) -> None:
        event.stop()
        self.query_one(Input).value = str(event.path)


class ConfirmDialog(Guarded, ModalScreen[bool]):
    """Ask a yes/no question whose yes loses something: y answers yes; n or Escape, no."""

    BINDINGS = [Binding("y", "answer(True)", "Yes"), Binding("n", "answer(False)", "No"),
                Binding("escape", "answer(False)", "No")]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.question)  # (a Static wraps a long question; a Label cuts it)
            yield Label("y: yes   n or Escape: no", classes="hint")

    def action_answer(self, yes: bool) -> None:
        """Close with the answer."""
        self.dismiss(yes)
