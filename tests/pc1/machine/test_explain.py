"""One word explained: its fields and bits read back to the word; the facts are the sources'."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from pc1.devices import CODE_TO_CHAR
from pc1.machine.explanation import explain
from tests.pc1.helpers import order
from tests.strategies import short_words


@given(short_words)
def test_the_fields_and_the_bits_read_back_to_the_word(word: int) -> None:
    lines = explain(word)
    assert lines[0].startswith(f"{word:06o} ")
    fields = next(line for line in lines if "function code" in line)
    code, l_bit, n = map(int, re.search(r"function code (\d+) .* l bit (\d) .* n = (\d+)",
                                        fields).groups())
    assert code << 12 | l_bit << 11 | n == word
    bits = next(line for line in lines if "bits:" in line).split("bits: ")[1][:20]
    assert int(bits.replace(" ", ""), 2) == word and len(bits.split()) == 3
    letter = CODE_TO_CHAR.get(code)
    if letter in ("t", "o", "n", "l", "r", "i", "p", "c", "v", "z", "d", "b", "s", "y", "x",
                  "a", "w", "j", "q", "k"):
        assert lines[1].startswith(f"  {letter}{'l' if l_bit else ''}: ")
    else:
        assert "the machine halts here" in lines[2]


@given(st.sampled_from([("d 5", "161 cycles"), ("vl 2", "44 cycles"), ("v 2", "26 cycles"),
                        ("t 3", "8 cycles"), ("jl 4", "4 cycles"), ("z 7", "11 cycles")]))
def test_cycles_are_the_published_ones(case: tuple[str, str]) -> None:
    text, cycles = case  # docs/machine.md's order table, from the sources
    assert explain(order(text))[3].strip().startswith(cycles)


def test_what_it_touches_is_said() -> None:
    def said(text: str) -> str:
        return "\n".join(explain(order(text)))

    assert "when it runs it writes 300 and 301" in said("tl 301")
    assert "when it runs it reads 300 and 301" in said("al 300")
    assert "when it runs it may jump to 6" in said("z 6")
    assert "when it runs it jumps to 100" in said("jl 100")
    assert "when it runs it changes address 77" in said("x 77")
    assert explain(order("r 2030"))[3] == "  6 cycles + 18 for the shift (the other way)"
