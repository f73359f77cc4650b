"""Variants drawn and played, without a browser (default suite, about a
second): the one drawing description (:func:`deduce.render.json.
constraint_drawing`) covers every constraint of the corpus (a picture, or a
sentence of the rule line) and is what the SVG draws; the app's rules
(:func:`deduce.render.variants.play_rules`) never call the solution a clash and
do catch a digit that breaks a dot or a line; the coach names the
constraint a player's digits break (``deduce.hint``).  The browser tests of
the same are in ``test_variants_browser.py``."""

from __future__ import annotations

import functools
import json
import pathlib

import pytest

from deduce.formats import read_puzzle
from deduce.hint import MISTAKE, hint, player_state
from deduce.render.html import board_data
from deduce.render.json import constraint_drawing, play_rules
from deduce.render.printed import puzzle_svg

MADE = pathlib.Path(__file__).resolve().parent / "data" / "variants" / "made.jsonl"


@functools.cache
def records() -> dict[str, dict]:
    return {r["id"]: r for r in (json.loads(line) for line in MADE.read_text().splitlines() if line.strip())}


def small() -> list[str]:
    return sorted(rid for rid, r in records().items() if r["size"] <= 6)


def _puzzle(rid: str):
    return read_puzzle(json.dumps(records()[rid]["fpuzzles"]))


def _clashes(puzzle, values: list[int]) -> list[tuple[int, int]]:
    """The app's clash check (assets/app.js), in Python: pairs of filled cells its rules rule out."""
    rules = play_rules(puzzle)
    out = []
    for a, b in rules["peers"]:
        if values[a] >= 0 and values[a] == values[b]:
            out.append((a, b))
    for a, b, allowed, _ in rules["relations"]:
        if values[a] >= 0 and values[b] >= 0 and not allowed[values[a]] >> values[b] & 1:
            out.append((a, b))
    for cell, mask, _ in rules["unary"]:
        if values[cell] >= 0 and not mask >> values[cell] & 1:
            out.append((cell, cell))
    return out


@pytest.mark.parametrize("rid", small())
def test_one_description_drawn_everywhere(rid):
    puzzle = _puzzle(rid)
    drawing = constraint_drawing(puzzle)
    svg = puzzle_svg(puzzle)
    assert all(item["svg"] in svg for item in drawing["items"])
    assert svg.count('class="variant"') == len(drawing["items"])
    # every constraint has a picture or a sentence on the rule line
    assert len(drawing["items"]) + len(drawing["rules"]) >= len({type(c) for c in puzzle.constraints})
    assert all(rule.endswith(".") and rule[0].isupper() for rule in drawing["rules"])
    data = board_data(puzzle, "t")
    assert data["drawing"] == drawing and data["play"] == play_rules(puzzle)
    # the solution is never a clash
    solution = [puzzle.symbols.index(ch) for ch in records()[rid]["solution"]]
    assert _clashes(puzzle, solution) == []


def test_rules_catch_a_broken_dot_and_thermometer():
    for rid in ("difference-3", "thermometer-3", "ratio-3", "nonconsecutive-2"):
        puzzle = _puzzle(rid)
        rel = play_rules(puzzle)["relations"][0]
        a, b, allowed, label = rel
        assert play_rules(puzzle)["labels"][label]
        bad = next((x, y) for x in range(puzzle.size) for y in range(puzzle.size) if not allowed[x] >> y & 1)
        values = [-1] * puzzle.ncells
        values[a], values[b] = bad
        assert (a, b) in _clashes(puzzle, values), rid


def _digits(puzzle, extra: dict[int, str]) -> str:
    d = [puzzle.symbols[v] if v >= 0 else "." for v in puzzle.givens]
    for cell, ch in extra.items():
        d[cell] = ch
    return "".join(d)


def breaking_pair(puzzle, rel) -> tuple[int, int]:
    """Symbols for the cells of relation ``rel`` that it rules out, clashing with no given."""
    def free(cell: int, s: int) -> bool:
        return all(puzzle.givens[p] != s for p in puzzle.peers[cell])

    return next((x, y) for x in range(puzzle.size) for y in range(puzzle.size)
                if not rel.allowed[x] >> y & 1 and free(rel.a, x) and free(rel.b, y)
                and (x != y or rel.b not in puzzle.peers[rel.a]))


def test_coach_names_the_broken_thermometer():
    puzzle = _puzzle("thermometer-3")
    t = next(c for c in puzzle.constraints if all(puzzle.givens[x] < 0 for x in c.cells[:2]))
    rel = t.relations(puzzle)[0]
    x, y = breaking_pair(puzzle, rel)
    h = hint(player_state(puzzle, _digits(puzzle, {rel.a: puzzle.symbols[x], rel.b: puzzle.symbols[y]})), None,
             puzzle)
    assert h.status == MISTAKE and t.label(puzzle) in h.text("full"), h.text("full")
    assert set(h.cells) == {rel.a, rel.b}


def test_coach_names_the_rule_a_digit_repeats_in():
    puzzle = _puzzle("antiknight-3")
    n = puzzle.size
    # two empty cells a knight's move apart, sharing no row, column or box
    pairs = [(a, b) for a in range(n * n) for b in range(a + 1, n * n)
             if sorted((abs(a // n - b // n), abs(a % n - b % n))) == [1, 2]
             and puzzle.givens[a] < 0 and puzzle.givens[b] < 0 and b not in puzzle.geometry.peers[a]]
    a, b = pairs[0]
    h = hint(player_state(puzzle, _digits(puzzle, {a: "1", b: "1"})), None, puzzle)
    assert h.status == MISTAKE and "anti-knight" in h.text("full") and "cage" not in h.text("full")
    puzzle = _puzzle("sudoku-x-2")
    n = puzzle.size
    h = hint(player_state(puzzle, "1" + "." * (n * n - 2) + "1"), None, puzzle)
    assert h.status == MISTAKE and "diagonal r1c1-r6c6" in h.text("full")


def test_coach_names_an_odd_cell():
    puzzle = _puzzle("odd-even-3")
    cell_rule = next(c for c in puzzle.constraints if c.KIND == "parity" and puzzle.givens[c.cell] < 0)
    wrong = "2" if cell_rule.kind == "odd" else "1"
    h = hint(player_state(puzzle, _digits(puzzle, {cell_rule.cell: wrong})), None, puzzle)
    assert h.status == MISTAKE and cell_rule.label(puzzle) in h.text("full")


def test_app_board_of_a_variant():
    """The app's board request (``POST /app/board``) of a variant: its drawing, its rules, kind "variant"."""
    pytest.importorskip("starlette")
    from deduce.server import jobs

    out: list = []
    jobs.run("board", {"puzzle": json.dumps(records()["thermometer-3"]["fpuzzles"])}, 10,
             lambda kind, value: out.append((kind, value)))
    doc = json.loads(out[0][1])
    assert doc["kind"] == "variant" and doc["title"] == "deduce: 4×4 sudoku with thermometer"
    assert [item["kind"] for item in doc["drawing"]["items"]] == ["thermometer", "thermometer"]
    assert len(doc["play"]["relations"]) == 4 and doc["play"]["labels"][0].startswith("thermometer ")
