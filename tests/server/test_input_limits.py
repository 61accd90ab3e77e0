"""Connections that would make the server hold more than it should: oversized and half-sent
request heads (single process and behind the router), and the router at its open-file
limit. Real servers on localhost, real sockets."""

from __future__ import annotations

import resource
import socket
import time

import httpx
import pytest
from srvtest import LiveServer, ServerProcess

from wasteland.server import limits


def raw_request(port: int, data: bytes, timeout: float = 20) -> bytes:
    """Send ``data`` (as far as the server reads it) and return what the server answers."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        try:
            sock.sendall(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server refused and closed while we were still sending
        answer = b""
        try:
            while chunk := sock.recv(65536):
                answer += chunk
        except (ConnectionResetError, TimeoutError):
            pass
        return answer


def big_header(size: int) -> bytes:
    return b"GET /api HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * size + b"\r\n\r\n"


@pytest.fixture(scope="module")
def sqlite_server(tmp_path_factory):
    live = LiveServer(str(tmp_path_factory.mktemp("db") / "limits.db")).start()
    try:
        yield live
    finally:
        live.stop()


@pytest.fixture(scope="module")
def router(tmp_path_factory):
    cwd = tmp_path_factory.mktemp("router")
    proc = ServerProcess(str(cwd / "router.db"), str(cwd), processes=2)
    try:
        yield proc
    finally:
        proc.kill()


@pytest.mark.parametrize("size", [limits.MAX_HEAD_BYTES + 100, 10 * 2**20, 50 * 2**20])
@pytest.mark.parametrize("where", ["single", "router"])
def test_oversized_request_heads_are_refused_431(request, where, size):
    server = request.getfixturevalue("sqlite_server" if where == "single" else "router")
    answer = raw_request(server.port, big_header(size))
    assert answer.startswith(b"HTTP/1.1 431 "), answer[:200]
    assert server.http.get("/api").status_code == 200
    # A head just under the limit is still served.
    assert raw_request(server.port, big_header(limits.MAX_HEAD_BYTES - 200)).startswith(b"HTTP/1.1 200 ")


def test_half_sent_request_heads_are_closed_after_the_head_timeout(sqlite_server, monkeypatch):
    monkeypatch.setattr(limits, "HEAD_SECONDS", 1.0)
    socks = []
    try:
        for number in range(100):
            sock = socket.create_connection(("127.0.0.1", sqlite_server.port), timeout=10)
            if number % 2:  # half of them send part of a head, the others nothing at all
                sock.sendall(b"GET /api HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            socks.append(sock)
        time.sleep(2.5)
        for sock in socks:
            answer = sock.recv(65536)
            assert answer.startswith(b"HTTP/1.1 408 "), answer[:200]
            assert sock.recv(65536) == b""  # and closed
    finally:
        for sock in socks:
            sock.close()
    # A complete request sent slowly within the limit is served.
    with socket.create_connection(("127.0.0.1", sqlite_server.port), timeout=10) as sock:
        sock.sendall(b"GET /api HTTP/1.1\r\n")
        time.sleep(0.3)
        sock.sendall(b"Host: x\r\nConnection: close\r\n\r\n")
        assert sock.recv(65536).startswith(b"HTTP/1.1 200 ")


def test_a_node_survives_its_open_file_limit(tmp_path):
    """Idle connections up to a node's open-file limit: it refuses what it cannot take
    (503) or leaves it waiting, never exits, and serves again once they go. (One node: the
    process ``serve`` starts is the node itself.)"""
    proc = ServerProcess(str(tmp_path / "fd.db"), str(tmp_path), processes=1)
    try:
        limit = 64
        resource.prlimit(proc.proc.pid, resource.RLIMIT_NOFILE, (limit, limit))
        idle = []
        for _ in range(3 * limit):
            sock = socket.create_connection(("127.0.0.1", proc.port), timeout=10)
            idle.append(sock)
        time.sleep(1.0)
        # At the limit a new request is refused, dropped or left waiting (a clear answer to
        # a client over capacity is the balancer's: HAProxy's maxconn), but the node lives.
        try:
            r = httpx.get(f"{proc.base}/api", timeout=3)
            assert r.status_code in (200, 503), r.text
        except httpx.TransportError:
            pass
        assert proc.proc.poll() is None, "the node exited at its open-file limit"
        for sock in idle:
            sock.close()
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"{proc.base}/api", timeout=3).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert proc.proc.poll() is None, "the node exited"
            assert time.monotonic() < deadline, "the node did not serve again"
            time.sleep(0.2)
        assert proc.http.post("/api/games", json={"players": 1}).status_code == 201
    finally:
        proc.kill()
