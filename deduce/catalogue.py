"""The technique catalogue: ``deduce techniques [NAME]``.

Lists the technique table (and plugins' techniques, through the registry)
in order of difficulty, or shows one technique: its description, ratings
and an example.  Examples are stored with the package, one file per
technique (``deduce/data/examples/<code>.json``, written by
``bench/find_examples.py --catalogue``): for each technique, a step at a position where it is the
easiest technique that applies, or else where no technique rated easier
makes any of its eliminations; where no such position can exist (a
skyscraper is always a sashimi X-wing too, see :data:`ALWAYS_ALSO`) the
example says which easier techniques also make them, and why.  Examples are labelled by the technique and
show the puzzle's cages when it has them.  A technique without a stored example (a plugin's) is searched
for on the built-in positions.

``NAME`` may be a code, a name, a family (``fish``), a group
(``unique rectangle``, ``45 rule``, ``forcing chains``) or another
program's name (``Y-Wing``, ``Locked Candidates``, ``Simple Colors``,
``Nice Loop``, ``BUG``): a group lists its members.  It may also be a key of
the constraint registry (``antiknight``, ``slowthermometer``, ``negative: xv``):
the constraint's rule, the techniques it feeds and an example.  ``glossary`` defines
the words the explanations use.

>>> [t.code for t in resolve("Y-Wing")]
['xy-wing']
>>> [t.code for t in resolve("45 rule")]
['innie', 'innies-outies']
>>> resolve("simple colors")[0].name
'Simple colours'
"""

from __future__ import annotations

import difflib
import json
import re
from importlib import resources
from typing import Any, Callable

import attrs

from .engine import Solver, SolveResult
from .formats import puzzle_from_json, puzzle_to_json, read_puzzle, write_candidates_grid
from .puzzle import Puzzle
from .registry import discovered, implemented_codes
from .render.words import TextRenderer
from .render.words import prose as _prose
from .render.words.prose import lower_name
from .showcase import SHOWCASE
from .state import State
from .step import Step
from .tables import table
from .techniques import BUILTIN, NESTED_LEVELS, OPT_IN, TABLE, TECHNIQUES, Technique, lookup, other_names

#: The command that stores a technique's example, ``deduce/data/examples/CODE.json`` (and nothing else: the
#: same command writes the same file).  CONTRIBUTING and the tests' messages give this one
#: (``--puzzle PUZZLE`` instead of ``--puzzles 200`` looks in a given puzzle only).
STORE_EXAMPLE_COMMAND = "python bench/find_examples.py --catalogue --codes {codes} --puzzles 200 --seed 1"


def store_example_command(codes: str | list[str]) -> str:
    """The command that stores the examples of ``codes``.

    >>> store_example_command(["x-wing", "xy-wing"])
    'python bench/find_examples.py --catalogue --codes x-wing,xy-wing --puzzles 200 --seed 1'
    """
    return STORE_EXAMPLE_COMMAND.format(codes=codes if isinstance(codes, str) else ",".join(codes))


# -- the table and other programs' names ----------------------------------------


#: Codes of deduce's own techniques (the rest of the table comes from plugins).
BUILTIN_CODES = frozenset(t.code for t in BUILTIN)


def all_techniques() -> list[Technique]:
    """The table's techniques, then plugins' techniques the registry found."""
    extra = {s.technique.code: s.technique for s in discovered() if s.technique.code not in TECHNIQUES}
    return list(TABLE) + list(extra.values())


def ordered_table() -> list[Technique]:
    """Every technique in order of difficulty (SE rating, then HoDoKu score)."""
    return sorted(all_techniques(), key=lambda t: (t.se is None, t.se or 0.0, t.hodoku or 0, t.code))


def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9+]+", "", text.lower())




def resolve(name: str) -> list[Technique]:
    """The techniques ``name`` stands for: one (code, name, another
    program's name) or several (a family or group), from the technique
    table's names.  Raises KeyError with the nearest names when none."""
    try:
        return list(lookup(name))
    except KeyError:
        pass
    if _norm(name).endswith("s"):
        try:
            return list(lookup(name.rstrip().rstrip("sS")))
        except KeyError:
            pass
    known = all_techniques()
    words = sorted({t.name for t in known} | {t.family for t in known} | set(other_names()))
    near = difflib.get_close_matches(name, words, n=4, cutoff=0.6)
    hint = f"; did you mean {', '.join(near)}?" if near else "; 'deduce techniques' lists them all"
    raise KeyError(f"unknown technique {name!r}{hint}")


# -- stored examples -------------------------------------------------------------

#: Techniques whose every instance is also made, at least in part, by a
#: technique rated easier, and why: their stored example names the easier
#: techniques (``also``) and the catalogue gives the reason.  Every other
#: stored example is *not reducible*: no technique rated easier makes any of
#: its eliminations or placements at its position (``tests/test_catalogue.py``).
ALWAYS_ALSO: dict[str, str] = {
    # (and found so: 1345 skyscrapers on the showcase solves and generated puzzles, none free of them)
    "skyscraper": "every cell that sees both free ends of a skyscraper loses the symbol to an easier technique "
                  "too. Take strong links in two rows (columns alike): when the free ends lie in one stack but "
                  "not one box, the two rows are the base of a sashimi X-wing whose fin is one end, and it removes "
                  "the symbol from the other end's column in the fin's box, which is where the eliminations are; "
                  "when the ends share a box, the third box of their band holds the symbol only in the band's "
                  "third row, so claiming removes it from the rest of that row, which is where the eliminations "
                  "are; ends in two stacks have no common peer left that holds the symbol",
}


FORMAT = 1


@attrs.frozen
class Example:
    """One technique's stored example: the puzzle, the position, the step."""

    code: str
    #: where the puzzle comes from (a showcase label, or ``generated``)
    source: str
    #: True when the technique was the easiest that applied at the position
    easiest: bool
    puzzle: Puzzle
    values: tuple[int, ...]
    candidates: tuple[int, ...]
    step: Step
    #: easier techniques that make some of the same eliminations there (a
    #: skyscraper is a sashimi X-wing too); empty when none does
    also: tuple[str, ...] = ()

    def state(self) -> State:
        return State(self.puzzle, list(self.candidates), list(self.values))


def _tuples(x: Any) -> Any:
    """JSON lists back to the tuples a step record holds."""
    if isinstance(x, list):
        return tuple(_tuples(v) for v in x)
    return x


def _plain(x: Any) -> Any:
    if isinstance(x, (tuple, list)):
        return [_plain(v) for v in x]
    if isinstance(x, (set, frozenset)):
        return sorted(_plain(v) for v in x)
    return x


def step_to_record(step: Step) -> dict[str, Any]:
    return {"code": step.code, "placements": _plain(step.placements), "eliminations": _plain(step.eliminations),
            "cells": list(step.cells), "houses": list(step.houses), "cages": list(step.cages),
            "symbols": list(step.symbols), "variant": step.variant, "details": _plain(step.details),
            "se_bonus": step.se_bonus}


def step_from_record(doc: dict[str, Any]) -> Step:
    return Step(TECHNIQUES[doc["code"]], placements=_tuples(doc["placements"]),
                eliminations=_tuples(doc["eliminations"]), cells=doc["cells"], houses=doc["houses"],
                cages=doc["cages"], symbols=doc["symbols"], variant=doc["variant"],
                details=tuple((k, _tuples(v)) for k, v in doc["details"]), se_bonus=doc["se_bonus"])


def example_to_record(source: str, easiest: bool, state: State, step: Step) -> dict[str, Any]:
    return {"source": source, "easiest": easiest, "puzzle": puzzle_to_json(state.puzzle),
            "values": list(state.value), "candidates": list(state.cand), "step": step_to_record(step)}


def example_from_record(code: str, doc: dict[str, Any]) -> Example:
    return Example(code, doc["source"], doc["easiest"], puzzle_from_json(doc["puzzle"]), tuple(doc["values"]),
                   tuple(doc["candidates"]), step_from_record(doc["step"]), tuple(doc.get("also", ())))


#: Where the stored examples are: one file per technique, ``<code>.json``
#: (``{"format", "code", "generated_by", "seed", "example"}``).
EXAMPLES = "data/examples"


def example_path(code: str) -> str:
    """The stored example file of technique ``code``, inside the package."""
    return f"{EXAMPLES}/{code}.json"


def stored() -> dict[str, Example]:
    """Every stored example, by technique code in deduce's order of trial (a table of :mod:`deduce.tables`)."""
    return table(("deduce.catalogue.stored",), _make_stored)


def _make_stored() -> dict[str, Example]:
    """Every stored example, by technique code in deduce's order of trial
    (empty when the data is missing).  Each technique's example is a file of
    its own, so adding or regenerating one never touches the others."""
    out: dict[str, Example] = {}
    for t in TABLE:
        try:
            text = resources.files("deduce").joinpath(example_path(t.code)).read_text(encoding="utf-8")
        except (FileNotFoundError, OSError):
            continue
        doc = json.loads(text)
        if doc.get("format") == FORMAT and doc.get("code") == t.code:
            out[t.code] = example_from_record(t.code, doc["example"])
    return out


# -- searching (plugins' techniques, and the bench script) ---------------------------

def _solved(index: int) -> tuple[Puzzle, SolveResult]:
    return table(("deduce.catalogue._solved", index), lambda: _make_solved(index))


def _make_solved(index: int) -> tuple[Puzzle, SolveResult]:
    _label, text, fmt = SHOWCASE[index]
    puzzle = read_puzzle(text, fmt)
    return puzzle, Solver().solve(puzzle)


def search_example(t: Technique) -> tuple[str, State, Step] | None:
    """(label, position, step) of a step of ``t`` on the showcase positions.

    Prefers a step the solver took (where ``t`` was the easiest technique
    available); failing that, follows each showcase puzzle's solution path
    and asks the technique's own strategies at every position.
    """
    from .engine import effective
    from .strategy import allows_cages

    for index, (label, _, _) in enumerate(SHOWCASE):
        puzzle, result = _solved(index)
        state = State.from_puzzle(puzzle)
        for step in result.steps:
            if step.code == t.code:
                return label, state, step
            state.apply(step)
    own = [s for s in discovered() if s.technique.code == t.code]
    for index, (label, _, _) in enumerate(SHOWCASE):
        puzzle, result = _solved(index)
        state = State.from_puzzle(puzzle)
        for step in result.steps:
            if t.code in OPT_IN and t.family == "forcing":
                if step.code != "bf":
                    state.apply(step)
                    continue  # the deepest chains: only where the default set ran out
            elif t.family == "forcing" and step.technique.family != "forcing":
                state.apply(step)
                continue  # forcing chains are slow to search on easy positions, and pointless there
            for strategy in own:
                if puzzle.has_cages and not allows_cages(strategy):
                    break  # as the engine: never where cages break the technique's argument
                for candidate in strategy.find(state):
                    if effective(candidate, state):
                        return label, state, candidate
            state.apply(step)
    return None


#: Techniques with no stored example, and why: not searched for either
#: (the search would take hours and find nothing on deduce's own puzzles).
NO_STORED_EXAMPLE: dict[str, str] = {
    code: (f"Nesting level {level} is needed only by the hardest puzzles known (Sudoku Explainer rates them "
           f"{TECHNIQUES[code].se:.1f} and up), found by long computer searches; none of deduce's own puzzles "
           "needs it, and the catalogue stores only those. To see one, rate or explain such a puzzle with "
           f"--nested {level} (rate) or --only {code} (explain), with a generous --timeout.")
    for level, code in NESTED_LEVELS.items() if level > 2
}


def example_step(t: Technique) -> tuple[str, State, Step] | None:
    """(where from, position, step): the stored example of ``t``, or one
    searched for (none for :data:`NO_STORED_EXAMPLE`)."""
    ex = stored().get(t.code)
    if ex is not None:
        return ex.source, ex.state(), ex.step
    if t.code in NO_STORED_EXAMPLE:
        return None
    return search_example(t)


# -- printing ------------------------------------------------------------------------

def cage_map(puzzle: Puzzle) -> list[str]:
    """A killer's cages as a grid of letters, then each letter's sum."""
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    n = puzzle.size
    of = ["."] * puzzle.ncells
    for i, cage in enumerate(puzzle.cages):
        for c in cage.cells:
            of[c] = letters[i % len(letters)]
    rows = [" ".join(of[r * n:(r + 1) * n]) for r in range(n)]
    sums = ", ".join(f"{letters[i % len(letters)]} {c.total}" for i, c in enumerate(puzzle.cages))
    return rows + [f"Sums: {sums}"]


def source_text(source: str) -> str:
    """Where an example's puzzle comes from, in words: the seeds by name,
    other built-in puzzles by number (their labels name the technique they
    were first picked for, which may not be the one shown)."""
    for i, (label, _, _) in enumerate(SHOWCASE, 1):
        if source == label:
            return label.replace("seed: ", "the seed puzzle: ") if label.startswith("seed:") else \
                f"built-in puzzle {i}"
    return source


def print_catalogue(name: str | None, out: Callable[[str], None], warn: Callable[[str], None]) -> int:
    implemented = implemented_codes() | {"bf"}  # trial and error is the engine's own fallback
    if not name:
        rows = ordered_table()
        wc = max(len(t.code) for t in rows)
        wn = max(len(t.name) for t in rows)
        out(f"{'code':{wc}} {'technique':{wn}} {'family':14} {'SE':>5} {'HoDoKu':>7}  level")
        for t in rows:
            se = f"{t.se:.1f}" if t.se is not None else "-"
            mark = "" if t.code in implemented else "  (not implemented)"
            if t.code in OPT_IN:
                mark += "  (on request: --profile full or --only)"
            if t.code not in BUILTIN_CODES:
                mark += "  (plugin)"
            out(f"{t.code:{wc}} {t.name:{wn}} {t.family:14} {se:>5} {t.hodoku or '-':>7}  {t.level}{mark}")
        return 0
    if _norm(name) in ("glossary", "words"):
        from .render.words.glossary import glossary_lines

        out("Words the explanations use:")
        for line in glossary_lines():
            out(f"  {line}")
        return 0
    key = constraint_key(name)
    try:
        found = resolve(name)
    except KeyError as exc:
        if key is not None:
            return print_constraint(key, out)
        warn(str(exc).strip("'\""))
        return 2
    if key is not None:
        found_ex = stored_constraint_example(key)
        if len(found) == 1 and found_ex is not None and found_ex[0].code == found[0].code:
            constraint_header(key, out)  # the constraint's own technique, whose example holds it
            out("")
        elif len(found) == 1 and found[0] not in constraint_rows(constraint_keys()[key]):
            print_technique(found[0], implemented, out)  # a technique of that name too (skyscraper)
            out("")
            out("The constraint of that name:")
            return print_constraint(key, out)
        else:
            return print_constraint(key, out)
    if len(found) > 1:
        out(f"{name}: {len(found)} techniques (ask for one by its code for its example):")
        for t in found:
            se = f"{t.se:.1f}" if t.se is not None else "-"
            out(f"  {t.code:22} {t.name:32} SE {se:>4}  {t.description}")
        return 0
    return print_technique(found[0], implemented, out)


def print_technique(t: Technique, implemented: set[str] | frozenset[str], out: Callable[[str], None]) -> int:
    """One technique: its description, ratings and example."""
    out(f"{t.name} ({t.code}), family {t.family}")
    out(f"  {t.description}")
    se = f"{t.se:.1f}" if t.se is not None else "-"
    out(f"  Sudoku Explainer-style rating {se}; HoDoKu-style score {t.hodoku or '-'}, level {t.level}.")
    if t.rating_note:
        out(f"  Rating: {t.rating_note}")
    example = example_step(t) if t.code in implemented else None
    if example is None:
        out(f"  No example: {NO_STORED_EXAMPLE[t.code]}" if t.code in NO_STORED_EXAMPLE else
            "  No example on the built-in positions.")
        return 0
    source, state, step = example
    renderer = TextRenderer(state.puzzle)
    out("")
    out(f"Example ({t.name}), on {source_text(source)}, from this position:")
    out(write_candidates_grid(state.puzzle, state.cand))
    if state.puzzle.cages:
        out("Cages:")
        for line in cage_map(state.puzzle):
            out("  " + line)
    out("")
    ex = stored().get(t.code)
    if ex is not None and ex.also:
        names = [lower_name(TECHNIQUES[c].name) if c in TECHNIQUES else c for c in ex.also]
        why = ALWAYS_ALSO.get(t.code, f"no position was found where {lower_name(t.name)} alone makes them")
        out(f"(Here some of the same eliminations also follow from {_prose(names)}, rated easier: {why}.)")
    out(f"Nudge: {renderer.text(step, 'nudge')}")
    out(f"Clue: {renderer.text(step, 'clue')}")
    out(renderer.explain(step))
    return 0


# -- constraints ---------------------------------------------------------------------
#
# ``deduce techniques KEY`` answers for every key of the constraint registry (``deduce.constraints``):
# the constraint's name, its rule, the techniques it feeds and an example, the first step of a small
# puzzle where it matters.  A key whose own technique's stored example holds it shows that example; the
# others have one stored as ``data/examples/constraint-<key>.json`` (``python -m tests.test_constraint_examples``
# writes them from tests/data/variants/made.jsonl).

#: What the catalogue says of a constraint that has no technique of its own.
PEERS_ONLY = "acts through peers: its cells differ, so singles, subsets, fish and chains see it"


def constraint_keys() -> dict[str, Any]:
    """Every key of the constraint registry (``negative: KEY`` for a "negative" one) and its class."""
    from .constraint import kinds

    out: dict[str, Any] = {}
    for cls in kinds():
        for key in cls.KEYS:
            out[key] = cls
        for key in cls.NEGATES:
            out[f"negative: {key}"] = cls
    return out


def constraint_key(name: str) -> str | None:
    """The registry key ``name`` stands for (a key, ``negative KEY``, or the constraint's name), or None.

    >>> constraint_key("anti-knight"), constraint_key("negative:ratio"), constraint_key("Slow thermometer")
    ('antiknight', 'negative: ratio', 'slowthermometer')
    """
    keys = constraint_keys()
    wanted = _norm(name)
    for key in keys:
        if _norm(key) == wanted:
            return key
    for key, cls in keys.items():
        if _norm(cls.KIND) == wanted and not key.startswith("negative") and cls.KEYS[0] == key:
            return key
    return None


def instance_keys(constraint: Any, size: int) -> set[str]:
    """The registry keys one constraint of a puzzle stands for (a slow thermometer: ``slowthermometer``)."""
    cls = type(constraint)
    doc = constraint.to_fpuzzles(size)
    out = {k for k in doc if k in cls.KEYS}
    negatives = doc.get("negative", [])
    out |= {f"negative: {k}" for k in (negatives if isinstance(negatives, list) else [negatives])
            if k in cls.NEGATES}
    return out or set(cls.KEYS) | {f"negative: {k}" for k in cls.NEGATES}


def constraint_rows(cls: Any) -> list[Technique]:
    """The technique rows a constraint class feeds: its home's, and the extra houses' when it adds houses."""
    import sys

    from .constraint import Constraint

    home = sys.modules[cls.__module__]
    rows = list(getattr(home, "ROWS", ()))
    if cls.houses is not Constraint.houses:
        shared = sys.modules.get(cls.__module__.rpartition(".")[0] + ".extra_houses")
        rows += [t for t in getattr(shared, "ROWS", ()) if t not in rows]
    return rows


def constraint_slug(key: str) -> str:
    """The stored example file's name part of a key (``negative: ratio``: ``negative-ratio``)."""
    return re.sub(r"[^a-z0-9+-]+", "-", key.lower()).strip("-").replace("+", "plus")


def constraint_example_path(key: str) -> str:
    return f"{EXAMPLES}/constraint-{constraint_slug(key)}.json"


def holds_key(puzzle: Puzzle, key: str) -> bool:
    return any(key in instance_keys(c, puzzle.size) for c in puzzle.constraints)


def stored_constraint_example(key: str) -> tuple[Example, str] | None:
    """The example ``deduce techniques KEY`` shows and where the constraint matters in it: one stored for
    the key, or else its own technique's stored example when that puzzle holds the key (a table of
    :mod:`deduce.tables`)."""
    return table(("deduce.catalogue.stored_constraint_example", key), lambda: _stored_constraint_example(key))


def _stored_constraint_example(key: str) -> tuple[Example, str] | None:
    try:
        text = resources.files("deduce").joinpath(constraint_example_path(key)).read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        text = ""
    if text:
        doc = json.loads(text)
        if doc.get("format") == FORMAT and doc.get("key") == key:
            return example_from_record(doc["code"], doc["example"]), doc.get("matters", "")
    examples = stored()
    for t in constraint_rows(constraint_keys()[key]):
        ex = examples.get(t.code)
        if ex is not None and holds_key(ex.puzzle, key):
            return ex, ""
    return None


def constraint_name(key: str) -> str:
    """The constraint's name in words: its kind, with the qualifier its example's label gives it (a slow
    thermometer is a thermometer whose label says "slow thermometer")."""
    found = stored_constraint_example(key)
    return constraint_keys()[key].KIND if found is None else name_in(found[0].puzzle, key)


def name_in(puzzle: Puzzle, key: str) -> str:
    """The name of the constraint of ``key`` in ``puzzle``: its kind, with the qualifier its label gives."""
    kind = constraint_keys()[key].KIND
    for c in puzzle.constraints:
        if key in instance_keys(c, puzzle.size):
            m = re.match(rf"\w+ {re.escape(kind)}\b", c.label(puzzle))
            return m.group(0) if m else kind
    return kind


def rule_text(cls: Any) -> str:
    """A constraint's rule in words: its class's first paragraph when that is a sentence of words, else its
    home module's (each home opens with its rule)."""
    import sys

    own = " ".join((cls.__doc__ or "").strip().split("\n\n")[0].split())
    if own.endswith(".") and "``" not in own and own[:1].isupper():
        return own
    home = " ".join((sys.modules[cls.__module__].__doc__ or "").strip().split("\n\n")[0].split())
    return home or own or cls.KIND


def constraint_header(key: str, out: Callable[[str], None]) -> None:
    """A constraint's name, rule and the techniques it feeds."""
    cls, name = constraint_keys()[key], constraint_name(key)
    out(f"{name[:1].upper() + name[1:]} (constraint key {key!r})")
    out(f"  Rule: {rule_text(cls)}")
    rows = constraint_rows(cls)
    if rows:
        out("  Techniques: " + "; ".join(f"{t.name} ({t.code}, SE {t.se})" for t in rows)
            + "; the candidates they remove feed every general technique.")
    else:
        out(f"  Techniques: none of its own; it {PEERS_ONLY}.")


def print_constraint(key: str, out: Callable[[str], None]) -> int:
    """``deduce techniques KEY`` for a constraint key: the header, then the stored example."""
    constraint_header(key, out)
    found = stored_constraint_example(key)
    if found is None:
        out("  No stored example.")
        return 0
    ex, matters = found
    state, step = ex.state(), ex.step
    renderer = TextRenderer(state.puzzle)
    out("")
    out(f"Example ({step.technique.name}), on {source_text(ex.source)}, from this position:")
    out(write_candidates_grid(state.puzzle, state.cand))
    out("Constraints:")
    for c in state.puzzle.constraints:
        out(f"  {c.label(state.puzzle)}")
    if state.puzzle.cages:
        out("Cages:")
        for line in cage_map(state.puzzle):
            out("  " + line)
    out("")
    if matters:
        out(f"Where the {constraint_name(key)} matters: {matters}.")
    out(f"Nudge: {renderer.text(step, 'nudge')}")
    out(f"Clue: {renderer.text(step, 'clue')}")
    out(renderer.explain(step))
    return 0
