"""Request bodies have a deadline and a size limit, as request heads do (issue 32, point 3):
500 connections that promise a 60 KB body and send nothing do not shut anybody else out,
and are answered 408 and closed when their time is up; a body over the limit is refused
413 before the application reads it; a client that drops mid-body is an INFO line, never
an ERROR with a traceback. A real server on localhost, real sockets."""

from __future__ import annotations

import json
import logging
import resource
import selectors
import socket
import time

import pytest
from srvtest import LiveServer

from wasteland.server import limits

SLOW_CLIENTS = 500
PROMISE = (b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
           b"Content-Length: 60000\r\n\r\n")


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    server = LiveServer(str(tmp_path_factory.mktemp("db") / "slow.db")).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def many_files():
    """Room for the slow clients' sockets and the server's ends of them in this process."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = 4 * SLOW_CLIENTS + 256
    if soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(want, hard), hard))
    assert resource.getrlimit(resource.RLIMIT_NOFILE)[0] >= want, "the test needs more open files than allowed"
    yield
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_slow_bodies_do_not_shut_out_another_client(live, many_files, monkeypatch):
    monkeypatch.setattr(limits, "BODY_SECONDS", 2.0)
    # a first game warms the game's data (a second or so, once per process): not what is measured
    assert live.http.post("/api/games", json={"game": "saltlands"}).status_code == 201
    slow = []
    try:
        for _ in range(SLOW_CLIENTS):
            sock = socket.create_connection(("127.0.0.1", live.port), timeout=10)
            sock.sendall(PROMISE)
            slow.append(sock)
        # every slow client is connected and waiting on its body: another is still answered at once
        started = time.monotonic()
        r = live.http.post("/api/games", json={"game": "saltlands"}, timeout=5)
        answered = time.monotonic() - started
        assert r.status_code == 201, r.text
        assert answered < 1.0, f"another client waited {answered:.2f} s"
        # and the slow ones are refused and closed when their time is up, not held
        selector = selectors.DefaultSelector()
        for sock in slow:
            sock.setblocking(False)
            selector.register(sock, selectors.EVENT_READ)
        answers: dict[socket.socket, bytes] = {sock: b"" for sock in slow}
        closed = 0
        deadline = time.monotonic() + limits.BODY_SECONDS + 5
        while closed < len(slow) and time.monotonic() < deadline:
            for key, _ in selector.select(timeout=0.5):
                sock = key.fileobj
                try:
                    chunk = sock.recv(65536)
                except BlockingIOError:
                    continue
                except ConnectionResetError:
                    chunk = b""
                if chunk:
                    answers[sock] += chunk
                else:  # closed by the server
                    selector.unregister(sock)
                    closed += 1
        selector.close()
        assert closed == len(slow), f"{len(slow) - closed} slow clients still held after the deadline"
        for data in answers.values():
            assert data.startswith(b"HTTP/1.1 408 "), data[:200]
            assert json.loads(data.partition(b"\r\n\r\n")[2])["field"] == "body", data
    finally:
        for sock in slow:
            sock.close()


def test_a_body_over_the_limit_is_refused_before_it_is_read(live):
    with socket.create_connection(("127.0.0.1", live.port), timeout=10) as sock:
        sock.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 1000000000\r\n\r\n{")
        answer = sock.recv(65536)
    assert answer.startswith(b"HTTP/1.1 413 "), answer[:200]
    refusal = json.loads(answer.partition(b"\r\n\r\n")[2])
    assert refusal["code"] == "too_large" and refusal["field"] == "body", refusal
    # a chunked body that grows past the limit too
    with socket.create_connection(("127.0.0.1", live.port), timeout=10) as sock:
        sock.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Transfer-Encoding: chunked\r\n\r\n")
        chunk = b"a" * 16384
        answer = b""
        try:
            for _ in range(8):
                sock.sendall(b"%x\r\n" % len(chunk) + chunk + b"\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass
        try:
            while data := sock.recv(65536):
                answer += data
        except ConnectionResetError:
            pass
    assert answer.startswith(b"HTTP/1.1 413 "), answer[:200]
    assert live.http.get("/api").status_code == 200


def test_a_client_that_drops_mid_body_is_an_info_line(live, caplog):
    caplog.set_level(logging.INFO)
    with socket.create_connection(("127.0.0.1", live.port), timeout=10) as sock:
        sock.sendall(PROMISE + b'{"game": ')
        time.sleep(0.3)  # the application is reading the body
    deadline = time.monotonic() + 5
    while not any("request body" in r.getMessage() for r in caplog.records) and time.monotonic() < deadline:
        time.sleep(0.05)
    lines = [r for r in caplog.records if r.name.startswith(("wasteland", "uvicorn"))]
    assert any(r.levelno == logging.INFO and "request body" in r.getMessage() for r in lines), \
        [r.getMessage() for r in lines]
    assert not [r for r in lines if r.levelno >= logging.ERROR], [r.getMessage() for r in lines]
    assert live.http.get("/api").status_code == 200
