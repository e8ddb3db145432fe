"""Skips that speak: ../shared missing skips (fails where CI requires it), a tracked file
missing fails; and CI runs exactly the README's test command."""

from __future__ import annotations

import re

import pytest

from tests.shared_data import REPO, REQUIRE_SHARED, shared_path, tracked, without_shared


def test_missing_shared_data_skips_with_its_reason(monkeypatch, tmp_path) -> None:
    monkeypatch.delenv(REQUIRE_SHARED, raising=False)
    with pytest.raises(pytest.skip.Exception, match="the seed post not found .*nowhere"):
        shared_path(tmp_path / "nowhere", "the seed post")
    assert shared_path(tmp_path, "a folder that is there") == tmp_path


@pytest.mark.parametrize("value, fails", [("1", True), ("0", False), ("", False)])
def test_missing_shared_data_fails_where_it_is_required(monkeypatch, value: str,
                                                        fails: bool) -> None:
    monkeypatch.setenv(REQUIRE_SHARED, value)
    expected = pytest.fail.Exception if fails else pytest.skip.Exception
    with pytest.raises(expected, match="no puzzles here"):
        without_shared("no puzzles here")


def test_a_tracked_file_missing_fails_even_without_shared_required(monkeypatch) -> None:
    monkeypatch.delenv(REQUIRE_SHARED, raising=False)
    with pytest.raises(pytest.fail.Exception, match="tapes/no-such.ptw is tracked"):
        tracked("tapes/no-such.ptw")
    assert tracked("tapes/r0.ptw") == REPO / "tapes" / "r0.ptw"


def test_ci_runs_the_readme_test_command_requiring_shared_data() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    quick = readme.split("## Quick start", 1)[1]
    commands = re.findall(r"```sh\n(.+?)\n```", quick)
    test_command = commands[1]
    assert "pytest" in test_command and " -rs" in test_command
    run = (REPO / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert run[-1] == test_command
    assert "set -euo pipefail" in run and any(
        "PC1_REQUIRE_SHARED=1" in line and line.startswith("export ") for line in run)
