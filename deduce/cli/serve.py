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

from ..server.limits import DEFAULT_TIMEOUT, MAX_DEFAULT_WORKERS
from .common import EXIT_BAD_INPUT, EXIT_OK, Output, debug_option, positive_float


def add_parsers(sub: Any) -> None:
    p = sub.add_parser("serve", help="the web app (play with deduce as the coach) and a JSON API, on this machine")
    p.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000; 0: any free port)")
    p.add_argument("--workers", type=int, default=0,
                   help="worker processes for the engine (default: the machine's cores, at most 4)")
    p.add_argument("--timeout", type=positive_float, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                   help=f"seconds of engine work per request (default {DEFAULT_TIMEOUT:g})")
    p.add_argument("--cors", metavar="ORIGIN", help="let pages from ORIGIN call the API (off by default)")
    p.add_argument("--open", action="store_true", help="open the app in a web browser")
    debug_option(p)
    p.set_defaults(run=None, standalone=cmd_serve)


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
        io.warn(f"serve needs the web extra ({exc.name} is missing): pip install 'deduce-sudoku[web]'")
        return EXIT_BAD_INPUT
    Settings, create_app = server_app.Settings, server_app.create_app
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
    if not _loopback(args.host):
        io.warn(f"serve: warning: listening on {args.host}, not only this machine: anyone who can reach it may "
                "use the app and the API")
    io.warn(f"serving on {url} ({workers} workers, {args.timeout:g} s per request; Ctrl-C stops)")
    app = create_app(Settings(workers=workers, timeout=args.timeout, cors=args.cors))
    config = uvicorn.Config(app, log_level="warning", lifespan="on", timeout_graceful_shutdown=3,
                            access_log=False, server_header=False)
    server = _server_class(uvicorn)(config)
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

    return Server
