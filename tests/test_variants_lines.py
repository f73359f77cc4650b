"""Variant constraints (issue 44): arrows, German whispers, renban lines,
palindromes, between lines, region-sum lines, zipper lines and entropic
lines.

Each is read from f-puzzles JSON and links and written back; its rule and
the search agree with brute force over every 4x4 grid; its steps never
remove a candidate some completion allows (hypothesis, against brute force
on small random instances); its words say what a solver would; it is drawn;
bad input is one line, exit 2.
"""

from __future__ import annotations

import itertools
import json
import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deduce.backtrack import iter_solutions
from deduce.constraint import ConstraintError, kind_for_key
from deduce.formats import read_puzzle, write_puzzle
from deduce.geometry import Geometry
from deduce.puzzle import Puzzle
from deduce.render.svg import grid_svg
from deduce.state import State
from strategies.variants.arrow import Arrow, ArrowSums
from strategies.variants.between import BetweenBounds, BetweenLine
from strategies.variants.entropic import EntropicLine, EntropicThirds
from strategies.variants.palindrome import Palindrome, PalindromeMirrors
from strategies.variants.region_sum import RegionSumLine, RegionSumTotals
from strategies.variants.renban import Renban, RenbanRuns
from strategies.variants.whispers import GermanWhisper, WhisperPairs
from strategies.variants.zipper import ZipperLine, ZipperTotals

from .test_variants_core import assert_steps_sound, completions, doc, run

PRODUCERS = (ArrowSums(), WhisperPairs(), RenbanRuns(), PalindromeMirrors(), BetweenBounds(), RegionSumTotals(),
             ZipperTotals())

FULL = {**doc(),
        "arrow": [{"cells": ["R5C5"], "lines": [["R5C5", "R5C6", "R5C7"], ["R5C5", "R6C5"]]},
                  {"cells": ["R1C1", "R1C2"], "lines": [["R1C2", "R2C3", "R3C4", "R4C5"]]}],
        "whispers": [{"lines": [["R9C1", "R9C2", "R8C3"]]}, {"lines": [["R7C7", "R7C8"]], "value": 4}],
        "renban": [{"lines": [["R2C7", "R2C8", "R2C9"]]}],
        "palindrome": [{"lines": [["R9C4", "R8C5", "R7C6", "R6C7", "R5C8", "R4C9"]]}],
        "betweenline": [{"lines": [["R3C1", "R3C2", "R3C3", "R4C3"]]}],
        "regionsumline": [{"lines": [["R6C1", "R6C2", "R6C3", "R6C4"]]}],
        "zipperline": [{"lines": [["R8C1", "R7C2", "R8C3"]]}],
        "entropicline": [{"lines": [["R2C4", "R3C5", "R3C6", "R4C6"]]}]}


def test_the_registry_finds_the_line_families_by_their_keys():
    assert kind_for_key("arrow") is Arrow and kind_for_key("whispers") is GermanWhisper
    assert kind_for_key("renban") is Renban and kind_for_key("palindrome") is Palindrome
    assert kind_for_key("betweenline") is BetweenLine and kind_for_key("regionsumline") is RegionSumLine
    assert kind_for_key("zipperline") is ZipperLine and kind_for_key("entropicline") is EntropicLine


@pytest.mark.parametrize("fmt", ["fpuzzles", "fpuzzles-link", "sudokupad-link"])
def test_every_line_is_written_back_and_read_again(fmt):
    p = read_puzzle(json.dumps(FULL))
    assert len(p.constraints) == 10
    assert Arrow((0, 1), ((1, 11, 21, 31),)) in p.constraints
    assert GermanWhisper((60, 61), 4) in p.constraints
    q = read_puzzle(write_puzzle(p, fmt))
    assert q.constraints == p.constraints


BAD = [
    ({"arrow": [{"cells": ["R5C5"], "lines": [["R5C6", "R5C7"]]}]},
     "arrow 1: its line starts at R5C6, not in its circle"),
    ({"arrow": [{"cells": ["R5C5"], "lines": [["R5C5", "R5C7"]]}]},
     "arrow from r5c5: r5c5 and r5c7 are next on the line but do not touch"),
    ({"arrow": [{"lines": [["R5C5", "R5C6"]]}]}, "arrow 1: 'cells' must list the circle's cells"),
    ({"whispers": [{"lines": [["R1C1", "R1C10"]]}]}, "German whisper 1: cell R1C10 is outside the 9x9 grid"),
    ({"whispers": [{"lines": [["R1C1", "R1C2"]], "value": 9}]},
     "German whisper r1c1-r1c2: no two values 1-9 differ by 9 or more"),
    ({"renban": [{"lines": [[f"R1C{c}" for c in range(1, 10)] + ["R2C9"]]}]},
     "renban r1c1-r2c9: 10 cells cannot hold different values 1-9"),
    ({"palindrome": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]},
     "palindrome r1c1-r1c3: mirror cells r1c1 and r1c3 see each other, so they cannot hold the same value"),
    ({"betweenline": [{"lines": [["R1C1", "R1C2"]]}]}, "between line from r1c1: a line needs at least 3 cells"),
    ({"regionsumline": [{"lines": [["R1C1", "R1C2"]]}]},
     "region-sum line r1c1-r1c2: the line stays in one box, so it says nothing"),
]


@pytest.mark.parametrize(("keys", "message"), BAD, ids=[m.split(":")[0][:30] for _, m in BAD])
def test_bad_lines_are_one_line_naming_the_place_and_exit_2(keys, message):
    code, _, err = run(["solve"], json.dumps({**doc(), **keys}) + "\n")
    assert code == 2
    assert err.strip().splitlines() == [f"deduce: line 1: {message} (read as an f-puzzles document)"]


def test_an_arrow_no_digits_can_make_is_refused():
    with pytest.raises(ConstraintError, match="arrow from r1c1: no digits 1-4 make it add up"):
        Puzzle.empty(4, constraints=(Arrow((0,), ((0, 1, 2, 3, 7, 6),)),))


# -- the rule and the search against brute force ----------------------------------------------------


def _walk(rng: random.Random, n: int, length: int) -> tuple[int, ...]:
    cells = [rng.randrange(n * n)]
    for _ in range(length - 1):
        r, c = divmod(cells[-1], n)
        steps = [(r + dr) * n + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                 if 0 <= r + dr < n and 0 <= c + dc < n and (r + dr) * n + c + dc not in cells]
        if not steps:
            break
        cells.append(rng.choice(steps))
    return tuple(cells)


def random_puzzle(rng: random.Random, n: int = 4) -> Puzzle:
    """A few lines of each family at random on a 4x4 grid (those that do not fit left out)."""
    out: list = []
    for _ in range(rng.randrange(3)):
        kind = rng.choice(["arrow", "whisper", "renban", "palindrome", "between", "region-sum", "zipper"])
        cells = _walk(rng, n, rng.randrange(2, 5))
        if len(cells) < 2:
            continue
        if kind == "arrow":
            item = Arrow(cells[:1], (cells,)) if len(cells) < 4 or rng.random() < 0.7 else \
                Arrow(cells[:2], (cells[1:],))
        elif kind == "whisper":
            item = GermanWhisper(cells, rng.choice([0, 0, 1, 3]))
        elif kind == "renban":
            item = Renban(cells)
        elif kind == "between":
            item = BetweenLine(cells)
        elif kind == "region-sum":
            item = RegionSumLine(cells)
        elif kind == "zipper":
            item = ZipperLine(cells)
        else:
            item = Palindrome(cells)
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
def test_line_steps_never_remove_a_candidate_some_completion_allows(seed):
    rng = random.Random(seed)
    assert_steps_sound(random_puzzle(rng), rng, PRODUCERS, placed=5)


def test_a_pill_reads_as_a_two_digit_number():
    p = Puzzle.empty(9, constraints=(Arrow((0, 1), ((1, 11, 21),)),))  # r1c1-r1c2 as a number, arrow r2c3, r3c4
    solutions = list(itertools.islice(iter_solutions(p), 20))
    assert solutions
    for g in solutions:
        assert 10 * (g[0] + 1) + g[1] + 1 == g[11] + g[21] + 2


def test_entropic_relations_are_the_rule_of_thirds():
    rng = random.Random(5)
    p = Puzzle.empty(9, constraints=(EntropicLine((0, 1, 2, 3, 4, 5)),))
    line = p.constraints[0]
    for _ in range(3000):
        values = [rng.randrange(9) for _ in range(81)]
        thirds = [values[c] // 3 for c in line.cells]
        holds = all(len(set(thirds[i:i + 3])) == 3 for i in range(4))
        assert (line.broken(p, values) is None) == holds


def test_an_entropic_line_needs_thirds():
    with pytest.raises(ConstraintError, match="do not split into thirds"):
        Puzzle.empty(4, constraints=(EntropicLine((0, 1, 2)),))


# -- words -------------------------------------------------------------------------------------------


def test_the_arrow_says_what_its_cells_can_add_up_to():
    p = Puzzle.empty(9, constraints=(Arrow((40,), ((40, 41, 42),)),))
    step = next(ArrowSums().find(State.from_puzzle(p)))
    assert list(step.eliminations) == [(40, 0), (40, 1), (41, 8), (42, 8)]
    assert step.text("full", p) == (
        "Arrow sum: the cells along the arrow from r5c5 add up to the number in its circle, r5c5. Its cells r5c6 "
        "and r5c7 see each other, so they differ and add up to 3-17. The circle r5c5 can be 1-9. So r5c5<>12, "
        "r5c6<>9, r5c7<>9.")


def test_the_whisper_names_the_placed_neighbour_and_the_impossible_five():
    p = attrs.evolve(Puzzle.from_string("4" + "." * 80), constraints=(GermanWhisper((0, 1, 2)),))
    step = next(WhisperPairs().find(State.from_puzzle(p)))
    text = step.text("full", p)
    assert "r1c2 is not 1, 2, 3, 6, 7 or 8: r1c1, next to it on the whisper, is 4." in text
    assert "r1c3 is not 5: no value 1-9 could be next to it on the whisper." in text


def test_the_renban_says_which_runs_still_fit():
    p = attrs.evolve(Puzzle.from_string("9" + "." * 80), constraints=(Renban((0, 1, 2)),))
    step = next(RenbanRuns().find(State.from_puzzle(p)))
    assert {s for c, s in step.eliminations if c == 1} == set(range(6))
    assert "Its cells leave room for one run only, 7-9." in step.text("full", p)
    assert step.text("clue", p) == ("The renban r1c1-r1c3 holds three different consecutive values. Which runs of "
                                    "values still fit it?")


def test_the_region_sum_line_says_what_every_piece_can_make():
    p = attrs.evolve(Puzzle.from_string("..3" + "." * 78), constraints=(RegionSumLine((2, 3, 4)),))  # r1c3 = 3
    step = next(RegionSumTotals().find(State.from_puzzle(p)))
    assert "r1c3 is 3; r1c4 and r1c5 can make 3-17: the total can only be 3." in step.text("full", p)
    assert {s for c, s in step.eliminations if c == 3} == set(range(3, 9))  # r1c4 and r1c5 are 1 and 2


def test_the_entropic_line_keeps_thirds_apart():
    p = attrs.evolve(Puzzle.from_string("1" + "." * 80), constraints=(EntropicLine((0, 1, 2, 3)),))  # r1c1 = 1
    step = next(EntropicThirds().find(State.from_puzzle(p)))
    assert {s for c, s in step.eliminations if c == 3} == set(range(3, 9))  # r1c4: low, like r1c1
    text = step.text("full", p)
    assert "one low (1-3), one middle (4-6) and one high (7-9) value" in text
    assert "r1c2 is not 2 or 3: r1c1, near it on the line, is 1." in text


def test_the_zipper_line_names_its_middle():
    p = Puzzle.empty(9, constraints=(ZipperLine((0, 1, 2)),))
    step = next(ZipperTotals().find(State.from_puzzle(p)))
    text = step.text("full", p)
    assert "the same total, the value of its middle cell r1c2." in text
    assert "r1c1 and r1c3 can make 3-17: the total can only be 3-9." in text


def test_the_between_line_names_its_ends():
    p = Puzzle.empty(9, constraints=(BetweenLine((0, 1, 2)),))
    step = next(BetweenBounds().find(State.from_puzzle(p)))
    assert {s for c, s in step.eliminations if c == 1} == {0, 8}
    assert step.text("clue", p) == ("The cells of the between line r1c1-r1c3 lie strictly between the values of its "
                                    "ends, r1c1 and r1c3. What can they be?")


def test_the_palindrome_copies_a_placed_value_to_its_mirror():
    givens = [-1] * 81
    givens[50] = 6  # r6c6 = 7
    p = Puzzle(Geometry.boxes(9), "123456789", tuple(givens), constraints=(Palindrome((0, 10, 20, 30, 40, 50)),))
    step = next(PalindromeMirrors().find(State.from_puzzle(p)))
    assert {s for c, s in step.eliminations if c == 0} == set(range(9)) - {6}
    assert "r1c1 is not 1, 2, 3, 4, 5, 6, 8 or 9: r6c6, its mirror on the palindrome, is 7." in step.text("full", p)


# -- pictures ----------------------------------------------------------------------------------------


def test_every_line_is_drawn():
    p = read_puzzle(json.dumps(FULL))
    svg = grid_svg(State.from_puzzle(p))
    assert svg.count('class="constraint arrow"') == 2 and svg.count('class="arrow-head"') == 6
    assert svg.count('class="arrow-circle"') == 3  # a circle, and a pill's two strokes
    assert svg.count('class="constraint German-whisper"') == 2
    assert svg.count('class="constraint renban"') == 1 and svg.count('class="constraint palindrome"') == 1
    assert svg.count('class="constraint between-line"') == 1 and svg.count('class="between-end"') == 2
    assert svg.count('class="constraint region-sum-line"') == 1 and svg.count('class="constraint zipper-line"') == 1
    assert svg.count('class="constraint entropic-line"') == 1
