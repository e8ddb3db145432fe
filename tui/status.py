"""The status line: the run's counters, simulated time, speed and how the machine stopped."""

from __future__ import annotations

from rich.text import Text

from pc1.machine import format_duration
from tui.runner import Snapshot


def speed_label(real_time: bool, clock_hz: float) -> str:
    """'real time 15 kHz' or 'max speed'."""
    return f"real time {clock_hz / 1000:g} kHz" if real_time else "max speed"


def status_text(s: Snapshot, real_time: bool, clock_hz: float, message: str = "") -> Text:
    """One or two lines: the machine's counters, then the latest operator message."""
    text = Text()
    state = "RUNNING" if s.running else (s.stop.describe() if s.stop else "ready")
    text.append(f" {state} ", "bold black on #ff9a3c" if s.running else "bold reverse")
    # the counters of this run: they start again at INITIAL LOAD and CLEAR START
    text.append(f"  {s.run_orders:,} orders  {format_duration(s.run_seconds)} simulated")
    if s.running and s.rate:
        text.append(f"  {s.rate:,.0f} orders/s")
    text.append(f"  [{speed_label(real_time, clock_hz)}]", "dim")
    if message:
        text.append(f"\n {message}", "italic #c8b89a")
    return text
