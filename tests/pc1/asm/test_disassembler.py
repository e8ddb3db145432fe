"""The disassembler: records, and image -> R0 text -> image is the identity."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pc1.asm.annotated import assemble_text
from pc1.asm.assembler import assemble, assemble_codes, image_hash
from pc1.asm.disassembler import disassemble, r0_text, source_text, word_text
from pc1.devices.tape import decode_initial_load, read_tape
from pc1.machine.orders import BY_CODE, encode
from tests.pc1.r0_cases import CORPUS, THIRD_PARTY
from tests.shared_data import shared_path

ORDER_CODES = sorted(BY_CODE)


def _image(data: bytes) -> list[int]:
    """512 words from 2048 random bytes: a mix of zeros, orders and arbitrary data."""
    out = []
    for k in range(0, 2048, 4):
        kind, b1, b2, b3 = data[k:k + 4]
        word = (b1 << 16 | b2 << 8 | b3) & 0o777777
        if kind < 80:
            word = 0
        elif kind < 200:
            word = ORDER_CODES[b1 % len(ORDER_CODES)] << 12 | (word & 4095)
        out.append(word)
    return out


IMAGE = st.binary(min_size=2048, max_size=2048).map(_image)


def test_words_as_orders_or_numbers():
    assert word_text(encode("a", 28, long=True)) == "al28"
    assert word_text(encode("l", 40, long=True)) == "ll40"  # op l, then the l parameter
    assert word_text(encode("l", 40, long=True), l_param=False) == "l2088"
    assert word_text(encode("t", 0)) == "t0"
    assert word_text(0) == "0"
    for code in (0, 2, 4, 5, 8, 27, 31, 32, 63):  # not an order letter: a number
        assert word_text(code << 12 | 5) == str(code << 12 | 5)
    records = list(disassemble([encode("p", 2), 7], origin=40))
    assert [(r.address, r.text, r.is_order) for r in records] == [(40, "p2", True),
                                                                  (41, "7", False)]


def test_text_layout():
    mem = [0] * 512
    mem[100:102] = [encode("j", 70, True), 5]
    mem[200] = 1
    assert r0_text(mem, range(68, 512), entry=100) == "\n100:jl70,5,\n200:1,\njl100.\n"


@settings(max_examples=80, deadline=None)
@given(IMAGE, st.none() | st.integers(68, 511))
def test_round_trip_of_the_program_area(image, entry):
    result = assemble(r0_text(image, range(68, 512), entry=entry))
    assert result.memory[68:] == image[68:]
    assert result.entry == entry
    assert not result.errors and not result.warnings


@settings(max_examples=40, deadline=None)
@given(IMAGE)
def test_round_trip_of_the_whole_store(image):
    # R0's own area too (the assembler warns about it); 57 is R0's load address, which a
    # tape cannot set: R0 overwrites it with every store
    result = assemble(r0_text(image), r0_area=True)
    assert [w for a, w in enumerate(result.memory) if a != 57] == \
        [w for a, w in enumerate(image) if a != 57]
    assert not result.errors and not result.warnings


@pytest.mark.parametrize("tape", CORPUS[:3], ids=lambda t: t.name)
def test_corpus_images_round_trip(tape):
    for p in tape.paths:
        shared_path(p, "a third-party tape")
    frames = [c for p in tape.paths for c in read_tape(p).frames]
    first = assemble_codes(frames)
    again = assemble(r0_text(first.memory, range(68, 512), entry=first.entry))
    assert image_hash(again.memory) == tape.hash and again.entry == first.entry


def test_r0_itself_round_trips():
    """The original R0's 68 words (PC-1 on Unity's R0.ptw) through our disassembler and
    assembler: a test of the disassembler on a real binary. It was committed before our R0's
    first version; docs/r0.md says what this means for our R0's clean-room claim."""
    path = shared_path(THIRD_PARTY / "R0.ptw", "the original R0")
    words, _ = decode_initial_load(read_tape(path).frames)
    image = words + [0] * (512 - len(words))
    result = assemble(r0_text(image, range(len(words))), r0_area=True)
    assert [result.memory[a] for a in range(68) if a != 57] == \
        [w for a, w in enumerate(words) if a != 57]


# The non-zero words that tapes/r0.ptw shares with the original R0 at the same address, and
# why (docs/r0.md, "Words that coincide with the original"). Any other coincidence, or one of
# these lost, fails the test below, so the documentation stays exact.
SHARED_WITH_THE_ORIGINAL = {
    11: ("x 12", "quoted in the reference: 11 plants the address of the load order at 12"),
    12: ("p 0", "quoted in the reference: '12 p (0) by 11', its address planted at run time"),
    15: ("t 18", "word 18 is W at hand-over (contract), so the switch order is planted there"),
    16: ("p 29", "F lives in 28-29, the scratch pair the contract frees after hand-over"),
    23: ("z 40", "quoted in the reference: '23: z 40', jump to 40 on a line feed"),
    40: ("p 2", "required preset: word 40 is p 2 (53250), the re-entry"),
    41: ("tl 28", "40 loads 0 and N, F live in 28-29, so re-entry clears them with tl 28"),
    57: ("t 67", "required preset: slot t is the store order t L, L = 67 after loading"),
    59: (28, "required preset: slot o = 28"),
    65: (2048, "required preset: slot l = 2048"),
    67: (68, "required preset: slot g = 68"),
}


def test_words_our_r0_shares_with_the_original():
    path = shared_path(THIRD_PARTY / "R0.ptw", "the original R0")
    from pathlib import Path

    from pc1.machine.orders import mnemonic

    ours_path = Path(__file__).resolve().parents[3] / "tapes" / "r0.ptw"
    ours, _ = decode_initial_load(read_tape(ours_path).frames)
    original, _ = decode_initial_load(read_tape(path).frames)
    assert len(ours) == len(original) == 68
    shared = {a: w for a, (w, v) in enumerate(zip(ours, original, strict=True)) if w == v and w}
    assert sorted(shared) == sorted(SHARED_WITH_THE_ORIGINAL)
    for address, (text, _why) in SHARED_WITH_THE_ORIGINAL.items():
        word = shared[address]
        assert (word if isinstance(text, int) else mnemonic(word)) == text, address
    # of the 68 words, these agree because the contract or the reference fix them; the
    # zero words 2, 18, 28, 29, 60-63 and 66 also agree (2 is required, the rest are slots
    # and scratch that are 0 when loaded)
    zeros = [a for a, (w, v) in enumerate(zip(ours, original, strict=True)) if w == v == 0]
    assert zeros == [2, 18, 28, 29, 60, 61, 62, 63, 66]


@settings(max_examples=60, deadline=None)
@given(IMAGE, st.none() | st.integers(68, 511))
def test_source_text_assembles_back_to_the_program_area(image, entry):
    text = source_text(image, range(68, 512), entry=entry, title="the store")
    _, result = assemble_text(text)
    assert result.memory[68:] == image[68:]
    assert result.entry == entry
    assert not result.diagnostics
    assert text.startswith("; the store\n")


@settings(max_examples=30, deadline=None)
@given(IMAGE)
def test_source_text_of_the_whole_store_says_r0_area(image):
    text = source_text(image)
    _, result = assemble_text(text)
    assert [w for a, w in enumerate(result.memory) if a != 57] == \
        [w for a, w in enumerate(image) if a != 57]
    assert not result.diagnostics


def test_source_text_comments_each_word():
    mem = [0] * 512
    mem[100:102] = [encode("j", 70, True), 5]
    lines = source_text(mem, range(68, 512), entry=100).splitlines()
    assert lines[3:] == ["100:jl70,  ; 100  324106  jl 70",
                         "5,         ; 101  000005  5",
                         "jl100.     ; the program starts at 100"]
