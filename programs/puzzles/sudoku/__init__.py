"""Sudoku: file formats, an independent checker, Hui's method step by step, a fast solver."""
