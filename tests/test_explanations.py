"""Explanations a learner can follow: templates, hints, pictures, pages."""

from __future__ import annotations

import json
import pathlib
import re
import shutil
import subprocess

import pytest

from deduce import Puzzle, Solver, State, read_puzzle
from deduce.catalogue import example_step
from deduce.formats import entry_state, read_puzzles, write_candidates_grid
from deduce.registry import implemented_codes
from deduce.render.svg import grid_svg
from deduce.render.words import TEMPLATES, TextRenderer
from deduce.techniques import OPT_IN, TABLE, TECHNIQUES
from strategies.subsets import HiddenSubset, NakedSubset

from .test_cli import run
from .test_nesting import deep_step
from .textcheck import assert_names_the_step

ROOT = pathlib.Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "tests" / "artifacts"
EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def quad_position(hidden: bool) -> tuple[State, object]:
    """Row 1 of an empty grid with a naked (or hidden) quad written in."""
    puzzle = Puzzle.empty(9)
    state = State.from_puzzle(puzzle)
    if hidden:
        for c in range(4, 9):  # 5, 6, 7 and 8 only in r1c1-r1c4
            state.cand[c] &= ~0b011110000
        return state, HiddenSubset(4)
    for c, m in zip(range(4), (0b0011, 0b0110, 0b1100, 0b1001)):
        state.cand[c] = m  # r1c1-r1c4 hold only 1-4
    return state, NakedSubset(4)


def real_step(code: str):
    """A real step of technique ``code``: on the showcase, or on a position written here."""
    if code in ("nq", "hq"):
        state, strategy = quad_position(code == "hq")
        return "a quad written in row 1", state, next(strategy.find(state))
    if code in ("nested-forcing-3", "nested-forcing-4"):
        # no stored example (deduce.catalogue.NO_STORED_EXAMPLE): one of the forum's hardest, as input
        _, state, step = deep_step(int(code[-1]))
        return "a puzzle of the forum's hardest list", state, step
    return example_step(TECHNIQUES[code])


#: No real step is known in a test's time: a level 5 search takes minutes where level 4 finds
#: nothing, and found nothing where tried (tests/test_nesting.py shows a level 5 assumption instead).
NO_REAL_STEP = {"nested-forcing-5"}


@pytest.mark.parametrize("code", [t.code for t in TABLE if t.code not in NO_REAL_STEP])
def test_every_technique_has_a_template_and_a_real_step(code):
    assert code in TEMPLATES, f"{code} has no template"
    assert code in implemented_codes() | {"bf"}
    found = real_step(code)
    assert found is not None, f"no real step of {code} on the built-in positions"
    _, state, step = found
    assert step.code == code
    r = TextRenderer(state.puzzle)
    levels = r.levels(step)
    assert set(levels) == {"nudge", "clue", "explanation"}
    assert all(levels[k] for k in levels)
    assert levels["explanation"].startswith(step.technique.name + ": ")
    if code != "bf":
        assert_names_the_step(step, state.puzzle, levels["explanation"])
    # the nudge gives no conclusion away
    for cell, _ in step.placements:
        assert f"{state.puzzle.geometry.cell_name(cell)} = " not in levels["nudge"]
    assert "<>" not in levels["nudge"] and "<>" not in levels["clue"]


def test_named_examples_read_as_the_style_sheet_says():
    state, strategy = quad_position(hidden=False)
    step = next(strategy.find(state))
    text = TextRenderer(state.puzzle).explain(step)
    assert text.startswith("Naked quad: r1c1, r1c2, r1c3 and r1c4 hold only {1,2,3,4}: these four cells take "
                           "1, 2, 3 and 4 between them")
    result = Solver().solve(read_puzzle(EASY))
    r = TextRenderer(result.puzzle)
    hs = next(s for s in result.steps if s.code == "hs")
    assert re.match(r"Hidden single: in (box|row|column) \d, \d fits only in r\dc\d", r.explain(hs))
    assert r.text(hs, "nudge").startswith("Look for a hidden single in ")


def test_words_follow_the_alphabet():
    puzzle = read_puzzle((ROOT / "tests" / "data" / "latin-seed-1.txt").read_text(), "latin")
    result = Solver().solve(puzzle)
    texts = " ".join(TextRenderer(puzzle).explain(s) for s in result.steps)
    assert "digit" not in texts
    easy = Solver().solve(read_puzzle(EASY))
    digits = " ".join(TextRenderer(easy.puzzle).explain(s) for s in easy.steps)
    assert "symbol" not in digits


# -- candidate grids and hints -------------------------------------------------

HODOKU_STYLE = """
.----------------.------------------.-----------------.
| 4   569  1268  | 5789  3   15789  | 259   2567 25679 |
| 1237 359 12    | 6     12479 14579 | 8    2357 234579 |
| 23678 3569 268 | 45789 24789 45789 | 23459 23567 1   |
:----------------+------------------+-----------------:
| 1236 346 1246  | 3478  5   134678 | 1234  9    23478 |
| 123  8   12459 | 3479  1479 13479 | 6     12357 23457 |
| 136  7   14569 | 2     14689 134689 | 1345 1358 3458 |
:----------------+------------------+-----------------:
| 68   46  468   | 1     469  2     | 7     356  3569 |
| 5    126 3     | 789   6789 6789  | 129   4    2689 |
| 9    1246 7    | 3458  468  34568 | 12    1268 268  |
'----------------'------------------'-----------------'
"""


def test_candidate_grid_reads_hodoku_layout_and_round_trips():
    entry = next(read_puzzles(HODOKU_STYLE))
    assert entry.format == "candidates" and entry.error is None
    state = entry_state(entry)
    assert state.candidates(1) == [4, 5, 8]  # 569
    text = write_candidates_grid(state.puzzle, state.cand)
    again = entry_state(next(read_puzzles(text)))
    assert again.cand == state.cand


def test_hint_from_a_pencil_mark_grid_at_three_levels():
    outs = {level: run(["hint", "--level", level], HODOKU_STYLE) for level in ("nudge", "clue", "full")}
    assert all(code == 0 for code, _, _ in outs.values())
    assert outs["nudge"][1].startswith("Look for")
    full = outs["full"][1]
    assert ":" in full and ("<>" in full or " = " in full)
    doc = json.loads(run(["hint", "--json"], HODOKU_STYLE)[1])
    assert doc["status"] == "hint" and doc["step"]["explanation"] == full.strip()


def test_hint_says_the_grid_has_a_mistake_instead_of_hinting():
    solution = Solver().solve(read_puzzle(EASY)).solution_string
    # put a wrong digit in a blank cell that clashes with nothing directly
    grid = list(EASY)
    for cell, ch in enumerate(EASY):
        if ch != ".":
            continue
        for d in "123456789":
            if d == solution[cell]:
                continue
            trial = grid.copy()
            trial[cell] = d
            code, out, _ = run(["hint"], "".join(trial) + "\n")
            if "appears twice" not in out:
                break
        break
    assert code == 1
    assert out.startswith("The grid has a mistake")
    assert "r1c3" in out  # the first blank cell, the one with the wrong digit
    code, out, _ = run(["hint"], "55" + EASY[2:] + "\n")
    assert code == 1 and "5 appears twice in row 1 (r1c1 and r1c2)" in out


def test_hint_notices_a_lost_candidate():
    entry = next(read_puzzles(HODOKU_STYLE))
    state = entry_state(entry)
    solution = Solver().solve(state).solution
    cell = next(c for c in range(81) if state.value[c] < 0)
    state.cand[cell] &= ~(1 << solution[cell])
    text = write_candidates_grid(state.puzzle, state.cand)
    code, out, _ = run(["hint"], text)
    assert code == 1
    assert out.startswith("The grid has a mistake") and state.puzzle.geometry.cell_name(cell) in out


def test_only_and_exclude_show_where_singles_get_stuck():
    hard = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
    _, out, _ = run(["explain", "--only", "singles"], hard + "\n")
    assert "Trial and error" in out
    codes = {line.split(":")[0].split(". ", 1)[1] for line in out.splitlines() if re.match(r"\d+\. ", line)}
    assert codes <= {"Full house", "Hidden single", "Naked single", "Trial and error"}
    _, out, _ = run(["explain", "--exclude", "hs,ns,fh"], EASY + "\n")
    assert "Hidden single" not in out


def test_profile_option_picks_the_technique_set():
    def first_step(profile: str) -> str:
        code, out, _ = run(["explain", "--profile", profile], EASY + "\n")
        assert code == 0
        return next(line for line in out.splitlines() if re.match(r"1\. ", line))

    assert first_step("se").startswith("1. Hidden single")        # Sudoku Explainer: hidden singles first
    assert first_step("hodoku").startswith("1. Naked single")     # HoDoKu: naked singles first
    code, _, _ = run(["explain", "--profile", "nope"], EASY + "\n")
    assert code == 2


def test_techniques_catalogue():
    code, out, _ = run(["techniques"])
    lines = out.splitlines()[1:]
    assert code == 0 and len(lines) == len(TABLE)
    columns = [line.split("  (")[0].split() for line in lines if "(not implemented)" not in line]
    ratings = [float(c[-3]) if c[-3] != "-" else 99 for c in columns]
    assert ratings == sorted(ratings)  # in order of difficulty
    marked = {line.split()[0] for line in lines if "(on request" in line}
    assert marked == set(OPT_IN)   # outside the default set, and saying how to ask for them
    code, out, _ = run(["techniques", "naked pair"])
    assert code == 0 and "Naked pair (np)" in out and "Example (" in out and "Naked pair: " in out
    code, _, err = run(["techniques", "nonesuch"])
    assert code == 2 and "unknown technique" in err


# -- pictures and pages ---------------------------------------------------------

def test_svg_shows_regions_cages_eliminations_and_placements():
    puzzle = read_puzzle((ROOT / "examples" / "killer_45.json").read_text())
    result = Solver().solve(puzzle)
    state = State.from_puzzle(puzzle)
    combo = next(i for i, s in enumerate(result.steps) if s.eliminations)
    for s in result.steps[:combo]:
        state.apply(s)
    svg = grid_svg(state, result.steps[combo])
    assert svg.count('class="cage"') == len(puzzle.cages)
    assert svg.count('class="eliminated"') == len(result.steps[combo].eliminations)
    assert 'class="pattern"' in svg
    first = grid_svg(State.from_puzzle(puzzle), result.steps[0])
    assert first.count('class="placement"') == len(result.steps[0].placements)
    jig = read_puzzle((ROOT / "tests" / "data" / "latin-seed-1.txt").read_text(), "latin")
    assert grid_svg(State.from_puzzle(jig)).count('class="region-border"') > 12
    assert puzzle._repr_svg_().startswith("<svg") and State.from_puzzle(jig)._repr_svg_().startswith("<svg")
    assert "<section" in result._repr_html_()


def _browser() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


CHROME_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.mark.skipif(_browser() is None, reason="no headless browser on this machine")
@pytest.mark.parametrize("kind", ["killer", "jigsaw"])
def test_html_page_in_headless_chromium(kind, tmp_path):
    if kind == "killer":
        source = ["explain", str(ROOT / "examples" / "killer_45.json")]
    else:
        source = ["explain", "--format", "latin", str(ROOT / "tests" / "data" / "latin-seed-2.txt")]
    page = tmp_path / f"{kind}.html"
    _, out, err = run(source + ["--html", str(page), "--json"])
    assert page.exists(), err
    steps = json.loads(out.splitlines()[-1])["steps"]  # explain --json: step objects, then the result
    profile = tmp_path / "profile"
    dom = subprocess.run([_browser(), *CHROME_FLAGS, f"--user-data-dir={profile}", "--dump-dom", page.as_uri()],
                         capture_output=True, text=True, timeout=180)
    assert dom.returncode == 0, dom.stderr[-2000:]
    # the page's script draws the current step's grid and lists every step (and the start and the end)
    assert len(re.findall(r'<a href="#[a-z0-9-]+" data-pos="\d+"', dom.stdout)) == steps + 2 and steps > 0
    assert 'class="deduce-grid"' in dom.stdout
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shot = ARTIFACTS / f"{kind}-page.png"
    subprocess.run([_browser(), *CHROME_FLAGS, f"--user-data-dir={profile}", f"--screenshot={shot}",
                    "--window-size=1000,1400", page.as_uri()], capture_output=True, timeout=180)
    assert shot.exists() and shot.stat().st_size > 10_000
