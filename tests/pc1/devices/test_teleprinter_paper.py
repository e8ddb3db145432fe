"""The teleprinter's paper and reel when kept bounded (a console left running for days)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pc1.devices.teleprinter import Teleprinter, codes_to_text, text_to_codes

codes = st.lists(st.integers(0, 63), max_size=400)


@given(codes, st.integers(1, 50), st.data())
def test_the_paper_kept_is_the_newest_and_the_count_counts_all(printed: list[int], keep: int,
                                                              data) -> None:
    tp = Teleprinter(paper_keep=keep)
    cursors = []
    for c in printed:
        cursors.append(tp.printed_count)
        assert tp.output(c)
    assert tp.printed_count == len(printed)
    assert keep <= len(tp.printed) <= 2 * keep or len(tp.printed) == len(printed)
    assert tp.printed == printed[len(printed) - len(tp.printed):]
    # a cursor taken earlier gives what was printed since, as far as it is kept
    at = data.draw(st.sampled_from(cursors)) if cursors else 0
    assert tp.printed_since(at) == printed[max(at, tp.torn_off):]


@given(codes, st.integers(0, 50))
def test_a_full_reel_keeps_its_frames_and_counts_the_rest(printed: list[int],
                                                          reel: int) -> None:
    tp = Teleprinter(punch_on=True, punch_reel=reel)
    for c in printed:
        tp.output(c)
    assert tp.punched == printed[:reel]
    assert tp.punch_overrun == max(0, len(printed) - reel)
    tp.clear_punch()
    assert tp.punched == [] and tp.punch_overrun == 0


def test_take_and_clear_keep_the_count_right() -> None:
    tp = Teleprinter()
    for c in (1, 2, 3):
        tp.output(c)
    assert tp.take_printed() == [1, 2, 3] and tp.printed == []
    tp.output(4)
    assert tp.printed_count == 4 and tp.printed_since(2) == [4]
    tp.clear_paper()
    assert tp.printed_count == 0


line_codes = st.lists(st.sampled_from(sorted(set(range(64)) - {0, 27, 31})), max_size=30)


@given(st.lists(line_codes, min_size=1, max_size=8), st.sampled_from([None, 3, 40]))
def test_each_run_begins_on_a_fresh_line_and_reads_back_alone(runs: list[list[int]],
                                                               keep: int | None) -> None:
    tp = Teleprinter(paper_keep=keep)
    for codes in runs:
        tp.begin_run()
        for c in codes:
            tp.output(c)
    text = codes_to_text(tp.printed) if keep is None else ""
    for i, codes in enumerate(runs):
        got = tp.run_codes(i)
        assert got == codes[len(codes) - len(got):]  # what is kept of it, nothing else
        if keep is None:
            assert got == codes
    if keep is None:
        # run after run, each on its own line: the paper is the runs' texts joined by a new
        # line wherever one ended in the middle of a line
        expected = ""
        for codes in runs:
            if expected and not expected.endswith("\n"):
                expected += "\n"
            expected += codes_to_text(codes)
        assert text == expected
        assert tp.printed_in_runs_since(0) == [c for codes in runs for c in codes]


def test_a_run_that_ends_its_line_gets_no_empty_line() -> None:
    tp = Teleprinter()
    tp.begin_run()
    for c in text_to_codes("2.71\n"):
        tp.output(c)
    tp.begin_run()
    for c in text_to_codes("3.14"):
        tp.output(c)
    tp.begin_run()
    assert tp.text() == "2.71\n3.14\n"
    assert codes_to_text(tp.run_codes(1)) == "3.14"
    assert codes_to_text(tp.run_codes(-2)) == "3.14"
    assert tp.run_codes(-1) == []


def test_the_feed_is_printed_not_punched() -> None:
    tp = Teleprinter(punch_on=True)
    tp.begin_run()
    tp.output(57)
    tp.begin_run()
    assert tp.punched == [57] and tp.printed == [57, 2, 8]


def test_tearing_the_paper_forgets_its_runs() -> None:
    tp = Teleprinter()
    tp.begin_run()
    tp.output(57)
    tp.clear_paper()
    tp.begin_run()
    assert tp.printed == [] and tp.runs == [(0, 0)]
