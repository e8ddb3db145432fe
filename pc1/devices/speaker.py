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
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pc1.base import Output
from pc1.devices.tape_library import refuse_ours

RATE = 44_100  # samples a second
AMPLITUDE = 12_000  # of 32767: loud enough, with room to spare
HOLD_SECONDS = 0.025  # a level held longer than this is heard as silence
CHUNK = 1 << 16  # samples written at a time

Event = tuple[int, int]  # (cycle, level of FF31)


class WavStream:
    """The speaker's sound written as a mono 16-bit WAV while the run goes on.

    `feed` takes the changes as they come (in cycle order) and writes the sound up to the
    last of them; `close` writes the rest up to the end of the run.  Memory stays small
    however long the run; the file stops at `max_seconds` of sound (`cut` says it did).
    """

    def __init__(self, path: str | os.PathLike[str], clock_hz: float,
                 max_seconds: float | None = None) -> None:
        self.path = os.fspath(path)
        refuse_ours(path)  # our shipped files are read-only
        # written beside the target and renamed into place by close(): a failed run never
        # leaves a cut-short file where a good one stood
        self._file = Output(path, "wb")
        self._stream = self._file.stream
        self._put(_header(0, RATE))  # the sizes are filled in by close()
        try:  # a file that cannot take it (a full disk, /dev/full) is said before the run
            self._stream.flush()
        except OSError as exc:
            self._file.abort()
            raise self._file.error(exc) from None
        self.clock_hz, self.rate = clock_hz, RATE
        self._hold = max(1, round(HOLD_SECONDS * RATE))
        self._most = None if max_seconds is None else round(max_seconds * RATE)
        self._value = 0  # the level now: silent before the first change
        self._done = 0  # samples up to the last change fed
        self._buffer = bytearray()
        self.samples = 0  # written so far
        self.cut = False

    def _sample(self, cycle: int) -> int:
        return round(cycle * RATE / self.clock_hz)

    def feed(self, events: Iterable[Event]) -> None:
        """Write the sound up to the last of these changes."""
        for cycle, level in events:
            at = self._sample(cycle)
            self._held(at - self._done)
            self._done = max(self._done, at)
            self._value = AMPLITUDE if level else -AMPLITUDE

    def _held(self, count: int) -> None:
        """The level now for `count` samples; held longer than HOLD_SECONDS, it falls silent."""
        if count <= 0:
            return
        if self._value and count > self._hold:
            self._write(self._value, self._hold)
            self._write(0, count - self._hold)
        else:
            self._write(self._value, count)

    def _write(self, value: int, count: int) -> None:
        if self._most is not None and self.samples + count > self._most:
            self.cut = self.cut or count > 0
            count = self._most - self.samples
        sample = value.to_bytes(2, "little", signed=True)
        self.samples += count
        while count > 0:  # a long silence goes out a chunk at a time: memory stays small
            part = min(count, CHUNK)
            self._buffer += sample * part
            count -= part
            if len(self._buffer) >= 2 * CHUNK:
                self._put(bytes(self._buffer))
                self._buffer.clear()

    def _put(self, data: bytes) -> None:
        """Write to the file; a failure (a full disk, /dev/full) drops the file and says so."""
        if self._stream.closed:  # dropped after a failure already said
            return
        try:
            self._stream.write(data)
        except OSError as exc:
            self._file.abort()
            raise self._file.error(exc) from None

    def close(self, end_cycle: int) -> int:
        """Write the sound up to `end_cycle`, close the file and put it in place; the number
        of samples."""
        if self._stream.closed:
            return self.samples
        self._held(self._sample(end_cycle) - self._done)
        self._put(bytes(self._buffer))
        self._buffer.clear()
        try:
            self._stream.seek(0)
        except OSError:  # a device: no header to fill in
            pass
        else:
            self._put(_header(self.samples, self.rate))
        self._file.commit()
        return self.samples

    def abort(self) -> None:
        """Drop the file: the target stays as it was."""
        self._file.abort()


def _header(samples: int, rate: int) -> bytes:
    """The 44-byte header of a mono 16-bit PCM WAV of `samples` samples."""
    data = 2 * samples
    return (b"RIFF" + (36 + data).to_bytes(4, "little") + b"WAVE"
            + b"fmt " + (16).to_bytes(4, "little") + (1).to_bytes(2, "little")
            + (1).to_bytes(2, "little") + rate.to_bytes(4, "little")
            + (2 * rate).to_bytes(4, "little") + (2).to_bytes(2, "little")
            + (16).to_bytes(2, "little") + b"data" + data.to_bytes(4, "little"))


def write_wav(path: str | os.PathLike[str], events: Sequence[Event], end_cycle: int,
              clock_hz: float) -> int:
    """Write the speaker's sound up to `end_cycle` as a WAV (RATE samples a second); returns
    the number of samples."""
    stream = WavStream(path, clock_hz)
    stream.feed(e for e in events if e[0] <= end_cycle)
    return stream.close(end_cycle)


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
