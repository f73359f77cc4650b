"""The documentation in docs/ builds with warnings as errors, and the pages
made from deduce's own tables say what the program says."""

from __future__ import annotations

import html
import pathlib
import re
import subprocess
import sys

import pytest

import deduce
from deduce.render.words.glossary import GLOSSARY

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

pytest.importorskip("sphinx", reason="the docs extra (sphinx, myst-parser) is not installed")
pytest.importorskip("myst_parser", reason="the docs extra (sphinx, myst-parser) is not installed")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    out = tmp_path_factory.mktemp("docs-html")
    done = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", str(DOCS),
                           str(out)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return out


def _text(page: pathlib.Path) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", page.read_text(encoding="utf-8")))


def test_the_glossary_page_is_the_programs_glossary(built: pathlib.Path) -> None:
    text = _text(built / "glossary.html")
    for term, definition in GLOSSARY:
        assert term in text and definition in text


def test_the_techniques_page_lists_every_technique_of_the_table(built: pathlib.Path) -> None:
    text = _text(built / "techniques.html")
    for row in deduce.TABLE:
        assert row.code in text and row.name in text


def test_the_api_reference_comes_from_the_docstrings(built: pathlib.Path) -> None:
    text = _text(built / "api.html")
    assert deduce.count_solutions.__doc__ is not None
    assert deduce.count_solutions.__doc__.split("(")[0].strip() in text
    for name in ("deduce.solve", "deduce.Solver", "deduce.Step", "deduce.Puzzle", "deduce.rating.rate"):
        assert name in text


def test_every_page_is_in_the_table_of_contents_and_the_readme_links_resolve() -> None:
    pages = {p.stem for p in DOCS.glob("*.md")} - {"index"}
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    assert all(re.search(rf"^{page}$", index, re.M) for page in pages), pages
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for link in re.findall(r"\]\((docs/[^)]+)\)", readme):
        assert (ROOT / link).exists(), link
