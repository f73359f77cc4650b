"""The JSON API in-process (Starlette's TestClient, one worker process):
every endpoint's record is the CLI's ``--json`` record, and every error
has its status and one line.  Fast: in the default suite.  The running
server (signals, concurrency, time limits that kill a worker) is tested in
``test_server_running.py`` behind the ``server`` marker."""

from __future__ import annotations

import json
import subprocess
import sys
import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():   # Starlette 1.x asks for httpx2 and still works with httpx
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from deduce.server import Settings, create_app
from deduce.server.app import API, CSP
from deduce.server.jobs import player_state

# a classic with a unique solution (the README's)
CLASSIC = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Settings(workers=1, timeout=5)), base_url="http://localhost") as c:
        yield c


def cli_json(*args: str, stdin: str) -> list[dict]:
    out = subprocess.run([sys.executable, "-m", "deduce", *args, "-", "--json"], input=stdin, capture_output=True,
                         text=True, timeout=60).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def without_timing(doc: dict) -> dict:
    return {k: v for k, v in doc.items() if k not in ("seconds",)}


@pytest.mark.parametrize("endpoint, body, args", [
    ("solve", {}, ["solve"]),
    ("count", {"limit": 3}, ["count", "--limit", "3"]),
    ("hint", {"level": "clue"}, ["hint", "--level", "clue"]),
    ("rate", {}, ["rate", "--jobs", "1", "--timeout", "5"]),   # the server's time limit is in its settings
])
def test_a_record_is_the_cli_s_json_record(client, endpoint, body, args):
    r = client.post(f"/api/{endpoint}", json={"puzzle": CLASSIC, **body})
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/json")
    assert without_timing(r.json()) == without_timing(cli_json(*args, stdin=CLASSIC)[-1])
    assert r.json()["schema"] == 2


def test_explain_streams_json_lines_ending_with_the_result(client):
    r = client.post("/api/explain", json={"puzzle": CLASSIC})
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/x-ndjson")
    docs = [json.loads(line) for line in r.text.splitlines()]
    assert docs == cli_json("explain", stdin=CLASSIC)
    assert all("step" in d for d in docs[:-1]) and docs[-1]["status"] == "solved"


def test_convert_answers_the_text_of_deduce_convert(client):
    r = client.post("/api/convert", json={"puzzle": CLASSIC, "to": "grid"})
    expected = subprocess.run([sys.executable, "-m", "deduce", "convert", "-", "--to", "grid"], input=CLASSIC,
                              capture_output=True, text=True, timeout=60).stdout
    assert r.status_code == 200 and r.json()["status"] == "converted"
    assert r.json()["text"] == expected.rstrip("\n")


def test_a_hint_from_the_player_s_position_names_a_wrong_digit(client):
    wrong = CLASSIC[:1] + "7" + CLASSIC[2:]   # r1c2 is 1 in the solution
    r = client.post("/api/hint", json={"puzzle": CLASSIC, "position": wrong})
    doc = r.json()
    assert r.status_code == 200 and doc["status"] == "mistake" and doc["cells"] == ["r1c2"]
    assert "box 1" in doc["nudge"] and "r1c2" in doc["clue"]


def test_a_hint_from_pencil_marks_that_lost_the_solution_s_candidate(client):
    solution = client.post("/api/solve", json={"puzzle": CLASSIC}).json()["solution"]
    rows = []
    for r in range(9):
        cells = []
        for c in range(9):
            k = 9 * r + c
            if CLASSIC[k] != ".":
                cells.append(CLASSIC[k])
            elif k == 1:
                cells.append("".join(d for d in "123456789" if d != solution[1]))   # lost its own digit
            else:
                cells.append("123456789")
        rows.append(" ".join(cells))
    doc = client.post("/api/hint", json={"puzzle": CLASSIC, "position": "\n".join(rows)}).json()
    assert doc["status"] == "mistake" and doc["cells"] == ["r1c2"] and "candidate" in doc["explanation"]


def test_a_hint_from_a_position_gives_the_next_step_on_the_player_s_grid(client):
    doc = client.post("/api/hint", json={"puzzle": CLASSIC, "position": CLASSIC}).json()
    assert doc["status"] == "hint" and doc["step"]["placements"] and doc["step"]["marks"]


def test_a_jigsaw_s_pencil_marks_are_read_on_its_own_regions(client):
    jigsaw = "..C............B.C.DF..A..........A.000011022013221113243333244455445555"
    solution = client.post("/api/solve", json={"puzzle": jigsaw}).json()["solution"]
    # every other cell placed ("+": in a pencil-mark position a cell with one candidate is a candidate)
    rows = [" ".join("ABCDEF" if (r, c) in ((0, 0), (0, 1)) else "+" + solution[6 * r + c] for c in range(6))
            for r in range(6)]
    doc = client.post("/api/hint", json={"puzzle": jigsaw, "position": "\n".join(rows)}).json()
    assert doc["status"] == "hint" and {c for c, _ in doc["step"]["placements"]} <= {"r1c1", "r1c2"}


def test_a_position_of_another_size_is_one_line(client):
    r = client.post("/api/hint", json={"puzzle": CLASSIC, "position": "1234"})
    assert r.status_code == 400 and r.json()["status"] == "invalid"
    assert "\n" not in r.json()["error"] and r.json()["error"].startswith("position")


@pytest.mark.parametrize("body, words", [
    ({"puzzle": "12345"}, "expected N*N characters"),
    ({"puzzle": CLASSIC, "bogus": 1}, "unknown option 'bogus'"),
    ({"puzzle": CLASSIC, "limit": "many"}, "'limit' must be a whole number"),
    ({"puzzle": ""}, "'puzzle' must be the puzzle's text"),
    ({"puzzle": CLASSIC, "profile": "nope"}, "'profile' must be one of deduce, full"),
])
def test_malformed_input_is_400_with_one_line(client, body, words):
    r = client.post("/api/count" if "limit" in body else "/api/solve", json=body)
    assert r.status_code == 400
    doc = r.json()
    assert doc["status"] == "invalid" and words in doc["error"] and "\n" not in doc["error"]


def test_a_body_that_is_not_json_is_400(client):
    r = client.post("/api/solve", content=b"{nope", headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["error"].startswith("the request body is not JSON")


def test_a_body_over_one_mebibyte_is_413(client):
    r = client.post("/api/solve", content=b" " * (2 << 20), headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["status"] == "invalid"


def test_a_streamed_body_over_one_mebibyte_is_413(client):
    def chunks():
        for _ in range(40):
            yield b" " * (64 << 10)

    r = client.post("/api/solve", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413


def test_a_time_limit_that_runs_out_is_a_timeout_and_the_next_request_is_served(client):
    r = client.post("/api/count", json={"puzzle": "." * 81, "limit": 10 ** 9, "timeout": 0.3})
    assert r.status_code == 504 and r.json()["status"] == "timeout"
    assert client.post("/api/solve", json={"puzzle": CLASSIC}).json()["status"] == "solved"


def test_generate_is_501_until_there_is_a_generator(client):
    import importlib.util

    r = client.post("/api/generate", json={"size": 4})
    if importlib.util.find_spec("deduce.generate") is None:
        assert r.status_code == 501 and r.json()["status"] == "unavailable"
        assert client.get("/app/features").json() == {"generate": False}
    else:
        assert r.status_code == 200


def test_no_request_names_a_file(client):
    r = client.post("/api/solve", json={"puzzle": CLASSIC, "file": "/etc/passwd"})
    assert r.status_code == 400 and "unknown option 'file'" in r.json()["error"]
    r = client.post("/api/hint", json={"puzzle": CLASSIC, "givens": "/etc/passwd"})
    assert r.status_code == 400
    assert client.get("/static/..%2Fhtml.py").status_code == 404
    assert client.get("/static/app.js").status_code == 200


def test_every_response_has_the_csp_and_no_cors_unless_asked(client):
    r = client.get("/", headers={"origin": "http://elsewhere.example"})
    assert r.headers["content-security-policy"] == CSP and "'self'" in CSP and "http" not in CSP
    assert "access-control-allow-origin" not in r.headers
    with TestClient(create_app(Settings(workers=1, cors="http://site.example")),
                    base_url="http://localhost") as other:
        r = other.options("/api/solve", headers={"origin": "http://site.example",
                                                 "access-control-request-method": "POST"})
        assert r.headers["access-control-allow-origin"] == "http://site.example"


def test_the_openapi_description_lists_every_endpoint(client):
    doc = client.get("/api/openapi.json").json()
    assert doc["openapi"].startswith("3.")
    assert set(doc["paths"]) == {f"/api/{e}" for e in API} | {"/healthz", "/readyz", "/metrics"}
    body = doc["paths"]["/api/hint"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert {"puzzle", "position", "level", "profile"} <= set(body["properties"])


def test_the_app_s_board_and_steps(client):
    board = client.post("/app/board", json={"puzzle": CLASSIC}).json()
    assert board["status"] == "board" and board["size"] == 9 and board["solutions"] == 1
    steps = client.post("/app/steps", json={"puzzle": CLASSIC, "position": CLASSIC}).json()
    assert steps["page"]["steps"] and steps["page"]["definitions"]


def test_player_state_reads_digits_and_keeps_the_puzzle_s_geometry():
    from deduce.formats import read_puzzle

    puzzle = read_puzzle(CLASSIC)
    state = player_state(puzzle, CLASSIC[:1] + "1" + CLASSIC[2:])
    assert state.value[1] == 0 and not state.cand[2] & 1   # the 1 is out of its row


@pytest.mark.parametrize("args, words", [
    (["--port", "70000"], "--port must be 0 to 65535"),
    (["--workers", "-1"], "--workers must be at least 1"),
    (["--timeout", "0"], "must be above 0"),
])
def test_deduce_serve_refuses_bad_options_in_one_line(args, words):
    import io

    from deduce.cli import main

    err = io.StringIO()
    assert main(["serve", *args], out=io.StringIO(), err=err) == 2
    lines = err.getvalue().splitlines()
    assert len(lines) == 1 and words in lines[0]


# -- issue 42: the checks before the engine, the operations' endpoints, the contract ------------------

def test_a_deep_or_huge_body_is_400_before_any_worker(client):
    deep = b'{"puzzle": "x", "position": ' + b"[" * 600 + b"]" * 600 + b"}"
    r = client.post("/api/hint", content=deep)
    assert r.status_code == 400 and "nested deeper than" in r.json()["error"]
    r = client.post("/api/count", content=b'{"puzzle": "x", "limit": 1' + b"0" * 4300 + b"}")
    assert r.status_code == 400 and "4301 digits" in r.json()["error"]


def test_several_puzzles_in_one_body_are_refused(client):
    r = client.post("/api/solve", json={"puzzle": CLASSIC + "\n" + CLASSIC})
    assert r.status_code == 400 and "one puzzle per request" in r.json()["error"]


def test_health_readiness_and_metrics(client):
    from prometheus_client.parser import text_string_to_metric_families

    assert client.get("/healthz").json()["status"] == "ok"
    assert client.get("/readyz").json()["status"] == "ready"
    client.post("/api/solve", json={"puzzle": CLASSIC})
    names = {s.name for f in text_string_to_metric_families(client.get("/metrics").text) for s in f.samples}
    assert {"deduce_serve_requests_total", "deduce_serve_workers", "deduce_serve_queue_depth"} <= names


def test_host_origin_and_request_ids(client):
    assert client.post("/api/solve", json={"puzzle": CLASSIC}, headers={"host": "evil.example"}).status_code == 400
    r = client.post("/api/solve", json={"puzzle": CLASSIC}, headers={"origin": "http://evil.example"})
    assert r.status_code == 403 and r.json()["status"] == "forbidden"
    r = client.post("/api/solve", json={"puzzle": CLASSIC}, headers={"x-request-id": "abc-1"})
    assert r.headers["x-request-id"] == "abc-1"
    assert len(client.get("/healthz", headers={"x-request-id": "bad id!"}).headers["x-request-id"]) == 16


def test_a_method_not_allowed_is_json_with_its_allow_header(client):
    r = client.get("/api/solve")
    assert r.status_code == 405 and r.headers["allow"] == "POST" and r.json()["status"] == "invalid"


def test_the_openapi_document_states_bounds_enums_and_errors(client):
    doc = client.get("/api/openapi.json").json()
    count = doc["paths"]["/api/count"]["post"]
    limit = count["requestBody"]["content"]["application/json"]["schema"]["properties"]["limit"]
    assert limit["minimum"] == 1 and limit["maximum"] >= 10 ** 6
    assert {"400", "404", "405", "413", "429", "503", "504"} <= set(count["responses"])
    assert "Retry-After" in count["responses"]["429"]["headers"]
    hint = doc["paths"]["/api/hint"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert hint["properties"]["position"] == {"$ref": "#/components/schemas/Position"}
    assert "Position" in doc["components"]["schemas"]


def test_docs_list_every_limit_with_its_variable():
    import pathlib

    from deduce.server.limits import LIMITS

    text = (pathlib.Path(__file__).resolve().parents[1] / "docs" / "server.md").read_text()
    for limit in LIMITS.values():
        assert f"`--{limit.name}`" in text and f"`{limit.env}`" in text, limit.name


def test_a_bad_environment_variable_is_one_line(monkeypatch):
    import io

    from deduce.cli import main

    monkeypatch.setenv("DEDUCE_SERVE_PER_CLIENT", "lots")
    err = io.StringIO()
    assert main(["serve", "--port", "0"], out=io.StringIO(), err=err) == 2
    assert err.getvalue().strip().splitlines() == [
        "deduce: serve: DEDUCE_SERVE_PER_CLIENT: 'lots' is not a whole number"]
