"""Where pc1 serve listens: hosts checked in one line, the URL never a wildcard."""

from __future__ import annotations

import pytest

from pc1.base import InputError
from tui.web.address import check_host, check_public_url, is_loopback, local_url


@pytest.mark.parametrize("host", ["127.0.0.1", "::1", "0.0.0.0", "::", "localhost",
                                  "pc1.example.org", "a-b.c", "x" * 63])
def test_good_hosts_pass(host: str) -> None:
    assert check_host(host) == host


@pytest.mark.parametrize("host, why", [
    ("256.0.0.1", "--host '256.0.0.1': not an IP address"),
    ("1.2.3", "--host '1.2.3': not an IP address"),
    ("x" * 64, "a part longer than 63 characters"),
    ("a..b", "letters, digits and inner hyphens"),
    ("-a.b", "letters, digits and inner hyphens"),
    ("evil host", "letters, digits and inner hyphens"),
    ("", "not a host name"),
])
def test_bad_hosts_are_one_line_naming_them(host: str, why: str) -> None:
    with pytest.raises(InputError) as err:
        check_host(host)
    assert why in str(err.value) and "\n" not in str(err.value)


def test_the_url_is_never_a_wildcard() -> None:
    assert local_url("0.0.0.0", 8000) == "http://127.0.0.1:8000"
    assert local_url("::1", 8000) == "http://[::1]:8000"
    assert is_loopback("127.0.0.2") and is_loopback("localhost") and not is_loopback("0.0.0.0")


@pytest.mark.parametrize("url, why", [
    ("pc1.example.org", "not an http:// or https:// URL"),
    ("ftp://pc1.example.org", "not an http:// or https:// URL"),
    ("http://0.0.0.0:8000", "no address a browser can reach"),
    ("https://x.org/?token=1", "no query or fragment"),
])
def test_public_urls_are_checked(url: str, why: str) -> None:
    with pytest.raises(InputError, match=why):
        check_public_url(url)
    assert check_public_url("https://pc1.example.org/") == "https://pc1.example.org"
