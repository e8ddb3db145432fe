"""Simulated time and real-time pacing.

The published clock of the PC-1 is 15 kHz; PC-1 on Unity runs at 10 kHz (its timings and the
pitch of its music tapes assume that).  Simulated time is cycles / clock.
"""

from __future__ import annotations

import time

CLOCKS_HZ = {"15k": 15_000, "10k": 10_000}
MIN_CLOCK_HZ = 1.0
MAX_CLOCK_HZ = 1e9  # a million times the real machine: any faster is a typing slip


def parse_clock(text: str) -> float:
    """A clock setting such as '15000', '15k', '10kHz' -> Hz (InputError-free: ValueError)."""
    t = text.strip().lower().removesuffix("hz").strip()
    if not t.isascii():  # float() would take other scripts' digits; a clock is ASCII
        raise ValueError(f"not a clock rate: {text!r}")
    scale = 1000 if t.endswith("k") else 1
    t = t.removesuffix("k")
    value = float(t) * scale
    if not MIN_CLOCK_HZ <= value <= MAX_CLOCK_HZ:  # also refuses inf and nan
        raise ValueError(f"clock must be from {MIN_CLOCK_HZ:g} Hz to {MAX_CLOCK_HZ:g} Hz, "
                         f"got {text!r}")
    return value


def format_duration(seconds: float) -> str:
    """Seconds as '2 h 17 min 46.7 s', '7 min 25.3 s' or '0.42 s'."""
    if round(seconds * 10) >= 600:
        minutes, tenths = divmod(round(seconds * 10), 600)  # 59.99 s reads 1 min 0.0 s
        hours, minutes = divmod(minutes, 60)
        head = f"{hours} h {minutes} min" if hours else f"{minutes} min"
        return f"{head} {tenths / 10:.1f} s"
    return f"{seconds:.3g} s" if seconds < 10 else f"{seconds:.1f} s"


def format_hms(seconds: float) -> str:
    """Seconds as hours, minutes and seconds: '1 h 02 min 03.4 s'."""
    minutes, tenths = divmod(round(seconds * 10), 600)  # round first: 59.99 s is 1 min 0.0 s
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min {tenths / 10:04.1f} s"


class Pacer:
    """Tells a real-time run how many cycles it may execute by now at `clock_hz`."""

    def __init__(self, clock_hz: float, start_wall: float | None = None,
                 start_cycles: int = 0) -> None:
        self.clock_hz = clock_hz
        self.start_wall = time.perf_counter() if start_wall is None else start_wall
        self.start_cycles = start_cycles

    def reset(self, cycles: int) -> None:
        """Start pacing afresh from `cycles` now (after a stop or a change of clock)."""
        self.start_wall = time.perf_counter()
        self.start_cycles = cycles

    def budget(self, cycles: int) -> int:
        """Cycles that may run now to keep simulated time level with wall time."""
        due = self.start_cycles + (time.perf_counter() - self.start_wall) * self.clock_hz
        return max(0, int(due) - cycles)
