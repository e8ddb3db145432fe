"""A board of cells drawn as coloured text: queens boards and puzzle grids."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import Static

Cell = tuple[str, str]  # the cell's text and its Rich style


def grid_text(cells: Sequence[Sequence[Cell]], width: int = 3) -> Text:
    """Rows of cells as one Text, each cell centred in ``width`` columns."""
    text = Text(no_wrap=True, overflow="crop")
    for r, row in enumerate(cells):
        if r:
            text.append("\n")
        for label, style in row:
            text.append(label.center(width)[:width], style=style)
    return text


class GridView(Static, can_focus=True):
    """A focusable grid; the screen around it binds the keys that change it."""

    DEFAULT_CSS = """
    GridView {
        width: auto;
        height: auto;
        padding: 0 1;
    }
    GridView:focus {
        background: $boost;
    }
    """

    def show(self, cells: Sequence[Sequence[Cell]], width: int = 3) -> None:
        """Draw these cells."""
        self.update(grid_text(cells, width))
