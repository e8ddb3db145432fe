"""The puzzles of Roger Hui's J Sudoku paper as traced by T. Nishikawa (JAPL, 2006).

Each entry: (source, puzzle as 81 characters, solution printed in the seed or None).
"""

from __future__ import annotations

EXAMPLES: dict[str, tuple[str, str, str | None]] = {
    "ym": (
        "Yomiuri Shimbun 2005-10-15",
        "050701040703000102080406090904060803000807000108050609010603080506000701030509020",
        "659721348743985162281436597974162853365897214128354679412673985596248731837519426",
    ),
    "su21_1": (
        "Sudoku21, p.10 No.1 (easy)",
        "000002503031000008024051000000017065260000047710560000000680290400000830603400000",
        None,
    ),
    "su21_99": (
        "Sudoku21, p.110 No.99 (hard)",
        "004810000002000300100094600740000000090020050000000083007130002006000100000045800",
        "364812579982756314175394628743581296698423751521967483457138962836279145219645837",
    ),
    "clark": (
        "J. Clark's example, Sudoku with Dyalog APL",
        "034005000075020100000000875340000009000260340060340000003580090000000003000000000",
        None,
    ),
    "x": (
        "x0 of Hui's program listing",
        "200670000006000201400000800500009300030000050002800007001000004708000600000053008",
        None,
    ),
}


def cells(text: str) -> tuple[int, ...]:
    """81 ints (0 = empty) of an 81-character puzzle string."""
    return tuple(0 if ch == "." else int(ch) for ch in text)
