"""Opening files safely: only regular files are read, outputs are written whole or not at
all, and a fifo is refused at once rather than waited on."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pc1.base import InputError, Output, atomic_output, open_regular, write_atomically


def _fifo(tmp_path: Path) -> Path:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no fifos here")
    path = tmp_path / "f"
    os.mkfifo(path)
    return path


def test_a_fifo_is_refused_at_once_for_reading_and_writing(tmp_path) -> None:
    fifo = _fifo(tmp_path)
    with pytest.raises(InputError, match=r"f: a fifo, not a tape file"):
        open_regular(fifo, "a tape file")
    with pytest.raises(InputError, match=r"f: a fifo: cannot write"):
        write_atomically(fifo, b"x")


def test_a_device_is_not_read(tmp_path) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero")
    with pytest.raises(InputError, match=r"/dev/zero: a device, not a file"):
        open_regular("/dev/zero")


def test_a_device_is_written_directly_and_its_failure_named() -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full")
    write_atomically("/dev/null", b"anything")  # a device cannot be replaced by a rename
    with pytest.raises(InputError, match=r"^/dev/full: No space left on device$"):
        write_atomically("/dev/full", b"x" * 100_000)


@settings(max_examples=25, deadline=None)
@given(old=st.binary(max_size=200), new=st.binary(max_size=200), fails=st.booleans())
def test_a_failed_write_leaves_the_old_file(tmp_path_factory, old: bytes, new: bytes,
                                            fails: bool) -> None:
    folder = tmp_path_factory.mktemp("out")
    target = folder / "out.bin"
    target.write_bytes(old)
    with pytest.raises(RuntimeError) if fails else _nothing():
        with atomic_output(target) as stream:
            stream.write(new)
            if fails:
                raise RuntimeError("the run broke off")
    assert target.read_bytes() == (old if fails else new)
    assert [p.name for p in folder.iterdir()] == ["out.bin"]  # no temporary file left


def test_an_output_dropped_leaves_no_file_and_keeps_the_mode(tmp_path) -> None:
    target = tmp_path / "t.txt"
    out = Output(target)
    out.stream.write(b"half")
    out.abort()
    assert not target.exists() and not list(tmp_path.iterdir())
    target.write_text("old")
    target.chmod(0o640)
    write_atomically(target, "new")
    assert target.read_text() == "new" and target.stat().st_mode & 0o777 == 0o640


def test_a_folder_that_cannot_be_written_is_named(tmp_path) -> None:
    with pytest.raises(InputError, match=r"no/such/folder/x.txt: "):
        write_atomically(tmp_path / "no" / "such" / "folder" / "x.txt", "x")


class _nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False
