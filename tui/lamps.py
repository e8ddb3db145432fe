"""The panel's neon lamps as text: registers in octal groups of three, lit or dark."""

from __future__ import annotations

from rich.text import Text

LIT = "●"
DARK = "○"
LIT_STYLE = "bold #ff9a3c"  # neon orange
DARK_STYLE = "#6b4a36"


def groups(bits: int) -> list[int]:
    """Group sizes from the left, so that groups of three line up with octal digits."""
    sizes = [3] * (bits // 3)
    if bits % 3:
        sizes.insert(0, bits % 3)
    return sizes


def lamp_row(value: int, bits: int) -> Text:
    """One register as lamps, most significant bit first, a space between octal groups."""
    text = Text()
    shift = bits
    for i, size in enumerate(groups(bits)):
        if i:
            text.append(" ")
        for _ in range(size):
            shift -= 1
            lit = (value >> shift) & 1
            text.append(LIT if lit else DARK, LIT_STYLE if lit else DARK_STYLE)
    return text


def lamp(on: bool) -> Text:
    """A single indicator lamp."""
    return Text(LIT if on else DARK, LIT_STYLE if on else DARK_STYLE)
