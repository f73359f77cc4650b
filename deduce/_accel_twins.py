"""Each entry point of the C accelerator beside its Python twin.

The accelerator (``deduce/_accel/``) does nothing the pure Python engine
does not: every function and method it exports answers exactly what a piece
of Python answers (the reference, and the engine where no compiler is).
This is the one table of those pairs: the C entry point, the file it lives
in, the Python it stands for (a dotted path), and the tests that compare the
two.  ``tests/test_accel_twins.py`` fails when an entry point of the
sources is missing here, when a twin or a test named here does not exist,
or when a comparison test does not call the entry point it is listed for.

Entries are kept in the order of the files.

>>> TWINS[0].kernel, TWINS[0].c_file
('Context.propagate', 'chains.c')
"""

from __future__ import annotations

import attrs


@attrs.frozen
class Twin:
    """One C entry point (``function`` or ``Type.method``) and the Python that does the same."""

    kernel: str
    c_file: str
    python: str
    tests: tuple[str, ...]


def _t(kernel: str, c_file: str, python: str, *tests: str) -> Twin:
    return Twin(kernel, c_file, python, tuple(f"tests/{t}.py" for t in tests))


TWINS: tuple[Twin, ...] = (
    # chains.c: the chain engine's propagations and the traces read from them
    _t("Context.propagate", "chains.c", "strategies.implications.Implications._propagate_python",
       "test_accel", "test_accel_sedyn"),
    _t("Context.contradicting", "chains.c", "strategies.implications.Implications.propagate", "test_speed_sedyn2"),
    _t("trace_count", "chains.c", "strategies.implications.Propagation.ancestor_count", "test_accel"),
    _t("ancestor_count", "chains.c", "strategies.implications.Propagation.ancestor_count", "test_accel"),
    _t("trace_chain", "se_dynamic.c", "strategies.conclusions.Conclusion.chains", "test_accel_sedyn"),
    _t("branch_groups", "se_dynamic.c", "strategies.chain_producer._branch_groups", "test_accel_sedyn"),
    # screen.c: the static screen
    _t("Screen.reach", "screen.c", "strategies.static_screen.StaticScreen.reach", "test_accel_seaic"),
    _t("Screen.masks", "screen.c", "strategies.static_screen.StaticScreen.__init__", "test_accel"),
    _t("Screen.units", "screen.c", "strategies.static_screen.StaticScreen._units_of", "test_speed_seaic2"),
    _t("Screen.common_bound", "screen.c", "strategies.static_screen.StaticScreen.common_bound", "test_accel_seaic"),
    _t("Screen.common_bounds", "screen.c", "strategies.static_screen.StaticScreen.common_bounds",
       "test_speed_seaic2"),
    _t("Screen.double_bound", "screen.c", "strategies.static_screen.StaticScreen.double_bound", "test_accel_seaic"),
    # se_static.c, se_dynamic.c: Sudoku Explainer's chains
    _t("double_counts", "se_static.c", "strategies.best_first._doubles", "test_accel_seaic"),
    _t("se_dynamic", "se_dynamic.c", "strategies.chain_producer.ChainProducer._cells_and_regions",
       "test_accel_sedyn"),
    _t("trace_doubles", "se_dynamic.c", "strategies.implications.Propagation.ancestor_count", "test_accel_sedyn"),
    # fish.c
    _t("FishTables.search", "fish.c", "strategies.fish.Fish._searched", "test_accel"),
    _t("FishTables.standard", "fish.c", "strategies.fish.Fish._standard_found", "test_accel"),
    # houses.c: subsets (and hidden singles as a subset of one symbol)
    _t("HouseTables.naked", "houses.c", "strategies.subsets.NakedSubset", "test_accel"),
    _t("HouseTables.hidden", "houses.c", "strategies.subsets.HiddenSubset", "test_accel", "test_speed_engine2"),
    # aligned.c
    _t("aligned_sets", "aligned.c", "strategies.aligned_exclusion.aligned_exclusions", "test_accel"),
    # alssets.c, alschain.c: almost locked sets, their commons, chains and wings
    _t("als_sets", "alssets.c", "strategies.als.almost_locked_sets", "test_accel", "test_speed_hoals"),
    _t("als_links", "alssets.c", "strategies.als._links", "test_accel", "test_accel_homisc"),
    _t("als_reach", "ho_misc.c", "strategies.als.als_reach", "test_accel_homisc"),
    _t("als_neighbours", "ho_misc.c", "strategies.als._neighbours", "test_accel_homisc"),
    _t("als_xy_whole", "alschain.c", "strategies.als.AlsXYWing._whole_found", "test_accel"),
    _t("als_xz_pairs", "ho_misc.c", "strategies.als.AlsXZ", "test_accel_homisc"),
    # hodals.c, ho_misc.c: HoDoKu's ALS chains, Sue de Coq, rectangles
    _t("hodoku_als_walk", "hodals.c", "strategies._hodoku_als.als_chains", "test_accel", "test_speed_hoals"),
    _t("hodoku_als_run", "hodals.c", "strategies._hodoku_als.als_chains", "test_speed_hoals"),
    _t("als_hodoku_order", "hodals.c", "strategies._hodoku_als.hodoku_order", "test_speed_hoals"),
    _t("als_pair_table", "ho_misc.c", "strategies.als._links", "test_accel_homisc", "test_speed_hoals"),
    _t("sdc_shared", "ho_misc.c", "strategies.als.SueDeCoq", "test_accel_homisc"),
    _t("sdc_batch", "ho_misc.c", "strategies.als.SueDeCoq", "test_speed_hoals"),
    _t("hodoku_ur_rectangles", "ho_misc.c", "strategies._hodoku_uniqueness._rectangles", "test_accel_homisc"),
    _t("pack_words", "ho_misc.c", "strategies._accel._pack", "test_accel_homisc"),
    # tabling.c, nets.c: HoDoKu's tables and nets
    _t("hodoku_grid", "tabling.c", "strategies._hodoku_tabling._Grid", "test_accel"),
    _t("hodoku_nice_loops", "tabling.c", "strategies._hodoku_tabling._Search.run", "test_accel_hotab"),
    _t("hodoku_forcing", "tabling.c", "strategies._hodoku_forcing._ForcingSearch.run", "test_accel_hotab"),
    _t("hodoku_net_starts", "nets.c", "strategies._hodoku_nets._fill", "test_accel"),
    # xychain.c
    _t("xy_chain_paths", "xychain.c", "strategies.chains.XYChain._paths", "test_accel_hochain"),
    # module.c: a position's places
    _t("symbol_masks", "module.c", "deduce.state.State.symbol_masks", "test_accel"),
    _t("unsolved_mask", "module.c", "deduce.state.State.unsolved_mask", "test_accel"),
    # search.c: the backtracking search
    _t("SearchTables.solutions", "search.c", "deduce.backtrack.Search.solutions", "test_accel"),
    _t("SearchTables.givens_solutions", "search.c", "deduce.backtrack.Search.solutions", "test_accel"),
)
