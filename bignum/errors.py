"""The one error type of the digits workbench: bad requests, with a message fit for the user."""

from __future__ import annotations


class DigitsError(ValueError):
    """A request the workbench cannot honour (bad count, unknown method, too large)."""
