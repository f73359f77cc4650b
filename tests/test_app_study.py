"""The app's strategy pages, practice positions and exports (deduce/server/study.py) as a
worker answers them (``POST /app/technique``, ``/app/practice``, ``/app/export``), without
a server: the records, their soundness (a practice position's first step is the technique
asked for, with deduce's own solver) and one-line refusals of bad requests."""

from __future__ import annotations

import json

import pytest

from deduce.catalogue import stored
from deduce.formats import read_puzzle
from deduce.formats.lzstring import decompress_from_base64
from deduce.server.jobs import run
from deduce.server.study import first_step_code
from deduce.state import State

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def answer(endpoint: str, body: dict, seconds: float | None = 5) -> tuple[int, dict | str]:
    out: list = []
    run(endpoint, body, seconds, lambda kind, payload: out.append((kind, payload)))
    lines = [json.loads(p) for k, p in out if k == "line"]
    code, error = out[-1][1]
    return code, (lines[-1] if lines else error)


def test_a_technique_page_holds_the_definition_and_the_stored_example_at_three_levels():
    code, doc = answer("technique", {"technique": "X-Wing"})
    assert code == 0 and doc["status"] == "technique" and doc["code"] == "x-wing"
    assert doc["description"] and doc["se"] == pytest.approx(3.2)
    ex = doc["example"]
    assert ex["step"]["code"] == "x-wing" and ex["board"]["status"] == "board"
    assert all(ex["step"][level] for level in ("nudge", "clue", "explanation"))
    assert len(ex["values"]) == len(ex["candidates"]) == 81


def test_the_list_of_techniques_is_the_table_in_order():
    code, doc = answer("technique", {})
    codes = [t["code"] for t in doc["techniques"]]
    assert code == 0 and codes.index("hs") < codes.index("x-wing") < codes.index("aic")
    assert {c for c in codes if any(t["code"] == c and t["example"] for t in doc["techniques"])} >= set(stored())


@pytest.mark.parametrize("technique", ["x-wing", "np"])
def test_a_practice_position_has_the_technique_as_its_first_step(technique):
    code, doc = answer("practice", {"technique": technique, "seed": 7}, seconds=20)
    assert code == 0 and doc["status"] == "practice" and doc["code"] == technique
    puzzle = read_puzzle(doc["puzzle"])
    assert first_step_code(State(puzzle, list(doc["candidates"]), list(doc["values"]))) == technique


def test_practice_falls_back_to_the_stored_example_where_it_comes_first():
    # no time for the generator: the catalogue's position (a killer's cage single: the generator makes classics)
    code, doc = answer("practice", {"technique": "cage-single"}, seconds=0.01)
    assert code == 0 and doc["status"] == "practice" and doc["source"] == "stored"
    puzzle = read_puzzle(doc["puzzle"])
    state = State(puzzle, list(doc["candidates"]), list(doc["values"]))
    assert puzzle.cages and first_step_code(state) == "cage-single"


def test_export_carries_the_players_digits_marks_and_colours():
    position = "4" + EASY[1:]
    marks = ["."] * 81
    marks[1] = "178"
    colours = ["."] * 81
    colours[0] = "#ff9f43"
    code, doc = answer("export", {"puzzle": EASY, "position": position, "marks": " ".join(marks),
                                  "colours": " ".join(colours), "to": "fpuzzles"})
    assert code == 0 and doc["link"].startswith("https://www.f-puzzles.com/?load=")
    grid = json.loads(decompress_from_base64(doc["link"].split("load=")[1]))["grid"]
    assert grid[0][0] == {"value": 4, "highlight": "#ff9f43"}
    assert grid[0][1] == {"centerPencilMarks": [1, 7, 8]}
    assert grid[0][2] == {"value": 3, "given": True}


def test_export_takes_the_position_as_the_hints_send_it_and_a_single_mark_stays_a_mark():
    digits = "4" + EASY[1:]
    marks = [""] * 81
    marks[1], marks[3] = "178", "7"   # r1c4 holds one pencil mark: a mark, not a placed 7
    code, doc = answer("export", {"puzzle": EASY, "position": {"digits": digits, "marks": marks}, "to": "sudokupad"})
    assert code == 0 and doc["link"].startswith("https://sudokupad.app/fpuzzles")
    grid = json.loads(decompress_from_base64(doc["link"][len("https://sudokupad.app/fpuzzles"):]))["grid"]
    assert grid[0][0] == {"value": 4}
    assert grid[0][1] == {"centerPencilMarks": [1, 7, 8]}
    assert grid[0][3] == {"centerPencilMarks": [7]}
    assert grid[0][5] == {}


@pytest.mark.parametrize(("endpoint", "body", "says"), [
    ("technique", {"technique": "no such thing"}, "unknown technique 'no such thing'"),
    ("practice", {"technique": ""}, "'technique' must be"),
    ("export", {"puzzle": EASY, "to": "pdf"}, "'to' must be one of fpuzzles, sudokupad"),
    ("export", {"puzzle": EASY, "colours": "red"}, "'colours' must hold 81 cells"),
    ("export", {"puzzle": EASY, "position": "12"}, "'position' must be a line of 81"),
    ("export", {"puzzle": EASY, "position": {"digits": EASY, "marks": ["1"]}}, "'marks' must be a list of 81"),
    ("export", {"puzzle": EASY, "position": {"digits": EASY, "colours": []}}, "unknown key 'colours'"),
    ("export", {"puzzle": EASY, "position": 5}, "'position' must be"),
    ("technique", {"technique": 5}, "'technique' must be a string"),
])
def test_bad_requests_are_one_line(endpoint, body, says):
    code, error = answer(endpoint, body)
    assert code == 2 and isinstance(error, str) and says in error and "\n" not in error
