"""The progress callback shared by long computations, the CLI and the TUI."""

from __future__ import annotations

from collections.abc import Callable

# progress(stage, fraction): stage names the phase ("series", "divide", "digits", ...),
# fraction runs from 0.0 to 1.0 within that stage.
Progress = Callable[[str, float], None]


def report(progress: Progress | None, stage: str, fraction: float) -> None:
    """Call progress if one was given (keeps the call sites free of None checks)."""
    if progress is not None:
        progress(stage, min(max(fraction, 0.0), 1.0))
