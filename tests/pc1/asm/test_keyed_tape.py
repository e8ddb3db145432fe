"""The tape an operator keys (pc1.asm.keyed_tape): what the console's key-a-tape dialog and
`pc1 run factorize N` punch."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pc1.asm import keyed_tape
from pc1.base import InputError
from pc1.devices import CHAR_TO_CODE, CR, LF, SP, text_to_codes
from pc1.operator.operands import number_tape

PRINTABLE = sorted(ch for ch in CHAR_TO_CODE if len(ch) == 1 and ch not in "{}" and ch.isprintable()
                   and not ch.isspace())
LINES = st.lists(st.text(st.sampled_from([*PRINTABLE, " "]), max_size=12), min_size=1,
                 max_size=4).filter(lambda lines: "".join(lines))


@given(LINES)
def test_each_character_is_its_code_between_blank_leaders(lines: list[str]) -> None:
    text = "\n".join(lines)
    expected: list[int] = []
    for n, line in enumerate(lines):
        if n:
            expected += [CR, LF]
        expected += [SP if ch == " " else CHAR_TO_CODE[ch] for ch in line]
    tape = keyed_tape(text)
    assert tape.frames == [0] * 5 + expected + [0] * 5


@given(st.integers(1, 2**35 - 1))
def test_factorize_number_tape_is_n_plus(n: int) -> None:
    # the teleprinter's own table, not the R0 text reader, says what N+ is
    assert number_tape(n).frames == [0] * 5 + text_to_codes(f"{n}+") + [0] * 5
    assert number_tape(n).name == f"{n}+"


def test_r0_escapes_punch_codes_without_a_character() -> None:
    assert keyed_tape("1{CR}{LF}2{sp}{63}").frames[5:-5] == [
        CHAR_TO_CODE["1"], CR, LF, CHAR_TO_CODE["2"], SP, 63]


@given(st.lists(st.sampled_from(PRINTABLE), max_size=6), st.integers(0, 3),
       st.sampled_from(["#", "é", "\t", "[", "{XY}"]))
def test_a_character_without_a_code_is_named_by_line_and_column(
        head: list[str], line: int, bad: str) -> None:
    text = "1\n" * line + "".join(head) + bad + "+"
    with pytest.raises(InputError) as caught:
        keyed_tape(text, name="keyed")
    message = str(caught.value)
    assert message.startswith(f"keyed: line {line + 1}, column {len(head) + 1}: ")
    assert "\n" not in message


def test_empty_and_huge_texts_are_refused_in_one_line() -> None:
    with pytest.raises(InputError, match="nothing to punch"):
        keyed_tape("")
    with pytest.raises(InputError, match="more than a keyed tape holds"):
        keyed_tape("1" * 1_000_000)
