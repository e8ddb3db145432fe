"""Which words of the store still hold what a source assembled there.

A source (an annotated .pc1, or an R0 tape's own text) says what R0 stores at each address it
touches.  Once the program runs, the store moves on: words are rewritten by the program,
deposited by hand, or come from another tape read since.  A word is annotated by a source
only while it still holds what that source assembled; otherwise it is marked as differing,
with the source's word beside it, so that no comment is ever shown beside a word it does not
describe.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

SAME = "same"  # the store holds what the source assembled here
DIFFERS = "differs"  # a source assembled a word here, and the store holds another
NOT_FROM_SOURCE = "not from a source"  # no source stores a word here

Image = Mapping[int, int]  # address -> the word a source assembled there


@dataclass(frozen=True)
class Held:
    """What one address holds, against the sources that assembled a word there."""

    address: int
    word: int  # what the store holds
    state: str  # SAME, DIFFERS or NOT_FROM_SOURCE
    source: int | None = None  # index (in the images given) of the source that says so
    source_word: int | None = None  # what that source assembled here

    @property
    def same(self) -> bool:
        """The word is the one its source assembled."""
        return self.state == SAME


def held(address: int, word: int, images: Sequence[Image]) -> Held:
    """The first image (newest first) whose word at `address` is `word`; else the first
    that assembled one there, marked as differing; else not from any source."""
    first: int | None = None
    for index, image in enumerate(images):
        assembled = image.get(address)
        if assembled is None:
            continue
        if assembled == word:
            return Held(address, word, SAME, index, assembled)
        if first is None:
            first = index
    if first is None:
        return Held(address, word, NOT_FROM_SOURCE)
    return Held(address, word, DIFFERS, first, images[first][address])


def provenance(store: Sequence[int], images: Sequence[Image]) -> list[Held]:
    """For every address of the store: same / differs (with the source's word) / not from a
    source, against assembled images given newest first."""
    return [held(address, word, images) for address, word in enumerate(store)]
