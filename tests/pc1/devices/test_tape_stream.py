"""Tape files read as a stream: the same frames and the same error places whatever the size
of the pieces the file is read in, a bounded token length and a bounded tape length."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pc1.devices.tape as tape_module
from pc1.base.errors import InputError
from pc1.devices.tape import MAX_TAPE_FRAMES, MAX_TOKEN, frames_of, iter_tape, read_tape

SEPARATORS = st.sampled_from([" ", "  ", "\n", "\r\n", "\t", " \n "])


@st.composite
def numeric_files(draw) -> tuple[list[int], str, list[tuple[int, int]]]:
    """(codes, file text, the (line, column) where each code starts), written independently."""
    codes = draw(st.lists(st.integers(0, 63), min_size=1, max_size=60))
    text, places, line, col = "", [], 1, 1
    for code in codes:
        token = draw(st.sampled_from(["", "0", "00"])) + str(code)
        places.append((line, col))
        text += token
        col += len(token)
        sep = draw(SEPARATORS)
        text += sep
        for ch in sep:
            line, col = (line + 1, 1) if ch == "\n" else (line, col + 1)
    return codes, text, places


@given(numeric_files(), st.integers(1, 9))
def test_numeric_frames_do_not_depend_on_the_piece_size(case, piece: int) -> None:
    codes, text, _ = case
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(tape_module, "_CHUNK", piece)
        assert list(frames_of(io.BytesIO(text.encode()), "numeric")) == codes


@given(numeric_files(), st.integers(1, 9), st.data())
def test_a_bad_code_is_placed_exactly(case, piece: int, data) -> None:
    codes, text, places = case
    k = data.draw(st.integers(0, len(codes) - 1))
    line, col = places[k]
    lines = text.split("\n")
    row = lines[line - 1]
    token_end = col - 1 + len(row[col - 1:].split()[0])
    lines[line - 1] = row[:col - 1] + "64" + row[token_end:]  # code k becomes 64
    bad = "\n".join(lines)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(tape_module, "_CHUNK", piece)
        with pytest.raises(InputError) as exc:
            list(frames_of(io.BytesIO(bad.encode()), "numeric", "t.ptr"))
    assert str(exc.value) == (f"t.ptr: line {line}, column {col}: code 64 is above 63 "
                              "(tapes have 6 holes)")


@given(st.binary(max_size=80), st.integers(1, 9))
def test_ascii_tapes_do_not_depend_on_the_piece_size(data: bytes, piece: int) -> None:
    def read() -> list[int] | str:
        try:
            return list(frames_of(io.BytesIO(data), "text", "t.txt"))
        except InputError as exc:
            return str(exc)

    whole = read()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(tape_module, "_CHUNK", piece)
        assert read() == whole


def test_a_huge_number_is_refused_before_it_is_read_whole(tmp_path: Path) -> None:
    p = tmp_path / "big.ptr"
    p.write_text("1 2\n 3 " + "7" * 100_000 + " 4\n")
    with pytest.raises(InputError, match=rf"big\.ptr: line 2, column 4: '777777777777\.\.\.' "
                                         rf"is more than {MAX_TOKEN} characters"):
        read_tape(p)


def test_reading_stops_at_the_first_bad_frame(tmp_path: Path) -> None:
    p = tmp_path / "bad.ptr"
    p.write_text("1 2 99 " + "x " * 50_000)
    frames = iter_tape(p)
    assert [next(frames), next(frames)] == [1, 2]
    with pytest.raises(InputError, match="line 1, column 5: code 99"):
        next(frames)


def test_a_tape_longer_than_the_limit_is_refused() -> None:
    data = io.BytesIO(b"1 " * 11)
    with pytest.raises(InputError, match="t.ptr: frame 11: the tape is longer than 10 frames"):
        list(frames_of(data, "numeric", "t.ptr", limit=10))
    assert list(frames_of(io.BytesIO(b"1 " * 10), "numeric", limit=10)) == [1] * 10


def test_raw_and_non_ascii_errors_name_the_place(tmp_path: Path) -> None:
    raw = tmp_path / "x.raw"
    raw.write_bytes(bytes(70_000) + b"\x40")
    with pytest.raises(InputError, match="frame 70001: byte 64 is above 63"):
        read_tape(raw)
    text = tmp_path / "x.ptr"
    text.write_bytes(b"1 2\n3 4\xe9\n")
    with pytest.raises(InputError, match=r"line 2, column 4: byte 0xe9 is not ASCII"):
        read_tape(text)


@given(numeric_files())
def test_a_numeric_file_is_read_whole_to_its_codes(tmp_path_factory, case) -> None:
    codes, text, _ = case
    p = tmp_path_factory.mktemp("whole") / "t.ptr"
    p.write_text(text)
    assert read_tape(p).frames == codes


# pieces of numeric files, good and bad: read_tape reads a file whole first and must come to
# what the stream reader (token by token, placing each fault) comes to
PIECES = st.sampled_from(["0", "7", "63", "064", "64", "99", "0" * MAX_TOKEN + "1", "x", "-1",
                          "1.5", "\u00e9", " ", "\n", "\r\n", "\t", "\v", "\f", "\x1c"])


@given(st.lists(PIECES, max_size=12))
def test_reading_whole_agrees_with_the_stream(tmp_path_factory, pieces: list[str]) -> None:
    p = tmp_path_factory.mktemp("agree") / "t.ptr"
    p.write_text("".join(pieces), encoding="utf-8")

    def outcome(read) -> list[int] | str:
        try:
            return list(read())
        except InputError as exc:
            return str(exc)

    assert outcome(lambda: read_tape(p).frames) == outcome(lambda: iter_tape(p))


def test_a_tape_past_the_reel_is_refused_when_read_whole_too(tmp_path: Path) -> None:
    p = tmp_path / "long.ptr"
    p.write_bytes(b"1\n" * (MAX_TAPE_FRAMES + 1))
    with pytest.raises(InputError, match=f"frame {MAX_TAPE_FRAMES + 1}: the tape is longer"):
        read_tape(p)
