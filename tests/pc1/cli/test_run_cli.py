"""`pc1 run`: operator actions in order, reports, exit codes, and one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pc1.cli.main import main
from pc1.devices.tape import initial_load_tape, write_tape
from pc1.machine.orders import encode
from tests.shared_data import pc1_layout, third_party_tape, truncated_digits


def punch_program(tmp_path: Path, words: list[int], name: str = "prog.ptw") -> Path:
    path = tmp_path / name
    write_tape(path, initial_load_tape(words))
    return path


def test_actions_run_in_order_and_print(tmp_path: Path, capsys) -> None:
    r0 = third_party_tape("R0.ptw")
    napier = third_party_tape("napier.ptr")
    dump = tmp_path / "state.json"
    code = main(["run", "--initial-load", str(r0), "--tape", str(napier), "--clear-start",
                 "--stats", "--dump-state", str(dump)])
    out, err = capsys.readouterr()
    assert code == 0
    assert out == pc1_layout(truncated_digits("e", 1000)) + "\n"
    assert "CLEAR START: halt at 76 after 437,262 orders" in err
    assert "5,877,720 cycles" in err and "simulated at 15000 Hz" in err and "orders/s" in err
    state = json.loads(dump.read_text())
    assert state["K"] == 77 and len(state["memory"]) == 512
    assert state["stop"] == {"reason": "halt", "address": 76}


def test_order_limit_exits_non_zero(tmp_path: Path, capsys) -> None:
    prog = punch_program(tmp_path, [encode("j", 0, True)])  # jl 0 at 0... jumps to itself
    loop = punch_program(tmp_path, [encode("j", 1, True), encode("j", 0, True)], "loop.ptw")
    assert main(["run", "--initial-load", str(prog), "--clear-start"]) == 0
    assert "dynamic stop at 0" in capsys.readouterr().err
    assert main(["run", "--initial-load", str(loop), "--clear-start", "--max-orders", "500"]) == 3
    assert "order limit at" in capsys.readouterr().err


def test_clock_changes_simulated_time(tmp_path: Path, capsys) -> None:
    prog = punch_program(tmp_path, [encode("l", 100), encode("j", 1, True)])
    main(["run", "--initial-load", str(prog), "--clear-start", "--stats", "--clock", "10k"])
    # 106 + 4 cycles of orders and 4 a frame for the 18 frames of the binary tape
    assert "182 cycles, 0.0182 s simulated at 10000 Hz" in capsys.readouterr().err


@pytest.mark.parametrize("content, message", [
    ("0 0 32 1 2 x\n", "bad.ptw: line 1, column 12: 'x' is not a number"),
    ("0 0 32 1 99\n", "bad.ptw: line 1, column 10: code 99 is above 63"),
    ("0 0 32 1 2 3 4 5\n", "bad.ptw: frame 9: truncated binary tape"),
])
def test_bad_tapes_give_one_line(tmp_path: Path, capsys, content: str, message: str) -> None:
    bad = tmp_path / "bad.ptw"
    bad.write_text(content)
    assert main(["run", "--initial-load", str(bad), "--clear-start"]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_missing_file_and_no_actions(capsys) -> None:
    assert main(["run", "--tape", "/no/such.ptr", "--clear-start"]) == 2
    assert "pc1 run: /no/such.ptr: no such file" in capsys.readouterr().err
    assert main(["run"]) == 2
    assert "nothing to do" in capsys.readouterr().err


def test_bad_option_values_are_one_line() -> None:
    for args in (["--max-orders", "-5"], ["--clock", "fast"], ["--tape"]):
        proc = subprocess.run([sys.executable, "-m", "pc1", "run", *args],
                              capture_output=True, text=True)
        assert proc.returncode == 2 and "Traceback" not in proc.stderr
        assert len(proc.stderr.splitlines()) == 1 and proc.stderr.startswith("pc1 run: ")


def test_punch_saves_a_tape(tmp_path: Path) -> None:
    # p 3, o 1 (own address), jl 2: prints the code in word 3's top bits forever -> limit
    words = [encode("p", 4), encode("o", 1), encode("j", 3, True), encode("j", 3, True),
             57 << 12]
    prog = punch_program(tmp_path, words)
    out = tmp_path / "out.ptp"
    main(["run", "--initial-load", str(prog), "--clear-start", "--punch", str(out)])
    assert out.read_text().split() == ["57"]


def test_orders_command_lists_the_table(capsys) -> None:
    assert main(["orders"]) == 0
    out = capsys.readouterr().out
    assert "wl " in out and "161" in out and out.count("\n") > 25


def test_profile_goes_to_stderr_and_adds_up(capsys) -> None:
    from pc1.devices import tape_path

    if not tape_path("r0.ptw").exists():
        pytest.skip("tapes/r0.ptw is not punched")
    assert main(["run", "e1000", "--profile", "--stats"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("2.71828") and "profile" not in out  # stdout: the paper alone
    lines = [line.removeprefix("pc1 run: ") for line in err.splitlines()]
    assert any("halt at 285 after 422,641 orders" in line for line in lines)
    head = next(line for line in lines if line.startswith("profile: "))
    assert head.startswith("profile: 422,641 orders, ")
    routines = lines[lines.index(next(x for x in lines if x.startswith("by routine"))) + 1:]
    routines = routines[:routines.index("")]
    # the orders of the routines add up to the press's orders
    # (a name longer than its column stands on a line of its own, its numbers on the next)
    numbers = [r for r in routines if r.endswith("%")]
    assert sum(int(r[44:56].replace(",", "")) for r in numbers) == 422_641
    assert any(r.startswith("g: one step") for r in routines)


def test_a_run_restored_from_its_dump_ends_as_the_whole_run(tmp_path: Path, capsys) -> None:
    from pc1.devices import tape_path

    if not tape_path("r0.ptw").exists():
        pytest.skip("tapes/r0.ptw is not punched")
    whole, middle, end = (tmp_path / f"{n}.json" for n in ("whole", "middle", "end"))
    assert main(["run", "e1000", "--dump-state", str(whole)]) == 0
    # stopped by the order limit a little before the halt at 422,641, then restored
    assert main(["run", "e1000", "--max-orders", "400000", "--dump-state", str(middle)]) == 3
    assert main(["run", "--restore", str(middle), "--restart", "--dump-state", str(end)]) == 0
    a, b = json.loads(whole.read_text()), json.loads(end.read_text())
    for key in ("A", "R", "M", "K", "X", "memory", "orders", "cycles", "tape"):
        assert a[key] == b[key], key
    assert b["orders"] - json.loads(middle.read_text())["orders"] == 22_641
    capsys.readouterr()
    assert main(["disasm", "--records", "--from", "280", "--to", "284", str(end)]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert [int(r.split()[1], 8) for r in rows] == b["memory"][280:285]
    assert rows[0].split()[0] == "280"


def test_music_with_wav_says_what_it_wrote(tmp_path: Path, capsys) -> None:
    import wave

    out = tmp_path / "t.wav"
    assert main(["run", "music", "--wav", str(out)]) == 0
    err = capsys.readouterr().err
    with wave.open(str(out)) as w:
        seconds = w.getnframes() / w.getframerate()
    assert f"pc1 run: wrote {out}: {seconds:.1f} s of sound (mono, 16-bit, 44100 Hz)" in err
    assert seconds > 5


def test_music_alone_points_to_wav(capsys) -> None:
    assert main(["run", "music"]) == 0
    err = capsys.readouterr().err
    assert "played the speaker" in err and "--wav FILE.wav" in err
    assert main(["run", "e1000"]) == 0  # a silent program says nothing of the speaker
    assert "speaker" not in capsys.readouterr().err
