"""The assembler against the R0 contract: cases T01-T36, the corpus hashes, the diagnostics."""

from __future__ import annotations

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from pc1.asm.assembler import PRESETS, Assembly, assemble, assemble_codes, image_hash, initial_image
from pc1.asm.r0text import frames_to_text, text_to_frames
from pc1.base.errors import InputError
from pc1.devices.tape import read_tape
from pc1.machine.orders import mnemonic
from tests.pc1.r0_cases import BY_NAME, CASES, CORPUS, changed_words, prefilled
from tests.shared_data import shared_path

CAT_A = [c for c in CASES if "A" in c.category and not c.reenters]
CAT_B = [c for c in CASES if c.category == "B"]


def run_case(case) -> tuple[Assembly, dict[int, int]]:
    mem = prefilled(case)
    result = assemble(case.tape, memory=mem)
    return result, changed_words(result.memory, initial_image(mem))


@pytest.mark.parametrize("case", CAT_A, ids=lambda c: c.name)
def test_category_a_gives_the_listed_words(case):
    result, changed = run_case(case)
    assert changed == case.words
    assert not result.errors
    if case.load is not None:
        assert result.load_address == case.load
        assert result.memory[66] == case.r


@pytest.mark.parametrize("case", CAT_B, ids=lambda c: c.name)
def test_category_b_is_modelled_and_reported(case):
    result, changed = run_case(case)
    assert changed == case.words
    assert result.diagnostics, "a quirk of the original must not pass silently"
    assert all(d.position and d.position.line >= 1 and d.position.column >= 1
               for d in result.diagnostics)
    if case.load is not None:
        assert (result.load_address, result.memory[66]) == (case.load, case.r)
    assert (result.stop == "loop at 18") == case.loops


def test_quirk_diagnostics_point_at_the_odd_character():
    result = assemble("{CR}{LF}100:a1,{CR}a2,\n100:a1,-3,")
    first, second = result.diagnostics
    assert (first.severity, first.position.line, first.position.column) == ("warning", 1, 16)
    assert (second.severity, second.position.line, second.position.column) == ("error", 2, 8)
    with pytest.raises(InputError, match="line 2, column 8"):
        result.raise_errors("x.ptr")


def test_jump_hands_over_with_entry_and_a():
    case = BY_NAME["T20"]
    result, _ = run_case(case)
    assert result.stop == "jump"
    assert result.entry == case.entry
    assert result.handovers[0].A == case.A


def test_kl_jumps_and_zl_does_not():
    # A = W * 2^18 is never 0 and never negative for these words (reference §3.3)
    assert assemble("\n100:a1,kl300.").entry == 300
    result = assemble("\n100:a1,zl300.a2,")
    assert result.entry is None and result.memory[300] == 0o300002


def test_an_order_that_r0_would_really_execute_is_refused():
    result = assemble("\n100:p5.")
    assert result.stop == "unmodelled order at 18"
    assert result.errors[0].position.column == 7


def test_interlude_without_a_runner_stops_at_the_handover_and_says_so():
    case = BY_NAME["T34"]
    result, changed = run_case(case)
    assert result.stop == "jump" and result.entry == 196
    handover = {a: w for a, w in case.words.items() if a < 300 and a != 85}  # before `jlp.`
    handover[197] = 0o014454  # `tl300` as punched; the running interlude advances it to 500
    assert changed == handover
    note = [d for d in result.diagnostics if d.severity == "note"]
    assert note and note[0].position.line == 1


def test_interlude_with_a_runner_reads_on_after_re_entry():
    case = BY_NAME["T34"]
    mem = prefilled(case)

    def interlude(memory: list[int], entry: int, a: int) -> list[int]:
        # what the interlude at 196 does, written out: clear long words 300..498, then `z40`
        assert (entry, a) == (196, 0o324304 << 18)
        memory[300:500] = [0] * 200
        memory[197] = (memory[197] & ~2047) | 500
        return memory

    result = assemble(case.tape, memory=mem, runner=interlude)
    assert changed_words(result.memory, initial_image(mem)) == case.words
    assert (result.load_address, result.memory[66]) == (case.load, case.r)
    assert result.entry is None and result.stop == "end of tape"


def test_presets_and_memory_before_loading():
    mem = initial_image()
    assert all(mem[a] == v for a, v in PRESETS.items())
    assert mem[57] == 4096 + 67
    garbage = [0] * 512
    garbage[80] = 5  # slot of `a`: parameters read the store as it is
    assert assemble("\n100:pa,", memory=garbage).memory[100] == 0o150005
    with pytest.raises(InputError):
        initial_image([0] * 100)


def test_stores_into_r0_are_reported_once_per_run_unless_intended():
    result = assemble("\n10:1,2,3,\n0h=5,")
    assert len(result.warnings) == 1 and result.memory[10:13] == [1, 2, 3]
    assert result.memory[61] == 5
    assert not assemble("\n10:1,2,3,", r0_area=True).warnings
    assert any("slot 57" in d.message for d in assemble("\n0t=5,").warnings)


def test_line_break_inside_a_word_and_tape_ending_inside_a_word():
    result = assemble("\n100:a1,a\n2,a3")
    msgs = [(d.position.line, d.message) for d in result.warnings]
    assert msgs[0][0] == 2 and "discards 'a'" in msgs[0][1]
    assert msgs[1][0] == 3 and "ends inside" in msgs[1][1]
    assert result.memory[100:103] == [0o300001, 2, 0]


def test_characters_without_a_tape_code_are_errors_with_positions():
    result = assemble("\n100:a1,\n  a2;,{XX}")
    errs = [(d.position.line, d.position.column) for d in result.errors]
    assert errs == [(3, 5), (3, 7)]


def test_text_frames_round_trip():
    text = "{CR}{LF}100:a{SP}1{BL},{FS}{LS}{BEL}{ER}{LF}{CR}{CR}{LF}{40}{61}"
    frames, _, errors = text_to_frames(text)
    assert not errors
    assert text_to_frames(frames_to_text(frames))[0] == frames


@pytest.mark.parametrize("tape", CORPUS, ids=lambda t: t.name)
def test_corpus_tapes_give_the_reference_image(tape):
    for p in tape.paths:
        shared_path(p, "a third-party tape")
    frames: list[int] = []
    for p in tape.paths:
        frames += read_tape(p).frames
    result = assemble_codes(frames)
    assert image_hash(result.memory) == tape.hash
    nonzero = [a for a in range(68, 512) if result.memory[a]]
    assert (len(nonzero), nonzero[0], nonzero[-1]) == (tape.nonzero, tape.lowest, tape.highest)
    base = initial_image()
    params = {a: result.memory[a] for a in range(56, 68)
              if a not in (57, 64) and result.memory[a] != base[a]}
    assert params == tape.params
    assert (result.load_address, result.r) == (tape.load, tape.r)
    assert result.handovers[0].A == tape.A
    last = result.words[-1]
    assert last.terminator == "." and mnemonic(last.value).replace(" ", "") == tape.final
    assert not result.errors and not result.warnings


ALPHABET = st.sampled_from(list("atlrpjzk0123456789,:=.+- \n\r{}(;é\t") +
                          ["{CR}", "{LF}", "{SP}", "{BL}", "{ER}", "{BEL}", "{FS}", "{99}"])


@settings(max_examples=300, deadline=None)
@given(st.lists(ALPHABET, max_size=60).map("".join))
def test_fuzz_text_never_raises_and_every_diagnostic_is_placed(text):
    result = assemble(text)
    lines = text.replace("\r\n", "\n").split("\n")
    assert len(result.memory) == 512 and all(0 <= w < 1 << 18 for w in result.memory)
    for d in result.diagnostics:
        assert d.position is not None
        assert 1 <= d.position.line <= len(lines) + 1
        assert d.position.column >= 1
        assert d.format("t.ptr").startswith(f"t.ptr:{d.position.line}:{d.position.column}: ")


def word_codes(text: str) -> list[int]:
    from pc1.devices.teleprinter import CHAR_TO_CODE

    return [CHAR_TO_CODE[ch] for ch in text]


# R0 words such as `pl 200,` among stray codes: most tapes store some words
r0_words = st.builds(
    lambda letter, long, n, end: word_codes(f"{letter}{'l' if long else ''}{n}{end}"),
    st.sampled_from("tonlripcvzdbsyxawjqk"), st.booleans(), st.integers(0, 600),
    st.sampled_from(",,,,:=."),
)
code_tapes = st.lists(st.integers(0, 63).map(lambda c: [c]) | r0_words, max_size=30).map(
    lambda chunks: [c for chunk in chunks for c in chunk]
)


@settings(max_examples=200, deadline=None)
@given(code_tapes, st.lists(st.integers(0, 63), max_size=20))
def test_fuzz_codes_read_up_to_their_stop_and_no_further(frames, tail):
    """Any codes: the words stored are the words read, each where the load address said,
    and the frames after the stop change nothing (R0 never reads them)."""
    result = assemble_codes(frames)
    assert result.frames_read <= len(frames)
    assert all(d.position is not None for d in result.diagnostics)
    # the last word stored at each address is still there, except in slot t (57), which
    # R0's store order keeps equal to `t L`, and slot r (66), whose address `:` sets
    last = {w.address: w.value for w in result.words if w.address not in (None, 57, 66)}
    assert all(result.memory[address] == value for address, value in last.items())
    event(f"{min(len(last), 3)}{'+' if len(last) >= 3 else ''} words stored")
    if result.stop != "end of tape":
        event("stopped before the end")
        again = assemble_codes(frames[: result.frames_read] + tail)
        assert (again.memory, again.stop, again.entry) == (
            result.memory, result.stop, result.entry)
    else:
        event("read to the end")
        assert result.frames_read == len(frames)


def test_interlude_runs_in_the_simulator_and_r0_reads_on():
    from pc1.asm.reentry import machine_runner

    case = BY_NAME["T34"]
    mem = prefilled(case)
    result = assemble(case.tape, memory=mem, runner=machine_runner())
    assert changed_words(result.memory, initial_image(mem)) == case.words
    assert (result.load_address, result.memory[66]) == (case.load, case.r)
    assert [h.entry for h in result.handovers] == [196] and result.entry is None


def test_a_program_that_does_not_return_leaves_the_entry():
    from pc1.asm.reentry import machine_runner

    result = assemble("\n100:jl100,jl100.0a=5,", runner=machine_runner(max_orders=1000))
    assert result.entry == 100 and result.stop == "jump" and result.memory[80] == 0


def test_jumps_to_40_read_on_and_jumps_above_511_alias():
    result = assemble("\n100:a1,jl40.a2,")
    assert result.entry is None and result.memory[101] == 0o300002
    assert [d.severity for d in result.diagnostics] == ["note"]
    result = assemble("\n100:a1,jl612.")
    assert result.entry == 100 and "aliases" in result.warnings[0].message
    assert "into R0" in assemble("\n100:a1,z0.").warnings[0].message
