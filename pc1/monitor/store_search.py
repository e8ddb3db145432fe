"""Searching the store: by a word's value, by an order in R0 notation, or by text in comments.

The study view's `/` asks this; the words are the store and `texts` whatever is known about
each address (its source line and comment).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pc1.monitor.values import MonitorError, parse_word


def search(words: Sequence[int], texts: Mapping[int, str], query: str,
           after: int = -1) -> list[int]:
    """Matching addresses, the first one after `after` first (wrapping round the store).

    A number (`6444`, `-1`, `0o14454`) or an order (`tl 300`) matches words holding that
    value; anything else matches text in the source lines and comments, ignoring case.
    """
    q = query.strip()
    if not q:
        return []
    try:
        value: int | None = parse_word(q)
    except MonitorError:
        value = None
    if value is not None:
        hits = [a for a, w in enumerate(words) if w == value]
    else:
        low = q.lower()
        hits = sorted(a for a, text in texts.items() if low in text.lower())
    later = [a for a in hits if a > after]
    return later + [a for a in hits if a <= after]
