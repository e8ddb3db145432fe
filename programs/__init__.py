"""Pure-Python reference programs of the PC-1's tradition, one package each: `queens`, `mex`,
`quintomino`, and `puzzles` (Nurikabe, Sudoku, 0h n0). `stoppable` runs a long call in a
worker process that the console can stop at once. Nothing here imports the PC-1 machine.
"""
