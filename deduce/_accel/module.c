#include "accel.h"

/* setup.py passes the digest of deduce/_accel/'s sources; a build without it is never accepted */
#ifndef DEDUCE_ACCEL_SOURCE_DIGEST
#define DEDUCE_ACCEL_SOURCE_DIGEST "unknown"
#endif

/* ---- a position's places: State.symbol_masks, the unsolved cells ------- */

/* symbol_masks(cand, value, nsymbols, solved) -> [cell mask per symbol]: the unsolved cells holding
 * each symbol as a candidate (with solved, the cells solved with it too), as State.symbol_masks. */
static PyObject *symbol_masks(PyObject *module, PyObject *args) {
    PyObject *cand_in, *value_in;
    int nsymbols, solved;
    if (!PyArg_ParseTuple(args, "OOip", &cand_in, &value_in, &nsymbols, &solved)) return NULL;
    if (nsymbols < 1 || nsymbols > 32) {
        PyErr_SetString(PyExc_ValueError, "symbol_masks: 1 to 32 symbols");
        return NULL;
    }
    Py_ssize_t ncells;
    PyObject *out = NULL;
    word *m = NULL;
    int *cand = int_array_in(cand_in, &ncells, -1, 0, 1L << nsymbols, "candidates");
    int *value = cand ? int_array_in(value_in, NULL, ncells, -1, nsymbols, "values") : NULL;
    if (!value) goto done;
    int W = (int)((ncells + 63) / 64);
    if (!W) W = 1;
    m = PyMem_RawCalloc((size_t)nsymbols * W, sizeof(word));
    if (!m) { PyErr_NoMemory(); goto done; }
    for (Py_ssize_t c = 0; c < ncells; c++) {
        word bit = (word)1 << (c & 63);
        if (value[c] < 0) {
            for (uint32_t b = (uint32_t)cand[c]; b; b &= b - 1) m[(size_t)__builtin_ctz(b) * W + (c >> 6)] |= bit;
        } else if (solved) {
            m[(size_t)value[c] * W + (c >> 6)] |= bit;
        }
    }
    out = PyList_New(nsymbols);
    if (!out) goto done;
    for (int s = 0; s < nsymbols; s++) {
        PyObject *v = bits_to_long(m + (size_t)s * W, W);
        if (!v) { Py_CLEAR(out); goto done; }
        PyList_SET_ITEM(out, s, v);
    }
done:
    PyMem_RawFree(cand);
    PyMem_RawFree(value);
    PyMem_RawFree(m);
    return out;
}

/* unsolved_mask(value) -> the cells whose value is below 0, as a cell mask. */
static PyObject *unsolved_mask(PyObject *module, PyObject *value_in) {
    Py_ssize_t ncells;
    int *value = int_array(value_in, &ncells);
    if (!value) return NULL;
    int W = (int)((ncells + 63) / 64);
    if (!W) W = 1;
    word *m = PyMem_RawCalloc(W, sizeof(word));
    PyObject *out = NULL;
    if (!m) { PyErr_NoMemory(); goto done; }
    for (Py_ssize_t c = 0; c < ncells; c++)
        if (value[c] < 0) m[c >> 6] |= (word)1 << (c & 63);
    out = bits_to_long(m, W);
done:
    PyMem_RawFree(value);
    PyMem_RawFree(m);
    return out;
}

static PyMethodDef accel_functions[] = {
    {"ancestor_count", ancestor_count, METH_VARARGS,
     "ancestor_count(nodes, targets, tags) -> (count, tagged, symbols): len(Propagation.ancestor_set(targets)), "
     "bit k of tagged when one of those literals follows from a reason tagged tags[k], and their symbols' mask."},
    {"trace_count", trace_count, METH_VARARGS,
     "trace_count(index, records, targets, tags) -> (count, tagged, symbols): ancestor_count "
     "over a propagation made by Context.propagate, tags as record codes."},
    {"aligned_sets", aligned_sets, METH_VARARGS,
     "aligned_sets(cand, value, peer, size, changed) -> [(base cells..., excluders)] or None: the sets "
     "strategies.aligned_exclusion.aligned_exclusions makes the eliminations of, in its order."},
    {"als_sets", als_sets, METH_VARARGS,
     "als_sets(cand, value, peers, house_cells, house_len, nsymbols, max_cells) -> [(cells, symbols, house, where, "
     "seen)]: strategies.als.almost_locked_sets, in its order."},
    {"als_links", als_links, METH_VARARGS,
     "als_links(sets, nsymbols, words) -> {(i, j): [x]}: strategies.als._links' restricted commons, in its order."},
    {"hodoku_grid", hodoku_grid, METH_VARARGS,
     "hodoku_grid(cand, groups) -> ([(symbol, cell mask)], direct, places): strategies._hodoku_tabling._Grid's group "
     "nodes (from 729 on), each literal's direct consequences in its order, and each symbol's places (9x9)."},
    {"als_xy_whole", als_xy_whole, METH_VARARGS,
     "als_xy_whole(off, nbr, mask, symbols, reach, cells, nsymbols, words) -> [(pivot, i, x, j, y, eliminations)]: "
     "strategies.als.AlsXYWing._whole's wings (HoDoKu's reading), in its order."},
    {"hodoku_net_starts", hodoku_net_starts, METH_VARARGS,
     "hodoku_net_starts(cand) -> [(lits, mask) or None]: strategies._hodoku_nets._fill for each candidate's literals "
     "(9x9), its own literal left out, and the same as a bit set."},
    {"hodoku_als_walk", hodoku_als_walk, METH_VARARGS,
     "hodoku_als_walk(off, nbr, first, second, symbols, reach, nsymbols, words, max_links, budget) -> [(sets, "
     "commons, eliminations)]: strategies._hodoku_als.als_chains' walk, the chains that remove something, in order."},
    /* se_static.c */
    {"double_counts", double_counts, METH_VARARGS,
     "double_counts(on_index, on_raw, off_index, off_raw, x_on, known, codes) -> [(y, count, tagged, symbols)]: "
     "the double implications of x_on's two propagations, counted as strategies.conclusions.Conclusion counts them."},
    /* se_dynamic.c */
    {"se_dynamic", se_dynamic, METH_VARARGS,
     "se_dynamic(context, on_lits, groups, cand, value, nsymbols) -> [kind, literal, complexity, job, ...]: the "
     "easiest contradiction, double implication, cell and region forcing per kind and literal of a dynamic "
     "Context's propagations (strategies.chain_producer)."},
    {"trace_chain", trace_chain, METH_VARARGS,
     "trace_chain(index, records, targets) -> [literal]: the literals targets follow from in a propagation made by "
     "Context.propagate, themselves included, in the order found (Conclusion.chains)."},
    {"trace_doubles", trace_doubles, METH_VARARGS,
     "trace_doubles(on_index, on_records, off_index, off_records, x_on, cand, value, codes) -> [y, complexity, "
     "tagged, symbols, ...]: the double implications of x_on from its propagations (ChainProducer.doubles)."},
    {"branch_groups", branch_groups, METH_VARARGS,
     "branch_groups(cand, value, houses, nsymbols, cell, region) -> [(kind, source, starts)]: the branches of "
     "cell and region forcing chains (ChainProducer.branch_groups)."},
    /* tabling.c: HoDoKu's tables read */
    {"hodoku_nice_loops", hodoku_nice_loops, METH_VARARGS,
     "hodoku_nice_loops(cand, groups, max_entries) -> (group nodes, [(kind, eliminations, chain, strand, loop)]): "
     "strategies._hodoku_tabling._Search.run's nice loops and AICs over the grid made from cand, in its order before "
     "its sort (9x9)."},
    {"hodoku_forcing", hodoku_forcing, METH_VARARGS,
     "hodoku_forcing(cand, value, direct, groups, max_entries) -> [(kind, form, source, placement, eliminations, "
     "branches, clash, length)]: strategies._hodoku_tabling._ForcingSearch.run's steps before its sort (9x9)."},
    /* ho_misc.c */
    {"sdc_shared", sdc_shared, METH_VARARGS,
     "sdc_shared(cand, core_cells, line_cells, box_cells) -> [(core, line part, box part, v, va, vd)]: "
     "strategies.als.SueDeCoq._shared_at's search of one intersection, the steps that remove something, in order."},
    {"als_neighbours", als_neighbours, METH_O,
     "als_neighbours(pairs) -> {set: [(other set, commons mask)]}: strategies.als._neighbours, in its order."},
    {"als_xz_pairs", als_xz_pairs, METH_VARARGS,
     "als_xz_pairs(pairs, symbols, reach, cells, nsymbols, words) -> [((i, j), commons)]: the pairs "
     "strategies.als.AlsXZ.find reads, in its order (those that may remove something)."},
    {"hodoku_ur_rectangles", hodoku_ur_rectangles, METH_VARARGS,
     "hodoku_ur_rectangles(cand, value) -> [(corners, a, b)]: strategies._hodoku_uniqueness._rectangles (9x9), "
     "in its order."},
    {"als_reach", als_reach, METH_VARARGS,
     "als_reach(sets, masks, words) -> (reach, useful): strategies.als.als_reach and the symbols each set reaches."},
    /* xychain.c */
    {"xy_chain_paths", xy_chain_paths, METH_VARARGS,
     "xy_chain_paths(cells, cands, peer_words, ncells, max_cells) -> [(path, x, other)]: "
     "strategies.chains.XYChain._paths' chains from the bivalue cells, in its order."},
    /* hoals: Sue de Coq, the changed intersections of a position in one call */
    {"sdc_batch", sdc_batch, METH_VARARGS,
     "sdc_batch(cand, value, todo) -> [[(core, line part, box part, v, va, vd)], ...]: sdc_shared of each "
     "(intersection, line, box) cells of todo, their unsolved cells searched."},
    /* hoals: HoDoKu's ALS chains, the forward links made in C */
    {"hodoku_als_run", hodoku_als_run, METH_VARARGS,
     "hodoku_als_run(pairs, order, symbols, cells, reach, nsymbols, words, max_links, budget) -> [(sets, commons, "
     "eliminations)]: hodoku_als_walk over strategies._hodoku_als.als_chains' forward links, made from the pairs."},
    {"als_hodoku_order", als_hodoku_order, METH_VARARGS,
     "als_hodoku_order(sets, words) -> [index]: strategies._hodoku_als.hodoku_order (by house, then cells)."},
    /* hoals: the link table straight from the pairs (no neighbours dict) */
    {"als_pair_table", als_pair_table, METH_VARARGS,
     "als_pair_table(pairs, nsets) -> (off, nbr, mask): each set's links, set after set (strategies._accel)."},
    {"pack_words", pack_words, METH_VARARGS,
     "pack_words(rows, words) -> bytes: every int of every row as words little-endian 64-bit words."},
    {"symbol_masks", symbol_masks, METH_VARARGS,
     "symbol_masks(cand, value, nsymbols, solved) -> [cell mask per symbol]: State.symbol_masks."},
    {"unsolved_mask", unsolved_mask, METH_O, "unsolved_mask(value) -> the cells whose value is below 0, as a mask."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef accel_module = {
    PyModuleDef_HEAD_INIT, "_deduce_accel",
    "deduce's optional accelerator: the chain engine's propagations, the fish and house searches and the backtracking "
    "search in C (deduce/_accel/; loaded by deduce/_accelerator.py).",
    -1, accel_functions,
};

PyMODINIT_FUNC PyInit__deduce_accel(void) {
    PyTypeObject *types[] = {&ContextType, &ScreenType, &FishTablesType, &SearchTablesType, &HouseTablesType,
                             &SearchIterType};
    for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++)
        if (PyType_Ready(types[i]) < 0) return NULL;
    PyObject *m = PyModule_Create(&accel_module);
    if (!m) return NULL;
    /* the types made from Python (SearchIter, the last, comes from SearchTables.solutions) */
    const char *names[] = {"Context", "Screen", "FishTables", "SearchTables", "HouseTables"};
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        Py_INCREF(types[i]);
        if (PyModule_AddObject(m, names[i], (PyObject *)types[i]) < 0) {
            Py_DECREF(types[i]);
            Py_DECREF(m);
            return NULL;
        }
    }
    /* What Python checks at import (deduce/_accelerator.py): the digest of the sources this module
     * was built from (setup.py passes it), the literal packing; and the kernels' limits, which
     * strategies/_accel.py compares with the strategies' (a larger grid, set or fish is left to
     * Python). */
    if (PyModule_AddStringConstant(m, "SOURCE_DIGEST", DEDUCE_ACCEL_SOURCE_DIGEST) < 0
        || PyModule_AddIntConstant(m, "LIT_CELL_SHIFT", LIT_CELL_SHIFT) < 0
        || PyModule_AddIntConstant(m, "FISH_MAX_CELLS", FISH_W * 64) < 0
        || PyModule_AddIntConstant(m, "FISH_MAX_HOUSES", FISH_HOUSES) < 0
        || PyModule_AddIntConstant(m, "FISH_MAX_SIZE", FISH_SIZE) < 0
        || PyModule_AddIntConstant(m, "FISH_MAX_FINS", FISH_FINS) < 0
        || PyModule_AddIntConstant(m, "SUBSET_MAX_K", SUBSET_K) < 0
        || PyModule_AddStringConstant(m, "RECORD_CODES", RECORD_CODES) < 0
        /* ho_misc.c */
        || PyModule_AddIntConstant(m, "SDC_MAX_CELLS", SDC_CELLS) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
