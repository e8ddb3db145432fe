"""The console in a web browser (`pc1 serve`): textual-serve, guarded and bounded.

`Settings` says what a server is started with; `check_host`, `check_public_url` and
`check_token` refuse bad values in one line; `serve` runs the server until SIGTERM or SIGINT.
The server itself (`tui.web.server`) needs the [serve] extra and is imported only by `serve`.
"""

from pc1.base import InputError
from tui.web.address import check_host, check_public_url
from tui.web.limits import (
    MAX_CONSOLES,
    MAX_HEIGHT,
    MAX_MESSAGE_BYTES,
    MAX_WIDTH,
    MESSAGE_BURST,
    MESSAGE_RATE,
)
from tui.web.settings import TOKEN_ENV, Settings, check_token, new_token

EXTRA_MISSING = ("the browser console needs textual-serve, the [serve] extra: in a checkout "
                 "of pc1-workbench, pip install '.[serve]'; from a wheel, pip install "
                 "'PATH/TO/pc1_workbench-VERSION-py3-none-any.whl[serve]'")

__all__ = ["EXTRA_MISSING", "MAX_CONSOLES", "MAX_HEIGHT", "MAX_MESSAGE_BYTES", "MAX_WIDTH",
           "MESSAGE_BURST", "MESSAGE_RATE", "TOKEN_ENV", "Settings", "check_host",
           "check_public_url", "check_token", "new_token", "serve"]


def serve(settings: Settings) -> int:
    """Serve the console to browsers until SIGTERM or SIGINT (needs the [serve] extra)."""
    try:
        from tui.web.server import run  # textual-serve and aiohttp: the [serve] extra
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.split(".")[0] in ("textual_serve", "aiohttp", "aiohttp_jinja2"):
            raise InputError(EXTRA_MISSING) from None
        raise
    return run(settings)
