"""The server's limits: every one a ``deduce serve`` flag and a
``DEDUCE_SERVE_*`` environment variable (the flag wins), listed with its
default in docs/server.md.  Plain data: the command line reads them without
importing the server.

>>> LIMITS["max-body"].default == MAX_BODY
True
>>> LIMITS["per-client"].env
'DEDUCE_SERVE_PER_CLIENT'
>>> LIMITS["timeout"].read("2.5")
2.5
>>> LIMITS["workers"].read("many")
Traceback (most recent call last):
...
ValueError: DEDUCE_SERVE_WORKERS: 'many' is not a whole number
"""

from __future__ import annotations

from typing import NamedTuple

#: The largest request body accepted (413 above it).
MAX_BODY = 1 << 20
#: Seconds of engine work per request by default (``--timeout``).
DEFAULT_TIMEOUT = 5.0
#: Seconds of engine work for a ``generate`` request (``--generate-timeout``).
GENERATE_TIMEOUT = 60.0
#: Worker processes by default (``--workers``): the machine's cores, at most this many.
MAX_DEFAULT_WORKERS = 4
#: Seconds a request may wait for a free worker before it is refused (503, busy).
QUEUE_WAIT = 60.0
#: Requests in flight (running or waiting for a worker) from one address, in each lane (429 above).
PER_CLIENT = 16
#: Workers kept for the cheap lane (taken from ``--workers``; at least one is left for everything).
CHEAP_WORKERS = 1
#: The deepest nesting of a body's JSON (a body is an object of plain values: 1, or 2 with an object inside).
MAX_DEPTH = 8
#: The longest integer in a body, in digits.
MAX_DIGITS = 20
#: Seconds to receive a request's headers, from the connection's first byte (or from its opening).
HEADER_TIMEOUT = 10.0
#: Seconds to receive a request's body once its headers are in (408 after).
BODY_TIMEOUT = 20.0
#: Seconds an idle keep-alive connection is kept.
KEEP_ALIVE = 5.0
#: Connections open at once; one more is closed as it opens.
MAX_CONNECTIONS = 256
#: Seconds requests in flight are given at shutdown before they are answered 503 (unavailable).
GRACE = 3.0


class Limit(NamedTuple):
    """One limit: its flag's name (without ``--``), type, default and help."""

    name: str
    kind: type
    default: float
    help: str

    @property
    def env(self) -> str:
        return "DEDUCE_SERVE_" + self.name.upper().replace("-", "_")

    @property
    def dest(self) -> str:
        return self.name.replace("-", "_")

    def read(self, text: str) -> float:
        """The value of ``text`` (an environment variable's), or ValueError naming it."""
        try:
            value = self.kind(text.strip())
        except ValueError:
            word = "a whole number" if self.kind is int else "a number"
            raise ValueError(f"{self.env}: {text!r} is not {word}") from None
        if value < 0 or (value == 0 and self.name != "workers"):
            raise ValueError(f"{self.env}: must be above 0, got {text!r}")
        return value


#: Every limit, by flag name (the order of ``deduce serve --help`` and of docs/server.md).
LIMITS: dict[str, Limit] = {lim.name: lim for lim in (
    Limit("workers", int, 0, "worker processes for the engine (0: the machine's cores, at most "
                             f"{MAX_DEFAULT_WORKERS})"),
    Limit("timeout", float, DEFAULT_TIMEOUT, "seconds of engine work per request (504 after)"),
    Limit("generate-timeout", float, GENERATE_TIMEOUT, "seconds of engine work per generate request"),
    Limit("queue-wait", float, QUEUE_WAIT, "seconds a request may wait for a free worker (503 after)"),
    Limit("per-client", int, PER_CLIENT, "requests in flight from one address in each lane (429 above)"),
    Limit("cheap-workers", int, CHEAP_WORKERS, "workers kept for cheap requests (solve, hint, convert, rate, "
                                               "explain of a 9x9)"),
    Limit("max-body", int, MAX_BODY, "largest request body, in bytes (413 above)"),
    Limit("max-depth", int, MAX_DEPTH, "deepest nesting of a body's JSON (400 above)"),
    Limit("max-digits", int, MAX_DIGITS, "longest integer in a body, in digits (400 above)"),
    Limit("header-timeout", float, HEADER_TIMEOUT, "seconds to receive a request's headers (closed after)"),
    Limit("body-timeout", float, BODY_TIMEOUT, "seconds to receive a request's body (408 after)"),
    Limit("keep-alive", float, KEEP_ALIVE, "seconds an idle connection is kept open"),
    Limit("max-connections", int, MAX_CONNECTIONS, "connections open at once (one more is closed)"),
    Limit("grace", float, GRACE, "seconds for requests in flight at shutdown (503 after)"),
)}
