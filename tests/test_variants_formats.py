"""SudokuPad's own links (``sudokupad.app/scl...``): the drawing read as constraints (issue 44).

Every corpus puzzle whose constraints SudokuPad draws with a fixed meaning is
drawn here as SudokuPad draws it (lines, bulbs, arrows, dots, X and V marks,
cages) and read back from the link to the same puzzle as its f-puzzles
document; what has no one meaning is refused in one line naming it, exit 2.
"""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys
from typing import Any

import pytest

from deduce.errors import DeduceError
from deduce.formats import read_puzzle, read_puzzles, same_puzzle
from deduce.formats.lzstring import compress_to_base64
from deduce.formats.sudokupad import LINE_COLOURS, fpuzzles_from_scl, unzip_scl

CORPUS = pathlib.Path(__file__).parent / "data" / "variants" / "made.jsonl"
SCL = "https://sudokupad.app/scl"
_LINE_KEYS = {key: colour for colour, key in LINE_COLOURS.items()}


def _centre(name: str) -> list[float]:
    r, c = name[1:].upper().split("C")
    return [int(r) - 0.5, int(c) - 0.5]


def _edge(a: str, b: str) -> list[float]:
    (ya, xa), (yb, xb) = _centre(a), _centre(b)
    return [(ya + yb) / 2, (xa + xb) / 2]


def _circle(centre: list[float], fill: str, w: float = 0.8, h: float = 0.8) -> dict[str, Any]:
    return {"center": centre, "width": w, "height": h, "rounded": True, "backgroundColor": fill,
            "borderColor": "#A1A1A1"}


def draw(doc: dict[str, Any]) -> dict[str, Any] | None:
    """The SudokuPad document of an f-puzzles document, drawn as SudokuPad does; None if it has a key
    SudokuPad draws without one meaning."""
    n = doc["size"]
    out: dict[str, Any] = {"cells": [[{"value": c["value"]} if c.get("given") else {} for c in row]
                                     for row in doc["grid"]], "lines": [], "arrows": [], "overlays": [],
                           "underlays": [], "cages": [{"value": "title: drawn by the test"}]}
    if any("region" in c for row in doc["grid"] for c in row):
        out["regions"] = [[[r, c] for r in range(n) for c in range(n) if doc["grid"][r][c]["region"] == k]
                          for k in range(n)]
    for key, value in doc.items():
        if key in ("size", "grid") or not value:
            continue
        if key == "killercage":
            out["cages"] += [{"cells": [[p[0] - 1, p[1] - 1] for p in map(lambda x: list(map(int, x[1:].split("C"))),
                                                                             cage["cells"])],
                              "value": cage.get("value", "")} for cage in value]
        elif key in ("diagonal+", "diagonal-"):
            out["lines"].append({"wayPoints": [[0, n], [n, 0]] if key == "diagonal+" else [[0, 0], [n, n]],
                                 "color": "#34BBE6", "thickness": 2})
        elif key in ("thermometer", "betweenline") or key in _LINE_KEYS:
            if any("value" in item for item in value):   # (a whisper's own difference is said in words only)
                return None
            for item in value:
                for line in item["lines"]:
                    pts = [_centre(x) for x in line]
                    out["lines"].append({"wayPoints": pts, "color": _LINE_KEYS.get(key, "#CFCFCF"), "thickness": 9})
                    if key == "thermometer":
                        out["underlays"].append(_circle(pts[0], "#CFCFCF", 0.85, 0.85))
                    elif key == "betweenline":
                        out["overlays"] += [_circle(pts[0], "#FFFFFF"), _circle(pts[-1], "#FFFFFF")]
        elif key == "arrow":
            for item in value:
                pts = [_centre(x) for x in item["cells"]]
                y, x = (sum(p[i] for p in pts) / len(pts) for i in (0, 1))
                tall, wide = (max(p[i] for p in pts) - min(p[i] for p in pts) for i in (0, 1))
                out["overlays"].append(_circle([y, x], "#FFFFFF", 0.8 + wide, 0.8 + tall))
                for line in item["lines"]:
                    out["arrows"].append({"wayPoints": [_centre(c) for c in line], "color": "#A1A1A1",
                                          "headLength": 0.3})
        elif key in ("difference", "ratio", "xv"):
            for item in value:
                mark: dict[str, Any] = {"center": _edge(*item["cells"]), "width": 0.3, "height": 0.3}
                if key == "xv":
                    mark["text"] = item["value"]
                else:
                    mark.update(rounded=True, backgroundColor="#FFFFFF" if key == "difference" else "#000000",
                                **({"text": str(item["value"])} if item.get("value") else {}))
                out["overlays"].append(mark)
        else:
            return None
    return out


def link(doc: dict[str, Any]) -> str:
    return SCL + compress_to_base64(json.dumps(doc))


def corpus() -> list[dict[str, Any]]:
    return [json.loads(line) for line in CORPUS.read_text().splitlines() if line.strip()]


def test_every_drawable_corpus_puzzle_reads_from_its_native_link_as_from_its_document():
    drawn = 0
    kinds: set[str] = set()
    for item in corpus():
        doc = draw(item["fpuzzles"])
        if doc is None:
            continue
        (entry,) = read_puzzles(link(doc))
        assert entry.error is None, (item["id"], entry.error)
        assert entry.format == "sudokupad-link"
        assert same_puzzle(entry.puzzle, read_puzzle(json.dumps(item["fpuzzles"]))), item["id"]
        drawn += 1
        kinds |= set(item["kinds"])
    assert {"thermometer", "arrow", "difference", "ratio", "xv", "whispers", "renban", "regionsumline",
            "betweenline", "diagonal+", "diagonal-", "killercage"} <= kinds, kinds
    assert drawn >= 30


def test_the_zipped_form_sudokupad_writes_is_read_too():
    # a 4x4: a thermometer (bulb at r1c1), a white dot r4c3|r4c4 with a 2, an arrow from r3c1's circle, a V
    zipped = ("{ce:[[{v:1},,,],[,,,],[,,,],[,,,]],"
              "l:[{wp:[[0.5,0.5],[0.5,1.5],[0.5,2.5]],c:CFCFCF,th:21}],"
              "u:[{ct:[0.5,0.5],w:0.85,h:0.85,r:t,c2:CFCFCF}],"
              "a:[{wp:[[2.5,0.5],[1.5,1.5]],c:A1A1A1,hl:0.3}],"
              "o:[{ct:[2.5,0.5],w:0.8,h:0.8,r:t,c2:FFFFFF},{ct:[3.5,3],w:0.3,h:0.3,r:t,c2:FFFFFF,te:'2'},"
              "{ct:[2,3.5],w:0.3,h:0.3,te:V}]}")
    doc = fpuzzles_from_scl(unzip_scl(zipped))
    assert doc["thermometer"] == [{"lines": [["R1C1", "R1C2", "R1C3"]]}]
    assert doc["arrow"] == [{"cells": ["R3C1"], "lines": [["R3C1", "R2C2"]]}]
    assert doc["difference"] == [{"cells": ["R4C3", "R4C4"], "value": "2"}]
    assert doc["xv"] == [{"cells": ["R2C4", "R3C4"], "value": "V"}]
    p = read_puzzle(SCL + compress_to_base64(zipped))
    assert len(p.constraints) == 4 and p.givens[0] == 0


def test_a_thermometer_drawn_from_its_tip_is_read_from_its_bulb():
    n4 = [[{}] * 4 for _ in range(4)]
    doc = fpuzzles_from_scl({"cells": n4, "lines": [{"wayPoints": [[0.5, 2.5], [0.5, 0.5]], "color": "#CFCFCF"}],
                             "underlays": [_circle([0.5, 0.5], "#CFCFCF")]})
    assert doc["thermometer"] == [{"lines": [["R1C1", "R1C2", "R1C3"]]}]   # (the straight run filled in)


N4 = [[{}] * 4 for _ in range(4)]
REFUSED = [
    ({"lines": [{"wayPoints": [[0.5, 0.5], [1.5, 0.5]], "color": "#123456"}]},
     "line 1 (r1c1-r2c1): a line of colour #123456 has no one meaning; deduce cannot tell its rule"),
    ({"lines": [{"wayPoints": [[0.5, 0.5], [4.5, 0.5]], "color": "#67F067"}]},
     "line 1: it passes [4.5, 0.5] (outside the grid)"),
    ({"overlays": [{"center": [-0.5, 1.5], "width": 0.6, "height": 0.6, "text": "7"}]},
     'overlay at [-0.5, 1.5] (outside the grid) with text "7": deduce cannot tell which rule it is'),
    ({"underlays": [{"center": [1.5, 1.5], "width": 0.8, "height": 0.8, "backgroundColor": "#CFCFCF"}]},
     "underlay at r2c2: deduce cannot tell which rule it is"),
    ({"overlays": [{"center": [0.5, 1], "width": 0.3, "height": 0.3, "rounded": True, "backgroundColor": "#FF0000"}]},
     "overlay at r1c2: deduce cannot tell which rule it is"),
    ({"lines": [{"wayPoints": [[0.5, 0.5], [0.5, 1.5]], "color": "#CFCFCF"}],
      "underlays": [_circle([0.5, 0.5], "#CFCFCF")], "metadata": {"rules": "Slow thermometers: ..."}},
     "line 1 (r1c1-r1c2): the rules mention slow thermometers, and a drawing does not say which"),
    ({"fogLights": [[0, 0]]}, "element 'fogLights' is not supported"),
    ({"lines": [{"wayPoints": [[0.5, 0.5], [0.5, 1.5]], "color": "#67F067"}],
      "metadata": {"rules": "Digits along the green line read the same both ways."}},
     "line 1 (r1c1-r1c2): drawn as a German whispers, but the rules do not mention one"),
    ({"lines": [{"wayPoints": [[0.5, 0.5], [2.5, 1.5]], "color": "#F067F0"}]},
     "renban from r1c1: r1c1 and r3c2 are next on the line but do not touch"),
]


@pytest.mark.parametrize(("keys", "message"), REFUSED, ids=[m.split(":")[0][:24] for _, m in REFUSED])
def test_what_the_drawing_cannot_say_is_refused_in_one_line(keys, message):
    with pytest.raises(DeduceError) as exc:
        read_puzzle(link({"cells": N4, **keys}))
    assert str(exc.value).startswith("line 1: SudokuPad link: " + message), str(exc.value)


def test_a_refused_native_link_is_one_line_and_exit_2():
    p = subprocess.run([sys.executable, "-m", "deduce", "solve"], capture_output=True, text=True, timeout=60,
                       input=link({"cells": N4, "lines": [{"wayPoints": [[0.5, 0.5], [1.5, 0.5]]}]}) + "\n")
    assert p.returncode == 2
    assert p.stderr.strip().splitlines() == [
        "deduce: line 1: SudokuPad link: line 1 (r1c1-r2c1): a line of colour none has no one meaning; "
        "deduce cannot tell its rule"]


def test_a_line_the_rules_name_is_read_as_that_kind():
    doc = fpuzzles_from_scl({"cells": N4, "metadata": {"rules": "Adjacent digits on green lines are German whispers."},
                             "lines": [{"wayPoints": [[0.5, 0.5], [0.5, 1.5]], "color": "#67f067ff"}]})
    assert doc["whispers"] == [{"lines": [["R1C1", "R1C2"]]}]


def test_ctc_payloads_are_read_as_scl_ones():
    doc = {"cells": [[{"value": 1}, {}, {}, {}], [{}, {}, {"value": 2}, {}], [{}, {"value": 3}, {}, {}],
                     [{}, {}, {}, {"value": 4}]]}
    p = read_puzzle("https://sudokupad.app/ctc" + compress_to_base64(json.dumps(doc)))
    assert "".join(str(v + 1) if v >= 0 else "." for v in p.givens) == "1.....2..3.....4"


def test_the_rate_header_names_variants():
    from deduce.cli.rate import settings_text, table_header
    from deduce.rating.rater import Rater

    header = table_header(settings_text(dict(Rater().settings)))
    assert header.startswith("# deduce") and "killer, jigsaw and variants" in header, header
