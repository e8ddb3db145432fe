"""The study verbs one by one, quick and deterministic: each line they say, written out by
hand, and the state they leave against a twin machine run to the same order by the API.

The program is the counting loop of study.pc1s: word 200 counts 1, 2, ... 10 in rounds of
six orders (p 200, a 201, t 200, s 202, z 6, jl 0); the tenth round halts at 6 after 60
orders.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pc1.machine.machine import Machine
from pc1.machine.orders import encode
from pc1.machine.profile import Profile, profile_table
from pc1.machine.xref import Reference
from pc1.monitor.interpreter import Monitor
from pc1.monitor.study import XREF_SHOWN, order_text, reference_lines
from pc1.monitor.values import MonitorError

PROGRAM = {0: encode("p", 200), 1: encode("a", 201), 2: encode("t", 200), 3: encode("s", 202),
           4: encode("z", 6), 5: encode("j", 0, True), 201: 1, 202: 10}


def loaded(machine: Machine) -> Machine:
    for address, word in PROGRAM.items():
        machine.memory[address] = word
    return machine


def counted(orders: int | None = None) -> tuple[Monitor, list[tuple[str, str]]]:
    """A monitor that has run the loop from CLEAR START (for `orders`, else to its halt)."""
    out: list[tuple[str, str]] = []
    m = Monitor(loaded(Machine()), out=lambda kind, text: out.append((kind, text)))
    m.execute("free-run off" if orders is not None else "free-run on")
    m.execute("clear-start")
    if orders is not None and orders > 1:
        m.execute(f"step {orders - 1}")
    m.execute("free-run on")
    out.clear()
    return m, out


def twin(orders: int) -> Machine:
    """The oracle: the API runs the loop from CLEAR START for `orders` orders."""
    t = loaded(Machine())
    t.clear_start()
    t.run(max_orders=orders)
    return t


def same_state(m: Machine, t: Machine) -> None:
    assert (m.A, m.R, m.M, m.K, m.orders, m.cycles) == (t.A, t.R, t.M, t.K, t.orders, t.cycles)
    assert m.memory.words == t.memory.words


def results(out: list[tuple[str, str]]) -> list[str]:
    return [text for kind, text in out if kind == "result"]


# --- the helpers ----------------------------------------------------------------------------

def test_order_text_is_the_r0_order_or_the_number() -> None:
    assert order_text(encode("t", 300, True)) == "tl 300"
    assert order_text(encode("z", 6)) == "z 6"
    assert order_text(62 << 12) == str(62 << 12)  # code 62 is no order


@pytest.mark.parametrize("n", [0, 1, XREF_SHOWN, XREF_SHOWN + 1, XREF_SHOWN + 5])
def test_reference_lines_show_twelve_and_count_the_rest(n: int) -> None:
    refs = [Reference(10 + i, encode("p", 200), 1000 * i + 1) for i in range(n)]
    found = {"reads": refs, "writes": []}
    plain = [f"{10 + i} (p 200)" for i in range(min(n, 12))]
    times = [f"{10 + i} (p 200) x{1000 * i + 1:,}" for i in range(min(n, 12))]
    more = f" and {n - 12} more" if n > 12 else ""
    assert reference_lines(found, counted=False) == [
        f"  reads: {', '.join(plain) or 'none'}{more}", "  writes: none"]
    assert reference_lines(found, counted=True) == [
        f"  reads: {', '.join(times) or 'none'}{more}", "  writes: none"]


# --- time and going back --------------------------------------------------------------------

def test_time_says_where_the_machine_is_and_how_far_back_it_reaches() -> None:
    m, out = counted()
    m.execute("time")
    t = twin(60)
    assert results(out) == [
        f"order 60 since CLEAR START; next: 0 at 7; {t.cycles:,} cycles in all; the timeline "
        "reaches back to order 0 (1 snapshot, one every 16,384 orders)"]
    out.clear()
    m.execute("go 0")  # a second run, not seamless: a second snapshot
    m.execute("time")
    n = len(m.timeline.snapshots)
    assert n == 2
    assert results(out)[0].endswith(f"reaches back to order 0 ({n} snapshots, one every 16,384 "
                                    "orders)")


def test_time_counts_from_the_last_clear_start() -> None:
    m, out = counted()
    m.execute("free-run off")
    m.execute("clear-start")  # a second count, from 10: orders 60 to 65 of the machine
    m.execute("step 4")
    out.clear()
    m.execute("time")
    line = results(out)[0]
    assert m.machine.orders == 65
    assert line.startswith("order 5 since CLEAR START; next: jl 0 at 5; ")
    assert "reaches back to order -60 " in line


@pytest.mark.parametrize("line, n", [("back", 1), ("bk", 1), ("back 7", 7), ("back  0 ", 0),
                                     ("back 0o10", 8), ("back 60", 60)])
def test_back_is_the_state_n_orders_earlier(line: str, n: int) -> None:
    m, out = counted()
    went: list[int] = []
    m.went_back = lambda: went.append(m.machine.orders)
    m.execute(line)
    t = twin(60 - n)
    same_state(m.machine, t)
    word = m.machine.memory.words[t.K]
    assert results(out) == [f"back {n}: order {60 - n} since CLEAR START; next: "
                            f"{order_text(word)} at {t.K}"]
    assert went == [60 - n]


def test_back_past_the_timeline_or_forward_is_refused() -> None:
    m, _ = counted()
    with pytest.raises(MonitorError) as err:
        m.execute("back 61")
    assert str(err.value) == ("back 61: the timeline begins at order 0 since CLEAR START; "
                              "order -1 is before it")
    with pytest.raises(MonitorError) as err:
        m.execute("back -2")
    assert str(err.value) == "back -2: back takes a count of 0 or more, not -2"
    same_state(m.machine, twin(60))


def test_going_back_takes_expect_and_the_paper_back_with_it() -> None:
    m = Monitor()
    # p 4 ; o 1 ; o 1 ; halt ; "2" at 4: prints 2 2
    m.machine.memory.load(0, [encode("p", 4), encode("o", 1), encode("o", 1), 0, 48 << 12])
    out: list[tuple[str, str]] = []
    m.out = lambda kind, text: out.append((kind, text))
    m.execute("clear-start")
    m.execute("expect 22")
    assert m._expect_from == m._paper_out == 2
    m.execute("back 2")  # after p 4 and the first o 1: one 2 printed
    assert m.machine.teleprinter.printed_count == 1
    assert m._expect_from == m._paper_out == 1
    out.clear()
    m.execute("go")  # the second 2 again: it goes out again, and expect reads it again
    assert [t for k, t in out if k == "paper"] == ["2", "\n"]
    m.execute("expect 2")
    m.execute("back 0")
    assert m._expect_from == m._paper_out == 2  # back 0 moves nothing


def test_the_went_back_hook_may_be_absent() -> None:
    m, out = counted()
    assert m.went_back is None
    m.execute("back 3")
    same_state(m.machine, twin(57))


def test_back_to_write_goes_to_just_before_the_last_store() -> None:
    m, out = counted()
    went: list[int] = []
    m.went_back = lambda: went.append(m.machine.orders)
    m.execute("back-to-write 0o310")  # 200 in octal: the t 200 of the tenth round, order 57
    same_state(m.machine, twin(56))
    assert results(out) == ["back-to-write 200: t 200 at 2 stored into 200 as order 57; now "
                            "just before it: order 56 since CLEAR START; next: t 200 at 2"]
    assert went == [56]


def test_back_to_write_needs_a_word_that_was_written() -> None:
    m, _ = counted()
    for line, message in [("back-to-write", "back-to-write ADDR"),
                          ("back-to-write  ", "back-to-write ADDR"),
                          ("back-to-write 300", "back-to-write 300: no order stored into 300 "
                           "since order 0 (where the timeline begins)")]:
        with pytest.raises(MonitorError) as err:
            m.execute(line)
        assert str(err.value) == message
    m.execute("clear-start")
    with pytest.raises(MonitorError) as err:
        m.execute("back-to-write 300")
    assert str(err.value).endswith("since order -60 (where the timeline begins)")


def test_back_to_break_at_a_breakpoint_and_at_a_watchpoint() -> None:
    m, out = counted()
    went: list[int] = []
    m.went_back = lambda: went.append(m.machine.orders)
    m.execute("break 3")
    m.execute("back-to-break")  # the tenth round's s 202 is order 58: before it, 57
    same_state(m.machine, twin(57))
    m.execute("nobreak all")
    m.execute("watch 200")
    m.execute("back-to-break")  # the ninth round's t 200 (order 51) changed it: after it, 51
    same_state(m.machine, twin(51))
    assert [line for line in results(out) if line.startswith("back-to-break")] == [
        "back-to-break: breakpoint at 3; order 57 since CLEAR START; next: s 202 at 3",
        "back-to-break: watchpoint: word 200 changed; order 51 since CLEAR START; next: "
        "s 202 at 3"]
    assert went == [57, 51]


def test_back_to_break_that_finds_nothing_says_so() -> None:
    m, _ = counted()
    with pytest.raises(MonitorError) as err:
        m.execute("back-to-break")
    assert str(err.value) == "back-to-break: no breakpoints or watchpoints are set"
    m.execute("break 100")
    with pytest.raises(MonitorError) as err:
        m.execute("back-to-break")
    assert str(err.value) == ("back-to-break: no break or watch would have stopped the run "
                              "since order 0 (where the timeline begins)")
    same_state(m.machine, twin(60))


# --- profile, xref, explain -----------------------------------------------------------------

@pytest.mark.parametrize("arg, top", [("", 20), ("  ", 20), ("3", 3), ("1", 1)])
def test_profile_is_the_table_of_the_api_over_the_run_again(arg: str, top: int) -> None:
    m, out = counted()
    m.execute(f"profile {arg}")
    t = loaded(Machine())
    profile = Profile(t)
    t.clear_start()
    t.run(history=profile)
    table = profile_table(profile, None, clock_hz=t.clock_hz, top=top)
    assert results(out) == ["profile of orders 0 to 60 since CLEAR START", *table]
    assert any(line.startswith("z ") and " 10 " in line for line in table)
    same_state(m.machine, twin(60))


def test_profile_refuses_a_count_below_one() -> None:
    m, _ = counted()
    for arg in ("0", "-3"):
        with pytest.raises(MonitorError) as err:
            m.execute(f"profile {arg}")
        assert str(err.value) == f"profile takes a count of at least 1, not {arg}"


def test_xref_reads_the_store_and_the_run() -> None:
    m, out = counted()
    m.execute("xref 200")
    lines = results(out)
    assert lines[:2] == ["xref 200: the word holds 10",
                         "in the store now (no annotated source; every word read as an order):"]
    assert lines[2:6] == ["  reads: 0 (p 200)", "  writes: 2 (t 200)", "  changes address: none",
                          "  jumps to: none"]
    assert lines[6:] == ["in the run, orders 0 to 60 since CLEAR START (it ran as an order 0 "
                         "times):", "  reads: 0 (p 200) x10", "  writes: 2 (t 200) x10",
                         "  changes address: none", "  jumps to: none"]
    same_state(m.machine, twin(60))


def test_xref_of_a_word_that_runs_counts_its_runs() -> None:
    m, out = counted()
    m.execute("xref 0o4")  # z 6 at 4: each of the ten rounds runs it
    lines = results(out)
    assert lines[0] == "xref 4: the word holds z 6"
    assert lines[6] == ("in the run, orders 0 to 60 since CLEAR START (it ran as an order 10 "
                        "times):")
    with pytest.raises(MonitorError) as err:
        m.execute("xref ")
    assert str(err.value) == "xref ADDR"


def test_xref_reads_the_annotated_sources_of_a_tape_of_ours() -> None:
    m, out = counted()
    m.execute("attach pi1000prt.ptr")
    m.execute("xref 1")
    assert results(out)[1] == "in the annotated sources of R0 and the tape, as written:"


def test_explain_reads_the_word_at_an_address_or_at_k() -> None:
    from pc1.machine import explain

    m, out = counted(4)  # K is 4: z 6 next
    m.execute("explain")
    m.execute("explain 0o2")
    z, t = explain(encode("z", 6)), explain(encode("t", 200))
    assert results(out) == [f"4: {z[0]}", *z[1:], f"2: {t[0]}", *t[1:]]
    assert len(z) > 1


# --- save-state and restore-state -----------------------------------------------------------

def test_save_and_restore_put_the_machine_back_and_forget_the_history(tmp_path: Path) -> None:
    m, out = counted(50)
    m.folder = tmp_path
    m.execute('save-state "s s.json"')
    m.execute("go")
    same_state(m.machine, twin(60))
    m.execute("restore s s.json")
    same_state(m.machine, twin(50))
    path = tmp_path / "s s.json"
    assert [t for k, t in out if k == "report" and t.startswith("machine ")] == [
        f"machine saved to {path} at order 50 since CLEAR START; next: t 200 at 2",
        f"machine restored from {path}: order 50 since CLEAR START; next: t 200 at 2"]
    assert len(m.timeline.snapshots) == 0
    with pytest.raises(MonitorError, match="before it"):
        m.execute("back 1")  # the history before the restore is another machine's
    m.execute("go")
    same_state(m.machine, twin(60))


def test_save_and_restore_need_a_file_they_can_use(tmp_path: Path) -> None:
    m, _ = counted()
    m.folder = tmp_path
    for line, message in [("save-state", "save-state FILE"), ("save-state  ", "save-state FILE"),
                          ("restore-state", "restore-state FILE"),
                          ("restore-state ", "restore-state FILE")]:
        with pytest.raises(MonitorError) as err:
            m.execute(line)
        assert str(err.value) == message
    with pytest.raises(MonitorError) as err:
        m.execute("restore-state none.json")
    assert str(err.value).startswith(f"{tmp_path / 'none.json'}: ")
    (tmp_path / "dir").mkdir()
    with pytest.raises(MonitorError) as err:
        m.execute("save-state dir")
    assert str(err.value).startswith(f"{tmp_path / 'dir'}")
    same_state(m.machine, twin(60))


def test_profile_names_the_routines_of_the_tape_in_the_reader() -> None:
    from pc1.asm import routines_for_tape
    from pc1.devices import tape_path

    m, out = counted()
    m.execute("attach pi1000prt.ptr")
    m.execute("profile 5")
    t = loaded(Machine())
    profile = Profile(t)
    t.clear_start()
    t.run(history=profile)
    routines = routines_for_tape(tape_path("pi1000prt.ptr"))
    table = profile_table(profile, routines, clock_hz=t.clock_hz, top=5)
    assert routines and table != profile_table(profile, None, clock_hz=t.clock_hz, top=5)
    assert results(out) == ["profile of orders 0 to 60 since CLEAR START", *table]


def test_profile_without_a_readable_source_has_no_routines(tmp_path: Path) -> None:
    from pc1.devices.tape import write_tape

    write_tape(tmp_path / "t.ptr", [1, 2, 3])
    (tmp_path / "t.pc1").write_bytes(b"\xff\xfe not text")
    m, out = counted()
    m.folder = tmp_path
    m.execute("attach t.ptr")
    m.execute("profile")
    t = loaded(Machine())
    profile = Profile(t)
    t.clear_start()
    t.run(history=profile)
    assert results(out)[1:] == profile_table(profile, None, clock_hz=t.clock_hz, top=20)
