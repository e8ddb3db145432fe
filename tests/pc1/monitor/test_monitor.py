"""The monitor language: line formats, checks, bad lines, limits, and `pc1 script`."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pc1.base.errors import InputError
from pc1.cli.main import main
from pc1.devices.tape import initial_load_tape, write_tape
from pc1.machine.machine import Machine
from pc1.machine.orders import ORDERS, encode
from pc1.monitor.interpreter import VERBS, CheckFailed, LimitReached, Monitor, help_lines
from pc1.monitor.values import MonitorError
from tests.shared_data import REPO, tracked

TAPES = REPO / "tapes"


def lines_of(monitor: Monitor, *commands: str) -> list[str]:
    """What the monitor printed as results for these commands."""
    out: list[str] = []
    monitor.out = lambda kind, text: out.append(text) if kind == "result" else None
    for c in commands:
        monitor.execute(c)
    return out


@pytest.mark.parametrize("command, line", [
    # t is code 1, the l bit is 2048: tl 300 = 1*4096 + 2048 + 300 = 6444 = 0o14454
    ("deposit 76 tl 300", "76: 014454 6444 tl 300"),
    ("deposit 5 -1", "5: 777777 -1"),
    ("deposit 5 0o400000", "5: 400000 -131072"),
    ("deposit 511 131071", "511: 377777 131071"),
    ("deposit 9 0", "9: 000000 0"),
    # p is code 13: p 2 = 13*4096 + 2 = 53250 = 0o150002
    ("deposit 40 p 2", "40: 150002 53250 p 2"),
])
def test_deposit_then_examine_prints_the_word(command: str, line: str) -> None:
    m = Monitor()
    address = command.split()[1]
    assert lines_of(m, command, f"examine {address}") == [line, line]


def test_long_words_and_registers() -> None:
    m = Monitor()
    out = lines_of(m, "deposit 300 1", "deposit 301 0", "examine 300-303 long",
                   "set A -2", "examine A", "set K 76", "examine K", "examine X")
    # the pair 300/301 holds 1 * 2^18 = 262144; as a fraction of 2^35 that is 2^-17
    assert out[2] == "300: 000001000000 262144 0.00000762939"
    assert out[3] == "302: 000000000000 0 0.00000000000"
    assert out[5] == "A: 777777777776 -2"
    assert out[7] == "K: 0114 76"
    assert out[8] == "X: 000000 0"


def test_deposit_long_fills_the_pair() -> None:
    m = Monitor()
    m.execute("deposit 301 -1 long")
    assert m.machine.memory.words[300:302] == [0o777777, 0o777777]


@pytest.mark.parametrize("expression, holds", [
    ("mem[10] == 0o777777", True), ("mem[10] == -1", True), ("mem[10] < 0", True),
    ("mem[10] > 0", False), ("A != 0", True), ("A == 7", True), ("long[10] == 0", False),
    ("mem[11] == tl 300", True), ("orders == 0", True), ("K <= 0", True),
])
def test_assert_compares_patterns_and_values(expression: str, holds: bool) -> None:
    m = Monitor()
    m.execute("deposit 10 -1")
    m.execute("deposit 11 tl 300")
    m.execute("set A 7")
    if holds:
        m.execute(f"assert {expression}")
    else:
        with pytest.raises(CheckFailed, match="assert"):
            m.execute(f"assert {expression}")


@pytest.mark.parametrize("line, message", [
    ("frobnicate", "unknown verb"), ("examine 512", "outside the store"),
    ("examine 9-3", "backwards"), ("deposit 3 262144", "does not fit"),
    ("deposit 3 zz 5", "not a number"), ("set Q 3", "set A|R|M|K"),
    ("assert A = 3", "LEFT OP RIGHT"), ("assert B == 3", "not a register"),
    ("free-run maybe", "on or off"), ("step 0", "at least 1"),
    ("type ; nothing", "nothing to punch"),
    ("type a{XX}", "unknown escape"), ("attach", "name a tape"), ("show tapes", "show breaks"),
    ("deposit 3 jl 4000", "11 bits"), ("break", "^break takes one or more addresses$"),
    ("watch  ", "^watch takes one or more addresses$"),
    ("nobreak", "^nobreak takes one or more addresses$"),
    *[(line, r"^examine ADDR\[-ADDR\] \[long\], or examine A\|R\|M\|X\|K$")
      for line in ("examine", "examine 3 4 5", "examine 3 short", "examine 3 long 5")],
])
def test_bad_lines_say_what_is_wrong(line: str, message: str) -> None:
    with pytest.raises(MonitorError, match=message):
        Monitor().execute(line)


def test_a_script_names_file_and_line_of_a_bad_line(tmp_path: Path) -> None:
    script = tmp_path / "s.pc1s"
    script.write_text("; a comment\n\necho hello   ; trailing comment\nexamine 999\n")
    with pytest.raises(InputError) as err:
        Monitor().run_file(script)
    assert str(err.value) == f"{script}: line 4: address 999 is outside the store (0-511)"


def test_type_punches_r0_notation_and_the_machine_reads_it() -> None:
    m = Monitor()
    # i 0 reads a frame into A's top six bits; a halt follows
    m.machine.memory.load(0, [encode("i", 0), 0])
    m.execute("type 1{CR}")
    assert m.machine.tape.frames == [57, 2]
    m.execute("clear-start")
    assert m.machine.A >> 30 == 57


def test_expect_reads_the_paper_in_order() -> None:
    m = Monitor()
    m.machine.teleprinter.printed.extend([57, 48, 42, 57])  # "1231"
    m.execute("expect 12")
    m.execute("expect 31")
    with pytest.raises(CheckFailed, match="nothing printed since the last match"):
        m.execute("expect 12")  # already read past it
    m.execute("tear")
    with pytest.raises(CheckFailed, match="nothing printed"):
        m.execute("expect 1")


def test_free_run_off_makes_a_start_one_order() -> None:
    m = Monitor()
    m.machine.memory.load(0, [encode("p", 0)] * 3 + [0])
    m.execute("free-run off")
    m.execute("clear-start")
    assert (m.machine.K, m.machine.orders) == (1, 1)
    m.execute("free-run on")
    m.execute("restart")
    assert m.machine.last_stop.reason == "halt"


def test_watch_stops_after_the_order_that_changes_the_word() -> None:
    m = Monitor()
    # c 30 (A = 0) ; t 20 (stores 0: no change) ; a 10 ; t 20 (changes it) ; p 0 ; halt
    m.machine.memory.load(0, [encode("c", 30), encode("t", 20), encode("a", 10),
                              encode("t", 20), encode("p", 0), 0])
    m.machine.memory[10] = 1 << 17
    m.execute("watch 20")
    m.execute("show breaks")
    m.execute("clear-start")
    stop = m.machine.last_stop
    assert (stop.reason, stop.address, stop.orders) == ("watchpoint", 4, 4)
    m.execute("nobreak all")
    m.execute("restart")
    assert m.machine.last_stop.reason == "halt"


def test_limits_end_the_script_with_a_reason() -> None:
    m = Monitor(max_orders=50)
    m.machine.memory.load(0, [encode("p", 0), encode("j", 0, True)])  # an endless loop
    with pytest.raises(LimitReached, match="50 orders"):
        m.execute("clear-start")
    assert m.machine.orders == 50
    timed = Monitor(time_limit=0.05)
    timed.machine.memory.load(0, [encode("p", 0), encode("j", 0, True)])
    with pytest.raises(LimitReached, match="wall-time"):
        timed.execute("go 0")


def test_do_runs_a_script_beside_the_script_and_refuses_a_loop(tmp_path: Path) -> None:
    (tmp_path / "inner.pc1s").write_text("deposit 7 42\n")
    (tmp_path / "outer.pc1s").write_text("do inner.pc1s\nassert mem[7] == 42\n")
    (tmp_path / "self.pc1s").write_text("do self.pc1s\n")
    m = Monitor()
    m.run_file(tmp_path / "outer.pc1s")
    with pytest.raises(InputError, match="deeper than"):
        Monitor().run_file(tmp_path / "self.pc1s")


def test_help_is_drawn_from_the_verb_table() -> None:
    lines = help_lines()
    assert len(lines) == len(VERBS)
    for name in ("initial-load", "attach", "type", "punch", "clear-start", "initial-start",
                 "restart", "free-run", "step", "go", "break", "watch", "nobreak", "show",
                 "examine", "deposit", "set", "expect", "assert", "echo", "do"):
        assert any(line.startswith(name + " ") for line in lines), name
    assert help_lines("e")[0].startswith("examine ADDR")


def test_punch_writes_the_tape_after_each_run(tmp_path: Path) -> None:
    m = Monitor(folder=tmp_path)
    # p 2 ; o 1 ; halt ; the word whose top six bits are code 57 ("1")
    m.machine.memory.load(0, [encode("p", 3), encode("o", 1), 0, 57 << 12])
    m.execute("punch out.ptp")
    m.execute("clear-start")
    assert (tmp_path / "out.ptp").read_text().split() == ["57"]


# --- pc1 script ---------------------------------------------------------------------------


def write_script(tmp_path: Path, text: str) -> Path:
    write_tape(tmp_path / "prog.ptw", initial_load_tape([encode("p", 3), encode("o", 1), 0,
                                                         57 << 12]))
    path = tmp_path / "s.pc1s"
    path.write_text(text)
    return path


@pytest.mark.parametrize("body, status, said", [
    ("initial-load prog.ptw\nclear-start\nexpect 1\nexamine 0", 0, ""),
    ("initial-load prog.ptw\nclear-start\nexpect 2\n", 1, "s.pc1s: line 3: expect '2'"),
    ("initial-load prog.ptw\nassert A == 5\n", 1, "s.pc1s: line 2: assert A == 5: A is"),
    ("echo hi\ndeposit 1\n", 2, "s.pc1s: line 2: deposit ADDR VALUE"),
    ("attach missing.ptr\n", 2, "s.pc1s: line 1: "),
])
def test_pc1_script_exit_status(tmp_path: Path, capsys, body: str, status: int,
                                said: str) -> None:
    path = write_script(tmp_path, body)
    assert main(["script", str(path), "-q"]) == status
    err = capsys.readouterr().err
    assert said in err
    assert len(err.strip().splitlines()) == (status != 0)
    assert "Traceback" not in err


def test_pc1_script_prints_paper_and_results(tmp_path: Path, capsys) -> None:
    path = write_script(tmp_path, "initial-load prog.ptw\nclear-start\nexamine 1\necho done\n")
    assert main(["script", str(path)]) == 0
    out, err = capsys.readouterr()
    # o 1 is code 3 << 12 = 12288 = 0o30000
    assert out == "1\n1: 030001 12289 o 1\ndone\n"
    assert "CLEAR START: halt at 2 after 3 orders" in err


def test_pc1_script_order_limit_is_status_3(tmp_path: Path, capsys) -> None:
    path = write_script(tmp_path, "deposit 0 p 0\ndeposit 1 jl 0\nclear-start\n")
    assert main(["script", str(path), "--max-orders", "100", "-q"]) == 3
    assert "order limit of 100 orders" in capsys.readouterr().err


@pytest.mark.parametrize("script", ["e1000.pc1s", "pi1000.pc1s"])
def test_the_historic_procedures_run_as_scripts(script: str, capsys) -> None:
    """Each shipped script carries its own expect lines: status 0 means they all held."""
    tracked("tapes/r0.ptw")
    assert main(["script", str(TAPES / script), "-q"]) == 0
    out = capsys.readouterr().out
    assert out.startswith({"e1000.pc1s": "2.71828", "pi1000.pc1s": "3.14159"}[script])


def test_recipes_take_their_steps_from_the_scripts() -> None:
    from pc1.operator.procedures import recipe

    kinds = [(a.kind, a.tape and Path(a.tape).name) for a in recipe("pi1000")]
    assert kinds == [("initial-load", "r0.ptw"), ("tape", "pi1000cmp.ptr"),
                     ("clear-start", None), ("initial-load", "r0.ptw"),
                     ("tape", "pi1000prt.ptr"), ("clear-start", None)]


def test_a_machine_is_shared_with_the_caller() -> None:
    machine = Machine()
    Monitor(machine).execute("deposit 3 9")
    assert machine.memory[3] == 9


def test_pc1_run_script_goes_on_from_the_recipe(tmp_path: Path, capsys) -> None:
    tracked("tapes/r0.ptw")
    script = tmp_path / "after.pc1s"
    script.write_text("assert long[300] != 0\nassert mem[2] == 7\n")
    assert main(["run", "pi1000", "--script", str(script)]) == 1
    err = capsys.readouterr().err
    assert "assert long[300] != 0: holds" in err
    assert f"{script}: line 2: assert mem[2] == 7: mem[2] is 0, 7 is 7" in err


def test_docs_name_every_verb_and_alias() -> None:
    text = (REPO / "docs" / "monitor.md").read_text()
    for v in VERBS.values():
        assert f"| `{v.name}`" in text, v.name
        for alias in v.aliases:
            assert f"`{alias}`" in text, alias


@given(st.integers(0, (1 << 18) - 1))
def test_a_word_examined_reads_back_in_each_of_its_spellings(word: int) -> None:
    from pc1.monitor.values import examine_line, parse_word

    line = examine_line(7, word)
    address, octal, decimal, *order = line.split(" ", 3)
    assert address == "7:" and int(octal, 8) == word
    assert parse_word(decimal) == word and parse_word("0o" + octal) == word
    if order:
        assert parse_word(order[0]) == word
    else:
        assert (word >> 12) & 63 not in {o.code for o in ORDERS}


# --- long values and ranges (issue 29: halves swapped, a range's last address dropped) -------

HALF = (1 << 18) - 1
# two halves that differ, so a swap shows: the lower half is the upper plus a non-zero step
unequal_halves = st.tuples(st.integers(0, HALF), st.integers(1, HALF)).map(
    lambda hs: (hs[0], (hs[0] + hs[1]) & HALF))


@pytest.mark.parametrize("line, even, odd", [
    ("deposit 301 0o000001777776 long", 0o000001, 0o777776),
    ("deposit 300 262145 long", 1, 1),  # 2^18 + 1: a one in each half
    ("deposit 300 -2 long", 0o777777, 0o777776),
])
def test_deposit_long_puts_the_upper_half_in_the_even_word(line: str, even: int,
                                                           odd: int) -> None:
    m = Monitor()
    m.execute(line)
    assert m.machine.memory.words[299:303] == [0, even, odd, 0]


@given(address=st.integers(0, 511), halves=unequal_halves, octal=st.booleans())
def test_a_long_deposit_loads_back_whole_with_pl(address: int, halves: tuple[int, int],
                                                  octal: bool) -> None:
    """What `deposit ADDR VALUE long` stores, the machine's own `pl` reads back as VALUE."""
    hi, lo = halves
    value = hi << 18 | lo
    spelled = f"0o{value:o}" if octal else str(value - (1 << 36) if value >> 35 else value)
    m = Monitor()
    out = lines_of(m, f"deposit {address} {spelled} long", f"examine {address} long")
    e = address & 510
    assert out == [out[0], out[0]] and out[0].startswith(f"{e}: {value:012o} ")
    words = m.machine.memory.words
    assert (words[e], words[e + 1]) == (hi, lo)
    # the order `pl e` at a spare word, run by the machine: A takes the pair as one word
    at = 2 if e > 4 else 100
    words_before = list(words)
    m.machine.memory[at] = encode("p", e, True)
    m.machine.K = at
    m.machine.restart()
    m.machine.step()
    assert m.machine.A == value
    assert [i for i in range(512) if words[i] != words_before[i]] == [at]


ranges = st.integers(0, 511).flatmap(
    lambda lo: st.tuples(st.just(lo), st.integers(lo, min(511, lo + 12))))


@given(span=ranges, verb=st.sampled_from(["break", "watch", "b", "w"]))
def test_break_and_watch_take_every_address_of_a_range_the_last_included(
        span: tuple[int, int], verb: str) -> None:
    lo, hi = span
    m = Monitor()
    lines_of(m, f"{verb} {lo}-{hi}")
    expected = set(range(lo, hi + 1))
    assert (m.breakpoints if verb[0] == "b" else m.watchpoints) == expected
    assert hi in expected


@given(span=ranges, cut=st.data())
def test_nobreak_clears_every_address_of_a_range_the_last_included(
        span: tuple[int, int], cut: st.DataObject) -> None:
    lo, hi = span
    first = cut.draw(st.integers(lo, hi))
    last = cut.draw(st.integers(first, hi))
    m = Monitor()
    lines_of(m, f"break {lo}-{hi}", f"watch {lo}-{hi}", f"nobreak {first}-{last}")
    left = set(range(lo, first)) | set(range(last + 1, hi + 1))
    assert m.breakpoints == left and m.watchpoints == left


def test_a_break_on_a_range_stops_at_each_address_the_last_included() -> None:
    m = Monitor()
    # no-ops at 0-9 (j 0 does nothing), then a halt at 10
    m.machine.memory.load(0, [encode("j", 0)] * 10 + [0])
    m.execute("break 4-6, 8")
    stops = []
    m.execute("clear-start")
    while m.machine.last_stop.reason == "breakpoint":
        stops.append(m.machine.K)
        m.execute("restart")
    assert stops == [4, 5, 6, 8] and m.machine.last_stop.reason == "halt"


@given(span=ranges)
def test_examine_a_range_shows_every_address_the_last_included(span: tuple[int, int]) -> None:
    lo, hi = span
    m = Monitor()
    out = lines_of(m, f"examine {lo}-{hi}")
    assert [int(line.split(":")[0]) for line in out] == list(range(lo, hi + 1))


@given(span=ranges)
def test_examine_long_on_a_range_shows_every_pair_it_touches(span: tuple[int, int]) -> None:
    """From the pair holding the first address to the pair holding the last, included."""
    lo, hi = span
    m = Monitor()
    out = lines_of(m, f"examine {lo}-{hi} long")
    first, last = lo - lo % 2, hi - hi % 2
    assert [int(line.split(":")[0]) for line in out] == list(range(first, last + 1, 2))
