"""The learner's page (deduce.render.html, ``deduce explain --html``):
self-contained, small, titled, with every step's three levels and marks.
The page in a real browser is tests/test_page_browser.py (marker
``browser``)."""

from __future__ import annotations

import functools
import json
import pathlib
import re

import deduce
from deduce.formats import read_puzzle
from deduce.render.html import SCRIPTS, page_data, page_title, result_fragment, result_html
from deduce.showcase import SHOWCASE

from .test_cli import run

ROOT = pathlib.Path(__file__).resolve().parents[1]
KILLER = ROOT / "examples" / "killer_45.json"
KB = 1024


def showcase(label: str):
    text, fmt = next((t, f) for name, t, f in SHOWCASE if name == label)
    return read_puzzle(text, fmt)


@functools.cache
def killer_result():
    return deduce.solve(read_puzzle(KILLER.read_text()))


@functools.cache
def long_classic_result():
    return deduce.solve(showcase("Nishio"))


def data_of(page: str) -> dict:
    m = re.search(r'<script type="application/json" id="deduce-data">(.*?)</script>', page, re.S)
    assert m
    return json.loads(m.group(1))




def test_killer_page_is_at_most_300_kb():
    result = killer_result()
    assert len(result.steps) >= 100
    assert len(result_html(result).encode()) <= 300 * KB


def test_a_100_step_classic_page_is_at_most_150_kb():
    result = long_classic_result()
    n = len(result.steps)
    assert n >= 90
    size = len(result_html(result).encode())
    assert size * 100 / n <= 150 * KB  # scaled to 100 steps


def test_the_page_is_self_contained():
    page = result_html(killer_result())
    assert "src=" not in page and "<link rel=\"stylesheet\"" not in page and "@import" not in page
    urls = set(re.findall(r"https?://[^\s\"'<>)]+", page))
    assert urls <= {"http://www.w3.org/2000/svg"}
    assert page.count("<script") == 1 + len(SCRIPTS) and page.count("<style>") == 1
    assert "document.getElementById(\"deduce-data\")" in page


def test_the_data_holds_every_step_with_three_levels_marks_and_changes():
    result = long_classic_result()
    data = data_of(result_html(result))
    assert len(data["steps"]) == len(result.steps)
    n = data["size"]
    for s, step in zip(data["steps"], result.steps):
        assert s["name"] == step.technique.name and s["nudge"] and s["clue"] and s["text"]
        assert set(s["m"]) == {"c", "k", "h", "g", "l"}
        assert all(0 <= c < n * n for c, _, _ in s["d"])
    # replaying the changes from the start reaches the solution
    values = list(data["start"]["v"])
    for s in data["steps"]:
        for c, _, v in s["d"]:
            values[c] = v
    assert values == list(result.solution)


def test_chain_text_keeps_its_line_breaks():
    data = page_data(long_classic_result(), "t")
    chains = [s for s in data["steps"] if s["code"] in ("aic", "nishio", "grouped-aic", "xy-chain")]
    assert chains and all("\n" in s["text"] for s in chains)
    assert "pre-wrap" in result_html(long_classic_result())  # and the page shows them as lines
    assert "white-space: pre-wrap" in result_fragment(long_classic_result())


def test_singles_fold_and_chain_steps_carry_links():
    data = page_data(long_classic_result(), "t")
    folded = {s["code"] for s in data["steps"] if s["fold"]}
    assert folded and folded <= {"fh", "hs", "ns"}
    assert any(s["m"]["l"] for s in data["steps"] if s["code"] in ("aic", "nishio", "grouped-aic"))


def test_titles_name_the_puzzle_not_its_dots():
    killer = read_puzzle(KILLER.read_text())
    assert page_title(killer) == "deduce: 9×9 killer"
    assert page_title(showcase("Nishio")) == "deduce: 9×9 sudoku"
    assert page_title(killer, {"title": "The 45 rule"}) == "The 45 rule"
    assert "<title>deduce: 9×9 killer</title>" in result_html(killer_result())


def test_summary_shows_the_rating_and_the_technique_counts():
    page = result_html(long_classic_result())
    assert re.search(r"ER \d+\.\d, EP \d+\.\d, ED \d+\.\d", page)
    assert "Techniques used" in page and "Hidden single <b>×" in page


def test_cli_writes_the_page(tmp_path):
    out = tmp_path / "page.html"
    code, _, err = run(["explain", "--html", str(out), str(KILLER)])
    assert code == 0, err
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and data_of(page)["cages"]


def test_cli_with_several_puzzles_writes_one_page_each_and_names_them(tmp_path):
    lines = [text for label, text, fmt in SHOWCASE[:3]]
    src = tmp_path / "three.txt"
    src.write_text("\n".join(lines) + "\n")
    out = tmp_path / "page.html"
    code, _, err = run(["explain", "--html", str(out), str(src)])
    assert code == 0, err
    for line in (1, 2, 3):
        path = tmp_path / f"page-line{line}.html"
        assert path.exists() and str(path) in err
        assert f"(line {line})</title>" in path.read_text(encoding="utf-8")
    assert not out.exists()


def test_clashing_givens_still_give_a_page():
    puzzle = read_puzzle("11" + "." * 79)
    page = result_html(deduce.solve(puzzle))
    assert data_of(page)["start"] is None


def test_a_chain_is_one_step_with_all_its_eliminations_in_eureka_notation_and_link_styles():
    from deduce.puzzle import Puzzle
    from deduce.render.eureka import eureka

    from .test_aic_steps import GROUPED, LOOP

    for text in (LOOP, GROUPED):
        result = deduce.solve(Puzzle.from_string(text))
        data = page_data(result, "t")
        shaped = [(s, step) for s, step in zip(data["steps"], result.steps) if step.detail("aic") is not None]
        assert any(len(step.eliminations) >= 2 for _, step in shaped)
        for s, step in shaped:
            nodes, links, _ = step.detail("aic")
            # every elimination of the one chain, in the one step (drawn and applied)
            assert sorted((c, v) for c, v, r in s["m"]["k"] if r == "eliminated") == sorted(step.eliminations)
            assert len(s["d"]) == len({c for c, _ in step.eliminations})  # (one change per cell)
            # Eureka notation beside the words
            assert eureka(result.puzzle, nodes, links) in s["text"] and "\nIf " in s["text"]
            # a line per link, in the style of what the words say: strong, weak, through a set
            kinds = ["strong" if link[4] else link[6] or "weak" for link in s["m"]["l"]]
            sets = sum(node[2] >= 0 for node in nodes)
            assert kinds.count("strong") == sum(kind == "=" for kind, _ in links)
            assert kinds.count("weak") == sum(kind == "-" for kind, _ in links)
            assert kinds.count("als") == sets

