"""Which words of the store still hold what a source assembled there."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pc1.asm.annotated import parse
from pc1.asm.sources_held import DIFFERS, NOT_FROM_SOURCE, SAME, held, provenance
from pc1.devices.tape import read_tape
from pc1.devices.tape_library import tape_path
from pc1.machine.machine import Machine
from pc1.machine.orders import encode
from tests.strategies import short_words

images = st.dictionaries(st.integers(0, 511), short_words, max_size=40)


@given(images, st.sets(st.integers(0, 511), max_size=20), st.data())
def test_a_word_is_the_sources_until_it_is_changed(image, changed, data) -> None:
    store = [0] * 512
    for a, w in image.items():
        store[a] = w
    for a in changed:  # another value than the source's, e.g. a deposit
        store[a] = data.draw(short_words.filter(lambda w, a=a: w != image.get(a)))
    found = provenance(store, [image])
    for a in range(512):
        if a not in image:
            assert (found[a].state, found[a].source_word) == (NOT_FROM_SOURCE, None)
        elif a in changed:
            assert (found[a].state, found[a].source_word, found[a].source) == (
                DIFFERS, image[a], 0)
        else:
            assert (found[a].state, found[a].source) == (SAME, 0)


@given(short_words, short_words, short_words)
def test_the_newest_source_that_holds_the_word_names_it(word, newer, older) -> None:
    # newest first: a word an older tape stored, that a newer tape would change, is the
    # older tape's while the store still holds it
    found = held(7, word, [{7: newer}, {7: older}])
    if word == newer:
        assert (found.state, found.source) == (SAME, 0)
    elif word == older:
        assert (found.state, found.source) == (SAME, 1)
    else:
        assert (found.state, found.source, found.source_word) == (DIFFERS, 0, newer)


def test_what_r0_read_is_the_sources_and_a_deposit_is_not() -> None:
    """R0 in the simulator reads a source's tape; a word deposited afterwards differs."""
    source = parse("80:p2,   ; load two\n  a3,   ; add three\n", "prog.pc1")
    image = {80: encode("p", 2), 81: encode("a", 3)}  # what the two words mean in R0
    m = Machine()
    m.initial_load(read_tape(tape_path("r0.ptw")))
    m.load_tape(source.tape())
    m.clear_start()
    m.run(max_orders=1_000_000)
    assert [h.state for h in provenance(m.memory.words, [image])[80:82]] == [SAME, SAME]
    m.memory.words[81] = encode("a", 4)
    after = provenance(m.memory.words, [image])
    assert (after[80].state, after[81].state, after[81].source_word) == (SAME, DIFFERS, image[81])
    assert after[82].state == NOT_FROM_SOURCE
