"""N queens: boards and their solutions (the seed's backtracking and fast counters), classes
under the board's symmetry, work units and their ledger for long counts on local processes
or Dask, a stoppable table of counts, infinite queens, and the command-line front end.
"""

from programs.queens.boards import format_solution
from programs.queens.cli import add_arguments, run
from programs.queens.equivalence import classes
from programs.queens.infinite import QueensPlot, plot_data
from programs.queens.table import CountRow, count_table

__all__ = [
    "CountRow",
    "QueensPlot",
    "add_arguments",
    "run",
    "classes",
    "count_table",
    "format_solution",
    "plot_data",
]
