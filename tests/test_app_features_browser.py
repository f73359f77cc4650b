"""The app's features of issue 45 (items 4 and 5) in a real browser (Playwright on the
system Chromium, behind the ``browser`` marker) against a running ``deduce serve``:
the player's colours kept across a reload and undone by Undo; two games kept and
resumed; a shared link that opens the same position with its marks and colours, and
the SudokuPad export with the player's digits; the timer kept on reload and paused;
the print sheet (Playwright's PDF with print media, its text read back with pypdf)
holding the givens, and the solve's steps when asked; the dark theme's digits at a
contrast ratio of 4.5:1 or more (computed here from the computed styles); a technique's
page opened from a hint (an X-wing, a grouped AIC, a forcing chain, a killer's and a
variant's technique), its "practise this" giving a position of the practice bank where
that technique is the first step (checked with deduce's own solver, and by the hint
there), and "A new one" the generator's (every technique's practice answer is checked
without a browser, tests/test_app_study.py); Rate naming the path
it follows and stepping through it from its hardest step.  Screenshots go to
tests/artifacts/."""

from __future__ import annotations

import base64
import collections
import io
import json
import re
import time
import urllib.parse

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from . import test_page_browser as _pages
from .serving import Served
from .test_page_browser import ARTIFACTS

pytestmark = pytest.mark.browser

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
OTHER = "5.4.........1..8..68...2.5....231....4....2.5..3.4...83.6.......5.67..2.......97."
XCHAIN = ".5...4......6.....172.5.4..........2...12.3.......3974..8.3...974....13.62.9....."

browser = _pages.browser


@pytest.fixture(scope="module")
def server():
    # a short time limit: "A new one" gives the generator 60% of it, then the practice bank answers
    s = Served("--workers", "2", "--timeout", "4")
    yield s
    s.stop()


class App:
    def __init__(self, browser, server, width: int = 1280, height: int = 900, scheme: str = "light"):
        self.server = server
        self.context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme)
        self.tab = self.context.new_page()
        self.errors: list[str] = []
        self.tab.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.tab.on("pageerror", lambda e: self.errors.append(str(e)))

    def open(self, puzzle: str) -> None:
        self.tab.goto(self.server.url + "/?p=" + urllib.parse.quote(puzzle))
        self.tab.wait_for_selector("#board-grid svg")

    def goto(self, url: str) -> None:
        self.tab.goto(url)
        self.tab.wait_for_selector("#board-grid svg")

    def reload(self) -> None:
        self.tab.reload()
        self.tab.wait_for_selector("#board-grid svg")

    def game(self) -> dict:
        return self.tab.evaluate("JSON.parse(localStorage.getItem('deduce-app-game'))")

    def cell(self, k: int) -> None:
        self.tab.click(f"#cell-{k}")

    def labels(self) -> list[str]:
        return self.tab.eval_on_selector_all("#board-grid rect.hit", "rs => rs.map(r => r.getAttribute('aria-label'))")

    def colours(self) -> tuple[dict, dict]:
        cells = self.tab.eval_on_selector_all(
            "#board-grid rect.player-colour", "rs => rs.map(r => [r.getAttribute('x') + ',' + r.getAttribute('y'), "
            "r.getAttribute('data-colour')])")
        cands = self.tab.eval_on_selector_all(
            "#board-grid circle.player-colour-cand", "cs => cs.map(c => [c.getAttribute('data-cand'), "
            "c.getAttribute('data-colour')])")
        return dict(cells), dict(cands)

    def shot(self, name: str) -> None:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        self.tab.screenshot(path=str(ARTIFACTS / f"app-features-{name}.png"), full_page=True)

    def close(self) -> None:
        assert self.errors == []
        self.context.close()


def until(tab, js: str, timeout: float = 10) -> None:
    """Wait until ``js`` is true (polled: the app's CSP forbids the eval that wait_for_function needs)."""
    deadline = time.monotonic() + timeout
    while not tab.evaluate(js):
        assert time.monotonic() < deadline, f"never true: {js}"
        tab.wait_for_timeout(100)


def solution(server, puzzle: str) -> str:
    code, doc = server.post("solve", {"puzzle": puzzle})
    assert code == 200
    return doc["solution"]


def first_empty(puzzle: str, after: int = 0) -> int:
    return next(k for k, ch in enumerate(puzzle) if ch == "." and k >= after)


def test_colours_kept_across_reload_and_undone_by_undo(browser, server):
    app = App(browser, server)
    try:
        app.open(EASY)
        app.tab.click("#fill")
        app.cell(0)
        app.tab.click("#colours-toggle")
        app.tab.click("#colours [data-colour='1']")
        k = first_empty(EASY, 10)
        app.cell(k)
        app.tab.click("#colour-cands")
        app.tab.click("#colours [data-colour='3']")
        cand = app.labels()[k].split("candidates ")[1].split()[0]
        app.tab.click(f"#pad [data-sym='{int(cand) - 1}']")
        cells, cands = app.colours()
        assert list(cells.values()) == ["1"] and cands == {f"{k}:{int(cand) - 1}": "3"}
        assert app.labels()[0].endswith(", coloured yellow")   # the screen reader hears it too
        app.shot("colours")
        app.reload()
        assert app.colours() == (cells, cands)
        assert app.game()["colours"] == {"cell": {"0": 1}, "cand": {f"{k}:{int(cand) - 1}": 3}}
        app.tab.click("#undo")   # the candidate's colour
        assert app.colours() == (cells, {})
        app.tab.click("#undo")   # the cell's
        assert app.colours() == ({}, {})
        app.tab.click("#redo")
        assert app.colours() == (cells, {})
        app.tab.click("#undo")
        app.reload()
        assert app.colours() == ({}, {})
        # Alt and a digit colours the selected cell from the keyboard; the same again takes it off
        app.cell(40)
        app.tab.keyboard.press("Alt+3")
        assert list(app.colours()[0].values()) == ["2"]
        app.tab.keyboard.press("Alt+3")
        assert app.colours()[0] == {}
    finally:
        app.close()


def test_two_games_kept_and_resumed(browser, server):
    app = App(browser, server)
    try:
        sol_a, sol_b = solution(server, EASY), solution(server, OTHER)
        app.open(EASY)
        a = first_empty(EASY)
        app.cell(a)
        app.tab.keyboard.press(sol_a[a])
        app.tab.click("#open-box summary")
        app.tab.fill("#paste", OTHER)
        app.tab.click("#open")
        until(app.tab, f"document.querySelector('#cell-0').getAttribute('aria-label') === 'r1c1, given {OTHER[0]}'")
        b = first_empty(OTHER)
        assert app.labels()[b].endswith("empty")
        app.cell(b)
        app.tab.keyboard.press(sol_b[b])
        app.tab.click("#games-box summary")
        items = app.tab.locator("#games-list li")
        assert items.count() == 2
        assert "1 of" in items.nth(0).inner_text() and "1 of" in items.nth(1).inner_text()
        app.shot("games")
        app.tab.click("#games-list li:nth-child(2) .game-open")   # the first game again
        until(app.tab, f"document.querySelector('#cell-{a}').getAttribute('aria-label') === "
                                  f"'r{a // 9 + 1}c{a % 9 + 1}, {sol_a[a]}'")
        assert app.game()["src"] == EASY
        app.reload()   # and after a reload, the other one is still kept
        app.tab.click("#games-box summary")
        app.tab.click("#games-list li:nth-child(2) .game-open")
        until(app.tab, f"document.querySelector('#cell-{b}').getAttribute('aria-label') === "
                                  f"'r{b // 9 + 1}c{b % 9 + 1}, {sol_b[b]}'")
    finally:
        app.close()


def test_a_shared_link_opens_the_same_position_with_its_marks_and_the_export_carries_the_digits(browser, server):
    from deduce.formats.lzstring import decompress_from_base64

    app = App(browser, server)
    other = App(browser, server)   # another browser: its own, empty storage
    try:
        sol = solution(server, EASY)
        app.open(EASY)
        app.tab.click("#fill")
        a = first_empty(EASY)
        app.cell(a)
        app.tab.keyboard.press(sol[a])
        b = first_empty(EASY, a + 1)
        app.cell(b)
        mark = app.labels()[b].split("candidates ")[1].split()[-1]
        app.tab.keyboard.press(f"Shift+Digit{mark}")   # a mark taken out by hand
        c = first_empty(EASY, b + 1)
        app.cell(c)
        kept, *others = app.labels()[c].split("candidates ")[1].split()
        for other_mark in others:   # all but one taken out: a single pencil mark, still a mark
            app.tab.keyboard.press(f"Shift+Digit{other_mark}")
        app.cell(b)
        app.tab.click("#colours-toggle")
        app.tab.click("#colours [data-colour='4']")
        app.tab.click("#share")
        link = app.tab.input_value("#share-link")
        assert "&g=" in link
        before = app.labels()
        other.goto(link)
        assert other.labels() == before
        assert other.colours() == app.colours()
        assert other.game()["undo"] == []
        assert other.game()["v"][c] == -1 and other.game()["m"][c] == 1 << (int(kept) - 1)
        other.shot("shared")
        app.tab.click("#export-sudokupad")
        app.tab.wait_for_selector(".export-link")
        exported = app.tab.input_value(".export-link")
        assert exported.startswith("https://sudokupad.app/fpuzzles")
        doc = json.loads(decompress_from_base64(exported[len("https://sudokupad.app/fpuzzles"):]))
        item = doc["grid"][a // 9][a % 9]
        assert item == {"value": int(sol[a])}   # the player's digit, not a given
        assert doc["grid"][b // 9][b % 9]["highlight"].startswith("#")
        assert int(mark) not in doc["grid"][b // 9][b % 9]["centerPencilMarks"]
        assert doc["grid"][c // 9][c % 9] == {"centerPencilMarks": [int(kept)]}   # a mark, never a digit
        assert sum(1 for row in doc["grid"] for x in row if x.get("given")) == sum(ch != "." for ch in EASY)
    finally:
        app.close()
        other.close()


def test_the_timer_is_kept_on_reload_and_pauses(browser, server):
    app = App(browser, server)
    try:
        app.open(OTHER)
        until(app.tab, "document.querySelector('#timer-clock').textContent === '0:02'", timeout=8)
        app.reload()
        seconds = app.tab.evaluate("DeduceTimer.elapsed()") / 1000
        assert seconds >= 2
        app.tab.click("#timer-pause")
        held = app.tab.evaluate("DeduceTimer.elapsed()")
        app.tab.wait_for_timeout(1500)
        assert app.tab.evaluate("DeduceTimer.elapsed()") == held
        assert app.tab.eval_on_selector("#board-grid", "g => g.classList.contains('paused-grid')")
        app.reload()   # paused it stays
        assert app.tab.evaluate("DeduceTimer.elapsed()") == held
        app.tab.click("#timer-pause")
        app.tab.wait_for_timeout(1200)
        assert app.tab.evaluate("DeduceTimer.elapsed()") > held
    finally:
        app.close()


def pdf_text(tab) -> str:
    pypdf = pytest.importorskip("pypdf")
    tab.emulate_media(media="print")
    data = tab.pdf(format="A4")
    tab.emulate_media(media="screen")
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages)


def test_the_print_sheet_holds_the_givens_and_the_steps_when_asked(browser, server):
    app = App(browser, server, scheme="dark")   # paper is white whatever the screen's theme
    try:
        sol = solution(server, EASY)
        app.open(EASY)
        a = first_empty(EASY)
        app.cell(a)
        app.tab.keyboard.press(sol[a])   # the player's digit: not on the puzzle's sheet
        app.tab.emulate_media(media="print")
        ink = app.tab.evaluate("""() => ['text.given', 'line[stroke="black"]', 'rect'].map(sel => {
          const e = document.querySelector('#print-sheet svg ' + sel), st = getComputedStyle(e);
          return sel === 'rect' ? st.fill : sel === 'text.given' ? st.fill : st.stroke; })""")
        assert ink == ["rgb(0, 0, 0)", "rgb(0, 0, 0)", "rgb(255, 255, 255)"]
        app.tab.emulate_media(media="screen")
        text = pdf_text(app.tab)
        words = app.tab.inner_text("#print-sheet .print-title") + app.tab.inner_text("#print-sheet .print-foot")
        digits = collections.Counter(ch for ch in text if ch.isdigit()) - collections.Counter(
            ch for ch in words if ch.isdigit())
        assert digits == collections.Counter(ch for ch in EASY if ch != ".")
        assert "Hidden single" not in text and "Fill candidates" not in text   # the app itself is not printed
        app.tab.evaluate("DeducePrint.steps()")
        app.tab.wait_for_selector("#print-sheet .print-steps li", state="attached")
        steps = app.tab.locator("#print-sheet .print-steps li").count()
        text = pdf_text(app.tab)
        assert steps == sum(ch == "." for ch in EASY) or steps > 10
        assert "Hidden single" in text or "Naked single" in text or "Full house" in text
        app.tab.evaluate("DeducePrint.mine(true)")   # the grid as played carries the player's digit
        text = pdf_text(app.tab)
        digits = collections.Counter(ch for ch in text if ch.isdigit())
        assert digits[sol[a]] > collections.Counter(EASY)[sol[a]]
    finally:
        app.close()


def _luminance(rgb: tuple[float, float, float]) -> float:
    def lin(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _rgb(css: str) -> tuple[float, float, float]:
    m = re.match(r"rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)", css)
    assert m, css
    return float(m[1]), float(m[2]), float(m[3])


def contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(_rgb(a)), _luminance(_rgb(b))), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_the_theme_follows_the_system_and_its_digits_have_contrast(browser, server, scheme):
    app = App(browser, server, scheme=scheme)
    try:
        sol = solution(server, EASY)
        app.open(EASY)
        a = first_empty(EASY)
        app.cell(a)
        app.tab.keyboard.press(sol[a])
        app.cell(0)
        styles = app.tab.evaluate("""() => {
          const svg = document.querySelector('#board-grid svg'), f = e => getComputedStyle(e).fill;
          return { ground: f(svg.querySelector('rect')), given: f(svg.querySelector('text.given')),
                   placed: f(svg.querySelector('text.placed')), page: getComputedStyle(document.body).backgroundColor,
                   text: getComputedStyle(document.body).color };
        }""")
        dark = _luminance(_rgb(styles["ground"])) < 0.05
        assert dark == (scheme == "dark")
        assert contrast(styles["given"], styles["ground"]) >= 4.5
        assert contrast(styles["placed"], styles["ground"]) >= 4.5
        assert contrast(styles["text"], styles["page"]) >= 4.5
        app.tab.click("#fill")
        cand = app.tab.evaluate("getComputedStyle(document.querySelector('#board-grid text.candidate')).fill")
        assert contrast(cand, styles["ground"]) >= 4.5
        app.shot(f"theme-{scheme}")
    finally:
        app.close()


def _first_step_code(puzzle, values, cands) -> str | None:
    from deduce.server.study import first_step_code
    from deduce.state import State

    return first_step_code(State(puzzle, list(cands), list(values)))


def _link(server, text: str, values, cands, symbols: str) -> str:
    record = {"v": "".join(symbols[v] if v >= 0 else "." for v in values),
              "m": ",".join(str(0 if v >= 0 else c) for v, c in zip(values, cands)), "c": {}, "k": {}}
    g = base64.urlsafe_b64encode(json.dumps(record).encode()).decode().rstrip("=")
    return f"{server.url}/?p={urllib.parse.quote(text)}&g={g}"


#: Techniques opened in the browser: an X-wing, some rarely first anywhere (a grouped AIC, a forcing chain), a
#: killer's cage single and a variant's: from a hint to the page, "Practise this", and the hint there.
IN_THE_BROWSER = ("x-wing", "grouped-aic", "dynamic-forcing", "cage-single", "thermo")


def _bank_position(code: str):
    """The practice bank's first position of ``code``: its puzzle's text, state and cells of one candidate."""
    from deduce.generate.practice import bank, record_state

    record = bank()[code][0]
    state = record_state(record)
    singles = [k for k in range(state.puzzle.ncells) if state.value[k] < 0 and bin(state.cand[k]).count("1") == 1]
    return record["puzzle"], state, singles


def _practise(app, button: str, code: str) -> str:
    """Press ``button`` on ``code``'s page; the source the coach names. The position opened has ``code`` as its
    first step (deduce's own solve, computed here) and the coach, sent it as the app sends it, names it."""
    from deduce.formats import read_puzzle

    app.tab.evaluate("document.body.removeAttribute('data-practice')")
    app.tab.click(button)
    until(app.tab, f"document.body.getAttribute('data-practice') === '{code}' || "
          "/^No practice/.test(document.querySelector('#practise-status').textContent)", timeout=20)
    assert app.tab.get_attribute("body", "data-practice") == code, app.tab.inner_text("#practise-status")
    game = app.game()
    masks = [1 << v if v >= 0 else m for v, m in zip(game["v"], game["m"])]
    assert _first_step_code(read_puzzle(game["src"]), game["v"], masks) == code
    assert app.tab.is_visible("#board-grid svg") and not app.tab.is_visible("#strategy")
    source = app.tab.inner_text("#coach-text").split(":")[0].split(" (")[0]
    app.tab.click("#hint")
    until(app.tab, "!!document.querySelector('#hint-title').textContent", timeout=20)
    assert app.tab.get_attribute("#hint-title a", "data-code") == code, (code, app.tab.inner_text("#hint-box"))
    return source


def test_a_technique_page_opens_from_a_hint_and_practise_gives_a_position_where_it_comes_first(browser, server):
    # (every technique's practice position is checked without a browser: tests/test_app_study.py)
    app = App(browser, server, width=1280)
    sources = collections.Counter()
    try:
        for code in IN_THE_BROWSER:
            text, state, singles = _bank_position(code)
            # the link carries the position's candidates as pencil marks, a cell with one candidate too: the app
            # keeps it a mark (never a placed digit) and sends it so, and the hint's first step is the technique
            app.goto(_link(server, text, state.value, state.cand, state.puzzle.symbols))
            game = app.game()
            for k in singles:
                assert game["v"][k] == -1 and game["m"][k] == state.cand[k], (code, k)
            app.tab.click("#hint")
            until(app.tab, "!document.querySelector('#hint-nudge').hidden || "
                  "!!document.querySelector('#coach-text').textContent", timeout=20)
            assert app.tab.get_attribute("#hint-title a.technique-link", "data-code") == code, \
                (code, app.tab.inner_text("#hint-box"), app.tab.inner_text("#coach-text"))
            app.tab.click("#hint-title a")
            app.tab.wait_for_selector(f"#strategy[data-code='{code}'] #practise")
            from deduce.techniques import TECHNIQUES

            assert app.tab.inner_text("#strategy-name") == TECHNIQUES[code].name
            assert app.tab.inner_text("#strategy .definition-text") == TECHNIQUES[code].description
            if code == "grouped-aic":
                app.shot("strategy")
            sources[_practise(app, "#practise", code)] += 1
        assert sources == {"A position from the practice bank": len(IN_THE_BROWSER)}, sources
        # "A new one": the generator's (a seed), for a technique it makes within the request's time
        app.tab.evaluate("location.hash = '#technique/x-wing'")
        app.tab.wait_for_selector("#strategy[data-code='x-wing'] #practise-new")
        assert _practise(app, "#practise-new", "x-wing") == "A new position"
    finally:
        app.close()


def test_rate_names_its_path_and_steps_through_it_from_the_hardest_step(browser, server):
    app = App(browser, server)
    try:
        app.open(XCHAIN)
        app.tab.click("#rate")
        app.tab.wait_for_selector(".step-through[data-profile='se']", timeout=30000)
        words = app.tab.inner_text("#coach-text")
        assert "on Sudoku Explainer's path" in words and "on HoDoKu's path" in words and "deduce's own path" in words
        hardest = words.split("Hardest step on Sudoku Explainer's path: ")[1].split(".")[0]
        line = app.tab.inner_text(".path[data-profile='se']")
        assert hardest in line
        at = int(app.tab.get_attribute(".step-through[data-profile='se']", "data-at"))
        assert app.tab.locator(".step-through[data-profile='deduce']").count() == 1
        app.shot("rate")
        app.tab.click(".step-through[data-profile='se']")
        app.tab.wait_for_selector("#solver:not([hidden])")
        assert app.tab.inner_text("#solver .where").startswith(f"Step {at} of ")
        assert hardest in app.tab.inner_text("#solver .step-title")
        code = app.tab.get_attribute("#solver .step-title a.technique", "data-code")
        app.tab.click("#solver .step-title a.technique")   # the step's technique: its page, then back to the step
        app.tab.wait_for_selector(f"#strategy[data-code='{code}'] #practise")
        assert not app.tab.is_visible("#solver")
        app.tab.click("#strategy-close")
        assert app.tab.is_visible("#solver") and app.tab.inner_text("#solver .where").startswith(f"Step {at} of ")
    finally:
        app.close()
