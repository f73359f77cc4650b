"""The app of ``deduce serve`` in a real browser (Playwright on the system
Chromium, behind the ``browser`` marker) against a running server: a
classic pasted and played to the end with the keyboard alone, a wrong
digit named by the coach, every hint level and a hint applied, a reload
that keeps position, marks and undo history, a killer and a 6×6 jigsaw
with letters opened from links with a hint in each, the phone layout,
and no request to any other address.  Screenshots go to tests/artifacts/."""

from __future__ import annotations

import json
import pathlib
import urllib.parse
import urllib.request

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from . import test_page_browser as _pages
from .serving import Served
from .test_page_browser import ARTIFACTS

pytestmark = pytest.mark.browser

ROOT = pathlib.Path(__file__).resolve().parents[1]
CLASSIC = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
# a 6×6 jigsaw written with letters (a line: the givens, then the regions)
JIGSAW6 = "..C............B.C.DF..A..........A.000011022013221113243333244455445555"
KILLER = (ROOT / "examples" / "killer_45.json").read_text()


@pytest.fixture(scope="module")
def server():
    s = Served("--workers", "2", "--timeout", "10")
    yield s
    s.stop()


browser = _pages.browser   # the same Chromium fixture as the offline page's tests


REQUESTS: list[str] = []


class App:
    """A fresh browser context (its own storage) on the app, collecting
    console errors and every address requested."""

    def __init__(self, browser, server, width: int = 1280, height: int = 900, scheme: str = "light"):
        self.server = server
        self.context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme)
        self.tab = self.context.new_page()
        self.errors: list[str] = []
        self.tab.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.tab.on("pageerror", lambda e: self.errors.append(str(e)))
        self.tab.on("request", lambda r: REQUESTS.append(r.url))

    def open(self, puzzle: str | None = None) -> None:
        url = self.server.url + "/"
        if puzzle is not None:
            url += "?p=" + urllib.parse.quote(puzzle)
        self.tab.goto(url)
        if puzzle is not None:
            self.tab.wait_for_selector("#board-grid svg")

    def label(self, cell: int) -> str:
        return self.tab.get_attribute(f"#cell-{cell}", "aria-label")

    def labels(self) -> list[str]:
        return self.tab.eval_on_selector_all("#board-grid rect.hit", "rs => rs.map(r => r.getAttribute('aria-label'))")

    def focus_grid(self) -> None:
        """Tab to the grid (keyboard only)."""
        for _ in range(30):
            if self.tab.evaluate("document.activeElement && document.activeElement.id") == "board-grid":
                return
            self.tab.keyboard.press("Tab")
        raise AssertionError("the grid cannot be reached with Tab")

    def ask_hint(self) -> None:
        self.tab.click("#hint")
        self.tab.wait_for_selector("#hint-nudge:not([hidden])")

    def hint_text(self, part: str) -> str:
        return self.tab.inner_text(f"#hint-{part}")

    def shot(self, name: str) -> None:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        self.tab.screenshot(path=str(ARTIFACTS / f"app-{name}.png"), full_page=True)

    def close(self) -> None:
        assert self.errors == []
        self.context.close()


def solution(server, puzzle: str) -> str:
    req = urllib.request.Request(server.url + "/api/solve", data=json.dumps({"puzzle": puzzle}).encode(),
                                 headers={"Content-Type": "application/json"})
    return json.loads(urllib.request.urlopen(req, timeout=30).read())["solution"]


def test_paste_a_classic_and_play_it_to_the_end_with_the_keyboard_alone(browser, server):
    app = App(browser, server)
    try:
        app.open()
        for _ in range(10):   # Tab to the text box, type the puzzle, Tab to Open, Enter
            if app.tab.evaluate("document.activeElement.id") == "paste":
                break
            app.tab.keyboard.press("Tab")
        app.tab.keyboard.type(CLASSIC)
        app.tab.keyboard.press("Tab")
        assert app.tab.evaluate("document.activeElement.id") == "open"
        app.tab.keyboard.press("Enter")
        app.tab.wait_for_selector("#board-grid svg")
        assert app.tab.locator("#board-grid text.given").count() == sum(ch != "." for ch in CLASSIC)
        app.focus_grid()
        sol = solution(server, CLASSIC)
        for r in range(9):
            for c in range(9):
                k = 9 * r + c
                if CLASSIC[k] == ".":
                    app.tab.keyboard.press(sol[k])
                app.tab.keyboard.press("ArrowRight")   # wraps to the row's start after its last cell
            app.tab.keyboard.press("ArrowDown")
        # the last digit asks the server for the solution before the coach says so
        app.tab.wait_for_selector("#coach-text.solved")
        assert "Solved" in app.tab.inner_text("#coach-text")
        assert app.label(0) == "r1c1, given 4" and app.label(1) == f"r1c2, {sol[1]}"
        assert app.tab.locator("#board-grid text.placed").count() == CLASSIC.count(".")
        app.shot("solved")
    finally:
        app.close()


def test_a_wrong_digit_is_named_by_the_coach(browser, server):
    sol = solution(server, CLASSIC)
    wrong = next(d for d in "123456789" if d != sol[1] and d not in "48532")   # no clash: only the solution says
    app = App(browser, server)
    try:
        app.open(CLASSIC)
        app.focus_grid()
        app.tab.keyboard.press("ArrowRight")
        app.tab.keyboard.press(wrong)
        app.ask_hint()
        assert app.tab.inner_text("#hint-title") == "Something is wrong"
        assert "box 1" in app.hint_text("nudge")          # the house first
        app.tab.click("#hint-more")
        assert "r1c2" in app.hint_text("clue")            # then the cell
        app.tab.click("#hint-more")
        assert f"r1c2 holds {wrong}" in app.hint_text("full")
        app.tab.click("#hint-more")
        assert app.tab.locator("#board-grid rect.wrong").count() == 1
        app.tab.click("#check")
        app.tab.wait_for_selector("#coach-text:has-text('wrong')")
        assert "r1c2" in app.tab.inner_text("#coach-text")
    finally:
        app.close()


def test_every_hint_level_and_applying_the_hint(browser, server):
    app = App(browser, server)
    try:
        app.open(CLASSIC)
        app.ask_hint()
        step_name = app.tab.inner_text("#hint-title")
        assert step_name and app.hint_text("nudge")
        assert app.tab.is_hidden("#hint-clue") and app.tab.is_hidden("#hint-full")
        app.tab.click("#hint-more")
        assert app.hint_text("clue") and app.tab.is_hidden("#hint-full")
        assert app.tab.locator("#board-grid rect.house, #board-grid rect.pattern").count() == 0   # not yet drawn
        app.tab.click("#hint-more")
        assert app.hint_text("full")
        app.tab.click("#hint-more")      # the step on the grid, with its legend
        assert app.tab.locator("#board-grid [class^='cand-'], #board-grid rect.house").count() > 0
        assert app.tab.inner_text("#legend")
        assert app.tab.inner_text("#hint-more") == "Apply it"
        before = app.labels()
        app.tab.click("#hint-more")
        after = app.labels()
        changed = [i for i, (a, b) in enumerate(zip(before, after)) if a != b]
        assert changed and "Applied" in app.tab.inner_text("#coach-text")
        assert not app.tab.is_disabled("#undo")
        app.shot("hint-applied")
    finally:
        app.close()


def test_a_reload_keeps_the_position_the_marks_and_the_undo_history(browser, server):
    app = App(browser, server)
    try:
        app.open(CLASSIC)
        app.focus_grid()
        app.tab.keyboard.press("ArrowRight")
        app.tab.keyboard.press("Shift+1")       # pencil marks in r1c2
        app.tab.keyboard.press("Shift+6")
        app.tab.keyboard.press("ArrowRight")
        app.tab.keyboard.press("6")             # a digit in r1c3
        assert app.label(1) == "r1c2, empty, candidates 1" and app.label(2) == "r1c3, 6"
        labels = app.labels()
        app.tab.reload()
        app.tab.wait_for_selector("#board-grid svg")
        assert app.labels() == labels
        app.focus_grid()
        app.tab.keyboard.press("Control+z")     # undo the 6 ... (placing it took the 6 out of r1c2's marks)
        assert app.label(2) == "r1c3, empty" and app.label(1) == "r1c2, empty, candidates 1 6"
        app.tab.keyboard.press("Control+z")
        assert app.label(1) == "r1c2, empty, candidates 1"
        app.tab.keyboard.press("Control+y")
        app.tab.reload()
        app.tab.wait_for_selector("#board-grid svg")
        assert app.label(1) == "r1c2, empty, candidates 1 6"
        assert not app.tab.is_disabled("#redo") and not app.tab.is_disabled("#undo")
    finally:
        app.close()


@pytest.mark.parametrize("name, puzzle", [("killer", KILLER), ("jigsaw6", JIGSAW6)])
def test_a_killer_and_a_jigsaw_with_letters_from_links(browser, server, name, puzzle):
    app = App(browser, server)
    try:
        app.open(puzzle)
        if name == "killer":
            cages = len(json.loads(KILLER)["cages"])
            assert app.tab.locator("#board-grid text.cage-sum").count() == cages
        else:
            assert app.tab.locator("#pad button[data-sym]").all_inner_texts()[:6] == list("ABCDEF")
            assert app.label(2) == "r1c3, given C"
        app.ask_hint()
        assert app.hint_text("nudge") and app.tab.inner_text("#hint-title") not in ("", "No step found")
        for _ in range(3):
            app.tab.click("#hint-more")
        assert app.tab.locator("#board-grid [class^='cand-'], #board-grid rect.house").count() > 0
        if name == "jigsaw6":
            app.focus_grid()
            app.tab.keyboard.press("b")      # letters are typed as letters
            assert app.label(0) in ("r1c1, B", "r1c1, b".upper())
        app.shot(name)
    finally:
        app.close()


def test_the_phone_layout_shows_the_grid_and_the_hint_together(browser, server):
    app = App(browser, server, 375, 800)
    try:
        app.open(CLASSIC)
        app.ask_hint()
        app.tab.evaluate("window.scrollTo(0, 0)")
        grid = app.tab.locator("#board-grid svg").bounding_box()
        nudge = app.tab.locator("#hint-nudge").bounding_box()
        assert grid["x"] >= 0 and grid["x"] + grid["width"] <= 375 and grid["y"] >= 0
        assert grid["y"] + grid["height"] <= nudge["y"] and nudge["y"] + nudge["height"] <= 800
        assert app.tab.evaluate("document.documentElement.scrollWidth") <= 375
        assert app.tab.locator("#pad button").count() == 10
        app.shot("phone")
    finally:
        app.close()


def test_no_request_leaves_the_server_s_address(browser, server):
    app = App(browser, server)
    try:
        app.open(KILLER)
        app.ask_hint()
        app.tab.click("#solve")
        app.tab.wait_for_selector("#solver:not([hidden]) .grid svg")
        app.tab.keyboard.press("ArrowRight")
        assert app.tab.inner_text("#solver .where").startswith("Step 1")
    finally:
        app.close()
    assert REQUESTS
    outside = [u for u in REQUESTS if not u.startswith(server.url + "/") and not u.startswith("data:")]
    assert outside == []


def test_a_new_puzzle_from_the_generator(browser, server):
    import importlib.util

    app = App(browser, server)
    try:
        app.open()
        if importlib.util.find_spec("deduce.generate") is None:
            assert app.tab.is_hidden("#new-form")   # no generator: paste and links only
            return
        app.tab.select_option("#new-kind", "jigsaw")
        app.tab.select_option("#new-size", "6")
        app.tab.click("#new")
        app.tab.wait_for_selector("#board-grid svg", timeout=60000)
        assert len(app.labels()) == 36
        app.ask_hint()
        assert app.hint_text("nudge")
    finally:
        app.close()


def test_pencil_marks_that_lost_the_solution_s_candidate_are_named(browser, server):
    sol = solution(server, CLASSIC)
    app = App(browser, server)
    try:
        app.open(CLASSIC)
        app.tab.click("#fill")
        app.focus_grid()
        app.tab.keyboard.press("ArrowRight")
        app.tab.keyboard.press(f"Shift+{sol[1]}")      # r1c2 loses its own digit
        assert sol[1] not in app.label(1).split("candidates")[1]
        app.ask_hint()
        assert app.tab.inner_text("#hint-title") == "Something is wrong"
        assert "candidate" in app.hint_text("nudge") and "box 1" in app.hint_text("nudge")
        app.tab.click("#hint-more")
        assert "r1c2" in app.hint_text("clue")
    finally:
        app.close()
