"""Digit layouts: plain text, or grouped like the historic PC-1 print of e to 1000 places."""

from __future__ import annotations

LAYOUTS = ("pc1", "plain")
PC1_LINE = 50  # digits a line on the PC-1 teleprinter
PC1_NEWLINE = "\r\n"  # the teleprinter's CR LF
PC1_INDENT = "  "  # continuation lines line up under the digits after "2."


def format_digits(integer: str, decimals: str, layout: str = "plain") -> str:
    """The number as text in a layout, ending with a newline."""
    if layout == "plain":
        return f"{integer}.{decimals}\n"
    if layout == "pc1":
        lines = [decimals[i : i + PC1_LINE] for i in range(0, len(decimals), PC1_LINE)] or [""]
        head = f"{integer}.{lines[0]}"
        return PC1_NEWLINE.join([head, *(PC1_INDENT + line for line in lines[1:])]) + PC1_NEWLINE
    raise ValueError(f"unknown layout {layout!r} (choose {' or '.join(LAYOUTS)})")
