"""How many games and companion sessions one client may create (issue 32, point 7).

Three clients once created 34,256 games in 70 seconds, the server's memory and database
growing without end. Each client (its address) has a bucket of :data:`BURST` creations
that refills at :data:`PER_MINUTE` a minute; a creation with the bucket empty is refused
429 ``too_many`` with ``Retry-After`` (seconds). Only creations that succeed take from
the bucket: a refused request stores nothing. The buckets of clients that have been
quiet long enough to be full again are forgotten, so the table stays small.

The address is uvicorn's: behind a reverse proxy on this machine, the one its
``X-Forwarded-For`` names. A client on this machine itself (loopback: the terminal's own
companion, tests, scripts of the server's owner) is not limited.
"""

from __future__ import annotations

import ipaddress
import math
import time

from .errors import ApiError

#: creations one client may make at once, and how many a minute after that (a table or
#: a lobby starts a game or two a minute; a script that starts thousands is refused)
BURST = 20
PER_MINUTE = 20
#: clients remembered at most (the fullest are forgotten first)
MAX_CLIENTS = 10_000


class CreationQuota:
    def __init__(self, burst: int = BURST, per_minute: float = PER_MINUTE, limit_loopback: bool = False) -> None:
        self.burst = burst
        self.limit_loopback = limit_loopback
        self.rate = per_minute / 60.0  # per second
        self.buckets: dict[str, tuple[float, float]] = {}  # client -> (tokens, at)

    def _tokens(self, client: str, now: float) -> float:
        tokens, at = self.buckets.get(client, (float(self.burst), now))
        return min(float(self.burst), tokens + (now - at) * self.rate)

    def check(self, client: str, what: str) -> None:
        """Refuse (429) when ``client`` may not create another ``what`` now."""
        now = time.monotonic()
        if self._exempt(client) or self._tokens(client, now) >= 1.0:
            return
        wait = max(1, math.ceil((1.0 - self._tokens(client, now)) / self.rate))
        raise TooMany(what, wait)

    def take(self, client: str) -> None:
        """``client`` created one."""
        if self._exempt(client):
            return
        now = time.monotonic()
        self.buckets[client] = (self._tokens(client, now) - 1.0, now)
        if len(self.buckets) > MAX_CLIENTS:
            self._forget(now)

    def _exempt(self, client: str) -> bool:
        if self.limit_loopback:
            return False
        try:
            return ipaddress.ip_address(client).is_loopback
        except ValueError:  # no address (a test client, a Unix socket): a client like any other
            return False

    def _forget(self, now: float) -> None:
        full = [c for c in self.buckets if self._tokens(c, now) >= self.burst]
        for client in full:
            del self.buckets[client]
        while len(self.buckets) > MAX_CLIENTS:  # all busy: the ones with the most left go first
            del self.buckets[max(self.buckets, key=lambda c: self._tokens(c, now))]


class TooMany(ApiError):
    def __init__(self, what: str, retry_after: int) -> None:
        super().__init__(429, "too_many", f"too many {what} created from this address; try again in "
                         f"{retry_after} s")
        self.retry_after = retry_after
