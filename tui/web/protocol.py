"""The messages a browser tab sends over the websocket, checked before they reach a console.

textual-serve's page sends JSON arrays: ["stdin", text], ["resize", {"width", "height"}],
["ping", data], ["blur"], ["focus"]. Anything else is refused here, so that a hand-made
message ends its own connection in one logged line and never reaches a console.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from tui.web.limits import clamp_size

KINDS = {"stdin", "resize", "ping", "blur", "focus"}


@dataclass(frozen=True)
class Message:
    """One checked message: its kind, and its text (stdin), size (resize) or data (ping)."""

    kind: str
    text: str = ""
    size: tuple[int, int] = (0, 0)
    data: object = None


def parse_message(raw: str) -> Message:
    """The message in `raw`, a resize's size clamped; ValueError saying what is wrong."""
    try:
        envelope = json.loads(raw)
    except ValueError:
        raise ValueError("not JSON") from None
    if not isinstance(envelope, list) or not envelope or envelope[0] not in KINDS:
        raise ValueError("not a message of the page")
    kind = envelope[0]
    body = envelope[1] if len(envelope) > 1 else None
    if kind == "stdin":
        if not isinstance(body, str):
            raise ValueError("stdin without text")
        return Message(kind, text=body)
    if kind == "resize":
        if not isinstance(body, dict):
            raise ValueError("resize without a size")
        return Message(kind, size=clamp_size(body.get("width"), body.get("height")))
    return Message(kind, data=body)
