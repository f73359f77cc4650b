"""``deduce serve`` as a service a site can run (issue 42), against a real
server on a loopback port (behind the ``server`` marker): each of the
findings of the issue, in its order, fails on the server as it was.

1 deep bodies, 2 huge integers, 3 explain's malformed input, 4 several
puzzles in one body, 5 SIGTERM with requests in flight, 6 a worker killed
while idle, 7 a flood of slow requests ahead of easy ones, 8 slow senders,
half-open connections and contradictory framing, 9 Host and Origin,
10 tracebacks and the access log, 11 health, readiness, metrics and the
limits' flags and variables.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import threading
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

pytestmark = pytest.mark.server

from .serving import Served, alive  # noqa: E402

CLASSIC = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
#: An empty 25x25: counting its solutions runs until the time limit (an expensive request).
EMPTY_25 = "." * 625


@pytest.fixture(scope="module")
def served():
    s = Served("--workers", "2", "--timeout", "3", "--header-timeout", "1", "--body-timeout", "1",
               "--per-client", "4", "--max-connections", "40", "--allowed-host", "deduce.example",
               "--cors", "http://site.example")
    yield s
    if s.proc.poll() is None:
        s.stop()


def raw(served: Served, data: bytes, *, wait: float = 5.0) -> bytes:
    """What the server answers to ``data`` sent at once on a fresh connection (until it closes)."""
    with socket.create_connection(served.address, timeout=wait) as sock:
        sock.sendall(data)
        return read_all(sock, wait)


def read_all(sock: socket.socket, wait: float) -> bytes:
    out, deadline = b"", time.monotonic() + wait
    while time.monotonic() < deadline:
        sock.settimeout(max(0.05, deadline - time.monotonic()))
        try:
            chunk = sock.recv(65536)
        except TimeoutError:
            break
        except ConnectionResetError:
            break
        if not chunk:
            break
        out += chunk
    return out


def status_of(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/1.1 ") else 0


def json_of(answer: bytes) -> dict:
    return json.loads(answer.split(b"\r\n\r\n", 1)[1])


# -- 1, 2: the body is checked before anything else ------------------------------------------------

@pytest.mark.parametrize("depth", [600, 1000, 100_000])
def test_1_a_deeply_nested_body_is_400_in_one_line_and_costs_no_worker(served, depth):
    assert served.post("solve", {"puzzle": CLASSIC})[0] == 200   # every worker up
    before = served.workers()
    body = b'{"puzzle": "x", "position": ' + b"[" * depth + b"]" * depth + b"}"
    code, doc = served.post("hint", body)
    assert code == 400 and doc["status"] == "invalid" and "nested deeper than" in doc["error"]
    assert "\n" not in doc["error"]
    assert served.workers() == before
    assert served.post("solve", {"puzzle": CLASSIC})[0] == 200


def test_2_an_integer_of_4301_digits_is_400(served):
    body = b'{"puzzle": "' + CLASSIC.encode() + b'", "limit": 1' + b"0" * 4300 + b"}"
    code, doc = served.post("count", body)
    assert code == 400 and "integer of 4301 digits" in doc["error"]
    code, doc = served.post("count", b'{"puzzle": "' + CLASSIC.encode() + b'", "limit": NaN}')
    assert code == 400 and doc["status"] == "invalid"


# -- 3, 4: explain refuses like the others; several puzzles are refused, none dropped ---------------

@pytest.mark.parametrize("body", [{"puzzle": "1 2 3\n4 5"}, {"puzzle": CLASSIC, "format": "nope"},
                                  {"puzzle": CLASSIC, "profile": "nope"}])
def test_3_explain_answers_malformed_input_400_before_streaming(served, body):
    code, doc, headers = served.exchange("explain", body)
    assert code == 400 and headers["content-type"].startswith("application/json")
    assert doc["status"] == "invalid" and "\n" not in doc["error"]


@pytest.mark.parametrize("endpoint", ["solve", "count", "rate", "explain", "convert", "hint"])
def test_4_a_body_of_several_puzzles_is_refused_with_400(served, endpoint):
    body = {"puzzle": CLASSIC + "\n" + "1" * 81, **({"to": "grid"} if endpoint == "convert" else {})}
    code, doc = served.post(endpoint, body)
    assert code == 400 and "one puzzle per request" in doc["error"] and "holds 2" in doc["error"]


# -- 5, 6: shutdown and a dead worker ---------------------------------------------------------------

def test_5_sigterm_answers_requests_in_flight_with_json_503():
    s = Served("--workers", "2", "--timeout", "30", "--grace", "1.5")
    try:
        assert s.post("solve", {"puzzle": CLASSIC})[0] == 200
        results: list[tuple[int, dict]] = []

        def slow() -> None:
            results.append(s.post("count", {"puzzle": EMPTY_25, "limit": 10 ** 9}, timeout=20))

        threads = [threading.Thread(target=slow) for _ in range(3)]   # one at work, two waiting for it
        for t in threads:
            t.start()
        time.sleep(1.0)
        start = time.monotonic()
        s.proc.send_signal(signal.SIGTERM)
        for t in threads:
            t.join(20)
        assert time.monotonic() - start < 5
        assert len(results) == 3
        assert all(code == 503 and doc["status"] == "unavailable" for code, doc in results), results
        assert s.proc.wait(20) == 0
    finally:
        if s.proc.poll() is None:
            s.stop(signal.SIGKILL)


def test_6_an_idle_worker_killed_is_replaced_before_the_next_request(served):
    assert served.post("solve", {"puzzle": CLASSIC})[0] == 200
    workers = served.workers()
    assert len(workers) == 2
    for pid in workers:
        os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 5
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    code, doc = served.post("solve", {"puzzle": CLASSIC})
    assert code == 200 and doc["status"] == "solved"
    assert served.post("count", {"puzzle": CLASSIC, "limit": 2})[0] == 200
    assert not set(served.workers()) & set(workers)


# -- 7: fairness ----------------------------------------------------------------------------------------

def test_7_easy_requests_do_not_wait_behind_a_flood_of_slow_ones(served):
    assert served.post("solve", {"puzzle": CLASSIC})[0] == 200
    slow: list[tuple[float, int, dict, dict]] = []
    lock = threading.Lock()
    start = time.monotonic()

    def one() -> None:
        code, doc, headers = served.exchange("count", {"puzzle": EMPTY_25, "limit": 10 ** 9}, timeout=60)
        with lock:
            slow.append((time.monotonic() - start, code, doc, headers))

    threads = [threading.Thread(target=one) for _ in range(12)]
    for t in threads:
        t.start()
    time.sleep(0.5)
    solves = []
    for _ in range(5):
        code, doc = served.post("solve", {"puzzle": CLASSIC}, timeout=60)
        solves.append((time.monotonic() - start, code, doc["status"]))
    for t in threads:
        t.join(90)
    assert all(code == 200 and status == "solved" for _, code, status in solves)
    over = [r for r in slow if r[1] == 429]
    admitted = [r for r in slow if r[1] != 429]
    # the per-client cap: 4 in flight from this address in the expensive lane, the others refused at once
    assert len(admitted) == 4 and len(over) == 8
    assert all(r[2]["status"] == "busy" and int(r[3]["retry-after"]) >= 1 for r in over)
    assert all(r[1] == 504 for r in admitted)
    # none of the easy ones waited behind the flood: all answered before its first request ended
    assert max(t for t, _, _ in solves) < min(r[0] for r in admitted)


# -- 8: slow senders, half-open connections, contradictory framing ------------------------------------

def test_8_a_client_sending_its_headers_a_byte_at_a_time_is_closed(served):
    request = b"POST /api/solve HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\n\r\n{}"
    start = time.monotonic()
    with socket.create_connection(served.address, timeout=10) as sock:
        answer = b""
        for byte in request:
            try:
                sock.sendall(bytes([byte]))
            except OSError:
                break
            sock.settimeout(0.25)
            try:
                chunk = sock.recv(65536)
            except TimeoutError:
                continue
            answer += chunk
            break
        answer += read_all(sock, 3)
    assert status_of(answer) == 408 and json_of(answer)["status"] == "invalid"
    assert time.monotonic() - start < 5


def test_8_a_client_sending_its_body_a_byte_at_a_time_gets_408(served):
    start = time.monotonic()
    body = json.dumps({"puzzle": CLASSIC}).encode()
    with socket.create_connection(served.address, timeout=10) as sock:
        sock.sendall(f"POST /api/solve HTTP/1.1\r\nHost: localhost\r\nContent-Length: {len(body)}\r\n"
                     f"Content-Type: application/json\r\n\r\n".encode())
        answer = b""
        for byte in body:
            try:
                sock.sendall(bytes([byte]))
            except OSError:
                break
            sock.settimeout(0.25)
            try:
                answer += sock.recv(65536)
                break
            except TimeoutError:
                continue
        answer += read_all(sock, 3)
    assert status_of(answer) == 408 and "did not arrive within 1 s" in json_of(answer)["error"]
    assert b"connection: close" in answer.lower()
    assert time.monotonic() - start < 5


def test_8_half_open_connections_are_capped_and_closed(served):
    socks = []
    try:
        for _ in range(60):
            socks.append(socket.create_connection(served.address, timeout=5))
        time.sleep(0.3)
        refused = []
        for sock in socks:
            sock.setblocking(False)
            try:
                data = sock.recv(65536)
                refused.append(data)
            except BlockingIOError:
                pass
        # over the cap (40): answered 503 and closed at once
        assert len(refused) >= 15 and all(status_of(d) in (503, 0) for d in refused)
        time.sleep(1.5)   # the header time limit (1 s) closes the others
        closed = 0
        for sock in socks:
            try:
                data = sock.recv(65536)
                closed += 1 if data == b"" or status_of(data) in (408, 503) else 0
            except BlockingIOError:
                pass
            except ConnectionResetError:
                closed += 1
        assert closed == len(socks)
    finally:
        for sock in socks:
            sock.close()
    assert served.post("solve", {"puzzle": CLASSIC})[0] == 200


def test_8_content_length_and_transfer_encoding_together_are_400(served):
    start = time.monotonic()
    answer = raw(served, b"POST /api/solve HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\n"
                         b"Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n")
    assert status_of(answer) == 400 and "Content-Length and Transfer-Encoding" in json_of(answer)["error"]
    assert time.monotonic() - start < 3


# -- 9: Host and Origin ---------------------------------------------------------------------------------

def test_9_a_host_this_server_does_not_answer_to_is_400(served):
    body = json.dumps({"puzzle": CLASSIC}).encode()
    for host, expected in (("evil.example", 400), ("evil.example:8000", 400), ("localhost", 200),
                           ("deduce.example", 200), ("127.0.0.1:80", 200)):
        answer = raw(served, f"POST /api/solve HTTP/1.1\r\nHost: {host}\r\nContent-Length: {len(body)}\r\n"
                             f"Connection: close\r\n\r\n".encode() + body)
        assert status_of(answer) == expected, (host, answer[:200])
    # a balancer's probe may name any host
    answer = raw(served, b"GET /healthz HTTP/1.1\r\nHost: 10.0.0.7:8000\r\nConnection: close\r\n\r\n")
    assert status_of(answer) == 200


def test_9_a_post_from_a_foreign_origin_is_refused_and_not_computed(served):
    code, doc, headers = served.exchange("count", {"puzzle": EMPTY_25, "limit": 10 ** 9},
                                         headers={"Origin": "http://evil.example", "Content-Type": "text/plain"})
    assert code == 403 and doc["status"] == "forbidden"
    request_id = headers["x-request-id"]
    time.sleep(0.2)
    record = next(r for r in served.access_log() if r["id"] == request_id)
    assert record["status"] == 403 and record["engine_seconds"] is None and record["lane"] is None
    # the server's own page, and the origin --cors names, may
    host, port = served.address
    assert served.post("solve", {"puzzle": CLASSIC}, headers={"Origin": f"http://{host}:{port}"})[0] == 200
    assert served.post("solve", {"puzzle": CLASSIC}, headers={"Origin": "http://site.example"})[0] == 200


# -- 10: logs -----------------------------------------------------------------------------------------

def test_10_an_internal_failure_is_one_line_in_the_log_and_its_traceback_only_with_debug():
    for args, traceback in (((), False), (("--debug",), True)):
        s = Served("--workers", "1", *args, env={"DEDUCE_SERVE_JOB": "tests.test_server_running:broken"})
        try:
            code, doc = s.post("solve", {"puzzle": "boom"})
            assert code == 500 and doc == {"schema": 2, "status": "error"}
            assert s.post("solve", {"puzzle": CLASSIC})[0] == 200
            time.sleep(0.3)
            text = "".join(s.lines)
            assert ("Traceback" in text) is traceback
            assert not any(line.startswith("Exception in ASGI") for line in s.lines)
        finally:
            s.stop()


def test_10_a_client_gone_mid_upload_is_no_error_and_every_request_is_logged(served):
    with socket.create_connection(served.address, timeout=5) as sock:
        sock.sendall(b"POST /api/solve HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000\r\n"
                     b"X-Request-Id: gone-mid-upload\r\n\r\n{\"puzzle\"")
        time.sleep(0.2)
    code, _, headers = served.exchange("solve", {"puzzle": CLASSIC}, headers={"X-Request-Id": "mine-42"})
    assert code == 200 and headers["x-request-id"] == "mine-42"
    time.sleep(0.5)
    records = {r["id"]: r for r in served.access_log()}
    assert records["gone-mid-upload"]["status"] == 499
    mine = records["mine-42"]
    assert mine["endpoint"] == "solve" and mine["status"] == 200 and mine["lane"] == "cheap"
    assert mine["engine_seconds"] > 0 and mine["bytes_out"] > 0 and mine["time"].endswith("Z")
    text = "".join(served.lines)
    assert "Traceback" not in text and "Exception" not in text


# -- 11: operations -----------------------------------------------------------------------------------

def test_11_health_readiness_and_metrics_that_move(served):
    from prometheus_client.parser import text_string_to_metric_families

    def sample(name: str, **labels: str) -> float:
        code, text = served.get("/metrics")
        assert code == 200
        for family in text_string_to_metric_families(text):
            for s in family.samples:
                if s.name == name and all(s.labels.get(k) == v for k, v in labels.items()):
                    return s.value
        return 0.0

    assert served.get("/healthz") == (200, served.get("/healthz")[1])
    code, text = served.get("/readyz")
    assert code == 200 and json.loads(text)["status"] == "ready" and json.loads(text)["workers"] == 2
    solved = sample("deduce_serve_requests_total", endpoint="solve", status="200")
    replaced = sample("deduce_serve_workers_replaced_total")
    timeouts = sample("deduce_serve_timeouts_total", endpoint="count")
    assert served.post("solve", {"puzzle": CLASSIC})[0] == 200
    assert served.post("count", {"puzzle": EMPTY_25, "limit": 10 ** 9, "timeout": 0.5})[0] == 504
    assert sample("deduce_serve_requests_total", endpoint="solve", status="200") == solved + 1
    assert sample("deduce_serve_timeouts_total", endpoint="count") == timeouts + 1
    assert sample("deduce_serve_workers_replaced_total") >= replaced   # (a worker that answers in time is kept)
    assert sample("deduce_serve_request_seconds_count", endpoint="solve", lane="cheap") >= 1
    assert sample("deduce_serve_workers") == 2
    assert sample("deduce_serve_queue_depth", lane="expensive") == 0


def test_11_every_limit_is_an_environment_variable_too():
    s = Served("--workers", "1", env={"DEDUCE_SERVE_MAX_BODY": "1000", "DEDUCE_SERVE_PER_CLIENT": "3",
                                      "DEDUCE_SERVE_ALLOWED_HOSTS": "a.example,b.example"})
    try:
        code, doc = s.post("solve", {"puzzle": CLASSIC + " " * 2000})
        assert code == 413 and "over 1000 bytes" in doc["error"]
        answer = raw(s, b"GET /healthz HTTP/1.1\r\nHost: b.example\r\nConnection: close\r\n\r\n")
        assert status_of(answer) == 200
        answer = raw(s, b"GET / HTTP/1.1\r\nHost: b.example\r\nConnection: close\r\n\r\n")
        assert status_of(answer) == 200
    finally:
        s.stop()
    import subprocess
    import sys

    from .serving import ROOT

    bad = subprocess.run([sys.executable, "-m", "deduce", "serve", "--port", "0"], cwd=ROOT, capture_output=True,
                         text=True, timeout=60, env={**os.environ, "DEDUCE_SERVE_TIMEOUT": "soon"})
    assert bad.returncode == 2 and bad.stderr.strip().splitlines() == [
        "deduce: serve: DEDUCE_SERVE_TIMEOUT: 'soon' is not a number"]
