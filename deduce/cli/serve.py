"""``deduce serve``: the web app and the JSON API on this machine.

Needs the ``web`` extra (Starlette and uvicorn).  Binds to 127.0.0.1 by
default and warns when bound to any other address; SIGINT and SIGTERM stop
the server and every worker process.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import ipaddress
import os
import signal
import socket
import threading
import webbrowser
from typing import Any, Iterator

from ..server.limits import LIMITS, MAX_DEFAULT_WORKERS, Limit
from .common import EXIT_BAD_INPUT, EXIT_OK, Output, debug_option

#: Options that are not limits, with their environment variables (the flag wins).
ENV = {"host": "DEDUCE_SERVE_HOST", "port": "DEDUCE_SERVE_PORT", "cors": "DEDUCE_SERVE_CORS",
       "allowed_host": "DEDUCE_SERVE_ALLOWED_HOSTS", "forwarded_allow_ips": "DEDUCE_SERVE_FORWARDED_ALLOW_IPS",
       "root_path": "DEDUCE_SERVE_ROOT_PATH", "access_log": "DEDUCE_SERVE_ACCESS_LOG"}
#: The job the workers run (``module:function``): for tests of the server's own failures only.
JOB_ENV = "DEDUCE_SERVE_JOB"


def _limit_type(limit: Limit) -> Any:
    def parse(text: str) -> float:
        try:
            value = limit.kind(text)
        except ValueError:
            word = "a whole number" if limit.kind is int else "a number"
            raise argparse.ArgumentTypeError(f"expected {word}, got {text!r}") from None
        if limit.name != "workers" and not 0 < value < float("inf"):
            raise argparse.ArgumentTypeError(f"must be above 0 (and finite), got {text!r}")
        return value

    parse.__name__ = limit.name
    return parse


def add_parsers(sub: Any) -> None:
    p = sub.add_parser("serve", help="the web app (play with deduce as the coach) and a JSON API, on this machine",
                       epilog="Every option has an environment variable too (DEDUCE_SERVE_ and its name: "
                              "DEDUCE_SERVE_TIMEOUT, DEDUCE_SERVE_ALLOWED_HOSTS ...); the option wins. "
                              "See docs/server.md.")
    p.add_argument("--host", default=None, help="address to bind (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int, default=None, help="port (default 8000; 0: any free port)")
    for limit in LIMITS.values():
        default = "the machine's cores, at most 4" if limit.name == "workers" else \
            str(int(limit.default)) if limit.kind is int else f"{limit.default:g}"
        p.add_argument(f"--{limit.name}", type=_limit_type(limit), default=None, metavar=limit.name.upper()
                       .replace("-", "_"), help=f"{limit.help} (default {default}; {limit.env})")
    p.add_argument("--cors", metavar="ORIGIN", help="let pages from ORIGIN call the API (off by default)")
    p.add_argument("--allowed-host", action="append", metavar="NAME",
                   help="a Host name to answer besides localhost, 127.0.0.1 and ::1 (repeat for more; * for any)")
    p.add_argument("--forwarded-allow-ips", metavar="IPS",
                   help="proxies whose X-Forwarded-For/-Proto are trusted (comma-separated; default none)")
    p.add_argument("--root-path", metavar="PATH", help="the path prefix a reverse proxy serves this under")
    p.add_argument("--no-access-log", dest="access_log", action="store_false", default=None,
                   help="no JSON line per request on standard error")
    p.add_argument("--open", action="store_true", help="open the app in a web browser")
    debug_option(p)
    p.set_defaults(run=None, standalone=cmd_serve)


def _from_environment(args: argparse.Namespace, environ: Any) -> str | None:
    """Fill the options not given from their environment variables; the first bad one's line, or None."""
    for limit in LIMITS.values():
        if getattr(args, limit.dest) is None:
            text = environ.get(limit.env)
            try:
                value = limit.read(text) if text not in (None, "") else limit.default
            except ValueError as exc:
                return f"serve: {exc}"
            setattr(args, limit.dest, value)
    for dest, name in ENV.items():
        text = environ.get(name)
        if getattr(args, dest) is not None or text in (None, ""):
            continue
        if dest == "port":
            if not text.strip().isdigit():
                return f"serve: {name}: {text!r} is not a port number"
            args.port = int(text)
        elif dest == "allowed_host":
            args.allowed_host = [h.strip() for h in text.split(",") if h.strip()]
        elif dest == "access_log":
            args.access_log = text.strip().lower() not in ("0", "no", "off", "false")
        else:
            setattr(args, dest, text.strip())
    args.host = args.host or "127.0.0.1"
    args.port = 8000 if args.port is None else args.port
    args.access_log = True if args.access_log is None else args.access_log
    return None


def _logging(debug: bool, access_log: bool) -> None:
    """The server's lines on standard error: its own (one line per failure, the traceback with --debug)
    and, unless turned off, the access log's JSON lines."""
    import logging
    import sys

    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(message)s"))
    for name, level in (("deduce.serve", logging.DEBUG if debug else logging.INFO),
                        ("deduce.serve.access", logging.INFO if access_log else logging.WARNING)):
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.setLevel(level)
        logger.propagate = False


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def cmd_serve(args: argparse.Namespace, io: Output) -> int:
    try:
        import uvicorn

        # the server is the optional web extra's, a layer above the command line (its workers run the
        # commands): loaded by name, here only
        server_app: Any = importlib.import_module("deduce.server.app")
    except ImportError as exc:
        if (exc.name or "").startswith("deduce"):
            raise   # deduce's own: an internal error, not a missing extra
        io.warn(f"serve needs the web extra ({exc.name} is missing): pip install 'deduce-sudoku[web]'")
        return EXIT_BAD_INPUT
    Settings, create_app = server_app.Settings, server_app.create_app
    problem = _from_environment(args, os.environ)
    if problem:
        io.warn(problem)
        return EXIT_BAD_INPUT
    if not 0 <= args.port <= 65535:
        io.warn(f"serve: --port must be 0 to 65535, got {args.port}")
        return EXIT_BAD_INPUT
    if args.workers < 0:
        io.warn(f"serve: --workers must be at least 1, got {args.workers}")
        return EXIT_BAD_INPUT
    workers = args.workers or min(os.cpu_count() or 1, MAX_DEFAULT_WORKERS)
    try:
        family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((args.host, args.port))
        sock.listen(2048)   # connections wait in the backlog from now on, until the server accepts them
    except OSError as exc:
        io.warn(f"serve: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}")
        return EXIT_BAD_INPUT
    port = sock.getsockname()[1]
    host = f"[{args.host}]" if ":" in args.host else args.host
    url = f"http://{host}:{port}/"
    allowed = list(args.allowed_host or [])
    if args.host not in ("0.0.0.0", "::", ""):
        allowed.append(args.host)   # the address bound is a name of this server too
    if not _loopback(args.host):
        io.warn(f"serve: warning: listening on {args.host}, not only this machine: anyone who can reach it may "
                "use the app and the API" + ("" if args.allowed_host else
                                             " (requests naming another host than localhost need --allowed-host)"))
    cheap = min(int(args.cheap_workers), workers - 1)
    io.warn(f"serving on {url} ({workers} workers, {cheap} of them kept for cheap requests, "
            f"{args.timeout:g} s per request; Ctrl-C stops)")
    _logging(bool(getattr(args, "debug", False)), args.access_log)
    settings = Settings(workers=workers, timeout=args.timeout, cors=args.cors, max_body=int(args.max_body),
                        wait=args.queue_wait, generate_timeout=args.generate_timeout, per_client=int(args.per_client),
                        cheap_workers=int(args.cheap_workers), max_depth=int(args.max_depth),
                        max_digits=int(args.max_digits), body_timeout=args.body_timeout, grace=args.grace,
                        allowed_hosts=tuple(allowed), **({"target": os.environ[JOB_ENV]} if os.environ.get(JOB_ENV)
                                                         else {}))
    app = create_app(settings)
    protocol = importlib.import_module("deduce.server.protocol").guarded_protocol(args.header_timeout,
                                                                                 int(args.max_connections))
    proxied = {"proxy_headers": True, "forwarded_allow_ips": args.forwarded_allow_ips} \
        if args.forwarded_allow_ips else {"proxy_headers": False}
    config = uvicorn.Config(app, log_level="warning", lifespan="on", timeout_graceful_shutdown=args.grace,
                            access_log=False, server_header=False, http=protocol,
                            timeout_keep_alive=args.keep_alive, root_path=args.root_path or "", **proxied)
    server = _server_class(uvicorn)(config)
    server.deduce = app.state.server
    if args.open:
        threading.Timer(1.0, webbrowser.open, args=(url,)).start()
    server.run(sockets=[sock])
    caught = getattr(server, "caught", [])
    io.warn(f"stopped{' by ' + signal.Signals(caught[0]).name if caught else ''}")
    return EXIT_OK


def _server_class(uvicorn: Any) -> Any:
    class Server(uvicorn.Server):
        """uvicorn's server, but a signal that stopped it is not raised
        again afterwards: the server has shut down cleanly (its workers
        too), and ``deduce serve`` ends with status 0 and one line."""

        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:
            if threading.current_thread() is not threading.main_thread():
                yield
                return
            self.caught: list[int] = []
            handled = (signal.SIGINT, signal.SIGTERM)
            saved = {sig: signal.signal(sig, self._stop) for sig in handled}
            try:
                yield
            finally:
                for sig, handler in saved.items():
                    signal.signal(sig, handler)

        def _stop(self, sig: int, frame: Any) -> None:
            self.caught.append(sig)
            self.handle_exit(sig, frame)
            self._captured_signals.clear()
            app_server: Any = getattr(self, "deduce", None)
            loop = getattr(app_server, "loop", None)
            if loop is not None:   # requests in flight get their answer (503 once the grace is out)
                loop.call_soon_threadsafe(app_server.begin_stop)

    return Server
