"""pc1.verify as the console uses it: the plan, the limb rows and summary, the paper check."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pc1 import Machine, read_tape
from pc1.base.errors import InputError
from pc1.devices.tape_library import tape_path
from pc1.devices.teleprinter import text_to_codes
from pc1.verify import Press, Report, check_paper, check_run, plan, print_entry, run_plan
from tests.shared_data import pc1_layout, truncated_digits

DIGITS = {name: truncated_digits(name, 1000) for name in ("pi", "e")}


def test_the_plans_follow_the_manifest_procedures() -> None:
    pi = plan("pi")
    assert [a.kind for a in pi.actions] == ["initial-load", "tape", "clear-start"] * 2
    assert pi.check_step == 2 and pi.breakpoint is None and pi.limbs == 97
    assert [pi.press_label(i) for i in (2, 5)] == ["R0 + pi1000cmp.ptr", "R0 + pi1000prt.ptr"]
    e = plan("e")
    assert [a.kind for a in e.actions] == ["initial-load", "tape", "clear-start"]
    assert e.breakpoint == print_entry(read_tape(tape_path("e1000.ptr"))) and e.limbs == 100


def test_a_bad_plan_request_is_one_clear_error(tmp_path) -> None:
    with pytest.raises(InputError, match="unknown computation 'tau'"):
        plan("tau")
    with pytest.raises(InputError, match="tape not found") as caught:
        plan("pi", r0=tmp_path / "nowhere.ptw")
    assert "nowhere.ptw" in str(caught.value)


def test_a_run_reports_only_its_own_paper() -> None:
    m = Machine()
    m.teleprinter.printed.extend(text_to_codes("3.14 earlier\n"))
    report = run_plan(plan("e"), m)
    assert report.ok and report.characters == 1078
    assert report.printed == pc1_layout(DIGITS["e"])


limb_lists = st.lists(st.integers(0, 2**35 - 1), min_size=1, max_size=120)


@given(limb_lists, st.data())
def test_limb_rows_and_summary_name_exactly_the_changed_limbs(reference, data) -> None:
    changed = data.draw(st.sets(st.integers(0, len(reference) - 1), max_size=4))
    machine = [v ^ 1 if i in changed else v for i, v in enumerate(reference)]
    report = Report("pi", "machin(n)", "test", machine, reference, "", "", [Press("x", None)])
    rows = report.limb_rows()
    assert [r.index for r in rows if not r.identical] == sorted(changed)
    assert [r.address for r in rows] == [300 + 2 * i for i in range(len(reference))]
    n = len(reference)
    summary = report.limb_summary()
    assert summary.startswith(f"{n - len(changed)} of {n} limbs identical")
    if len(changed) == 1:
        assert summary.endswith(f"limb {min(changed)} differs")
    elif changed:
        assert summary.endswith(", ".join(map(str, sorted(changed))) + " differ")


def test_missing_limbs_are_rows_that_differ() -> None:
    report = Report("e", "napier(4)", "test", [2, 5], [2, 5, 7, 9], "", "", [])
    assert [(r.index, r.machine, r.identical) for r in report.limb_rows()[2:]] == [
        (2, None, False), (3, None, False)]
    assert report.limb_summary() == "2 of 4 limbs identical; limbs 2, 3 differ"


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["pi", "e"]), st.integers(3, 1000), st.data())
def test_the_paper_check_finds_the_first_wrong_decimal(name, n, data) -> None:
    decimals = DIGITS[name][2:2 + n]
    wrong = data.draw(st.none() | st.integers(3, n))  # the first two tell pi from e
    if wrong is not None:
        bad = str((int(decimals[wrong - 1]) + data.draw(st.integers(1, 9))) % 10)
        decimals = decimals[:wrong - 1] + bad + decimals[wrong:]
    number = DIGITS[name][0] + "." + decimals
    paper = data.draw(st.sampled_from([number, pc1_layout(number), "run 7\n" + number + "\n"]))
    check = check_paper(paper)
    assert check.name == name and check.decimals == decimals
    assert check.first_difference == wrong and check.ok == (wrong is None)
    if wrong is None:
        assert check.line() == f"{name}: {n} of {n} decimals identical to mpmath, truncated"
    else:
        assert f"differs from mpmath at decimal {wrong} " in check.line()


@pytest.mark.parametrize("paper", ["", "HELLO\n", "1.41421356", "3.", "2.99"])
def test_a_paper_without_pi_or_e_is_one_clear_error(paper: str) -> None:
    with pytest.raises(InputError, match="no digits of pi"):
        check_paper(paper)


def print_runs(*texts: str) -> Machine:
    """A machine whose paper holds these texts, each printed by a run of its own."""
    m = Machine()
    for text in texts:
        m.teleprinter.begin_run()
        for code in text_to_codes(text):
            m.teleprinter.output(code)
    return m


def test_the_paper_check_reads_the_newest_run_alone() -> None:
    """The defect: e's run and then pi's on one paper read as one number, 'the paper differs
    from mpmath at decimal 1001'."""
    e, pi = pc1_layout(DIGITS["e"]), pc1_layout(DIGITS["pi"])
    tp = print_runs(e, pi).teleprinter
    assert tp.text() == f"{e}\n{pi}"
    newest = check_run(tp)
    assert (newest.name, newest.ok, len(newest.decimals), newest.run, newest.runs) == (
        "pi", True, 1000, 2, 2)
    assert newest.line().startswith("run 2 of 2: pi: 1000 of 1000 decimals identical")
    first = check_run(tp, 1)
    assert (first.name, first.ok, len(first.decimals)) == ("e", True, 1000)


def test_the_newest_run_that_printed_is_the_default() -> None:
    tp = print_runs("2.71", "", "").teleprinter
    found = check_run(tp)
    assert (found.name, found.run, found.runs) == ("e", 1, 3)


def test_a_run_that_is_not_there_is_one_clear_error() -> None:
    with pytest.raises(InputError, match="no run 4: the paper holds runs 1 to 2"):
        check_run(print_runs("3.14", "2.71").teleprinter, 4)
    with pytest.raises(InputError, match="run 1 of 1: the paper holds no digits"):
        check_run(print_runs("hello").teleprinter)


def test_a_procedure_after_an_unfinished_line_reads_only_its_own_runs() -> None:
    m = print_runs("3.14 earlier")  # the line is left open: the run begins on a fresh one
    report = run_plan(plan("e"), m)
    assert report.ok and report.printed == pc1_layout(DIGITS["e"])
    assert m.printed_text().startswith("3.14 earlier\n2.71828")
