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
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")
_VALUE = re.compile(rf"\S{{{LONGEST_VALUE + 1},}}")


def _escape_one(match: re.Match[str]) -> str:
    c = match.group()
    return {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(c, f"\\x{ord(c):02x}" if ord(c) < 256
                                                          else f"\\u{ord(c):04x}")


def escape(text: str) -> str:
    """`text` with control characters (newline, ESC, NUL, ...) shown as escapes."""
    return _CONTROL.sub(_escape_one, text)


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
