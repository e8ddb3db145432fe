"""Digit layouts: plain text, or grouped like the historic PC-1 print of e to 1000 places."""

from __future__ import annotations

LAYOUTS = ("pc1", "plain")
PC1_LINE = 50  # digits a line on the PC-1 teleprinter
PC1_SEPARATOR = "\r\n  "  # CR LF, then two spaces so the digits line up under those after "2."


def pc1_text(integer: str, decimals: str) -> str:
    """Exactly what the PC-1 teleprinter prints: '2.' + 50 decimals a line, no final break."""
    lines = [decimals[i : i + PC1_LINE] for i in range(0, len(decimals), PC1_LINE)]
    return f"{integer}." + PC1_SEPARATOR.join(lines)


def format_digits(integer: str, decimals: str, layout: str = "plain") -> str:
    """The number as text in a layout, ending with a line break (CR LF for pc1)."""
    if layout == "plain":
        return f"{integer}.{decimals}\n"
    if layout == "pc1":
        return pc1_text(integer, decimals) + "\r\n"
    raise ValueError(f"unknown layout {layout!r} (choose {' or '.join(LAYOUTS)})")
