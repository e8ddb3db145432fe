"""Who may use the served console: the token, the Origin and the Host of each request.

Jupyter's model. A random token is made at each start (or given); every request must carry it,
as `?token=` (the URL printed at start), a cookie set on the first visit, or an
`Authorization: token ...` header. A browser's request must come from the served page itself:
its Origin header must be the server's own, so no other web site can drive a console through
the user's browser. Bound to this computer only, the Host must name this computer too, which
turns away pages that rebind their own name to 127.0.0.1.
"""

from __future__ import annotations

import hmac
from collections.abc import Awaitable, Callable
from urllib.parse import urlsplit

from aiohttp import web

from tui.web.address import is_loopback

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def origin_of(url: str) -> str:
    """The origin (scheme://host[:port]) of a URL, as browsers send it."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


class Guard:
    """The aiohttp middleware that refuses (403) a request without the token or from elsewhere."""

    def __init__(self, token: str, port: int, *, loopback_only: bool,
                 public_url: str | None = None) -> None:
        self.token = token
        self.cookie = f"pc1-serve-token-{port}"  # cookies ignore ports: one name per server
        self.loopback_only = loopback_only
        self.public_origin = origin_of(public_url) if public_url else None

    def has_token(self, request: web.Request) -> bool:
        """Whether the request carries the token (query, cookie or Authorization header)."""
        given = [request.query.get("token", ""), request.cookies.get(self.cookie, "")]
        scheme, _, value = request.headers.get("Authorization", "").partition(" ")
        if scheme.lower() == "token":
            given.append(value.strip())
        return any(g and hmac.compare_digest(g.encode(), self.token.encode()) for g in given)

    def origin_allowed(self, request: web.Request) -> bool:
        """No Origin (not a browser), the server's own, or the public URL's."""
        origin = request.headers.get("Origin")
        if origin is None:
            return True
        own = f"{request.scheme}://{request.host}".lower()
        return origin.lower() in {own, self.public_origin}

    def host_allowed(self, request: web.Request) -> bool:
        """Bound to this computer only, the Host header must name this computer."""
        if not self.loopback_only or self.public_origin is not None:
            return True
        host = urlsplit(f"//{request.host}").hostname or ""
        return is_loopback(host)

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Refuse what is not allowed; set the cookie when the token came in the URL."""
        if not self.host_allowed(request):
            raise web.HTTPForbidden(text="403: this server answers to 127.0.0.1 and "
                                    "localhost only\n")
        if not self.origin_allowed(request):
            raise web.HTTPForbidden(text="403: a request from another web site\n")
        if not self.has_token(request):
            raise web.HTTPForbidden(text="403: a token is needed: open the URL that "
                                    "pc1 serve printed\n")
        if "token" in request.query and request.method == "GET" and request.path == "/":
            # the token leaves the address bar (and the history) for a cookie, as Jupyter does
            rest = {k: v for k, v in request.query.items() if k != "token"}
            response = web.HTTPFound(str(request.rel_url.with_query(rest or None)))
            response.set_cookie(self.cookie, self.token, httponly=True, samesite="Strict",
                                path="/")
            raise response
        response = await handler(request)
        if not response.prepared:  # a websocket or a download has sent its headers
            response.headers.setdefault("X-Frame-Options", "DENY")
            response.headers.setdefault("Referrer-Policy", "no-referrer")
        return response
