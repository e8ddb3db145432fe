"""Where `pc1 serve` listens and the URL it gives: a host checked before binding, a public URL.

A bad host is refused in one line naming it, before any socket is opened; the URL printed (and
the one the page uses) never names a wildcard address such as 0.0.0.0, which no browser can
reach.
"""

from __future__ import annotations

import ipaddress
import re
from urllib.parse import urlsplit

from pc1.base import InputError

WILDCARDS = {"0.0.0.0", "::", ""}
LOOPBACK_NAMES = {"localhost", "127.0.0.1", "::1"}
_LABEL = re.compile(r"^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$")


def check_host(host: str) -> str:
    """`host` if it is an IP address or a well-formed host name; else one line naming it."""
    shown = repr(host[:80] + ("…" if len(host) > 80 else ""))
    try:
        ipaddress.ip_address(host)
        return host
    except ValueError:
        pass
    if re.fullmatch(r"[0-9.]+", host):
        raise InputError(f"--host {shown}: not an IP address (each of the four numbers is "
                         "0 to 255)")
    name = host[:-1] if host.endswith(".") else host
    labels = name.split(".")
    if not name or len(name) > 253:
        raise InputError(f"--host {shown}: not a host name (1 to 253 characters)")
    for label in labels:
        if not _LABEL.match(label):
            why = ("a part longer than 63 characters" if len(label) > 63
                   else "letters, digits and inner hyphens between the dots only")
            raise InputError(f"--host {shown}: not a host name ({why})")
    return host


def is_loopback(host: str) -> bool:
    """Whether `host` reaches this computer only."""
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def check_public_url(url: str) -> str:
    """The URL the page is reached by (behind a proxy, or from other computers), without a '/'."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise InputError(f"--public-url {url[:80]!r}: not an http:// or https:// URL with a host")
    if parts.query or parts.fragment:
        raise InputError(f"--public-url {url[:80]!r}: no query or fragment, please")
    if parts.hostname in WILDCARDS:
        raise InputError(f"--public-url {url[:80]!r}: {parts.hostname} is no address a "
                         "browser can reach")
    return url.rstrip("/")


def local_url(host: str, port: int) -> str:
    """The URL of the server as this computer reaches it (a wildcard becomes 127.0.0.1)."""
    if host in WILDCARDS:
        host = "127.0.0.1"
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}"
