"""Text reports of the reference layer and the `pc1 seed` command."""

from __future__ import annotations

import pytest

from bignum.seed_report import ripple_report, run_report, table_report
from pc1.cli.main import main


def test_table_report_reprints_the_seed():
    lines = table_report()
    assert lines[0] == "ss 800000000000000000000000000000000000000000"
    assert "ts  31573333333333333333333333333333333333334" in lines
    assert lines.count("61  (the loop for arctan 1/5 returned n = 61: 30 terms, ss = 0)") == 1
    assert lines[-1] == "21  (the loop for arctan 1/239 returned n = 21: 10 terms, ss = 0)"
    assert "ts  31415926535897932384626433832795028841973" in lines


def test_run_report_pi_and_e():
    pi = run_report("pi", 97)
    assert "division steps      91,177" in pi and pi[-1].startswith("value               3.14159")
    e = run_report("e", 100, show_limbs=True)
    assert "division steps      11,500" in e and "    0  000000000002" in e
    assert len([line for line in e if line.startswith("  ") and line[5:6] == " "]) == 100


def test_ripple_report_shows_longer_chains_in_base_ten():
    lines = ripple_report()
    assert "23,474" in lines[1] and "7: 1" in lines[3]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["tau"], "pc1 seed: unknown topic 'tau'"),
        (["pi", "--limbs", "1"], "pc1 seed: --limbs must be an integer from 2 to 2000, got 1"),
        (["pi", "--limbs", "many"], "pc1 seed: --limbs must be an integer from 2 to 2000"),
    ],
)
def test_seed_bad_input(capsys, argv, message):
    assert main(["seed", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(message) and err.count("\n") == 1


def test_seed_missing_topic_is_one_line(capsys):
    with pytest.raises(SystemExit):
        main(["seed"])
    _, err = capsys.readouterr()
    assert err.startswith("pc1 seed: ") and err.count("\n") == 1


def test_seed_pi_from_the_command(capsys):
    assert main(["seed", "pi", "--no-start-index", "--limbs", "100"]) == 0
    out, _ = capsys.readouterr()
    assert "division steps      185,800" in out
