"""Every order in both forms, as the reference's order table and arithmetic details say."""

from __future__ import annotations

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from pc1.devices.teleprinter import CHAR_TO_CODE
from pc1.machine import word
from pc1.machine.orders import (
    BY_CODE,
    BY_LETTER,
    ORDERS,
    decode,
    encode,
    form_of,
    mnemonic,
    order_forms,
)
from tests.pc1 import bitserial
from tests.pc1.helpers import START, order, run
from tests.strategies import (
    any36,
    fitting_divisions,
    order_words,
    overflowing_divisions,
    r_values,
    short_words,
)

M36 = word.MASK36
HALT_AFTER = "halt"


def long_at(m, e: int) -> int:
    return m.memory[e] << 18 | m.memory[e + 1]


# --- the table itself -----------------------------------------------------------------------


def test_codes_are_the_letters_teleprinter_codes() -> None:
    for o in ORDERS:
        assert o.code == CHAR_TO_CODE[o.letter] < 32
    assert set(BY_LETTER) == set("tonlripcvzdbsyxawjqk")
    assert BY_CODE[24].letter == "a" and BY_CODE[25].letter == "w"


def test_r0_word_decodes_as_al_28() -> None:
    assert mnemonic(0o304034) == "al 28"
    assert encode("a", 28, True) == 0o304034
    assert decode(0o324061)[0].letter == "j"


def test_cycle_counts_follow_the_reference() -> None:
    cycles = {o.letter: (o.short.cycles, o.long.cycles) for o in ORDERS}
    assert cycles["a"] == cycles["s"] == (4, 4)
    assert cycles["t"] == (8, 8)
    assert cycles["v"] == cycles["w"] == (26, 44)
    assert cycles["d"] == (161, 161)
    assert cycles["z"] == (11, 11)
    assert cycles["k"] == (8, 8)


# --- loads, arithmetic, logic ---------------------------------------------------------------


def test_p_short_puts_the_word_in_the_upper_half() -> None:
    m, stop = run(["p 200"], data={200: 0o123456})
    assert m.A == 0o123456 << 18 and m.M == 0o123456 << 18
    assert stop.reason == "halt" and stop.address == START + 1 and m.K == START + 2


def test_p_long_reads_the_even_odd_pair() -> None:
    m, _ = run(["pl 200"], data={200: 0o1, 201: 0o2})
    assert m.A == (1 << 18) | 2


def test_long_operand_at_odd_address_uses_the_pair_below() -> None:
    m, _ = run(["pl 201"], data={200: 5, 201: 6})
    assert m.A == (5 << 18) | 6


@pytest.mark.parametrize("letter, op", [("a", lambda x, y: x + y), ("s", lambda x, y: x - y),
                                        ("c", lambda x, y: x & y), ("b", lambda x, y: x ^ y)])
@settings(max_examples=30)
@given(a=any36, w=any36)
def test_add_subtract_and_xor_both_forms(letter, op, a: int, w: int) -> None:
    hi, lo = w >> 18, w & 0o777777
    m, _ = run([f"{letter} 200"], A=a, data={200: hi, 201: lo})
    assert m.A == op(a, hi << 18) & M36
    m, _ = run([f"{letter}l 200"], A=a, data={200: hi, 201: lo})
    assert m.A == op(a, w) & M36


@settings(max_examples=50)
@given(w=any36)
def test_negate_both_forms(w: int) -> None:
    m, _ = run(["n 200"], data={200: w >> 18})
    assert m.A == -((w >> 18) << 18) & M36
    m, _ = run(["nl 200"], data={200: w >> 18, 201: w & 0o777777})
    assert m.A == -w & M36


def test_negate_the_most_negative_number_wraps() -> None:
    m, _ = run(["nl 200"], data={200: 1 << 17, 201: 0})
    assert m.A == 1 << 35


def test_add_wraps_without_overflow_stop() -> None:
    m, stop = run(["al 200"], A=M36, data={200: 0, 201: 1})
    assert m.A == 0 and stop.reason == "halt"


def test_q_moves_r_to_a_and_loads_r() -> None:
    m, _ = run(["q 200"], R=12345, data={200: 7})
    assert (m.A, m.R) == (12345, 7 << 18)
    m, _ = run(["ql 200"], R=99, data={200: 7, 201: 8})
    assert (m.A, m.R) == (99, 7 << 18 | 8)


# --- multiply and divide --------------------------------------------------------------------


@settings(max_examples=60)
@given(a=any36, w=any36)
def test_multiply_both_forms(a: int, w: int) -> None:
    m, stop = run(["vl 200"], A=a, data={200: w >> 18, 201: w & 0o777777})
    assert (m.A, m.R) == bitserial.multiply(a, w)
    assert stop.cycles == 44
    m, stop = run(["v 200"], A=a, data={200: w >> 18})
    assert (m.A, m.R) == bitserial.multiply(a, (w >> 18) << 18)
    assert stop.cycles == 26


@settings(max_examples=60)
@given(a=any36, w=any36, r=r_values)
def test_multiply_add_long(a: int, w: int, r: int) -> None:
    m, _ = run(["wl 200"], A=a, R=r, data={200: w >> 18, 201: w & 0o777777})
    assert (m.A, m.R) == bitserial.multiply_add(a, w, r)


@settings(max_examples=60)
@given(a=any36, s=short_words, r=any36)
def test_multiply_add_short_sign_extends(a: int, s: int, r: int) -> None:
    m, stop = run(["w 200"], A=a, R=r, data={200: s})
    assert (m.A, m.R) == bitserial.multiply_add_short(a, s << 18, r)
    assert stop.cycles == 26


def test_multi_word_product_carries_through_r() -> None:
    """The e1000 idiom: (2^35-1) * 10^10 split over A and R, then carry in with wl."""
    ten10 = 10**10
    m, _ = run(["pl 200", "vl 202"], data={200: 0o377777, 201: 0o777777,
                                          202: ten10 >> 18, 203: ten10 & 0o777777})
    assert m.A * 2**35 + m.R == ((1 << 35) - 1) * ten10


@settings(max_examples=60)
@given(case=fitting_divisions())
def test_long_divide_gives_the_quotient_and_remainder_it_was_built_from(case) -> None:
    """The oracle is the construction D = q*M + rem (tests/strategies.py), not word.divide."""
    a, r, w, q, rem = case
    m, stop = run(["dl 200"], A=a, R=r, data={200: w >> 18, 201: w & 0o777777})
    assert (m.A, m.R) == (q & M36, rem) and stop.reason == "halt"
    assert stop.cycles == 161


@settings(max_examples=30)
@given(case=overflowing_divisions())
def test_long_divide_overflow_stops_and_keeps_the_registers(case) -> None:
    a, r, w = case
    m, stop = run(["dl 200"], A=a, R=r, data={200: w >> 18, 201: w & 0o777777})
    assert stop.reason == "divide overflow" and stop.address == START
    assert (m.A, m.R) == (a, r) and m.K == START + 1


@settings(max_examples=40)
@given(case=fitting_divisions(short=True))
def test_short_divide_uses_the_upper_half(case) -> None:
    """`d` reads its 18-bit word as the upper half of M (the lower half is zero)."""
    a, r, w, q, rem = case
    m, _ = run(["d 200"], A=a, R=r, data={200: w >> 18, 201: 0o777777})
    assert (m.A, m.R) == (q & M36, rem)


def test_short_divide_example() -> None:
    # 7*2^18 / (2 in the upper half = 2^19): quotient 3, remainder 2^18, by hand
    m, _ = run(["d 200"], A=0, R=7 << 18, data={200: 2, 201: 5})
    assert (m.A, m.R) == (3, 1 << 18)


def test_divide_by_zero_stops() -> None:
    _, stop = run(["dl 200"], A=1, data={200: 0, 201: 0})
    assert stop.reason == "divide overflow"


# --- shifts ---------------------------------------------------------------------------------


@pytest.mark.parametrize("count", [0, 1, 17, 35, 36, 71, 127, 128, 1000])
def test_l_and_r_short_positive_counts(count: int) -> None:
    a = 0o525252525252
    c = min(count, word.SHIFT_CAP)
    m, stop = run([f"l {count}"], A=a)
    assert m.A == bitserial.shift_short(a, c, True, False)
    assert stop.cycles == 6 + c
    m, _ = run([f"r {count}"], A=a)
    assert m.A == bitserial.shift_short(a, c, False, True)


@pytest.mark.parametrize("count", [1, 11, 35, 36, 128, 1024])
def test_negative_counts_reverse_the_shift(count: int) -> None:
    a = 0o725252525252
    c = min(count, word.SHIFT_CAP)
    m, _ = run([f"l {2048 - count}"], A=a)
    assert m.A == bitserial.shift_short(a, c, False, False)  # logical right
    m, _ = run([f"r {2048 - count}"], A=a)
    assert m.A == bitserial.shift_short(a, c, True, False)


@pytest.mark.parametrize("count", [0, 1, 34, 35, 36, 70, 71, 128])
def test_long_shifts_both_ways(count: int) -> None:
    a, r = 0o712345670123, (1 << 35) | 0o123456701234
    c = min(count, word.SHIFT_CAP)
    m, _ = run([f"ll {count}"], A=a, R=r)
    assert (m.A, m.R) == bitserial.shift_long(a, r, c, True, False)
    m, _ = run([f"rl {count}"], A=a, R=r)
    assert (m.A, m.R) == bitserial.shift_long(a, r, c, False, True)
    m, _ = run([f"ll {(2048 - count) & 2047}"], A=a, R=r)
    if count:
        assert (m.A, m.R) == bitserial.shift_long(a, r, c, False, False)
    m, _ = run([f"rl {(2048 - count) & 2047}"], A=a, R=r)
    if count:
        assert (m.A, m.R) == bitserial.shift_long(a, r, c, True, False)


# --- stores and address substitution --------------------------------------------------------


def test_t_short_and_long() -> None:
    a = 0o123456654321
    m, stop = run(["t 200", "tl 202"], A=a)
    assert m.memory[200] == 0o123456 and long_at(m, 202) == a and m.A == a
    assert stop.cycles == 16


def test_x_substitutes_only_the_address_field() -> None:
    m, _ = run(["x 200"], A=0o777777 << 18, data={200: 0o654321})
    assert m.memory[200] == (0o654321 & 0o774000) | 0o3777


def test_x_rewrites_the_very_next_order() -> None:
    """R0 location 11 is `x 12`: the look-ahead X must see the new address."""
    m, _ = run(["p 300", f"x {START + 2}", "p 0"], data={300: 301, 301: 0o4242})
    assert m.A == 0o4242 << 18


def test_t_rewrites_the_next_order_completely() -> None:
    m, _ = run(["p 300", f"t {START + 2}", "p 0"], data={300: order("n 301"), 301: 5})
    assert m.A == -(5 << 18) & M36


def test_loop_that_flips_an_order_between_add_and_subtract() -> None:
    """Self-modifying code that changes an order's function, repeatedly, inside one loop."""
    prog = [
        "p 300",  # 100: A = current order word at 104 (a or s)
        "b 301",  # 101: flip a <-> s (their codes differ by a known XOR)
        f"t {START + 4}",  # 102
        "p 302",  # 103: A = running sum
        "a 303",  # 104: alternately a 303 / s 303 (rewritten)
        "t 302",  # 105
        "p 304",  # 106: counter
        "s 305",  # 107
        "t 304",  # 108
        f"p {START + 4}",  # 109: remember the current order for the next round
        "t 300",  # 110
        "p 304",  # 111
        f"k {START + 14}",  # 112: stop when the counter goes negative
        f"jl {START}",  # 113
    ]
    data = {300: order("a 303"), 301: order("a 0") ^ order("s 0"), 302: 0, 303: 1, 304: 9,
            305: 1}
    m, stop = run(prog, data=data)
    assert stop.reason == "halt"
    # first pass flips to s: the sum goes -1 +1 -1 ... over 10 passes
    assert m.memory[302] == 0


# --- jumps and tests ------------------------------------------------------------------------


def test_jl_jumps_and_a_jump_to_itself_is_a_dynamic_stop() -> None:
    m, stop = run([f"jl {START + 2}", "p 0", f"jl {START + 2}"])
    assert stop.reason == "dynamic stop" and stop.address == START + 2 and m.K == START + 2


def test_short_j_does_nothing() -> None:
    _, stop = run([f"j {START}", "p 0"])
    assert stop.reason == "halt" and stop.address == START + 2


def branches(order_text: str, a: int) -> bool:
    """Run `order -> START+2` with A = a: True if it jumped (a halt at 101 means it did not)."""
    _, stop = run([f"{order_text} {START + 2}", 0, "p 0"], A=a)
    assert stop.reason == "halt"
    return stop.address == START + 3


@pytest.mark.parametrize("a, jumps", [(0, True), ((1 << 18) - 1, True), (1 << 29, True),
                                      (1 << 18, False), (2047 << 18, False)])
def test_short_z_tests_only_the_address_field(a: int, jumps: bool) -> None:
    assert branches("z", a) == jumps
    _, stop = run([f"z {START + 1}"], A=a)
    assert stop.cycles == 11


@pytest.mark.parametrize("a, jumps", [(0, True), (1, False), (1 << 35, False)])
def test_long_z_tests_all_of_a(a: int, jumps: bool) -> None:
    assert branches("zl", a) == jumps


@pytest.mark.parametrize("a, negative", [(0, False), (1, False), (1 << 35, True), (M36, True)])
def test_k_tests_the_sign(a: int, negative: bool) -> None:
    assert branches("k", a) == negative
    assert branches("kl", a) == (not negative)
    _, stop = run([f"k {START + 1}"], A=a)
    assert stop.cycles == 8


# --- input, output, flip-flops --------------------------------------------------------------


def test_i_reads_a_frame_into_the_top_six_bits() -> None:
    m, _ = machine_and_tape([f"i {START}"], [42, 7])
    stop = m.run(max_orders=1)
    assert m.A == 42 << 30 and stop.cycles == 4 and m.tape_position == 1


def test_i_without_tape_jumps_and_waiting_on_itself_is_reported() -> None:
    m, _ = machine_and_tape([f"i {START}"], [])
    stop = m.run(max_orders=100)
    assert stop.reason == "waiting for tape" and stop.address == START and stop.cycles == 10
    m.load_tape([5])
    m.restart()
    stop = m.run(max_orders=100)
    assert m.A == 5 << 30 and stop.reason == "halt"


def test_il_does_nothing() -> None:
    m, _ = machine_and_tape([f"il {START}"], [9])
    m.run(max_orders=1)
    assert m.A == 0 and m.tape_position == 0


def test_o_prints_the_top_six_bits() -> None:
    m, stop = run([f"o {START}", f"ol {START + 1}"], A=24 << 30)
    assert m.teleprinter.printed == [24, 24] and m.printed_text() == "aa"
    assert stop.cycles == 8


def test_o_with_a_busy_printer_waits_on_itself() -> None:
    from tests.pc1.helpers import machine_with

    m = machine_with([f"o {START}"], A=24 << 30)
    m.teleprinter.ready = False
    stop = m.run(max_orders=100)
    assert stop.reason == "printer wait" and m.teleprinter.printed == []


def test_punch_copies_printed_characters() -> None:
    from tests.pc1.helpers import machine_with

    m = machine_with([f"o {START}"], A=57 << 30)
    m.teleprinter.punch_on = True
    m.run(max_orders=10)
    assert m.teleprinter.punched == [57]


def test_y31_drives_the_speaker_with_cycle_times() -> None:
    m, _ = run(["y 31", "l 10", "yl 31", "y 30", "y 5"])
    assert m.speaker_events == [(0, 1), (4 + 16, 0)]  # cycle at which each order began
    assert m.ff30 == 1 and m.ff31 == 0


# --- unknown orders -------------------------------------------------------------------------


@pytest.mark.parametrize("code", [0, 2, 4, 5, 7, 8, 11, 16, 22, 27, 28, 31, 32, 47, 63])
def test_unassigned_codes_halt_with_k_advanced(code: int) -> None:
    m, stop = run(["p 0", code << 12 | 5])
    assert stop.reason == "halt" and stop.address == START + 1 and m.K == START + 2
    assert form_of(code << 12).kind == "halt"


@settings(max_examples=150)
@given(a=any36, w=st.one_of(order_words(), order_words(), order_words(), short_words))
def test_every_order_word_goes_where_its_kind_says(a: int, w: int) -> None:
    """One order of any word: where K goes and what changes follow from the table's kind."""
    from tests.pc1.helpers import machine_with

    m = machine_with([w], A=a)
    before = list(m.memory)
    stop = m.run(max_orders=1)
    form, n = form_of(w), w & 2047
    target = n & 511
    changed = {i for i in range(512) if m.memory[i] != before[i]}
    event(form.kind)
    if form.kind == "halt":
        assert (stop.reason, stop.address, m.K, m.A) == ("halt", START, START + 1, a)
    elif form.kind in ("jump", "branch", "io") and (m.K == target != START + 1
                                                   or form.kind == "jump"):
        # it jumped (or waited on itself): only to n (a jump to the next word as well)
        assert stop.reason in ("order limit", form.self_stop) and not changed and m.K == target
        assert (stop.reason == form.self_stop) == (target == START)
    else:
        assert m.K == START + 1 and form.kind != "jump"
        if form.kind == "store":
            e = word.even_address(n)
            expected = {target: a >> 18} if not w & 0o4000 else {e: a >> 18, e + 1: a & 0o777777}
            assert changed <= set(expected) and all(m.memory[i] == v for i, v in expected.items())
            assert m.A == a
        elif form.kind == "address":
            assert changed <= {target} and m.memory[target] & 2047 == (a >> 18) & 2047
            assert m.memory[target] >> 11 == before[target] >> 11
        else:
            assert not changed
        if not form.used:
            assert m.A == a
        if stop.reason == "divide overflow":
            assert form is BY_LETTER["d"].form(bool(w & 0o4000)) and m.A == a
        else:
            assert stop.reason == "order limit"


def machine_and_tape(orders, frames):
    from tests.pc1.helpers import machine_with

    m = machine_with(orders)
    m.load_tape(frames)
    return m, None


def test_order_forms_are_the_table_with_like_forms_once():
    rows = order_forms()
    names = [r.name for r in rows]
    assert len(names) == len(set(names))
    # o's and d's long forms are their short forms (one line); a and i have two
    assert "o" in names and "ol" not in names
    assert {"a", "al", "d", "i", "il"} <= set(names) and "dl" not in names
    by_name = {r.name: r for r in rows}
    assert by_name["d"].form.cycles == 161 and by_name["t"].order.code == 1
    for o in ORDERS:
        assert by_name[o.letter].form is o.short
        if o.long is not o.short:
            assert by_name[o.letter + "l"].form is o.long
