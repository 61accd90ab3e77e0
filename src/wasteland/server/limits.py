"""Bounds on what a connection may make the server hold before it has sent a request.

uvicorn's httptools protocol reads request headers of any size and waits for the rest of a
half-sent request for ever (its keep-alive timeout starts only after a first response).
:class:`GuardedHttpToolsProtocol` bounds both: the request line and headers of one
request may take :data:`MAX_HEAD_BYTES` (else 431) and must arrive within
:data:`HEAD_SECONDS` of the connection or of its first byte (else 408); both answers
close the connection. Behind ``--processes`` the router hands each connection to a shard
with the bytes it read first, which this protocol counts too.

A request body is bounded the same way: at most :data:`MAX_BODY_BYTES` (a
``Content-Length`` over it is refused 413 before the application sees the request, a
chunked body as soon as it grows past it), and all of it within :data:`BODY_SECONDS` of the
end of the head (else 408 and the connection closes). Without this, connections that
promise a 60 KB body and send nothing held the server's file descriptors for as long as
they liked (issue 32).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from .errors import MAX_MESSAGE

#: the most bytes of request line and headers one request may send.
MAX_HEAD_BYTES = 64 * 1024  # as a request body (errors.MAX_MESSAGE); the router reads 16 KiB of it
#: seconds a connection has to send a complete request head.
HEAD_SECONDS = 10.0
#: the most bytes of one request body: a body is one JSON message (errors.MAX_MESSAGE).
MAX_BODY_BYTES = MAX_MESSAGE
#: seconds a request has, from the end of its head, to send all of its body.
BODY_SECONDS = 10.0

_REASONS = {408: b"Request Timeout", 413: b"Content Too Large", 431: b"Request Header Fields Too Large"}


class GuardedHttpToolsProtocol(HttpToolsProtocol):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._head_bytes = 0
        self._in_head = True  # between requests and before the end of a request's head
        self._head_timer: asyncio.TimerHandle | None = None
        self._parsed_head = 0  # bytes of the current head seen by the parser
        self._too_large = False
        self._body_timer: asyncio.TimerHandle | None = None
        self._body_bytes = 0
        self._body_too_large = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self._disarm_body()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._in_head:
            self._head_bytes += len(data)
            if self._head_timer is None:
                self._arm()
        super().data_received(data)
        # Counted after parsing: a body that came in the same read as the head is not head.
        if self._in_head and self._head_bytes > MAX_HEAD_BYTES and not self.transport.is_closing():
            self._refuse(431, f"the request line and headers are over {MAX_HEAD_BYTES} bytes")

    # A head that came in one read is measured as it is parsed; raising from a parser
    # callback stops the parser (an HttpParserError, answered by send_400_response).
    def on_message_begin(self) -> None:
        self._parsed_head = 0
        super().on_message_begin()

    def on_url(self, url: bytes) -> None:
        self._count(len(url))
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self._count(len(name) + len(value) + 4)
        super().on_header(name, value)

    def _count(self, size: int) -> None:
        self._parsed_head += size
        if self._parsed_head > MAX_HEAD_BYTES:
            self._too_large = True
            raise ValueError("request head too large")

    def send_400_response(self, msg: str) -> None:
        if self._too_large:
            self._refuse(431, f"the request line and headers are over {MAX_HEAD_BYTES} bytes")
            return
        if self._body_too_large:
            self._refuse(413, f"the request body is over {MAX_BODY_BYTES} bytes", field="body")
            return
        super().send_400_response(msg)

    def on_headers_complete(self) -> None:
        self._in_head = False
        self._disarm()
        self._body_bytes = 0
        upgrade = self.parser.should_upgrade()
        length = self._content_length()
        if not upgrade and length is not None and length > MAX_BODY_BYTES:
            self._body_too_large = True  # before the application sees the request
            raise ValueError("request body too large")
        super().on_headers_complete()
        if not upgrade and (length or self._chunked()) and not self.transport.is_closing():
            self._body_timer = self.loop.call_later(BODY_SECONDS, self._body_too_slow)

    def on_body(self, body: bytes) -> None:
        self._body_bytes += len(body)
        if self._body_bytes > MAX_BODY_BYTES:  # a chunked body, which has no Content-Length
            self._body_too_large = True
            raise ValueError("request body too large")
        super().on_body(body)

    def on_message_complete(self) -> None:
        self._disarm_body()
        super().on_message_complete()

    def on_response_complete(self) -> None:
        self._disarm_body()  # answered without its body (a refusal): what follows is a next head
        super().on_response_complete()
        self._in_head, self._head_bytes = True, 0  # the keep-alive timeout waits for the next one

    # -- the guard ----------------------------------------------------------------------

    def _arm(self) -> None:
        self._disarm()
        self._head_timer = self.loop.call_later(HEAD_SECONDS, self._too_slow)

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _too_slow(self) -> None:
        self._head_timer = None
        if self._in_head and not self.transport.is_closing():
            self._refuse(408, f"the request head did not arrive within {HEAD_SECONDS:g} seconds")

    def _content_length(self) -> int | None:
        for name, value in self.headers:
            if name == b"content-length":
                return int(value) if value.isdigit() else None  # the parser refuses a malformed one
        return None

    def _chunked(self) -> bool:
        return any(name == b"transfer-encoding" and b"chunked" in value.lower() for name, value in self.headers)

    def _disarm_body(self) -> None:
        if self._body_timer is not None:
            self._body_timer.cancel()
            self._body_timer = None

    def _body_too_slow(self) -> None:
        self._body_timer = None
        if not self.transport.is_closing():
            self._refuse(408, f"the request body did not arrive within {BODY_SECONDS:g} seconds", field="body")

    def _refuse(self, status: int, message: str, field: str | None = None) -> None:
        self._disarm()
        self._disarm_body()
        code = "too_large" if status == 413 else "bad_request"
        answer = {"error": message, "rule": None, "code": code, "status": status}
        if field is not None:
            answer["field"] = field
        body = json.dumps(answer).encode()
        head = (f"HTTP/1.1 {status} ".encode() + _REASONS[status] + b"\r\ncontent-type: application/json\r\n"
                b"content-length: " + str(len(body)).encode() + b"\r\nconnection: close\r\n\r\n")
        self.transport.write(head + body)
        self.transport.close()
