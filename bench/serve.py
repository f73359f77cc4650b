"""Hint latency of ``deduce serve``: 8 concurrent clients asking for hints
from 200 positions taken along solves of ``top1465.txt``.

The positions (pencil-mark grids, as the app sends them once a player has
written candidates) are taken at 20, 40, 60 and 80 % of the logical solves
of the corpus's first puzzles.  The server is started once per mode, pure
Python (``DEDUCE_PURE_PYTHON=1``) and with the C accelerator when it is
installed (``pip install ./accel``), each with ``--workers W`` (default: the
machine's cores), and the clients' latencies (request sent to response
read, queueing on the pool included) are reported as median, 95th
percentile and maximum, with the throughput.  Goal (issue #32): 95th
percentile under 1 s with the accelerator on a 2-core machine.

The flood case (``--flood N``, issue 42): the same 8 clients ask for hints
while N expensive requests arrive at once (counts of an empty 25×25, each
with a 1 s time limit, so each holds a worker until it runs out), from N
addresses of the loopback network (127.0.0.2 ...: the per-client cap does
not shield the hints, the lanes must); the hint clients go on until the
flood is answered, and the hints' latencies are reported with the flood's
statuses and its duration.  Goal: the hints' 95th percentile under 1 s (with the
accelerator: 0.40 s on a shared 2-core machine, docs/server.md).
Only 127.0.0.0/8 is ever asked.

    python bench/serve.py [--positions 200] [--clients 8] [--workers W] [--modes pure,accel] [--flood 50] [--json]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import queue
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

from _shared import CORPORA, ROOT

sys.path.insert(0, str(ROOT))


def positions(count: int) -> list[tuple[str, str]]:
    """(puzzle line, pencil-mark grid) pairs along solves of top1465."""
    from deduce import Solver
    from deduce.formats import read_puzzle, write_candidates_grid
    from deduce.state import State

    path = CORPORA / "top1465.txt"
    if not path.exists():
        sys.exit(f"bench/serve.py: {path} is missing (the shared corpora)")
    out: list[tuple[str, str]] = []
    solver = Solver()
    for line in path.read_text().splitlines():
        text = line.split()[0] if line.strip() else ""
        if len(text) != 81:
            continue
        puzzle = read_puzzle(text)
        result = solver.solve(puzzle)
        steps = result.steps
        if len(steps) < 5:
            continue
        state = State.from_puzzle(puzzle)
        marks = {int(len(steps) * f) for f in (0.2, 0.4, 0.6, 0.8)}
        for i, step in enumerate(steps):
            if i in marks:
                out.append((text, write_candidates_grid(puzzle, state.cand)))
                if len(out) >= count:
                    return out
            state.apply(step)
    return out


class Server:
    def __init__(self, workers: int, pure: bool, timeout: float):
        env = dict(os.environ)
        env.pop("DEDUCE_PURE_PYTHON", None)
        if pure:
            env["DEDUCE_PURE_PYTHON"] = "1"
        self.proc = subprocess.Popen([sys.executable, "-m", "deduce", "serve", "--port", "0", "--workers",
                                      str(workers), "--timeout", str(timeout)], cwd=ROOT, env=env,
                                     stderr=subprocess.PIPE, text=True)
        line = ""
        while "serving on" not in line:
            line = self.proc.stderr.readline()
            if not line:
                raise SystemExit("bench/serve.py: the server did not start")
        self.url = line.split("serving on ")[1].split()[0].rstrip("/")
        threading.Thread(target=lambda: [None for _ in self.proc.stderr], daemon=True).start()

    def hint(self, puzzle: str, position: str) -> tuple[float, int, str]:
        body = json.dumps({"puzzle": puzzle, "position": position}).encode()
        req = urllib.request.Request(self.url + "/api/hint", data=body, headers={"Content-Type": "application/json"})
        start = time.perf_counter()
        try:
            with urllib.request.urlopen(req, timeout=120) as r:
                status, doc = r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            status, doc = e.code, json.loads(e.read() or b"{}")
        return time.perf_counter() - start, status, doc.get("status", "?")

    def flood_one(self, source: str) -> tuple[float, int, str]:
        """One expensive request (a count of an empty 25×25, 1 s), sent from the loopback address ``source``."""
        host, port = self.url.removeprefix("http://").rsplit(":", 1)
        body = json.dumps({"puzzle": "." * 625, "limit": 10 ** 9, "timeout": 1}).encode()
        start = time.perf_counter()
        conn = http.client.HTTPConnection(host, int(port), timeout=300, source_address=(source, 0))
        try:
            conn.request("POST", "/api/count", body=body, headers={"Content-Type": "application/json"})
            r = conn.getresponse()
            doc = json.loads(r.read() or b"{}")
            return time.perf_counter() - start, r.status, doc.get("status", "?")
        finally:
            conn.close()

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(30)


def run(mode: str, work: list[tuple[str, str]], clients: int, workers: int, timeout: float) -> dict:
    server = Server(workers, mode == "pure", timeout)
    try:
        for i in range(workers * 2):   # every worker started and warm
            server.hint(*work[i % len(work)])
        todo: queue.Queue[tuple[str, str]] = queue.Queue()
        for item in work:
            todo.put(item)
        results: list[tuple[float, int, str]] = []
        lock = threading.Lock()

        def client() -> None:
            while True:
                try:
                    item = todo.get_nowait()
                except queue.Empty:
                    return
                r = server.hint(*item)
                with lock:
                    results.append(r)

        start = time.perf_counter()
        threads = [threading.Thread(target=client) for _ in range(clients)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.perf_counter() - start
    finally:
        server.stop()
    times = sorted(r[0] for r in results)
    statuses: dict[str, int] = {}
    for _, code, status in results:
        key = status if code == 200 else f"{code} {status}"
        statuses[key] = statuses.get(key, 0) + 1
    return {"mode": mode, "requests": len(results), "clients": clients, "workers": workers,
            "median": statistics.median(times), "p95": times[int(0.95 * (len(times) - 1))], "max": times[-1],
            "per_second": len(results) / wall, "statuses": statuses}


def flood(mode: str, work: list[tuple[str, str]], clients: int, workers: int, timeout: float, count: int) -> dict:
    """Hints from ``clients`` clients while ``count`` expensive requests arrive at once."""
    server = Server(workers, mode == "pure", timeout)
    try:
        for i in range(workers * 2):
            server.hint(*work[i % len(work)])
        hints: list[tuple[float, int, str]] = []
        heavy: list[tuple[float, int, str]] = []
        lock = threading.Lock()
        done = threading.Event()

        def heavy_one(k: int) -> None:
            r = server.flood_one(f"127.0.0.{2 + k % 250}")
            with lock:
                heavy.append(r)

        def hinter(offset: int) -> None:
            k = offset
            while not done.is_set():
                r = server.hint(*work[k % len(work)])
                k += clients
                with lock:
                    hints.append(r)

        start = time.perf_counter()
        hint_threads = [threading.Thread(target=hinter, args=(i,)) for i in range(clients)]
        for t in hint_threads:
            t.start()
        time.sleep(0.5)
        heavy_threads = [threading.Thread(target=heavy_one, args=(k,)) for k in range(count)]
        for t in heavy_threads:
            t.start()
        for t in heavy_threads:
            t.join()
        flood_wall = time.perf_counter() - start
        done.set()
        for t in hint_threads:
            t.join()
    finally:
        server.stop()
    times = sorted(r[0] for r in hints)
    statuses: dict[str, int] = {}
    for _, code, status in hints:
        key = status if code == 200 else f"{code} {status}"
        statuses[key] = statuses.get(key, 0) + 1
    flood_statuses: dict[str, int] = {}
    for _, code, status in heavy:
        flood_statuses[f"{code} {status}"] = flood_statuses.get(f"{code} {status}", 0) + 1
    return {"mode": mode, "case": "flood", "requests": len(hints), "clients": clients, "workers": workers,
            "median": statistics.median(times), "p95": times[int(0.95 * (len(times) - 1))], "max": times[-1],
            "per_second": len(hints) / flood_wall, "statuses": statuses, "flood": count,
            "flood_seconds": flood_wall, "flood_statuses": flood_statuses}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--timeout", type=float, default=10.0, help="the server's --timeout")
    ap.add_argument("--modes", default="pure,accel")
    ap.add_argument("--flood", type=int, default=0, metavar="N",
                    help="the flood case instead: hints while N expensive requests arrive (issue 42: 50)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    from deduce import _accelerator

    t = time.perf_counter()
    work = positions(args.positions)
    print(f"{len(work)} positions from top1465 in {time.perf_counter() - t:.1f} s", file=sys.stderr)
    rows = []
    for mode in args.modes.split(","):
        if mode == "accel" and _accelerator.load() is None:
            print("accel: the accelerator is not installed (pip install ./accel): skipped", file=sys.stderr)
            continue
        if args.flood:
            rows.append(flood(mode, work, args.clients, args.workers, args.timeout, min(args.flood, 250)))
        else:
            rows.append(run(mode, work, args.clients, args.workers, args.timeout))
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    print(f"{'mode':6} {'requests':>8} {'clients':>7} {'workers':>7} {'median s':>9} {'p95 s':>7} {'max s':>7} "
          f"{'req/s':>6}  statuses")
    for r in rows:
        print(f"{r['mode']:6} {r['requests']:8} {r['clients']:7} {r['workers']:7} {r['median']:9.3f} {r['p95']:7.3f} "
              f"{r['max']:7.3f} {r['per_second']:6.1f}  {r['statuses']}")
        if "flood" in r:
            print(f"       flood: {r['flood']} expensive requests answered in {r['flood_seconds']:.1f} s: "
                  f"{r['flood_statuses']}")


if __name__ == "__main__":
    main()
