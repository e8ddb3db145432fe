"""Running `pc1 serve` for a test as a user would: a process on 127.0.0.1, its URL read from
its output; and what a browser does over the websocket."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ANSI = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")


def free_port() -> int:
    """A port nobody listens on now: the system's choice, or the first free one of the range
    PC1_TEST_PORTS names (e.g. 18300-18399, where ports are shared out among test runs)."""
    low, _, high = os.environ.get("PC1_TEST_PORTS", "0-0").partition("-")
    for port in range(int(low), int(high or low) + 1):
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return s.getsockname()[1]
    raise AssertionError(f"no free port in PC1_TEST_PORTS={os.environ['PC1_TEST_PORTS']}")


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (read from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def rss_mb(pid: int) -> float:
    """The resident memory of a process, in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def alive(pid: int) -> bool:
    """Whether `pid` runs (a zombie does not count)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@dataclass
class Served:
    """A running `pc1 serve`: its process, port and token."""

    proc: subprocess.Popen
    port: int
    token: str
    root: Path

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def url(self) -> str:
        return f"{self.base}/?token={self.token}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    @property
    def cookie(self) -> dict[str, str]:
        return {f"pc1-serve-token-{self.port}": self.token}

    def stop(self) -> None:
        """SIGTERM, then SIGKILL to the group if it has not ended in 10 s."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()


def start_server(root: Path, *args: str, timeout: float = 60,
                 env: dict[str, str] | None = None) -> Served:
    """Start `pc1 serve` on a free port of 127.0.0.1 and wait until it prints its URL."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "pc1", "serve", "--port", str(port), "--root", str(root), *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=root,
        env={**os.environ, **(env or {})},
        start_new_session=True)  # its own group: whatever is left can be killed with it
    deadline = time.monotonic() + timeout
    line = proc.stdout.readline()  # the first line is the URL, printed once it listens
    match = re.search(r"token=([A-Za-z0-9_-]+)", line)
    if not match or time.monotonic() > deadline:
        proc.kill()
        raise AssertionError(f"pc1 serve printed {line!r}; stderr: {proc.stderr.read()}")
    return Served(proc, port, match.group(1), root)


async def read_screen(ws, want: str, timeout: float = 90) -> str:
    """What the console draws on an open websocket, as text without escapes, until `want`."""
    import aiohttp

    seen = ""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while want not in seen:
        left = deadline - loop.time()
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
        elif msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED,
                          aiohttp.WSMsgType.ERROR):
            break
    return seen
