"""The verbs that study a run: time, back, back-to-write, back-to-break, profile,
save-state, restore-state, xref and explain.

tests/pc1/monitor/study.pc1s carries every verb out under `pc1 script`, with the expected
times worked out by hand in its comments (a counting loop of six orders a round).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pc1.cli.main import main
from pc1.monitor.interpreter import Monitor
from pc1.monitor.values import MonitorError

SCRIPT = Path(__file__).with_name("study.pc1s")
LOOP = ["deposit 0 p 200", "deposit 1 a 201", "deposit 2 t 200", "deposit 3 s 202",
        "deposit 4 z 6", "deposit 5 jl 0", "deposit 201 1", "deposit 202 10"]


def _monitor(*lines: str) -> tuple[Monitor, list[str]]:
    said: list[str] = []
    m = Monitor(out=lambda kind, text: said.append(text))
    for line in LOOP + list(lines):
        m.execute(line)
    return m, said


def test_the_study_script_holds(tmp_path: Path, capsys) -> None:
    script = tmp_path / SCRIPT.name  # it saves the machine beside itself
    script.write_text(SCRIPT.read_text())
    assert main(["script", str(script)]) == 0
    out, err = capsys.readouterr()
    assert f"machine saved to {tmp_path / 'study-state.json'} at order 50" in err
    assert "machine restored from" in err and (tmp_path / "study-state.json").exists()
    assert "back 6: order 54 since CLEAR START; next: p 200 at 0" in out
    assert ("back-to-write 200: t 200 at 2 stored into 200 as order 51; now just before "
            "it: order 50 since CLEAR START; next: t 200 at 2") in out
    assert "back-to-break: breakpoint at 4; order 46 since CLEAR START" in out
    assert "back-to-break: watchpoint: word 200 changed; order 45 since CLEAR START" in out
    assert "order 60 since CLEAR START; next: 0 at 7" in out
    # 10 rounds of p a t s z (4 + 4 + 8 + 4 + 11 cycles), 9 of jl (4), the halt (0)
    assert "profile: 60 orders, 346 cycles, " in out
    assert "z                                                     10           110   31.79%" \
        in out.splitlines()
    # xref 200: read by `p 200` at 0 and written by `t 200` at 2, once a round
    xref = out[out.index("xref 200:"):out.index("xref 6:")].splitlines()
    assert xref[-4:] == ["  reads: 0 (p 200) x10", "  writes: 2 (t 200) x10",
                         "  changes address: none", "  jumps to: none"]
    assert "4: 210006 z 6\n  z: zero jump -- " in out and "when it runs it may jump to 6" in out
    assert "(it ran as an order 1 times):\n  reads: none\n  writes: none\n  changes " \
           "address: none\n  jumps to: 4 (z 6) x1" in out


def test_back_puts_the_paper_back_and_expect_reads_it_again() -> None:
    m, said = _monitor("deposit 6 o 0", "deposit 7 o 0", "set A 0o600000000000",
                       "free-run on", "go 6")  # prints 2 2 (code 48 is `2`) then halts
    assert m.machine.printed_text() == "22"
    m.execute("back 2")
    assert m.machine.printed_text() == "2"
    m.execute("expect 2")
    m.execute("go")
    assert m.machine.printed_text() == "22"


@pytest.mark.parametrize("line, said", [
    ("back 1000", "back 1000: the timeline begins at order 0 since CLEAR START; order -940"),
    ("back-to-write 300", "back-to-write 300: no order stored into 300 since order 0"),
    ("back-to-break", "back-to-break: no breakpoints or watchpoints are set"),
    ("back-to-write", "back-to-write ADDR"),
    ("back -1", "back takes a count of 0 or more"),
])
def test_what_cannot_be_done_is_said(line: str, said: str) -> None:
    m, _ = _monitor("clear-start")
    with pytest.raises(MonitorError, match=said.replace("(", r"\(")):
        m.execute(line)
    assert m.machine.since_clear_start == 60  # and nothing moved


@pytest.mark.parametrize("content, said", [
    ("{", "not JSON"),
    ('{"A": 0, "memory": [' + ", ".join(["0"] * 512) + "]}", "R, M, K, orders, cycles missing"),
    ('{"A": 0, "R": 0, "M": 0, "K": 600, "orders": 0, "cycles": 0, "memory": ['
     + ", ".join(["0"] * 512) + "]}",
     "K must be a whole number 0..511, not 600"),
    ('{"A": 0, "R": 0, "M": 0, "K": 0, "memory": [0], "orders": 0, "cycles": 0}',
     'not a machine state: no "memory" list of 512 words'),
])
def test_a_bad_state_file_is_one_clear_line(tmp_path: Path, content: str, said: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    m, _ = _monitor()
    with pytest.raises(MonitorError, match=said):
        m.execute(f"restore-state {bad}")
