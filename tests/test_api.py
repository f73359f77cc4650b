"""The Python API as the README shows it: text in, readable values out,
reprs that rebuild what they show."""

from __future__ import annotations

import contextlib
import io
import os
import pathlib
import re

import pytest

import deduce
from deduce.strategy import ParameterError, Producer
from deduce.techniques import TECHNIQUES, UnknownTechniqueError, select, technique

ROOT = pathlib.Path(__file__).resolve().parent.parent
NEWSPAPER = (ROOT / "examples" / "newspaper.txt").read_text()
SMALL = "1..." "3..2" "...3" "..2."
CHAIN_MODULES = ("strategies.forcing", "strategies.chains")


@pytest.mark.parametrize("page", ["README.md", "docs/python.md"])
def test_the_python_examples_run_and_print_what_they_say(page: str) -> None:
    code = re.search(r"```python\n(.*?)```", (ROOT / page).read_text(encoding="utf-8"), re.S).group(1)
    assert "step.text(" in code and "deduce.solve(" in code
    out = io.StringIO()
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(code, page, "exec"), {})
    finally:
        os.chdir(cwd)
    text = out.getvalue()
    assert "hidden single: r1c6=8" in text          # as the comment says
    assert "In box 2, where can 8 go?" in text
    assert "((5, 7),)" not in text                  # no internal indices in what is printed


def test_solve_and_friends_take_text() -> None:
    result = deduce.solve(SMALL)
    assert result.solved and result.solution_string == "1234341221434321"
    assert deduce.count_solutions(SMALL) == 1 and len(list(deduce.iter_solutions(SMALL))) == 1
    assert deduce.solve(deduce.read_puzzle(SMALL)).steps == result.steps
    with pytest.raises(deduce.ParseError):
        deduce.solve("12")


def test_step_str_repr_and_text() -> None:
    result = deduce.solve(NEWSPAPER)
    step = result.steps[0]
    assert str(step) == "hidden single: r1c6=8"
    rebuilt = eval(repr(step), {"Step": deduce.Step, "technique": technique})
    assert rebuilt == step and repr(rebuilt.on(result.puzzle)) == repr(step)
    assert repr(step).startswith("Step.named('hs', 'r1c6=8', cells='r1c6', houses='box 2', symbols='8', variant='box'")
    assert step.text("nudge") == "Look for a hidden single in box 2."
    assert step.text("clue") == "In box 2, where can 8 go?"
    assert step.text("full").startswith("Hidden single: in box 2, 8 fits only in r1c6")
    # an eliminating step says so in the notation
    elim = next(s for s in result.steps if s.eliminations) if any(s.eliminations for s in result.steps) else None
    if elim is not None:
        assert "<>" in str(elim)
    # a step found outside a solve names cells once told the puzzle
    bare = deduce.Step(TECHNIQUES["ns"], placements=[(80, 8)])
    assert str(bare) == "naked single: cell 80=8"
    assert str(bare.on(result.puzzle)) == "naked single: r9c9=9"
    with pytest.raises(ValueError, match="puzzle"):
        bare.text("full")


@pytest.mark.parametrize("text", [NEWSPAPER, "examples/killer_45.json", "examples/latin_square.txt"])
def test_logged_step_reprs_name_cells_and_rebuild(text: str) -> None:
    # a step that knows its puzzle shows cell names, house names and symbols (letters too), not indices
    source = (ROOT / text).read_text() if text.startswith("examples/") else text
    puzzle = deduce.read_puzzle(source)
    result = deduce.solve(puzzle)
    assert result.steps
    for step in result.steps:
        shown = repr(step)
        assert shown.startswith(f"Step.named({step.code!r}") and "placements=" not in shown
        for cell, _ in step.placements + step.eliminations:
            assert puzzle.geometry.cell_name(cell) in shown
        assert eval(shown, {"Step": deduce.Step}) == step


def test_named_steps_say_which_part_does_not_read() -> None:
    for kwargs, problem in [({"result": "r10c1=3"}, "not a cell of a 9x9"),
                            ({"result": "r1c1=X"}, "not in the alphabet"),
                            ({"result": "r1c1==3"}, "not a placement"),
                            ({"houses": "box 10"}, "not a house"),
                            ({"houses": "street 1"}, "not a house")]:
        with pytest.raises(ValueError, match=problem):
            deduce.Step.named("hs", **kwargs)
    step = deduce.Step.named("hs", "r1c1=C", cells="r1c1", houses="region 2", symbols="C", size=6, alphabet="ABCDEF")
    assert step.placements == ((0, 2),) and step.houses == (13,)


def test_result_and_solver_reprs_are_short() -> None:
    result = deduce.solve(SMALL)
    assert repr(result) == f"<SolveResult solved, {len(result.steps)} steps, solution '1234341221434321'>"
    assert str(result).splitlines()[0] == str(result.steps[0]) and str(result).endswith("solved")
    assert repr(deduce.Solver(only={"fh", "hs"})) == "<Solver 2 strategies: fh, hs>"


def test_built_in_producers_rebuild_from_their_repr() -> None:
    import strategies
    from strategies.fish import Fish
    from strategies.single_digit import Skyscraper
    from strategies.wings import WXYZWing

    # the chain modules are being rewritten apart (issue #16 item 3 there too)
    producers = [s for s in strategies.builtin_strategies() if type(s).__module__ not in CHAIN_MODULES]
    namespace = {type(s).__name__: type(s) for s in producers}
    for s in producers:
        assert eval(repr(s), namespace) == s, s
        assert isinstance(s, Producer)
    assert Fish(3, "finned").technique is technique("finned swordfish")
    assert Skyscraper().technique.code == "skyscraper" and WXYZWing().technique.code == "wxyz-wing"
    with pytest.raises(ParameterError, match=r"Fish\(size=5.*must be one of"):
        Fish(5)
    with pytest.raises(ParameterError):
        Fish(2, "sashimi", "franken")
    with pytest.raises(TypeError):
        WXYZWing(4)  # no size: the WXYZ-wing is four cells


def test_lookups_accept_other_programs_names_and_families() -> None:
    expected = {
        "Y-Wing": "xy-wing", "XY-Wing": "xy-wing", "Pointing": "lc1", "Claiming": "lc2",
        "Locked Candidates Type 1 (Pointing)": "lc1", "Simple Colors": "simple-colours",
        "Nice Loop": "aic", "BUG": "bug+1", "Finned X-Wing": "finned-x-wing", "Uniqueness Test 2": "ur2",
        "Almost Locked Set XZ-Rule": "als-xz", "Forcing Net": "dynamic-forcing", "2-String Kite": "2-string-kite",
        "Grouped Continuous Nice Loop": "grouped-aic", "Brute Force": "bf",
    }
    for name, code in expected.items():
        assert technique(name).code == code, name
    assert select("Locked Candidates") == {"lc1", "lc2"}
    assert select("unique rectangles") == {f"ur{k}" for k in range(1, 7)}
    assert select(["singles", "Y-Wing"]) == {"fh", "hs", "ns", "xy-wing"}
    with pytest.raises(UnknownTechniqueError, match="no-such"):
        select("singles, no-such")
    assert isinstance(UnknownTechniqueError("x"), KeyError)


def test_the_trial_order_is_each_rows_explicit_order_key() -> None:
    from deduce.techniques import BUILTIN, PROFILES, TABLE

    orders = [t.order for t in BUILTIN]
    assert len(set(orders)) == len(orders)  # no two rows compete for one place
    rank = {t.code: t.order for t in TABLE}
    for profile in ("deduce", "full"):
        assert list(PROFILES[profile]) == sorted(PROFILES[profile], key=rank.__getitem__)
    assert [t.code for t in TABLE] == [t.code for t in sorted(TABLE, key=lambda t: t.order)]
    # the strategies come in that order too (a Solver given them tries them so)
    from deduce.registry import discovered

    found = [s.technique.order for s in discovered()]
    assert found == sorted(found)
