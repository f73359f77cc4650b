"""The ASGI application of ``deduce serve``: the web app and the JSON API.

Built on Starlette (routing, requests, streamed responses, CORS) and run
by uvicorn; the engine work goes to a :class:`~deduce.server.pool.Pool`
of worker processes.  Every response carries a Content-Security-Policy
that allows this server's own address only; no route reads a file named
by a request (the app's assets are a fixed list of package resources).
"""

from __future__ import annotations

import contextlib
import json
from importlib import resources
from typing import Any, AsyncGenerator, AsyncIterator

import attrs
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from ..render.json import SCHEMA
from .jobs import API, APP, OPTIONS, STREAMED
from .limits import DEFAULT_TIMEOUT, MAX_BODY, QUEUE_WAIT
from .pool import DEFAULT_TARGET, Pool, PoolBusy, WorkerDied, WorkerTimeout

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
    """How the server runs (the options of ``deduce serve``)."""

    workers: int = 2
    timeout: float = DEFAULT_TIMEOUT
    cors: str | None = None
    max_body: int = MAX_BODY
    #: seconds a request may wait for a free worker (503 after)
    wait: float = QUEUE_WAIT
    #: the job each worker runs (``module:function``; tests give their own)
    target: str = DEFAULT_TARGET


def _asset(name: str) -> bytes:
    return resources.files("deduce.render").joinpath("assets", name).read_bytes()


class _Refused(Exception):
    def __init__(self, status: int, doc: dict[str, Any]):
        super().__init__(doc)
        self.status = status
        self.doc = doc


def invalid(error: str) -> JSONResponse:
    return JSONResponse({"schema": SCHEMA, "status": "invalid", "error": " ".join(error.split())}, status_code=400)


async def _read_json(request: Request, limit: int) -> Any:
    length = request.headers.get("content-length")
    if length is not None and length.isdigit() and int(length) > limit:
        raise _Refused(413, {"schema": SCHEMA, "status": "invalid",
                             "error": f"the request body is over {limit} bytes"})
    size, chunks = 0, []
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise _Refused(413, {"schema": SCHEMA, "status": "invalid",
                                 "error": f"the request body is over {limit} bytes"})
        chunks.append(chunk)
    raw = b"".join(chunks)
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise _Refused(400, {"schema": SCHEMA, "status": "invalid",
                             "error": f"the request body is not UTF-8 (byte {exc.start + 1})"}) from None
    except json.JSONDecodeError as exc:
        raise _Refused(400, {"schema": SCHEMA, "status": "invalid",
                             "error": f"the request body is not JSON: {exc.msg} at line {exc.lineno} "
                                      f"column {exc.colno}"}) from None


def _timeout_doc(seconds: float) -> dict[str, Any]:
    return {"schema": SCHEMA, "status": "timeout", "reason": f"no answer within {seconds:g} s"}


ERROR_DOC = {"schema": SCHEMA, "status": "error"}


def busy() -> JSONResponse:
    return JSONResponse({"schema": SCHEMA, "status": "busy", "reason": "every worker is busy: try again"},
                        status_code=503, headers={"Retry-After": "1"})


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


class Server:
    """The app's state: settings and the worker pool."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.pool = Pool(settings.workers, settings.target)

    def seconds(self, body: Any) -> float:
        asked = body.get("timeout") if isinstance(body, dict) else None
        limit = self.settings.timeout
        if isinstance(asked, (int, float)) and not isinstance(asked, bool) and asked > 0:
            return min(float(asked), limit)
        return limit

    async def api(self, request: Request) -> Response:
        endpoint = request.path_params["endpoint"]
        kind = "app" if request.url.path.startswith("/app/") else "api"
        if endpoint not in (APP if kind == "app" else API):
            return JSONResponse({"schema": SCHEMA, "status": "invalid",
                                 "error": f"no such endpoint: /{kind}/{endpoint}; known: "
                                          f"{', '.join(APP if kind == 'app' else API)}"}, status_code=404)
        try:
            body = await _read_json(request, self.settings.max_body)
        except _Refused as refused:
            return JSONResponse(refused.doc, status_code=refused.status)
        if not isinstance(body, dict):
            return invalid("the request body must be a JSON object")
        seconds = self.seconds(body)
        messages = self.pool.job(endpoint, body, seconds, wait=self.settings.wait)
        if endpoint in STREAMED:
            return await self._stream(messages, seconds)
        lines: list[str] = []
        try:
            async for kind_, payload in messages:
                if kind_ == "line":
                    lines.append(payload)
                elif kind_ == "end":
                    return _end_response(payload[0], payload[1], lines, seconds)
                else:
                    return JSONResponse(ERROR_DOC, status_code=500)
        except WorkerTimeout:
            return JSONResponse(_timeout_doc(seconds), status_code=504)
        except WorkerDied:
            return JSONResponse(ERROR_DOC, status_code=500)
        except PoolBusy:
            return busy()
        finally:
            await messages.aclose()   # the worker goes back to the pool now (or is replaced, if still at work)
        return JSONResponse(ERROR_DOC, status_code=500)

    async def _stream(self, messages: AsyncGenerator[tuple[str, Any], None], seconds: float) -> Response:
        """JSON Lines as the worker writes them; the status is decided by
        the first message (an error before any record is a plain response)."""
        try:
            kind, payload = await messages.__anext__()
        except WorkerTimeout:
            return JSONResponse(_timeout_doc(seconds), status_code=504)
        except (WorkerDied, StopAsyncIteration):
            return JSONResponse(ERROR_DOC, status_code=500)
        except PoolBusy:
            return busy()
        if kind != "line":
            await messages.aclose()
            if kind == "end":
                return _end_response(payload[0], payload[1], [], seconds)
            return JSONResponse(ERROR_DOC, status_code=500)
        if payload and '"status": "timeout"' in payload:   # nothing found in time
            with contextlib.suppress(Exception):
                async for _ in messages:
                    pass
            return JSONResponse(json.loads(payload), status_code=504)
        if payload and '"status": "unavailable"' in payload:
            with contextlib.suppress(Exception):
                async for _ in messages:
                    pass
            return JSONResponse({"schema": SCHEMA, **json.loads(payload)}, status_code=501)

        async def body() -> AsyncIterator[bytes]:
            yield (payload + "\n").encode()
            try:
                async for kind_, more in messages:
                    if kind_ == "line":
                        yield (more + "\n").encode()
                    elif kind_ == "end" and more[0] == 2 and more[1]:
                        yield (json.dumps({"schema": SCHEMA, "status": "invalid", "error": more[1]}) + "\n").encode()
                    elif kind_ == "failed":
                        yield (json.dumps(ERROR_DOC) + "\n").encode()
            except WorkerTimeout:
                yield (json.dumps(_timeout_doc(seconds)) + "\n").encode()
            except WorkerDied:
                yield (json.dumps(ERROR_DOC) + "\n").encode()
            finally:   # a client gone before the end: the worker still at work is replaced
                await messages.aclose()

        return StreamingResponse(body(), media_type="application/x-ndjson")

    async def page(self, request: Request) -> Response:
        return Response(_asset("app.html"), media_type="text/html; charset=utf-8")

    async def asset(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in ASSETS:
            return Response("not found\n", status_code=404, media_type="text/plain")
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


async def _internal_error(request: Request, exc: Exception) -> Response:
    return JSONResponse(ERROR_DOC, status_code=500)


def create_app(settings: Settings | None = None) -> Starlette:
    """The ASGI app; its worker pool starts and stops with the app's lifespan."""
    settings = settings or Settings()
    server = Server(settings)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await server.pool.start()
        try:
            yield
        finally:
            server.pool.close()

    middleware = [Middleware(_Headers)]
    if settings.cors:
        middleware.append(Middleware(CORSMiddleware, allow_origins=[settings.cors], allow_methods=["GET", "POST"],
                                     allow_headers=["content-type"]))
    routes = [
        Route("/", server.page, methods=["GET"]),
        Route("/static/{name}", server.asset, methods=["GET"]),
        Route("/favicon.ico", server.favicon, methods=["GET"]),
        Route("/api/openapi.json", server.openapi, methods=["GET"]),
        Route("/app/features", server.features, methods=["GET"]),
        Route("/api/{endpoint}", server.api, methods=["POST"]),
        Route("/app/{endpoint}", server.api, methods=["POST"]),
    ]
    app = Starlette(routes=routes, middleware=middleware, lifespan=lifespan,
                    exception_handlers={Exception: _internal_error})
    app.state.server = server
    return app


__all__ = ["API", "APP", "ASSETS", "CSP", "OPTIONS", "Server", "Settings", "create_app"]
