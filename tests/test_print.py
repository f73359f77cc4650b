"""Print-ready output: the clean grid (``Puzzle._repr_svg_``, ``--to svg``,
the start of ``explain --html``), and the PDF sheets of puzzles and answers
from ``deduce generate`` and ``deduce convert`` (pages counted and read by
pypdf, a PDF reader independent of the writer)."""

from __future__ import annotations

import io
import json
import math
import re
import sys

import pytest

import deduce
from deduce.backtrack import count_solutions
from deduce.render.html import page_data, result_fragment

from .test_cli import run

pypdf = pytest.importorskip("pypdf")
pytest.importorskip("reportlab")

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def _candidate_marks(svg: str) -> int:
    return svg.count('class="candidate"') + svg.count("cand-")


def test_repr_svg_is_the_clean_grid():
    p = deduce.Puzzle.from_string(PUZZLE)
    svg = p._repr_svg_()
    assert svg.startswith("<svg") and _candidate_marks(svg) == 0
    assert svg.count('class="given"') == sum(v >= 0 for v in p.givens) == 17
    assert svg.count('class="region-border"') > 0


def test_repr_svg_of_a_killer_keeps_its_cages():
    [g] = deduce.generate("killer", 6, seed=2)
    svg = g.puzzle._repr_svg_()
    assert _candidate_marks(svg) == 0 and svg.count('class="cage"') == len(g.puzzle.cages)


def test_explain_start_is_clean():
    p = deduce.Puzzle.from_string(PUZZLE)
    result = deduce.solve(p)
    start = re.search(r'<section class="start">(.*?)</section>', result_fragment(result), re.S).group(1)
    assert _candidate_marks(start) == 0 and start.count('class="given"') == 17
    assert page_data(result, "t")["clean_start"] is True


def test_generate_to_svg_has_no_candidates():
    code, out, err = run(["generate", "--count", "2", "--seed", "3", "--to", "svg"])
    assert (code, err) == (0, "")
    docs = [d for d in out.split("\n\n") if d.strip()]
    assert len(docs) == 2 and all(d.startswith("<svg") and d.rstrip().endswith("</svg>") for d in docs)
    assert all(_candidate_marks(d) == 0 and d.count('class="given"') >= 17 for d in docs)


def _pdf(data: bytes):
    assert data.startswith(b"%PDF")
    return pypdf.PdfReader(io.BytesIO(data))


@pytest.fixture(scope="module")
def five():
    """Five generated puzzles."""
    return list(deduce.generate(level="easy", count=5, seed=11))


@pytest.mark.parametrize("per_page", [1, 2, 4, 6])
def test_sheet_pages(five, per_page):
    from deduce.render.sheet import Sheet, sheet_pdf

    sheets = [Sheet(r.puzzle, tuple(r.solution), f"Puzzle {k}", r.level, r.er) for k, r in enumerate(five, 1)]
    pages = math.ceil(5 / per_page)
    reader = _pdf(sheet_pdf(sheets, per_page=per_page, title="Bank"))
    assert len(reader.pages) == 2 * pages   # the puzzles, then the answers
    texts = [page.extract_text() for page in reader.pages]
    assert all(t.startswith("Bank") for t in texts[:pages])
    assert all("answers" in t for t in texts[pages:]) and not any("answers" in t for t in texts[:pages])
    first = texts[0]
    assert "Puzzle 1" in first and "Easy" in first and f"ER {five[0].er:.1f}" in first
    assert sum(f"Puzzle {k} " in t for t in texts[:pages] for k in range(1, 6)) == 5
    no_answers = _pdf(sheet_pdf(sheets, per_page=per_page, answers=False))
    assert len(no_answers.pages) == pages


def test_answers_are_the_solutions(five):
    """The answer page holds every digit of the solution (read back from the PDF's text)."""
    from deduce.render.sheet import Sheet, sheet_pdf

    r = five[0]
    reader = _pdf(sheet_pdf([Sheet(r.puzzle, tuple(r.solution), "Puzzle 1", r.level, r.er)], per_page=1))
    digits = re.sub(r"[^1-9]", "", reader.pages[1].extract_text().split("\n", 3)[-1])
    assert digits == r.solution_string   # (drawn row by row)
    puzzle_digits = re.sub(r"[^1-9]", "", reader.pages[0].extract_text().split("\n", 3)[-1])
    assert puzzle_digits == r.puzzle.givens_string("")


@pytest.mark.parametrize("paper, size", [("a4", (595.28, 841.89)), ("letter", (612, 792))])
def test_generate_to_pdf(tmp_path, paper, size):
    out = tmp_path / "sheet.pdf"
    code, text, err = run(["generate", "--count", "3", "--seed", "4", "--level", "easy", "--to", "pdf",
                           "--per-page", "2", "--paper", paper, "-o", str(out), "--title", "Week"])
    assert (code, text, err) == (0, "", "")
    reader = _pdf(out.read_bytes())
    assert len(reader.pages) == 4
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(size, abs=0.01)
    first = reader.pages[0].extract_text()
    assert "Week 1" in first and "Week 2" in first and "Week 3" not in first


def test_convert_to_pdf(tmp_path):
    bank = tmp_path / "bank.txt"
    puzzles = [r.puzzle.givens_string() for r in deduce.generate(level="medium", count=3, seed=5)]
    bank.write_text("\n".join([*puzzles, "1" + "." * 80]) + "\n")   # the last has many solutions
    out = tmp_path / "c.pdf"
    code, text, err = run(["convert", str(bank), "--to", "pdf", "--per-page", "6", "-o", str(out)])
    assert code == 2 and text == ""
    assert len(err.strip().splitlines()) == 1 and "line 4" in err and "several solutions" in err
    reader = _pdf(out.read_bytes())
    assert len(reader.pages) == 2
    assert reader.pages[0].extract_text().count("Medium") == 3
    for p in puzzles:
        assert count_solutions(deduce.Puzzle.from_string(p)) == 1


def test_convert_to_svg():
    code, out, err = run(["convert", "-", "--to", "svg"], stdin=PUZZLE + "\n")
    assert (code, err) == (0, "")
    assert out.startswith("<svg") and _candidate_marks(out) == 0


@pytest.mark.parametrize("command", [["generate", "--seed", "1"], ["convert", "-"]])
def test_missing_print_extra_is_one_line(monkeypatch, tmp_path, command):
    monkeypatch.setitem(sys.modules, "reportlab", None)   # (import reportlab now raises ImportError)
    code, out, err = run([*command, "--to", "pdf", "-o", str(tmp_path / "x.pdf")], stdin=PUZZLE + "\n")
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "print extra" in err and "pip install" in err
    assert not (tmp_path / "x.pdf").exists()


def test_pdf_options_refused():
    code, _, err = run(["generate", "--to", "pdf", "--per-page", "3"])
    assert code == 2 and "--per-page" in err
    code, _, err = run(["generate", "--to", "pdf", "--practice", "--technique", "x-wing"])
    assert code == 2 and len(err.strip().splitlines()) == 1 and "practice" in err
    code, _, err = run(["generate", "--json", "--to", "pdf"])
    assert code == 2


def test_json_unchanged_by_print_options():
    code, out, _ = run(["generate", "--seed", "2", "--json", "--paper", "letter"])
    assert code == 0 and json.loads(out)["seed"] == 2
