"""``deduce serve`` as a running service (behind the ``server`` marker):
twenty requests at once all answered, a worker that overruns its time limit
replaced and the next request served, an internal failure answered 500 with
the server going on, SIGTERM and SIGINT leaving no process behind, and a
warning when bound beyond this machine."""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import pathlib
import signal
import threading
import time
import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

pytestmark = pytest.mark.server

from .serving import Served, alive  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[1]
CLASSIC = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


# -- jobs for the pool's own tests (imported by the worker processes) ------------------------

def sleepy(endpoint, body, seconds, emit):
    time.sleep(float(body.get("sleep", 0)))
    emit("line", json.dumps({"status": "ok", "pid": os.getpid()}))
    emit("end", (0, ""))


def broken(endpoint, body, seconds, emit):
    if isinstance(body, dict) and body.get("puzzle") == "boom":
        raise RuntimeError("a bug")
    from deduce.server.jobs import run

    run(endpoint, body, seconds, emit)


# -- a running server ------------------------------------------------------------------------

@pytest.fixture(scope="module")
def served():
    s = Served("--workers", "2", "--timeout", "2")
    yield s
    if s.proc.poll() is None:
        s.stop()


def test_twenty_concurrent_requests_are_all_answered(served):
    results: list[tuple[int, dict]] = []

    def one(i: int) -> None:
        endpoint = ("solve", "hint", "count", "rate")[i % 4]
        results.append(served.post(endpoint, {"puzzle": CLASSIC}))

    threads = [threading.Thread(target=one, args=(i,)) for i in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert len(results) == 20
    assert all(code == 200 and doc["status"] in ("solved", "hint") for code, doc in results)


def test_a_time_limit_that_runs_out_and_the_next_request(served):
    code, doc = served.post("count", {"puzzle": "." * 81, "limit": 10 ** 9})
    assert code == 504 and doc["status"] == "timeout"
    code, doc = served.post("solve", {"puzzle": CLASSIC})
    assert code == 200 and doc["status"] == "solved"


def test_malformed_and_oversized_requests(served):
    code, doc = served.post("solve", {"puzzle": "1 2 3\n4 5"})
    assert code == 400 and doc["status"] == "invalid" and "\n" not in doc["error"]
    # 2 MiB announced, as curl sends a large body (Expect: 100-continue): refused before it is sent
    host, port = served.url.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    conn.putrequest("POST", "/api/solve")
    conn.putheader("Content-Type", "application/json")
    conn.putheader("Content-Length", str(2 << 20))
    conn.putheader("Expect", "100-continue")
    conn.endheaders()
    r = conn.getresponse()
    assert r.status == 413 and json.loads(r.read())["status"] == "invalid"
    conn.close()
    assert served.post("solve", {"puzzle": CLASSIC})[0] == 200


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_stops_the_server_and_every_worker(sig):
    s = Served("--workers", "2")
    assert s.post("solve", {"puzzle": CLASSIC})[0] == 200
    workers = s.children()
    assert len(workers) >= 2
    assert s.stop(sig) == 0
    time.sleep(0.5)
    assert not [pid for pid in workers if alive(pid)]
    assert any("stopped" in line for line in s.lines)


def test_a_warning_when_bound_beyond_this_machine():
    s = Served("--host", "0.0.0.0", "--workers", "1")
    try:
        assert any("warning: listening on 0.0.0.0" in line for line in s.lines)
    finally:
        s.stop()


# -- the pool and the app with a job of the tests' own -------------------------------------------

def test_a_worker_that_overruns_is_replaced():
    from deduce.server.pool import Pool, WorkerTimeout

    async def scenario():
        pool = Pool(1, target="tests.test_server_running:sleepy")
        await pool.start()
        try:
            first = [m async for m in pool.job("x", {}, 5)]
            before = json.loads(first[0][1])["pid"]
            with pytest.raises(WorkerTimeout):
                async for _ in pool.job("x", {"sleep": 30}, 0.2):
                    pass
            assert not alive(before) and pool.replaced == 1
            after = [m async for m in pool.job("x", {}, 30)]
            assert json.loads(after[0][1])["pid"] != before
        finally:
            pool.close()

    asyncio.run(scenario())


def test_an_internal_failure_is_500_and_the_server_goes_on():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from deduce.server import Settings, create_app

    settings = Settings(workers=1, target="tests.test_server_running:broken")
    with TestClient(create_app(settings), base_url="http://localhost") as client:
        r = client.post("/api/solve", json={"puzzle": "boom"})
        assert r.status_code == 500 and r.json() == {"schema": 2, "status": "error"}
        assert client.post("/api/solve", json={"puzzle": CLASSIC}).json()["status"] == "solved"


def test_a_request_that_waits_too_long_for_a_worker_is_503():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from deduce.server import Settings, create_app

    settings = Settings(workers=1, wait=0.5, timeout=5, target="tests.test_server_running:sleepy")
    with TestClient(create_app(settings), base_url="http://localhost") as client:
        client.post("/api/solve", json={"puzzle": "x"})   # the worker is up
        slow = threading.Thread(target=client.post, args=("/api/solve",), kwargs={"json": {"puzzle": "x", "sleep": 2}})
        slow.start()
        time.sleep(0.3)
        r = client.post("/api/solve", json={"puzzle": "x"})
        slow.join()
        assert r.status_code == 503 and r.json()["status"] == "busy"
        assert client.post("/api/solve", json={"puzzle": "x"}).status_code == 200


def test_the_lanes_neither_starves_the_other():
    """A worker kept for the cheap lane never runs an expensive job; the
    other serves the lanes in turn, so a stream of cheap jobs lets an
    expensive one through."""
    from deduce.server.pool import Pool

    async def scenario():
        pool = Pool(2, target="tests.test_server_running:sleepy", cheap=1)
        await pool.start()
        order: list[str] = []

        async def one(lane: str, sleep: float) -> None:
            messages = [m async for m in pool.job("x", {"sleep": sleep}, 30, lane=lane)]
            order.append(f"{lane}:{json.loads(messages[0][1])['pid']}")

        try:
            await asyncio.gather(*(one("cheap", 0) for _ in range(2)))   # both workers up
            cheap_pid = next(w.pid for w in pool.workers if w.cheap_only)
            order.clear()
            await asyncio.gather(*(one("expensive", 0.3) for _ in range(3)),
                                 *(one("cheap", 0.1) for _ in range(12)))
            expensive = [x for x in order if x.startswith("expensive")]
            assert len(expensive) == 3 and all(x != f"expensive:{cheap_pid}" for x in expensive)
            # the expensive ones were not left for last behind the twelve cheap ones
            assert order.index(expensive[-1]) < len(order) - 1
        finally:
            pool.close()

    asyncio.run(scenario())
