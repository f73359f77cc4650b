"""The C accelerator's chain propagations, screens, fish and house searches,
as the strategies ask for them (the module is loaded by
:mod:`deduce._accelerator`; its sources are ``deduce/_accel/*.c``, one file
per kernel, built by the package's own install).

With it, the static, grouped and dynamic propagations (X-chains, AICs,
static cell/region chains, grouped AICs, Nishio, dynamic forcing chains)
are made node for node as
:meth:`strategies.implications.Implications._propagate_python` makes them,
several times faster; dynamic+ and nested propagations go on in Python
from where the C one stopped.  Without it (not built, or
``DEDUCE_PURE_PYTHON=1`` in the environment) every search is the pure
Python one, which stays the reference: the tests compare the two on every
literal of many positions, and ``.ci/run`` runs the whole suite both ways.

:func:`context` packs what a propagation reads of the position (candidate
masks, the symbols' places, peers and houses, the line-box intersections,
the almost locked sets of grouped chains) into the C module's ``Context``,
once per position and mode (the module finds the "off" literals worth
following and indexes the sets itself), with the engine's limit on
generations; :func:`screen` hands the position to a ``Screen``, which
makes the links of the bitset screen of static chains and whose
``reach``, ``units`` and ``common_bound`` are
:class:`strategies.static_screen.StaticScreen`'s in C; :func:`fish_tables`
packs a geometry's houses and a puzzle's peers into a ``FishTables``, whose
``search`` is :meth:`strategies.fish.Fish._searched` and ``standard``
:meth:`strategies.fish.Fish._standard_found` in C; :func:`house_tables`
packs a geometry's houses and line-box intersections into
``HouseTables``, whose ``naked`` and ``hidden`` are the naked, hidden and
locked set searches of :mod:`strategies.subsets`; :func:`aligned_sets`
finds the sets of :mod:`strategies.aligned_exclusion` worth enumerating;
The module's ``trace_count`` (over a propagation it made) and
``ancestor_count`` (over one made in Python) count a conclusion's chain
(:meth:`strategies.implications.Propagation.ancestor_count`) without
making its set.

Every kernel returns plain data: a propagation comes back as its literals
numbered and its records as native ints, and
:class:`strategies.implications.Trace` makes the ``(reason, parents)``
pairs, so the records' shape is Python's alone.

The module's limits (the largest grid, fish, fins and set its searches
take) are checked against the strategies' here: what lies beyond them is
left to Python.
"""

from __future__ import annotations

import functools
import warnings
from typing import TYPE_CHECKING, Any

from deduce._accelerator import load
from deduce.geometry import bits_of

from ._houses import house_order, line_block_pairs, per_position
from ._memo import memo_for

if TYPE_CHECKING:
    from deduce.state import State

    from .implications import Implications


_deduce_accel = load()


@functools.cache
def _record_codes_agree(codes: tuple[str, ...]) -> bool:
    """Whether the module numbers a propagation's records as ``codes``
    (:data:`strategies.implications.RECORD_CODES`) does; if not (sources
    changed on one side only), one warning, and chains propagate in Python."""
    if getattr(_deduce_accel, "RECORD_CODES", "").split() == list(codes):
        return True
    warnings.warn("deduce: the C accelerator numbers chain records otherwise than strategies/implications.py; "
                  "chains propagate in pure Python", RuntimeWarning, stacklevel=2)
    return False


def context(imp: Implications, max_als_cells: int, max_depth: int, record_codes: tuple[str, ...]) -> Any:
    """The C ``Context`` of ``imp``'s position and mode (static, grouped or
    dynamic), or None when the accelerator is not installed.  Its
    ``propagate`` gives a propagation as plain data, which
    :class:`strategies.implications.Trace` makes the records of (None
    when the module's record codes are not ``record_codes``,
    :data:`strategies.implications.RECORD_CODES`);
    ``max_als_cells`` the largest almost locked sets grouped chains pass
    through (0 in the other modes), ``max_depth`` the generations of
    consequences followed.  The module finds the "off" literals to
    follow as :meth:`~strategies.implications.Implications._live_houses`
    does, and the almost locked sets as :func:`strategies.als.node_sets`
    lists them, indexed as
    :attr:`~strategies.implications.Implications.als_index` is."""
    if (_deduce_accel is None or imp.mode not in ("static", "grouped", "groups", "dynamic")
            or not _record_codes_agree(record_codes)):
        return None

    n, ncells = imp.n, len(imp.cand)
    house_masks = imp.house_masks
    peer_words, house_words, cell_houses, crossings = _puzzle_tables(imp.state)
    return _deduce_accel.Context(
        n, ncells, len(house_masks), int(imp.static), int(imp.mode in ("grouped", "groups")),
        -1 if imp.symbol is None else imp.symbol,
        imp.cand, imp.value, _words(imp.smask, ncells), peer_words, house_words, cell_houses,
        crossings if imp.group_of else b"", max_als_cells, max_depth)


def _puzzle_tables(state: State) -> tuple[bytes, bytes, list[int], bytes]:
    """What a ``Context`` and a ``Screen`` read of the puzzle rather than of
    the position, packed once per peer table
    (:func:`~strategies._memo.memo_for`): the peer masks and house masks as
    words, each cell's houses in one list, and per cell its row's and its
    column's intersection with its box (the crossings a group lies in)."""
    memo = memo_for(state)
    tables = memo.get("accel context tables")
    if tables is None:
        g = state.puzzle.geometry
        ncells = len(state.cand)
        house_masks = g.house_masks
        crossings = []
        for row, col, block in g.cell_houses:
            crossings += [house_masks[row] & house_masks[block], house_masks[col] & house_masks[block]]
        tables = memo["accel context tables"] = (
            _words(state.puzzle.peer_masks, ncells), _words(house_masks, ncells),
            [h for hs in g.cell_houses for h in hs], _words(crossings, ncells))
    return tables


def _words(masks: Any, ncells: int) -> bytes:
    """Cell masks as the module reads them: each in little-endian 64-bit words."""
    nbytes = (ncells + 63) // 64 * 8
    return b"".join(m.to_bytes(nbytes, "little") for m in masks)


def screen(state: State, symbol: int | None, houses: bool, max_depth: int) -> Any:
    """The C ``Screen`` of :class:`~strategies.static_screen.StaticScreen`
    (state, symbol, houses): the same links, made from the position, whose
    ``reach``, ``units`` and ``common_bound`` are the Python ones' in C; or
    None when the accelerator is not installed."""
    if _deduce_accel is None:
        return None
    peer_words, house_words, cell_houses, _ = _puzzle_tables(state)
    return _deduce_accel.Screen(state.puzzle.size, len(state.cand), state.cand, state.value, peer_words, house_words,
                                cell_houses, -1 if symbol is None else symbol, houses, max_depth)


def house_tables(state: State) -> tuple[Any, Any] | None:
    """The C ``HouseTables`` of the puzzle's houses, in the order a person
    scans them (:func:`~strategies._houses.house_order`), and of its
    line-box intersections (:func:`~strategies._houses.line_block_pairs`:
    their cells, within the line's and the box's), whose searches are those
    of :mod:`strategies.subsets` in C (the same sets, in the same order);
    made once per peer table, or
    None when the accelerator is not installed."""
    if _deduce_accel is None:
        return None
    memo = memo_for(state)
    tables = memo.get("accel house tables")
    if tables is None:
        g = state.puzzle.geometry
        houses = [(cells, cells) for cells in (tuple(g.houses[h]) for h in house_order(g))]
        crossings = [(tuple(bits_of(inter)), (*g.houses[line], *g.houses[block]))
                     for line, block, inter in line_block_pairs(g)]
        tables = memo["accel house tables"] = (
            _deduce_accel.HouseTables(g.size, len(state.cand), houses),
            _deduce_accel.HouseTables(g.size, len(state.cand), crossings))
    return tables


def house_search(state: State, method: str, *args: int) -> list[Any] | None:
    """The finds of the C ``HouseTables.<method>(cand, value, *args)`` over
    the puzzle's houses (naked or hidden sets), each with its house number where the module gives the house's
    place in :func:`~strategies._houses.house_order`; None when the
    accelerator is not installed."""
    tables = house_tables(state)
    if tables is None:
        return None
    order = house_order(state.puzzle.geometry)
    return [(order[i], *rest) for i, *rest in getattr(tables[0], method)(state.cand, state.value, *args)]


# -- hidden singles from the hidden-set search (engine2) --------------------------------------------

def hidden_singles(state: State) -> list[tuple[int, int, int]] | None:
    """:meth:`strategies.singles.HiddenSingle._singles` (house, cell,
    symbol, houses in the order a person scans them, symbols in order) from
    the C ``HouseTables.hidden`` search of one symbol, over tables of one
    symbol more that every empty cell holds (so that a single whose cell
    holds nothing else, which removes nothing, is found too); None when the
    accelerator is not installed or the grid has over 31 symbols."""
    n = state.puzzle.size
    if _deduce_accel is None or n >= SINGLES_MAX_SYMBOLS:
        return None
    memo = memo_for(state)
    kept = memo.get("accel single tables")
    if kept is None:
        g = state.puzzle.geometry
        order = house_order(g)
        houses = [(cells, cells) for cells in (tuple(g.houses[h]) for h in order)]
        kept = memo["accel single tables"] = (_deduce_accel.HouseTables(n + 1, len(state.cand), houses), order)
    tables, order = kept
    extra = 1 << n
    return [(order[i], cells[0], syms[0])
            for i, syms, cells in tables.hidden([m | extra for m in state.cand], state.value, 1)]


#: Symbols of a grid :func:`hidden_singles` reads in C (one more must fit the search's 32).
SINGLES_MAX_SYMBOLS = 32


def aligned_sets(state: State, size: int, changed: int | None) -> list[tuple[int, ...]] | None:
    """The sets :func:`strategies.aligned_exclusion.aligned_exclusions`
    makes the eliminations of, in its order, found by the C module's
    ``aligned_sets``: per set its ``size`` base cells and its excluders (a
    cell mask); None when the accelerator is not in use, or the grid (or a
    set's excluders) is beyond the module's limits."""
    if _deduce_accel is None or len(state.cand) > _deduce_accel.FISH_MAX_CELLS or state.puzzle.size > 31:
        return None
    peer_words = _puzzle_tables(state)[0]
    return _deduce_accel.aligned_sets(state.cand, state.value, peer_words, size, changed)


def fish_tables(g: Any, peers: tuple[int, ...], cell_houses: list[tuple[int, ...]], largest: int, fins: int) -> Any:
    """The C ``FishTables`` of a geometry's houses, a puzzle's peers and the
    cells' cover houses, whose ``search`` is
    :meth:`strategies.fish.Fish._searched` and ``standard``
    :meth:`strategies.fish.Fish._standard_found` in C (the same results, in
    the same order), or None when the accelerator is not in use, or the
    grid, the ``largest`` fish or the most ``fins`` the strategies look for
    are beyond the module's limits."""
    if (_deduce_accel is None or len(g.house_masks) > _deduce_accel.FISH_MAX_HOUSES
            or len(peers) > _deduce_accel.FISH_MAX_CELLS or largest > _deduce_accel.FISH_MAX_SIZE
            or fins > _deduce_accel.FISH_MAX_FINS):
        return None
    return _deduce_accel.FishTables(len(peers), list(g.house_masks), list(peers), list(cell_houses))




def _als_tables(state: State, sets: list[Any], pairs: dict[tuple[int, int], list[int]],
                reach: list[list[int]]) -> tuple[Any, ...] | None:
    """What the C ALS searches read, packed once per position: each set's
    links (offsets, sets, commons: :func:`strategies.als._neighbours` of the
    restricted commons ``pairs``, made without that dict), per set and symbol its ``reach`` and
    per set its cells as words, the symbols and the words per mask; None
    when the accelerator is not in use or the grid is beyond its limits."""
    if _deduce_accel is None or not sets or len(state.cand) > _deduce_accel.FISH_MAX_CELLS:
        return None

    def pack() -> tuple[Any, ...]:
        assert _deduce_accel is not None
        off, nbr, mask = _deduce_accel.als_pair_table(pairs, len(sets))
        words = (len(state.cand) + 63) // 64
        reach_words = _pack(reach, words)
        cell_words = _pack([[a.cells for a in sets]], words)
        return off, nbr, mask, reach_words, cell_words, len(reach[0]), words

    return per_position(state, "als tables", pack)


def _wings(kernel: str, state: State, sets: list[Any], pairs: dict[tuple[int, int], list[int]],
           reach: list[list[int]]) -> Any:
    """The C module's ALS-XY-wing search ``kernel`` over the position's packed sets, or None."""
    tables = _als_tables(state, sets, pairs, reach)
    if tables is None or _deduce_accel is None or tables[5] > 31:
        return None
    off, nbr, mask, reach_words, cell_words, nsym, words = tables
    return getattr(_deduce_accel, kernel)(off, nbr, mask, [a.symbols for a in sets], reach_words, cell_words, nsym,
                                          words)


def hodoku_grid(cand: list[int], groups: bool) -> tuple[list[tuple[int, int]], list[tuple[int, ...]], list[int]] | None:
    """The group nodes (symbol, cell mask) of :class:`strategies._hodoku_tabling._Grid` (9x9), each
    literal's direct consequences in its order and each symbol's places, made by the C module's
    ``hodoku_grid``; None when the accelerator is not in use."""
    if _deduce_accel is None:
        return None
    return _deduce_accel.hodoku_grid(cand, groups)


def als_sets(state: State, max_cells: int, record: type | None = None
             ) -> list[tuple[int, int, int, tuple[int, ...], tuple[int, ...]]] | None:
    """:func:`strategies.als.almost_locked_sets`' sets as tuples (of the tuple type ``record``
    when given), in its order, found by the C module's ``als_sets``; None when the accelerator is not
    in use or the grid, the symbols or the set size are beyond its limits."""
    if (_deduce_accel is None or len(state.cand) > _deduce_accel.FISH_MAX_CELLS or state.puzzle.size > 31
            or max_cells > 31):
        return None
    memo = memo_for(state)
    houses = memo.get("accel als houses")
    if houses is None:
        g = state.puzzle.geometry
        houses = memo["accel als houses"] = ([c for h in g.houses for c in h], [len(h) for h in g.houses])
    return _deduce_accel.als_sets(state.cand, state.value, _puzzle_tables(state)[0], *houses, state.puzzle.size,
                                  max_cells, record)


def als_links(state: State, sets: list[Any]) -> dict[tuple[int, int], list[int]] | None:
    """The restricted commons of every two of ``sets`` (:func:`strategies.als._links`' table, in its
    order), made by the C module's ``als_links``; None when the accelerator is not in use or the grid
    or the symbols are beyond its limits."""
    if _deduce_accel is None or len(state.cand) > _deduce_accel.FISH_MAX_CELLS or state.puzzle.size > 31:
        return None
    return _deduce_accel.als_links(sets, state.puzzle.size, (len(state.cand) + 63) // 64)


def als_xy_whole(state: State, sets: list[Any], pairs: dict[tuple[int, int], list[int]],
                 reach: list[list[int]]) -> list[tuple[int, int, int, int, int, list[tuple[int, int]]]] | None:
    """What :meth:`strategies.als.AlsXYWing._whole` (HoDoKu's reading) makes its steps from, in its
    order: (pivot, wing, x, wing, y, eliminations), found by the C module's ``als_xy_whole``; None when
    the accelerator is not in use or the grid or the symbols are beyond its limits."""
    return _wings("als_xy_whole", state, sets, pairs, reach)


def hodoku_net_starts(cand: list[int]) -> list[tuple[tuple[int, ...], int] | None] | None:
    """Each candidate literal's net table start (:func:`strategies._hodoku_nets._fill`, its own
    literal left out) and the same as a bit set, None for the other literals (9x9), made by the C
    module's ``hodoku_net_starts``; None when the accelerator is not in use."""
    if _deduce_accel is None:
        return None
    return _deduce_accel.hodoku_net_starts(cand)


def hodoku_nice_loops(cand: list[int], groups: bool, max_entries: int
                      ) -> tuple[list[tuple[int, int]], list[tuple[str, tuple[tuple[int, int], ...],
                                                                    list[tuple[int, bool]], int, bool]]] | None:
    """:meth:`strategies._hodoku_tabling._Search.run`'s nice loops and AICs before its sort, read by the
    C module's ``hodoku_nice_loops`` over the grid it makes from the candidates ``cand`` (with its
    groups or not): its group nodes (symbol, cell mask) and the steps (kind, eliminations, chain,
    strand, loop); None when the accelerator is not in use."""
    if _deduce_accel is None:
        return None
    return _deduce_accel.hodoku_nice_loops(cand, groups, max_entries)


def hodoku_forcing(cand: list[int], value: list[int], direct: list[tuple[int, ...]], groups: list[tuple[int, int]],
                   max_entries: int) -> list[tuple[Any, ...]] | None:
    """:meth:`strategies._hodoku_forcing._ForcingSearch.run`'s steps before its sort, found by the C
    module's ``hodoku_forcing``: (kind, form, source, placement, eliminations, branches, clash,
    length); None when the accelerator is not in use."""
    if _deduce_accel is None:
        return None
    return _deduce_accel.hodoku_forcing(cand, value, direct, groups, max_entries)


def hodoku_als_walk(forward: list[list[tuple[int, int, int]]], symbols: list[int], reach: list[list[int]],
                    words: int, max_links: int, budget: int
                    ) -> list[tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[tuple[int, int], ...]]] | None:
    """The chains :func:`strategies._hodoku_als.als_chains`' walk reads that remove something, in its
    order: (sets, commons, eliminations), made by the C module's ``hodoku_als_walk`` over each set's
    forward links (later set, first common, second common or -1); None when the accelerator is not
    in use or the symbols or the chains are beyond its limits."""
    if _deduce_accel is None or not reach or not 0 < len(reach[0]) < 32 or max_links > 60:
        return None
    off, nbr, first, second = [0], [], [], []
    for onward in forward:
        for b, c1, c2 in onward:
            nbr.append(b)
            first.append(c1)
            second.append(c2)
        off.append(len(nbr))
    packed = _pack(reach, words)
    return _deduce_accel.hodoku_als_walk(off, nbr, first, second, symbols, packed, len(reach[0]), words, max_links,
                                         budget)


def als_hodoku_order(sets: list[Any], words: int) -> list[int] | None:
    """:func:`strategies._hodoku_als.hodoku_order` of ``sets`` (cells in ``words`` 64-bit words) by the
    C module's ``als_hodoku_order``; None when the accelerator is not in use."""
    if _deduce_accel is None:
        return None
    return _deduce_accel.als_hodoku_order(sets, words)


def hodoku_als_run(state: State, sets: list[Any], pairs: dict[tuple[int, int], list[int]], reach: list[list[int]],
                   order: list[int], max_links: int, budget: int
                   ) -> list[tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[tuple[int, int], ...]]] | None:
    """:func:`hodoku_als_walk` over the forward links :func:`strategies._hodoku_als.als_chains` makes,
    the links made by the C module too (``hodoku_als_run``) from the position's ``sets``, their
    restricted commons ``pairs`` and ``reach`` (the position's order, packed once per position) and
    HoDoKu's ``order`` of the sets; None when the accelerator is not in use or past its limits."""
    if _deduce_accel is None or not reach or not 0 < len(reach[0]) < 32 or max_links > 60:
        return None
    tables = _als_tables(state, sets, pairs, reach)
    if tables is None:
        return None
    reach_words, cell_words, nsym, words = tables[3:]
    return _deduce_accel.hodoku_als_run(pairs, order, [a.symbols for a in sets], cell_words, reach_words, nsym, words,
                                        max_links, budget)


# -- homisc: HoDoKu's other finders (deduce/_accel/ho_misc.c) -------------------

def sdc_shared(state: State, core: list[int], line: list[int],
               box: list[int]) -> list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int, int]] | None:
    """:meth:`strategies.als.SueDeCoq._shared_at`'s search of one intersection
    in C: (core, line part, box part, their symbols) of each Sue de Coq that
    removes something, in its order; None without the module, or past its
    limit of cells per house."""
    if (_deduce_accel is None or max(len(line), len(box)) > _deduce_accel.SDC_MAX_CELLS
            or state.puzzle.size > 30):
        return None
    return _deduce_accel.sdc_shared(state.cand, core, line, box)


def sdc_batch(state: State, todo: list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]
              ) -> list[list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int, int]]] | None:
    """:func:`sdc_shared` of each (intersection, line, box) cells of ``todo``
    (solved cells included: their unsolved ones are searched) in one call to
    the C module; None without the module, or with houses past its limit."""
    if _deduce_accel is None or state.puzzle.size > _deduce_accel.SDC_MAX_CELLS:
        return None
    return _deduce_accel.sdc_batch(state.cand, state.value, todo)


def als_neighbours(state: State, pairs: dict[tuple[int, int], list[int]]) -> dict[int, list[tuple[int, int]]] | None:
    """:func:`strategies.als._neighbours` of ``pairs`` (``state``'s) in C, or
    None without the module (or with symbols past its 62 bits)."""
    if _deduce_accel is None or state.puzzle.size > 62:
        return None
    return _deduce_accel.als_neighbours(pairs)


def _pack(rows: Any, words: int) -> bytes:
    """Every int of every row as ``words`` little-endian words, packed by the
    C module (for its ALS kernels, which Python calls only with the module)."""
    assert _deduce_accel is not None
    return _deduce_accel.pack_words(rows, words)


def als_xz_pairs(state: State, sets: list[Any], pairs: dict[tuple[int, int], list[int]], reach: list[list[int]]
                 ) -> list[tuple[tuple[int, int], list[int]]] | None:
    """The pairs of sets :class:`strategies.als.AlsXZ` reads (those that may
    remove something), in its order, from the C module's ``als_xz_pairs``
    over the position's packed ALS tables; None without the module or past its limits."""
    if _deduce_accel is None:
        return None
    tables = _als_tables(state, sets, pairs, reach)
    if tables is None or _deduce_accel is None or tables[5] > 31:
        return None
    reach_words, cell_words, nsym, words = tables[3:]
    return _deduce_accel.als_xz_pairs(pairs, [a.symbols for a in sets], reach_words, cell_words, nsym, words)


def hodoku_ur_rectangles(state: State) -> list[tuple[tuple[int, int, int, int], int, int]] | None:
    """:func:`strategies._hodoku_uniqueness._rectangles` (9x9) in C, in its
    order; None without the module."""
    if _deduce_accel is None:
        return None
    return _deduce_accel.hodoku_ur_rectangles(state.cand, state.value)


def als_reach(state: State, sets: list[Any], masks: list[int]) -> tuple[list[list[int]], list[int]] | None:
    """:func:`strategies.als.als_reach` of ``sets`` and the symbols each
    reaches, from the C module's ``als_reach``; None without the module or
    past its limits."""
    if _deduce_accel is None or len(state.cand) > _deduce_accel.FISH_MAX_CELLS or len(masks) > 62:
        return None
    return _deduce_accel.als_reach(sets, masks, (len(state.cand) + 63) // 64)


# -- XY-chains (deduce/_accel/xychain.c) ------------------------------------------------------------


def xy_chain_paths(state: State, bivalue: list[int], max_cells: int) -> list[tuple[tuple[int, ...], int, int]] | None:
    """:meth:`strategies.chains.XYChain._paths`' chains from the bivalue cells ``bivalue`` (each start's
    walks, up to ``max_cells`` cells), in its order, from the C module's ``xy_chain_paths``; None
    without the module or past its limits (31 symbols, 64 cells a chain)."""
    if _deduce_accel is None or state.puzzle.size > 31 or max_cells > 64:
        return None
    cand = state.cand
    return _deduce_accel.xy_chain_paths(bivalue, [cand[c] for c in bivalue], _puzzle_tables(state)[0],
                                        len(cand), max_cells)
