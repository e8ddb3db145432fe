"""Names a fuzz run found that still broke a message: `~user` of no such user, and an ESC in
the name of the WAV written."""

from __future__ import annotations

from pathlib import Path

from pc1.base import expand_user
from pc1.cli import main

NO_USER = "~no-such-user-of-pc1"


def test_a_home_of_no_such_user_is_kept_as_given() -> None:
    assert expand_user(f"{NO_USER}/r0.ptw") == Path(f"{NO_USER}/r0.ptw")
    assert expand_user("~") == Path.home()


def test_verify_with_an_r0_under_no_such_home_is_one_line(capsys) -> None:
    assert main(["verify", "e", "--r0", f"{NO_USER}/r0.ptw"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("pc1 verify: ") and NO_USER in err


def test_the_wav_written_is_named_with_its_escapes(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["run", "e1000", "--wav", "a\x1bb.wav", "--max-orders", "10"]) != 0
    err = capsys.readouterr().err
    assert "\x1b" not in err and "wrote a\\x1bb.wav: " in err
    assert (tmp_path / "a\x1bb.wav").is_file()
