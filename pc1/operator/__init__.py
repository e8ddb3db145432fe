"""The operator at the console: sessions of actions in order (`Action`), the named
procedures of our tapes and their operands (`recipe`, `recipes`, `OPERANDS`, and what
the operator keys when a program waits for a tape, `keyed_form`), shipped
operator scripts as actions, and headless runs that stream the paper (`Operator`,
`PunchWriter`, `describe`).
"""

from pc1.operator.headless import Operator, PunchWriter, describe
from pc1.operator.operands import OPERANDS, keyed_form
from pc1.operator.procedures import recipe, recipes
from pc1.operator.session import START_ACTIONS, Action

__all__ = [
    "Action",
    "OPERANDS",
    "Operator",
    "PunchWriter",
    "START_ACTIONS",
    "describe",
    "keyed_form",
    "recipe",
    "recipes",
]
