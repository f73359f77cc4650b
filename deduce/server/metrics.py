"""The server's Prometheus metrics, served at ``/metrics`` through
``prometheus-client`` (in the ``web`` extra): requests by endpoint and
status, their latency by endpoint and lane, requests waiting for a worker
by lane, workers up, workers replaced, time limits run out, and requests
refused before they were run (by reason).  Each app has its own registry
(several apps in one process do not mix their counts)."""

from __future__ import annotations

from typing import Any, Iterator

try:
    from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
    from prometheus_client.exposition import CONTENT_TYPE_LATEST
    from prometheus_client.metrics_core import CounterMetricFamily, GaugeMetricFamily

    HAVE_PROMETHEUS = True
except ImportError:   # an install without the web extra's metrics: /metrics says so
    HAVE_PROMETHEUS = False

#: Latency buckets, in seconds (a hint takes hundredths, a generate up to a minute).
BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)


class Metrics:
    """The counters of one server (``server``: its pool and settings)."""

    def __init__(self, server: Any):
        self.server = server
        self.registry: Any = None
        if not HAVE_PROMETHEUS:
            return
        self.registry = CollectorRegistry(auto_describe=True)
        self.requests = Counter("deduce_serve_requests", "Requests answered, by endpoint and status",
                                ["endpoint", "status"], registry=self.registry)
        self.latency = Histogram("deduce_serve_request_seconds", "Seconds from a request's headers to its "
                                 "answer's end, by endpoint and lane", ["endpoint", "lane"], buckets=BUCKETS,
                                 registry=self.registry)
        self.timeouts = Counter("deduce_serve_timeouts", "Requests whose time limit ran out (504)", ["endpoint"],
                                registry=self.registry)
        self.refusals = Counter("deduce_serve_refused", "Requests refused before they were run, by reason "
                                "(per-client, host, origin, framing, body-timeout)", ["reason"],
                                registry=self.registry)
        self.registry.register(_PoolCollector(server))

    def request(self, endpoint: str, status: int, seconds: float, lane: str | None) -> None:
        if self.registry is not None:
            self.requests.labels(endpoint, str(status)).inc()
            self.latency.labels(endpoint, lane or "none").observe(seconds)

    def timeout(self, endpoint: str) -> None:
        if self.registry is not None:
            self.timeouts.labels(endpoint).inc()

    def refused(self, reason: str) -> None:
        if self.registry is not None:
            self.refusals.labels(reason).inc()

    def exposition(self) -> tuple[bytes, str]:
        """The text exposition format, and its media type."""
        if self.registry is None:
            return b"# prometheus-client is not installed (pip install 'deduce-sudoku[web]')\n", "text/plain"
        return generate_latest(self.registry), CONTENT_TYPE_LATEST


class _PoolCollector:
    """The pool's figures, read when /metrics is asked for."""

    def __init__(self, server: Any):
        self.server = server

    def describe(self) -> list[Any]:
        return []

    def collect(self) -> Iterator[Any]:
        pool = self.server.pool
        depth = GaugeMetricFamily("deduce_serve_queue_depth", "Requests waiting for a worker, by lane",
                                  labels=["lane"])
        for lane in pool.waiting:
            depth.add_metric([lane], pool.depth(lane))
        yield depth
        yield GaugeMetricFamily("deduce_serve_workers", "Worker processes alive", value=len(pool.pids()))
        yield CounterMetricFamily("deduce_serve_workers_replaced", "Workers killed and started again (time "
                                  "limit, death)", value=pool.replaced)
        in_flight = GaugeMetricFamily("deduce_serve_in_flight", "Requests admitted and not yet answered, by lane",
                                      labels=["lane"])
        for lane in pool.waiting:
            in_flight.add_metric([lane], sum(n for (_, la), n in self.server.in_flight.items() if la == lane))
        yield in_flight
