"""Every variant constraint drawn in a real browser (Playwright on the system
Chromium, behind the ``browser`` marker), in the offline page (``deduce
explain --html``) and in the app of ``deduce serve`` (opened from
``/app?puzzle=<f-puzzles JSON>``): for each constraint kind a small puzzle of
``tests/data/variants/made.jsonl`` holding it, the drawn elements found in
both and measured where they are drawn (``getBBox``): a thermometer's bulb
centred on its first cell, an arrow's circle on its circle cell (a pill over
its two cells), a dot and an X or V on the edge between their two cells,
each line through the centres of its cells in its colour, a between line's
circles on its ends, outside clues (little killers, sandwiches, X-sums,
skyscrapers) beside their row or column outside the grid, the diagonals
corner to corner, an extra region's cells shaded, odd circles and even
squares in their cells, a cage without a total with no number; the
constraints without a picture (anti-knight, anti-king, non-consecutive,
disjoint groups, "all dots given") on the rule line.  The page, the app and
the server's SVG draw the same elements (one description,
:func:`deduce.render.variants.constraint_drawing`).  The app checks a digit
against a constraint, and the coach's hint from a player's position on a
thermometer puzzle names the thermometer and draws its step over it.

The clues outside the grid stay on a phone's screen and legible in the
dark theme.  One browser, one server and two tabs for the whole module
(41 tests, 40-50 s on a loaded 2-core machine, server start included).
Screenshots go to tests/artifacts/.
"""

from __future__ import annotations

import functools
import json
import math
import pathlib
import urllib.parse

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

import deduce
from deduce.constraint import kinds
from deduce.formats import read_puzzle, write_puzzle
from deduce.hint import hint, player_state
from deduce.render.html import result_html
from deduce.render.json import constraint_drawing
from deduce.render.printed import puzzle_svg
from deduce.render.svg import Layout
from deduce.state import State

from . import test_page_browser as _pages
from .serving import Served
from .test_app_browser import App
from .test_variants_play import breaking_pair

pytestmark = pytest.mark.browser

ROOT = pathlib.Path(__file__).resolve().parents[1]
MADE = ROOT / "tests" / "data" / "variants" / "made.jsonl"

browser = _pages.browser   # the same Chromium fixture as the offline page's tests


@functools.cache
def records() -> dict[str, dict]:
    out = {}
    for line in MADE.read_text().splitlines():
        if line.strip():
            rec = json.loads(line)
            out[rec["id"]] = rec
    return out


@functools.cache
def cases() -> tuple[str, ...]:
    """Per f-puzzles key of the corpus (and a pill arrow, a mix with jigsaw
    regions and cages), the smallest puzzle holding it; each puzzle once."""
    chosen: dict[str, str] = {}
    for rid, rec in sorted(records().items(), key=lambda kv: (kv[1]["size"], kv[0])):
        for key in rec["kinds"]:
            chosen.setdefault(key, rid)
    chosen["arrow-pill"] = min((r for r in records() if r.startswith("arrow-pill")),
                               key=lambda r: records()[r]["size"])
    return tuple(sorted(set(chosen.values())))


def _puzzle(rid: str):
    return read_puzzle(json.dumps(records()[rid]["fpuzzles"]))


# every element of each drawn constraint, measured by the browser (user units of the grid's SVG)
COLLECT = """sel => {
  const svg = document.querySelector(sel);
  return [...svg.querySelectorAll('g.variant')].map(g => ({
    kind: g.dataset.kind, index: +g.dataset.index, html: g.innerHTML,
    cls: g.firstElementChild ? (g.firstElementChild.getAttribute('class') || '') : '',
    parts: [...g.querySelectorAll('circle,rect,path,line,text')].map(e => {
      const b = e.getBBox(), up = e.parentElement;
      return {tag: e.tagName, cls: e.getAttribute('class') || up.getAttribute('class') || '',
              x: b.x, y: b.y, w: b.width, h: b.height, text: e.textContent,
              stroke: e.getAttribute('stroke') || up.getAttribute('stroke'),
              fill: e.getAttribute('fill') || up.getAttribute('fill')};
    })}));
}"""


@pytest.fixture(scope="module")
def server():
    s = Served("--workers", "1", "--timeout", "20")
    yield s
    s.stop()


@pytest.fixture(scope="module")
def tabs(browser, server):
    """Two tabs, each in its own context (storage): the offline page's and the app's."""
    page, app = App(browser, server), App(browser, server)
    yield page, app
    page.close()
    app.close()


def open_app(app: App, server, rid: str, fresh: bool = False) -> None:
    """The app on puzzle ``rid``; ``fresh``: with no game kept from before (a new game)."""
    src = json.dumps(records()[rid]["fpuzzles"])
    if fresh:
        app.tab.goto(server.url + "/healthz")
        app.tab.evaluate("localStorage.clear()")
    app.tab.goto(server.url + "/app?puzzle=" + urllib.parse.quote(src))
    app.tab.wait_for_selector("#board-grid svg")


# -- geometry -------------------------------------------------------------------------------------

class Geometry:
    def __init__(self, puzzle):
        self.lay = Layout(puzzle)
        self.n = puzzle.size

    def centre(self, cell: int) -> tuple[float, float]:
        x, y = self.lay.xy(cell)
        return x + self.lay.cs / 2, y + self.lay.cs / 2

    def outside(self, r: int, c: int) -> tuple[float, float]:
        """The centre of the square of an outside clue (row and column 0 or N+1)."""
        m, cs = self.lay.margin, self.lay.cs
        return m + (c - 0.5) * cs, m + (r - 0.5) * cs

    def span(self, cells) -> tuple[float, float, float, float]:
        xs, ys = zip(*(self.centre(c) for c in cells))
        return min(xs), min(ys), max(xs), max(ys)

    def in_grid(self, x: float, y: float) -> bool:
        m, side = self.lay.margin, self.n * self.lay.cs
        return m < x < m + side and m < y < m + side


def mid(part: dict) -> tuple[float, float]:
    return part["x"] + part["w"] / 2, part["y"] + part["h"] / 2


def near(a: tuple[float, float], b: tuple[float, float], tol: float = 1.0) -> bool:
    return math.dist(a, b) <= tol


def box(part: dict) -> tuple[float, float, float, float]:
    return part["x"], part["y"], part["x"] + part["w"], part["y"] + part["h"]


def same_box(a, b, tol: float = 1.0) -> bool:
    return all(abs(p - q) <= tol for p, q in zip(a, b))


def rgb(colour: str) -> tuple[int, int, int]:
    c = colour.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def check_item(c, drawn: dict, geo: Geometry) -> str:
    """The constraint ``c`` drawn where it belongs; returns what was checked (a word per kind)."""
    parts = drawn["parts"]
    kind = c.KIND
    cs = geo.lay.cs
    tags = [p["tag"] for p in parts]
    assert parts, f"{kind}: nothing drawn"
    if kind == "thermometer":
        (bulb,) = [p for p in parts if p["tag"] == "circle"]
        assert near(mid(bulb), geo.centre(c.cells[0])), f"{kind}: the bulb is not on {c.cells[0]}"
        lines = [p for p in parts if p["tag"] == "path"]
        assert all(same_box(box(p), geo.span(c.cells)) for p in lines)
        assert ("slow" in drawn["cls"]) == c.slow
        return "slow thermometer" if c.slow else "thermometer"
    if kind == "arrow":
        circles = [p for p in parts if "arrow-circle" in p["cls"]]
        if len(c.circle) == 1:
            assert [p["tag"] for p in circles] == ["circle"] and near(mid(circles[0]), geo.centre(c.circle[0]))
            assert circles[0]["w"] > 0.6 * cs
        else:  # a pill over the circle's cells
            assert circles and all(same_box(box(p), geo.span(c.circle)) for p in circles)
        shafts = [p for p in parts if "arrow-line" in p["cls"]]
        assert len(shafts) == len(c.shafts)
        for p, shaft in zip(shafts, c.shafts):
            assert same_box(box(p), geo.span(shaft))
        assert sum("arrow-head" in p["cls"] for p in parts) == 2 * len(c.shafts)
        return "arrow pill" if len(c.circle) > 1 else "arrow"
    if kind == "kropki dot":
        (dot,) = parts
        a, b = (geo.centre(x) for x in c.cells)
        assert near(mid(dot), ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)), f"{kind}: not on the edge of {c.cells}"
        assert rgb(dot["fill"]) == ((255, 255, 255) if c.kind == "difference" else (0, 0, 0))
        return "white dot" if c.kind == "difference" else "black dot"
    if kind == "XV mark":
        (letter,) = parts
        a, b = (geo.centre(x) for x in c.cells)
        assert letter["text"] == c.value
        assert near(mid(letter), ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), cs * 0.15), f"XV {c.value} off its edge"
        return "XV"
    lines = {"German whisper": lambda r, g, b: g > r + 40 and g > b + 40,   # green
             "renban": lambda r, g, b: r > g + 40 and b > g + 40,           # purple
             "palindrome": lambda r, g, b: r == g == b,                     # grey
             "between line": lambda r, g, b: r == g == b,
             "region-sum line": lambda r, g, b: b > r + 40,                 # blue
             "zipper line": lambda r, g, b: r > g,
             "entropic line": lambda r, g, b: r > b + 40}
    if kind in lines:
        (line,) = [p for p in parts if p["tag"] == "path"]
        assert same_box(box(line), geo.span(c.cells)), f"{kind}: not through its cells' centres"
        assert lines[kind](*rgb(line["stroke"])), f"{kind}: drawn in {line['stroke']}"
        if kind == "between line":
            ends = [mid(p) for p in parts if p["tag"] == "circle"]
            assert len(ends) == 2 and near(ends[0], geo.centre(c.cells[0])) and near(ends[1], geo.centre(c.cells[-1]))
        return kind
    if kind in ("little killer", "sandwich", "X-sum", "skyscraper"):
        (number,) = [p for p in parts if p["tag"] == "text"]
        assert number["text"] == str(c.value)
        x, y = mid(number)
        assert not geo.in_grid(x, y), f"{kind}: its clue is inside the grid"
        assert near((x, y), geo.outside(*c.clue), cs * 0.5), f"{kind}: its clue is not beside {c.clue}"
        if kind == "little killer":  # its arrow points into the grid, along the diagonal
            heads = [p for p in parts if p["tag"] == "path"]
            assert heads and all(not geo.in_grid(*mid(p)) for p in heads)
        return kind
    if kind == "diagonal":
        (line,) = parts
        m, side = geo.lay.margin, geo.n * cs
        assert same_box(box(line), (m, m, m + side, m + side)), "a diagonal is not corner to corner"
        return "diagonal"
    if kind == "extra region":
        assert set(tags) == {"rect"}
        assert sorted((p["x"], p["y"]) for p in parts) == sorted(geo.lay.xy(x) for x in c.cells)
        return "extra region"
    if kind == "parity":
        (mark,) = parts
        assert mark["tag"] == ("circle" if c.kind == "odd" else "rect") and near(mid(mark), geo.centre(c.cell))
        assert mark["w"] < cs
        return c.kind
    if kind == "cage without a total":
        assert "text" not in tags and set(tags) == {"line"}
        xs = [v for p in parts for v in (p["x"], p["x"] + p["w"])]
        ys = [v for p in parts for v in (p["y"], p["y"] + p["h"])]
        corners = [geo.lay.xy(x) for x in c.cells]
        assert min(xs) >= min(x for x, _ in corners) and max(xs) <= max(x for x, _ in corners) + cs
        assert min(ys) >= min(y for _, y in corners) and max(ys) <= max(y for _, y in corners) + cs
        return "cage without a total"
    raise AssertionError(f"no geometry check for {kind!r}: add one")


@pytest.fixture(scope="module")
def seen_kinds():
    return set()


@pytest.mark.parametrize("rid", cases())
def test_drawn_in_page_and_app(tabs, server, seen_kinds, rid):
    page, app = tabs
    puzzle = _puzzle(rid)
    geo = Geometry(puzzle)
    drawing = constraint_drawing(puzzle)
    pictured = [c for c in puzzle.constraints if c.svg(puzzle, geo.lay)]
    page.tab.set_content(result_html(deduce.solve(puzzle)))
    open_app(app, server, rid)
    in_page = page.tab.evaluate(COLLECT, "#grid svg")
    in_app = app.tab.evaluate(COLLECT, "#board-grid svg")
    assert [d["kind"] for d in in_page] == [c.KIND for c in pictured]
    # the page and the app draw the same elements, and the server's SVG too
    assert [d["html"] for d in in_app] == [d["html"] for d in in_page]
    assert [(d["kind"], d["parts"]) for d in in_app] == [(d["kind"], d["parts"]) for d in in_page]
    svg = puzzle_svg(puzzle)
    assert all(item["svg"] in svg for item in drawing["items"])
    for c, drawn in zip(pictured, in_page):
        seen_kinds.add(check_item(c, drawn, geo))
    # the constraints without a picture are on the rule line, in both
    for tab in (page, app):
        assert tab.tab.is_hidden("#rules") == (not drawing["rules"])
        line = tab.tab.inner_text("#rules")
        assert all(rule in line for rule in drawing["rules"])
    seen_kinds.update(c.KIND for c in puzzle.constraints if not c.svg(puzzle, geo.lay))
    assert not page.errors and not app.errors, page.errors + app.errors
    if rid in ("thermometer-3", "arrow-pill-3", "littlekillersum-3", "betweenline-3"):
        app.shot(f"variant-{rid}")
        page.tab.screenshot(path=str(ROOT / "tests" / "artifacts" / f"page-variant-{rid}.png"), full_page=True)


def test_every_kind_drawn(seen_kinds):
    """After the cases above: every built-in constraint kind was measured (or is on the rule line)."""
    if not seen_kinds:
        pytest.skip("the drawing cases did not run")
    want = {"thermometer", "slow thermometer", "arrow", "arrow pill", "white dot", "black dot", "XV",
            "German whisper", "renban", "palindrome", "between line", "region-sum line", "zipper line",
            "entropic line", "little killer", "sandwich", "X-sum", "skyscraper", "diagonal", "extra region",
            "odd", "even", "cage without a total", "anti-knight", "anti-king", "non-consecutive",
            "disjoint groups", "negative kropki", "negative XV"}
    assert want <= seen_kinds, sorted(want - seen_kinds)
    assert {k.KIND for k in kinds() if k.__module__.startswith("strategies.variants")} <= seen_kinds | {
        "kropki dot", "XV mark", "parity"}


@pytest.mark.parametrize("rid", ["thermometer-3", "difference-3", "nonconsecutive-2", "odd-even-3"])
def test_app_checks_digits_against_constraints(tabs, server, rid):
    """Digits that break a thermometer, a dot, the non-consecutive rule or an odd/even cell (and clash with
    nothing in their row, column or box) show as clashes; cleared, the clashes go."""
    _, app = tabs
    puzzle = _puzzle(rid)
    rel = next((r for r in puzzle.relations if puzzle.givens[r.a] < 0 and puzzle.givens[r.b] < 0), None)
    if rel is not None:
        x, y = breaking_pair(puzzle, rel)
        moves = {rel.a: x, rel.b: y}
    else:  # an odd or even cell holding the other kind
        cell, mask = next((c, m) for c, m in puzzle.unary.items() if puzzle.givens[c] < 0)
        moves = {cell: next(s for s in range(puzzle.size) if not mask >> s & 1 and
                            all(puzzle.givens[p] != s for p in puzzle.peers[cell]))}
    open_app(app, server, rid, fresh=True)
    for cell, s in moves.items():
        app.tab.click(f"#cell-{cell}", force=True)
        app.tab.keyboard.press(puzzle.symbols[s])
    clashed = app.tab.eval_on_selector_all("#board-grid text.clash", "ts => ts.length")
    labels = [app.tab.get_attribute(f"#cell-{c}", "aria-label") for c in moves]
    assert clashed == len(moves), labels
    assert all("clashes with the " in label for label in labels), labels
    for cell in moves:
        app.tab.click(f"#cell-{cell}", force=True)
        app.tab.keyboard.press("Backspace")
    assert app.tab.eval_on_selector_all("#board-grid text.clash", "ts => ts.length") == 0
    assert not app.errors, app.errors


@pytest.mark.parametrize("fmt", ["fpuzzles-link", "sudokupad-link"])
def test_app_opens_a_pasted_link(tabs, server, fmt):
    """A variant pasted as an f-puzzles or SudokuPad link opens with its constraints drawn."""
    _, app = tabs
    puzzle = _puzzle("thermometer-3")
    app.tab.goto(server.url + "/healthz")
    app.tab.evaluate("localStorage.clear()")
    app.tab.goto(server.url + "/app")
    app.tab.fill("#paste", write_puzzle(puzzle, fmt))
    app.tab.click("#open")
    app.tab.wait_for_selector("#board-grid svg")
    drawn = app.tab.evaluate(COLLECT, "#board-grid svg")
    assert [d["kind"] for d in drawn] == [c.KIND for c in puzzle.constraints]
    assert not app.errors, app.errors


def _position_before_constraint_step(puzzle):
    """The digits of the solve's position where the coach's next hint is a constraint's own step."""
    result = deduce.solve(puzzle)
    state = State.from_puzzle(puzzle)
    for step in result.steps:
        digits = "".join(puzzle.symbols[v] if v >= 0 else "." for v in state.value)
        if step.technique.family == "variants":
            h = hint(player_state(puzzle, digits), None, puzzle)
            if h.step is not None and h.step.technique.family == "variants":
                return digits, h.step
        state.apply(step)
    raise AssertionError("no position whose hint is the thermometer's")


def test_coach_hints_on_a_variant_from_the_players_position(tabs, server):
    _, app = tabs
    rid = "thermometer-3"
    puzzle = _puzzle(rid)
    digits, step = _position_before_constraint_step(puzzle)
    open_app(app, server, rid, fresh=True)
    for cell, ch in enumerate(digits):   # the player's own digits, typed in
        if ch != "." and puzzle.givens[cell] < 0:
            app.tab.click(f"#cell-{cell}", force=True)
            app.tab.keyboard.press(ch)
    assert app.tab.locator("#board-grid rect.clash").count() == 0
    app.tab.click("#hint")
    app.tab.wait_for_selector("#hint-nudge:not([hidden])")
    for _ in range(3):   # the clue, the explanation, the step on the grid
        app.tab.click("#hint-more")
    title = app.tab.inner_text("#hint-title")
    words = app.tab.inner_text("#hint-full")
    assert step.technique.name in title and "thermometer" in words, (title, words)
    label = puzzle.constraints[step.detail("constraint")].label(puzzle)
    assert label in words
    # the step's picture is drawn over the constraint: its cells shaded, the thermometer still drawn
    assert app.tab.locator("#board-grid g.variant[data-kind=thermometer]").count() >= 1
    shaded = app.tab.eval_on_selector_all("#board-grid rect[data-cell]", "rs => rs.map(r => +r.dataset.cell)")
    assert set(puzzle.constraints[step.detail("constraint")].cells) <= set(shaded)
    app.shot("variant-coach")
    assert not app.errors, app.errors


def luminance(css: str) -> float:
    """The relative luminance of a computed colour ``rgb(r, g, b)``."""
    r, g, b = (int(v) / 255 for v in css[css.index("(") + 1:css.index(")")].split(",")[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_outside_clues_on_a_phone(browser, server, scheme):
    """On a 375 px phone, light or dark, the clues outside the grid are on screen (no sideways scroll) and
    legible: far lighter or darker than the ground behind them."""
    app = App(browser, server, width=375, height=800, scheme=scheme)
    try:
        open_app(app, server, "littlekillersum-3")
        assert app.tab.evaluate("document.documentElement.scrollWidth") <= 375
        clues = app.tab.eval_on_selector_all("#board-grid g.variant text", """ts => ts.map(t => {
            const r = t.getBoundingClientRect(); return [r.left, r.right, getComputedStyle(t).fill]; })""")
        ground = app.tab.eval_on_selector("#board-grid svg rect", "r => getComputedStyle(r).fill")
        assert clues and all(left >= 0 and right <= 375 for left, right, _ in clues)
        assert all(abs(luminance(fill) - luminance(ground)) > 0.5 for _, _, fill in clues), (ground, clues)
        app.shot(f"variant-phone-{scheme}")
    finally:
        app.close()
