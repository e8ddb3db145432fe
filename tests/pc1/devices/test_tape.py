"""Tape file formats: numeric text, ASCII, raw bytes; binary tapes; errors with positions."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pc1 import InputError, Tape, read_tape, write_tape
from pc1.devices.tape import decode_initial_load, format_numeric, initial_load_tape, parse_numeric
from pc1.devices.teleprinter import CODE_TO_CHAR, codes_to_text, text_to_codes
from tests.strategies import frames, short_words


@given(frames)
def test_numeric_round_trip(fs: list[int]) -> None:
    assert parse_numeric(format_numeric(fs)).frames == fs


@pytest.mark.parametrize("suffix", [".ptr", ".ptw", ".ptp", ".bin"])
@given(fs=frames)
def test_file_round_trip(tmp_path_factory, suffix: str, fs: list[int]) -> None:
    path = tmp_path_factory.mktemp("t") / f"x{suffix}"
    write_tape(path, Tape(fs))
    assert read_tape(path).frames == fs


@given(st.lists(st.sampled_from(sorted(set(CODE_TO_CHAR) | {0, 2, 4, 8, 27, 31, 32, 63}))))
def test_ascii_round_trip(fs: list[int]) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "x.txt"
        write_tape(path, fs)
        assert read_tape(path).frames == fs


def test_ascii_convention(tmp_path: Path) -> None:
    p = tmp_path / "t.txt"
    p.write_bytes(b"A1,|^_[#\r\n")
    assert read_tape(p).frames == [24, 57, 38, 0, 27, 31, 32, 63, 2, 8]


@given(st.lists(short_words, min_size=1, max_size=40))
def test_binary_tape_round_trip(words: list[int]) -> None:
    tape = initial_load_tape(words)
    got, _ = decode_initial_load(tape.frames)
    assert got[: len(words)] == words and len(got) == len(words) + len(words) % 2


@pytest.mark.parametrize("content, message", [
    ("1 2 x3\n", r"bad\.ptr: line 1, column 5: 'x3' is not a number"),
    ("1 2\n 3 64\n", r"bad\.ptr: line 2, column 4: code 64 is above 63"),
    ("1 -2\n", r"line 1, column 3: '-2' is not a number"),
])
def test_bad_numeric_tapes_name_the_place(tmp_path: Path, content: str, message: str) -> None:
    p = tmp_path / "bad.ptr"
    p.write_text(content)
    with pytest.raises(InputError, match=message):
        read_tape(p)


def test_bad_ascii_tape_names_line_and_column(tmp_path: Path) -> None:
    p = tmp_path / "bad.txt"
    p.write_text("a1,\r\nb2*,\r\n")
    with pytest.raises(InputError, match=r"line 2, column 3: '\*' has no tape code"):
        read_tape(p)


def test_missing_file_and_directory(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        read_tape(tmp_path / "nope.ptr")
    with pytest.raises(InputError, match="a folder, not a tape file"):
        read_tape(tmp_path)


def test_binary_file_that_is_not_text(tmp_path: Path) -> None:
    p = tmp_path / "x.ptr"
    p.write_bytes(b"1 2 \xff")
    with pytest.raises(InputError, match="not ASCII"):
        read_tape(p)


def test_raw_bytes_above_63(tmp_path: Path) -> None:
    p = tmp_path / "x.raw"
    p.write_bytes(bytes([1, 2, 200]))
    with pytest.raises(InputError, match="frame 3: byte 200"):
        read_tape(p)


def test_teleprinter_text_layout() -> None:
    assert codes_to_text(text_to_codes("2.71\n  82")) == "2.71\n  82"
    assert codes_to_text([24, 27, 31, 0, 32, 36]) == "a ?"  # 36 has no glyph
