"""The progress callback shared by long computations, the CLI and the TUI.

It lives in pc1.base.progress, beside the `Reporter` that shows it, so that every package
reports progress the same way; bignum's modules keep importing it from here.
"""

from pc1.base import Progress, report

__all__ = ["Progress", "report"]
