"""The historic computations on tape: e1000, pi1000cmp + pi1000prt, recipes, `pc1 verify`."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pc1 import Machine, read_tape
from pc1.asm.annotated import read_source
from pc1.asm.punch import punch, stale
from pc1.cli.main import main
from pc1.verify import Report, layout, read_limbs, reference_decimals, verify_e, verify_pi
from tests.shared_data import (
    REPO,
    SHARED,
    pc1_layout,
    shared_path,
    tracked,
    truncated_digits,
)

TAPES = REPO / "tapes"
OUR_R0 = TAPES / "r0.ptw"
SOURCES = ("e1000.pc1", "pi1000cmp.pc1", "pi1000prt.pc1")
PI = pc1_layout(truncated_digits("pi", 1000))
E = pc1_layout(truncated_digits("e", 1000))


def r0_tape() -> Path:
    """Our R0 (tracked: missing, the test fails)."""
    return tracked("tapes/r0.ptw")


def needs_our_r0() -> None:
    tracked("tapes/r0.ptw")  # the recipes load it


def load_and_run(m: Machine, tape: str, **kw):
    """Operator: INITIAL LOAD R0, place the tape, CLEAR START, free run."""
    m.initial_load(read_tape(r0_tape()))
    m.load_tape(read_tape(TAPES / tape))
    m.clear_start()
    return m.run(max_orders=20_000_000, **kw)


@pytest.fixture(scope="module")
def pi_run() -> tuple[list[int], str, list]:
    m = Machine()
    computed = load_and_run(m, "pi1000cmp.ptr")
    limbs = read_limbs(m, 97)
    printed = load_and_run(m, "pi1000prt.ptr")
    return limbs, m.printed_text(), [computed, printed]


@pytest.fixture(scope="module")
def e_run() -> tuple[Machine, list]:
    m = Machine()
    return m, [load_and_run(m, "e1000.ptr")]


def test_reference_digits_are_truncated_not_rounded() -> None:
    pi, e = reference_decimals("pi"), reference_decimals("e")
    assert len(pi) == len(e) == 1000
    assert pi.endswith("2164201989") and e.endswith("9570350354")
    assert pi[761:767] == "999999"  # the Feynman point, decimals 762-767
    assert layout("3", pi) == PI and layout("2", e) == E


def test_e1000_prints_exactly_1000_decimals(e_run) -> None:
    m, (stop,) = e_run
    assert stop.reason == "halt"
    assert m.printed_text() == E
    assert len(m.teleprinter.printed) == 1078  # `2.`, 1000 digits, 19 x CR LF SP SP


def test_e1000_limbs_equal_the_python_method_bit_for_bit() -> None:
    from bignum.reference import napier

    m = Machine()
    tape = read_tape(TAPES / "e1000.ptr")
    from pc1.verify import print_entry

    stop = load_and_run(m, "e1000.ptr", breakpoints=[print_entry(tape)])
    assert stop.reason == "breakpoint"
    assert m.printed_text() == ""  # stopped before the first character
    assert read_limbs(m, 100) == napier(100)


def test_pi1000_limbs_equal_the_seed_scheme_port_bit_for_bit(pi_run) -> None:
    from bignum.reference import machin

    limbs, _, (computed, _) = pi_run
    assert computed.reason == "halt" and computed.address == 510
    assert limbs == machin(97)
    assert limbs[0] == 3


def test_pi1000_prints_exactly_1000_decimals(pi_run) -> None:
    _, printed, (_, stop) = pi_run
    assert stop.reason == "halt"
    assert printed == PI
    assert printed.replace("\n  ", "")[2 + 761:2 + 767] == "999999"


def test_binary_tapes_run_without_r0() -> None:
    from bignum.reference import machin

    m = Machine()
    stops = []
    for tape in ("pi1000cmp.ptw", "pi1000prt.ptw"):
        m.initial_load(read_tape(TAPES / tape))
        if tape == "pi1000prt.ptw":
            assert read_limbs(m, 97) == machin(97)  # the printer loads below 300
        m.clear_start()
        stops.append(m.run(max_orders=5_000_000))
    assert [s.reason for s in stops] == ["halt", "halt"] and m.printed_text() == PI
    m = Machine()
    m.initial_load(read_tape(TAPES / "e1000.ptw"))
    m.clear_start()
    assert m.run(max_orders=5_000_000).reason == "halt" and m.printed_text() == E


def test_print_tape_leaves_the_work_area_alone() -> None:
    stores = punch(TAPES / "pi1000prt.pc1").assembly.stores()
    program = [a for a in stores if a >= 68]  # below 68: R0's parameter slots
    assert program and min(program) == 68 and max(program) < 300


@pytest.mark.parametrize("name", SOURCES)
def test_punched_tapes_are_fresh(name: str) -> None:
    assert stale(TAPES / name) == [], f"run `pc1 asm tapes/{name}` and commit the tapes"


@pytest.mark.parametrize("name", SOURCES)
def test_every_order_is_commented(name: str) -> None:
    src = read_source(TAPES / name)
    bare = [line.number for line in src.lines if line.code and not line.comment]
    # the tapes' closing `jlm.`/`jlo.` lines and Wada's data lines are commented too
    assert bare == [], f"{name}: lines without a comment: {bare}"


def test_wada_comments_keep_the_japanese_with_english() -> None:
    src = read_source(TAPES / "pi1000cmp.pc1")
    japanese = [line for line in src.lines if line.code
                if any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff"
                       for ch in line.comment)]
    assert len(japanese) >= 50
    assert all(" — " in line.comment for line in japanese)


def test_every_comment_of_the_seed_listing_is_kept() -> None:
    seed = shared_path(SHARED / "seeds" / "003_24f01fb1b90cc4a1.txt", "the seed post")
    lines = seed.read_text(encoding="utf-8").split("\n")
    start = next(i for i, line in enumerate(lines) if line.strip() == "0p=200,")
    end = next(i for i, line in enumerate(lines) if "jlm." in line and i > start)
    # a comment is what follows the last terminator of the line and a space
    comments = [m.group(1).strip() for line in lines[start:end + 1]
                if (m := re.match(r"^.*?[,.:]\s+(\S.*)$", line))]
    source = (TAPES / "pi1000cmp.pc1").read_text(encoding="utf-8")
    assert len(comments) == 60
    assert [c for c in comments if c not in source] == []


def test_our_r0_loads_only_words_0_to_67() -> None:
    # The seed's procedure needs it twice over: pi1000cmp loads its main routine at 496-510
    # while R0 is still reading, and R0 is loaded again over a store that holds pi at 300-492.
    needs_our_r0()
    from pc1.devices.tape import decode_initial_load

    words, _ = decode_initial_load(read_tape(OUR_R0).frames)
    assert len(words) <= 68, (f"tapes/r0.ptw loads words 0..{len(words) - 1}: INITIAL LOAD "
                              "overwrites the program and data of the pi-1000 procedure")


def test_pc1_run_e1000_recipe(capsys) -> None:
    needs_our_r0()
    assert main(["run", "e1000", "--stats"]) == 0
    out, err = capsys.readouterr()
    assert out == E + "\n"
    assert "halt at 285" in err and "simulated at 15000 Hz" in err


def test_pc1_run_pi1000_recipe(capsys) -> None:
    needs_our_r0()
    assert main(["run", "pi1000", "--stats", "--clock", "10k"]) == 0
    out, err = capsys.readouterr()
    assert out == PI + "\n"
    assert "halt at 510" in err and "halt at 167" in err and "simulated at 10000 Hz" in err


def test_recipes_in_a_subprocess(tmp_path: Path) -> None:
    # the recipes' tape directory with whichever R0 we have, so this runs before ours exists
    for tape in ("e1000.ptr", "pi1000cmp.ptr", "pi1000prt.ptr"):
        shutil.copy(TAPES / tape, tmp_path / tape)
    shutil.copy(r0_tape(), tmp_path / "r0.ptw")
    env = {**os.environ, "PC1_TAPES": str(tmp_path)}
    for recipe, expected in (("e1000", E), ("pi1000", PI)):
        done = subprocess.run([sys.executable, "-m", "pc1", "run", recipe, "--stats"],
                              capture_output=True, text=True, env=env, cwd=REPO, timeout=120)
        assert done.returncode == 0, done.stderr
        assert done.stdout == expected + "\n"
        assert "simulated at 15000 Hz" in done.stderr


@pytest.mark.parametrize("constant, limbs, digits", [
    ("pi", "97 of 97", "bignum's Chudnovsky series"), ("e", "100 of 100", "bignum's sum of 1/k!")])
def test_pc1_verify(constant: str, limbs: str, digits: str, capsys) -> None:
    code = main(["verify", constant, "--r0", str(r0_tape())])
    out = capsys.readouterr().out
    assert code == 0, out
    assert f"{limbs} identical" in out and f"identical to {digits}, truncated: OK" in out
    assert out.rstrip().endswith("verdict: OK")


def test_verify_functions_agree_with_the_report() -> None:
    report = verify_pi(r0_tape())
    assert report.ok and report.limb_differences == [] and report.characters == 1078
    assert verify_e(r0_tape()).ok


def test_a_difference_is_reported_and_fails(monkeypatch, capsys) -> None:
    good = verify_e(r0_tape())
    bad_limbs = list(good.machine_limbs)
    bad_limbs[42] ^= 1
    bad = Report("e", good.reference_name, good.reference_what, bad_limbs,
                 good.reference_limbs, good.printed[:-1] + "0", good.expected_text,
                 good.presses, good.orders, good.cycles, good.characters,
                 good.digits_reference)
    assert not bad.ok and bad.limb_differences == [42]
    text = "\n".join(bad.lines())
    assert "limb 42 (long word 384)" in text and "99 of 100" in text
    assert (f"differs from bignum's sum of 1/k! at character {len(good.printed) - 1} "
            "(near decimal 1000)") in text
    assert text.endswith("verdict: DIFFERENT")
    monkeypatch.setattr("pc1.verify.verify_e", lambda r0=None: bad)
    assert main(["verify", "e"]) == 1
    assert "DIFFERENT" in capsys.readouterr().out
