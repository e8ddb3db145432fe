"""The guard's rules, request by request: the token's three ways in, the Origin, the Host."""

from __future__ import annotations

import pytest

web = pytest.importorskip("aiohttp.web", reason="the guard is aiohttp middleware ([serve])")
from aiohttp.test_utils import make_mocked_request  # noqa: E402

from tui.web.guard import Guard, origin_of  # noqa: E402

TOKEN = "k" * 32


def request(path: str = "/", host: str = "127.0.0.1:8000", **headers: str):
    return make_mocked_request("GET", path, headers={"Host": host, **headers})


async def ok(req) -> web.Response:
    return web.Response(text="ok")


async def answer(guard: Guard, req) -> int:
    try:
        response = await guard.middleware(req, ok)
    except web.HTTPException as exc:
        return exc.status
    return response.status


@pytest.fixture
def guard() -> Guard:
    return Guard(TOKEN, 8000, loopback_only=True)


async def test_the_token_by_query_cookie_or_header(guard: Guard) -> None:
    assert await answer(guard, request()) == 403
    assert await answer(guard, request("/?token=wrong")) == 403
    assert await answer(guard, request(f"/static/x?token={TOKEN}")) == 200
    assert await answer(guard, request(Cookie=f"pc1-serve-token-8000={TOKEN}")) == 200
    assert await answer(guard, request(Cookie=f"pc1-serve-token-8001={TOKEN}")) == 403
    assert await answer(guard, request(Authorization=f"token {TOKEN}")) == 200


async def test_the_first_visit_trades_the_token_for_a_cookie(guard: Guard) -> None:
    with pytest.raises(web.HTTPFound) as redirect:
        await guard.middleware(request(f"/?token={TOKEN}&fontsize=12"), ok)
    assert redirect.value.location == "/?fontsize=12"
    cookie = redirect.value.cookies["pc1-serve-token-8000"]
    assert cookie.value == TOKEN and cookie["httponly"] and cookie["samesite"] == "Strict"


@pytest.mark.parametrize("origin, status", [
    ("http://127.0.0.1:8000", 200), ("http://evil.example", 403),
    ("http://127.0.0.1:8001", 403), ("null", 403),
])
async def test_the_origin_must_be_the_servers_own(guard: Guard, origin: str, status: int) -> None:
    req = request(Authorization=f"token {TOKEN}", Origin=origin)
    assert await answer(guard, req) == status


async def test_bound_to_loopback_the_host_must_be_this_computer(guard: Guard) -> None:
    auth = {"Authorization": f"token {TOKEN}"}
    assert await answer(guard, request(host="localhost:8000", **auth)) == 200
    assert await answer(guard, request(host="[::1]:8000", **auth)) == 200
    assert await answer(guard, request(host="evil.example:8000", **auth)) == 403
    anywhere = Guard(TOKEN, 8000, loopback_only=False)
    assert await answer(anywhere, request(host="pc1.lan:8000", **auth)) == 200


async def test_behind_a_proxy_the_public_origin_is_allowed() -> None:
    guard = Guard(TOKEN, 8000, loopback_only=True, public_url="https://pc1.example.org/x")
    req = request(Authorization=f"token {TOKEN}", Origin="https://pc1.example.org")
    assert await answer(guard, req) == 200
    assert origin_of("HTTPS://PC1.example.org:443/x") == "https://pc1.example.org:443"
