"""Each path of the assembler's reading loop, with what it stores, where it stops and the
exact diagnostic it gives. Expected words come from the contract (docs/r0-language.md),
worked by hand: a `.` word W runs at 18 with A = W * 2^18, so short `z n` jumps when the
address n is 0, long `zl` when W is 0, short `k` when W's sign bit (bit 17) is set, long `kl`
when it is clear, `jl` always and short `j` never."""

from __future__ import annotations

import pytest

from pc1.asm.assembler import Assembly, assemble
from pc1.machine.orders import encode

NL = "\n"  # a line break: CR LF on the tape, and line 2 of the text


def diagnostics(result: Assembly) -> list[tuple[str, str, int, int]]:
    return [(d.severity, d.message, d.position.line, d.position.column)
            for d in result.diagnostics]


def no_jump(order: str, n: int) -> str:
    return f"'.' with '{order}', which does not jump: R0 goes on reading with the load address {n}"


# tape, stop, entry, words expected in memory, diagnostics (severity, message, line, column)
PERIODS = [
    (f"{NL}100:jl200.", "jump", 200, {}, []),
    (f"{NL}100:kl200.", "jump", 200, {}, []),
    (f"{NL}100:z0.", "jump", 0,
     {}, [("warning", "'.' jumps into R0 itself at 0; the assembler stops here", 2, 7)]),
    (f"{NL}100:j200.{NL}p5,", "end of tape", None, {200: encode("p", 5)},
     [("warning", no_jump("j 200", 200), 2, 9)]),
    (f"{NL}100:z200.{NL}p5,", "end of tape", None, {200: encode("p", 5)},
     [("warning", no_jump("z 200", 200), 2, 9)]),
    (f"{NL}100:zl200.{NL}p5,", "end of tape", None, {200: encode("p", 5)},
     [("warning", no_jump("zl 200", 200), 2, 10)]),
    (f"{NL}100:k200.{NL}p5,", "end of tape", None, {200: encode("p", 5)},
     [("warning", no_jump("k 200", 200), 2, 9)]),
    (f"{NL}100:p200.", "unmodelled order at 18", None, {},
     [("error", "R0 would execute 'p 200' at 18; the assembler models only the j, z and k "
       "orders there", 2, 9)]),
    (f"{NL}100:0.", "unmodelled order at 18", None, {},
     [("error", "R0 would execute '0' at 18; the assembler models only the j, z and k "
       "orders there", 2, 6)]),
    (f"{NL}100:jl600.", "jump", 88, {},
     [("warning", "jump to 600, which aliases to 88 (the store has 512 words)", 2, 10)]),
    (f"{NL}100:jl40.{NL}p5,", "end of tape", None, {100: encode("p", 5)},
     [("note", "'.' jumps to R0's own re-entry at 40: R0 simply reads on", 2, 9)]),
    (f"{NL}100:jl5.", "jump", 5,
     {}, [("warning", "'.' jumps into R0 itself at 5; the assembler stops here", 2, 8)]),
]


@pytest.mark.parametrize(("tape", "stop", "entry", "words", "diags"), PERIODS)
def test_a_period_word_runs_at_18_as_the_contract_says(tape, stop, entry, words, diags):
    result = assemble(tape)
    assert (result.stop, result.entry) == (stop, entry)
    assert all(result.memory[a] == w for a, w in words.items())
    assert diagnostics(result) == diags
    if stop == "jump":
        (handover,) = result.handovers
        w = result.words[-1].value
        assert (handover.entry, handover.A) == (entry, w << 18)


def test_a_jump_into_r0_is_quiet_for_r0_itself():
    result = assemble(f"{NL}100:jl5.", r0_area=True)
    assert (result.stop, result.entry, result.diagnostics) == ("jump", 5, [])


@pytest.mark.parametrize("sign", ["-", "+"])
def test_signs_loop_at_18(sign):
    result = assemble(f"{NL}100:a1,{sign}3,")
    assert result.stop == "loop at 18"
    assert diagnostics(result) == [
        ("error", f"'{sign}': R0 has no signs; it plants `jl 18` at 18 and loops there for "
         "ever (punch 2^18 - x for -x)", 2, 8)]
    assert result.memory[100] == encode("a", 1) and result.memory[101] == 0


def test_rubout_is_a_digit_worth_57_and_bell_one_worth_the_last_slot():
    result = assemble(f"{NL}100:1{{ER}},a{{BEL}},")
    # 1 then 57: 10 * 1 + 57 = 67. `a` then BELL: the op a and the digit P, the slot of the
    # last character read as a parameter: the LF of the line break, 56 + 8 = 64
    assert result.memory[100] == 67
    assert result.memory[101] == encode("a", 64)
    assert [(d.severity, d.message) for d in result.diagnostics] == [
        ("warning", "rubout is not ignored by R0: it is a digit worth 57"),
        ("warning", "BELL is read by R0 as a digit worth 64 (the slot of the last parameter "
         "letter)"),
    ]


def test_bell_after_a_parameter_letter_is_worth_its_slot():
    result = assemble(f"{NL}100:ab{{BEL}},")
    # b is code 19: slot 75 (0 when loaded); BELL adds the digit 75
    assert result.memory[100] == encode("a", 75)
    assert "digit worth 75" in result.diagnostics[0].message


def test_an_unassigned_code_is_left_out_with_an_error():
    result = assemble(f"{NL}100:a{{50}}1,")
    assert result.memory[100] == encode("a", 1)
    assert diagnostics(result) == [
        ("error", "code 50 is unassigned: what R0 makes of it depends on the original's table "
         "layout; it is left out", 2, 6)]


def test_stores_into_r0_and_past_the_store_are_reported_once_per_run():
    result = assemble(f"{NL}5:p1,p2,p3,{NL}600:p4,")
    assert [result.memory[a] for a in (5, 6, 7, 88)] == [
        encode("p", 1), encode("p", 2), encode("p", 3), encode("p", 4)]
    assert [(d.severity, d.message) for d in result.diagnostics] == [
        ("warning", "store into 5: words 0-67 are R0's own (R0 could not load this tape)"),
        ("warning", "load address 600 aliases to 88 (the store has 512 words)"),
    ]
    assert result.load_address == 601


def test_stores_into_safe_slots_are_quiet():
    result = assemble(f"{NL}59:p1,")
    assert result.memory[59] == encode("p", 1) and result.diagnostics == []


def test_equals_without_a_parameter_reuses_the_last_slot():
    result = assemble(f"{NL}100:0a=7,0=9,")
    # 0a= sets slot a (56 + 24 = 80) to 7, then L = 81; 0= reuses slot 80
    assert result.memory[80] == 9 and result.load_address == 81
    assert [(d.severity, d.message) for d in result.diagnostics] == [
        ("warning", "'=' in a word without a parameter letter: R0 reuses the last slot read "
         "(80)")]


def test_equals_aimed_at_an_order_of_r0_is_reported():
    result = assemble(f"{NL}100:0t=5,")
    # one warning: the store into 57 that follows is the one the warning is about
    assert [(d.severity, d.message) for d in result.diagnostics] == [
        ("warning", "'=' aims at slot 57, t (R0's store order): a store there breaks R0")]
    assert result.memory[57] == 4096 + 58  # 5 went in, and slot t follows L: t 58


def test_a_colon_alone_warns_and_sets_the_load_address_and_r_to_0():
    result = assemble(f"{NL}100:a1,:")
    assert (result.load_address, result.memory[66] & 2047) == (0, 0)
    assert [d.message for d in result.diagnostics] == [
        "':' alone sets the load address and r to 0: the next word would overwrite R0"]


def test_a_line_feed_inside_a_word_cancels_it():
    result = assemble(f"{NL}100:a12{{LF}}p3,")
    assert result.memory[100] == encode("p", 3)
    assert [d.message for d in result.diagnostics] == [  # in the order of the text
        "line break inside a word: R0 discards 'a12'",
        "LF without CR: R0 cancels the word being built",
    ]


# --- the first character of a word, and odd characters inside one --------------------------


def messages(text: str, **kw) -> list[str]:
    return [d.message for d in assemble(text, **kw).diagnostics]


def test_cr_without_lf_starts_the_next_word_as_op_2():
    result = assemble(f"{NL}100:a1,{{CR}}p2,")
    # the CR is the op (code 2 -> 0o020000); p is then a parameter (slot 69, 0 when loaded)
    assert result.memory[101] == 0o020000 + 2
    assert messages(f"{NL}100:a1,{{CR}}p2,") == [
        "CR without LF after a word: R0 takes CR as op 2 of the next word (0o020000 is added "
        "to it)"]


def test_lf_without_cr_at_the_start_of_a_word():
    assert messages(f"{NL}100:a1,{{LF}}p2,")[0] == (
        "LF without CR: R0 takes LF as op 8 of the next word, so the letter after it is read "
        "as a parameter, not as the order")


def test_a_space_at_the_start_of_a_word_is_op_4():
    result = assemble(f"{NL}100:{{SP}}1,")
    assert result.memory[100] == 0o040000 + 1
    assert result.diagnostics[0].message == (
        "space at the start of a word is op 4 (0o040000), not ignored; only a word that is a "
        "lone space means 16384")
    alone = assemble(f"{NL}100:{{SP}},")
    assert alone.memory[100] == 16384 and alone.diagnostics == []


def test_figs_and_ltrs_at_the_start_and_inside_a_word():
    result = assemble(f"{NL}100:{{FS}}1,a{{LS}}2,")
    assert result.memory[100] == (27 << 12) + 1  # FIGS is code 27
    assert result.memory[101] == encode("a", 2)  # the LTRS slot (87) holds 0
    assert [d.message for d in result.diagnostics] == [
        "FIGS at the start of a word is op 27 (0o330000)",
        "LTRS inside a word adds the word at 87 (0)",
    ]


def test_cr_inside_a_word_adds_slot_58():
    result = assemble(f"{NL}100:a1{{CR}},")
    assert result.memory[100] == (encode("a", 1) + result.memory[58]) & 0o777777
    assert messages(f"{NL}100:a1{{CR}},") == [
        f"CR inside a word without LF: R0 adds slot 58 ({result.memory[58]}) to the word"]


def test_a_tape_that_starts_with_a_letter_reads_it_as_a_parameter():
    result = assemble("a5,")
    # R0 starts inside a word: `a` is parameter a (slot 80, 0), so the word is 5, stored at 67
    assert result.memory[67] == 5 and result.load_address == 68
    assert result.diagnostics[0].message == (
        "the tape starts with 'a': R0 starts inside a word, so it is a parameter, not an op; "
        "start the tape with a line break")


def test_the_rest_after_a_starting_jump_is_noted():
    tape = f"{NL}100:jl100.{NL}p1,"
    assert messages(tape)[-1] == (
        "the tape goes on after the '.' that starts the program: R0 reads the rest only if the "
        "program re-enters it at 40; the assembler does not run programs unless asked to "
        "(`;! follow` in a source, --follow on the command line)")
    followed = assemble(tape, runner=lambda memory, entry, a: None)
    assert followed.diagnostics[-1].message.endswith(
        "; run in the simulator, the program did not come back to 40")
    assert messages(f"{NL}100:jl100.{NL}") == []  # only line breaks after it: nothing to say


def test_a_runner_that_comes_back_reads_on():
    seen = []

    def runner(memory, entry, a):
        seen.append((entry, a, memory[100]))
        memory = list(memory)
        memory[300] = 7  # what the program left behind
        return memory

    result = assemble(f"{NL}100:p1,jl100.{NL}p2,", runner=runner)
    assert seen == [(100, encode("j", 100, True) << 18, encode("p", 1))]
    assert result.memory[300] == 7 and result.entry is None
    assert result.memory[101 + 0] == encode("p", 2)  # L was 101 when the program came back


def test_diagnostic_format_and_errors():
    result = assemble(f"{NL}100:p200.")
    (d,) = result.diagnostics
    assert d.where() == "line 2, column 9"
    assert d.format("t.pc1") == f"t.pc1:2:9: error: {d.message}"
    with pytest.raises(Exception, match="line 2, column 9"):
        result.raise_errors("t.pc1")
    assemble(f"{NL}100:p1,").raise_errors()  # no errors: nothing raised


def test_listing_lines():
    result = assemble(f"{NL}100:pl28,7,")
    assert result.listing().splitlines() == [
        " " * 25 + "  100:",
        " 100  154034  pl 28      pl28,",
        " 101  000007  7          7,",
    ]


@pytest.mark.parametrize(("tape", "jumps"), [
    # short k never jumps (a letter's W has bit 17 clear), even with an odd address that
    # would make it look long if bit 0 were read as the l bit
    (f"{NL}100:k201.", False),
    (f"{NL}100:zl0.", False),  # long z jumps only when all of W is 0
    (f"{NL}100:z1.", False),  # short z looks at the address bits 10..0, not at bit 1 up
])
def test_period_jump_edges(tape, jumps):
    result = assemble(tape)
    assert (result.stop == "jump") == jumps


def test_the_rest_of_the_tape_right_after_the_period_counts():
    noted = assemble(f"{NL}100:jl100.p1,")  # the next frame is already the rest
    assert noted.diagnostics[-1].message.startswith("the tape goes on after the '.'")
    calls = []
    assemble(f"{NL}100:jl100.7", runner=lambda memory, entry, a: calls.append(entry))
    assert calls == [100]  # one frame after the '.' is more to read
    assemble(f"{NL}100:jl100.{NL}", runner=lambda memory, entry, a: calls.append(entry))
    assert calls == [100]  # only a line break: the program is not run


def test_the_tape_ending_inside_a_word():
    result = assemble(f"{NL}100:a1")
    assert diagnostics(result) == [
        ("warning", "the tape ends inside the word 'a1': R0 waits for more tape and stores "
         "nothing", 2, 5)]
    assert result.memory[100] == 0


def test_a_bad_escape_is_an_error_with_its_message():
    result = assemble(f"{NL}100:a{{XYZ}}1,")
    assert diagnostics(result)[0] == (
        "error", "'{XYZ}1,': unknown escape (use {CR} {LF} {SP} {FS} {LS} {BEL} {ER} {BL} or "
        "{0}..{63})", 2, 6)


def test_diagnostics_without_a_place():
    from pc1.asm.assembler import Diagnostic, _order_key, listing_line

    d = Diagnostic("note", "about the whole tape")
    assert d.where() == "" and d.format("t.pc1") == "t.pc1: note: about the whole tape"
    assert _order_key(d) == (1 << 30, 0)  # sorted after every placed diagnostic
    assert listing_line(None) == "" and listing_line(None, "x,", "why") == " " * 27 + (
        "x,              ; why")
    with pytest.raises(Exception, match="t.pc1") as raised:
        assemble(f"{NL}100:p200.").raise_errors("t.pc1")
    assert "line 2, column 9" in str(raised.value)
