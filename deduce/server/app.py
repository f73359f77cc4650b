"""The ASGI application of ``deduce serve``: the web app and the JSON API.

Built on Starlette (routing, requests, streamed responses, CORS) and run
by uvicorn; the engine work goes to a :class:`~deduce.server.pool.Pool`
of worker processes.  Every response carries a Content-Security-Policy
that allows this server's own address only; no route reads a file named
by a request (the app's assets are a fixed list of package resources).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import re
import time
import uuid
from importlib import resources
from typing import Any, AsyncGenerator, AsyncIterator, Awaitable, Callable

import attrs
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from ..render.json import SCHEMA
from . import limits
from .jobs import API, APP, OPTIONS, STREAMED, lane
from .metrics import Metrics
from .pool import DEFAULT_TARGET, Pool, PoolBusy, PoolClosed, WorkerDied, WorkerTimeout

#: One JSON line per request (see docs/server.md); ``deduce serve`` sends it to standard error.
ACCESS_LOG = logging.getLogger("deduce.serve.access")
#: The server's own messages: an internal failure in one line (its traceback at debug level only).
LOG = logging.getLogger("deduce.serve")
#: The names every server answers to; ``--allowed-host`` adds more (``*``: any).
LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")

#: Only this server's own address, for everything the page loads or calls.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")

#: The app's files: URL name -> (package resource, media type).  Nothing else is served.
ASSETS = {
    "app.js": ("app.js", "text/javascript"),
    "grid.js": ("grid.js", "text/javascript"),
    "steps.js": ("steps.js", "text/javascript"),
    "app.css": ("app.css", "text/css"),
    "page.css": ("page.css", "text/css"),
    # coachplus: the app's features (colours, kept games, share and export, timer, print, strategy pages, rating)
    **{f"{name}.js": (f"{name}.js", "text/javascript")
       for name in ("colours", "games", "share", "timer", "print", "strategy", "rating")},
    **{f"{name}.css": (f"{name}.css", "text/css") for name in ("features", "theme", "print")},
}


@attrs.frozen
class Settings:
    """How the server runs (the options of ``deduce serve``; see :mod:`.limits`)."""

    workers: int = 2
    timeout: float = limits.DEFAULT_TIMEOUT
    cors: str | None = None
    max_body: int = limits.MAX_BODY
    #: seconds a request may wait for a free worker (503 after)
    wait: float = limits.QUEUE_WAIT
    #: the job each worker runs (``module:function``; tests give their own)
    target: str = DEFAULT_TARGET
    generate_timeout: float = limits.GENERATE_TIMEOUT
    per_client: int = limits.PER_CLIENT
    cheap_workers: int = limits.CHEAP_WORKERS
    max_depth: int = limits.MAX_DEPTH
    max_digits: int = limits.MAX_DIGITS
    body_timeout: float = limits.BODY_TIMEOUT
    grace: float = limits.GRACE
    #: Host names answered besides :data:`LOCAL_HOSTS` (``"*"``: any)
    allowed_hosts: tuple[str, ...] = ()


def _asset(name: str) -> bytes:
    return resources.files("deduce.render").joinpath("assets", name).read_bytes()


class _Refused(Exception):
    def __init__(self, status: int, doc: dict[str, Any]):
        super().__init__(doc)
        self.status = status
        self.doc = doc


def invalid(error: str) -> JSONResponse:
    return JSONResponse({"schema": SCHEMA, "status": "invalid", "error": " ".join(error.split())}, status_code=400)


class _Gone(Exception):
    """The client went away before its request was read."""


def _refused(status: int, error: str) -> _Refused:
    return _Refused(status, {"schema": SCHEMA, "status": "invalid", "error": error})


async def _read_json(request: Request, settings: Settings) -> Any:
    """The body, read within ``body_timeout`` and checked before anything
    else: its size, its encoding, its JSON, its depth and its numbers."""
    limit = settings.max_body
    length = request.headers.get("content-length")
    if length is not None and length.isdigit() and int(length) > limit:
        raise _refused(413, f"the request body is over {limit} bytes")
    size, chunks = 0, []
    stream = request.stream()
    deadline = time.monotonic() + settings.body_timeout
    try:
        while True:
            try:
                chunk = await asyncio.wait_for(stream.__anext__(), max(0.0, deadline - time.monotonic()))
            except StopAsyncIteration:
                break
            size += len(chunk)
            if size > limit:
                raise _refused(413, f"the request body is over {limit} bytes")
            chunks.append(chunk)
    except TimeoutError:
        raise _Refused(408, {"schema": SCHEMA, "status": "invalid", "error":
                             f"the request body did not arrive within {settings.body_timeout:g} s"}) from None
    except ClientDisconnect:
        raise _Gone() from None
    return parse_body(b"".join(chunks), settings.max_depth, settings.max_digits)


def parse_body(raw: bytes, max_depth: int = limits.MAX_DEPTH, max_digits: int = limits.MAX_DIGITS) -> Any:
    """The JSON of a body; raises :class:`_Refused` (400, one line) for
    anything the engine should never see: not UTF-8, not JSON, nested
    deeper than ``max_depth``, an integer of more than ``max_digits``
    digits, NaN or Infinity.

    >>> parse_body(b'{"puzzle": "1234", "limit": 10}')
    {'puzzle': '1234', 'limit': 10}
    >>> try:
    ...     parse_body(b'{"a": [[[1]]]}', max_depth=3)
    ... except _Refused as refused:
    ...     print(refused.status, refused.doc["error"])
    400 the request body is nested deeper than 3 levels
    """
    def integer(text: str) -> int:
        if len(text.lstrip("-")) > max_digits:
            raise _refused(400, f"the request body holds an integer of {len(text.lstrip('-'))} digits "
                                f"(at most {max_digits})")
        return int(text)

    def constant(text: str) -> Any:
        raise _refused(400, f"the request body is not JSON: {text} is not a JSON number")

    try:
        doc = json.loads(raw.decode("utf-8"), parse_int=integer, parse_constant=constant)
    except UnicodeDecodeError as exc:
        raise _refused(400, f"the request body is not UTF-8 (byte {exc.start + 1})") from None
    except json.JSONDecodeError as exc:
        raise _refused(400, f"the request body is not JSON: {exc.msg} at line {exc.lineno} "
                            f"column {exc.colno}") from None
    except RecursionError:
        raise _refused(400, f"the request body is nested deeper than {max_depth} levels") from None
    stack: list[tuple[Any, int]] = [(doc, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (dict, list)):
            if depth > max_depth:
                raise _refused(400, f"the request body is nested deeper than {max_depth} levels")
            stack.extend((v, depth + 1) for v in (value.values() if isinstance(value, dict) else value))
    return doc


def _timeout_doc(seconds: float) -> dict[str, Any]:
    return {"schema": SCHEMA, "status": "timeout", "reason": f"no answer within {seconds:g} s"}


ERROR_DOC = {"schema": SCHEMA, "status": "error"}


def busy() -> JSONResponse:
    return JSONResponse({"schema": SCHEMA, "status": "busy", "reason": "every worker is busy: try again"},
                        status_code=503, headers={"Retry-After": "1"})


def unavailable(reason: str = "the server is stopping") -> JSONResponse:
    return JSONResponse({"schema": SCHEMA, "status": "unavailable", "reason": reason}, status_code=503,
                        headers={"Retry-After": "1"})


class _Stopped(Exception):
    """The server stopped before the request's answer was ready."""


def _end_response(code: int, error: str, lines: list[str], seconds: float) -> Response:
    """The response of a job that ended with exit status ``code``."""
    docs = [json.loads(line) for line in lines]
    if code == 2:
        return invalid(error or next((d.get("error", "") for d in docs if d.get("status") == "invalid"),
                                     "malformed input"))
    if code == 70:
        return JSONResponse(ERROR_DOC, status_code=500)
    if code == 4:
        doc = docs[-1] if docs else _timeout_doc(seconds)
        return JSONResponse(doc, status_code=504)
    if code == 501:
        return JSONResponse({"schema": SCHEMA, **(docs[-1] if docs else {"status": "unavailable"})},
                            status_code=501)
    if not docs:
        return JSONResponse(ERROR_DOC, status_code=500)
    return JSONResponse(docs[-1])


def _failed(info: dict[str, Any], payload: Any) -> None:
    """A worker's internal failure: one line in the log, its traceback at debug level."""
    what, _, trace = str(payload).partition("\n")
    LOG.error("request %s: internal error in a worker: %s", info.get("id", "-"), what)
    if trace:
        LOG.debug("request %s: the worker's traceback:\n%s", info.get("id", "-"), trace.rstrip())


class Server:
    """The app's state: settings, the worker pool, the requests in flight by
    address and lane, the metrics, and whether the server is stopping."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.pool = Pool(settings.workers, settings.target, cheap=settings.cheap_workers)
        self.in_flight: dict[tuple[str, str], int] = {}
        self.metrics = Metrics(self)
        self.stopping = False
        self.stop_at: float | None = None
        self._stop_event: asyncio.Event | None = None
        #: the event loop serving (set at start: a signal handler hands it :meth:`begin_stop`)
        self.loop: asyncio.AbstractEventLoop | None = None

    def seconds(self, endpoint: str, body: Any) -> float:
        asked = body.get("timeout") if isinstance(body, dict) else None
        limit = self.settings.generate_timeout if endpoint == "generate" else self.settings.timeout
        if isinstance(asked, (int, float)) and not isinstance(asked, bool) and asked > 0:
            return min(float(asked), limit)
        return limit

    # -- shutdown ------------------------------------------------------------------------------

    def begin_stop(self, grace: float | None = None) -> None:
        """The server stops: requests waiting for a worker are answered 503
        now, those at work get until ``grace`` (less half a second, for the
        answer to be written) before they are answered 503 too."""
        grace = self.settings.grace if grace is None else grace
        self.stopping = True
        self.stop_at = time.monotonic() + max(0.2, grace - 0.5)
        self.pool.stop_waiting()
        if self._stop_event is not None:
            self._stop_event.set()

    async def _bounded(self, aw: Awaitable[Any]) -> Any:
        """``await aw``, unless the server stops and its grace runs out first (:class:`_Stopped`)."""
        if self._stop_event is None:
            self._stop_event = asyncio.Event()
            if self.stopping:
                self._stop_event.set()
        task = asyncio.ensure_future(aw)
        try:
            if self.stop_at is None:
                stopper = asyncio.ensure_future(self._stop_event.wait())
                await asyncio.wait({task, stopper}, return_when=asyncio.FIRST_COMPLETED)
                stopper.cancel()
                if task.done():
                    return task.result()
            left = (self.stop_at or 0) - time.monotonic()
            await asyncio.wait({task}, timeout=max(0.0, left))
            if task.done():
                return task.result()
            raise _Stopped()
        finally:
            if not task.done():
                task.cancel()
                with contextlib.suppress(BaseException):
                    await task

    # -- the API -------------------------------------------------------------------------------

    async def api(self, request: Request) -> Response:
        endpoint = request.path_params["endpoint"]
        kind = "app" if request.url.path.startswith("/app/") else "api"
        if endpoint not in (APP if kind == "app" else API):
            return JSONResponse({"schema": SCHEMA, "status": "invalid",
                                 "error": f"no such endpoint: /{kind}/{endpoint}; known: "
                                          f"{', '.join(APP if kind == 'app' else API)}"}, status_code=404)
        if self.stopping:
            return unavailable()
        try:
            body = await _read_json(request, self.settings)
        except _Refused as refused:
            if refused.status == 408:
                self.metrics.refused("body-timeout")
            return JSONResponse(refused.doc, status_code=refused.status)
        except _Gone:   # nobody to answer: logged as 499, no error
            request.scope.setdefault("deduce", {})["gone"] = True
            return Response(status_code=400)
        if not isinstance(body, dict):
            return invalid("the request body must be a JSON object")
        which = lane(endpoint, body)
        info = request.scope.setdefault("deduce", {})
        info["lane"] = which
        client = request.client.host if request.client else "?"
        key = (client, which)
        if self.in_flight.get(key, 0) >= self.settings.per_client:
            self.metrics.refused("per-client")
            retry = 1 if which == "cheap" else max(1, math.ceil(self.settings.timeout))
            return JSONResponse({"schema": SCHEMA, "status": "busy",
                                 "reason": f"{self.settings.per_client} requests from this address are in flight "
                                           f"already ({which} lane): try again"},
                                status_code=429, headers={"Retry-After": str(retry)})
        self.in_flight[key] = self.in_flight.get(key, 0) + 1
        seconds = self.seconds(endpoint, body)
        messages = self.pool.job(endpoint, body, seconds, wait=self.settings.wait, lane=which, clock=info)
        released = handed_over = False

        def release() -> None:
            nonlocal released
            if not released:
                released = True
                self.in_flight[key] -= 1
                if not self.in_flight[key]:
                    del self.in_flight[key]

        try:
            if endpoint in STREAMED:
                response = await self._stream(endpoint, messages, seconds, info, release)
                handed_over = isinstance(response, StreamingResponse)   # it releases its place when it ends
                return response
            return await self._bounded(self._collect(endpoint, messages, seconds, info))
        except _Stopped:
            return unavailable()
        finally:
            if not handed_over:
                release()
                await messages.aclose()

    async def _collect(self, endpoint: str, messages: AsyncGenerator[tuple[str, Any], None], seconds: float,
                       info: dict[str, Any]) -> Response:
        lines: list[str] = []
        try:
            async for kind_, payload in messages:
                if kind_ == "line":
                    lines.append(payload)
                elif kind_ == "end":
                    return self._ended(endpoint, payload[0], payload[1], lines, seconds)
                else:
                    _failed(info, payload)
                    return JSONResponse(ERROR_DOC, status_code=500)
        except WorkerTimeout:
            self.metrics.timeout(endpoint)
            return JSONResponse(_timeout_doc(seconds), status_code=504)
        except WorkerDied:
            return JSONResponse(ERROR_DOC, status_code=500)
        except PoolBusy:
            return busy()
        except PoolClosed:
            return unavailable()
        finally:
            await messages.aclose()   # the worker goes back to the pool now (or is replaced, if still at work)
        return JSONResponse(ERROR_DOC, status_code=500)

    def _ended(self, endpoint: str, code: int, error: str, lines: list[str], seconds: float) -> Response:
        if code == 4:
            self.metrics.timeout(endpoint)
        return _end_response(code, error, lines, seconds)

    async def _stream(self, endpoint: str, messages: AsyncGenerator[tuple[str, Any], None], seconds: float,
                      info: dict[str, Any], release: Callable[[], None]) -> Response:
        """JSON Lines as the worker writes them; the status is decided by
        the first message (an error before any record is a plain response)."""
        try:
            kind, payload = await self._bounded(messages.__anext__())
        except WorkerTimeout:
            self.metrics.timeout(endpoint)
            return JSONResponse(_timeout_doc(seconds), status_code=504)
        except (WorkerDied, StopAsyncIteration):
            return JSONResponse(ERROR_DOC, status_code=500)
        except PoolBusy:
            return busy()
        except PoolClosed:
            return unavailable()
        if kind != "line":
            if kind == "end":
                return self._ended(endpoint, payload[0], payload[1], [], seconds)
            _failed(info, payload)
            return JSONResponse(ERROR_DOC, status_code=500)
        if payload and '"status": "timeout"' in payload:   # nothing found in time
            self.metrics.timeout(endpoint)
            return JSONResponse(json.loads(payload), status_code=504)
        if payload and '"status": "unavailable"' in payload:
            return JSONResponse({"schema": SCHEMA, **json.loads(payload)}, status_code=501)

        async def body() -> AsyncIterator[bytes]:
            yield (payload + "\n").encode()
            try:
                while True:
                    try:
                        kind_, more = await self._bounded(messages.__anext__())
                    except StopAsyncIteration:
                        break
                    if kind_ == "line":
                        yield (more + "\n").encode()
                    elif kind_ == "end" and more[0] == 2 and more[1]:
                        yield (json.dumps({"schema": SCHEMA, "status": "invalid", "error": more[1]}) + "\n").encode()
                    elif kind_ == "failed":
                        _failed(info, more)
                        yield (json.dumps(ERROR_DOC) + "\n").encode()
            except WorkerTimeout:
                self.metrics.timeout(endpoint)
                yield (json.dumps(_timeout_doc(seconds)) + "\n").encode()
            except WorkerDied:
                yield (json.dumps(ERROR_DOC) + "\n").encode()
            except _Stopped:
                yield (json.dumps({"schema": SCHEMA, "status": "unavailable",
                                   "reason": "the server is stopping"}) + "\n").encode()
            finally:   # a client gone before the end: the worker still at work is replaced
                release()
                await messages.aclose()

        return StreamingResponse(body(), media_type="application/x-ndjson")

    # -- operations ----------------------------------------------------------------------------

    async def healthz(self, request: Request) -> Response:
        """Live: the server answers (whatever its workers do)."""
        return JSONResponse({"schema": SCHEMA, "status": "ok"})

    async def readyz(self, request: Request) -> Response:
        """Ready: not stopping, and a worker up."""
        alive = len(self.pool.pids())
        doc = {"schema": SCHEMA, "workers": alive, "size": self.pool.size,
               "waiting": {lane_: self.pool.depth(lane_) for lane_ in self.pool.waiting}}
        if self.stopping or alive == 0:
            return JSONResponse({**doc, "status": "unavailable",
                                 "reason": "the server is stopping" if self.stopping else "no worker is up"},
                                status_code=503)
        return JSONResponse({**doc, "status": "ready"})

    async def metrics_page(self, request: Request) -> Response:
        body, media = self.metrics.exposition()
        return Response(body, media_type=media)

    async def page(self, request: Request) -> Response:
        return Response(_asset("app.html"), media_type="text/html; charset=utf-8")

    async def asset(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in ASSETS:
            return JSONResponse({"schema": SCHEMA, "status": "invalid", "error": f"no such file: /static/{name}"},
                                status_code=404)
        resource, media = ASSETS[name]
        return Response(_asset(resource), media_type=f"{media}; charset=utf-8",
                        headers={"Cache-Control": "no-cache"})

    async def openapi(self, request: Request) -> Response:
        from .openapi import description

        return JSONResponse(description(self.settings))

    async def features(self, request: Request) -> Response:
        """What the app may offer: the generator's form only when ``deduce.generate`` exists."""
        import importlib.util

        return JSONResponse({"generate": importlib.util.find_spec("deduce.generate") is not None})

    async def favicon(self, request: Request) -> Response:
        return Response(status_code=204)


class _Headers:
    """Security headers on every response: the CSP, no sniffing, no framing, no referrer."""

    HEADERS = [(b"content-security-policy", CSP.encode()), (b"x-content-type-options", b"nosniff"),
               (b"referrer-policy", b"no-referrer"), (b"x-frame-options", b"DENY")]

    def __init__(self, app: Any):
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def sending(message: Any) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": list(message.get("headers", [])) + self.HEADERS}
            await send(message)

        await self.app(scope, receive, sending)


class _Guard:
    """What is refused before any route sees it: contradictory framing
    (Content-Length and Transfer-Encoding both, 400), a ``Host`` this server
    does not answer to (400: DNS rebinding), and a request that changes
    something (any method but GET, HEAD and OPTIONS) from a page of another
    origin than ``--cors`` allows (403), so that it is never computed."""

    #: The paths a load balancer's probe may ask for under any Host.
    PROBES = ("/healthz", "/readyz")

    def __init__(self, app: Any, server: Server):
        self.app = app
        self.server = server
        hosts = server.settings.allowed_hosts
        self.any_host = "*" in hosts
        self.hosts = {h.lower().strip("[]") for h in (*LOCAL_HOSTS, *hosts)}

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers: dict[bytes, bytes] = {}
        for name, value in scope.get("headers", []):
            headers[name] = value if name not in headers else headers[name] + b"," + value
        refusal = self.refusal(scope, headers)
        if refusal is None:
            await self.app(scope, receive, send)
            return
        status, state, error = refusal
        self.server.metrics.refused(state)
        response = JSONResponse({"schema": SCHEMA, "status": "invalid" if status == 400 else "forbidden",
                                 "error": error}, status_code=status)
        await response(scope, receive, send)

    def refusal(self, scope: Any, headers: dict[bytes, bytes]) -> tuple[int, str, str] | None:
        if b"transfer-encoding" in headers and b"content-length" in headers:
            return 400, "framing", "the request has both Content-Length and Transfer-Encoding"
        host = headers.get(b"host", b"").decode("latin-1")
        if host and not self.any_host and scope.get("path") not in self.PROBES:
            name = _host_name(host)
            if name not in self.hosts:
                return 400, "host", (f"this server does not answer to the host {name[:60]!r} "
                                     "(deduce serve --allowed-host NAME adds one)")
        origin = headers.get(b"origin")
        if origin is not None and scope.get("method") not in ("GET", "HEAD", "OPTIONS"):
            text = origin.decode("latin-1")
            cors = self.server.settings.cors
            own = bool(host) and text.split("://", 1)[-1].lower() == host.lower()
            if not own and text != cors:
                return 403, "origin", (f"requests from the origin {text[:60]!r} are refused "
                                       "(deduce serve --cors ORIGIN allows one)")
        return None


def _host_name(host: str) -> str:
    """The name of a ``Host`` header, without its port.

    >>> _host_name("localhost:8000"), _host_name("[::1]:80"), _host_name("Example.org")
    ('localhost', '::1', 'example.org')
    """
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


#: The largest body read only to be dropped, when an answer comes before it was read (a larger one: the
#: connection is closed after the answer).
DRAIN = 64 << 10
#: A request id a client or a proxy may give (``X-Request-Id``); any other is replaced by one of ours.
_REQUEST_ID = re.compile(r"[A-Za-z0-9._:-]{1,64}")


class Service:
    """The outermost layer: every request gets an id (``X-Request-Id``, the
    client's when it gives a sane one), is counted in the metrics and
    logged as one JSON line (:data:`ACCESS_LOG`); an exception is answered
    500 ``{"status": "error"}`` and logged in one line, its traceback at
    debug level only; a client that goes away is no error.  A response
    sent before the request's body was read closes the connection (the
    rest of the body is never read as a next request)."""

    def __init__(self, app: Starlette, server: Server):
        self.app = app
        self.server = server
        self.state = app.state

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.monotonic()
        given = dict(scope.get("headers", [])).get(b"x-request-id", b"").decode("latin-1")
        request_id = given if _REQUEST_ID.fullmatch(given) else uuid.uuid4().hex[:16]
        info: dict[str, Any] = {"id": request_id}
        scope = {**scope, "deduce": info}
        headers = dict(scope.get("headers", []))
        length = headers.get(b"content-length", b"0")
        pending = b"transfer-encoding" in headers or (length.isdigit() and int(length) > 0)
        seen = {"in": 0, "out": 0, "status": 0, "started": False, "body_done": not pending,
                           "complete": False}

        async def receiving() -> Any:
            message = await receive()
            if message["type"] == "http.request":
                seen["in"] += len(message.get("body", b""))
                if not message.get("more_body", False):
                    seen["body_done"] = True
            elif message["type"] == "http.disconnect" and not seen["complete"]:
                info["gone"] = True
            return message

        drainable = (length.isdigit() and int(length) <= DRAIN and b"transfer-encoding" not in headers
                     and b"expect" not in headers)

        async def sending(message: Any) -> None:
            if message["type"] == "http.response.start":
                seen["status"], seen["started"] = message["status"], True
                extra = [(b"x-request-id", request_id.encode())]
                if not seen["body_done"] and drainable:
                    # a small body never read (a 404, a 405): read it now, or closing the connection with it
                    # unread would reset it, and the client could lose the answer
                    with contextlib.suppress(Exception):
                        async with asyncio.timeout(1.0):
                            while not seen["body_done"] and not info.get("gone"):
                                await receiving()
                if not seen["body_done"]:
                    extra.append((b"connection", b"close"))
                message = {**message, "headers": list(message.get("headers", [])) + extra}
            elif message["type"] == "http.response.body":
                seen["out"] += len(message.get("body", b""))
                seen["complete"] = not message.get("more_body", False)
            await send(message)

        try:
            await self.app(scope, receiving, sending)
        except Exception as exc:
            if info.get("gone") or type(exc).__name__ in ("ClientDisconnected", "ClientDisconnect"):
                info["gone"] = True
            else:
                LOG.error("request %s: internal error: %s: %s", request_id, type(exc).__name__,
                          " ".join(str(exc).split())[:200])
                LOG.debug("request %s: the traceback", request_id, exc_info=True)
                if not seen["started"]:
                    with contextlib.suppress(Exception):
                        await JSONResponse(ERROR_DOC, status_code=500)(scope, receiving, sending)
        # 499 (nginx's word): the client closed the connection before the answer was complete
        status = 499 if info.get("gone") else seen["status"] if seen["started"] else 500
        seconds = time.monotonic() - start
        endpoint = _endpoint_label(scope.get("path", ""))
        self.server.metrics.request(endpoint, status, seconds, info.get("lane"))
        if ACCESS_LOG.isEnabledFor(logging.INFO):
            client = scope.get("client")
            ACCESS_LOG.info(json.dumps({
                "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime()) + f".{int(time.time() * 1000) % 1000:03d}Z",
                "id": request_id, "client": client[0] if client else None, "method": scope.get("method"),
                "path": scope.get("path"), "endpoint": endpoint, "status": status, "lane": info.get("lane"),
                "seconds": round(seconds, 4),
                "engine_seconds": round(info["engine_seconds"], 4) if "engine_seconds" in info else None,
                "bytes_in": seen["in"], "bytes_out": seen["out"]}))


_FIXED_PATHS = {"/": "page", "/favicon.ico": "page", "/api/openapi.json": "openapi", "/app/features": "features",
                "/healthz": "healthz", "/readyz": "readyz", "/metrics": "metrics"}


def _endpoint_label(path: str) -> str:
    """A bounded name for the metrics and the log: the endpoint, or what the path is.

    >>> _endpoint_label("/api/solve"), _endpoint_label("/app/board"), _endpoint_label("/api/x" * 9)
    ('solve', 'app/board', 'other')
    """
    if path in _FIXED_PATHS:
        return _FIXED_PATHS[path]
    if path.startswith("/static/"):
        return "static"
    kind, _, name = path.lstrip("/").partition("/")
    if kind == "api" and name in API:
        return name
    if kind == "app" and name in APP:
        return f"app/{name}"
    return "other"


async def _internal_error(request: Request, exc: Exception) -> Response:
    return JSONResponse(ERROR_DOC, status_code=500)


async def _http_error(request: Request, exc: Exception) -> Response:
    """The router's 404 and 405, as JSON (the 405's ``Allow`` header kept)."""
    assert isinstance(exc, HTTPException)
    if exc.status_code == 405:
        error = f"{request.method} is not allowed on {request.url.path}"
    elif exc.status_code == 404:
        error = f"no such path: {request.url.path[:80]}"
    else:
        error = str(exc.detail)
    return JSONResponse({"schema": SCHEMA, "status": "invalid", "error": error}, status_code=exc.status_code,
                        headers=dict(exc.headers or {}))


def create_app(settings: Settings | None = None) -> Service:
    """The ASGI app; its worker pool starts and stops with the app's lifespan."""
    settings = settings or Settings()
    server = Server(settings)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        server.loop = asyncio.get_running_loop()
        await server.pool.start()
        try:
            yield
        finally:
            server.pool.close()

    middleware = [Middleware(_Headers), Middleware(_Guard, server=server)]
    if settings.cors:
        middleware.append(Middleware(CORSMiddleware, allow_origins=[settings.cors], allow_methods=["GET", "POST"],
                                     allow_headers=["content-type"]))
    routes = [
        Route("/", server.page, methods=["GET"]),
        Route("/app", server.page, methods=["GET"]),  # the app by name: /app?puzzle=... (as /?p=...)
        Route("/static/{name}", server.asset, methods=["GET"]),
        Route("/favicon.ico", server.favicon, methods=["GET"]),
        Route("/api/openapi.json", server.openapi, methods=["GET"]),
        Route("/app/features", server.features, methods=["GET"]),
        Route("/healthz", server.healthz, methods=["GET"]),
        Route("/readyz", server.readyz, methods=["GET"]),
        Route("/metrics", server.metrics_page, methods=["GET"]),
        Route("/api/{endpoint}", server.api, methods=["POST"]),
        Route("/app/{endpoint}", server.api, methods=["POST"]),
    ]
    app = Starlette(routes=routes, middleware=middleware, lifespan=lifespan,
                    exception_handlers={HTTPException: _http_error, Exception: _internal_error})
    app.state.server = server
    return Service(app, server)


__all__ = ["API", "APP", "ASSETS", "CSP", "OPTIONS", "Server", "Service", "Settings", "create_app", "parse_body"]
