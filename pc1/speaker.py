"""The loudspeaker on flip-flop 31: its recorded changes as sound, and its frequency now.

The machine records every change of FF31 with the cycle at which the `y` order began
(`Machine.speaker_events`).  Time is cycles / clock, so the pitch depends on the clock chosen:
a tune timed for 10 kHz (PC-1 on Unity) sounds a fifth higher at the published 15 kHz.

The sound is a square wave: FF31 set is +amplitude, reset is -amplitude.  A loudspeaker does
not hold a steady level, so a level that lasts longer than `HOLD_SECONDS` falls back to
silence; before the first change the speaker is silent too.  The WAV lasts exactly the
simulated time of the run (to the nearest sample).
"""

from __future__ import annotations

import math
import os
import wave
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from pc1.errors import InputError

RATE = 44_100  # samples a second
AMPLITUDE = 12_000  # of 32767: loud enough, with room to spare
HOLD_SECONDS = 0.025  # a level held longer than this is heard as silence
CHUNK = 1 << 16  # samples written at a time

Event = tuple[int, int]  # (cycle, level of FF31)


def sample_runs(events: Sequence[Event], end_cycle: int, clock_hz: float,
                rate: int = RATE) -> Iterator[tuple[int, int]]:
    """(value, count) runs of 16-bit samples for the events up to `end_cycle`."""
    total = round(end_cycle * rate / clock_hz)
    hold = max(1, round(HOLD_SECONDS * rate))
    done = 0
    value = 0
    for cycle, level in events:
        if cycle > end_cycle:
            break
        at = min(total, round(cycle * rate / clock_hz))
        yield from _held(value, at - done, hold)
        done = max(done, at)
        value = AMPLITUDE if level else -AMPLITUDE
    yield from _held(value, total - done, hold)


def _held(value: int, count: int, hold: int) -> Iterator[tuple[int, int]]:
    if count <= 0:
        return
    if value and count > hold:
        yield value, hold
        yield 0, count - hold
    else:
        yield value, count


def write_wav(path: str | os.PathLike[str], events: Sequence[Event], end_cycle: int,
              clock_hz: float, rate: int = RATE) -> int:
    """Write the speaker's sound as a mono 16-bit WAV; returns the number of samples."""
    try:
        stream = open(path, "wb")  # noqa: SIM115 - closed below
    except OSError as exc:
        raise InputError(exc.strerror or str(exc), source=os.fspath(path)) from None
    samples = 0
    with stream, wave.open(stream, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        buffer = bytearray()
        for value, count in sample_runs(events, end_cycle, clock_hz, rate):
            sample = value.to_bytes(2, "little", signed=True)
            samples += count
            while count:  # a long silence goes out a chunk at a time: memory stays small
                part = min(count, CHUNK)
                buffer += sample * part
                count -= part
                if len(buffer) >= 2 * CHUNK:
                    out.writeframesraw(bytes(buffer))
                    buffer.clear()
        out.writeframes(bytes(buffer))
    return samples


@dataclass(frozen=True)
class Tone:
    """A stretch of the speaker's sound with one period: its start, length and period."""

    start: int  # cycle of the first rising edge
    periods: int  # how many periods
    period: int  # cycles from one rising edge to the next

    def frequency(self, clock_hz: float) -> float:
        """Its pitch at this clock."""
        return clock_hz / self.period


def tones(events: Sequence[Event]) -> list[Tone]:
    """The speaker's sound as tones: runs of rising edges a constant period apart."""
    rises = [c for c, level in events if level]
    out: list[Tone] = []
    start, period, count = None, 0, 0
    for a, b in zip(rises, rises[1:], strict=False):
        if start is not None and b - a == period:
            count += 1
            continue
        if start is not None:
            out.append(Tone(start, count, period))
        start, period, count = a, b - a, 1
    if start is not None:
        out.append(Tone(start, count, period))
    return out


def frequency_at(events: Sequence[Event], cycle: int, clock_hz: float,
                 hold_seconds: float = 0.0) -> float | None:
    """The speaker's frequency at `cycle`: from its last period, None if it is silent.

    It is silent when no edge came for two periods (or for `hold_seconds`, if longer).
    """
    i = bisect_right(events, (cycle, 2))
    rises = [c for c, level in events[max(0, i - 4):i] if level]
    if len(rises) < 2:
        return None
    period = rises[-1] - rises[-2]
    if period <= 0 or cycle - rises[-1] > max(2 * period, hold_seconds * clock_hz):
        return None  # the tone has stopped
    return clock_hz / period


CAPTION_HOLD_SECONDS = 0.1
NOTE_NAMES = ("C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B")


def note_name(frequency: float) -> str:
    """The nearest equal-tempered note (A4 = 440 Hz), e.g. 'E3'."""
    semitones = round(12 * math.log2(frequency / 440.0)) + 57  # C0 is 57 below A4
    octave, step = divmod(semitones, 12)
    return f"{NOTE_NAMES[step]}{octave}"


def describe_now(events: Sequence[Event], cycle: int, clock_hz: float) -> str:
    """The speaker for the console: 'speaker 164.8 Hz (E3)', or '' while it is silent.

    The note stays shown through the short silences between notes (a tenth of a second).
    """
    f = frequency_at(events, cycle, clock_hz, hold_seconds=CAPTION_HOLD_SECONDS)
    if f is None:
        return ""
    return f"speaker {f:.1f} Hz ({note_name(f)})"


def excerpt(events: Sequence[Event], start: int, end: int) -> list[Event]:
    """The changes between cycles `start` and `end`, counted from `start`.

    A speaker already set at `start` starts the excerpt set, so the sound of a run is whole.
    """
    i = bisect_right(events, (start, 2))
    out: list[Event] = []
    if i and events[i - 1][1]:
        out.append((0, 1))
    for cycle, level in events[i:]:
        if cycle > end:
            break
        out.append((cycle - start, level))
    return out
