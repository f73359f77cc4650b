"""The offline page of ``explain --html`` in a real Chromium: its start is the
clean puzzle (givens only, no candidate), its first step shows the candidates."""

from __future__ import annotations

import pytest

import deduce
from deduce.render.html import result_html

from .test_page_browser import ARGS, _chromium

pytestmark = pytest.mark.browser

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    exe = _chromium()
    if exe is None:
        pytest.skip("no system Chromium (.ci/run installs it)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=exe, args=ARGS)
        yield b
        b.close()


def test_the_page_starts_clean(browser, tmp_path):
    path = tmp_path / "page.html"
    path.write_text(result_html(deduce.solve(deduce.Puzzle.from_string(PUZZLE))), encoding="utf-8")
    tab = browser.new_page(viewport={"width": 1000, "height": 900})
    errors: list[str] = []
    tab.on("pageerror", lambda e: errors.append(str(e)))
    try:
        tab.goto(path.as_uri() + "#start")
        assert tab.inner_text("#where") == "Start"
        assert tab.locator("#grid text.candidate").count() == 0
        assert tab.locator("#grid text.given").count() == 17
        tab.goto(path.as_uri() + "#step-1")
        tab.reload()
        assert tab.inner_text("#where").startswith("Step 1")
        assert tab.locator("#grid text.candidate").count() > 0
        assert errors == []
    finally:
        tab.close()
