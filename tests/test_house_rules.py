"""The house rules of deduce's Python (issue #43, items 3 and 4), read off
the source with ``ast``: few cache decorators, no memo in a module global,
no module over 800 lines, no function over 80.

The two stores are the solve's memo (:class:`deduce.solve_cache.SolveCache`)
and the bounded tables of a shape (:func:`deduce.tables.table`); anything
else that keeps results is one of the few decorators counted here."""

from __future__ import annotations

import ast
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGES = ("deduce", "strategies")
MAX_MODULE_LINES = 800
MAX_FUNCTION_LINES = 80
MAX_CACHE_DECORATORS = 10
#: How a decorator or a constructor that keeps results is spelt.
CACHE_NAMES = ("cache", "lru_cache", "cached_property")
WEAK_STORES = ("WeakKeyDictionary", "WeakValueDictionary")
#: The one module-global store (the bounded tables of a shape, in its two parts).
STORES = {("deduce/tables.py", "_TABLES"), ("deduce/tables.py", "_BIG")}


def _modules() -> list[tuple[str, ast.Module, str]]:
    out = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            out.append((path.relative_to(ROOT).as_posix(), ast.parse(text), text))
    return out


MODULES = _modules()


def _name(node: ast.AST) -> str:
    """The last part of a dotted name or call (``functools.lru_cache(maxsize=8)`` -> ``lru_cache``)."""
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return ""


def cache_decorators(modules: list[tuple[str, ast.Module, str]] = MODULES) -> list[str]:
    """Every cache decorator (and weak dictionary) in the packages, as ``path:line name``."""
    found = []
    for path, tree, _ in modules:
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                found += [f"{path}:{d.lineno} {_name(d)}" for d in node.decorator_list if _name(d) in CACHE_NAMES]
            elif isinstance(node, ast.Call) and _name(node) in WEAK_STORES:
                found.append(f"{path}:{node.lineno} {_name(node)}")
    return found


def _empty_store(value: ast.AST | None) -> bool:
    """``{}``, ``dict()``, ``OrderedDict()``, ``threading.local()``, a weak dictionary."""
    if isinstance(value, ast.Dict):
        return not value.keys
    return (isinstance(value, ast.Call) and not value.args
            and _name(value) in ("dict", "OrderedDict", "local", *WEAK_STORES))


def module_memos(modules: list[tuple[str, ast.Module, str]] = MODULES) -> list[str]:
    """Module globals used as a memo: an empty store at module level that a
    function both looks up and writes into (``x = STORE.get(k)`` ... ``STORE[k] = x``),
    or a module global a function rebinds with ``global`` after looking at it."""
    found = []
    for path, tree, _ in modules:
        stores = {}
        for node in tree.body:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
                node, ast.AnnAssign) else []
            value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
            for t in targets:
                if isinstance(t, ast.Name) and _empty_store(value) and (path, t.id) not in STORES:
                    stores[t.id] = node.lineno
        for func in ast.walk(tree):
            if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            written, read, rebound = set(), set(), set()
            for node in ast.walk(func):
                if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
                    (written if isinstance(node.ctx, ast.Store) else read).add(node.value.id)
                elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                    if node.attr in ("get", "setdefault", "__contains__"):
                        read.add(node.value.id)
                    if node.attr in ("setdefault", "update"):
                        written.add(node.value.id)
                elif isinstance(node, ast.Compare) and any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops):
                    read |= {c.id for c in node.comparators if isinstance(c, ast.Name)}
                elif isinstance(node, ast.Global):
                    rebound |= set(node.names)
            found += [f"{path}:{stores[n]} {n} (in {func.name})" for n in sorted(written & read) if n in stores]
            found += [f"{path}:{func.lineno} global {n} (in {func.name})" for n in sorted(rebound & read)]
    return found


def test_at_most_ten_cache_decorators():
    found = cache_decorators()
    assert len(found) <= MAX_CACHE_DECORATORS, (
        f"{len(found)} cache decorators (at most {MAX_CACHE_DECORATORS}): a table of a shape goes in "
        "deduce.tables.table, what a solve keeps in its SolveCache:\n" + "\n".join(found))


def test_no_memo_in_a_module_global():
    found = module_memos()
    assert not found, ("a module global kept as a memo (a table of a shape goes in deduce.tables.table, "
                       "what a solve keeps in state.cache):\n" + "\n".join(found))


@pytest.mark.parametrize("path", [m[0] for m in MODULES])
def test_module_and_functions_are_small(path):
    _, tree, text = next(m for m in MODULES if m[0] == path)
    lines = text.count("\n")
    assert lines <= MAX_MODULE_LINES, (
        f"{path} has {lines} lines (at most {MAX_MODULE_LINES}): split it by what its parts do")
    long = [f"{node.name} ({node.end_lineno - node.lineno + 1} lines, line {node.lineno})"
            for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and node.end_lineno is not None and node.end_lineno - node.lineno + 1 > MAX_FUNCTION_LINES]
    assert not long, f"{path}: functions over {MAX_FUNCTION_LINES} lines: {', '.join(long)}"


def test_the_table_store_is_bounded(monkeypatch):
    from deduce import tables

    monkeypatch.setattr(tables, "LIMIT", 8)
    monkeypatch.setattr(tables, "_TABLES", {})
    made = [tables.table(("house rules", k), lambda k=k: [k]) for k in range(20)]
    assert tables.count() - len(tables._BIG) == 8 and made[19] == [19]
    assert tables.table(("house rules", 0), lambda: ["again"]) == ["again"]   # (dropped: made again)
    assert tables.table(("house rules", 19), lambda: ["again"]) is made[19]    # (kept: the same table)


def test_the_checks_see_what_they_look_for():
    # the detectors on a small made-up module: a memo, a registry (not a memo), a rebound global, a decorator
    source = '''
import functools
_SEEN = {}
READERS = {}
_last = None

def look(key):
    got = _SEEN.get(key)
    if got is None:
        got = _SEEN[key] = key * 2
    return got

def register(name, reader):
    READERS[name] = reader

def latest(key):
    global _last
    if _last is None or _last[0] != key:
        _last = (key, key * 2)
    return _last[1]

@functools.lru_cache(maxsize=8)
def double(x):
    return 2 * x
'''
    made_up = [("made/up.py", ast.parse(source), source)]
    memos = module_memos(made_up)
    assert any("_SEEN" in m for m in memos)
    assert not any("READERS" in m for m in memos)
    assert any("global _last" in m for m in memos)
    assert [d.rsplit(" ", 1)[1] for d in cache_decorators(made_up)] == ["lru_cache"]
