"""The node's Prometheus metrics (``GET /metrics``) and its health for the load balancer
(``GET /healthz``: the process answers; ``GET /readyz``: it can take games now: the
database answers, its announcements are listened to, and it is not draining).

Each app has a registry of its own (tests run several apps in one process)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily
from prometheus_client.registry import Collector

if TYPE_CHECKING:
    from .hub import Hub

#: seconds from an action's arrival to its acknowledgement (commit included)
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class Metrics:
    def __init__(self, hub: "Hub") -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.actions = Counter("wasteland_actions", "Actions committed by this node, by who played them",
                               ["source"], registry=r)
        self.latency = Histogram("wasteland_action_seconds", "From an action's arrival to its acknowledgement",
                                 buckets=LATENCY_BUCKETS, registry=r)
        self.refused = Counter("wasteland_stale_commits", "Changes refused because another node changed the "
                               "game first (then read again)", registry=r)
        self.taken = Counter("wasteland_remote_changes", "Changes made by other nodes that this node's copies "
                             "took: from the announcement itself, or by reading the database", ["how"],
                             registry=r)
        self.sockets = Gauge("wasteland_open_sockets", "WebSockets open on this node", registry=r)
        self.rooms = Gauge("wasteland_games_in_memory", "Games this node holds a copy of", registry=r)
        self.rooms.set_function(lambda: len(hub.rooms))
        self.draining = Gauge("wasteland_draining", "1 while the node drains (SIGTERM)", registry=r)
        self.draining.set_function(lambda: 1 if hub.draining else 0)
        r.register(_StoreCollector(hub))
        self._by_source: dict[str, Any] = {}

    def acted(self, source: str, seconds: float) -> None:
        """One action committed here: its counter's child is kept (``labels`` locks and
        looks it up again at every call, a third of what counting an action costs)."""
        child = self._by_source.get(source)
        if child is None:
            child = self._by_source[source] = self.actions.labels(source)
        child.inc()
        self.latency.observe(seconds)

    def text(self) -> bytes:
        return generate_latest(self.registry)


class _StoreCollector(Collector):
    """Counters kept by the store's and the notices' own threads and loops."""

    def __init__(self, hub: "Hub") -> None:
        self.hub = hub

    def collect(self) -> Iterator[Any]:
        yield CounterMetricFamily("wasteland_database_errors", "Transactions lost to the database",
                                  value=self.hub.store.errors)
        yield CounterMetricFamily("wasteland_announcements", "Changes announced by the database and read",
                                  value=self.hub.notices.received)
