"""The bounds of a served console: its size, the rate of its messages, how many run at once.

Each bound keeps one browser tab (or a script posing as one) from taking the server's memory
or processor: a console's memory grows with its size, each console is a process of its own,
and a flood of key or resize messages keeps a console redrawing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

MAX_WIDTH = 500  # columns: wider than any screen at a readable font
MAX_HEIGHT = 200  # rows
DEFAULT_SIZE = (80, 24)  # a connection that names no size
MAX_CONSOLES = 8  # consoles at once; each is a Python process of about 100 MB
# every key and every mouse move is a message: a pointer moving on a 144 Hz screen sends
# about 150 a second, so the rate leaves room for that and drops only a flood
MESSAGE_RATE = 300.0  # messages a second from one browser tab, sustained...
MESSAGE_BURST = 1000  # ...with this many at once (a held key, a window being dragged)
MAX_MESSAGE_BYTES = 64 * 1024  # one message (a paste); more closes the connection
QUIT_WAIT = 0.8  # seconds a console has to quit when asked before it is killed


def _whole(value: object, default: int) -> int:
    """`value` as a whole number (a number or its text), else `default`."""
    if isinstance(value, bool):
        return default
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value == value and abs(value) < 1e9:
        return int(value)
    if isinstance(value, str) and 0 < len(value) <= 12:
        try:
            return int(value)
        except ValueError:
            return default
    return default


def clamp_size(width: object, height: object) -> tuple[int, int]:
    """A terminal size within 1..MAX_WIDTH × 1..MAX_HEIGHT; nonsense gives the default."""
    w = _whole(width, DEFAULT_SIZE[0])
    h = _whole(height, DEFAULT_SIZE[1])
    return min(max(w, 1), MAX_WIDTH), min(max(h, 1), MAX_HEIGHT)


@dataclass
class MessageRate:
    """A token bucket: `allow` says whether one more message is within the rate."""

    rate: float = MESSAGE_RATE
    burst: int = MESSAGE_BURST
    _tokens: float = field(init=False, default=-1.0)
    _last: float = field(init=False, default=0.0)

    def allow(self, now: float) -> bool:
        """Count one message at time `now` (seconds); False once over the rate."""
        if self._tokens < 0:
            self._tokens, self._last = float(self.burst), now
        self._tokens = min(float(self.burst), self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True
