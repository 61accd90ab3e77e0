"""The server's log lines as JSON objects, one a line (``serve --log-format json``): the
time, the level, the logger, the message and, for a line about one game, its ``game_id``
(given by the code as ``extra={"game_id": ...}``), so that a log store can pick out
everything about one game across every node; ``node`` names the node that wrote it."""

from __future__ import annotations

import json
import logging
import os
import socket

#: the fields of a record that are passed on when the code gives them (``extra=``)
FIELDS = ("game_id", "session_id")


class JsonFormatter(logging.Formatter):
    def __init__(self, node: str | None = None) -> None:
        super().__init__()
        self.node = node or f"{socket.gethostname()}:{os.getpid()}"

    def format(self, record: logging.LogRecord) -> str:
        out = {"time": round(record.created, 3), "level": record.levelname, "logger": record.name,
               "message": record.getMessage(), "node": self.node}
        for name in FIELDS:
            value = getattr(record, name, None)
            if value is not None:
                out[name] = value
        if record.exc_info:
            out["error"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False)


def setup(fmt: str, node: str | None = None) -> None:
    """``text`` (the default: a line a person reads) or ``json``."""
    handler = logging.StreamHandler()
    if fmt == "json":
        handler.setFormatter(JsonFormatter(node))
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.INFO)
