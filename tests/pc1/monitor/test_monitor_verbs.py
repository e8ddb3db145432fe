"""Each verb of the interpreter and the panel, line by line: what it says, what it changes.

Quick and deterministic (no Hypothesis, no shipped program runs), so that a mutant of
pc1/monitor/interpreter.py, verbs.py or panel.py costs seconds. The expected lines are
written out by hand from docs/monitor.md's forms; where a verb stands for a Python call
(a press, a run of N orders, a tape placed), the same call on a twin machine is the oracle.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import pc1.monitor.interpreter as interpreter
from pc1.base.errors import InputError
from pc1.devices.tape import initial_load_tape, read_tape, write_tape
from pc1.devices.tape_library import tape_path
from pc1.devices.teleprinter import text_to_codes
from pc1.machine.machine import Machine
from pc1.machine.orders import encode
from pc1.monitor.interpreter import CheckFailed, Interrupted, LimitReached, Monitor
from pc1.monitor.values import MonitorError
from pc1.monitor.verbs import (
    _BY_NAME,
    VERBS,
    find_verb,
    help_lines,
    listed,
    on_off,
    strip_comment,
    unquote,
    verb,
)

# p 3 ; o 1 ; halt ; the word whose top six bits are code 57 ("1"): prints "1", 3 orders
PRINT_ONE = [encode("p", 3), encode("o", 1), 0, 57 << 12]
# a loop of no-ops: j 0 does nothing; jl 0 jumps back to 0
LOOP = [encode("j", 0), encode("j", 0), encode("j", 0, True)]


def said(monitor: Monitor) -> list[tuple[str, str]]:
    """Everything the monitor says from now on, (kind, text)."""
    out: list[tuple[str, str]] = []
    monitor.out = lambda kind, text: out.append((kind, text))
    return out


def twin_run(program: list[int], orders: int | None = None) -> Machine:
    """The oracle: the Python API runs the same program from CLEAR START."""
    m = Machine()
    m.memory.load(0, program)
    m.clear_start()
    m.run(max_orders=orders)
    return m


# --- the helpers of the verb table ----------------------------------------------------------

@pytest.mark.parametrize("line, text", [
    ("  echo a ; b ; c ", "echo a"), ("x;y", "x"), (";all comment", ""), ("  ", ""),
    ("plain", "plain"),
])
def test_strip_comment(line: str, text: str) -> None:
    assert strip_comment(line) == text


@pytest.mark.parametrize("arg, value", [("on", True), (" ON ", True), ("off", False),
                                        ("Off", False)])
def test_on_off(arg: str, value: bool) -> None:
    assert on_off(arg, "thing") is value


def test_on_off_refuses_anything_else_naming_the_verb() -> None:
    with pytest.raises(MonitorError) as err:
        on_off("  maybe ", "punch")
    assert str(err.value) == "punch takes on or off, not 'maybe'"


@pytest.mark.parametrize("text, bare", [
    ('"a b"', "a b"), ('  "x"  ', "x"), ('""', ""), ('"', '"'), ('"a', '"a'), ('a"', 'a"'),
    ("plain", "plain"), ("'a'", "'a'"), ('"a"b', '"a"b'),
])
def test_unquote(text: str, bare: str) -> None:
    assert unquote(text) == bare


def test_listed() -> None:
    assert listed({30, 4, 100}) == "4 30 100"
    assert listed(set()) == "none"


def test_find_verb_reads_names_and_aliases_in_any_case() -> None:
    assert find_verb("EXAMINE") is VERBS["examine"]
    assert find_verb("?") is VERBS["help"]
    assert find_verb("Cs") is VERBS["clear-start"]
    assert find_verb("frob") is None


def test_help_of_one_verb_names_its_aliases() -> None:
    assert help_lines("g") == ["go [ADDR]  (also: g, run)",
                               "  free run from ADDR (default: from K) until the machine stops"]
    assert help_lines(" detach ") == ["detach", "  take the tape out of the reader"]
    with pytest.raises(MonitorError) as err:
        help_lines(" frob ")
    assert str(err.value) == "unknown verb 'frob'"


def test_help_of_every_verb_lines_up_the_help_texts() -> None:
    lines = help_lines()
    heads = [f"{v.name} {v.usage}" for v in VERBS.values()]
    width = max(len(h) for h in heads)
    assert len(lines) == len(VERBS)
    for line, head, v in zip(lines, heads, VERBS.values(), strict=True):
        assert line == head + " " * (width - len(head)) + "  " + v.help


def test_a_verb_registers_under_its_name_and_aliases() -> None:
    def fn(self, arg: str) -> None:
        self.out("result", f"zz {arg}")

    try:
        assert verb("zz-test", "ARG", "a verb of the test", ("zt", "zq"))(fn) is fn
        v = VERBS["zz-test"]
        assert (v.name, v.usage, v.help, v.aliases, v.do) == (
            "zz-test", "ARG", "a verb of the test", ("zt", "zq"), fn)
        assert _BY_NAME["zz-test"] is _BY_NAME["zt"] is _BY_NAME["zq"] is v
        m = Monitor()
        out = said(m)
        m.execute("ZQ  one two ")
        assert out == [("result", "zz one two")]
    finally:
        for key in ("zz-test", "zt", "zq"):
            _BY_NAME.pop(key, None)
        VERBS.pop("zz-test", None)


# --- lines and scripts ----------------------------------------------------------------------

def test_a_monitor_starts_with_its_defaults(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    m = Monitor()
    assert m.folder == tmp_path and m.root is None
    assert (m.max_orders, m.time_limit, m.progress, m.punch_file) == (None, None, None, None)
    assert (m.breakpoints, m.watchpoints, m.orders_used, m.interrupted) == (set(), set(), 0,
                                                                           False)
    assert m.runner == m.perform
    tp = m.machine.teleprinter
    assert (tp.paper_keep, tp.punch_reel) == (interpreter.PAPER_KEEP, interpreter.PUNCH_REEL)
    m.out("result", "nothing happens")  # the default out takes anything
    assert Monitor(root=tmp_path / "r").folder == tmp_path / "r"
    assert Monitor(root=tmp_path / "r", folder=tmp_path / "f").folder == tmp_path / "f"


def test_a_monitor_keeps_the_limits_of_a_machine_it_is_given() -> None:
    machine = Machine()
    machine.teleprinter.paper_keep = 77
    machine.teleprinter.punch_reel = 88
    machine.teleprinter.printed.extend([57, 48])
    m = Monitor(machine, max_orders=9, time_limit=2.5)
    assert m.machine is machine and (m.max_orders, m.time_limit) == (9, 2.5)
    assert (machine.teleprinter.paper_keep, machine.teleprinter.punch_reel) == (77, 88)
    # what was printed before the monitor came is neither sent out nor expected
    out = said(m)
    with pytest.raises(CheckFailed):
        m.execute("expect 1")
    m.execute("step")
    assert [t for k, t in out if k == "paper"] == []


@pytest.mark.parametrize("line", ["", "   ", "; a comment", "  ;x"])
def test_blank_lines_and_comments_do_nothing(line: str) -> None:
    m = Monitor()
    out = said(m)
    m.execute(line)
    assert out == []


def test_a_verb_takes_the_rest_of_the_line_stripped() -> None:
    m = Monitor()
    out = said(m)
    m.execute('  ECHO   two  words ; not this')
    m.execute("echo")
    m.execute('echo " spaced "')
    assert out == [("result", "two  words"), ("result", ""), ("result", " spaced ")]


def test_an_unknown_verb_is_named() -> None:
    with pytest.raises(MonitorError) as err:
        Monitor().execute("frob 1 2")
    assert str(err.value) == "unknown verb 'frob' (help lists the verbs)"


def test_run_text_names_the_line_of_each_kind_of_failure() -> None:
    m = Monitor(max_orders=5)
    with pytest.raises(InputError) as bad:
        m.run_text("echo a\n\nexamine 600\n", "here")
    assert str(bad.value) == "here: line 3: address 600 is outside the store (0-511)"
    with pytest.raises(CheckFailed) as check:
        m.run_text("echo a\nassert A == 1\n", "src")
    assert str(check.value) == "src: line 2: assert A == 1: A is 0, 1 is 1"
    m.machine.memory.load(0, LOOP)
    with pytest.raises(LimitReached) as limit:
        m.run_text("clear-start", "lim")
    assert str(limit.value) == ("lim: line 1: order limit of 5 orders reached (raise it with "
                                "--max-orders N)")


def test_a_failure_in_a_nested_script_names_the_inner_line_once(tmp_path: Path) -> None:
    (tmp_path / "inner.pc1s").write_text("echo in\necho in\nassert A == 3\n")
    (tmp_path / "outer.pc1s").write_text("echo out\ndo inner.pc1s\n")
    m = Monitor()
    with pytest.raises(CheckFailed) as err:
        m.run_file(tmp_path / "outer.pc1s")
    assert str(err.value) == f"{tmp_path / 'inner.pc1s'}: line 3: assert A == 3: A is 0, 3 is 3"


def test_a_script_runs_beside_itself_and_the_folder_comes_back(tmp_path: Path) -> None:
    sub = tmp_path / "sub"
    sub.mkdir()
    write_tape(sub / "t.ptr", [1, 2])
    (sub / "ok.pc1s").write_text("attach t.ptr\n")
    (sub / "bad.pc1s").write_text("attach t.ptr\nattach nowhere.ptr\n")
    m = Monitor(folder=tmp_path)
    m.run_file(sub / "ok.pc1s")
    assert m.machine.tape.frames == [1, 2]
    assert (m.folder, m._depth) == (tmp_path, 0)
    with pytest.raises(InputError):
        m.run_file(sub / "bad.pc1s")
    assert (m.folder, m._depth) == (tmp_path, 0)


def test_a_script_of_more_than_a_million_bytes_is_refused_unread(tmp_path: Path) -> None:
    line = "echo " + "x" * 94 + "\n"  # 100 bytes
    (tmp_path / "big.pc1s").write_text(line * 10_000 + "\n")
    with pytest.raises(InputError) as err:
        Monitor().run_file(tmp_path / "big.pc1s")
    assert str(err.value) == (f"{tmp_path / 'big.pc1s'}: more than 1,000,000 bytes: too "
                              "large for a monitor script")
    (tmp_path / "full.pc1s").write_text(line * 10_000)  # exactly 1,000,000: read
    m = Monitor()
    out = said(m)
    m.run_file(tmp_path / "full.pc1s")
    assert len(out) == 10_000


def test_do_goes_eight_scripts_deep_and_no_deeper(tmp_path: Path) -> None:
    for i in range(1, 10):
        (tmp_path / f"s{i}.pc1s").write_text(f"echo {i}\ndo s{i + 1}.pc1s\n")
    (tmp_path / "s10.pc1s").write_text("echo end\n")
    (tmp_path / "s2.pc1s").write_text("echo 2\ndo s3.pc1s\n")
    # eight deep from a line: s3 .. s10 run
    m = Monitor(folder=tmp_path)
    out = said(m)
    m.execute("do s3.pc1s")
    assert [t for _, t in out] == ["3", "4", "5", "6", "7", "8", "9", "end"]
    # nine deep: s2 .. s9 run, s9's do is refused
    m2 = Monitor(folder=tmp_path)
    out2 = said(m2)
    with pytest.raises(InputError) as err:
        m2.execute("do s2.pc1s")
    assert str(err.value) == (f"{tmp_path / 's9.pc1s'}: line 2: do nested deeper than 8 (does "
                              "a script call itself?)")
    assert [t for _, t in out2] == ["2", "3", "4", "5", "6", "7", "8", "9"]
    assert m2._depth == 0


def test_do_needs_a_script_that_is_there(tmp_path: Path) -> None:
    m = Monitor(folder=tmp_path)
    with pytest.raises(MonitorError) as err:
        m.execute("do")
    assert str(err.value) == "do FILE"
    with pytest.raises(MonitorError) as err:
        m.execute('do "none.pc1s"')
    assert str(err.value) == f"{tmp_path / 'none.pc1s'}: no such script"
    with pytest.raises(MonitorError) as err:
        m.execute(f"do {tmp_path}")  # a folder is not a script
    assert str(err.value) == f"{tmp_path}: no such script"
    (tmp_path / "q s.pc1s").write_text("echo quoted\n")
    out = said(m)
    m.execute('do "q s.pc1s"')
    assert out == [("result", "quoted")]


# --- files: where a name is found -----------------------------------------------------------

def test_a_bare_name_of_ours_is_our_tape_unless_one_lies_here(tmp_path: Path) -> None:
    m = Monitor(folder=tmp_path)
    assert m.resolve("e1000.ptr") == tape_path("e1000.ptr")
    assert m.resolve("other.ptr") == tmp_path / "other.ptr"
    # a name with a folder is never ours
    assert m.resolve("./e1000.ptr") == tmp_path / "e1000.ptr"
    write_tape(tmp_path / "e1000.ptr", [5])
    assert m.resolve("e1000.ptr") == tmp_path / "e1000.ptr"
    m.execute("attach e1000.ptr")
    assert m.machine.tape.frames == [5]


def test_a_name_to_write_of_ours_is_refused_without_a_root(tmp_path: Path) -> None:
    m = Monitor(folder=tmp_path)
    assert m.resolve("e1000.ptr", writing=True) == tape_path("e1000.ptr")
    with pytest.raises(MonitorError, match="one of our shipped tapes, read-only"):
        m.execute("punch e1000.ptr")
    assert m.punch_file is None and not m.machine.teleprinter.punch_on


def test_a_home_path_and_an_absolute_path(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    m = Monitor(folder=tmp_path / "elsewhere")
    assert m.resolve("~/t.ptr") == tmp_path / "t.ptr"
    assert m.resolve(str(tmp_path / "a" / "b.ptr")) == tmp_path / "a" / "b.ptr"


def test_a_tape_that_cannot_be_read_is_one_line(tmp_path: Path) -> None:
    m = Monitor(folder=tmp_path)
    for line in ("attach", "attach   ", "initial-load  "):
        with pytest.raises(MonitorError) as err:
            m.execute(line)
        assert str(err.value) == ("name a tape file" if line.startswith("attach")
                                  else "the reader is empty: initial-load FILE")
    with pytest.raises(MonitorError) as err:
        m.execute("attach missing.ptr")
    assert str(err.value).startswith(f"{tmp_path / 'missing.ptr'}: ")
    assert "Traceback" not in str(err.value)
    (tmp_path / "bad.ptr").write_text("not a tape\n")
    with pytest.raises(MonitorError) as err:
        m.execute('attach "bad.ptr"')
    assert str(err.value).startswith(f"{tmp_path / 'bad.ptr'}: ")
    assert m.machine.tape is None


# --- the devices ----------------------------------------------------------------------------

def test_attach_detach_and_initial_load(tmp_path: Path) -> None:
    write_tape(tmp_path / "t.ptr", [1, 2, 3])
    write_tape(tmp_path / "prog.ptw", initial_load_tape(PRINT_ONE))
    m = Monitor(folder=tmp_path)
    out = said(m)
    m.execute("tape t.ptr")
    assert m.machine.tape.frames == [1, 2, 3]
    m.execute("detach")
    assert m.machine.tape is None
    m.execute("load prog.ptw")
    assert m.machine.memory.words[:4] == PRINT_ONE
    m.execute("attach prog.ptw")
    m.machine.memory.load(0, [0] * 4)
    m.execute("initial-load")  # the tape already in the reader
    assert m.machine.memory.words[:4] == PRINT_ONE
    assert out == [("report", "tape t.ptr placed in the reader (3 frames)"),
                   ("report", "reader emptied"),
                   ("report", "INITIAL LOAD: 4 words loaded from prog.ptw"),
                   ("report", f"tape prog.ptw placed in the reader ({len(m.machine.tape)} "
                              "frames)"),
                   ("report", "INITIAL LOAD: 4 words loaded from prog.ptw")]


def test_initial_load_of_a_tape_that_is_not_binary_says_which_is(tmp_path: Path) -> None:
    write_tape(tmp_path / "t.ptr", [1, 2, 3])
    m = Monitor(folder=tmp_path)
    with pytest.raises(MonitorError) as err:
        m.execute("initial-load t.ptr")
    assert str(err.value).endswith(" (t.ptr is not a binary tape (.ptw); INITIAL LOAD takes a "
                                   "binary tape, such as r0.ptw, and program tapes are read "
                                   "through R0)")
    write_tape(tmp_path / "t.ptw", [1, 2, 3])
    with pytest.raises(MonitorError) as err:
        m.execute("initial-load t.ptw")
    assert "not a binary tape" not in str(err.value)  # a bad binary tape: no hint


def test_type_punches_a_fresh_tape() -> None:
    m = Monitor()
    out = said(m)
    m.execute("type 12{CR}")
    assert (m.machine.tape.frames, m.machine.tape.name) == ([57, 48, 2], "typed")
    assert out == [("report", "typed tape of 3 frames placed in the reader")]
    with pytest.raises(MonitorError) as err:
        m.execute("type ab{XX}")
    assert str(err.value).startswith("type: column 3: ")
    with pytest.raises(MonitorError) as err:
        m.execute("type")
    assert str(err.value) == "type: nothing to punch"


def test_punch_on_saves_after_each_run_and_off_stops(tmp_path: Path) -> None:
    m = Monitor(folder=tmp_path)
    m.machine.memory.load(0, PRINT_ONE)
    m.machine.teleprinter.punched.extend([9, 9])  # punched before: not on the new tape
    out = said(m)
    m.execute('punch "out.ptp"')
    assert m.punch_file == tmp_path / "out.ptp" and m.machine.teleprinter.punch_on
    assert read_tape(tmp_path / "out.ptp").frames == []  # written at once, empty
    m.execute("clear-start")
    assert read_tape(tmp_path / "out.ptp").frames == [57]
    m.execute("PUNCH  OFF ")
    assert m.punch_file is None and not m.machine.teleprinter.punch_on
    assert [t for k, t in out if k == "report"] == [
        f"punch on: to {tmp_path / 'out.ptp'}", "CLEAR START: halt at 2 after 3 orders",
        "punch off"]
    with pytest.raises(MonitorError) as err:
        m.execute("punch")
    assert str(err.value) == "punch FILE or punch off"


def test_a_run_that_punches_nothing_leaves_the_punch_file_alone(tmp_path: Path) -> None:
    m = Monitor(folder=tmp_path)
    m.machine.memory.load(0, LOOP + [0])
    m.execute("punch out.ptp")
    (tmp_path / "out.ptp").write_text("left alone\n")
    m.execute("step 3")
    assert (tmp_path / "out.ptp").read_text() == "left alone\n"


def test_a_punch_file_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    m = Monitor(folder=tmp_path)
    (tmp_path / "dir.ptp").mkdir()
    with pytest.raises(MonitorError) as err:
        m.execute("punch dir.ptp")
    text = str(err.value)
    assert text.startswith(f"{tmp_path / 'dir.ptp'}") and "\n" not in text
    m.punch_file = tmp_path / "dir.ptp"
    with pytest.raises(MonitorError) as err:
        m._save_punch()
    assert str(err.value).startswith(f"{tmp_path / 'dir.ptp'}")
    m.punch_file = tape_path("e1000.ptr")
    with pytest.raises(MonitorError, match="read-only"):
        m._save_punch()


def test_tear_starts_expect_and_the_paper_afresh() -> None:
    m = Monitor()
    m.machine.memory.load(0, PRINT_ONE)
    out = said(m)
    m.execute("clear-start")
    m.execute("expect 1")
    m.execute("tear")
    assert (m._expect_from, m._paper_out) == (0, 0)
    assert m.machine.printed_text() == ""
    m.execute("clear-start")
    m.execute("expect 1")
    assert out[-2:] == [("report", "CLEAR START: halt at 2 after 3 orders"),
                        ("report", "expect '1': printed")]
    assert ("report", "paper torn off") in out


# --- the buttons and running ----------------------------------------------------------------

@pytest.mark.parametrize("line, label, press", [
    ("clear-start", "CLEAR START", "clear_start"), ("cs", "CLEAR START", "clear_start"),
    ("initial-start", "INITIAL START", "initial_start"), ("restart", "RESTART", "restart"),
])
def test_each_start_button_runs_as_its_press_in_the_api(line: str, label: str,
                                                        press: str) -> None:
    # 0: c 20 (A=0) ; 1: a 21 ; 2: halt  -- RESTART goes on from K = 1 with A and R kept
    program = [encode("c", 20), encode("a", 21), 0]
    machines = []
    for _ in range(2):
        machine = Machine()
        machine.memory.load(0, program)
        machine.memory[21] = 5
        machine.A, machine.R, machine.K = 7, 9, 1
        machines.append(machine)
    m = Monitor(machines[0])
    twin = machines[1]
    out = said(m)
    m.execute(line)
    getattr(twin, press)()
    stop = twin.run()
    assert (m.machine.A, m.machine.R, m.machine.K) == (twin.A, twin.R, twin.K)
    assert m.machine.last_stop == stop
    assert out == [("report", f"{label}: {stop.reason} at {stop.address} after {stop.orders} "
                              "orders")]
    assert m.orders_used == stop.orders


def test_free_run_off_makes_each_button_one_order_and_says_so() -> None:
    m = Monitor()
    m.machine.memory.load(0, LOOP)
    out = said(m)
    m.execute("free-run OFF")
    assert m.machine.free_run is False
    m.execute("clear-start")
    m.execute("restart")
    m.execute("free-run on")
    assert m.machine.free_run is True
    assert out == [("report", "FREE RUN off"), ("report", "CLEAR START: step at 1 after 1 orders"),
                   ("report", "RESTART: step at 2 after 1 orders"), ("report", "FREE RUN on")]
    with pytest.raises(MonitorError) as err:
        m.execute("free-run")
    assert str(err.value) == "free-run takes on or off, not ''"


@pytest.mark.parametrize("line, n", [("step", 1), ("s", 1), ("step 4", 4), ("step 0o7", 7),
                                     ("step 1000", 1000)])
def test_step_runs_n_orders_from_k_as_the_api_does(line: str, n: int) -> None:
    m = Monitor()
    m.machine.memory.load(0, LOOP)
    m.machine.clear_start()
    out = said(m)
    m.execute(line)
    twin = twin_run(LOOP, n)
    assert (m.machine.K, m.machine.orders, m.machine.cycles) == (twin.K, twin.orders,
                                                                twin.cycles)
    assert m.machine.last_stop.orders == n and m.machine.last_stop.cycles == twin.cycles
    assert out == [("report", f"STEP {n}: step at {twin.K} after {n:,} orders")]


@pytest.mark.parametrize("line, message", [
    ("step -2", "step takes a count of at least 1, not -2"),
    ("step 0", "step takes a count of at least 1, not 0"),
])
def test_step_refuses_a_count_below_one(line: str, message: str) -> None:
    with pytest.raises(MonitorError) as err:
        Monitor().execute(line)
    assert str(err.value) == message


def test_go_runs_from_an_address_or_from_k() -> None:
    m = Monitor()
    # 0: halt ; 1: c 20 ; 2: a 21 ; 3: halt
    m.machine.memory.load(0, [0, encode("c", 20), encode("a", 21), 0])
    m.machine.memory[21] = 5
    out = said(m)
    m.execute("go 2")
    assert (m.machine.A, m.machine.K) == (5 << 18, 4)  # K is past the halt at 3
    m.machine.K = 1
    m.execute("g")
    assert (m.machine.A, m.machine.K) == (5 << 18, 4)
    assert out == [("report", "GO 2: halt at 3 after 2 orders"),
                   ("report", "GO 1: halt at 3 after 3 orders")]


def test_a_run_in_small_chunks_adds_them_up_as_the_api_counts(monkeypatch) -> None:
    monkeypatch.setattr(interpreter, "FIRST_CHUNK", 7)
    program = LOOP[:2] + [encode("p", 20), encode("a", 21), encode("t", 20), encode("s", 22),
                          encode("z", 9), encode("j", 0, True), 0, 0]
    # a counting loop: word 20 counts up by 1 until it equals word 22 (12)
    m = Monitor()
    m.machine.memory.load(0, program)
    m.machine.memory[21], m.machine.memory[22] = 1, 12
    progress: list[int] = []
    m.progress = lambda orders, seconds: progress.append(orders)
    m.execute("clear-start")
    twin = Machine()
    twin.memory.load(0, program)
    twin.memory[21], twin.memory[22] = 1, 12
    twin.clear_start()
    assert m.machine.last_stop == twin.run()
    assert twin.orders > 50 and m.machine.memory.words == twin.memory.words
    assert len(progress) >= twin.orders // 56 and progress[-1] == twin.orders
    assert progress == sorted(progress)


def test_a_watch_reached_in_a_later_chunk_keeps_its_word(monkeypatch) -> None:
    monkeypatch.setattr(interpreter, "FIRST_CHUNK", 2)
    m = Monitor()
    # 0-4: no-ops ; 5: t 30 (A's upper half is 1: word 30 changes) ; 6: halt
    m.machine.memory.load(0, [encode("j", 0)] * 5 + [encode("t", 30), 0])
    out = said(m)
    m.execute("watch 30")
    m.execute("set A 262144")
    m.execute("initial-start")
    stop = m.machine.last_stop
    assert (stop.reason, stop.address, stop.watched, stop.orders) == ("watchpoint", 6, 30, 6)
    assert out[-1] == ("report", "INITIAL START: watchpoint at 6 (word 30 changed) after 6 "
                                 "orders")


def test_the_order_limit_holds_across_runs_to_the_order() -> None:
    m = Monitor(max_orders=5)
    m.machine.memory.load(0, LOOP)
    m.machine.clear_start()
    out = said(m)
    m.execute("step 3")
    m.execute("step 2")  # 5 in all: the limit reached exactly, not passed
    assert m.orders_used == 5 and m.machine.orders == 5
    assert out[-1] == ("report", "STEP 2: step at 2 after 2 orders")
    with pytest.raises(LimitReached) as err:
        m.execute("step")
    assert str(err.value) == "order limit of 5 orders reached (raise it with --max-orders N)"
    assert m.machine.orders == 5 and out[-1] == ("report", "STEP 1: order limit at 2 after 0 "
                                                           "orders")


def test_a_step_past_the_order_limit_stops_at_the_limit() -> None:
    m = Monitor(max_orders=4)
    m.machine.memory.load(0, LOOP)
    m.machine.clear_start()
    out = said(m)
    with pytest.raises(LimitReached):
        m.execute("step 10")
    assert m.machine.orders == 4 and m.orders_used == 4
    assert out[-1] == ("report", "STEP 10: order limit at 1 after 4 orders")


def test_a_time_limit_ends_an_endless_run() -> None:
    m = Monitor(time_limit=0.0)
    m.machine.memory.load(0, LOOP)
    out = said(m)
    with pytest.raises(LimitReached) as err:
        m.execute("clear-start")
    assert str(err.value) == ("wall-time limit of 0 s reached (raise it with --time-limit "
                              "SECONDS)")
    assert out[-1][1].startswith("CLEAR START: time limit at ")
    assert m.machine.last_stop.reason == "time limit" and m.machine.orders > 0


def test_an_interrupt_ends_the_run_and_keeps_what_it_printed() -> None:
    m = Monitor()
    # p 4 ; o 1 ; jl 0 ; - ; "1": prints 1 for ever
    m.machine.memory.load(0, [encode("p", 4), encode("o", 1), encode("j", 0, True), 0,
                              57 << 12])
    out = said(m)
    m.progress = lambda orders, seconds: m.interrupt()
    with pytest.raises(Interrupted) as err:
        m.execute("clear-start")
    assert m.interrupted
    k = m.machine.K
    assert str(err.value) == (f"stopped by Ctrl-C or SIGTERM at {k} (what was printed and "
                              "punched is kept)")
    stop = m.machine.last_stop
    assert stop.reason == "interrupted" and stop.orders == m.machine.orders > 0
    assert stop.cycles == m.machine.cycles > 0
    paper = "".join(t for kind, t in out if kind == "paper")
    assert paper == "1" * m.machine.teleprinter.printed_count + "\n"
    assert out[-1] == ("report", f"CLEAR START: interrupted at {k} after {stop.orders:,} orders")


def test_the_progress_is_told_the_orders_and_the_simulated_time() -> None:
    m = Monitor()
    m.machine.memory.load(0, LOOP + [0])
    told: list[tuple[int, float]] = []
    m.progress = lambda orders, seconds: told.append((orders, seconds))
    m.execute("step 3")
    twin = twin_run(LOOP + [0], 3)
    assert told == [(3, twin.simulated_seconds)]


def test_the_paper_goes_out_and_the_report_starts_a_line_of_its_own() -> None:
    m = Monitor()
    # p 12 ; o 1 ; p 13 ; o 1 ; p 14 ; o 1 ; halt (6) ; p 12 ; o 1 ; halt (9) ; halt (10);
    # 12: "1", 13: CR, 14: LF (o prints the top six bits of A)
    program = [encode("p", 12), encode("o", 1), encode("p", 13), encode("o", 1),
               encode("p", 14), encode("o", 1), 0, encode("p", 12), encode("o", 1), 0, 0, 0,
               57 << 12, 2 << 12, 8 << 12]
    m.machine.memory.load(0, program)
    out = said(m)
    m.execute("clear-start")  # "1\n": the line is ended, no extra
    m.execute("go 7")  # "1": the report needs a line of its own
    m.execute("go 10")  # nothing printed: nothing more
    assert out == [("paper", "1\n"), ("report", "CLEAR START: halt at 6 after 7 orders"),
                   ("paper", "1"), ("paper", "\n"), ("report", "GO 7: halt at 9 after 3 orders"),
                   ("report", "GO 10: halt at 10 after 1 orders")]


# --- the checks ---------------------------------------------------------------------------

def test_expect_says_what_it_found_or_what_the_paper_ends_with() -> None:
    m = Monitor()
    tp = m.machine.teleprinter
    out = said(m)
    with pytest.raises(CheckFailed) as err:
        m.execute("expect 1")
    assert str(err.value) == "expect '1': nothing printed"
    with pytest.raises(MonitorError) as empty:
        m.execute('expect ""')
    assert str(empty.value) == "expect TEXT"
    text = "ab\n" + "c" * 65 + "\nd"
    tp.printed.extend(text_to_codes(text))
    m.execute('expect "b"')
    assert out == [("report", "expect 'b': printed")]
    with pytest.raises(CheckFailed) as err:
        m.execute("expect z")
    tail = "c" * 58 + "\\nd"  # the last 60 characters (58 c, a line feed, d)
    assert str(err.value) == ("expect 'z': not printed (the paper since the last match ends "
                              f"{tail!r})")
    m.execute("expect d")
    with pytest.raises(CheckFailed) as err:
        m.execute("expect c")
    assert str(err.value) == "expect 'c': nothing printed since the last match"


def test_expect_says_when_older_paper_was_not_kept() -> None:
    m = Monitor()
    tp = m.machine.teleprinter
    tp.paper_keep = 10
    for code in text_to_codes("x" * 40):
        tp.output(code)
    assert tp.torn_off > 0
    with pytest.raises(CheckFailed) as err:
        m.execute("expect y")
    kept = len(tp.printed)
    assert str(err.value).endswith(f"; only the newest {kept:,} characters are kept)")
    m.execute("expect xx")  # read from the first kept character
    assert m._expect_from == tp.torn_off + 2


def test_assert_reports_that_it_holds() -> None:
    m = Monitor()
    out = said(m)
    m.execute("set A 7")
    m.execute("assert  A == 7 ")
    assert out[-1] == ("report", "assert A == 7: holds")
    with pytest.raises(CheckFailed) as err:
        m.execute("assert A < 7 ")
    assert str(err.value) == "assert A < 7: A is 7, 7 is 7"


def test_help_prints_the_table_or_one_verb() -> None:
    m = Monitor()
    out = said(m)
    m.execute("help")
    assert out == [("result", line) for line in help_lines()]
    out.clear()
    m.execute("? go")
    assert out == [("result", line) for line in help_lines("go")]


class FakeClock:
    """time.monotonic for the interpreter's chunks: it reads 0 at a chunk's start and
    `step` at its end, so every chunk takes exactly `step` seconds."""

    def __init__(self, step: float, base: float = 0.0) -> None:
        self.readings = 0
        self.step, self.base = step, base

    def monotonic(self) -> float:
        self.readings += 1
        return self.base if self.readings % 2 else self.base + self.step


@pytest.mark.parametrize("step, base, chunks", [
    # a chunk read as taking under CHUNK_SECONDS / 2 doubles the next, up to CHUNK_ORDERS
    (0.01, 0.0, [4_000, 8_000, 16_000, 20_000, 20_000, 20_000]),
    (0.01, 500.0, [4_000, 8_000, 16_000, 20_000, 20_000, 20_000]),  # the clock's origin
    (0.0249, 0.0, [4_000, 8_000, 16_000, 20_000, 20_000, 20_000]),
    # from CHUNK_SECONDS / 2 to twice CHUNK_SECONDS: the same size
    (0.025, 0.0, [4_000] * 6), (0.1, 0.0, [4_000] * 6),
    # over twice CHUNK_SECONDS: halved, to no fewer than 1,000 orders
    (0.1001, 0.0, [4_000, 2_000, 1_000, 1_000, 1_000, 1_000]),
])
def test_a_run_sizes_its_chunks_by_the_time_they_take(monkeypatch, step: float, base: float,
                                                      chunks: list[int]) -> None:
    monkeypatch.setattr(interpreter, "FIRST_CHUNK", 4_000)
    monkeypatch.setattr(interpreter, "CHUNK_ORDERS", 20_000)
    m = Monitor(max_orders=sum(chunks))
    monkeypatch.setattr(interpreter, "time", FakeClock(step, base))
    m.machine.memory.load(0, LOOP)
    told: list[int] = []
    m.progress = lambda orders, seconds: told.append(orders)
    with pytest.raises(LimitReached):
        m.execute("clear-start")
    sizes = [b - a for a, b in zip([0, *told], told, strict=False)]
    assert sizes == chunks and all(type(n) is int for n in told)


def test_a_tape_or_punch_file_that_fails_underneath_is_one_line(tmp_path: Path,
                                                                monkeypatch) -> None:
    import errno

    def fails(*args, **kwargs):
        raise OSError(errno.EIO, "Input/output error")

    def fails_bare(*args, **kwargs):
        raise OSError("no reason given")

    m = Monitor(folder=tmp_path)
    for fake, said_ in ((fails, "Input/output error"), (fails_bare, "no reason given")):
        monkeypatch.setattr(interpreter, "read_tape", fake)
        with pytest.raises(MonitorError) as err:
            m.execute("attach t.ptr")
        assert str(err.value) == f"{tmp_path / 't.ptr'}: {said_}"
        monkeypatch.setattr(interpreter, "write_tape", fake)
        m.punch_file = tmp_path / "p.ptp"
        with pytest.raises(MonitorError) as err:
            m._save_punch()
        assert str(err.value) == f"{tmp_path / 'p.ptp'}: {said_}"


def test_a_first_run_that_prints_no_character_needs_no_new_line() -> None:
    """The monitor starts on a fresh line: a code that prints nothing (27, a shift) sends
    no paper, and no line end before the report."""
    m = Monitor()
    m.machine.memory.load(0, [encode("p", 3), encode("o", 1), 0, 27 << 12])
    out = said(m)
    m.execute("clear-start")
    assert m.machine.teleprinter.printed_count == 1
    assert out == [("report", "CLEAR START: halt at 2 after 3 orders")]


def test_after_a_line_end_of_its_own_the_next_report_needs_none() -> None:
    """A run printed "1" and got a line end before its report; the next prints only a code
    without a character (27): no second line end."""
    m = Monitor()
    # p 6 ; o 1 ; halt (2) ; p 7 ; o 1 ; halt (5) ; "1" ; code 27
    m.machine.memory.load(0, [encode("p", 6), encode("o", 1), 0, encode("p", 7),
                              encode("o", 1), 0, 57 << 12, 27 << 12])
    out = said(m)
    m.execute("clear-start")
    m.execute("go 3")
    assert out == [("paper", "1"), ("paper", "\n"), ("report", "CLEAR START: halt at 2 after 3 "
                                                             "orders"),
                   ("report", "GO 3: halt at 5 after 3 orders")]


class StoppedClock:
    """time.monotonic reading `first` once, then `later` for ever."""

    def __init__(self, first: float, later: float) -> None:
        self.first, self.later, self.read = first, later, False

    def monotonic(self) -> float:
        value = self.later if self.read else self.first
        self.read = True
        return value


def test_the_wall_time_limit_is_passed_not_reached(monkeypatch) -> None:
    """A clock that reads the deadline itself has not passed it: the run goes on."""
    monkeypatch.setattr(interpreter, "FIRST_CHUNK", 1_000)
    monkeypatch.setattr(interpreter, "time", StoppedClock(0.0, 2.0))
    m = Monitor(max_orders=5_000, time_limit=2.0)
    m.machine.memory.load(0, LOOP)
    with pytest.raises(LimitReached) as err:
        m.execute("clear-start")
    assert str(err.value).startswith("order limit of 5,000 orders")


def test_a_run_past_the_wall_time_stops_where_the_machine_is(monkeypatch) -> None:
    monkeypatch.setattr(interpreter, "FIRST_CHUNK", 1_000)
    monkeypatch.setattr(interpreter, "time", StoppedClock(0.0, 2.5))
    m = Monitor(time_limit=2.0)
    m.machine.memory.load(0, LOOP)
    with pytest.raises(LimitReached):
        m.execute("clear-start")
    twin = twin_run(LOOP, 1_000)
    stop = m.machine.last_stop
    assert (stop.reason, stop.address, stop.orders, stop.cycles) == (
        "time limit", twin.K, 1_000, twin.cycles)
