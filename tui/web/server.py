"""The web server of `pc1 serve`: textual-serve's Server with what it lacks put around it.

textual-serve runs a console process for each browser tab and relays its screen over a
websocket. Around it this module adds: the guard (token, Origin, Host) as aiohttp middleware;
a page of our own that loads nothing from the internet and names the address the browser
used (never 0.0.0.0); the favicon; checked, rate-limited messages and clamped sizes; a bound
on the consoles at once; consoles that end with their connection (killed if they do not
quit in time); SIGTERM and SIGINT honoured within two seconds; one line when the port is
taken. It serves with aiohttp's runner directly, so nothing is printed before it listens.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import shlex
import signal
import socket
import sys
from pathlib import Path
from typing import Any

import aiohttp_jinja2
from aiohttp import WSCloseCode, WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from pc1.base import InputError
from tui.web.address import is_loopback
from tui.web.guard import Guard
from tui.web.limits import MAX_MESSAGE_BYTES, QUIT_WAIT, MessageRate, clamp_size
from tui.web.protocol import parse_message
from tui.web.settings import TOKEN_ENV, Settings

HERE = Path(__file__).resolve().parent
FAVICON = HERE / "favicon.ico"
log = logging.getLogger("pc1.serve")


class ServedConsole(AppService):
    """One tab's console: its size clamped, and ended with its tab (killed if need be)."""

    _ended = False

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        """textual-serve's environment for the console, without the server's token."""
        environment = super()._build_environment(width, height)
        environment.pop(TOKEN_ENV, None)
        return environment

    async def start(self, width: int, height: int) -> None:
        """Start the console's process at a clamped size."""
        await super().start(*clamp_size(width, height))

    async def set_terminal_size(self, width: int, height: int) -> None:
        """Resize the console, clamped."""
        await super().set_terminal_size(*clamp_size(width, height))

    async def stop(self) -> None:
        """Ask the console to quit; kill it if it has not within QUIT_WAIT seconds."""
        if self._ended:
            return
        self._ended = True
        process = self._process
        try:
            await asyncio.wait_for(super().stop(), QUIT_WAIT)
        except (TimeoutError, ConnectionError, RuntimeError):
            pass
        finally:
            self.kill()
            if process is not None:
                await process.wait()

    def kill(self) -> None:
        """Kill the console's process if it still runs (the last resort of every ending)."""
        process = self._process
        if process is not None and process.returncode is None:
            try:
                process.kill()
            except ProcessLookupError:
                pass


class PC1Server(Server):
    """textual-serve's Server, guarded and bounded (see the module's docstring)."""

    def __init__(self, settings: Settings) -> None:
        # `exec`: the shell becomes the console, so the process we kill is the console itself
        command = "exec " + shlex.join(settings.console_argv())
        super().__init__(command, host=settings.host, port=settings.port,
                         title=settings.title, public_url=settings.url,
                         templates_path=HERE / "templates")
        self.settings = settings
        self.guard = Guard(settings.token, settings.port,
                           loopback_only=is_loopback(settings.host),
                           public_url=settings.public_url)
        self.sockets: set[web.WebSocketResponse] = set()
        self.consoles: set[ServedConsole] = set()
        self.handlers: set[asyncio.Task] = set()

    async def make_app(self) -> web.Application:
        """textual-serve's application, with the guard in front and the favicon beside."""
        app = await self._make_app()
        app.middlewares.append(self.guard.middleware)
        app.router.add_get("/favicon.ico", self.handle_favicon)
        return app

    async def on_startup(self, app: web.Application) -> None:
        """Print nothing yet: the URL is printed once the port is ours."""

    async def handle_favicon(self, request: web.Request) -> web.FileResponse:
        """The icon of the tab."""
        return web.FileResponse(FAVICON, headers={"Content-Type": "image/x-icon"})

    @aiohttp_jinja2.template("app_index.html")
    async def handle_index(self, request: web.Request) -> dict[str, Any]:
        """The page: its URLs are the public URL's, else those of the address the browser used."""
        public = self.settings.public_url
        base = public or f"{request.scheme}://{request.host}"
        ws_base = ("wss:" if base.startswith("https:") else "ws:") + base.split(":", 1)[1]
        size = request.query.get("fontsize", "16")
        font_size = min(max(int(size), 6), 64) if size.isdigit() and len(size) < 4 else 16
        return {
            "font_size": font_size,
            "app_websocket_url": f"{ws_base}/ws",
            "config": {"static": {"url": f"{public or ''}/static/"}},
            "application": {"name": self.title},
        }

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One tab: a console of its own while the connection lasts, within the bounds."""
        if len(self.sockets) >= self.settings.max_consoles:
            raise web.HTTPServiceUnavailable(
                text=f"503: {self.settings.max_consoles} consoles are open, the most this "
                     "server runs at once\n")
        width, height = clamp_size(request.query.get("width"), request.query.get("height"))
        ws = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE_BYTES)
        console = ServedConsole(self.command, write_bytes=ws.send_bytes,
                                write_str=ws.send_str, close=ws.close,
                                download_manager=self.download_manager)
        task = asyncio.current_task()
        self.sockets.add(ws)  # counted before the first await: no race past the bound
        self.consoles.add(console)
        if task is not None:
            self.handlers.add(task)
        try:
            await ws.prepare(request)
            await console.start(width, height)
            await self.relay(ws, console)
        except asyncio.CancelledError:
            pass
        finally:
            try:
                await console.stop()
            finally:
                console.kill()
                self.sockets.discard(ws)
                self.consoles.discard(console)
                self.handlers.discard(task)
                if ws.prepared and not ws.closed:
                    await ws.close()
        return ws

    async def relay(self, ws: web.WebSocketResponse, console: ServedConsole) -> None:
        """Pass the tab's messages to its console, checked and within the rate."""
        rate = MessageRate()
        flooded = False
        loop = asyncio.get_running_loop()
        async for raw in ws:
            if raw.type != WSMsgType.TEXT:
                continue
            if not rate.allow(loop.time()):
                if not flooded:  # one line a connection, however long the flood
                    log.warning("pc1 serve: a tab sends messages too fast; the excess is dropped")
                flooded = True
                continue
            try:
                message = parse_message(raw.data)
            except ValueError as exc:
                log.warning("pc1 serve: a tab sent a bad message (%s); its console is ended", exc)
                await ws.close(code=WSCloseCode.UNSUPPORTED_DATA, message=b"bad message")
                return
            if message.kind == "stdin":
                await console.send_bytes(message.text.encode("utf-8"))
            elif message.kind == "resize":
                await console.set_terminal_size(*message.size)
            elif message.kind == "ping":
                await ws.send_json(["pong", message.data])
            elif message.kind == "blur":
                await console.blur()
            elif message.kind == "focus":
                await console.focus()

    async def end_consoles(self) -> None:
        """Close every tab's connection, so each console quits; kill what is left."""
        for ws in [ws for ws in self.sockets if ws.prepared]:
            await ws.close(code=WSCloseCode.GOING_AWAY, message=b"server shutting down")
        if self.handlers:
            await asyncio.wait(list(self.handlers), timeout=QUIT_WAIT + 0.4)
        for console in list(self.consoles):
            console.kill()


def listen_error(exc: OSError, host: str, port: int) -> str:
    """One line for a port or address that cannot be listened on."""
    if isinstance(exc, socket.gaierror):
        return f"cannot listen on {host!r}: no such host"
    if exc.errno == errno.EADDRINUSE:
        return (f"cannot listen on {host} port {port}: the port is in use (another pc1 "
                "serve?); choose another with --port")
    if exc.errno == errno.EADDRNOTAVAIL:
        return f"cannot listen on {host!r}: not an address of this computer"
    if exc.errno == errno.EACCES:
        return f"cannot listen on port {port}: permission denied"
    return f"cannot listen on {host} port {port}: {exc.strerror or exc}"


async def serve_until_stopped(settings: Settings) -> None:
    """Listen, print the URL to open, and serve until SIGTERM or SIGINT."""
    server = PC1Server(settings)
    app = await server.make_app()
    runner = web.AppRunner(app, access_log=None, shutdown_timeout=0.3)  # no token in logs
    await runner.setup()
    site = web.TCPSite(runner, settings.host, settings.port)
    try:
        await site.start()
    except OSError as exc:
        await runner.cleanup()
        raise InputError(listen_error(exc, settings.host, settings.port)) from None
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(sig, stop.set)
        except NotImplementedError:  # Windows: ctrl+c arrives as KeyboardInterrupt instead
            pass
    print(f"pc1 serve: open {settings.url}/?token={settings.token}", flush=True)
    if not is_loopback(settings.host):
        print(f"pc1 serve: listening on {settings.host}: anyone who reaches port "
              f"{settings.port} and has the token gets a console with the files in "
              f"{settings.root}", file=sys.stderr, flush=True)
    try:
        await stop.wait()
    finally:
        await server.end_consoles()
        await runner.cleanup()


def run(settings: Settings) -> int:
    """Serve the console to browsers until SIGTERM or SIGINT; 0 when ended so."""
    logging.basicConfig(level=logging.WARNING, format="%(message)s")
    asyncio.run(serve_until_stopped(settings))
    return 0
