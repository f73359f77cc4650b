"""uvicorn's HTTP/1.1 protocol (h11) with the guards it lacks: a time
limit on a request's headers, and a cap on the connections open at once.

uvicorn closes a connection that stays idle between requests
(``timeout_keep_alive``), but once a byte of a request has arrived it waits
for the rest of the headers for ever, and it keeps every connection it
accepts: a client sending a byte a second, or a thousand connections that
send nothing, hold the server.  Here a connection whose request headers are
not all in within ``header_timeout`` seconds (from its opening, or from the
first byte of its next request) is answered 408 and closed, and a connection
over ``max_connections`` is answered 503 and closed as it opens.  The body's
own time limit is the app's (:func:`deduce.server.app._read_json`: 408).
"""

from __future__ import annotations

import json
from typing import Any

from ..render.json import SCHEMA


def _raw(status: str, doc: dict[str, Any]) -> bytes:
    body = json.dumps({"schema": SCHEMA, **doc}).encode()
    return (f"HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {len(body)}\r\n"
            f"connection: close\r\n\r\n").encode() + body


def guarded_protocol(header_timeout: float, max_connections: int) -> type:
    """The protocol class for ``uvicorn.Config(http=...)``."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    late = _raw("408 Request Timeout", {"status": "invalid",
                                        "error": f"the request headers did not arrive within {header_timeout:g} s"})
    full = _raw("503 Service Unavailable", {"status": "busy", "reason": f"{max_connections} connections are open "
                                            "already: try again"})

    class GuardedH11Protocol(H11Protocol):
        header_timer: Any = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            if len(self.connections) > max_connections:
                transport.write(full)
                transport.close()
                return
            self._arm()

        def _waiting_for_headers(self) -> bool:
            return self.cycle is None or bool(self.cycle.response_complete)

        def _arm(self) -> None:
            if self.header_timer is None:
                self.header_timer = self.loop.call_later(header_timeout, self._headers_late)

        def _disarm(self) -> None:
            if self.header_timer is not None:
                self.header_timer.cancel()
                self.header_timer = None

        def data_received(self, data: bytes) -> None:
            if self._waiting_for_headers():
                self._arm()
            super().data_received(data)
            if not self._waiting_for_headers():
                self._disarm()

        def on_response_complete(self) -> None:
            self._disarm()   # idle now: uvicorn's keep-alive limit holds until the next request's first byte
            super().on_response_complete()

        def _headers_late(self) -> None:
            self.header_timer = None
            if self._waiting_for_headers() and not self.transport.is_closing():
                self.transport.write(late)
                self.transport.close()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

    return GuardedH11Protocol
