"""The monitor: the one command language behind `pc1 script` and the console's `:` line.
Each verb is defined once (pc1/monitor/verbs.py) with its usage and help.

Entry points: `Monitor` (run a line or a script), `find_verb`, `strip_comment`, `Run`,
`CheckFailed`, `LimitReached`, `Interrupted`, `MonitorError`, and `search` over the store.
"""

from pc1.monitor.interpreter import (
    CheckFailed,
    Interrupted,
    LimitReached,
    Monitor,
    Run,
    find_verb,
    strip_comment,
)
from pc1.monitor.store_search import search
from pc1.monitor.values import MonitorError

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
