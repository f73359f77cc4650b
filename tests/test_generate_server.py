"""The server's ``generate`` takes ``region-symmetry`` (in-process, as tests/test_server.py): the regions of
the jigsaws it answers have the symmetry, a name it does not know is 400 in one line, the OpenAPI document
lists the names."""

from __future__ import annotations

import json
import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():   # Starlette 1.x asks for httpx2 and still works with httpx
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

import deduce
from deduce.generate.regions import spurs
from deduce.generate.symmetry import SYMMETRIES, regions_symmetric
from deduce.server import Settings, create_app


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Settings(workers=1, timeout=20)), base_url="http://localhost") as c:
        yield c


def test_generate_with_region_symmetry(client):
    r = client.post("/api/generate", json={"kind": "jigsaw", "size": 6, "region-symmetry": "half-turn",
                                           "count": 2, "seed": 4})
    assert r.status_code == 200, r.text
    docs = [json.loads(line) for line in r.text.splitlines() if line.strip()]
    assert len(docs) == 2
    for doc in docs:
        puzzle = deduce.read_puzzle(json.dumps(doc["document"]))
        region = puzzle.geometry.region_of
        assert puzzle.geometry.is_jigsaw and regions_symmetric(region, 6, "half-turn")
        assert puzzle.givens == deduce.read_puzzle(doc["puzzle"]).givens
        assert spurs(region, 6) == []


def test_region_symmetry_refused_in_one_line(client):
    r = client.post("/api/generate", json={"kind": "jigsaw", "region-symmetry": "spiral"})
    assert r.status_code == 400 and "region-symmetry" in r.json()["error"] and "\n" not in r.json()["error"]
    r = client.post("/api/generate", json={"kind": "classic", "region-symmetry": "half-turn"})
    assert r.status_code == 400 and "no regions of its own" in r.json()["error"]


def test_openapi_lists_the_region_symmetries(client):
    doc = client.get("/api/openapi.json").json()
    body = doc["paths"]["/api/generate"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert [x for x in body["properties"]["region-symmetry"]["enum"] if x is not None] == list(SYMMETRIES)
