"""Variant constraints (issue 44): XV marks and the clues outside the grid
(little killers, sandwiches, X-sums, skyscrapers).

Each is read from f-puzzles JSON and links and written back; its rule and
the search agree with brute force over every 4x4 grid; its steps never
remove a candidate some completion allows (hypothesis, against brute force
on small random instances); its words say what a solver would; it is drawn,
outside clues in a band around the grid; bad input is one line, exit 2.
"""

from __future__ import annotations

import json
import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deduce.backtrack import iter_solutions
from deduce.constraint import ConstraintError, kind_for_key
from deduce.formats import read_puzzle, write_puzzle
from deduce.puzzle import Puzzle
from deduce.render.marks import marks
from deduce.render.svg import Layout, grid_svg
from deduce.state import State
from strategies.variants._outside import side
from strategies.variants.little_killer import STEP, LittleKiller, LittleKillerSums, diagonal
from strategies.variants.sandwich import Sandwich, SandwichPlaces
from strategies.variants.skyscraper import Skyscraper, SkyscraperViews, seen
from strategies.variants.x_sum import XSum, XSumCounts
from strategies.variants.xv import XVMark, XVNegative, XVPairs

from .test_variants_core import assert_steps_sound, completions, doc, grids4, run

PRODUCERS = (XVPairs("mark"), XVPairs("negative"), LittleKillerSums(), SandwichPlaces(), XSumCounts(),
             SkyscraperViews())

FULL = {**doc(),
        "xv": [{"cells": ["R1C1", "R1C2"], "value": "X"}, {"cells": ["R2C1", "R3C1"], "value": "V"}],
        "negative": ["xv"],
        "littlekillersum": [{"cell": "R0C1", "direction": "DR", "value": "40"},
                            {"cell": "R10C10", "direction": "UL", "value": "45"},
                            {"cell": "R0C2", "direction": "DL", "value": "9"}],
        "sandwichsum": [{"cell": "R0C3", "value": "12"}, {"cell": "R4C0", "value": "0"}],
        "xsum": [{"cell": "R5C0", "value": "20"}, {"cell": "R10C5", "value": "6"}],
        "skyscraper": [{"cell": "R6C10", "value": "3"}, {"cell": "R0C8", "value": "2"}]}


def test_the_registry_finds_the_clue_families_by_their_keys():
    assert kind_for_key("xv") is XVMark and kind_for_key("negative:xv") is XVNegative
    assert kind_for_key("littlekillersum") is LittleKiller and kind_for_key("sandwichsum") is Sandwich
    assert kind_for_key("xsum") is XSum and kind_for_key("skyscraper") is Skyscraper


@pytest.mark.parametrize("fmt", ["fpuzzles", "fpuzzles-link", "sudokupad-link"])
def test_every_clue_is_written_back_and_read_again(fmt):
    p = read_puzzle(json.dumps(FULL))
    assert len(p.constraints) == 12
    assert XVMark((0, 1), "X") in p.constraints and XVNegative() in p.constraints
    assert LittleKiller((0, 2), "DL", 9) in p.constraints and Sandwich((4, 0), 0) in p.constraints
    assert XSum((10, 5), 6) in p.constraints and Skyscraper((0, 8), 2) in p.constraints
    q = read_puzzle(write_puzzle(p, fmt))
    assert q.constraints == p.constraints


def test_a_little_killer_is_written_with_its_cells_as_f_puzzles_writes_it():
    p = read_puzzle(json.dumps(FULL))
    out = json.loads(write_puzzle(p, "fpuzzles"))
    assert {"cell": "R0C2", "direction": "DL", "value": "9", "cells": ["R1C1"]} in out["littlekillersum"]


def test_the_clues_rebuild_from_their_repr():
    p = read_puzzle(json.dumps(FULL))
    names = {"XVMark": XVMark, "XVNegative": XVNegative, "LittleKiller": LittleKiller, "Sandwich": Sandwich,
             "XSum": XSum, "Skyscraper": Skyscraper}
    assert tuple(eval(repr(c), names) for c in p.constraints) == p.constraints


BAD = [
    ({"xv": [{"cells": ["R1C1", "R1C3"], "value": "X"}]}, "XV mark 1 (R1C1-R1C3): its cells do not touch"),
    ({"xv": [{"cells": ["R1C1", "R1C2"], "value": "W"}]}, "XV mark 1: value 'W' is not X or V"),
    ({"littlekillersum": [{"cell": "R3C3", "direction": "DR", "value": "10"}]},
     "little killer 1: cell R3C3 is not outside the grid"),
    ({"littlekillersum": [{"cell": "R0C1", "direction": "UL", "value": "10"}]},
     "little killer 1 (R0C1 UL): its diagonal misses the grid"),
    ({"littlekillersum": [{"cell": "R0C1", "direction": "down", "value": "10"}]},
     "little killer 1: direction 'down' is not UL, UR, DL or DR"),
    ({"littlekillersum": [{"cell": "R0C0", "direction": "DR", "value": "10"}]},
     "little killer r1c1-r9c9 (10): no digits 1-9 along it add up to 10"),
    ({"littlekillersum": [{"cell": "R0C12", "direction": "DL", "value": "10"}]},
     "little killer 1: cell R0C12 is not next to the 9x9 grid"),
    ({"sandwichsum": [{"cell": "R0C0", "value": "10"}]},
     "sandwich 1: cell R0C0 is a corner, beside no row or column"),
    ({"sandwichsum": [{"cell": "R0C3", "value": "34"}]}, "sandwich 34 above column 3: no row of values 1-9 gives 34"),
    ({"xsum": [{"cell": "R2C0", "value": "2"}]}, "X-sum 2 left of row 2: no row of values 1-9 gives 2"),
    ({"xsum": [{"cell": "R2C0"}]}, "X-sum 1: value null is not a whole number"),
    ({"skyscraper": [{"cell": "R2C0", "value": "10"}]}, "skyscraper 10 left of row 2: no row of values 1-9 gives 10"),
    ({"skyscraper": [{"value": "3"}]}, "skyscraper 1: it needs a 'cell' outside the grid"),
]


@pytest.mark.parametrize(("keys", "message"), BAD, ids=[m.split(":")[0][:30] for _, m in BAD])
def test_bad_clues_are_one_line_naming_the_place_and_exit_2(keys, message):
    code, _, err = run(["solve"], json.dumps({**doc(), **keys}) + "\n")
    assert code == 2
    assert err.strip().splitlines() == [f"deduce: line 1: {message} (read as an f-puzzles document)"]


def test_an_xv_no_digits_can_make_is_refused():
    with pytest.raises(ConstraintError, match="X r1c1-r1c2: no two different values 1-4 add up to 10"):
        Puzzle.empty(4, constraints=(XVMark((0, 1), "X"),))


# -- the rule and the search against brute force ----------------------------------------------------


def _ring(n: int) -> list[tuple[int, int]]:
    return [(r, c) for r in range(n + 2) for c in range(n + 2) if not (1 <= r <= n and 1 <= c <= n)]


def random_puzzle(rng: random.Random, n: int = 4) -> Puzzle:
    """A few clues of each family at random on a 4x4 grid, most of them
    true of one random grid, some at random (those that do not fit left out)."""
    grid = rng.choice(grids4())
    out: list = []
    for _ in range(rng.randrange(1, 4)):
        kind = rng.choice(["xv", "negative", "killer", "sandwich", "xsum", "skyscraper"])
        honest = rng.random() < 0.8
        clue = rng.choice(_ring(n))
        if kind == "xv":
            a = rng.randrange(n * n)
            b = a + 1 if a % n < n - 1 and rng.random() < 0.5 else a + n
            if b >= n * n:
                continue
            item = XVMark((a, b), "V")
        elif kind == "negative":
            item = XVNegative()
        elif kind == "killer":
            direction = rng.choice(sorted(STEP))
            cells = diagonal(clue, direction, n)
            if not cells:
                continue
            value = sum(grid[c] + 1 for c in cells) if honest else rng.randrange(1, 12)
            item = LittleKiller(clue, direction, value, n)
        else:
            if side(clue, n) is None:
                continue
            probe = {"sandwich": Sandwich, "xsum": XSum, "skyscraper": Skyscraper}[kind](clue, 0, n)
            value = rng.randrange(0, 10)
            if honest:
                cells = probe.cells()
                row = [grid[c] for c in cells]
                if kind == "sandwich":
                    i, j = sorted((row.index(0), row.index(n - 1)))
                    value = sum(v + 1 for v in row[i + 1:j])
                elif kind == "xsum":
                    value = sum(v + 1 for v in row[:row[0] + 1])
                else:
                    value = seen(row)
            item = attrs.evolve(probe, value=value)
        try:
            Puzzle.empty(n, constraints=(*out, item))
        except ConstraintError:
            continue
        out.append(item)
    return Puzzle.empty(n, constraints=tuple(out))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10 ** 9))
def test_the_search_finds_exactly_the_grids_the_rule_allows(seed):
    p = random_puzzle(random.Random(seed))
    assert sorted(iter_solutions(p)) == sorted(completions(p))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10 ** 9))
def test_clue_steps_never_remove_a_candidate_some_completion_allows(seed):
    rng = random.Random(seed)
    assert_steps_sound(random_puzzle(rng), rng, PRODUCERS, placed=5)


@pytest.mark.parametrize("kind", [Sandwich, XSum, Skyscraper])
def test_each_side_clue_narrows_an_empty_grid_soundly_and_refuses_what_no_grid_gives(kind):
    """On 4x4, every clue value: refused only when no grid gives it; its own
    narrowing of an empty grid keeps every value some completion holds."""
    for value in range(11):
        for clue in ((0, 2), (3, 5), (5, 1), (2, 0)):
            c = kind(clue, value, 4)
            try:
                p = Puzzle.empty(4, constraints=(c,))
            except ConstraintError:
                assert not any(c.broken(Puzzle.empty(4), g) is None for g in grids4()), c
                continue
            sols = completions(p)
            cand = [0b1111] * 16
            assert c.narrow(p, cand) or not sols
            for g in sols:
                assert all(cand[x] >> g[x] & 1 for x in range(16)), (c, g)


# -- words -------------------------------------------------------------------------------------------


def test_the_v_names_the_placed_partner_and_the_values_too_big():
    p = attrs.evolve(Puzzle.from_string("4" + "." * 80), constraints=(XVMark((0, 1), "V"),))
    step = next(XVPairs("mark").find(State.from_puzzle(p)))
    assert step.text("full", p) == (
        "XV sum: r1c1 and r1c2 are joined by a V: they add up to 5. r1c2 is not 5, 6, 7, 8 or 9: no value 1-9 "
        "adds up with any of them to 5. r1c2 is not 2 or 3: r1c1, across the V, is 4. So r1c2<>2356789.")
    assert step.text("nudge", p) == "Look at the V r1c1-r1c2."


def test_a_missing_mark_says_what_the_neighbour_is():
    p = attrs.evolve(Puzzle.from_string("4" + "." * 80), constraints=(XVNegative(),))
    steps = list(XVPairs("negative").find(State.from_puzzle(p)))
    assert {(c, s) for step in steps for c, s in step.eliminations} == {(1, 0), (9, 0), (1, 5), (9, 5)}
    assert steps[0].text("full", p) == (
        "Missing XV mark: r1c1 and r1c2 touch without a mark, and every X and V is given: they add up to neither "
        "5 nor 10. r1c2 is not 1 or 6: r1c1, its unmarked neighbour, is 4. So r1c2<>16.")


def test_the_little_killer_says_what_the_other_cells_add_up_to():
    p = Puzzle.empty(9, constraints=(LittleKiller((0, 1), "DR", 12),))
    step = next(LittleKillerSums().find(State.from_puzzle(p)))
    text = step.text("full", p)
    assert text.startswith(
        "Little killer sum: the cells along the little killer r1c2-r8c9 (12) add up to 12; r1c2 and r2c3 see each "
        "other, as do r4c5 and r5c6, as do r7c8 and r8c9, so they differ. r1c2 is not 4, 5, 6, 7, 8 or 9: the "
        "other cells add up to at least 9.")
    assert "r3c4 is not 3, 4, 5, 6, 7, 8 or 9: the other cells add up to at least 10." in text
    assert step.text("clue", p) == (
        "The cells along the little killer r1c2-r8c9 (12) add up to 12; r1c2 and r2c3 see each other, as do r4c5 "
        "and r5c6, as do r7c8 and r8c9, so they differ. Which values leave the others room to make up the total?")


def test_the_sandwich_says_where_the_bread_can_go():
    p = Puzzle.empty(9, constraints=(Sandwich((0, 7), 35),))
    step = next(SandwichPlaces().find(State.from_puzzle(p)))
    assert step.text("full", p) == (
        "Sandwich sum: the digits between the 1 and the 9 of column 7 add up to 35. Of the places left for the 1 "
        "and the 9 in column 7, 2 leave cells between that can add up to 35: the 1 in r1c7 or r9c7, the 9 in r1c7 "
        "or r9c7. So r1c7<>2345678, r2c7<>19, r3c7<>19, r4c7<>19, r5c7<>19, r6c7<>19, r7c7<>19, r8c7<>19, "
        "r9c7<>2345678.")


def test_the_x_sum_says_which_counts_fit():
    p = Puzzle.empty(9, constraints=(XSum((0, 3), 12),))
    step = next(XSumCounts().find(State.from_puzzle(p)))
    assert step.text("full", p) == (
        "X-sum: r1c3, the first cell from the X-sum 12 above column 3, says how many cells from there add up to "
        "12. With what the cells can hold, the first cells can add up to 12 only when r1c3 is 3 or 4. So "
        "r1c3<>1256789, r2c3<>369, r3c3<>369.")


def test_the_skyscraper_bounds_the_near_cells():
    p = Puzzle.empty(9, constraints=(Skyscraper((0, 3), 3),))
    step = next(SkyscraperViews().find(State.from_puzzle(p)))
    assert step.text("full", p) == (
        "Skyscraper view: from the skyscraper 3 above column 3, 3 digits of column 3 are seen, taller ones hiding "
        "shorter ones behind them. r1c3 is not 8 or 9: with 8 there, at most 2 buildings could be seen. r2c3 is "
        "not 9: with 9 there, at most 2 buildings could be seen. So r1c3<>89, r2c3<>9.")
    one = Puzzle.empty(9, constraints=(Skyscraper((10, 1), 1),))
    step = next(SkyscraperViews().find(State.from_puzzle(one)))
    assert "r9c1 is not 1, 2, 3, 4, 5, 6, 7 or 8: the 9 behind it would be seen too." in step.text("full", one)


# -- pictures ----------------------------------------------------------------------------------------


def test_every_clue_is_drawn_and_outside_clues_get_a_band_around_the_grid():
    p = read_puzzle(json.dumps(FULL))
    lay = Layout(p)
    assert lay.margin == lay.cs and Layout(Puzzle.empty(9)).margin == 6
    svg = grid_svg(State.from_puzzle(p))
    assert svg.count('class="constraint xv"') == 2
    assert svg.count('class="constraint little-killer"') == 3 and svg.count('class="little-killer-arrow"') == 9
    assert svg.count('class="constraint sandwich"') == 2 and svg.count('class="constraint X-sum"') == 2
    assert svg.count('class="constraint skyscraper"') == 2
    # the sandwich above column 3 sits over its column, in the band above the grid
    x, y = lay.margin + 2.5 * lay.cs, lay.margin - 0.5 * lay.cs
    assert f'class="constraint sandwich" x="{x:.1f}"' in svg and 0 < y < lay.margin


def test_a_step_on_a_clue_marks_its_cells():
    p = Puzzle.empty(9, constraints=(Sandwich((0, 7), 35),))
    state = State.from_puzzle(p)
    step = next(SandwichPlaces().find(state))
    m = marks(step, p, state)
    assert {c for c, role in m.cells if role == "pattern"} == set(range(6, 81, 9))
    assert 'class="constraint sandwich"' in grid_svg(state, step)


def test_on_6x6_the_sandwich_is_between_the_1_and_the_6_and_boxes_keep_a_diagonal_apart():
    p = Puzzle.empty(6, constraints=(Sandwich((0, 1), 14, 6),))
    step = next(SandwichPlaces().find(State.from_puzzle(p)))
    assert step.text("full", p).startswith("Sandwich sum: the digits between the 1 and the 6 of column 1 add up to 14.")
    assert {c for c, s in step.eliminations if s == 0} == {6, 12, 18, 24}  # 2+3+4+5: the bread at the ends
    p = Puzzle.empty(6, constraints=(LittleKiller((4, 0), "UR", 4, 6),))  # r3c1, then r2c2 and r1c3 of box 1
    state = State.from_puzzle(p)
    step = next(LittleKillerSums().find(state))
    state.apply(step)
    assert state.cand[12] == 0b1 and state.cand[7] == state.cand[2] == 0b11  # 1 + {1, 2}
    assert "r2c2 and r1c3 see each other, so they differ" in step.text("full", p)
