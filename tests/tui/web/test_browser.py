"""`pc1 serve` in a real browser: Playwright driving the system's Chromium (Debian's package;
.ci/run installs it) opens the tokenised URL, presses INITIAL LOAD and CLEAR START, verifies
pi at full speed and sees the 97 limbs agree; a screenshot is kept in the test's tmp dir.

The console draws on a canvas, so the test reads what the server sends the page over the
websocket, as the page's terminal receives it.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

pytest.importorskip("textual_serve", reason="pc1 serve needs textual-serve (extra [serve])")
playwright = pytest.importorskip("playwright.sync_api",
                                 reason="the browser test needs Playwright (the [dev] extra)")

from tests.tui.web.served import ANSI, start_server  # noqa: E402 - after the skips

CHROMIUM = os.environ.get("PC1_CHROMIUM") or shutil.which("chromium") \
    or shutil.which("chromium-browser")


class Screen:
    """The text the page's terminal has received, escapes removed."""

    def __init__(self) -> None:
        self.text = ""

    def received(self, payload: str | bytes) -> None:
        if isinstance(payload, bytes):
            self.text += ANSI.sub("", payload.decode("utf-8", "replace"))

    def wait_for(self, want: str, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        start = len(self.text)
        while want not in self.text[start:] and time.monotonic() < deadline:
            page.wait_for_timeout(100)
        assert want in self.text[start:], f"{want!r} not seen; last: {self.text[-1500:]!r}"


page = None  # the open page, for Screen.wait_for's pauses (Playwright's sync API is one thread)


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium (apt-get install chromium; "
                    "or PC1_CHROMIUM=/path/to/chrome)")
def test_verify_pi_in_chromium(tmp_path: Path) -> None:
    global page
    served = start_server(tmp_path, "--max-speed")
    screen = Screen()
    requests: list[str] = []
    try:
        with playwright.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True)
            try:
                page = browser.new_page(viewport={"width": 1280, "height": 800})
                page.on("request", lambda r: requests.append(r.url))
                page.on("websocket", lambda ws: ws.on("framereceived", screen.received))
                page.goto(served.url)
                screen.wait_for("CLEAR START", 60)
                page.focus(".xterm-helper-textarea")  # keys go to the terminal, as after a click
                page.keyboard.press("i")  # INITIAL LOAD: the reader is still empty
                screen.wait_for("the reader is empty", 20)
                page.keyboard.press("c")  # CLEAR START
                page.keyboard.press("F2")  # the verify workbench
                screen.wait_for("Verify pi", 20)
                page.keyboard.press("p")
                screen.wait_for("97 of 97 limbs identical", 120)
                page.wait_for_timeout(500)
                page.screenshot(path=str(tmp_path / "verify-pi.png"))
            finally:
                browser.close()
    finally:
        page = None
        served.stop()
    assert (tmp_path / "verify-pi.png").stat().st_size > 10_000
    # the page asked nothing of the internet: every request went to the server
    assert requests and all(r.startswith(served.base) or r.startswith(served.ws)
                            for r in requests), requests
    assert not any("token=" in r for r in requests[1:])  # the token left the address at once
