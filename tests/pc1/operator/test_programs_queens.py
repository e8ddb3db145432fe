"""queens.pc1: the 92 solutions in the order of the seed's bit-string program, one a line."""

from __future__ import annotations

from pc1.cli.main import main
from tests.pc1.program_runs import loaded


def seed_order() -> list[list[int]]:
    """The seed's bit-string program (MIT Scheme) in Python: col m, next free row from n."""
    rows, rising, falling = [True] * 8, [True] * 15, [True] * 15
    queens: list[int] = [0] * 8
    found: list[list[int]] = []

    def col(m: int) -> None:
        if m == 8:
            found.append(queens.copy())
            return
        for n in range(8):  # bit-string-find-next-set-bit: the free rows, ascending
            if rows[n] and rising[m + n] and falling[m - n + 7]:
                queens[m] = n
                rows[n] = rising[m + n] = falling[m - n + 7] = False
                col(m + 1)
                rows[n] = rising[m + n] = falling[m - n + 7] = True

    col(0)
    return found


def test_the_reference_is_the_seed_listing() -> None:
    sols = seed_order()
    assert len(sols) == 92
    # the first three and the last of the 92 the seed post prints
    assert sols[:3] == [[0, 4, 7, 5, 2, 6, 1, 3], [0, 5, 7, 2, 6, 3, 1, 4],
                        [0, 6, 3, 5, 7, 1, 4, 2]]
    assert sols[-1] == [7, 3, 0, 2, 5, 1, 6, 4]


def test_prints_the_92_solutions_in_order() -> None:
    m = loaded("queens")
    assert (m.last_stop.reason, m.last_stop.address) == ("halt", 254)
    expected = "".join(" ".join(map(str, s)) + "\n" for s in seed_order())
    assert m.printed_text() == expected


def test_recipe(capsys) -> None:
    assert main(["run", "queens"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 92 and lines[0] == "0 4 7 5 2 6 1 3"
