"""A script's paper: it goes out as it is printed, and a run of hours keeps only the newest
paper, which `expect` reads."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

import pc1.monitor.interpreter as interpreter
from pc1.devices.tape import initial_load_tape, write_tape
from pc1.devices.teleprinter import CHAR_TO_CODE, codes_to_text, text_to_codes
from pc1.machine.machine import Machine
from pc1.machine.orders import encode
from pc1.monitor.interpreter import CheckFailed, Monitor

# p 4 ; o 1 ; jl 0 ; (0) ; the word whose top six bits are "q": q for ever
PRINT_Q = [encode("p", 4), encode("o", 1), encode("j", 0, True), 0, CHAR_TO_CODE["q"] << 12]


def test_a_long_run_sends_its_paper_out_as_it_goes_and_keeps_the_newest(
        tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(interpreter, "CHUNK_ORDERS", 3_000)  # 1,000 q a chunk
    monkeypatch.setattr(interpreter, "PAPER_KEEP", 500)
    write_tape(tmp_path / "q.ptw", initial_load_tape(PRINT_Q))
    said: list[tuple[str, str]] = []
    m = Monitor(Machine(), folder=tmp_path, max_orders=30_000,
                out=lambda kind, text: said.append((kind, text)))
    kept = []
    m.out = lambda kind, text: (said.append((kind, text)),
                                kept.append(len(m.machine.teleprinter.printed)))
    for line in ("initial-load q.ptw", "clear-start"):
        try:
            m.execute(line)
        except interpreter.LimitReached:
            pass
    paper = [text for kind, text in said if kind == "paper"]
    assert len(paper) >= 10  # chunk by chunk, not once at the end
    assert "".join(paper) == "q" * 10_000 + "\n"  # all of it, the last line ended
    assert max(kept) <= 1_000  # never more than twice PAPER_KEEP codes held


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.text("ab\n", max_size=30), st.text("ab", min_size=1, max_size=4)),
                min_size=1, max_size=10),
       st.integers(3, 40))
def test_expect_agrees_with_a_search_in_the_paper_kept(steps: list[tuple[str, str]],
                                                      keep: int) -> None:
    """The oracle: the whole printed text as one string, searched from the last match or
    from the first character still kept, whichever is later."""
    monitor = Monitor(Machine())
    tp = monitor.machine.teleprinter
    tp.paper_keep = keep
    full: list[int] = []
    cursor = 0  # in characters of the whole text
    for printed, want in steps:
        codes = text_to_codes(printed)
        for c in codes:
            tp.output(c)
        full += codes
        text = codes_to_text(full)
        kept_from = len(codes_to_text(full[:tp.torn_off]))
        at = text.find(want, max(cursor, kept_from))
        try:
            monitor.execute(f"expect {want}")
        except CheckFailed:
            assert at < 0
            continue
        assert at >= 0
        cursor = at + len(want)
        assert len(codes_to_text(full[:monitor._expect_from])) == cursor


def test_a_script_that_punches_past_the_reel_is_told(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(interpreter, "PUNCH_REEL", 100)
    write_tape(tmp_path / "q.ptw", initial_load_tape(PRINT_Q))
    said: list[tuple[str, str]] = []
    m = Monitor(Machine(), folder=tmp_path, out=lambda kind, text: said.append((kind, text)))
    m.machine.free_run = False  # CLEAR START does one order; then 599 steps: 200 q in all
    for line in ("initial-load q.ptw", "punch out.ptp", "clear-start", "step 599"):
        m.execute(line)
    assert m.machine.teleprinter.punched == [CHAR_TO_CODE["q"]] * 100
    assert ("report", "punch: the reel is full at 100 frames; 100 more are not kept") in said
    from pc1.devices.tape import read_tape
    assert read_tape(tmp_path / "out.ptp").frames == [CHAR_TO_CODE["q"]] * 100
