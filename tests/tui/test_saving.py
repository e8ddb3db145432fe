"""tui/saving.py: every console "save as" confines the name, refuses our files and words
a failed write as one line naming the file."""

from __future__ import annotations

from pathlib import Path

import pytest

from pc1.base import InputError
from pc1.base.confine import OUTSIDE
from pc1.devices import tape_path
from tui.saving import save_as


def test_a_name_in_the_root_is_written_and_returned(tmp_path: Path) -> None:
    path, value = save_as("out.txt", tmp_path, lambda p: p.write_text("pc1") and "done")
    assert path == tmp_path / "out.txt"
    assert value == "done"
    assert (tmp_path / "out.txt").read_text() == "pc1"


def test_a_name_outside_the_root_is_refused_before_writing(tmp_path: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    written = []
    with pytest.raises(InputError) as caught:
        save_as("../elsewhere.txt", root, written.append)
    assert str(caught.value) == OUTSIDE
    assert written == []
    assert not (tmp_path / "elsewhere.txt").exists()


def test_our_shipped_tape_is_refused_before_writing() -> None:
    ours = tape_path("e1000.ptr")
    assert ours.is_file()
    written = []
    with pytest.raises(InputError, match="read-only") as caught:
        save_as(str(ours), None, written.append)
    assert written == []
    assert str(ours) in str(caught.value)


def test_a_failed_write_is_one_line_naming_the_file(tmp_path: Path) -> None:
    def write(path: Path) -> None:
        (path.parent / "missing" / path.name).write_text("x")  # no such folder

    with pytest.raises(InputError) as caught:
        save_as("out.txt", tmp_path, write)
    assert str(caught.value) == f"{tmp_path / 'out.txt'}: No such file or directory"
    assert "\n" not in str(caught.value) and "Errno" not in str(caught.value)
