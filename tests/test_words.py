"""The words room: templates beside their family, declared step details,
the texts the issues quoted, and plugins' words."""

from __future__ import annotations

import pathlib
import re
import string
import typing

import pytest

from deduce import Solver, read_puzzle
from deduce.catalogue import stored
from deduce.render.words import FAMILIES, GENERIC, TEMPLATES, TextRenderer
from deduce.render.words.prose import COMMON
from deduce.state import State
from deduce.step import Step
from deduce.techniques import TABLE, TECHNIQUES, Technique

ROOT = pathlib.Path(__file__).resolve().parent.parent
KILLER = ROOT / "examples" / "killer_45.json"


def _placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _declared(kind: type) -> tuple[frozenset[str], frozenset[str]]:
    hints = typing.get_type_hints(kind)
    return frozenset(kind.__required_keys__), frozenset(hints)  # type: ignore[attr-defined]


@pytest.mark.parametrize("module", FAMILIES, ids=lambda m: m.__name__.rsplit(".", 1)[1])
def test_each_family_declares_its_templates_fields_and_details(module):
    assert set(module.TEMPLATES) == set(module.DETAILS), "every technique with words declares its details"
    for code, triple in module.TEMPLATES.items():
        assert code in TECHNIQUES and len(triple) == 3
        for template in triple:
            unknown = _placeholders(template) - set(module.FIELDS) - set(COMMON)
            assert not unknown, f"{code}: fields {unknown} are neither the family's nor common"
    used = {name for triple in module.TEMPLATES.values() for t in triple for name in _placeholders(t)}
    assert set(module.FIELDS) <= used | {name for name in module.FIELDS if name.startswith("_")}, \
        f"fields nobody uses: {set(module.FIELDS) - used}"


def test_every_table_technique_has_words():
    assert {t.code for t in TABLE} == set(TEMPLATES)


class _Reading:
    """A step that remembers which detail keys the words read."""

    def __init__(self, step: Step):
        self._step = step
        self.read: set[str] = set()

    def detail(self, key, default=None):
        self.read.add(key)
        return self._step.detail(key, default)

    def __getattr__(self, name):
        return getattr(self._step, name)


def _showcase_steps():
    """Every stored example, plus every step of three quick showcase solves."""
    for code, ex in sorted(stored().items()):
        yield f"example {code}", ex.puzzle, ex.step
    for source in ("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",):
        result = Solver().solve(read_puzzle(source))
        for i, step in enumerate(result.steps):
            yield f"classic step {i + 1}", result.puzzle, step
    result = Solver().solve(read_puzzle(KILLER.read_text()))
    for i, step in enumerate(result.steps):
        yield f"killer step {i + 1}", result.puzzle, step


def test_steps_carry_exactly_the_declared_details_and_words_read_no_others():
    from deduce.render.words import DETAILS

    seen = set()
    for where, puzzle, step in _showcase_steps():
        required, allowed = _declared(DETAILS[step.code])
        keys = {k for k, _ in step.details}
        assert required <= keys <= allowed, (where, step.code, sorted(keys), sorted(required), sorted(allowed))
        reading = _Reading(step)
        r = TextRenderer(puzzle)
        for level in ("nudge", "clue", "full"):
            r.text(reading, level)  # type: ignore[arg-type]
        assert reading.read <= allowed, (where, step.code, reading.read - allowed)
        seen.add(step.code)
    assert len(seen) >= 60  # the stored examples cover the table


# -- the killer texts of issue #15 ---------------------------------------------------

@pytest.fixture(scope="module")
def killer_texts():
    puzzle = read_puzzle(KILLER.read_text())
    result = Solver().solve(puzzle)
    r = TextRenderer(puzzle)
    return puzzle, result, [r.explain(s) for s in result.steps]


def _step_placing(puzzle, result, texts, cell: str):
    g = puzzle.geometry
    i = next(i for i, s in enumerate(result.steps) for c, _ in s.placements if g.cell_name(c) == cell)
    return result.steps[i], texts[i]


def test_45_rule_shows_the_arithmetic_of_the_unknown(killer_texts):
    puzzle, result, texts = killer_texts
    for text in texts:
        assert "-(" not in text and "boxs" not in text
        m = re.search(r"(r\dc\d) = (\d)\. So \1 = \2\.", text)
        assert m is None, text  # never "r9c6 = 7. So r9c6 = 7."
    step, text = _step_placing(puzzle, result, texts, "r5c7")
    assert step.code == "innie" and "r5c7 = 10 - 8 = 2." in text
    step, text = _step_placing(puzzle, result, texts, "r1c6")
    assert "r1c6 = 13 - 7 = 6." in text and "boxes 3 and 6" in text


def test_45_rule_names_innies_outies_and_the_cages(killer_texts):
    puzzle, result, texts = killer_texts
    _, text = _step_placing(puzzle, result, texts, "r9c6")
    assert "boxes 7-8" in text
    assert "r9c6 is in boxes 7-8 but in none of those cages (the innie" in text
    assert "(the outie)" in text and "is left out" in text
    for s, text in zip(result.steps, texts):
        if s.code in ("innie", "innies-outies"):
            assert "innie" in text.split(": ", 1)[1] or "outie" in text.split(": ", 1)[1], text
            for c in s.detail("inside_cages") + s.detail("outie_cages"):
                assert puzzle.cage_name(c).removeprefix("cage ") in text, (puzzle.cage_name(c), text)


# -- other texts the read-through quoted ------------------------------------------------

def _example(code: str):
    ex = stored()[code]
    return ex, TextRenderer(ex.puzzle)


def test_unique_rectangle_type_4_states_its_premise():
    ex, r = _example("ur4")
    text = r.explain(ex.step)
    roof = ex.step.detail("roof")
    floor = [c for c in ex.step.detail("corners") if c not in roof]
    pair = r.symset(ex.step.detail("pair"))
    assert f"{r.cells(floor)} hold only {pair}" in text, text


def test_wxyz_wing_says_which_cells_the_targets_see():
    ex, r = _example("wxyz-wing")
    text = r.explain(ex.step)
    assert "sees all of them" not in text and "see all of them" not in text
    z_cells = ex.step.detail("z_cells")
    pm = ex.puzzle.peer_masks
    for cell, _ in ex.step.eliminations:
        assert all(pm[cell] >> z & 1 for z in z_cells)  # what the sentence claims is true
    assert f"one of {r.cells(z_cells)} is" in text


@pytest.mark.parametrize("code", ["x-chain", "aic", "grouped-aic", "nishio", "cell-region-forcing",
                                  "dynamic-forcing", "dynamic-forcing-plus"])
def test_chain_lines_are_numbered_and_referred_to_as_lines(code):
    ex, r = _example(code)
    text = r.explain(ex.step)
    assert "step " not in text
    numbered = re.findall(r"^\s*(\d+)\. then", text, re.M)
    assert numbered and numbered[0] == "1"
    for ref in re.findall(r"by (?:the assumption(?:, | and ))?line (\d+)", text):
        assert ref in numbered
    nudge = r.text(ex.step, "nudge")
    for cell, sym in ex.step.eliminations + ex.step.placements:
        assert f"{ex.puzzle.symbols[sym]} in {ex.puzzle.geometry.cell_name(cell)}" not in nudge, nudge


def test_trial_and_error_shows_where_logic_stopped():
    ex, r = _example("bf")
    text = r.explain(ex.step)
    position = ex.step.detail("position")
    assert "logic stopped with" in text and position in text
    filled = sum(1 for ch in position if ch != ".")
    givens = sum(1 for v in ex.puzzle.givens if v >= 0)
    assert f"{filled} of 81 cells filled ({filled - givens} beyond the givens)" in text


# -- plugins ---------------------------------------------------------------------------

def test_a_plugin_without_templates_is_named_once():
    t = Technique("box-hs", "Box hidden single", "singles", 1.2, 14, "Easy",
                  description="A symbol has only one place left in a box.")
    puzzle = read_puzzle("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    step = Step(t, placements=[(2, 3)], cells=[2], houses=[18], symbols=[3])
    r = TextRenderer(puzzle)
    text = r.explain(step)
    assert text.lower().count("box hidden single") == 1, text
    assert text == ("Box hidden single: a symbol has only one place left in a box. Here: r1c3 in box 1. "
                    "So r1c3 = 4.")
    assert r.text(step, "nudge") == "Look for a box hidden single in box 1."
    assert "r1c3 = " not in r.text(step, "clue")
    assert GENERIC[2] == "{generic_full}"


def test_a_plugin_row_may_carry_its_own_templates():
    t = Technique("box-hs", "Box hidden single", "singles", 1.2, 14, "Easy",
                  words=("Look in {house}.", "Where does {sym} go in {house}?",
                         "In {house}, {sym} fits only in {cell}. So {cell} = {sym}."))
    puzzle = read_puzzle("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    step = Step(t, placements=[(2, 3)], cells=[2], houses=[18], symbols=[3])
    r = TextRenderer(puzzle)
    assert r.text(step, "nudge") == "Look in box 1."
    assert r.explain(step) == "Box hidden single: in box 1, 4 fits only in r1c3. So r1c3 = 4."


def test_reading_stored_steps_is_fast_and_state_matches():
    ex = stored()["x-wing"]
    state = ex.state()
    assert isinstance(state, State) and state.puzzle is ex.puzzle
    assert all(state.cand[c] >> s & 1 for c, s in ex.step.eliminations)


# -- the glossary ----------------------------------------------------------------------

def test_glossary_defines_the_jargon_and_the_cli_prints_it():
    from deduce.render.words.glossary import GLOSSARY

    from .test_cli import run

    terms = dict(GLOSSARY)
    for jargon in ("restricted common", "sashimi", "franken", "grouped", "colour and cluster", "fin",
                   "almost locked set", "innie and outie", "strong link", "weak link"):
        assert jargon in terms and len(terms[jargon]) > 30
    code, out, _ = run(["techniques", "glossary"])
    assert code == 0 and all(f"{term}: " in out for term in terms)


def test_a_two_sided_chain_with_a_one_link_side_reads_as_one_chain():
    from deduce import Puzzle
    from deduce.literal import lit

    on, off = lit(0, 4, True), lit(0, 4, False)           # r1c1 is 5 / is not 5
    r2c1, r1c3 = lit(9, 4, True), lit(2, 4, False)         # r2c1 is 5, r1c3 is not 5
    branches = ((on, ((on, ("assume",), ()), (r1c3, ("peer", 0), (on,))), None),
                (off, ((off, ("assume",), ()), (r2c1, ("hidden", 18), (off,)), (r1c3, ("peer", 9), (r2c1,))), None))
    step = Step(TECHNIQUES["aic"], eliminations=[(2, 4)], cells=[0, 2, 9], symbols=[4], variant="x",
                details=(("kind", "double"), ("source", (0, 4)), ("branches", branches), ("nesting", 0),
                         ("static", True), ("complexity", 4)))
    text = TextRenderer(Puzzle.empty(9)).explain(step)
    assert text == ("Alternating inference chain: suppose r1c1 is not 5.\n"
                    " 1. then r2c1 is 5 (the only place left for 5 in box 1)\n"
                    " 2. then r1c3 is not 5 (same box as r2c1)\n"
                    "And if r1c1 is 5, then r1c3 is not 5 at once (same row as r1c1).\n"
                    "Either way, r1c3<>5.")
