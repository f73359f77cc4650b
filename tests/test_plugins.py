"""Plugins are first-class techniques.

The example plugin (``examples/plugin``: a box-only hidden single with its
own table row and words) is registered through a fake distribution on
``sys.path`` (a ``dist-info`` folder with its ``entry_points.txt``), so
the entry-point machinery is the real one and nothing is installed.
"""

from __future__ import annotations

import importlib
import io
import pathlib
import sys
import textwrap
import warnings
from typing import Iterator

import pytest

from deduce import registry
from deduce.cli import main
from deduce.registry import PluginWarning, discovered, strategies_for
from deduce.techniques import PROFILES, TABLE, TECHNIQUES, select, technique

ROOT = pathlib.Path(__file__).resolve().parent.parent
PLUGIN_DIR = ROOT / "examples" / "plugin"
# Box singles in several boxes at once (and no full house at the start).
PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def _distribution(root: pathlib.Path, name: str, entry_points: dict[str, str]) -> None:
    info = root / f"{name}-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n")
    lines = "\n".join(f"{k} = {v}" for k, v in entry_points.items())
    (info / "entry_points.txt").write_text(f"[deduce.strategies]\n{lines}\n")


@pytest.fixture
def plugins(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[pathlib.Path]:
    """Registers entry points on sys.path; the test adds distributions to the yielded folder."""
    monkeypatch.syspath_prepend(str(PLUGIN_DIR))
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    registry.reset()
    yield tmp_path
    for module in [m for m in sys.modules if m.startswith(("deduce_box_hs", "joining_plugin", "clash_plugin"))]:
        del sys.modules[module]
    registry.reset()


@pytest.fixture
def box_hs(plugins: pathlib.Path) -> pathlib.Path:
    _distribution(plugins, "deduce_box_hidden_single", {"box-hs": "deduce_box_hs:BoxHiddenSingle"})
    return plugins


def run(*args: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        code = main(list(args), out, err)
    finally:
        sys.stdin = old
    return code, out.getvalue(), err.getvalue()


def test_the_plugin_row_joins_the_table_lookups_and_reprs(box_hs: pathlib.Path) -> None:
    row = technique("box-hs")
    assert row is TECHNIQUES["box-hs"] and row in list(TABLE)
    assert technique("Box hidden single") is row and technique("box single") is row  # name and alias
    assert select("box-hs,fh") == {"box-hs", "fh"} and "box-hs" in select("singles")  # its family too
    assert eval(repr(row), {"technique": technique}) is row
    assert registry.provider("box-hs") == "box-hs" and registry.provider("hs") == ""


def test_the_plugin_is_tried_in_its_order_in_deduce_and_full_only(box_hs: pathlib.Path) -> None:
    for profile in ("deduce", "full"):
        codes = PROFILES[profile]
        assert codes.index("fh") < codes.index("box-hs") < codes.index("hs"), profile
        order = [s.technique.code for s in strategies_for(profile)]
        assert order.index("fh") < order.index("box-hs") < order.index("hs")
    # the reference programs' profiles copy them: no plugin unless its row says so
    assert "box-hs" not in PROFILES["se"] and "box-hs" not in PROFILES["hodoku"]
    assert "box-hs" not in {s.technique.code for s in strategies_for("se")}


def test_a_solve_uses_the_plugin_before_the_hidden_single(box_hs: pathlib.Path) -> None:
    import deduce

    result = deduce.solve(PUZZLE)
    codes = [s.code for s in result.steps]
    assert result.solved and "box-hs" in codes
    # every single a box offers went to the plugin, tried before the built-in hidden single
    assert not [s for s in result.steps if s.code == "hs" and s.variant == "box"]
    first = next(s for s in result.steps if s.code == "box-hs")
    cell, sym = first.placements[0]
    assert str(first) == f"box hidden single: {result.puzzle.geometry.cell_name(cell)}={sym + 1}"
    assert eval(repr(first), {"Step": deduce.Step, "technique": technique}) == first


def test_cli_lists_selects_and_explains_the_plugin_without_stutter(box_hs: pathlib.Path) -> None:
    code, out, _ = run("techniques")
    assert code == 0 and any(line.split()[:1] == ["box-hs"] or "box-hs" in line.split() for line in out.splitlines())
    code, out, _ = run("techniques", "box-hs")
    assert code == 0 and "Box hidden single" in out
    code, out, err = run("explain", "--only", "box-hs,fh,ns", "-", stdin=EASY)
    assert code == 0, err
    lines = [line for line in out.splitlines() if "Box hidden single" in line]
    assert lines, out
    for line in lines:
        assert line.lower().count("box hidden single") == 1, line  # no "Box hidden single: box hidden single"
        assert "= " in line or "=" in line
    assert "Hidden single:" not in out  # --only kept the built-in hidden single out


def test_a_plugin_joins_a_reference_profile_only_when_its_row_says_so(plugins: pathlib.Path) -> None:
    (plugins / "joining_plugin.py").write_text(textwrap.dedent('''
        import attrs
        from deduce_box_hs import ROW, BoxHiddenSingle

        class Joining(BoxHiddenSingle):
            technique = attrs.evolve(ROW, code="box-hs-se", name="Box single (SE)", aliases=(),
                                     profiles=("deduce", "full", "se", "hodoku"))
    '''))
    _distribution(plugins, "joining_plugin", {"joining": "joining_plugin:Joining"})
    se, hodoku = PROFILES["se"], PROFILES["hodoku"]
    assert se.index("fh") < se.index("box-hs-se") < se.index("hs")
    assert hodoku.index("box-hs-se") < hodoku.index("hs")
    assert "box-hs-se" in {s.technique.code for s in strategies_for("se")}


def test_a_broken_plugin_is_one_warning_and_every_command_still_works(plugins: pathlib.Path) -> None:
    (plugins / "clash_plugin.py").write_text(textwrap.dedent('''
        import attrs
        from deduce.techniques import TECHNIQUES

        class Clash:
            technique = attrs.evolve(TECHNIQUES["hs"], name="Not the hidden single")
            def find(self, state):
                return iter(())
    '''))
    _distribution(plugins, "broken_plugins", {"missing": "deduce_no_such_module:Strategy",
                                              "clash": "clash_plugin:Clash",
                                              "box-hs": "deduce_box_hs:BoxHiddenSingle"})
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        found = discovered()
    messages = [str(w.message) for w in caught if issubclass(w.category, PluginWarning)]
    assert len(messages) == 2, messages
    assert any("'missing'" in m and "deduce_no_such_module" in m for m in messages)
    assert any("'clash'" in m and "'hs'" in m for m in messages)
    codes = {s.technique.code for s in found}
    assert "box-hs" in codes and {"fh", "hs", "ns"} <= codes  # the good plugin and the built-ins still load
    assert TECHNIQUES["hs"].name == "Hidden single"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no second warning: loading happens once
        assert run("solve", "-", stdin=EASY)[0] == 0
        assert run("explain", "-", stdin=EASY)[0] == 0
        assert run("hint", "-", stdin=EASY)[0] == 0
        assert run("count", "-", stdin=EASY)[0] == 0
        assert run("techniques")[0] == 0
        assert run("rate", "--jobs", "1", "-", stdin=EASY)[0] == 0


def test_a_plugin_that_raises_while_searching_is_switched_off(plugins: pathlib.Path) -> None:
    (plugins / "clash_plugin.py").write_text(textwrap.dedent('''
        from deduce_box_hs import BoxHiddenSingle

        class Raising(BoxHiddenSingle):
            def find(self, state):
                raise RuntimeError("boom")
                yield
    '''))
    _distribution(plugins, "raising_plugin", {"raising": "clash_plugin:Raising"})
    import deduce

    with pytest.warns(PluginWarning, match="'raising' switched off"):
        result = deduce.solve(EASY)
    assert result.solved and all(s.code != "box-hs" for s in result.steps)


def test_without_plugins_the_table_is_the_built_in_one(plugins: pathlib.Path) -> None:
    assert "box-hs" not in TECHNIQUES and [t.code for t in TABLE] == [t.code for t in registry.techniques.BUILTIN]
    with pytest.raises(KeyError, match="unknown technique"):
        technique("box-hs")
