"""The `pc1` command: the entry point (`main`) and one module per command group, each with
`register(subparsers)`. Thin: every command parses its arguments and calls a library
function that the tests call too.
"""

from pc1.cli.main import main

__all__ = ["main"]
