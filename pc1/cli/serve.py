"""`pc1 serve`: the console in a web browser, through textual-serve.

textual-serve runs `pc1 tui` afresh for each browser tab that connects and relays the
screen over a websocket. It listens on 127.0.0.1 unless --host says otherwise: anyone who
reaches the port gets a console that can read and write files as the user who started it.
"""

from __future__ import annotations

import argparse
import shlex
import sys

from pc1.base import InputError
from pc1.cli.arguments import bounded_int, clock_type

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def console_command(clock_hz: float, max_speed: bool) -> str:
    """The shell command textual-serve runs for each browser session: this Python's pc1 tui."""
    argv = [sys.executable, "-m", "pc1", "tui", "--clock", f"{clock_hz:g}"]
    if max_speed:
        argv.append("--max-speed")
    return shlex.join(argv)


def _serve(args: argparse.Namespace) -> int:
    try:
        from textual_serve.server import Server
    except ModuleNotFoundError:
        raise InputError("the browser console needs textual-serve: "
                         "pip install 'pc1-workbench[serve]'") from None
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        print(f"pc1 serve: listening on {args.host}: anyone who can reach port {args.port} "
              "gets a console with your files", file=sys.stderr)
    server = Server(console_command(args.clock, args.max_speed), host=args.host,
                    port=args.port, title="PC-1 Parametron Workbench")
    server.serve()
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    """Add `pc1 serve` to the `pc1` parser."""
    p = sub.add_parser(
        "serve", help="serve the console to a web browser (http://127.0.0.1:8000)",
        description="Serves the console (pc1 tui) to web browsers through textual-serve; "
        "each browser tab gets its own machine. Needs the [serve] extra.")
    p.add_argument("--host", default=DEFAULT_HOST,
                   help=f"address to listen on (default {DEFAULT_HOST}: this computer only)")
    p.add_argument("--port", type=bounded_int(1, 65535), default=DEFAULT_PORT,
                   help=f"port to listen on (default {DEFAULT_PORT})")
    p.add_argument("--clock", type=clock_type, default=15_000.0, metavar="HZ",
                   help="clock of the served consoles (default 15000)")
    p.add_argument("--max-speed", action="store_true",
                   help="the served consoles start at full speed instead of real time")
    p.set_defaults(func=_serve)
