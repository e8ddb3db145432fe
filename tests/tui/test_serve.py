"""`pc1 serve`: the console in a browser. The test does what a browser does: loads the page,
opens the websocket the page names, and reads the panel's text from the session."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

pytest.importorskip("textual_serve", reason="pc1 serve needs textual-serve (extra [serve])")
aiohttp = pytest.importorskip("aiohttp", reason="the test's websocket client is aiohttp's")

ANSI = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_page(url: str, proc: subprocess.Popen, timeout: float = 60) -> str:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                return response.read().decode()
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"pc1 serve did not answer: {proc.stderr.read()}") from None
            time.sleep(0.2)


async def read_screen(ws_url: str, want: str, timeout: float = 90) -> str:
    """What the console draws, as text without escape codes, until `want` shows."""
    seen = ""
    async with aiohttp.ClientSession() as session:
        async with session.ws_connect(f"{ws_url}?width=120&height=40") as ws:
            await ws.send_json(["resize", {"width": 120, "height": 40}])
            deadline = asyncio.get_running_loop().time() + timeout
            while want not in seen:
                left = deadline - asyncio.get_running_loop().time()
                if left <= 0:
                    break
                try:
                    msg = await ws.receive(timeout=left)
                except TimeoutError:
                    break
                if msg.type == aiohttp.WSMsgType.BINARY:
                    seen += ANSI.sub("", msg.data.decode("utf-8", "replace"))
                elif msg.type == aiohttp.WSMsgType.TEXT:
                    seen += msg.data
                elif msg.type in (aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                    break
    return seen


@pytest.fixture
def server():
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "pc1", "serve", "--port", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)  # its own group: the app it spawns too
    try:
        yield port, proc
    finally:
        with_group = os.getpgid(proc.pid)
        os.killpg(with_group, signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(with_group, signal.SIGKILL)
            proc.wait()


def test_serve_shows_the_panel_to_a_browser(server) -> None:
    port, proc = server
    page = wait_for_page(f"http://127.0.0.1:{port}/", proc)
    ws_url = re.search(r"""["'](ws://[^"']+/ws)["']""", page)
    assert ws_url, page[:500]
    assert ws_url.group(1).startswith(f"ws://127.0.0.1:{port}/")
    screen = asyncio.run(read_screen(ws_url.group(1), "INITIAL LOAD"))
    assert "INITIAL LOAD" in screen and "CLEAR START" in screen, screen[-2000:]


def test_serve_listens_on_localhost_only(server) -> None:
    port, proc = server
    wait_for_page(f"http://127.0.0.1:{port}/", proc)
    out = subprocess.run(["ss", "-Htln", f"sport = :{port}"], capture_output=True, text=True)
    if out.returncode != 0:
        pytest.skip("ss (iproute2) is not available to list listening sockets")
    addresses = {line.split()[3].rsplit(":", 1)[0] for line in out.stdout.splitlines()}
    assert addresses and addresses <= {"127.0.0.1"}, addresses
