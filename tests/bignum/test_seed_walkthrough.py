"""The seed's 40-digit table of ss and ts, reproduced line by line."""

from __future__ import annotations

from bignum.seed_walkthrough import format_row, walkthrough

# (z, n, ss, ts) as printed in the seed post
SEED_ROWS = [
    (5, 1, 32000000000000000000000000000000000000000, 32000000000000000000000000000000000000000),
    (5, 3, 1280000000000000000000000000000000000000, 31573333333333333333333333333333333333334),
    (5, 5, 51200000000000000000000000000000000000, 31583573333333333333333333333333333333334),
    (5, 7, 2048000000000000000000000000000000000, 31583280761904761904761904761904761904763),
    (5, 57, 23, 31583289575980921339207962431166446951613),
    (5, 59, 0, 31583289575980921339207962431166446951613),
    (239, 17, 1, 31415926535897932384626433832795028841973),
    (239, 19, 0, 31415926535897932384626433832795028841973),
]


def test_rows_printed_in_the_seed_are_reproduced():
    rows, _ = walkthrough(40)
    table = {(r.z, r.n): (r.ss, r.ts) for r in rows}
    for z, n, ss, ts in SEED_ROWS:
        assert table[(z, n)] == (ss, ts)


def test_do_loops_return_61_and_21():
    _, returned = walkthrough(40)
    assert returned == {5: 61, 239: 21}


def test_rows_run_until_ss_is_zero():
    rows, _ = walkthrough(40)
    assert [r.n for r in rows if r.z == 5] == list(range(1, 61, 2))
    assert rows[-1].ss == 0
    assert str(rows[-1].ts).startswith("3141592653589793238462643383279502884197")


def test_format_right_aligns_like_the_seed():
    rows, _ = walkthrough(40)
    text = format_row(rows[29], 42)
    assert text.splitlines()[0] == "(n 59)"
    assert text.splitlines()[1].endswith(" 0") and len(text.splitlines()[1]) == 45
