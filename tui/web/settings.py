"""What one `pc1 serve` is started with: address, token, folder, and the consoles it runs."""

from __future__ import annotations

import re
import secrets
import sys
from dataclasses import dataclass, field
from pathlib import Path

from pc1.base import InputError
from tui.web.address import local_url
from tui.web.limits import MAX_CONSOLES

TOKEN_CHARS = re.compile(r"^[A-Za-z0-9_-]{16,128}$")
TOKEN_ENV = "PC1_SERVE_TOKEN"  # the token from the environment, beside --token


def new_token() -> str:
    """A random token: 192 bits, URL-safe."""
    return secrets.token_urlsafe(24)


def check_token(token: str) -> str:
    """A token given by the user: 16 to 128 URL-safe characters, else one line."""
    if not TOKEN_CHARS.match(token):
        raise InputError("the token must be 16 to 128 characters, each a letter, a digit, "
                         "'-' or '_'")
    return token


@dataclass(frozen=True)
class Settings:
    """One server's settings; `host`, `public_url` and `token` checked by the caller."""

    root: Path
    host: str = "127.0.0.1"
    port: int = 8000
    token: str = field(default_factory=new_token)
    public_url: str | None = None
    clock_hz: float = 15_000.0
    max_speed: bool = False
    max_consoles: int = MAX_CONSOLES
    title: str = "PC-1 Parametron Workbench"

    @property
    def url(self) -> str:
        """The server's URL as printed: the public one, else this computer's."""
        return self.public_url or local_url(self.host, self.port)

    def console_argv(self) -> list[str]:
        """The command of each browser tab's console: this Python's pc1 tui, kept to root."""
        argv = [sys.executable, "-m", "pc1", "tui", "--clock", f"{self.clock_hz:g}",
                "--root", str(self.root)]
        if self.max_speed:
            argv.append("--max-speed")
        return argv
