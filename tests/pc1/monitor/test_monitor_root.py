"""The monitor of a served console keeps to its root: attach, do and punch refuse the outside."""

from __future__ import annotations

from pathlib import Path

import pytest

from pc1.base.confine import OUTSIDE
from pc1.devices.tape import write_tape
from pc1.devices.tape_library import tape_path
from pc1.monitor.interpreter import Monitor
from pc1.monitor.values import MonitorError


@pytest.fixture
def served(tmp_path: Path) -> tuple[Monitor, Path, Path]:
    root, outside = tmp_path / "root", tmp_path / "outside"
    root.mkdir()
    outside.mkdir()
    write_tape(outside / "t.ptr", [1, 2, 3])
    (outside / "s.pc1s").write_text("echo hello\n")
    return Monitor(root=root), root, outside


@pytest.mark.parametrize("verb, name", [("attach", "t.ptr"), ("do", "s.pc1s"),
                                        ("punch", "p.ptp"), ("initial-load", "t.ptr")])
def test_a_path_outside_the_root_is_refused_in_one_line(served, verb: str, name: str) -> None:
    monitor, root, outside = served
    for path in (outside / name, f"../outside/{name}"):
        with pytest.raises(MonitorError) as err:
            monitor.execute(f"{verb} {path}")
        assert str(err.value) == OUTSIDE, str(err.value)
    assert not (outside / "p.ptp").exists()
    assert monitor.punch_file is None


def test_paths_inside_the_root_work_and_relative_ones_start_there(served) -> None:
    monitor, root, _ = served
    write_tape(root / "t.ptr", [1, 2, 3])
    monitor.execute("attach t.ptr")
    assert len(monitor.machine.tape) == 3
    monitor.execute("punch p.ptp")
    assert (root / "p.ptp").exists()


def test_our_shipped_tapes_stay_readable_by_name(served) -> None:
    monitor, _, _ = served
    monitor.execute("attach e1000.ptr")
    assert len(monitor.machine.tape) > 0


def test_punching_to_the_name_of_a_shipped_tape_writes_in_the_root(served, monkeypatch,
                                                                    tmp_path: Path) -> None:
    monitor, root, _ = served
    shipped = tmp_path / "package" / "r0.ptw"  # a stand-in: a failure must not harm ours
    shipped.parent.mkdir()
    shipped.write_bytes(tape_path("r0.ptw").read_bytes())
    monkeypatch.setattr("pc1.monitor.interpreter.tape_path", lambda name: shipped.parent / name)
    before = shipped.read_bytes()
    monitor.execute("punch r0.ptw")
    assert monitor.punch_file == root.resolve() / "r0.ptw" and (root / "r0.ptw").exists()
    assert shipped.read_bytes() == before


def test_without_a_root_the_monitor_reads_anywhere(served) -> None:
    _, _, outside = served
    monitor = Monitor()
    monitor.execute(f"attach {outside / 't.ptr'}")
    assert len(monitor.machine.tape) == 3
