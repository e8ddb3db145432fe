"""confined_path: the served console's one rule for the paths a user names."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pc1.base import InputError, confined_path, is_inside
from pc1.base.confine import OUTSIDE


def test_a_relative_name_lands_in_the_root(tmp_path: Path) -> None:
    assert confined_path("paper.txt", tmp_path) == tmp_path.resolve() / "paper.txt"
    assert confined_path("sub/../a.ptr", tmp_path) == tmp_path.resolve() / "a.ptr"


def test_a_relative_name_is_taken_from_base_when_given(tmp_path: Path) -> None:
    (tmp_path / "scripts").mkdir()
    got = confined_path("x.pc1s", tmp_path, base=tmp_path / "scripts")
    assert got == tmp_path.resolve() / "scripts" / "x.pc1s"


@pytest.mark.parametrize("name", ["/etc/passwd", "../outside.txt", "a/../../b", "~/x"])
def test_a_path_that_leaves_the_root_is_refused_without_naming_it(tmp_path: Path,
                                                                  name: str) -> None:
    root = tmp_path / "root"
    root.mkdir()
    with pytest.raises(InputError) as err:
        confined_path(name, root)
    assert str(err.value) == OUTSIDE
    assert "\n" not in str(err.value) and "passwd" not in str(err.value)


def test_a_link_out_of_the_root_is_refused(tmp_path: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    (tmp_path / "secret.txt").write_text("x")
    os.symlink(tmp_path / "secret.txt", root / "link.txt")
    os.symlink(tmp_path, root / "up")
    for name in ("link.txt", "up/secret.txt"):
        with pytest.raises(InputError):
            confined_path(name, root)
    assert not is_inside(root / "up", root)
    assert is_inside(root, root) and is_inside(root / "new.txt", root)


def test_without_a_root_every_path_is_allowed(tmp_path: Path) -> None:
    assert confined_path("/etc/passwd", None) == Path("/etc/passwd")
    assert confined_path("a.ptr", None) == Path("a.ptr")
    assert confined_path("a.ptr", None, base=tmp_path) == tmp_path / "a.ptr"
    assert confined_path("~/a", None) == Path.home() / "a"
