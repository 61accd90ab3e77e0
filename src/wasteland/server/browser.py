"""What the server tells a browser, and checks of what a browser sends (issue 32, point 8).

* Every HTTP answer carries a Content-Security-Policy: scripts, styles, images and
  connections from this origin only, no plugin, no ``<base>``, and no page may frame
  ours (``frame-ancestors 'none'``, and ``X-Frame-Options: DENY`` for older browsers).
  The pages load their scripts and style sheets as files; ``style-src-attr`` allows the
  ``style`` attributes the boards set (a seat's colour), which run no code.
* A WebSocket or a request body from a page of another site is refused: a browser names
  the page's origin in ``Origin``, and it must be this server's own (its ``Host``, or the
  ``X-Forwarded-Host`` of a reverse proxy) or one of the origins configured (``WASTELAND_ORIGINS``, comma-separated, e.g. a front end
  served from elsewhere). A client that is no browser sends no ``Origin`` and is not
  concerned: the token is its credential.
"""

from __future__ import annotations

import os
from typing import Any, Iterable
from urllib.parse import urlsplit

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; style-src-attr 'unsafe-inline'; "
       "img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")

SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
]


def configured_origins(given: Iterable[str] | None = None) -> frozenset[str]:
    """The other origins allowed besides the server's own: ``given``, else the
    environment's ``WASTELAND_ORIGINS``."""
    if given is None:
        given = os.environ.get("WASTELAND_ORIGINS", "").split(",")
    return frozenset(o.strip().rstrip("/").lower() for o in given if o.strip())


def origin_allowed(headers: Any, allowed: frozenset[str]) -> bool:
    """Does a request with these headers come from this site's pages (or no browser)?"""
    origin = headers.get("origin")
    if origin is None:
        return True
    origin = origin.strip().rstrip("/").lower()
    if origin in allowed:
        return True
    netloc = urlsplit(origin).netloc if "://" in origin else ""
    # the Host the browser asked for, or the one a reverse proxy says it was asked for (a page
    # cannot set either header on a WebSocket, nor on a request without a CORS preflight)
    hosts = {(headers.get(name) or "").split(",")[0].strip().lower() for name in ("host", "x-forwarded-host")}
    return bool(netloc) and netloc in hosts


class SecurityHeaders:
    """ASGI middleware: the headers above on every HTTP answer."""

    def __init__(self, app: Any) -> None:
        self.app = app

    def __getattr__(self, name: str) -> Any:  # ``.state`` and the like are the application's
        return getattr(self.app, name)

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []),
                                      *(h for h in SECURITY_HEADERS if h[0] not in present)]
            await send(message)

        await self.app(scope, receive, with_headers)
