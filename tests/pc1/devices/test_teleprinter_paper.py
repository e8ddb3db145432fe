"""The teleprinter's paper and reel when kept bounded (a console left running for days)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pc1.devices.teleprinter import Teleprinter

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
