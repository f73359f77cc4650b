"""Bad variant constraints, for every constraint kind of the registry (issue 44).

For each f-puzzles key the registry reads, a well-formed sample (the first
corpus puzzle holding it, else a small one made here) is spoilt four ways:
the key misspelt (an unknown key), a cell of it moved outside the grid (a
line, a dot, a clue through a cell outside), two of its cells that must
touch pulled apart (a dot, a line), and its number made one no digits can
reach (a cage, a clue, a dot's value).  Each is one line naming the place
and the problem: exit 2 from the CLI (in-process, as ``test_cli``) and 400
from the API (in-process, as ``test_server``).  A new constraint's keys are
covered without a line here; :data:`NO_CASE` says why a key lacks a way.
"""

from __future__ import annotations

import copy
import json
import pathlib
import re
import warnings
from typing import Any, Iterator

import pytest

from deduce import constraint
from deduce.errors import DeduceError
from deduce.formats import read_puzzle

from .test_cli import run

CORPUS = pathlib.Path(__file__).parent / "data" / "variants" / "made.jsonl"
_CELL = re.compile(r"^R(\d+)C(\d+)$", re.IGNORECASE)
#: keys with nothing to spoil one way, and why (checked against the registry: no stale entry)
NO_CASE = {
    "outside": {"diagonal+", "diagonal-", "antiknight", "antiking", "nonconsecutive", "disjointgroups"},   # flags
    # (an extra region's and a cage's cells need not touch: deduce reads a cage in pieces, as f-puzzles draws it)
    "apart": {"diagonal+", "diagonal-", "antiknight", "antiking", "nonconsecutive", "disjointgroups", "odd", "even",
              "extraregion", "killercage", "killercage/no-total", "littlekillersum", "sandwichsum", "xsum",
              "skyscraper"},
    "sum": {"diagonal+", "diagonal-", "antiknight", "antiking", "nonconsecutive", "disjointgroups", "odd", "even",
            "extraregion", "killercage/no-total", "thermometer", "slowthermometer", "renban", "palindrome",
            "betweenline", "regionsumline", "zipperline", "entropicline", "arrow",
            "xv"},   # (X and V are 10 and 5, which 1-9 always make: a 4x4's X is in EXTRA)
}
N4 = [[{} for _ in range(4)] for _ in range(4)]
#: cases the corpus samples cannot give: (key, how, document)
EXTRA = [("xv", "sum", {"size": 4, "grid": N4, "xv": [{"cells": ["R1C1", "R1C2"], "value": "X"}]})] + [
    (f"negative:{k}", "unknown", {"size": 9, "grid": [[{}] * 9 for _ in range(9)], "negative": [k + "z"]})
    for k in ("difference", "ratio", "xv")]


def registry_keys() -> list[str]:
    """Every key the registry reads, and killer cages (with a total: the core's own)."""
    return sorted({k for cls in constraint.kinds() for k in cls.KEYS} | {"killercage"})


def samples() -> dict[str, dict[str, Any]]:
    """key -> a well-formed f-puzzles document holding it (its other constraints dropped)."""
    out: dict[str, dict[str, Any]] = {}
    for line in CORPUS.read_text().splitlines():
        doc = json.loads(line)["fpuzzles"] if line.strip() else None
        for key in doc or ():
            if key in ("size", "grid", "negative") or (key in out and key != "killercage"):
                continue
            base = {"size": doc["size"], "grid": doc["grid"], key: doc[key]}
            if key == "killercage":
                with_total = [c for c in doc[key] if c.get("value")]
                without = [c for c in doc[key] if not c.get("value")]
                if with_total:
                    out.setdefault("killercage", {**base, key: with_total})
                if without:
                    out.setdefault("killercage/no-total", {**base, key: without})
                continue
            out[key] = base
    return out


def spoil(key: str, doc: dict[str, Any], how: str) -> dict[str, Any] | None:
    """``doc`` with its ``key`` spoilt ``how`` (``unknown``, ``outside``, ``apart``, ``sum``), or None."""
    doc = copy.deepcopy(doc)
    field = "killercage" if key.startswith("killercage") else key
    n = doc["size"]
    if how == "unknown":
        doc[field + "z"] = doc.pop(field)
        return doc
    items = doc[field] if isinstance(doc[field], list) else None
    if not items:
        return None
    item = items[0]
    if how == "outside":
        if isinstance(item, dict) and isinstance(item.get("cell"), str):   # (a clue, an odd or even cell)
            item["cell"] = f"R{n + 5}C1"
            return doc
        cells = _cell_lists(item)
        if not cells:
            return None
        cells[0][-1] = f"R{n + 5}C1"
        return doc
    if how == "apart":
        cells = [c for c in _cell_lists(item) if len(c) >= 2]
        if not cells:
            return None
        r, c = map(int, _CELL.match(cells[0][0]).groups())   # type: ignore[union-attr]
        taken = {x.upper() for line in _cell_lists(item) for x in line}
        far = [f"R{r + dr}C{c + dc}" for dr, dc in ((0, 2), (0, -2), (2, 0), (-2, 0), (2, 2), (-2, -2))
               if 1 <= r + dr <= n and 1 <= c + dc <= n]
        cells[0][1] = next(x for x in far if x not in taken)
        return doc
    if how == "sum":
        item["value"] = "999"
        return doc
    raise ValueError(how)


def _cell_lists(item: Any) -> list[list[str]]:
    """The lists of cell names inside an item (``cells``, each of ``lines``)."""
    if not isinstance(item, dict):
        return []
    out = [item["cells"]] if isinstance(item.get("cells"), list) and item["cells"] else []
    return out + [line for line in item.get("lines") or () if isinstance(line, list) and line]


def cases() -> Iterator[tuple[str, str, dict[str, Any]]]:
    docs = samples()
    for key in registry_keys():
        for how in ("unknown", "outside", "apart", "sum"):
            if key in NO_CASE.get(how, ()):
                continue
            bad = spoil(key, docs[key], how)
            assert bad is not None, f"{key}: no way to spoil it '{how}'; add it to NO_CASE with a reason"
            yield key, how, bad
    yield from EXTRA


CASES = list(cases())
_WORDS = {"unknown": r"not supported", "outside": r"outside the|not next to the \d+x\d+ grid",
          "apart": r"do not touch", "sum": r"make it|add up to|gives 999|differ by 999"}


def test_every_registry_key_has_a_sample_and_no_stale_exception():
    keys = set(registry_keys())
    assert keys <= set(samples()), keys - set(samples())
    assert {k for cls in constraint.kinds() for k in cls.NEGATES} <= {"difference", "ratio", "xv"}   # (see below)
    for how, names in NO_CASE.items():
        assert names <= keys, (how, names - keys)
    assert len(CASES) >= 60


def check_message(how: str, key: str, message: str) -> None:
    assert "\n" not in message and "Traceback" not in message, message
    assert re.search(_WORDS[how], message, re.IGNORECASE), (key, how, message)
    if how == "unknown":
        assert ("killercagez" if key.startswith("killercage") else key.removeprefix("negative:") + "z") in message


@pytest.mark.parametrize(("key", "how", "doc"), CASES, ids=[f"{k}-{h}" for k, h, _ in CASES])
def test_a_spoilt_constraint_is_refused_by_the_reader_in_one_line(key, how, doc):
    with pytest.raises(DeduceError) as exc:
        read_puzzle(json.dumps(doc))
    check_message(how, key, str(exc.value))


@pytest.mark.parametrize("how", ["unknown", "outside", "apart", "sum"])
def test_the_cli_says_it_in_one_line_with_exit_2(how):
    """Every case of one kind in one batch: one line each on standard error, exit 2."""
    picked = [(k, d) for k, h, d in CASES if h == how]
    for key, doc in picked:
        code, _, err = run(["solve"], json.dumps(doc) + "\n")
        lines = [x for x in err.splitlines() if x.strip()]
        assert code == 2 and len(lines) == 1 and lines[0].startswith("deduce: line 1: "), (key, code, err)
        check_message(how, key, lines[0])


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from deduce.server import Settings, create_app

    with TestClient(create_app(Settings(workers=1, timeout=5)), base_url="http://localhost") as c:
        yield c


@pytest.mark.parametrize("how", ["unknown", "outside", "apart", "sum"])
def test_the_api_says_it_in_one_line_with_400(client, how):
    for key, h, doc in CASES:
        if h != how:
            continue
        r = client.post("/api/solve", json={"puzzle": json.dumps(doc)})
        assert r.status_code == 400, (key, r.status_code, r.text[:200])
        body = r.json()
        assert body["status"] == "invalid", body
        check_message(how, key, body["error"])
