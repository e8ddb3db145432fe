"""How a message shows what the user gave: one line, control characters escaped, and a long
value or path shortened to its first and last characters with its length.

Every one-line error goes through `one_line` (the top-level printer of `pc1` and the reports
of a run), so a file name with a newline or an ESC in it, or a 200,000-character token, can
neither split the line nor fill the terminal.
"""

from __future__ import annotations

import re
import sys

KEEP = 40  # characters kept at each end of a shortened value
LONGEST_VALUE = 160  # a value (a run of characters without a space) longer than this is shortened
LONGEST_MESSAGE = 400  # characters; a longer message is shortened as a whole
_VALUE = re.compile(rf"\S{{{LONGEST_VALUE + 1},}}")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape_one(c: str) -> str:
    if c.isprintable():
        return c
    code = ord(c)
    return _NAMED.get(c) or (f"\\x{code:02x}" if code < 256 else f"\\u{code:04x}"
                             if code < 0x10000 else f"\\U{code:08x}")


def escape(text: str) -> str:
    """`text` with every character that is not printable (newline, ESC, NUL, a line separator,
    an unassigned code point) shown as an escape."""
    if text.isprintable():
        return text
    return "".join(_escape_one(c) for c in text)


def shorten(text: str, keep: int = KEEP) -> str:
    """A value as messages show it: escaped, and if long, its ends with its length between."""
    shown = escape(text)
    if len(shown) <= 2 * keep + 30:
        return shown
    # the length between the ends: the end (a file's name, a colon) stays next to what follows
    return f"{shown[:keep]}…[{len(text):,} characters]…{shown[-keep:]}"


def one_line(message: str) -> str:
    """A message made fit for one terminal line: escaped, long values and itself shortened."""
    shown = _VALUE.sub(lambda m: shorten(m.group()), escape(message))
    if len(shown) > LONGEST_MESSAGE:
        half = LONGEST_MESSAGE // 2 - 10
        shown = f"{shown[:half]} … {shown[-half:]}"
    return shown


def say(command: str, message: str) -> None:
    """Print one line on stderr: `pc1 COMMAND: message`, made fit for one line."""
    print(f"pc1 {command}: {one_line(message)}", file=sys.stderr, flush=True)
