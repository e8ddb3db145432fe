"""Which piece sits on which face of a quintomino solution."""

from __future__ import annotations

from pathlib import Path

from programs.quintomino.solutions import face_pieces, parse_solution

DATA = Path(__file__).resolve().parents[1] / "data"


def seed_solutions() -> list[str]:
    lines = (DATA / "quintomino_60.txt").read_text().splitlines()
    return [ln.split()[0].strip('"') for ln in lines if ln.strip() and not ln.startswith("#")]


def test_every_solution_uses_each_piece_once_with_a_on_face_0() -> None:
    solutions = seed_solutions()
    assert len(solutions) == 60
    for s in solutions:
        pieces = face_pieces(parse_solution(s))
        assert pieces[0] == "A"
        assert sorted(pieces) == list("ABCDEFGHJKLM")


def test_a_face_with_a_repeated_colour_is_no_piece() -> None:
    colouring = list(parse_solution(seed_solutions()[0]))
    colouring[0] = colouring[1]  # face 0 = edges 0-4 now repeats a colour
    assert face_pieces(colouring)[0] == "?"
