"""The coach is right about the player's own marks, and the faults of
issue 45 mended (Playwright on the system Chromium, behind ``browser``):
the coach's hints followed after Fill candidates to the end of an easy
puzzle, every one true of the grid; a wrong digit after Fill named by the
mistake hint; a single pencil mark never called a placed digit; Hint after
a mistake shown in full; conflicts as typed; H and Escape; the highlight
apart from a step's colours; the phone layout (legend, grid in view, 44 px
keys, readable cage sums); the screen reader's rows and cages; the
one-cell cage's words; a bad paste's one line; "No step found" per level;
a hard killer from the form.  Screenshots go to tests/artifacts/."""

from __future__ import annotations

import json
import re

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from deduce.formats import read_puzzle
from deduce.render.marks import ROLES

from . import test_app_browser as _app
from .serving import Served
from .test_app_browser import KILLER, App, solution

pytestmark = pytest.mark.browser

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
HOUSE = re.compile(r"\b(row|column|box) (\d+) has one empty cell, (r\d+c\d+)")
HOLDS = re.compile(r"\b(r\d+c\d+) holds (\S)\b")

server = _app.server
browser = _app.browser


def cell(name: str, n: int = 9) -> int:
    r, c = (int(x) for x in re.findall(r"\d+", name))
    return (r - 1) * n + c - 1


def house_cells(kind: str, i: int) -> list[int]:
    i -= 1
    if kind == "row":
        return [9 * i + c for c in range(9)]
    if kind == "column":
        return [9 * r + i for r in range(9)]
    return [9 * (3 * (i // 3) + r) + 3 * (i % 3) + c for r in range(3) for c in range(3)]


class Coach(App):
    """The app, keeping every hint record the server sends."""

    def __init__(self, browser, server, width: int = 1280, height: int = 900):
        # (App's own, less the record of addresses that test_app_browser checks for its own server)
        self.server = server
        self.context = browser.new_context(viewport={"width": width, "height": height})
        self.tab = self.context.new_page()
        self.errors: list[str] = []
        self.tab.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.tab.on("pageerror", lambda e: self.errors.append(str(e)))
        self.hints: list[dict] = []
        self.bodies: list[dict] = []

        def seen(response):
            if response.url.endswith("/api/hint"):
                self.bodies.append(json.loads(response.request.post_data or "{}"))
                try:
                    self.hints.append(response.json())
                except Exception:
                    self.hints.append({})
        self.tab.on("response", seen)

    def values(self) -> list[str]:
        """Each cell's digit as its label says ('' when empty)."""
        out = []
        for label in self.labels():
            what = label.split(", ")[1]
            out.append("" if what == "empty" else what.removeprefix("given "))
        return out

    def new_hint(self) -> dict:
        before = len(self.hints)
        self.tab.click("#hint")
        for _ in range(400):
            if len(self.hints) > before:
                break
            self.tab.wait_for_timeout(50)
        assert len(self.hints) > before, "no hint request was answered"
        self.tab.wait_for_selector("#hint-nudge:not([hidden])")
        return self.hints[-1]


def test_following_the_coach_after_fill_candidates_every_hint_is_true_of_the_grid(browser, server):
    sol = solution(server, EASY)
    app = Coach(browser, server)
    try:
        app.open(EASY)
        app.tab.click("#fill")
        for turn in range(120):
            values = app.values()
            if all(values):
                break
            doc = app.new_hint()
            assert doc.get("status") == "hint", (turn, doc)
            step = doc["step"]
            words = " ".join(app.tab.inner_text(f"#hint-{p}") for p in ("nudge", "clue")) + " " + step["explanation"]
            for kind, i, named in HOUSE.findall(words):   # "column 6 has one empty cell, r9c6"
                empty = [k for k in house_cells(kind, int(i)) if not values[k]]
                assert empty == [cell(named)], (turn, words)
            for named, digit in HOLDS.findall(words):      # "r1c4 holds 9"
                assert values[cell(named)] == digit, (turn, words)
            for name, digit in step["placements"]:
                assert values[cell(name)] == "" and sol[cell(name)] == digit, (turn, words)
            for name, digit in step["eliminations"]:
                assert sol[cell(name)] != digit, (turn, words)
            for _ in range(4):   # clue, explanation, on the grid, apply it
                app.tab.click("#hint-more")
        assert all(app.values()) and app.values() == list(sol)
        app.tab.wait_for_selector("#coach-text.solved")
        # the hints were asked with the digits and the marks apart
        assert all(isinstance(b["position"], dict) and set(b["position"]) == {"digits", "marks"} for b in app.bodies)
    finally:
        app.close()


def test_a_wrong_digit_after_fill_is_the_cell_the_mistake_hint_names(browser, server):
    sol = solution(server, EASY)
    app = Coach(browser, server)
    try:
        app.open(EASY)
        app.tab.click("#fill")
        app.focus_grid()
        for _ in range(5):
            app.tab.keyboard.press("ArrowRight")       # r1c6
        wrong = "7" if sol[5] != "7" else "4"
        app.tab.keyboard.press(wrong)
        doc = app.new_hint()
        assert doc["status"] == "mistake" and doc["cells"] == ["r1c6"], doc
        app.tab.click("#hint-more")
        assert "r1c6" in app.hint_text("clue")
        app.tab.click("#hint-more")
        app.tab.click("#hint-more")                     # Show the cells
        marked = app.tab.eval_on_selector_all("#board-grid rect.wrong", "rs => rs.length")
        assert marked == 1
        assert "r1c6" in app.hint_text("full") and "appears twice" not in app.hint_text("full")
    finally:
        app.close()


def test_a_single_pencil_mark_is_never_called_a_placed_digit(browser, server):
    sol = solution(server, EASY)
    app = Coach(browser, server)
    try:
        app.open(EASY)
        app.focus_grid()
        wrong = next(d for d in "123456789" if d != sol[0])
        app.tab.keyboard.press(f"Shift+{wrong}")        # one pencil mark, the wrong one, in r1c1
        assert app.label(0).startswith("r1c1, empty, candidates")
        app.new_hint()
        for _ in range(2):
            app.tab.click("#hint-more")
        said = " ".join(app.hint_text(p) for p in ("nudge", "clue", "full"))
        assert "r1c1 holds" not in said and "placed" not in said.lower().replace("placed yet", "")
        assert "candidate" in said and "r1c1" in said       # a lost candidate, in r1c1
        # the right one as a single mark: Solve from here draws it as a candidate, not a placed digit
        app.tab.click("#undo")
        app.focus_grid()
        app.tab.keyboard.press(f"Shift+{sol[0]}")
        app.tab.click("#check")
        app.tab.wait_for_selector("#coach-text:has-text('Nothing placed yet')")
        app.tab.click("#solve")
        app.tab.wait_for_selector("#solver:not([hidden]) .grid svg")
        assert app.tab.locator("#solver .grid text.placed").count() == 0
    finally:
        app.close()


def test_the_hint_button_works_after_a_mistake_hint_reached_show_the_cells(browser, server):
    sol = solution(server, EASY)
    app = Coach(browser, server)
    try:
        app.open(EASY)
        app.focus_grid()
        app.tab.keyboard.press(next(d for d in "14578" if d != sol[0]))   # no clash with r1c3's 3 or r1c5's 2
        app.new_hint()
        for _ in range(3):
            app.tab.click("#hint-more")
        assert app.tab.is_hidden("#hint-more")           # "Show the cells" was the last
        asked = len(app.hints)
        app.tab.click("#hint")
        for _ in range(200):
            if len(app.hints) > asked:
                break
            app.tab.wait_for_timeout(50)
        assert len(app.hints) == asked + 1               # asked again ...
        app.tab.wait_for_selector("#hint-more:not([hidden])")
        assert app.tab.is_hidden("#hint-clue")           # ... and shown from the nudge
        app.focus_grid()
        app.tab.keyboard.press("h")                      # the key does the same
        assert not app.tab.is_hidden("#hint-clue")
    finally:
        app.close()


def test_a_conflict_is_flagged_as_it_is_typed_unless_turned_off(browser, server):
    app = Coach(browser, server)
    try:
        app.open(EASY)
        app.focus_grid()
        app.tab.keyboard.press("3")                      # r1c1 = 3 beside r1c3's given 3
        assert app.tab.locator("#board-grid text.clash").count() == 2
        app.tab.keyboard.press("ArrowDown")              # the selected cell has its own colour
        assert app.tab.locator("#board-grid rect.clash").count() == 2
        assert "clashes" in app.label(0) and "clashes" in app.label(2)
        app.shot("conflict")
        app.tab.uncheck("#conflicts")
        assert app.tab.locator("#board-grid rect.clash").count() == 0 and "clashes" not in app.label(0)
        app.tab.reload()
        app.tab.wait_for_selector("#board-grid svg")
        assert not app.tab.is_checked("#conflicts") and app.tab.locator("#board-grid rect.clash").count() == 0
        app.tab.check("#conflicts")
        assert app.tab.locator("#board-grid rect.clash").count() == 2
    finally:
        app.close()


def test_h_asks_for_a_hint_and_escape_closes_solve_from_here(browser, server):
    app = Coach(browser, server)
    try:
        app.open(EASY)
        assert "H" in app.tab.get_attribute("#hint", "title")
        app.focus_grid()
        app.tab.keyboard.press("h")
        app.tab.wait_for_selector("#hint-nudge:not([hidden])")
        assert app.hint_text("nudge")
        app.tab.click("#solve")
        app.tab.wait_for_selector("#solver:not([hidden]) .grid svg")
        app.tab.keyboard.press("Escape")
        assert app.tab.is_hidden("#solver") and app.tab.is_visible("#play")
    finally:
        app.close()


def test_the_highlighted_digit_and_a_step_s_pattern_cells_differ_in_colour(browser, server):
    app = Coach(browser, server)
    try:
        app.open(EASY)
        app.tab.select_option("#highlight", "2")         # the 2s
        app.new_hint()
        for _ in range(3):
            app.tab.click("#hint-more")
        same = set(app.tab.eval_on_selector_all("#board-grid rect.same", "rs => rs.map(r => r.getAttribute('fill'))"))
        assert same
        # apart from every colour a step's roles use (the old yellow was the pattern's yellow, a little paler)
        assert all(_apart(c, colour) for c in same for colour, _ in ROLES.values())
        step = set(app.tab.eval_on_selector_all("#board-grid rect.pattern, #board-grid rect.house",
                                                "rs => rs.map(r => r.getAttribute('fill'))"))
        assert step and not step & same
        app.shot("highlight-and-step")
    finally:
        app.close()


def _apart(a: str, b: str) -> bool:
    """Two colours #rrggbb told apart at a glance: 0.2 apart in saturation, or 30° apart in hue."""
    import colorsys

    (ha, sa, _), (hb, sb, _) = (colorsys.rgb_to_hsv(*(int(x[i:i + 2], 16) / 255 for i in (1, 3, 5))) for x in (a, b))
    hue = abs(ha - hb) * 360
    return abs(sa - sb) >= 0.2 or min(hue, 360 - hue) >= 30


def _chain_position():
    """A position (digits, marks) whose first step in deduce's order is drawn with links, and that step's name."""
    from deduce.engine import Solver
    from deduce.render.marks import marks
    from deduce.showcase import SHOWCASE
    from deduce.state import State

    text = next(t for label, t, _ in SHOWCASE if label == "hidden triple")
    puzzle = read_puzzle(text)
    state = State.from_puzzle(puzzle)
    solver = Solver()
    for _ in range(200):
        step = next(solver.steps(state.copy(), unique=True))
        if marks(step, puzzle, state).links:
            return puzzle, state, step
        state.apply(step)
    raise AssertionError("no chain in the showcase's solve")


def _load(app: App, puzzle, state) -> str:
    """The app opened on ``puzzle`` with the game in storage at ``state`` (digits and full marks)."""
    src = "".join(puzzle.symbols[v] if v >= 0 else "." for v in puzzle.givens)
    game = {"src": src, "v": list(state.value), "m": [0 if v >= 0 else m for v, m in zip(state.value, state.cand)],
            "undo": [], "redo": [], "sel": 0, "solution": None}
    app.open()
    app.tab.evaluate("g => localStorage.setItem('deduce-app-game', JSON.stringify(g))", game)
    app.open(src)
    return src


def test_on_a_phone_the_legend_shows_the_grid_stays_in_view_and_the_keys_are_44_px(browser, server):
    puzzle, state, _ = _chain_position()
    app = Coach(browser, server, 375, 800)
    try:
        _load(app, puzzle, state)
        for b in app.tab.locator("#pad button").all():
            box = b.bounding_box()
            assert box["width"] >= 44 and box["height"] >= 44
        doc = app.new_hint()
        assert doc["status"] == "hint" and doc["step"]["marks"]["links"], doc
        for _ in range(3):
            app.tab.click("#hint-more")
        assert app.tab.locator("#board-grid path.link").count() > 0
        legend = app.tab.locator("#legend")
        assert legend.is_visible() and "link" in legend.inner_text()
        for part in ("#hint-full", "#legend"):
            if part == "#legend":   # scrolled to as a reader would: it comes to rest below the grid
                app.tab.evaluate("document.querySelector('#legend').scrollIntoView({block: 'start'})")
            grid = app.tab.locator("#board-grid svg").bounding_box()
            box = app.tab.locator(part).bounding_box()
            assert grid["y"] >= 0 and grid["y"] + grid["height"] <= 800, part      # the whole grid on screen
            assert box["y"] >= grid["y"] + grid["height"] - 1 and box["y"] < 800, part   # and the words below it
        assert app.tab.evaluate("document.documentElement.scrollWidth") <= 375
        app.shot("phone-chain")
    finally:
        app.close()


def test_on_a_phone_cage_sums_are_readable_and_labels_name_the_cage(browser, server):
    app = Coach(browser, server, 375, 800)
    try:
        app.open(KILLER)
        sizes = app.tab.eval_on_selector_all(
            "#board-grid text.cage-sum",
            "ts => ts.map(t => t.getAttribute('font-size') * t.ownerSVGElement.getScreenCTM().a)")
        assert sizes and min(sizes) >= 10
        first = json.loads(KILLER)["cages"][0]
        label = app.label(cell(first["cells"][0]))
        assert f"cage of {len(first['cells'])} cells adding up to {first['sum']}" in label
        app.shot("phone-killer")
    finally:
        app.close()


def test_the_grid_is_rows_of_cells_for_a_screen_reader(browser, server):
    app = Coach(browser, server)
    try:
        app.open(EASY)
        rows = app.tab.get_by_role("row")
        assert rows.count() == 9
        assert all(rows.nth(i).get_by_role("gridcell").count() == 9 for i in range(9))
        tree = app.tab.locator("#board-grid").aria_snapshot()
        assert not re.search(r"\d{4}", tree.replace("row ", ""))     # no long run of digits read out
        assert tree.index("row") < tree.index("r1c1")
    finally:
        app.close()


def test_a_one_cell_cage_is_simply_its_total(browser, server):
    doc = json.loads(KILLER)
    sol = solution(server, KILLER)
    first = doc["cages"].pop(0)
    for name in first["cells"]:                      # the first cage split into one-cell cages
        doc["cages"].insert(0, {"sum": int(sol[cell(name)]), "cells": [name]})
    app = Coach(browser, server)
    try:
        app.open(json.dumps(doc))
        hint = app.new_hint()
        for _ in range(2):
            app.tab.click("#hint-more")
        full = app.hint_text("full")
        assert hint["step"]["code"] == "cage-single" and "is one cell" in full
        assert "add up to 0" not in full and " - 0 " not in full
    finally:
        app.close()


def test_pasting_text_that_is_no_puzzle_gives_one_sensible_line(browser, server):
    app = Coach(browser, server)
    try:
        app.open()
        app.tab.fill("#paste", "12345 not a puzzle")
        app.tab.click("#open")
        app.tab.wait_for_selector("#paste-error:not([hidden])")
        text = app.tab.inner_text("#paste-error")
        assert "\n" not in text and "rows of" not in text and "81" in text
        app.errors = [e for e in app.errors if "400" not in e]   # the refused request, as the console says
    finally:
        app.close()


def test_no_step_found_says_something_at_each_level(browser, server):
    app = Coach(browser, server)
    try:
        app.open(CLASSIC_HARD)
        # the app's own request, with the techniques cut down to full houses (so that none applies)
        def singles_only(route):
            body = json.loads(route.request.post_data)
            body["only"] = "full-house"
            route.continue_(post_data=json.dumps(body))
        app.tab.route("**/api/hint", singles_only)
        doc = app.new_hint()
        assert doc["status"] == "stuck"
        app.tab.click("#hint-more")
        app.tab.click("#hint-more")
        words = [app.hint_text(p) for p in ("nudge", "clue", "full")]
        assert app.tab.inner_text("#hint-title") == "No step found"
        assert len(set(words)) == 3 and all(words)
        assert not any("enabled" in w for w in words)
    finally:
        app.close()


CLASSIC_HARD = ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6..."


@pytest.fixture(scope="module")
def default_server():
    """A server with its default limits (a hint's 5 s; generate's own, --generate-timeout, 60 s)."""
    s = Served("--workers", "1")
    yield s
    s.stop()


def test_a_hard_killer_from_the_form_arrives(browser, default_server):
    # with the server's default limits: the form waits with its progress shown, and asks again when a try runs
    # out of the generate limit (a new random try, as a longer limit would be), up to 600 s
    import importlib.util

    if importlib.util.find_spec("deduce.generate") is None:
        pytest.skip("no generator")
    app = Coach(browser, default_server)
    asked: list[int] = []
    app.tab.on("response", lambda r: asked.append(r.status) if r.url.endswith("/api/generate") else None)
    try:
        app.open()
        app.tab.select_option("#new-kind", "killer")
        app.tab.select_option("#new-level", "hard")
        app.tab.click("#new")
        app.tab.wait_for_selector("#new-wait:not([hidden])")
        assert "Making a hard killer puzzle" in app.tab.inner_text("#new-wait")
        assert app.tab.is_disabled("#new")
        app.tab.wait_for_selector("#board-grid svg", timeout=620_000)
        assert asked and asked[-1] == 200 and set(asked[:-1]) <= {504}, asked
        assert app.tab.locator("#board-grid text.cage-sum").count() > 0
        assert app.tab.is_hidden("#new-wait") and not app.tab.is_disabled("#new")
        app.new_hint()
        assert app.hint_text("nudge")
    finally:
        app.close()
