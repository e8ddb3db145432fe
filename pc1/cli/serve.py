"""`pc1 serve`: the console in a web browser (tui.web does the work).

Jupyter's model: a token made at each start and printed once in the URL to open, the Origin of
every request checked, 127.0.0.1 unless --host says otherwise, and each browser tab's console
kept to one folder (--root). docs/serving.md says what each protects.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from pc1.cli.arguments import bounded_int, clock_type, folder

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def _serve(args: argparse.Namespace) -> int:
    from tui.web import (
        TOKEN_ENV,
        Settings,
        check_host,
        check_public_url,
        check_token,
        new_token,
        serve,
    )

    token = args.token or os.environ.get(TOKEN_ENV) or new_token()
    settings = Settings(
        root=args.root or Path.cwd().resolve(), host=check_host(args.host), port=args.port,
        token=check_token(token),
        public_url=check_public_url(args.public_url) if args.public_url else None,
        clock_hz=args.clock, max_speed=args.max_speed, max_consoles=args.max_consoles)
    return serve(settings)


def register(sub: argparse._SubParsersAction) -> None:
    """Add `pc1 serve` to the `pc1` parser."""
    from tui.web import MAX_CONSOLES, TOKEN_ENV

    p = sub.add_parser(
        "serve", help="serve the console to a web browser (http://127.0.0.1:8000, with a token)",
        description="Serves the console (pc1 tui) to web browsers; each browser tab gets its "
        "own machine, kept to one folder. Prints the URL to open, with its token, once. "
        "Ends on SIGTERM or ctrl+c. Needs the [serve] extra; see docs/serving.md.")
    p.add_argument("--host", default=DEFAULT_HOST,
                   help=f"address to listen on (default {DEFAULT_HOST}: this computer only)")
    p.add_argument("--port", type=bounded_int(1, 65535), default=DEFAULT_PORT,
                   help=f"port to listen on (default {DEFAULT_PORT})")
    p.add_argument("--root", type=folder, metavar="DIR",
                   help="the folder the consoles open and save files in, and nothing outside "
                   "it (default: the current folder)")
    p.add_argument("--token", metavar="TOKEN",
                   help=f"the token to ask for (default: ${TOKEN_ENV}, else a new random one)")
    p.add_argument("--public-url", metavar="URL",
                   help="the URL browsers reach this server by (behind a proxy, or with "
                   "--host 0.0.0.0): the page and the printed link use it")
    p.add_argument("--max-consoles", type=bounded_int(1, 64), default=MAX_CONSOLES,
                   metavar="N", help=f"consoles at once, one per tab (default {MAX_CONSOLES})")
    p.add_argument("--clock", type=clock_type, default=15_000.0, metavar="HZ",
                   help="clock of the served consoles (default 15000)")
    p.add_argument("--max-speed", action="store_true",
                   help="the served consoles start at full speed instead of real time")
    p.set_defaults(func=_serve)
