"""The boards of the 0h n0 task (the seed): the 4x4 demo and the three 9x9 inputs."""

from __future__ import annotations

EXAMPLES: dict[str, str] = {
    "demo": ".1..\n..1.\n....\n22#2",
    "example1": (
        "........4\n...3.1...\n45...2.3.\n..9......\n1..6#44..\n"
        "....4..5.\n....4.36.\n2.......6\n1....4..."
    ),
    "example2": (
        "..7..#...\n#...8..11\n2....5...\n..5...48.\n...#...4.\n"
        ".5...6...\n...1.2...\n2.....6.8\n.7..#...."
    ),
    "example3": (
        "5.3..33..\n...4...23\n.6.6.34..\n...3#....\n....5..4.\n"
        ".5....3..\n7.98.6#.3\n.5.6..2..\n..6...2.."
    ),
}

# printed in the seed; the third example's printed output is a copy of the second's
PRINTED_SOLUTIONS: dict[str, str] = {
    "demo": "OO##\n##OO\nOO#O\nOO#O",
    "example1": (
        "OOO###OOO\nOOOO#O#OO\nOOO#OO#OO\n#OOOO#O##\nO#OO#OOOO\n"
        "O#OOOO#OO\n#OOOO#OOO\nOO#O#OOOO\nO#OOOO#O#"
    ),
    "example2": (
        "OOOOO####\n##OOOO#OO\nO#OOOO###\nOOO#OOOOO\nOO##O##O#\n"
        "#O##OOOOO\n#O#O#O#OO\nOO#OOOOOO\nOOO###O#O"
    ),
}
