"""The SVG pictures (deduce.render.svg): roles, candidate-level highlights,
chain links, cages clear of the candidates."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import deduce
from deduce.formats import read_puzzle
from deduce.puzzle import Puzzle
from deduce.render.marks import ROLES, Link, Marks
from deduce.render.svg import ELIMINATED, Layout, grid_svg
from deduce.showcase import SHOWCASE
from deduce.state import State

NS = "{http://www.w3.org/2000/svg}"


def showcase(label: str) -> Puzzle:
    text, fmt = next((t, f) for name, t, f in SHOWCASE if name == label)
    return read_puzzle(text, fmt)


def first_step(puzzle: Puzzle, code: str):
    state = State.from_puzzle(puzzle)
    for step in deduce.solve(puzzle).steps:
        if step.code == code:
            return state, step
        state.apply(step)
    raise AssertionError(f"no {code} step")


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)  # well-formed XML, or this raises


def test_a_chain_step_draws_its_links_strong_solid_weak_dashed_with_arrows():
    state, step = first_step(showcase("naked and hidden pair"), "xy-chain")
    root = parse(grid_svg(state, step))
    paths = [p for p in root.iter(NS + "path") if "link" in p.get("class", "")]
    assert len(paths) == 2 * len(step.detail("path")) - 1
    for p in paths:
        assert p.get("marker-end") == "url(#deduce-arrow)"
        assert ("strong" in p.get("class")) == (p.get("stroke-dasharray") is None)
    assert {"strong", "weak"} <= {c for p in paths for c in p.get("class").split()}


def test_a_colouring_draws_its_strong_links_without_arrows():
    state, step = first_step(showcase("X-chain"), "multi-colours")
    root = parse(grid_svg(state, step))
    paths = [p for p in root.iter(NS + "path") if "link" in p.get("class", "")]
    assert paths and all(p.get("marker-end") is None and "strong" in p.get("class") for p in paths)


def test_links_start_and_end_on_their_candidates():
    puzzle = Puzzle.empty(9)
    state = State.from_puzzle(puzzle)
    lay = Layout(puzzle)
    m = Marks(candidates=((0, 4, "on"), (80, 4, "off")), links=(Link((0, 4), (80, 4), strong=True),))
    path = next(p for p in parse(grid_svg(state, marks=m)).iter(NS + "path") if "link" in p.get("class", ""))
    numbers = [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", path.get("d"))]
    (x1, y1), (x2, y2) = lay.cand_xy(0, 4), lay.cand_xy(80, 4)
    r = lay.small * 0.62
    assert abs(numbers[0] - x1) <= r + 0.2 and abs(numbers[1] - y1) <= r + 0.2
    assert abs(numbers[-2] - x2) <= r + 0.2 and abs(numbers[-1] - y2) <= r + 0.2
    # the curve's control point stays on the grid
    assert 0 <= numbers[2] <= lay.size and 0 <= numbers[3] <= lay.size


def test_each_role_gets_its_own_colour_and_a_cell_in_two_sets_is_striped():
    puzzle = Puzzle.empty(9)
    state = State.from_puzzle(puzzle)
    m = Marks(cells=((0, "pivot"), (1, "pincer"), (2, "set-1"), (2, "set-2")), candidates=((3, 0, "fin"),),
              houses=((10, "base"), (20, "cover")))
    root = parse(grid_svg(state, marks=m))
    fills = {(e.get("class"), e.get("fill")) for e in root.iter() if e.get("class", "") in ROLES
             or e.get("class", "").startswith("cand-")}
    for role in ("pivot", "pincer", "set-1", "set-2", "base", "cover"):
        assert (role, ROLES[role][0]) in fills
    assert ("cand-fin", ROLES["fin"][0]) in fills
    stripes = [e for e in root.iter(NS + "rect") if e.get("class") in ("set-1", "set-2")]
    assert len(stripes) == 2 and {float(e.get("width")) for e in stripes} == {Layout(puzzle).cs / 2}
    assert len(set(c for c, _ in ROLES.values())) >= len(ROLES) - 8  # few roles share a colour


def test_a_candidate_with_two_roles_is_split_between_their_colours():
    puzzle = Puzzle.empty(9)
    state = State.from_puzzle(puzzle)
    m = Marks(candidates=((0, 4, "on"), (0, 4, "off"), (1, 4, "on"), (2, 4, "off"), (2, 4, "eliminated")))
    root = parse(grid_svg(state, marks=m))
    halves = [e for e in root.iter(NS + "path") if e.get("data-cand") == "0:4"]
    assert [(e.get("class"), e.get("fill")) for e in halves] == [("cand-on", ROLES["on"][0]),
                                                                  ("cand-off", ROLES["off"][0])]
    # two half discs around the candidate's centre, the first on the left
    x, y = Layout(puzzle).cand_xy(0, 4)
    ends = []
    for e in halves:  # centre, one end of the diameter, a clockwise half circle to the other end
        d = re.fullmatch(r"M([\d.]+),([\d.]+) L([\d.]+),([\d.]+) A[\d.]+,[\d.]+ 0 0,1 ([\d.]+),([\d.]+) Z",
                         e.get("d"))
        assert d, e.get("d")
        cx, cy, x0, y0, x1, y1 = map(float, d.groups())
        assert max(abs(cx - x), abs(cy - y), abs(x0 - x), abs(x1 - x)) < 0.1
        ends.append((y0 - y, y1 - y))
    # clockwise from the bottom to the top is the left half, from the top to the bottom the right half
    assert ends[0][0] > 0 > ends[0][1] and ends[1][0] < 0 < ends[1][1]
    assert [e.get("class") for e in root.iter(NS + "circle") if e.get("data-cand") == "0:4"] == ["cand-split"]
    # one role: one disc; an eliminated candidate is struck out whatever its other role
    assert [e.get("class") for e in root.iter() if e.get("data-cand") == "1:4"] == ["cand-on"]
    assert not [e for e in root.iter() if e.get("data-cand") == "2:4"]
    assert any(e.get("class") == "eliminated-mark" for e in root.iter(NS + "circle"))


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def test_a_highlighted_cage_is_not_red_and_its_sum_clears_candidate_one():
    puzzle = showcase("seed: killer sudoku and the 45 rule")
    state, step = first_step(puzzle, "innie")
    root = parse(grid_svg(state, step))
    cages = [g for g in root.iter(NS + "g") if g.get("data-role") == "cage"]
    assert cages
    red = _rgb(ELIMINATED)
    for g in cages:
        colour = _rgb(g.get("stroke"))
        assert sum((a - b) ** 2 for a, b in zip(colour, red)) ** 0.5 > 150
    lay = Layout(puzzle)
    # the cage sum sits in a band above the candidates: its box ends above candidate 1's glyph
    label_bottom = 1 + 13
    glyph_top = lay.cand_xy(0, 0)[1] - lay.margin + lay.small * 0.35 - lay.small * 0.75
    assert label_bottom <= glyph_top


def test_eliminations_are_struck_out_and_placements_shown():
    state, step = first_step(showcase("hidden triple"), "x-wing")
    svg = grid_svg(state, step)
    assert svg.count('class="eliminated"') == len(step.eliminations)
    assert svg.count('class="strike"') == len(step.eliminations)
    state, step = first_step(showcase("hidden triple"), "hs")
    assert grid_svg(state, step).count('class="placement"') == 1
