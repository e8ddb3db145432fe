"""Our shipped tapes and scripts are read-only: every way of writing a file (the monitor's
`punch`, the console's save, `--punch`, `--wav`, `--dump-state`, `--output`) refuses one of
them in one line and leaves it byte for byte as it was."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from pc1.base import InputError
from pc1.cli.main import main
from pc1.devices import Tape, WavStream, is_ours, tape_path, write_tape

SHIPPED = ("e1000.ptr", "r0.ptw", "e1000.pc1")


@pytest.fixture
def shipped(tmp_path: Path) -> Iterator[dict[str, bytes]]:
    """The bytes of some shipped files; put back after the test if a bug changed them."""
    before = {name: tape_path(name).read_bytes() for name in SHIPPED}
    for name in SHIPPED:
        shutil.copy(tape_path(name), tmp_path / f"backup-{name}")
    yield before
    for name in SHIPPED:
        if tape_path(name).read_bytes() != before[name]:
            shutil.copy(tmp_path / f"backup-{name}", tape_path(name))


def _unchanged(before: dict[str, bytes]) -> None:
    for name, data in before.items():
        assert tape_path(name).read_bytes() == data, f"{name} was written"


def _one_line(capsys, *expected: str) -> None:
    err = capsys.readouterr().err
    assert err.count("\n") >= 1 and "Traceback" not in err
    last = err.splitlines()[-1]
    assert "shipped" in last and "read-only" in last, err
    for text in expected:
        assert text in last, err


@pytest.mark.parametrize("name", ["e1000.ptr", "r0.ptw"])
def test_the_monitors_punch_refuses_a_shipped_tape_by_its_bare_name(shipped, tmp_path, capsys,
                                                                    name) -> None:
    script = tmp_path / "s.pc1s"
    script.write_text(f"punch {name}\n")
    assert main(["script", str(script)]) == 2
    _one_line(capsys, "s.pc1s: line 1: ", name)
    _unchanged(shipped)


@pytest.mark.parametrize("option", ["--punch", "--wav", "--dump-state"])
def test_run_outputs_refuse_a_shipped_tape_before_the_run(shipped, capsys, option) -> None:
    assert main(["run", "e1000", option, str(tape_path("e1000.ptr"))]) == 2
    out = capsys.readouterr()
    assert out.out == ""  # refused before the run: nothing printed
    assert "read-only" in out.err and out.err.count("\n") == 1
    _unchanged(shipped)


def test_digits_output_refuses_a_shipped_file(shipped, capsys) -> None:
    assert main(["digits", "e", "10", "--output", str(tape_path("e1000.pc1"))]) == 2
    _one_line(capsys, "e1000.pc1")
    _unchanged(shipped)


def test_the_library_writers_refuse_them(shipped) -> None:
    """What the console's save-punch and save-sound call."""
    with pytest.raises(InputError, match="read-only"):
        write_tape(tape_path("e1000.ptr"), Tape([1, 2, 3]))
    with pytest.raises(InputError, match="read-only"):
        WavStream(tape_path("r0.ptw"), 15_000)
    _unchanged(shipped)


def test_a_path_elsewhere_is_written(shipped, tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    script = tmp_path / "s.pc1s"
    script.write_text("punch ./e1000.ptr\n")
    assert main(["script", str(script), "-q"]) == 0
    assert (tmp_path / "e1000.ptr").exists() and not is_ours(tmp_path / "e1000.ptr")
    _unchanged(shipped)


def test_a_link_to_a_shipped_tape_is_refused_too(shipped, tmp_path) -> None:
    link = tmp_path / "mine.ptr"
    link.symlink_to(tape_path("e1000.ptr"))
    with pytest.raises(InputError, match="read-only"):
        write_tape(link, Tape([1]))
    _unchanged(shipped)
