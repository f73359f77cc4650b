"""Marks are marks: a player's position keeps placed symbols and pencil
marks apart, in the server's ``position`` ({"digits", "marks"} or the old
strings) and in ``deduce hint`` on a pencil-mark grid (one candidate is a
candidate unless written ``+5`` or a given); both read it the same way, so
they give the same step.  Also the one-cell cage's words and "No step
found" at each level."""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
from pathlib import Path

import pytest

from deduce.cli import main
from deduce.cli.common import _solver
from deduce.engine import Solver
from deduce.errors import DeduceError
from deduce.formats import read_puzzle, read_puzzles
from deduce.formats.marks import player_position
from deduce.hint import hint, player_state
from deduce.render.words import TextRenderer
from deduce.state import State

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def run(argv: list[str], stdin: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        code = main(argv, out=out, err=err)
    finally:
        sys.stdin = saved
    return code, out.getvalue(), err.getvalue()


def filled_with_singles() -> tuple[State, list[int]]:
    """EASY after Fill candidates: the marks hold cells with one candidate that nobody has placed."""
    puzzle = read_puzzle(EASY)
    state = State.from_puzzle(puzzle)
    singles = [c for c in range(81) if state.value[c] < 0 and state.cand[c].bit_count() == 1]
    return state, singles


def marks_of(state: State) -> list[str]:
    sy = state.puzzle.symbols
    return ["" if state.value[c] >= 0 else "".join(sy[s] for s in range(9) if state.cand[c] >> s & 1)
            for c in range(81)]


def pencil_grid(state: State, placed: str = "+") -> str:
    """The position as a pencil-mark grid: placed cells as ``+5``, the others their candidates."""
    sy = state.puzzle.symbols
    cells = [placed + sy[v] if v >= 0 else m for v, m in zip(state.value, marks_of(state))]
    return "\n".join(" ".join(cells[9 * r:9 * r + 9]) for r in range(9)) + "\n"


def test_one_pencil_mark_is_a_candidate_not_a_placed_digit():
    state, singles = filled_with_singles()
    assert singles, "the easy puzzle's candidates hold naked singles"
    read = player_state(state.puzzle, {"digits": EASY, "marks": marks_of(state)})
    assert all(read.value[c] < 0 and read.cand[c] == state.cand[c] for c in singles)
    assert read.value == state.value and read.cand == state.cand
    # the old pencil-mark string: one candidate is a candidate too, a given written as itself is placed
    again = player_state(state.puzzle, pencil_grid(state, placed=""))
    assert again.value == state.value and again.cand == state.cand
    # and "+5" is placed
    plus = player_state(state.puzzle, pencil_grid(state))
    assert plus.value == state.value


def test_the_cli_reads_a_pencil_mark_grid_the_same_way():
    state, singles = filled_with_singles()
    entry = next(read_puzzles(pencil_grid(state)))
    read = player_position(entry)
    assert read.value == state.value and read.cand == state.cand
    bare = player_position(next(read_puzzles(pencil_grid(state, placed=""))))
    assert all(bare.value[c] < 0 for c in singles) and all(v < 0 for v in bare.value)   # nothing said placed
    given = player_position(next(read_puzzles(pencil_grid(state, placed=""))), state.puzzle)
    assert given.value == state.value                                # the original's givens are placed


@pytest.fixture(scope="module")
def client():
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    import warnings

    with warnings.catch_warnings():   # Starlette 1.x asks for httpx2 and still works with httpx
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from deduce.server import Settings, create_app

    with TestClient(create_app(Settings(workers=1, timeout=30)), base_url="http://localhost") as c:
        yield c


def test_the_api_hint_on_single_marks_is_the_cli_s_step_on_that_pencil_mark_grid(client):
    state, _ = filled_with_singles()
    position = {"digits": EASY, "marks": marks_of(state)}
    api = client.post("/api/hint", json={"puzzle": EASY, "position": position}).json()
    code, out, _ = run(["hint", "-", "--json"], pencil_grid(state))
    cli = json.loads(out)
    assert code == 0 and api["status"] == cli["status"] == "hint"
    for key in ("technique", "placements", "eliminations", "explanation"):
        assert api["step"][key] == cli["step"][key], key
    # a single mark is never read as placed: the step fills an empty cell, a naked single among them
    placed = {c for c, _ in api["step"]["placements"]}
    assert placed and all(state.value[int(c[1]) * 9 - 9 + int(c[3]) - 1] < 0 for c in placed)
    # the old string form of the same position gives the same step
    old = client.post("/api/hint", json={"puzzle": EASY, "position": pencil_grid(state, placed="")}).json()
    assert old["step"]["placements"] == api["step"]["placements"]


def test_a_wrong_digit_beside_single_marks_is_the_one_named(client):
    state, _ = filled_with_singles()
    solution = Solver().solve(state.puzzle).solution
    cell = next(c for c in range(81) if state.value[c] < 0 and state.cand[c].bit_count() > 1)
    wrong = next(s for s in range(9) if state.cand[cell] >> s & 1 and s != solution[cell])
    digits = EASY[:cell] + str(wrong + 1) + EASY[cell + 1:]
    position = {"digits": digits, "marks": marks_of(state)}
    doc = client.post("/api/hint", json={"puzzle": EASY, "position": position}).json()
    name = f"r{cell // 9 + 1}c{cell % 9 + 1}"
    assert doc["status"] == "mistake" and doc["cells"] == [name], doc


@pytest.mark.parametrize("position, words", [
    ({"digits": EASY, "marks": ["9"] * 80}, "'marks' must be a list of 81 strings"),
    ({"digits": EASY[:-1]}, "expected 81 symbols"),
    ({"digits": EASY, "colours": []}, "unknown key 'colours'"),
    ({"digits": EASY, "marks": ["x"] + [""] * 80}, "marks of r1c1: 'x' is not a symbol"),
    (["not", "a", "position"], "a string (N² symbols, or a pencil-mark grid) or an object"),
])
def test_a_bad_position_is_one_line_naming_the_problem(client, position, words):
    r = client.post("/api/hint", json={"puzzle": EASY, "position": position})
    assert r.status_code == 400 and words in r.json()["error"] and "\n" not in r.json()["error"]
    with pytest.raises(DeduceError, match=re.escape(words)):
        player_state(read_puzzle(EASY), position)


def test_the_openapi_document_describes_the_position_object(client):
    doc = client.get("/api/openapi.json").json()
    schema = doc["paths"]["/api/hint"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    position = schema["properties"]["position"]
    if "$ref" in position:  # the document's own component
        position = doc["components"]["schemas"][position["$ref"].rsplit("/", 1)[1]]
    kinds = position["oneOf"]
    assert {k["type"] for k in kinds} == {"object", "string", "null"}
    assert set(next(k for k in kinds if k["type"] == "object")["properties"]) == {"digits", "marks"}


def test_no_step_found_says_something_different_at_each_level():
    puzzle = read_puzzle(".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...")
    solver = _solver(argparse.Namespace(only="full-house", exclude=None, profile="deduce", no_uniqueness=False))
    h = hint(State.from_puzzle(puzzle), solver)
    words = [h.text(level) for level in ("nudge", "clue", "full")]
    assert h.stuck and len(set(words)) == 3 and not any("enabled" in w for w in words)


def test_a_one_cell_cage_is_its_total():
    doc = json.loads((Path(__file__).resolve().parents[1] / "examples" / "killer_45.json").read_text())
    puzzle = read_puzzle(json.dumps(doc))
    solution = Solver().solve(puzzle).solution
    first = doc["cages"].pop(0)
    for name in first["cells"]:
        k = (int(name[1]) - 1) * 9 + int(name[3]) - 1
        doc["cages"].insert(0, {"sum": solution[k] + 1, "cells": [name]})
    split = read_puzzle(json.dumps(doc))
    step = next(Solver().steps(State.from_puzzle(split)))
    text = TextRenderer(split).explain(step)
    assert step.code == "cage-single" and "is one cell, so it holds the cage's total" in text
    assert "add up to 0" not in text


def test_a_plus_marks_a_placed_cell_and_the_other_commands_read_the_grid_as_before():
    state, _ = filled_with_singles()
    plus, bare = pencil_grid(state), pencil_grid(state, placed="")
    a, b = next(read_puzzles(plus)), next(read_puzzles(bare))
    assert a.format == b.format == "candidates" and list(a.extra) == list(b.extra)
    assert a.puzzle.givens == b.puzzle.givens and a.puzzle.symbols == b.puzzle.symbols
    assert set(a.extra.placed) == {c for c in range(81) if state.value[c] >= 0} and not b.extra.placed
    code_a, out_a, _ = run(["solve", "-"], plus)
    code_b, out_b, _ = run(["solve", "-"], bare)
    assert code_a == code_b == 0 and out_a == out_b
    code, _, err = run(["hint", "-"], plus.replace("+3", "+35", 1))
    assert code == 2 and "a placed cell is '+' and one symbol" in err


def test_the_players_digits_are_not_givens_so_an_avoidable_rectangle_is_taught_from_the_apps_position():
    from deduce.catalogue import stored

    ex = stored()["avoidable-rectangle"]
    state, p = ex.state(), ex.puzzle
    placed = [k for k in range(p.ncells) if state.value[k] >= 0 and p.givens[k] < 0]
    assert placed   # the example's rectangle stands on cells the player filled
    digits = "".join(p.symbols[v] if v >= 0 else "." for v in state.value)
    marks = ["" if state.value[k] >= 0 else "".join(p.symbols[s] for s in range(p.size) if state.cand[k] >> s & 1)
             for k in range(p.ncells)]
    got = player_state(p, {"digits": digits, "marks": marks})
    assert got.puzzle.givens == p.givens and got.value == state.value and got.cand == state.cand
    step = next(iter(Solver().steps(got.copy(), None, unique=True)))
    assert step.technique.code == "avoidable-rectangle"
    # a changed given: the placed symbols are the state's givens, for the hint to report it
    k = next(k for k in range(p.ncells) if p.givens[k] >= 0)
    changed = digits[:k] + p.symbols[(p.givens[k] + 1) % p.size] + digits[k + 1:]
    assert player_state(p, {"digits": changed, "marks": marks}).puzzle.givens[k] != p.givens[k]
