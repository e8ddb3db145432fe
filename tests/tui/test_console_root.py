"""The served console (PC1App with a root): its dialogs and its monitor keep to the folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DirectoryTree

from pc1.base.confine import OUTSIDE
from pc1.cli.main import build_parser
from tests.tui.conftest import PRINT_ONE, punch_and_print_one, punch_binary, wait_until
from tests.tui.test_console import answer, make_app, paper
from tui.app import PC1App
from tui.dialogs import ConfinedTree


def folders(tmp_path: Path) -> tuple[Path, Path]:
    root, outside = tmp_path / "root", tmp_path / "outside"
    root.mkdir()
    outside.mkdir()
    return root, outside


async def test_saving_the_paper_outside_the_root_is_refused_and_writes_nothing(
        tmp_path: Path) -> None:
    root, outside = folders(tmp_path)
    tape = punch_binary(root, "print1.ptw", PRINT_ONE)
    app = make_app(root=root)
    async with app.run_test() as pilot:
        await punch_and_print_one(pilot, app, tape)
        assert paper(app) == "1"
        for target in (outside / "paper.txt", "../outside/paper.txt"):
            await pilot.press("ctrl+s")
            await answer(pilot, target)
            assert app.message == f"cannot save the paper: {OUTSIDE}"
        await pilot.press("2")
        await pilot.click("#save-punch")
        await answer(pilot, outside / "p.ptp")
        assert app.message == f"cannot save the punched tape: {OUTSIDE}"
        assert list(outside.iterdir()) == []
        await pilot.press("ctrl+s")
        await answer(pilot, "paper.txt")  # a relative name lands in the root
        assert (root / "paper.txt").read_text() == "1"


async def test_opening_outside_the_root_is_refused_without_naming_the_path(
        tmp_path: Path) -> None:
    root, outside = folders(tmp_path)
    secret = outside / "secret.ptr"
    secret.write_text("1 2 3\n")
    (root / "in.ptr").write_text("1\n")
    (root / "out").symlink_to(outside)
    app = make_app(root=root)
    async with app.run_test() as pilot:
        await pilot.press("o")
        await pilot.pause()
        tree = app.screen.query_one(DirectoryTree)
        assert isinstance(tree, ConfinedTree) and Path(tree.path) == root.resolve()
        # the tree lists no link that leads out of the root
        assert [p.name for p in tree.filter_paths(sorted(root.iterdir()))] == ["in.ptr"]
        await answer(pilot, secret)
        assert app.message == f"cannot open: {OUTSIDE}"
        assert "secret" not in app.message and app.machine.tape is None


async def test_the_monitor_line_of_a_served_console_refuses_the_outside(tmp_path: Path) -> None:
    root, outside = folders(tmp_path)
    punch_binary(outside, "print1.ptw", PRINT_ONE)
    app = make_app(root=root)
    async with app.run_test() as pilot:
        app.run_monitor_line(f"attach {outside / 'print1.ptw'}")
        await wait_until(pilot, lambda: app.message.endswith(OUTSIDE))
        assert app.machine.tape is None
        app.run_monitor_line("punch ../outside/p.ptp")
        await wait_until(pilot, lambda: app.message == f": punch ../outside/p.ptp: {OUTSIDE}")
        assert sorted(p.name for p in outside.iterdir()) == ["print1.ptw"]


def test_pc1_tui_root_gives_the_console_its_folder(monkeypatch, tmp_path: Path, capsys) -> None:
    args = build_parser().parse_args(["tui", "--root", str(tmp_path)])
    opened: list[PC1App] = []
    monkeypatch.setattr(PC1App, "run", lambda app: opened.append(app))
    monkeypatch.setenv("TEXTUAL_DRIVER", "headless")  # no terminal under pytest: none needed
    assert args.func(args) == 0
    assert opened[0].root == tmp_path.resolve()
    with pytest.raises(SystemExit):
        build_parser().parse_args(["tui", "--root", str(tmp_path / "nowhere")])
    err = capsys.readouterr().err.strip().splitlines()
    assert f"argument --root: not a folder: '{tmp_path / 'nowhere'}'" in err[-1]
