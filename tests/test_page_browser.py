"""The learner's page in a real browser: Playwright driving the system
Chromium (``.ci/run`` installs it; Playwright's own browser download is not
used).  Pages of a classic, a jigsaw and the killer example: stepping with
the keys and the buttons, revealing the levels one by one, the drawn links
of a chain step and of an XYZ-wing, a candidate with two roles split in
two colours, role colours, no console errors, no horizontal scroll at
375 px.  Screenshots go to tests/artifacts/ (gitignored).

Runs behind the ``browser`` marker; skips when Playwright or Chromium is
missing.
"""

from __future__ import annotations

import functools
import pathlib
import shutil

import pytest

import deduce
from deduce.formats import read_puzzle
from deduce.render.html import page_data, result_html
from deduce.render.marks import ROLES
from deduce.showcase import SHOWCASE

from .test_aic_steps import GROUPED, LOOP

pytestmark = pytest.mark.browser

ROOT = pathlib.Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "tests" / "artifacts"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]

# janko.at jigsaw 559 (a 9×9 with fish and the law of leftovers in its solve)
JIGSAW = """9 9
- - - - - 3 8 - 6
- - - - - - - - -
9 - - 6 - 7 - - -
7 - 9 - - - 4 - -
- 5 - - - - - 4 -
- - 1 - - - 7 - 2
- - - 8 - 1 - - 3
- - - - - - - - -
5 - 6 4 - - - - -
9 9 4 4 4 4 4 4 4
9 9 9 9 7 7 3 3 4
9 9 9 7 7 3 3 3 4
7 7 7 7 5 3 3 3 3
7 5 5 5 5 5 5 5 2
8 8 8 8 5 2 2 2 2
6 8 8 8 2 2 1 1 1
6 8 8 2 2 1 1 1 1
6 6 6 6 6 6 6 1 1
"""


def _chromium() -> str | None:
    for name in ("/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if pathlib.Path(name).exists():
            return name
    return shutil.which("chromium") or shutil.which("chromium-browser")


@functools.cache
def puzzles() -> dict:
    classic = next(t for label, t, _ in SHOWCASE if label == "hidden triple")
    wings = next(t for label, t, _ in SHOWCASE if label == "BUG types 3 and 4")  # has an XYZ-wing
    return {
        "classic": read_puzzle(classic),
        "wings": read_puzzle(wings),
        "jigsaw": read_puzzle(JIGSAW, "janko-jigsaw"),
        "killer": read_puzzle((ROOT / "examples" / "killer_45.json").read_text()),
        "nishio": read_puzzle(next(t for label, t, _ in SHOWCASE if label == "Nishio")),
        "loop": read_puzzle(LOOP),  # an AIC that is a continuous loop (five eliminations)
        "grouped": read_puzzle(GROUPED),  # grouped AICs through almost locked sets
    }


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    out = {}
    folder = tmp_path_factory.mktemp("pages")
    for name, puzzle in puzzles().items():
        result = deduce.solve(puzzle)
        path = folder / f"{name}.html"
        path.write_text(result_html(result), encoding="utf-8")
        out[name] = (path.as_uri(), page_data(result, name))
    return out


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


class Page:
    """A browser tab on one page, collecting console errors."""

    def __init__(self, browser, url: str, width: int):
        self.tab = browser.new_page(viewport={"width": width, "height": 900})
        self.errors: list[str] = []
        self.tab.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.tab.on("pageerror", lambda e: self.errors.append(str(e)))
        self.tab.goto(url)

    def where(self) -> str:
        return self.tab.inner_text("#where")

    def hidden(self, sel: str) -> bool:
        return self.tab.eval_on_selector(sel, "e => e.hidden")

    def shot(self, name: str) -> None:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        self.tab.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)

    def close(self) -> None:
        self.tab.close()


def _first(data: dict, test) -> int:
    return next(i for i, s in enumerate(data["steps"], 1) if test(s))


@pytest.mark.parametrize("name", ["classic", "jigsaw", "killer"])
def test_stepping_and_revealing(browser, pages, name):
    url, data = pages[name]
    n = len(data["steps"])
    page = Page(browser, url, 1200)
    try:
        assert page.where() == "Start"
        page.tab.keyboard.press("ArrowRight")
        assert page.where() == f"Step 1 of {n}" and page.tab.evaluate("location.hash") == "#step-1"
        page.tab.click("#next")
        assert page.where() == f"Step 2 of {n}"
        page.tab.keyboard.press("ArrowLeft")
        assert page.where() == f"Step 1 of {n}"
        page.tab.click("#prev")
        assert page.where() == "Start"
        # the first step that removes candidates, revealed level by level
        k = _first(data, lambda s: any(r == "eliminated" for _, _, r in s["m"]["k"]))
        page.tab.click(f'#step-list a[data-pos="{k}"]')
        assert page.where() == f"Step {k} of {n}" and page.tab.evaluate("location.hash") == f"#step-{k}"
        step = data["steps"][k - 1]
        assert page.tab.inner_text("#nudge") == step["nudge"]
        assert page.hidden("#clue") and page.hidden("#full")
        assert page.tab.locator("#grid .eliminated").count() == 0
        page.tab.click("#reveal")
        assert not page.hidden("#clue") and page.hidden("#full")
        assert page.tab.inner_text("#clue") == step["clue"]
        page.tab.keyboard.press("ArrowDown")
        assert not page.hidden("#full")
        assert page.tab.eval_on_selector("#full", "e => e.textContent") == step["text"]
        assert page.tab.locator("#grid .eliminated").count() == 0
        page.tab.click("#reveal")
        assert page.tab.locator("#grid .eliminated").count() == sum(r == "eliminated" for _, _, r in step["m"]["k"])
        assert page.tab.is_disabled("#reveal")
        page.shot(f"{name}-step-{k}")
        # a step link opens the step; the next step starts again at its nudge
        page.tab.keyboard.press("ArrowRight")
        assert page.hidden("#clue")
        page.tab.goto(url.split("#")[0] + f"#step-{n}")
        page.tab.reload()
        assert page.where() == f"Step {n} of {n}"
        page.tab.keyboard.press("ArrowRight")
        assert page.where() == "End"
        assert page.errors == []
    finally:
        page.close()


def test_a_chain_step_draws_its_links_and_role_colours(browser, pages):
    url, data = pages["classic"]
    k = _first(data, lambda s: s["code"] == "aic")
    step = data["steps"][k - 1]
    page = Page(browser, f"{url}#step-{k}", 1200)
    try:
        assert page.tab.locator("#grid path.link").count() == 0  # nudge: nothing drawn yet
        page.tab.click("#reveal")
        page.tab.click("#reveal")
        links = page.tab.locator("#grid path.link")
        assert links.count() == len(step["m"]["l"]) > 0
        strong = page.tab.locator("#grid path.link.strong")
        weak = page.tab.locator("#grid path.link.weak")
        assert strong.count() == sum(1 for link in step["m"]["l"] if link[4])
        assert weak.count() == links.count() - strong.count()
        assert all(weak.nth(i).get_attribute("stroke-dasharray") for i in range(weak.count()))
        assert all(strong.nth(i).get_attribute("stroke-dasharray") is None for i in range(strong.count()))
        assert all(links.nth(i).get_attribute("marker-end") for i in range(links.count()))
        on = page.tab.locator("#grid circle.cand-on").first
        assert on.get_attribute("fill") == ROLES["on"][0]
        assert page.tab.locator('#legend [data-role="on"]').count() == 1
        page.shot("classic-chain")
        assert page.errors == []
    finally:
        page.close()


@pytest.mark.parametrize("name", ["loop", "grouped"])
def test_one_chain_is_one_step_drawn_as_its_words_say(browser, pages, name):
    """One step per chain with all its eliminations, the Eureka notation in
    the words, each line in the style of its link, and a legend that says
    what each style means."""
    url, data = pages[name]
    k = _first(data, lambda s: s["code"] in ("aic", "grouped-aic") and "=" in s["text"].split("\n")[0]
               and sum(r == "eliminated" for _, _, r in s["m"]["k"]) >= (5 if name == "loop" else 2))
    step = data["steps"][k - 1]
    eureka = step["text"].split("\n")[0].split(": ", 1)[1].split("  ")[0]
    page = Page(browser, f"{url}#step-{k}", 1200)
    try:
        for _ in range(3):
            page.tab.click("#reveal")
        full = page.tab.inner_text("#full")
        assert eureka in full and "\nIf " in full and "suppose" not in full
        kinds = ["strong" if link[4] else link[6] or "weak" for link in step["m"]["l"]]
        dashes = {"strong": None, "weak": "5 4", "als": "1.5 3"}
        for kind in ("strong", "weak", "als"):
            drawn = page.tab.locator(f"#grid path.link.{kind}")
            assert drawn.count() == kinds.count(kind), kind
            assert all(drawn.nth(i).get_attribute("stroke-dasharray") == dashes[kind] for i in range(drawn.count()))
            legend = page.tab.locator(f"#legend .link-{kind}")
            assert legend.count() == (1 if kind in kinds else 0), kind
        if "strong" in kinds:
            assert "if one is false, the other is true" in page.tab.inner_text("#legend .link-strong")
        assert "if one is true, the other is false" in page.tab.inner_text("#legend .link-weak")
        assert name == "loop" or "als" in kinds
        if "als" in kinds:
            assert "almost locked set" in page.tab.inner_text("#legend .link-als")
        # every elimination of the one chain, struck out on the grid
        assert page.tab.locator("#grid .eliminated").count() == sum(r == "eliminated" for _, _, r in step["m"]["k"])
        page.shot(f"{name}-chain")
        assert page.errors == []
    finally:
        page.close()


def _two_roles(step: dict) -> list[tuple[int, int, list[str]]]:
    roles: dict[tuple[int, int], list[str]] = {}
    for c, s, r in step["m"]["k"]:
        if r not in ("eliminated", "placed"):
            roles.setdefault((c, s), []).append(r)
    return [(c, s, r) for (c, s), r in roles.items() if len(r) > 1]


def test_a_candidate_with_two_roles_is_split_on_the_page(browser, pages):
    """A chain whose links branch (a net, in its forcing-chain form) that
    assumes a candidate and ends on its opposite: the candidate is both true
    and false, drawn as a disc split in two colours.  (An AIC is one strand:
    no candidate has two roles there.)"""
    url, data = pages["nishio"]
    k = _first(data, lambda s: s["code"] in ("grouped-aic", "aic", "nishio") and _two_roles(s))
    (cell, sym, roles), *_ = _two_roles(data["steps"][k - 1])
    page = Page(browser, f"{url}#step-{k}", 1200)
    try:
        page.tab.click("#reveal")
        page.tab.click("#reveal")
        halves = page.tab.locator(f'#grid path[data-cand="{cell}:{sym}"]')
        assert halves.count() == len(roles) == 2
        for i, role in enumerate(roles):
            assert halves.nth(i).get_attribute("class") == f"cand-{role}"
            assert halves.nth(i).get_attribute("fill") == ROLES[role][0]
        assert page.tab.locator(f'#grid circle.cand-split[data-cand="{cell}:{sym}"]').count() == 1
        # the left half is left of the candidate's centre, the right half right of it
        boxes = [halves.nth(i).bounding_box() for i in range(2)]
        assert boxes[0]["x"] + boxes[0]["width"] <= boxes[1]["x"] + 1
        for role in roles:
            assert page.tab.locator(f'#legend [data-role="{role}"]').count() == 1
        assert "both roles" in page.tab.inner_text("#legend .split-note")
        page.shot("classic-two-roles")
        assert page.errors == []
    finally:
        page.close()


def test_an_xyz_wing_links_its_pivot_to_its_pincers(browser, pages):
    url, data = pages["wings"]
    k = _first(data, lambda s: s["code"] == "xyz-wing")
    step = data["steps"][k - 1]
    page = Page(browser, f"{url}#step-{k}", 1200)
    try:
        page.tab.click("#reveal")
        assert page.tab.locator("#grid rect.pivot").count() == 1
        assert page.tab.locator("#grid rect.pincer").count() == 2
        assert page.tab.locator("#grid path.link").count() == 0  # the clue shows the cells, not yet the links
        page.tab.click("#reveal")
        assert page.tab.locator("#grid path.link").count() == len(step["m"]["l"]) == 4
        assert page.tab.locator("#grid path.link.strong").count() == 2
        assert page.tab.locator("#grid path.link.weak").count() == 2
        assert page.tab.locator('#grid [data-cand].cand-z').count() == 3  # pivot's and pincers' z
        assert "strong link" in page.tab.inner_text("#legend") and "weak link" in page.tab.inner_text("#legend")
        page.shot(f"xyz-wing-step-{k}")
        assert page.errors == []
    finally:
        page.close()


def test_fish_and_cage_roles_are_coloured(browser, pages):
    url, data = pages["jigsaw"]
    k = _first(data, lambda s: "fish" in s["name"].lower() or "wing" in s["name"].lower())
    page = Page(browser, f"{url}#step-{k}", 1200)
    try:
        page.tab.click("#reveal")
        base = page.tab.locator("#grid rect.base").first
        assert base.get_attribute("fill") == ROLES["base"][0]
        assert page.tab.locator("#grid rect.cover").count() > 0
        page.shot(f"jigsaw-fish-step-{k}")
        assert page.errors == []
    finally:
        page.close()
    url, data = pages["killer"]
    k = _first(data, lambda s: s["code"] in ("innie", "innies-outies"))
    page = Page(browser, f"{url}#step-{k}", 1200)
    try:
        page.tab.click("#reveal")
        cage = page.tab.locator('#grid g.cage[data-role="cage"]').first
        assert cage.get_attribute("stroke") == ROLES["cage"][0]
        page.tab.click("#reveal")   # the innie or outie is the answer's cell: shaded from the explanation on
        assert page.tab.locator("#grid rect.innie, #grid rect.outie").count() > 0
        page.shot(f"killer-innie-step-{k}")
        assert page.errors == []
    finally:
        page.close()


@pytest.mark.parametrize("name", ["classic", "jigsaw", "killer"])
def test_no_horizontal_scroll_at_375_px(browser, pages, name):
    url, data = pages[name]
    k = _first(data, lambda s: s["m"]["l"] or s["m"]["g"] or not s["fold"])
    page = Page(browser, f"{url}#step-{k}", 375)
    try:
        page.tab.check("#show-all")
        assert page.tab.evaluate("document.documentElement.scrollWidth") <= 375
        grid = page.tab.locator("#grid svg").bounding_box()
        assert grid["width"] <= 375 and grid["x"] >= 0
        page.shot(f"{name}-375px")
        assert page.errors == []
    finally:
        page.close()


# -- the faults of issue #32 item 4 that live in the page's own code --------------------------------

def test_keys_do_one_thing_whatever_was_clicked_last(browser, pages):
    url, data = pages["classic"]
    n = len(data["steps"])
    page = Page(browser, f"{url}#step-2", 1200)
    try:
        page.tab.click("#next")                 # the mouse: the button keeps no focus
        assert page.where() == f"Step 3 of {n}"
        page.tab.keyboard.press(" ")            # space shows the next level, never "Next" again
        assert page.where() == f"Step 3 of {n}" and not page.hidden("#clue")
        page.tab.keyboard.press("Enter")
        assert page.where() == f"Step 3 of {n}"
        page.tab.click("#show-all")             # ticking the box: the arrows still step
        assert page.tab.is_checked("#show-all")
        page.tab.keyboard.press("ArrowRight")
        assert page.where() == f"Step 4 of {n}"
        page.tab.keyboard.press("ArrowLeft")
        assert page.where() == f"Step 3 of {n}"
        assert page.errors == []
    finally:
        page.close()


def test_the_clue_points_to_the_place_without_shading_the_answer(browser, pages):
    for name, test in (("classic", lambda s: s["code"] == "hs"),
                       ("killer", lambda s: s["code"] in ("innie", "innies-outies", "outie"))):
        url, data = pages[name]
        k = _first(data, test)
        step = data["steps"][k - 1]
        answer = {c for c, _, r in step["m"]["k"] if r in ("placed", "eliminated")}
        page = Page(browser, f"{url}#step-{k}", 1200)
        try:
            page.tab.click("#reveal")   # the clue
            assert not page.hidden("#clue")
            assert page.tab.locator("#grid rect.house, #grid g.cage[data-role]").count() > 0   # the place
            for cell in answer:
                assert page.tab.locator(f'#grid rect[data-cell="{cell}"]').count() == 0, (name, cell)
            page.tab.click("#reveal")   # the explanation shades it
            assert any(page.tab.locator(f'#grid rect[data-cell="{cell}"]').count() for cell in answer) or \
                not any(c in answer for c, _ in step["m"]["c"])
            assert page.errors == []
        finally:
            page.close()


def test_the_step_list_follows_the_current_step(browser, pages):
    url, data = pages["classic"]
    n = len(data["steps"])
    page = Page(browser, f"{url}#step-{n - 1}", 1200)
    try:
        page.tab.keyboard.press("ArrowRight")
        current = page.tab.locator("#step-list a.current").bounding_box()
        box = page.tab.locator("#step-list").bounding_box()
        assert box["y"] - 1 <= current["y"] and current["y"] + current["height"] <= box["y"] + box["height"] + 1
        assert page.errors == []
    finally:
        page.close()


def test_the_legend_draws_what_the_grid_draws(browser, pages):
    url, data = pages["classic"]
    k = _first(data, lambda s: any(r == "eliminated" for _, _, r in s["m"]["k"]))
    page = Page(browser, f"{url}#step-{k}", 1200)
    try:
        page.tab.check("#show-all")
        mark = page.tab.locator("#grid circle.eliminated-mark").first
        swatch = page.tab.locator('#legend [data-role="eliminated"] svg')
        assert swatch.locator("line").count() == 1   # struck through, as on the grid
        circle = swatch.locator("circle")
        for attr in ("fill", "stroke", "fill-opacity"):
            assert circle.get_attribute(attr) == mark.get_attribute(attr)
        assert page.errors == []
    finally:
        page.close()


def test_a_technique_s_name_opens_its_definition(browser, pages):
    url, data = pages["classic"]
    k = _first(data, lambda s: not s["fold"])
    step = data["steps"][k - 1]
    page = Page(browser, f"{url}#step-{k}", 1200)
    try:
        assert page.hidden("#definition")
        page.tab.click("#step-title a.technique")
        text = page.tab.inner_text("#definition")
        assert not page.hidden("#definition") and text.startswith(f"{step['name']} ({step['code']})")
        assert page.errors == []
    finally:
        page.close()


@pytest.mark.parametrize("name", ["classic", "killer"])
def test_a_phone_shows_grid_and_step_text_on_one_screen(browser, pages, name):
    url, data = pages[name]
    k = _first(data, lambda s: not s["fold"])
    page = Page(browser, f"{url}#step-{k}", 375)
    try:
        page.tab.set_viewport_size({"width": 375, "height": 800})
        page.tab.evaluate("window.scrollTo(0, 0)")
        grid = page.tab.locator("#grid svg").bounding_box()
        for sel in ("#nudge", "#reveal", "#next"):
            box = page.tab.locator(sel).bounding_box()
            assert box["y"] >= 0 and box["y"] + box["height"] <= 800, sel
        assert grid["y"] >= 0 and grid["y"] + grid["height"] <= 800
        # candidates legible, and cage sums clear of them
        sizes = page.tab.eval_on_selector_all("#grid text.candidate",
                                              "ts => ts.map(t => t.getBoundingClientRect().height)")
        assert sizes and min(sizes) >= 9
        overlaps = page.tab.evaluate("""() => {
            const sums = [...document.querySelectorAll('#grid text.cage-sum')].map(t => t.getBoundingClientRect());
            const cands = [...document.querySelectorAll('#grid text.candidate')].map(t => t.getBoundingClientRect());
            return sums.filter(a => cands.some(b => a.left < b.right && b.left < a.right &&
                                                     a.top < b.bottom && b.top < a.bottom)).length;
        }""")
        assert overlaps == 0
        page.shot(f"{name}-phone-step-{k}")
        assert page.errors == []
    finally:
        page.close()
