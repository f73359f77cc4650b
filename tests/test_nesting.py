"""Nested forcing chains, levels 2 to 5 as Sudoku Explainer defines them.

* each level applies SE's inner techniques (level 1's: locked candidates,
  hidden and naked pairs, X-wings, every step of the first that applies at
  once; then AICs at level 2, cell/region chains too at 3, dynamic chains
  at 4, nested chains of level 2 too at 5) and rates 9.5, 10.0, 10.5, 11.0
  plus the length bonus, a chain's size counting its inner chains' sizes;
* from a true assumption, a level 4 or 5 propagation implies only true
  literals, and records each inner chain so that it is explained too;
* a real level 3 step where level 2 finds nothing (one of the forum's
  hardest puzzles), sound, explained with its inner cell/region chain;
* the rater adds the levels on request (``nested=``, ``deduce rate --nested``)
  before trial and error, and says so in its settings.

Each search here takes seconds; whole solves of the hardest puzzles are
``bench/speed.py --hardest N --nested 5``.
"""

from __future__ import annotations

import functools
import json
import pathlib

import pytest

from deduce import Puzzle
from deduce.backtrack import first_solutions
from deduce.catalogue import NO_STORED_EXAMPLE
from deduce.engine import Solver
from deduce.literal import lit, lit_cell, lit_symbol
from deduce.rating import NESTED_FLOOR, NESTED_LEVELS, Rater, nested_floor
from deduce.rating.rater import with_nesting
from deduce.registry import strategies_for
from deduce.render.words import TextRenderer, explain
from deduce.techniques import TECHNIQUES
from strategies._chain_records import forcing_lines, lit_text
from strategies.forcing import ForcingChains
from strategies.implications import INNER_CHAINS_BY_LEVEL, JOINED_WITH_NEXT, RULE, Implications, _inner_strategies

from .test_chain_engine import CHAIN_CODES, PUZZLES
from .test_cli import run

#: SE 11.0 in the forum's hardest list (HardestSudokusThread, 2nd rated): level 2 stops after three steps.
LEVEL_3_PUZZLE = "..4..3....7..8....2.81....6..3....9..8..2....1..7....3......45....8..9....9..5..8"
DEEPER = {f"nested-forcing-{k}" for k in (3, 4, 5)}


def test_each_level_applies_sudoku_explainers_inner_techniques():
    level_one = [s.technique.code for s in _inner_strategies(1)]
    # (SE's order: its locked candidates (pointing and claiming, tried as one), hidden pairs, naked pairs, X-wings)
    assert level_one == ["lc1", "lc2", "hp", "np", "x-wing"]
    assert {"lc1"} == JOINED_WITH_NEXT
    for level in range(2, 6):
        codes = [s.technique.code for s in _inner_strategies(level)]
        assert codes[:len(level_one)] == level_one
        assert tuple(codes[len(level_one):]) == INNER_CHAINS_BY_LEVEL[level]
    assert INNER_CHAINS_BY_LEVEL[2] == ("aic",)
    assert INNER_CHAINS_BY_LEVEL[3] == ("aic", "cell-region-forcing")
    assert INNER_CHAINS_BY_LEVEL[4] == ("dynamic-forcing",)
    assert INNER_CHAINS_BY_LEVEL[5] == ("dynamic-forcing", "nested-forcing")


@pytest.mark.parametrize("level", [2, 3, 4, 5])
def test_levels_are_producers_rated_as_sudoku_explainer(level):
    code = NESTED_LEVELS[level]
    producer = ForcingChains("nested" if level == 2 else f"nested-{level}")
    assert producer.technique is TECHNIQUES[code]
    assert producer.technique.se == 9.0 + 0.5 * (level - 1)
    assert producer.technique.code in {s.technique.code for s in strategies_for("full")}
    assert code not in {s.technique.code for s in strategies_for("deduce")}
    assert eval(repr(producer), {"ForcingChains": ForcingChains}) == producer
    assert (code in NO_STORED_EXAMPLE) == (level > 2)


@functools.cache
def _stuck_before_chains(text: str):
    solver = Solver(profile="se", exclude=CHAIN_CODES | DEEPER, backtracking=False)
    state = solver.solve(Puzzle.from_string(text)).stuck
    return state, first_solutions(state, 1)[0]


@pytest.mark.parametrize("mode", ["nested-4", "nested-5"])
def test_deep_levels_imply_only_truths_from_a_truth_and_record_inner_chains(mode):
    state, solution = _stuck_before_chains(PUZZLES[0])
    imp = Implications(state, mode)
    inner_chains = 0
    for c in [c for c in range(len(state.value)) if state.value[c] < 0][:8]:
        prop = imp.propagate(lit(c, solution[c], True))
        assert prop.contradiction is None
        for x, (reason, _) in prop.nodes.items():
            holds = solution[lit_cell(x)] == lit_symbol(x)
            assert holds == bool(x & 1), f"{mode} from a true assumption implied a false {x}"
            if reason[0] == RULE and reason[1] in ("dynamic-forcing", "nested-forcing"):
                assert len(reason) > 4 and reason[4][2], "an inner chain is recorded with its branches"
                inner_chains += 1
    assert inner_chains, f"{mode} never applied a forcing chain inside an assumption"


@functools.cache
def deep_step(level: int):
    """(puzzle, position, step): the first step of nesting ``level`` (3 or 4)
    where level 2 runs out on :data:`LEVEL_3_PUZZLE` (level 4 there takes
    some 12 seconds; level 5 finds nothing there)."""
    puzzle = Puzzle.from_string(LEVEL_3_PUZZLE)
    solver = Solver(with_nesting(strategies_for("se"), 2), backtracking=False)
    state = solver.solve(puzzle).stuck
    assert state is not None, "level 2 was expected to run out on this puzzle"
    return puzzle, state, next(iter(ForcingChains(f"nested-{level}").find(state)), None)


@pytest.fixture(scope="module")
def level_3_step():
    return deep_step(3)


def test_level_3_steps_where_level_2_finds_nothing(level_3_step):
    puzzle, _, step = level_3_step
    assert step is not None and step.code == "nested-forcing-3"
    assert step.detail("nesting") == 3
    assert step.se == pytest.approx(10.0 + step.se_bonus)
    solution = first_solutions(puzzle, 2)
    assert len(solution) == 1
    assert all(solution[0][c] != s for c, s in step.eliminations)
    assert all(solution[0][c] == s for c, s in step.placements)
    # must not find: a step level 2 would make (no cell/region chain inside) is not level 3's
    assert all(s.detail("nesting") == 3 for s in ForcingChains("nested-3").find(level_3_step[1]))
    text = explain(step, puzzle)
    assert "Nesting level 3" in text
    assert "cell/region forcing chain" in text.lower() or "forcing chain" in text.lower()
    assert "(in the position this assumption leaves:)" in text


def test_level_5_applies_nested_chains_inside_and_explains_them():
    # (no level 5 step is known in a test's time: level 5 found nothing at this position in 4 minutes; an
    # assumption that needs a nested chain inside it is shown here instead)
    puzzle, state, _ = deep_step(3)
    prop = Implications(state, "nested-5").propagate(lit(0, 4, True))  # r1c1 = 5
    inner = [(x, reason) for x, (reason, _) in prop.nodes.items()
             if reason[0] == RULE and reason[1] == "nested-forcing"]
    assert inner, "the level 5 assumption was expected to need a nested chain inside"
    kind, source, branches = inner[0][1][4]
    r = TextRenderer(puzzle)
    lines = forcing_lines(r, kind, source, branches, lit_text(r, inner[0][0]), "  ")
    endings = ("The assumption fails, so", "Every case leads to the same result, so", "Either way, ")
    assert any(end in line for line in lines for end in endings), lines
    # the inner nested chain explains its own inner chain in turn
    assert any("(in the position this assumption leaves:)" in line for line in lines)


def test_the_rater_adds_the_levels_before_trial_and_error():
    se = strategies_for("se")
    assert with_nesting(se, 0) == se and with_nesting(se, 1) == se
    deeper = [s.technique.code for s in with_nesting(se, 5)]
    at = deeper.index("nested-forcing")
    assert deeper[at:at + 4] == [NESTED_LEVELS[k] for k in range(2, 6)]
    assert deeper[at - 1] == "dynamic-forcing-plus"
    assert deeper[at + 4:] == [s.technique.code for s in se][at:]
    assert dict(Rater(nested=3).settings)["nested"] == 3
    assert dict(Rater().settings)["nested"] == 0
    for bad in (1, 6, -1):
        with pytest.raises(ValueError, match="nesting level from 2 to 5"):
            Rater(nested=bad)
    assert nested_floor(0) == NESTED_FLOOR == 9.5
    assert nested_floor(3) == 10.5 and nested_floor(5) == 11.5


def test_rate_nested_option_is_checked_and_recorded():
    code, out, err = run(["rate", "-", "--nested", "7", "--jobs", "1"], stdin=PUZZLES[0] + "\n")
    assert code == 2 and "--nested must be a nesting level from 2 to 5" in err
    easy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    code, out, err = run(["rate", "-", "--nested", "3", "--jobs", "1", "--json"], stdin=easy + "\n")
    assert code == 0, err
    doc = json.loads(out.splitlines()[0])
    assert doc["status"] == "solved" and doc["settings"]["nested"] == 3


def test_the_pool_and_the_cluster_workers_rate_with_the_same_levels():
    from deduce.rating import WorkerPool
    from deduce.rating.cluster import rate_batch

    easy = Puzzle.from_string("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    assert dict(rate_batch([easy], True, None, 4)[0].settings)["nested"] == 4
    with WorkerPool(2, nested=3) as pool:
        ratings = list(pool.imap([easy, easy]))
    assert [dict(r.settings)["nested"] for r in ratings] == [3, 3]
    assert all(r.status == "solved" for r in ratings)


CORPORA = pathlib.Path(__file__).resolve().parent.parent.parent / "shared" / "corpora"
HARDEST = CORPORA / "hardest-database-110626.txt"


def _rated_hardest() -> list[tuple[str, float]]:
    rated = []
    for line in HARDEST.open():
        fields = line.strip().split(",")
        if not line.startswith("#") and len(fields) > 5 and fields[5]:
            rated.append((fields[0], float(fields[5])))
    return rated


@pytest.mark.corpus
@pytest.mark.skipif(not HARDEST.exists(), reason="../shared/corpora is absent")
@pytest.mark.parametrize("index", [0, 1, 2, 5, 7])
def test_the_forums_hardest_get_a_sound_real_er_near_sudoku_explainers(index):
    # (the first rated puzzles that nested levels up to 4 solve in under a minute each; SE's ER 10.3-11.0)
    text, se_er = _rated_hardest()[index]
    puzzle = Puzzle.from_string(text)
    solution = first_solutions(puzzle, 2)
    assert len(solution) == 1
    result = Solver(with_nesting(strategies_for("se"), 4), backtracking=False, time_limit=300).solve(puzzle)
    assert result.status == "solved", "nested chains up to level 4 were expected to solve it"
    for step in result.steps:
        assert all(solution[0][c] != s for c, s in step.eliminations), step
        assert all(solution[0][c] == s for c, s in step.placements), step
    er = max(step.se for step in result.steps)
    assert abs(er - se_er) <= 0.5, (er, se_er)
