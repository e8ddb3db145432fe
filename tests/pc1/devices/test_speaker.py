"""The speaker as sound: WAVs from FF31's changes, measured from their samples."""

from __future__ import annotations

import wave
from array import array
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pc1 import Machine, read_tape
from pc1.cli.main import main
from pc1.devices.speaker import HOLD_SECONDS, RATE, frequency_at, tones, write_wav
from pc1.devices.tape import Tape
from tests.pc1.program_runs import loaded
from tests.shared_data import third_party_tape

SEMITONES = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
# the Ode to Joy as our score has it: note, crotchets (written here from the tune itself)
ODE = ("E3 1 E3 1 F3 1 G3 1 G3 1 F3 1 E3 1 D3 1 C3 1 C3 1 D3 1 E3 1 E3 1.5 D3 .5 D3 2 "
       "E3 1 E3 1 F3 1 G3 1 G3 1 F3 1 E3 1 D3 1 C3 1 C3 1 D3 1 E3 1 D3 1.5 C3 .5 C3 2").split()
SCORE = [(ODE[i], float(ODE[i + 1])) for i in range(0, len(ODE), 2)]


def pitch(note: str) -> float:
    """Equal temperament, A4 = 440 Hz."""
    return 440 * 2 ** ((SEMITONES[note[0]] + 12 * (int(note[1]) - 4)) / 12)


def samples(path: Path) -> tuple[array, int]:
    with wave.open(str(path), "rb") as w:
        assert (w.getnchannels(), w.getsampwidth()) == (1, 2)
        data = array("h", w.readframes(w.getnframes()))
        return data, w.getframerate()


def measured_notes(path: Path) -> list[tuple[float, float, float]]:
    """(start s, length s, frequency Hz) of each tone, from the rising zero crossings."""
    data, rate = samples(path)
    rises = [i for i, (a, b) in enumerate(pairwise(data), 1) if a < 0 < b]
    notes, group = [], rises[:1]
    for r in rises[1:]:
        if len(group) > 1 and r - group[-1] > 1.5 * (group[-1] - group[-2]) or \
                r - group[-1] > 0.045 * rate:  # no tone here is below 25 Hz
            notes.append(group)
            group = []
        group.append(r)
    notes.append(group)
    return [((g[0]) / rate, (g[-1] - g[0]) / rate, (len(g) - 1) * rate / (g[-1] - g[0]))
            for g in notes if len(g) > 2]


def square(period: int, count: int, start: int = 0) -> list[tuple[int, int]]:
    events = []
    for k in range(count):
        events += [(start + k * period, 1), (start + k * period + period // 2, 0)]
    return events


@settings(max_examples=20, deadline=None)
@given(period=st.integers(40, 400), clock=st.sampled_from([10_000.0, 15_000.0]),
       count=st.integers(20, 100), tail=st.integers(0, 30_000))
def test_a_square_wave_has_its_pitch_and_length(tmp_path_factory, period, clock, count,
                                                tail) -> None:
    path = tmp_path_factory.mktemp("wav") / "s.wav"
    events = square(period, count, start=500)
    end = 500 + period * count + tail
    n = write_wav(path, events, end, clock)
    data, rate = samples(path)
    assert rate == RATE and len(data) == n
    assert abs(n - end / clock * RATE) <= 0.5 + 1e-6  # the simulated time, to a sample
    (note,) = measured_notes(path)
    assert note[2] == pytest.approx(clock / period, rel=0.002)
    assert note[0] == pytest.approx(500 / clock, abs=2 * period / clock)


def test_a_held_level_falls_silent_and_nothing_sounds_before_the_first_change(tmp_path):
    path = tmp_path / "held.wav"
    write_wav(path, [(15_000, 1)], 30_000, 15_000.0)  # set at 1 s, held for 1 s
    data, rate = samples(path)
    assert set(data[:rate]) == {0}
    hold = round(HOLD_SECONDS * rate)
    assert set(data[rate + 1:rate + hold - 1]) == {12_000}
    assert set(data[rate + hold + 1:]) == {0}


def test_tones_and_the_frequency_now() -> None:
    events = square(100, 50) + square(80, 40, start=10_000)
    found = [(t.period, t.periods) for t in tones(events) if t.periods > 1]
    assert found == [(100, 49), (80, 39)]
    assert frequency_at(events, 2_000, 15_000.0) == pytest.approx(150.0)
    assert frequency_at(events, 12_000, 15_000.0) == pytest.approx(187.5)
    assert frequency_at(events, 9_500, 15_000.0) is None  # silent between the two
    assert frequency_at(events, 20_000, 15_000.0) is None
    assert frequency_at([], 20_000, 15_000.0) is None


@pytest.fixture(scope="module")
def music() -> Machine:
    m = loaded("music")
    assert m.last_stop.reason == "halt"
    return m


@pytest.mark.parametrize("clock", [15_000.0, 10_000.0])
def test_music_wav_has_the_notes_of_the_score(music, tmp_path, clock) -> None:
    path = tmp_path / "ode.wav"
    n = write_wav(path, music.speaker_events, music.cycles, clock)
    assert abs(n - music.cycles / clock * RATE) <= 0.5 + 1e-6  # the simulated time
    notes = measured_notes(path)
    assert len(notes) == len(SCORE) == 30
    scale = clock / 15_000  # the tape is timed for 15 kHz
    onset = notes[0][0]
    for (start, length, freq), (name, crotchets) in zip(notes, SCORE, strict=True):
        assert freq == pytest.approx(pitch(name) * scale, rel=0.01), name
        assert start == pytest.approx(onset, abs=0.015)  # in time with the note before
        onset = start + crotchets * 0.5 / scale
        # a crotchet lasts half a second at 15 kHz from onset to onset; the tone stops a
        # little before the next onset, so that repeated notes sound apart
        assert (crotchets * 0.5 - 0.075) / scale < length < (crotchets * 0.5 - 0.02) / scale


def test_pc1_run_music_writes_the_wav(tmp_path, capsys) -> None:
    path = tmp_path / "tune.wav"
    assert main(["run", "music", "--wav", str(path), "--clock", "10k"]) == 0
    data, rate = samples(path)
    assert abs(len(data) - 316_706 / 10_000 * rate) <= 0.5 + 1e-6  # the whole run, R0 too
    assert main(["run", "music", "--wav", str(tmp_path / "no" / "t.wav")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].endswith("t.wav: No such file or directory")


def test_third_party_player_notes_match_its_loop_periods(tmp_path) -> None:
    frames = (read_tape(third_party_tape("musicplayer.ptr")).frames
              + read_tape(third_party_tape("sakura.ptr")).frames)
    m = Machine(clock_hz=10_000)
    m.initial_load(read_tape(Path(__file__).resolve().parents[3] / "tapes" / "r0.ptw"))
    m.load_tape(Tape(frames))
    m.clear_start()
    m.run(max_orders=2_000_000)
    rises = [c for c, level in m.speaker_events if level]
    path = tmp_path / "sakura.wav"
    write_wav(path, m.speaker_events, m.cycles, 10_000.0)
    notes = measured_notes(path)
    assert len(notes) > 20
    for start, length, freq in notes:
        # the player's loop period at this note: the gap between its rising edges
        first = next(c for c in rises if c / 10_000 >= start - 0.001)
        period = rises[rises.index(first) + 1] - first
        assert freq == pytest.approx(10_000 / period, rel=0.01)
        assert length > 5 * period / 10_000


@pytest.mark.parametrize("freq, name", [(440.0, "A4"), (164.84, "E3"), (261.63, "C4"),
                                        (130.43, "C3"), (466.16, "A#4"), (27.5, "A0")])
def test_note_names(freq, name) -> None:
    from pc1.devices.speaker import note_name

    assert note_name(freq) == name


def test_what_the_console_says_about_the_speaker() -> None:
    from pc1.devices.speaker import describe_now

    events = square(91, 30, start=1_000)
    assert describe_now(events, 2_000, 15_000.0) == "speaker 164.8 Hz (E3)"
    last = 1_000 + 91 * 29
    assert describe_now(events, last + 1_400, 15_000.0) != ""  # a short silence: still shown
    assert describe_now(events, last + 1_600, 15_000.0) == ""  # over 0.1 s: silent
    assert describe_now([], 0, 15_000.0) == ""


def test_an_excerpt_counts_from_its_start_and_keeps_a_set_speaker() -> None:
    from pc1.devices.speaker import excerpt

    events = [(100, 1), (150, 0), (200, 1), (260, 0), (300, 1)]
    assert excerpt(events, 160, 280) == [(40, 1), (100, 0)]
    assert excerpt(events, 210, 400) == [(0, 1), (50, 0), (90, 1)]  # set before 210
    assert excerpt(events, 0, 50) == []


def test_a_long_silence_is_written_in_small_pieces(tmp_path) -> None:
    # ten simulated minutes, one edge: the WAV is right and no buffer holds the whole of it
    import tracemalloc

    path = tmp_path / "long.wav"
    tracemalloc.start()
    n = write_wav(path, [(100, 1)], 600 * 15_000, 15_000.0)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert n == 600 * RATE and path.stat().st_size == 44 + 2 * n
    assert peak < 2_000_000  # bytes: a few chunks, not the 53 MB of samples
