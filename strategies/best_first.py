"""Static chains best-first: the bitset screen (:mod:`strategies.static_screen`)
bounds what each unit of work can conclude, and units are propagated link by
link in that order only until the best conclusion found is strictly easier
than every bound left (measurements in ``bench/PROFILE.md``)."""

from __future__ import annotations

import heapq
from functools import partial
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, cast

from deduce.geometry import cells_of
from deduce.literal import known, lit_cell, negate
from deduce.literal import lit_symbol as lit_sym
from deduce.state import State
from deduce.step import Step
from deduce.techniques import se_length_bonus

from . import _accel
from ._houses import per_position
from ._memo import symbol_masks
from .conclusions import _HIDDEN_BIT as HIDDEN_BIT
from .conclusions import _NOTED as NOTED
from .conclusions import CONTRADICTION, DOUBLE, Conclusion, contradiction_targets
from .implications import Implications, Propagation, Trace, _record_codes, implications
from .static_screen import static_screen
from .symbol_store import per_symbol

if TYPE_CHECKING:
    from .chain_producer import ChainProducer


def best_first(producer: ChainProducer, state: State) -> Iterator[Step]:
    """The steps of :meth:`ChainProducer.find`, in the same order, for static chains:
    the screen gives each unit of work (an assumption's contradiction,
    its double implications, a cell or region) a lower bound on the
    rating and complexity of what it can conclude, and units are
    propagated link by link in that order only until the best conclusion
    found is strictly easier than every bound left.  The order is the
    full sort's: rating, complexity, result, then order of generation."""
    units, refined = _static_units(producer, state)
    heapq.heapify(units)
    # (rating, complexity, result, order of generation, the conclusion or what makes it, variant)
    pool: list[tuple[float, int, int, int, int, Any, str]] = []
    seen: set[int] = set()
    made: set[tuple[tuple[int, int], ...]] = set()
    while units or pool:
        if pool and (not units or pool[0][:2] < units[0][:2]):
            _, _, result, _, _, con, variant = heapq.heappop(pool)
            if result in seen:
                continue
            seen.add(result)
            if not isinstance(con, Conclusion):
                con = con()  # (a double implication counted in C, made only now: see _doubles)
            step = producer.make_step(state, con, variant)
            if new_step(step, made):
                yield step
            continue
        _, bound, order, work, args, refine = heapq.heappop(units)
        if refine is not None:
            # a tighter bound, computed only now that the unit comes first (it is never lower)
            heapq.heappush(units, (refined(*refine), bound, order, work, args, None))
            continue
        for j, (rating, complexity, result, con, variant) in enumerate(work(*args)):
            heapq.heappush(pool, (rating, complexity, result, order, j, con, variant))


def _rated(producer: ChainProducer, conclusions: Iterable[Conclusion]) -> list[tuple[float, int, int, Any, str]]:
    """``(rating, complexity, result, conclusion, variant)`` of each of ``conclusions``."""
    se_for = producer.technique.se_for
    out = []
    for con in conclusions:
        variant = producer.variant_of(con)
        out.append(((se_for(variant) or 0) + se_length_bonus(con.complexity), con.complexity, con.result, con, variant))
    return out


def new_step(step: Step, made: set[tuple[tuple[int, int], ...]]) -> bool:
    """False for a whole chain's step already made from another of its
    results (a chain with several eliminations is found once per elimination)."""
    if len(step.eliminations) < 2:
        return True
    if step.eliminations in made:
        return False
    made.add(step.eliminations)
    return True


def _static_units(producer: ChainProducer, state: State) -> tuple[list[tuple[float, int, int, Any, tuple, Any]],
                                                                   Callable[..., float]]:
    """(lower bounds on rating and on complexity, order, work, args, refine) per unit, in the
    order :meth:`ChainProducer._conclusions` generates their conclusions, and ``refined``;
    ``work(*args)`` returns the unit's conclusions, rated; ``refine`` is None or the
    arguments of ``refined``, which returns a tighter bound on the rating (AICs: the X
    and Y variants' own screens), asked for only when the unit would otherwise be
    worked.  (Plain tuples, no partial per unit: most units of a position are never
    worked.)  Units the screen shows empty are left out.  (Whatever a unit
    concludes rates at least the first bound, and when it rates exactly that,
    has at least the second.)"""
    kind = producer.kind
    se_for = producer.technique.se_for
    least = min([producer.technique.se or 0.0] + [v for _, v in producer.technique.se_variants])
    bonus = se_length_bonus
    # AICs rate lower when the chain keeps to one symbol (X) or to bivalue cells (Y): bound those
    # variants with the screens of their own links, and the rest at the mixed (XY) rating
    refine = kind == "aic"
    base_x, base_y, base_xy = (se_for(v) or 0.0 for v in ("x", "y", "xy"))
    bases = (least, base_x, base_y, base_xy)
    screens: dict[Any, Any] = {}  # (the X and Y screens _refined reads, looked up once per position)
    smask = symbol_masks(state)
    # (the double implications counted in C, when the accelerator is in use: see _doubles)
    counted = _accel._deduce_accel is not None and producer.mode == "static" and kind in ("aic", "x-chain")
    units: list[tuple[float, int, int, Any, tuple, Any]] = []
    add = units.append
    rated: dict[int, float] = {}  # (least + bonus(bound), per bound)
    # (ChainProducer.symbols: X-chains each symbol with a candidate left, in order; the others every symbol at once)
    symbols: list[int | None] = [s for s, m in enumerate(smask) if m] if kind == "x-chain" else [None]
    for symbol in symbols:
        if kind == "cell-region":
            imp = implications(state, producer.mode, symbol)
            screen = static_screen(state, symbol)
            groups = producer.branch_groups(state)
            for (group, source, starts), bound in zip(groups, screen.common_bounds(groups)):
                if bound is not None:
                    add((least + bonus(bound), bound, len(units),
                         _cell_or_region, (producer, state, imp, group, source, starts), None))
            continue
        if symbol is None:  # (the same for every static chain of the position)
            on_lits = per_position(state, "on literals", lambda: _on_literals(state))
            contradictions, doubles = static_screen(state, None).units(on_lits)
        else:
            # (a symbol's units read only where the symbol can go: kept while its places stay the same)
            on_lits, contradictions, doubles = per_symbol(state, "x-chain units", symbol,
                                                          partial(_symbol_units, state, symbol, smask[symbol]))
        if not contradictions and not doubles:
            continue  # (nearly every symbol of an X-chain: no propagation asked for)
        imp = implications(state, producer.mode, symbol)
        for k, bound in contradictions:
            rating = rated.get(bound)
            if rating is None:
                rating = rated[bound] = least + bonus(bound)
            add((rating, bound, len(units), _contradiction, (producer, imp, on_lits[k]), None))
        for k, common, dead in doubles:
            x = on_lits[k]
            # (the least of the two that are not None: at least one is)
            bound = cast(int, dead if common is None else common if dead is None or common <= dead else dead)
            rating = rated.get(bound)
            if rating is None:
                rating = rated[bound] = least + bonus(bound)
            add((rating, bound, len(units), _doubles, (producer, state, imp, x, counted),
                 (x, common, dead) if refine and common is not None else None))
    return units, partial(_refined, state, bases, screens)


def _symbol_units(state: State, symbol: int, places: int) -> tuple[list[int], list[tuple[int, int]],
                                                                  list[tuple[int, int | None, int | None]]]:
    """The "on" literals of ``symbol`` at its unsolved ``places`` and their
    :meth:`~strategies.static_screen.StaticScreen.units` in the symbol's screen."""
    on = symbol << 1 | 1  # (lit(c, symbol, True) = c << 6 | on, inline)
    on_lits = [c << 6 | on for c in cells_of(places)]
    return (on_lits, *static_screen(state, symbol).units(on_lits))


def _on_literals(state: State) -> list[int]:
    """Every unsolved cell's candidates' "on" literals, cell by cell."""
    cand, value = state.cand, state.value
    return [c << 6 | s << 1 | 1 for c in range(len(value)) if value[c] < 0 for s in cells_of(cand[c])]  # (lit, inline)


def _refined(state: State, bases: tuple[float, float, float, float], screens: dict[Any, Any], x: int, common: int,
             dead: int | None) -> float:
    """A lower bound on the rating of what the AIC unit of ``x`` concludes:
    a common consequence rates as an XY-chain unless the X or the Y screen
    (subgraphs of the full one, so their distances are never shorter) also
    shows it; a contradiction at the least rating.  ``screens`` keeps the
    screens' ``double_bound`` read (by symbol, None for the Y screen) for
    the other units of the same position."""
    bonus = se_length_bonus
    least, base_x, base_y, base_xy = bases
    rating = base_xy + bonus(common)
    if dead is not None:
        rating = min(rating, least + bonus(dead))
    sym = x >> 1 & 31  # (lit_sym(x), inline)
    x_bound = screens.get(sym)
    if x_bound is None:
        x_bound = screens[sym] = static_screen(state, sym).double_bound
    x_common = x_bound(x)[0]
    if x_common is not None:
        rating = min(rating, base_x + bonus(x_common))
    y_bound = screens.get(None)
    if y_bound is None:
        y_bound = screens[None] = static_screen(state, None, houses=False).double_bound
    y_common = y_bound(x)[0]
    if y_common is not None:
        rating = min(rating, base_y + bonus(y_common))
    return rating


def _contradiction(producer: ChainProducer, imp: Implications, x: int) -> list[tuple[float, int, int, Any, str]]:
    prop = imp.propagate(x)
    if prop.contradiction is None:
        return []
    return _contradicted(producer, prop, x, negate(x))


def _contradicted(producer: ChainProducer, prop: Propagation, x: int,
                  result: int) -> list[tuple[float, int, int, Any, str]]:
    """The rated conclusion ``result`` of the contradiction assuming ``x`` runs into (static chains:
    the contradiction counted as one chain); with the accelerator, counted as
    :class:`~strategies.conclusions.Conclusion` counts it, and made only when taken."""
    source, targets = (lit_cell(x), lit_sym(x)), contradiction_targets(prop)
    nodes = prop.nodes
    fast = _accel._deduce_accel
    if fast is not None and type(nodes) is Trace and not prop.nested_rules and producer.kind in ("aic", "x-chain"):
        count, noted, symbols = fast.trace_count(nodes._index, nodes._raw, targets, _record_codes(NOTED))
        variant = _variant(noted, symbols)
        return [((producer.technique.se_for(variant) or 0) + se_length_bonus(count), count, result,
                 partial(Conclusion, CONTRADICTION, source, [prop], [targets], result), variant)]
    return _rated(producer, [Conclusion(CONTRADICTION, source, [prop], [targets], result)])


def _variant(noted: int, symbols: int) -> str:
    """:meth:`ChainProducer.variant_of` an AIC or X-chain from its counts: one
    symbol, X; else through a hidden single's link, XY; else Y."""
    return "x" if not symbols & (symbols - 1) else "xy" if noted & HIDDEN_BIT else "y"


def _cell_or_region(producer: ChainProducer, state: State, imp: Implications, kind: str, source: tuple,
                    starts: list[int]) -> list[tuple[float, int, int, Any, str]]:
    return _rated(producer, producer.cell_or_region(state, imp, kind, source, starts))


def _doubles(producer: ChainProducer, state: State, imp: Implications, x: int,
             counted: bool) -> list[tuple[float, int, int, Any, str]]:
    """The rated conclusions of the double implications of ``x`` (an "on"
    literal), :meth:`ChainProducer.doubles`'; with ``counted``, those
    of a propagation both ways that contradicts neither are counted in C
    (``double_counts``: complexity, symbols and kinds of link, as
    :class:`~strategies.conclusions.Conclusion` counts them), and each
    :class:`~strategies.conclusions.Conclusion` is made only when taken."""
    if counted:
        x_off = x ^ 1
        prop_off = imp.propagate(x_off)
        off_nodes = prop_off.nodes
        if prop_off.contradiction is not None:  # (x itself: ChainProducer.doubles's first case)
            return _contradicted(producer, prop_off, x, x)
        if len(off_nodes) == 1:
            return []  # (assuming x false implies nothing: nothing in common)
        if type(off_nodes) is Trace and not prop_off.nested_rules:
            prop_on = imp.propagate(x)
            on_nodes = prop_on.nodes
            if type(on_nodes) is Trace and not prop_on.nested_rules:
                return _counted_doubles(producer, state, x, prop_on, prop_off)
    return _rated(producer, producer.doubles(state, imp, [x]))


def _counted_doubles(producer: ChainProducer, state: State, x: int, prop_on: Propagation,
                     prop_off: Propagation) -> list[tuple[float, int, int, Any, str]]:
    on, off = prop_on.nodes, prop_off.nodes
    assert isinstance(on, Trace) and isinstance(off, Trace)
    se_for = producer.technique.se_for
    ratings = {v: se_for(v) or 0.0 for v in ("x", "y", "xy")}
    source = (lit_cell(x), lit_sym(x))
    props = [prop_on, prop_off]
    out = []
    for y, count, noted, symbols in _accel._deduce_accel.double_counts(  # type: ignore[union-attr]
            on._index, on._raw, off._index, off._raw, x, known_literals(state), _record_codes(NOTED)):
        variant = _variant(noted, symbols)
        out.append((ratings[variant] + se_length_bonus(count), count, y,
                    partial(Conclusion, DOUBLE, source, props, [[y], [y]], y), variant))
    return out


def known_literals(state: State) -> bytes:
    """Per literal of the position, 1 when :func:`deduce.literal.known` says
    the position already says it, else 0 (once per position)."""
    memo = state.cache.memo(state)
    return per_position(state, "known literals", lambda: b"".join(
        _known_pattern(memo, m, v >= 0) for m, v in zip(state.cand, state.value)))


def _known_pattern(memo: dict, cand: int, solved: bool) -> bytes:
    """The :func:`known_literals` of a cell's literals (those of symbols 0 to 31), kept in the solve's memo."""
    key = ("known pattern", cand, solved)
    got = memo.get(key)
    if got is None:
        got = memo[key] = bytes(known(s << 1 | on, [cand], [0 if solved else -1]) for s in range(32) for on in (0, 1))
    return got
