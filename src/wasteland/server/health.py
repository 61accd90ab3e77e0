"""What a load balancer and a monitor ask a node (``docs/scaling.md``):

    GET /healthz   200 while the process answers (a liveness probe)
    GET /readyz    200 when the node can take games now: the database committed a
                   transaction of this node's within FRESH_SECONDS or answers a ping within
                   READY_SECONDS (a busy node's queue of writes must not make it look
                   dead), its announcements are listened to (PostgreSQL), and the node is
                   not draining; else 503 with the reason
    GET /metrics   Prometheus' text format (metrics.py)
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

READY_SECONDS = 2.0
FRESH_SECONDS = 3.0


async def healthz(request: Request) -> Response:
    return JSONResponse({"status": "ok"})


async def readyz(request: Request) -> Response:
    hub = request.app.state.hub
    reason = None
    if hub.draining or hub.closing:
        reason = "draining"
    elif not hub.notices.listening:
        reason = "not listening to the database's announcements"
    elif not (hub.store.reachable and time.monotonic() - hub.store.last_commit < FRESH_SECONDS):
        try:
            await asyncio.wait_for(hub.store.ping(), READY_SECONDS)
        except Exception as exc:
            reason = f"database unavailable: {type(exc).__name__}"
    if reason is not None:
        return JSONResponse({"status": "unavailable", "reason": reason}, status_code=503)
    return JSONResponse({"status": "ready", "games_in_memory": len(hub.rooms)})


async def metrics(request: Request) -> Response:
    return Response(request.app.state.hub.metrics.text(), media_type="text/plain; version=0.0.4; charset=utf-8")


def routes() -> list[Any]:
    return [Route("/healthz", healthz, methods=["GET"]), Route("/readyz", readyz, methods=["GET"]),
            Route("/metrics", metrics, methods=["GET"])]
