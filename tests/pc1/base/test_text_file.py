"""Reading the text files users name (pc1/base/text_file.py), and the commands that read them."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pc1.base.errors import InputError
from pc1.base.text_file import decode_text, read_text_file
from pc1.cli.main import main

_line = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\n"),
                max_size=12)


@given(st.lists(_line, min_size=1, max_size=6), st.data())
def test_a_bad_byte_is_named_by_its_line_and_column(lines: list[str], data) -> None:
    """The place is where the bad byte was put: its line, and the characters before it."""
    row = data.draw(st.integers(0, len(lines) - 1))
    chars = data.draw(st.integers(0, len(lines[row])))  # characters before the bad byte
    bad = data.draw(st.sampled_from([0x80, 0xBF, 0xC0, 0xFF]))
    bom = data.draw(st.booleans())
    encoded = [line.encode() for line in lines]
    encoded[row] = (lines[row][:chars].encode() + bytes([bad])
                    + lines[row][chars:].encode())
    with pytest.raises(InputError) as info:
        decode_text(b"\xef\xbb\xbf" * bom + b"\n".join(encoded), "f.txt")
    assert str(info.value) == (f"f.txt: line {row + 1}, column {chars + 1}: "
                               f"not UTF-8 text (byte {bad:#04x})")


@given(st.lists(_line, max_size=6))
def test_good_text_comes_back_as_it_was(lines: list[str]) -> None:
    text = "\n".join(lines)
    assert decode_text(text.encode(), "f") == text
    assert decode_text(b"\xef\xbb\xbf" + text.encode(), "f") == text  # a BOM is dropped


def test_missing_folder_and_too_large(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"nope.txt: no such file$"):
        read_text_file(tmp_path / "nope.txt", 100, "a puzzle file")
    with pytest.raises(InputError, match=r": a folder, not a puzzle file$"):
        read_text_file(tmp_path, 100, "a puzzle file")
    big = tmp_path / "big.txt"
    big.write_text("x" * 101)
    with pytest.raises(InputError, match=r"big.txt: more than 100 bytes: too large for a "
                                         r"puzzle file$"):
        read_text_file(big, 100, "a puzzle file")
    big.write_text("x" * 100)
    assert read_text_file(big, 100, "a puzzle file") == "x" * 100


def test_standard_input_as_bytes_or_as_text(monkeypatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"ab\n\xffc")))
    with pytest.raises(InputError, match=r"^<stdin>: line 2, column 1: not UTF-8"):
        read_text_file("-", 100, "a puzzle file")
    monkeypatch.setattr(sys, "stdin", io.StringIO("é\n"))
    assert read_text_file("-", 100, "a puzzle file") == "é\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO("é" * 101))
    with pytest.raises(InputError, match="more than 100 characters"):
        read_text_file("-", 100, "a puzzle file")


@pytest.mark.parametrize("args", [
    ["asm", "{}"],
    ["run", "determinant", "{}"],
    ["script", "{}"],
    ["solve", "nurikabe", "{}"],
    ["solve", "sudoku", "{}"],
    ["solve", "0hn0", "{}"],
    ["queens", "--count", "8", "--ledger", "{}"],  # said before anything is counted
])
def test_every_command_names_the_place_of_a_bad_byte(tmp_path: Path, capsys, args) -> None:
    path = tmp_path / "bad.txt"
    path.write_bytes(b"# a comment\n12\xff\n")
    code = main([a.replace("{}", str(path)) for a in args])
    err = capsys.readouterr().err.strip()
    assert code != 0
    assert len(err.splitlines()) == 1
    assert err.endswith(f"{path}: line 2, column 3: not UTF-8 text (byte 0xff)"), err


def test_a_ledger_that_cannot_be_written_is_said_before_the_count(tmp_path: Path,
                                                                 capsys) -> None:
    code = main(["queens", "--count", "8", "--ledger", str(tmp_path / "no" / "l.jsonl")])
    err = capsys.readouterr().err.strip()
    assert code == 2
    assert err == f"pc1 queens: {tmp_path / 'no' / 'l.jsonl'}: cannot write the ledger: " \
                  "No such file or directory"
