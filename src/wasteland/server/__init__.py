"""The multiplayer game server: people and bots play over HTTP and WebSocket, every game
kept as its record in SQLite or PostgreSQL. ``wasteland serve`` starts it; the API is
documented in ``API.md`` beside this file."""

from __future__ import annotations

__all__ = ["create_app", "serve"]


def create_app(*args, **kwargs):
    from .app import create_app as make

    return make(*args, **kwargs)


def serve(*args, **kwargs):
    from .run import serve as run

    return run(*args, **kwargs)
