"""The monitor: the one command language behind `pc1 script` and the console's `:` line.
Each verb is defined once (pc1/monitor/verbs.py) with its usage and help.

Entry points: `Monitor` (run a line or a script), `find_verb`, `strip_comment`, `Run`,
`CheckFailed`, `LimitReached`, `Interrupted`, `MonitorError`, and `search` over the store.

The names are imported when first used, each from its own module, so that a command
loads only what it uses (a cold `pc1 run` is dominated by imports otherwise).
"""

from __future__ import annotations

from pc1.base import first_use

# each public name -> the module of this package that defines it
_HOME, __getattr__ = first_use(__name__, {
    "interpreter": "CheckFailed Interrupted LimitReached Monitor Run find_verb",
    "verbs": "strip_comment",
    "store_search": "search",
    "values": "MonitorError",
})

__all__ = [
    "CheckFailed",
    "Interrupted",
    "LimitReached",
    "Monitor",
    "MonitorError",
    "Run",
    "find_verb",
    "search",
    "strip_comment",
]
