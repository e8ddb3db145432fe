"""The tape in the reader, drawn as punched holes, with the read position moving."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from pc1.devices import Tape, code_name

HOLE = "●"
NO_HOLE = " "
SPROCKET = "·"


def frame_holes(code: int) -> str:
    """Six holes, hole 1 (the most significant bit) first, the sprocket after hole 3."""
    bits = [HOLE if (code >> (5 - i)) & 1 else NO_HOLE for i in range(6)]
    return "".join(bits[:3]) + SPROCKET + "".join(bits[3:])


def tape_lines(tape: Tape | None, position: int, height: int) -> Text:
    """`height` lines of tape centred on the read position (read frames above, dim)."""
    text = Text()
    if tape is None:
        text.append("(reader empty)\n\nplace a tape:\nTapes tab or [o]", "dim")
        return text
    frames = tape.frames
    text.append(f"{position}/{len(frames)}", "bold")
    rows = max(1, height - 1)
    first = position - rows // 2
    for i in range(first, first + rows):
        text.append("\n")
        if i == len(frames) == position:
            text.append("▶ ", "bold #ff9a3c")
            text.append("(end of tape)", "dim")
            continue
        if i < 0 or i >= len(frames):
            continue
        code = frames[i]
        here = i == position
        style = "bold black on #f3e6c4" if here else ("#8a7f68" if i < position else "#e8dcc0")
        text.append("▶ " if here else "  ", "bold #ff9a3c")
        text.append(f"│{frame_holes(code)}│", style)
        text.append(f" {code:2d} {code_name(code)}", style if here else "dim")
    return text


class TapeStrip(Widget):
    """The reader: the tape's frames around the read position."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._tape: Tape | None = None
        self._position = 0
        self.border_title = "reader"

    def show(self, tape: Tape | None, position: int) -> None:
        """Redraw if the tape or the read position changed."""
        if tape is not self._tape or position != self._position:
            self._tape, self._position = tape, position
            self.border_title = tape.name.rsplit("/", 1)[-1] if tape else "reader"
            self.refresh()

    def render(self) -> Text:
        return tape_lines(self._tape, self._position, self.size.height)
