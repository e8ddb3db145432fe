"""mex, the minimum excludant: three ways to compute it (the range tree among them) and the
growth of the range tree as values arrive.
"""

from programs.mex.growing import EXAMPLES, Growth, growth, parse_values
from programs.mex.range_tree import RangeTree, Shape, mex_bitstring, mex_naive

__all__ = [
    "EXAMPLES",
    "Growth",
    "RangeTree",
    "Shape",
    "mex_bitstring",
    "mex_naive",
    "growth",
    "parse_values",
]
