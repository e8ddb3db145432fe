"""`pc1 serve`'s arguments: every bad one is one line naming it, before anything listens."""

from __future__ import annotations

import sys

import pytest

from pc1.cli.main import main
from tui.web import EXTRA_MISSING, TOKEN_ENV, Settings


def run(capsys, *argv: str) -> tuple[int, str]:
    status = main(["serve", *argv])
    err = capsys.readouterr().err
    return status, err


@pytest.mark.parametrize("argv, line", [
    (["--host", "256.0.0.1"], "pc1 serve: --host '256.0.0.1': not an IP address"),
    (["--host", "x" * 64], f"pc1 serve: --host '{'x' * 64}': not a host name (a part longer"),
    (["--token", "short"], "pc1 serve: the token must be 16 to 128 characters"),
    (["--public-url", "http://0.0.0.0:8000"], "pc1 serve: --public-url 'http://0.0.0.0:8000'"),
])
def test_bad_values_are_one_line(capsys, monkeypatch, argv: list[str], line: str) -> None:
    monkeypatch.setattr("tui.web.serve", lambda s: pytest.fail("must not serve"))
    status, err = run(capsys, *argv)
    assert status == 2 and err.startswith(line) and err.count("\n") == 1, err


def test_a_missing_root_is_one_line(capsys, tmp_path) -> None:
    with pytest.raises(SystemExit):
        main(["serve", "--root", str(tmp_path / "nowhere")])
    assert "argument --root: not a folder" in capsys.readouterr().err


def test_the_settings_come_from_the_arguments_and_the_environment(monkeypatch, tmp_path,
                                                                  capsys) -> None:
    served: list[Settings] = []
    monkeypatch.setattr("tui.web.serve", lambda s: served.append(s) or 0)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(TOKEN_ENV, raising=False)
    assert main(["serve", "--port", "18300"]) == 0
    assert main(["serve"]) == 0
    first, second = served
    assert first.root == tmp_path.resolve() and first.host == "127.0.0.1"
    assert len(first.token) >= 32 and first.token != second.token  # new at each start
    assert first.url == "http://127.0.0.1:18300"
    monkeypatch.setenv(TOKEN_ENV, "t" * 20)
    assert main(["serve", "--host", "0.0.0.0", "--public-url", "https://pc1.example.org/"]) == 0
    assert served[-1].token == "t" * 20 and served[-1].url == "https://pc1.example.org"
    assert main(["serve", "--token", "u" * 16, "--root", str(tmp_path)]) == 0
    assert served[-1].token == "u" * 16
    argv = served[-1].console_argv()
    assert argv[:4] == [sys.executable, "-m", "pc1", "tui"]
    assert argv[argv.index("--root") + 1] == str(tmp_path.resolve())


def test_without_the_extra_the_message_says_what_installs_it(monkeypatch, capsys) -> None:
    monkeypatch.setitem(sys.modules, "textual_serve", None)
    monkeypatch.delitem(sys.modules, "tui.web.server", raising=False)
    status, err = run(capsys)
    assert status == 2 and err == f"pc1 serve: {EXTRA_MISSING}\n"
    assert "pip install '.[serve]'" in EXTRA_MISSING and "pc1-workbench[serve]" not in err
