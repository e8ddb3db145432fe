"""`pc1 serve` end to end, on 127.0.0.1: the token, the Origin, the console's text, the bounds,
SIGTERM with a tab connected, and one line for a taken port. The client does what a browser
does: loads the page, then opens the websocket the page names."""

from __future__ import annotations

import asyncio
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("textual_serve", reason="pc1 serve needs textual-serve (extra [serve])")
aiohttp = pytest.importorskip("aiohttp", reason="the test's websocket client is aiohttp's")

from tests.tui.web.served import (  # noqa: E402 - after the skips
    alive,
    children,
    read_screen,
    rss_mb,
    start_server,
)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    served = start_server(tmp_path_factory.mktemp("serve-root"), "--max-consoles", "2")
    yield served
    served.stop()


async def status_of(url: str, cookies: dict | None = None, **kw) -> int:
    async with aiohttp.ClientSession(cookies=cookies) as session:
        async with session.get(url, allow_redirects=False, **kw) as response:
            return response.status


async def ws_refused(url: str, cookies: dict | None = None, **kw) -> int:
    async with aiohttp.ClientSession(cookies=cookies) as session:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            async with session.ws_connect(url, **kw):
                pass
    return refused.value.status


async def test_without_the_token_the_page_and_the_websocket_are_refused(server) -> None:
    assert await status_of(server.base + "/") == 403
    assert await status_of(server.base + "/static/js/textual.js") == 403
    assert await status_of(server.base + "/?token=" + "x" * 32) == 403
    assert await ws_refused(server.ws) == 403
    assert await ws_refused(server.ws, headers={"Origin": server.base}) == 403


async def test_a_request_from_another_site_is_refused_even_with_the_token(server) -> None:
    evil = {"Origin": "http://evil.example"}
    assert await status_of(server.base + "/", cookies=server.cookie, headers=evil) == 403
    assert await ws_refused(server.ws, cookies=server.cookie, headers=evil) == 403
    # a page that rebinds its own name to 127.0.0.1 names itself in the Host header
    rebound = {"Host": f"evil.example:{server.port}"}
    assert await status_of(server.base + "/", cookies=server.cookie, headers=rebound) == 403


async def test_the_token_in_the_url_becomes_a_cookie_and_the_page_works_offline(server) -> None:
    jar = aiohttp.CookieJar(unsafe=True)  # cookies for an IP address, as browsers keep them
    async with aiohttp.ClientSession(cookie_jar=jar) as session:
        async with session.get(server.url + "&fontsize=14", allow_redirects=False) as first:
            assert first.status == 302 and "token" not in first.headers["Location"]
        async with session.get(server.url) as response:
            page = await response.text()
            assert response.status == 200 and response.url.query.get("token") is None
        assert f'data-session-websocket-url="ws://127.0.0.1:{server.port}/ws"' in page
        # everything the page loads comes from the server itself
        sources = re.findall(r"""(?:href|src)=["']([^"']+)""", page)
        sources += re.findall(r"""url\(["']?([^"')]+)""", page)
        assert sources and all(s.startswith("/") for s in sources), sources
        for source in sources:
            async with session.get(f"{server.base}{source}") as response:
                assert response.status == 200, source
        async with session.get(f"{server.base}/favicon.ico") as icon:
            assert icon.content_type == "image/x-icon" and (await icon.read())[:4] == b"\0\0\1\0"


async def test_the_token_and_origin_give_the_console_and_its_size_is_clamped(server) -> None:
    headers = {"Origin": server.base}
    async with aiohttp.ClientSession(cookies=server.cookie) as session:
        async with session.ws_connect(server.ws + "?width=100000&height=100000",
                                      headers=headers) as ws:
            await ws.send_json(["resize", {"width": 120, "height": 40}])
            screen = await read_screen(ws, "CLEAR START")
            assert "INITIAL LOAD" in screen and "CLEAR START" in screen, screen[-2000:]
            (console,) = children(server.proc.pid)
            await ws.send_json(["resize", {"width": 100000, "height": 100000}])
            await ws.send_json(["ping", "after the resize"])
            await read_screen(ws, "after the resize", timeout=30)
            await asyncio.sleep(2)  # the console redraws at its new size
            assert rss_mb(console) < 200, f"{rss_mb(console):.0f} MB"
            # a third tab is over --max-consoles 2 while a second is open
            async with session.ws_connect(server.ws, headers=headers):
                assert await ws_refused(server.ws, cookies=server.cookie,
                                        headers=headers) == 503
        # the console ends with its connection
        deadline = time.monotonic() + 5
        while alive(console) and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        assert not alive(console)


async def console_when_free(session: aiohttp.ClientSession, server,
                            timeout: float = 15.0) -> aiohttp.ClientWebSocketResponse:
    """A console, once the server takes one again: the consoles of an earlier test (this
    server is the module's) leave their slots only once they have stopped."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            return await session.ws_connect(server.ws, headers={"Origin": server.base})
        except aiohttp.WSServerHandshakeError as refused:
            if refused.status != 503 or time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.2)


async def test_a_bad_message_ends_only_its_own_connection(server) -> None:
    async with aiohttp.ClientSession(cookies=server.cookie) as session:
        async with await console_when_free(session, server) as ws:
            await ws.send_str('["resize", "big"]')
            msg = await ws.receive(timeout=30)
            while msg.type == aiohttp.WSMsgType.BINARY:  # the console may have drawn first
                msg = await ws.receive(timeout=30)
            assert msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
    assert await status_of(server.url) in (200, 302)


def test_it_listens_on_localhost_only(server) -> None:
    out = subprocess.run(["ss", "-Htln", f"sport = :{server.port}"], capture_output=True,
                         text=True)
    if out.returncode != 0:
        pytest.skip("ss (iproute2) is not available to list listening sockets")
    addresses = {line.split()[3].rsplit(":", 1)[0] for line in out.stdout.splitlines()}
    assert addresses == {"127.0.0.1"}, addresses


def test_a_taken_port_is_one_line_without_a_banner(server) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "pc1", "serve", "--port", str(server.port),
         "--root", str(server.root)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.strip() == (
        f"pc1 serve: cannot listen on 127.0.0.1 port {server.port}: the port is in use "
        "(another pc1 serve?); choose another with --port")


async def test_sigterm_with_a_tab_connected_ends_every_process_within_two_seconds(
        tmp_path: Path) -> None:
    token = "from-the-environment-0123"
    served = start_server(tmp_path, env={"PC1_SERVE_TOKEN": token})
    assert served.token == token
    try:
        async with aiohttp.ClientSession(cookies=served.cookie) as session:
            async with session.ws_connect(served.ws, headers={"Origin": served.base}) as ws:
                assert "CLEAR START" in await read_screen(ws, "CLEAR START")
                consoles = children(served.proc.pid)
                assert consoles
                # the consoles do not inherit the token
                environ = Path(f"/proc/{consoles[0]}/environ").read_bytes()
                assert b"PC1_SERVE_TOKEN" not in environ and token.encode() not in environ
                started = time.monotonic()
                served.proc.send_signal(signal.SIGTERM)
                while (served.proc.poll() is None or any(map(alive, consoles))) \
                        and time.monotonic() - started < 5:
                    await asyncio.sleep(0.05)
                took = time.monotonic() - started
        assert served.proc.poll() is not None and not any(map(alive, consoles))
        assert took < 2.0, f"{took:.2f} s"
    finally:
        served.stop()
