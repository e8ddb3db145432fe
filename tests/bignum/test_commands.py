"""`pc1 digits` end to end through the pc1 command: output, files, checks and bad input."""

from __future__ import annotations

import subprocess
import sys

import pytest

from pc1.cli.main import main


def run(capsys, *argv):
    status = main(["digits", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_plain_digits_to_stdout(capsys, oracle):
    status, out, err = run(capsys, "pi", "200")
    assert status == 0 and err == ""
    assert out == f"3.{oracle('pi', 200)}\n"


def test_pc1_layout_to_a_file(capsys, tmp_path, oracle):
    path = tmp_path / "e.txt"
    status, out, _ = run(capsys, "e", "1000", "--method", "pc1", "--layout", "pc1",
                         "--output", str(path))
    assert status == 0 and out == ""
    data = path.read_bytes()
    assert data.count(b"\r\n") == 20 and data.startswith(b"2.7182818284")
    assert data.replace(b"\r\n  ", b"").rstrip(b"\r\n").decode() == f"2.{oracle('e', 1000)}"


def test_verify_reports_agreement_on_stderr(capsys):
    status, out, err = run(capsys, "pi", "1e3", "--method", "chudnovsky", "--verify", "machin")
    assert status == 0 and out.startswith("3.14159")
    assert err.strip() == "pc1 digits: chudnovsky and machin agree on all 1000 decimals"


def test_verify_defaults_to_the_usual_check(capsys):
    status, _, err = run(capsys, "e", "500", "--verify")
    assert status == 0 and "bsplit and inverse agree" in err


def test_progress_goes_to_stderr_only(capsys, oracle):
    status, out, err = run(capsys, "pi", "3000", "--progress")
    assert status == 0 and out == f"3.{oracle('pi', 3000)}\n"
    assert "series 100%" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["pi", "-5"], "pc1 digits: N must be a positive integer, got -5"),
        (["pi", "zero"], "pc1 digits: N must be a positive integer, got zero"),
        (["tau", "5"], "pc1 digits: unknown constant 'tau' (choose pi or e)"),
        (["pi", "10", "--method", "spigot"], "pc1 digits: unknown method 'spigot' for pi"),
        (["pi", "10", "--verify", "spigot"], "pc1 digits: unknown method 'spigot' for pi"),
        (["pi", "10**12"], "pc1 digits: N = 10**12 is too large (no method goes beyond"),
        (["pi", "2e8"], "pc1 digits: N = 2e8 is too large (no method goes beyond"),
        (["e", "2e7", "--method", "mpmath"], "pc1 digits: N = 20000000 is too large for method"),
        (["e", "10", "--layout", "wide"], "pc1 digits: unknown layout 'wide'"),
        (["e", "10", "--backend", "gmp"], "pc1 digits: unknown backend 'gmp'"),
        (["pi", "10", "--verify", "chudnovsky"], "pc1 digits: --verify needs a method other"),
        (["pi", "10", "--output", "/nonexistent/dir/pi.txt"],
         "pc1 digits: /nonexistent/dir/pi.txt: No such file or directory"),
    ],
)
def test_bad_input_gives_one_line_and_status_2(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.startswith(message) and err.count("\n") == 1


def test_commands_module_imports_nothing_heavy():
    code = (
        "import sys, pc1.cli.digits; "
        "print(any(m in sys.modules for m in ('gmpy2', 'mpmath', 'decimal', 'bignum.digits')))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "False"


@pytest.mark.parametrize("argv", [["pi"], [], ["pi", "10", "--layout"]])
def test_argument_errors_are_one_line_too(capsys, argv):
    with pytest.raises(SystemExit) as stop:
        main(["digits", *argv])
    out, err = capsys.readouterr()
    assert stop.value.code == 2 and out == ""
    assert err.startswith("pc1 digits: ") and err.count("\n") == 1
