#include "accel.h"

/* HoDoKu's other finders: the searches of strategies/als.py's SueDeCoq (its ``shared`` reading).
 *
 * sdc_shared(cand, core_cells, line_cells, box_cells) -> [(core, line part, box part, v, va, vd)]:
 *   strategies.als.SueDeCoq._shared_at's search over one line-box intersection: core_cells are the
 *   intersection's unsolved cells (ascending), line_cells and box_cells the unsolved cells of the
 *   line and of the box (in the house's order; the intersection's cells are in both), cand every
 *   cell's candidate mask.  Each Sue de Coq that removes something comes back in the order Python
 *   finds them (cores in _cores' order, the line's parts, then the box's, each by its cells as
 *   sorted tuples): its core, its two parts (cells in the house's order), and the symbols of each.
 *   Python makes the steps (and their eliminations) from those.  At most SDC_CELLS cells per house
 *   (module.c exports the limit; strategies/als.py checks it at import). */

typedef struct {
    uint32_t mask;   /* the part's cells, as local indices of its house */
    uint32_t other;  /* the same cells as local indices of the other house (the intersection's) */
    uint32_t syms;   /* their symbols */
    int k;           /* how many */
} Part;

/* (hoals) the parts below the prefix ending at local index last (its mask, symbols, other-house mask
 * and size given), depth first: the cells after last by their cell numbers, each part before its
 * extensions -- the order Python's sort gives the parts' tuples. */
static void fill_parts(Part **at, const int *cells, int m, const int *other, const int *cand, const int *by_cell,
                       int last, uint32_t mask, uint32_t syms, uint32_t oth, int k) {
    for (int r = 0; r < m; r++) {
        int i = by_cell[r];
        if (i <= last) continue;
        Part *p = (*at)++;
        p->mask = mask | 1u << i;
        p->syms = syms | (uint32_t)cand[cells[i]];
        p->other = other[i] >= 0 ? oth | 1u << other[i] : oth;
        p->k = k + 1;
        fill_parts(at, cells, m, other, cand, by_cell, i, p->mask, p->syms, p->other, p->k);
    }
}

/* Every non-empty set of the house's cells, sorted as Python sorts their tuples; other maps each
 * local index to the other house's (-1 when the cell is not there). */
static Part *all_parts(const int *cells, int m, const int *other, const int *cand) {
    size_t count = ((size_t)1 << m) - 1;
    Part *parts = PyMem_RawCalloc(count ? count : 1, sizeof(Part)), *at = parts;
    if (!parts) { PyErr_NoMemory(); return NULL; }
    int by_cell[SDC_CELLS];  /* the local indices by cell number */
    for (int i = 0; i < m; i++) {
        int j = i;
        for (; j > 0 && cells[by_cell[j - 1]] > cells[i]; j--) by_cell[j] = by_cell[j - 1];
        by_cell[j] = i;
    }
    fill_parts(&at, cells, m, other, cand, by_cell, -1, 0, 0, 0, 0);
    return parts;
}

static PyObject *cells_tuple(const int *cells, uint32_t mask) {
    int xs[32], k = 0;
    for (; mask; mask &= mask - 1) xs[k++] = cells[__builtin_ctz(mask)];
    return int_tuple(xs, k);
}

/* whether some cell of the house outside skip holds a symbol of out */
static int removes(const int *cells, int m, uint32_t skip, const int *cand, uint32_t out) {
    for (int i = 0; i < m; i++)
        if (!(skip >> i & 1) && (uint32_t)cand[cells[i]] & out) return 1;
    return 0;
}

static int add_found(PyObject *out, const int *core, int ncore, const int *line, uint32_t a,
                     const int *box, uint32_t d, uint32_t v, uint32_t va, uint32_t vd) {
    PyObject *t = Py_BuildValue("(NNNIII)", int_tuple(core, ncore), cells_tuple(line, a), cells_tuple(box, d),
                                (unsigned)v, (unsigned)va, (unsigned)vd);
    if (!t) return 0;
    int ok = PyList_Append(out, t) == 0;
    Py_DECREF(t);
    return ok;
}

/* The search of one intersection (cells as int arrays, cand every cell's candidates): what sdc_shared
 * returns, appended to out; 0 with an error set on failure. */
static int sdc_search(const int *cand, const int *core, int ncore, const int *line, int nline, const int *box,
                      int nbox, PyObject *out) {
    Part *lparts = NULL, *bparts = NULL;
    int *by_k = NULL, ok = 0;
    if (nline > SDC_CELLS || nbox > SDC_CELLS || ncore > SDC_CELLS) {
        PyErr_Format(PyExc_ValueError, "sdc_shared: more than %d cells in a house", SDC_CELLS);
        return 0;
    }
    /* each core cell's, line cell's and box cell's local indices in the other lists */
    int line_in_box[SDC_CELLS], box_in_line[SDC_CELLS];
    uint32_t core_line = 0, core_box = 0;
    for (int i = 0; i < nline; i++) {
        line_in_box[i] = -1;
        for (int j = 0; j < nbox; j++) if (box[j] == line[i]) line_in_box[i] = j;
        for (int j = 0; j < ncore; j++) if (core[j] == line[i]) core_line |= 1u << i;
    }
    for (int j = 0; j < nbox; j++) {
        box_in_line[j] = -1;
        for (int i = 0; i < nline; i++) if (line[i] == box[j]) box_in_line[j] = i;
        for (int i = 0; i < ncore; i++) if (core[i] == box[j]) core_box |= 1u << j;
    }
    if (__builtin_popcount(core_line) != ncore || __builtin_popcount(core_box) != ncore) {
        PyErr_SetString(PyExc_ValueError, "sdc_shared: the core cells must lie in the line and in the box, once each");
        return 0;
    }
    if (ncore < 2) return 1;
    /* (hoals) no core with two symbols more than cells: nothing to find, the parts not made */
    uint32_t all = 0;
    for (int i = 0; i < ncore; i++) all |= (uint32_t)cand[core[i]];
    if (__builtin_popcount(all) < 4) return 1;
    if (!(lparts = all_parts(line, nline, line_in_box, cand))) goto done;
    if (!(bparts = all_parts(box, nbox, box_in_line, cand))) goto done;
    size_t nl = ((size_t)1 << nline) - 1, nb = ((size_t)1 << nbox) - 1;
    if (!(by_k = PyMem_RawCalloc(nb ? nb : 1, sizeof(int)))) { PyErr_NoMemory(); goto done; }
    /* the cores: _cores' order, the pairs and triples sorted as tuples */
    int cores[1024][3], ncores = 0;
    for (int i = 0; i < ncore; i++)
        for (int j = i + 1; j < ncore; j++) {
            if (ncores < 1024) { cores[ncores][0] = i; cores[ncores][1] = j; cores[ncores][2] = -1; ncores++; }
            for (int k = j + 1; k < ncore && ncores < 1024; k++) {
                cores[ncores][0] = i; cores[ncores][1] = j; cores[ncores][2] = k; ncores++;
            }
        }
    for (int ci = 0; ci < ncores; ci++) {
        int size = cores[ci][2] < 0 ? 2 : 3, cc[3];
        uint32_t v = 0, cl = 0, cb = 0;
        for (int t = 0; t < size; t++) {
            cc[t] = core[cores[ci][t]];
            v |= (uint32_t)cand[cc[t]];
            for (int i = 0; i < nline; i++) if (line[i] == cc[t]) cl |= 1u << i;
            for (int j = 0; j < nbox; j++) if (box[j] == cc[t]) cb |= 1u << j;
        }
        int n = __builtin_popcount(v) - size;
        if (n < 2) continue;
        /* the box's parts by how many symbols of V they must hold (k_box in 1..n-1), each group in order */
        int start[34] = {0};
        for (size_t bi = 0; bi < nb; bi++) {
            const Part *d = bparts + bi;
            int k_box = d->k - __builtin_popcount(d->syms & ~v);
            if (!(d->mask & cb) && d->syms & v && k_box > 0 && k_box < n) start[k_box + 1]++;
        }
        for (int k = 1; k <= n; k++) start[k + 1 > 33 ? 33 : k + 1] += start[k];
        int fill[34];
        memcpy(fill, start, sizeof(fill));
        for (size_t bi = 0; bi < nb; bi++) {
            const Part *d = bparts + bi;
            int k_box = d->k - __builtin_popcount(d->syms & ~v);
            if (!(d->mask & cb) && d->syms & v && k_box > 0 && k_box < n) by_k[fill[k_box]++] = (int)bi;
        }
        for (size_t li = 0; li < nl; li++) {
            const Part *a = lparts + li;
            if (a->mask & cl) continue;
            int k_line = a->k - __builtin_popcount(a->syms & ~v);
            if (!(a->syms & v) || k_line <= 0 || k_line >= n) continue;
            uint32_t banned = a->syms & v;
            for (int g = start[n - k_line]; g < start[n - k_line + 1]; g++) {
                const Part *d = bparts + by_k[g];
                if (d->syms & banned || a->other & d->mask) continue;
                uint32_t both = a->syms & d->syms;
                uint32_t line_out = ((v | a->syms) & ~d->syms) | both;
                uint32_t box_out = ((v | d->syms) & ~a->syms) | both;
                if (!removes(line, nline, cl | a->mask, cand, line_out)
                    && !removes(box, nbox, cb | d->mask, cand, box_out)) continue;
                if (!add_found(out, cc, size, line, a->mask, box, d->mask, v, a->syms, d->syms)) goto done;
            }
        }
    }
    ok = 1;
done:
    PyMem_RawFree(lparts);
    PyMem_RawFree(bparts);
    PyMem_RawFree(by_k);
    return ok;
}

PyObject *sdc_shared(PyObject *module, PyObject *args) {
    PyObject *cand_in, *core_in, *line_in, *box_in;
    if (!PyArg_ParseTuple(args, "OOOO", &cand_in, &core_in, &line_in, &box_in)) return NULL;
    Py_ssize_t ncells, ncore, nline, nbox;
    int *cand = NULL, *core = NULL, *line = NULL, *box = NULL;
    PyObject *out = NULL;
    cand = int_array_in(cand_in, &ncells, -1, 0, 1L << 30, "candidates");
    if (cand) core = int_array_in(core_in, &ncore, -1, 0, ncells, "core cells");
    if (core) line = int_array_in(line_in, &nline, -1, 0, ncells, "line cells");
    if (line) box = int_array_in(box_in, &nbox, -1, 0, ncells, "box cells");
    if (box && (out = PyList_New(0))
        && !sdc_search(cand, core, (int)ncore, line, (int)nline, box, (int)nbox, out))
        Py_CLEAR(out);
    PyMem_RawFree(cand);
    PyMem_RawFree(core);
    PyMem_RawFree(line);
    PyMem_RawFree(box);
    return out;
}

/* (hoals) sdc_batch(cand, value, todo) -> [[found, ...], ...]: sdc_shared of each intersection of todo,
 * a list of (intersection cells ascending, line cells, box cells) in the houses' order, solved cells
 * included (value: every cell's, below 0 when unsolved; the unsolved ones are searched), the
 * candidates read once. */
PyObject *sdc_batch(PyObject *module, PyObject *args) {
    PyObject *cand_in, *value_in, *todo_in;
    if (!PyArg_ParseTuple(args, "OOO", &cand_in, &value_in, &todo_in)) return NULL;
    Py_ssize_t ncells;
    int *cand = NULL, *value = NULL;
    PyObject *todo = NULL, *out = NULL;
    cand = int_array_in(cand_in, &ncells, -1, 0, 1L << 30, "candidates");
    if (cand) value = int_array_in(value_in, NULL, ncells, -1, 1L << 30, "values");
    if (value) todo = PySequence_Fast(todo_in, "sdc_batch: todo must be a sequence");
    if (!todo) goto done;
    Py_ssize_t ntodo = PySequence_Fast_GET_SIZE(todo);
    if (!(out = PyList_New(ntodo))) goto done;
    for (Py_ssize_t t = 0; t < ntodo; t++) {
        PyObject *item = PySequence_Fast_GET_ITEM(todo, t);
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 3) {
            PyErr_SetString(PyExc_ValueError, "sdc_batch: each item is (intersection, line, box) cells");
            goto fail;
        }
        int cells[3][SDC_CELLS], count[3];
        for (int part = 0; part < 3; part++) {
            PyObject *seq = PyTuple_GET_ITEM(item, part);
            if (!PyTuple_Check(seq)) {
                PyErr_SetString(PyExc_ValueError, "sdc_batch: each item is (intersection, line, box) cells");
                goto fail;
            }
            count[part] = 0;
            for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(seq); k++) {
                long c;
                if (!small_int(PyTuple_GET_ITEM(seq, k), 0, (long)ncells, &c)) goto fail;
                if (value[c] >= 0) continue;
                if (count[part] == SDC_CELLS) {
                    PyErr_Format(PyExc_ValueError, "sdc_shared: more than %d cells in a house", SDC_CELLS);
                    goto fail;
                }
                cells[part][count[part]++] = (int)c;
            }
        }
        PyObject *found = PyList_New(0);
        if (!found) goto fail;
        PyList_SET_ITEM(out, t, found);
        if (!sdc_search(cand, cells[0], count[0], cells[1], count[1], cells[2], count[2], found)) goto fail;
    }
    goto done;
fail:
    Py_CLEAR(out);
done:
    Py_XDECREF(todo);
    PyMem_RawFree(cand);
    PyMem_RawFree(value);
    return out;
}

/* One item of a dict of ALS pairs, (i, j): [commons], checked (what: the error if it is not of that
 * shape; commons below 62) and its commons as a mask; 0 with an error set. */
static int pair_mask(PyObject *key, PyObject *value, const char *what, long long *mask) {
    if (!PyTuple_Check(key) || PyTuple_GET_SIZE(key) != 2 || !PyList_Check(value)) {
        PyErr_SetString(PyExc_ValueError, what);
        return 0;
    }
    long long m = 0;
    for (Py_ssize_t k = 0; k < PyList_GET_SIZE(value); k++) {
        long x;
        if (!small_int(PyList_GET_ITEM(value, k), 0, 62, &x)) return 0;
        m |= 1LL << x;
    }
    *mask = m;
    return 1;
}

/* als_neighbours(pairs) -> {set: [(other set, commons mask)]}: strategies.als._neighbours, in its order:
 * pairs maps (i, j) to the list of their restricted commons (each below 62); each pair adds (j, mask)
 * to i's list and (i, mask) to j's, the sets in the order they first appear. */
PyObject *als_neighbours(PyObject *module, PyObject *pairs) {
    if (!PyDict_Check(pairs)) {
        PyErr_SetString(PyExc_TypeError, "als_neighbours: expected a dict of pairs");
        return NULL;
    }
    PyObject *out = PyDict_New(), *key, *value;
    Py_ssize_t pos = 0;
    if (!out) return NULL;
    while (PyDict_Next(pairs, &pos, &key, &value)) {
        long long m;
        if (!pair_mask(key, value, "als_neighbours: each pair is (i, j): [commons]", &m)) goto fail;
        PyObject *mask = PyLong_FromLongLong(m);
        if (!mask) goto fail;
        for (int end = 0; end < 2; end++) {
            PyObject *here = PyTuple_GET_ITEM(key, end), *there = PyTuple_GET_ITEM(key, 1 - end);
            long dummy;
            if (!small_int(here, 0, LONG_MAX, &dummy)) { Py_DECREF(mask); goto fail; }
            PyObject *fresh = PyList_New(0);
            PyObject *list = fresh ? PyDict_SetDefault(out, here, fresh) : NULL;  /* (borrowed) */
            Py_XDECREF(fresh);
            PyObject *item = list ? PyTuple_Pack(2, there, mask) : NULL;
            if (!item || PyList_Append(list, item) < 0) { Py_XDECREF(item); Py_DECREF(mask); goto fail; }
            Py_DECREF(item);
        }
        Py_DECREF(mask);
    }
    return out;
fail:
    Py_DECREF(out);
    return NULL;
}

/* pack_words(rows, words) -> bytes: every int of every row (a sequence of sequences of non-negative
 * ints), in order, as words little-endian 64-bit words each (what the ALS kernels read as bit sets). */
PyObject *pack_words(PyObject *module, PyObject *args) {
    PyObject *rows;
    int words;
    if (!PyArg_ParseTuple(args, "Oi", &rows, &words)) return NULL;
    if (words < 1 || words > 64) {
        PyErr_SetString(PyExc_ValueError, "pack_words: 1 to 64 words per int");
        return NULL;
    }
    PyObject *outer = PySequence_Fast(rows, "pack_words: expected a sequence of rows"), *out = NULL;
    if (!outer) return NULL;
    Py_ssize_t n = 0, nrows = PySequence_Fast_GET_SIZE(outer);
    for (Py_ssize_t r = 0; r < nrows; r++) {
        Py_ssize_t k = PySequence_Size(PySequence_Fast_GET_ITEM(outer, r));
        if (k < 0) goto done;
        n += k;
    }
    out = PyBytes_FromStringAndSize(NULL, n * words * 8);
    if (!out) goto done;
    word *w = (word *)PyBytes_AS_STRING(out);
    for (Py_ssize_t r = 0, at = 0; r < nrows; r++) {
        PyObject *row = PySequence_Fast(PySequence_Fast_GET_ITEM(outer, r), "pack_words: expected rows of ints");
        if (!row) { Py_CLEAR(out); goto done; }
        Py_ssize_t k = PySequence_Fast_GET_SIZE(row);
        for (Py_ssize_t i = 0; i < k && at < n; i++, at++)
            if (!long_to_bits(PySequence_Fast_GET_ITEM(row, i), w + at * words, words)) {
                Py_DECREF(row);
                Py_CLEAR(out);
                goto done;
            }
        Py_DECREF(row);
    }
done:
    Py_DECREF(outer);
    return out;
}


/* als_xz_pairs(pairs, symbols, reach, cells, nsymbols, words) -> [((i, j), commons)]: the pairs of
 * strategies.als.AlsXZ.find worth a look, in its order: pairs maps (i, j) to the sets' restricted
 * commons; symbols[i] is set i's symbol mask, reach holds per set and symbol the cells outside it
 * that hold the symbol and see all its places (words little-endian words each), cells per set its
 * cells.  A pair is kept when its sets share two symbols or more, do not overlap, and make a step:
 * a symbol z of both reaches a cell from both sets and they have a restricted common other than z,
 * or (two restricted commons) AlsXZ._doubly_linked removes something.  Python makes the kept
 * pairs' steps as before; they come sorted by how many cells the two sets have, stably. */
typedef struct { int cells; Py_ssize_t at; PyObject *key, *value; } XZPair;

static int compare_xz(const void *pa, const void *pb) {
    const XZPair *a = pa, *b = pb;
    if (a->cells != b->cells) return a->cells < b->cells ? -1 : 1;
    return a->at < b->at ? -1 : a->at > b->at;
}

PyObject *als_xz_pairs(PyObject *module, PyObject *args) {
    PyObject *pairs, *symbols_in, *reach_in, *cells_in;
    int nsym, words;
    if (!PyArg_ParseTuple(args, "O!OOOii", &PyDict_Type, &pairs, &symbols_in, &reach_in, &cells_in, &nsym, &words))
        return NULL;
    if (nsym < 1 || nsym > 31 || words < 1 || words > 64) {
        PyErr_SetString(PyExc_ValueError, "als_xz_pairs: 1 to 31 symbols, 1 to 64 words");
        return NULL;
    }
    Py_ssize_t nsets;
    int *symbols = int_array_in(symbols_in, &nsets, -1, 0, 1L << nsym, "set symbols");
    word *reach = symbols ? word_array(reach_in, nsets * nsym * words) : NULL;
    word *cells = reach ? word_array(cells_in, nsets * words) : NULL;
    XZPair *kept = NULL;
    PyObject *out = NULL;
    if (!cells) goto done;
    kept = PyMem_RawCalloc(PyDict_GET_SIZE(pairs) + 1, sizeof(XZPair));
    if (!kept) { PyErr_NoMemory(); goto done; }
    Py_ssize_t pos = 0, at = 0, nkept = 0;
    PyObject *key, *value;
    while (PyDict_Next(pairs, &pos, &key, &value)) {
        long i, j;
        if (!PyTuple_Check(key) || PyTuple_GET_SIZE(key) != 2 || !PyList_Check(value)
            || !small_int(PyTuple_GET_ITEM(key, 0), 0, nsets, &i) || !small_int(PyTuple_GET_ITEM(key, 1), 0, nsets, &j)) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "als_xz_pairs: each pair is (i, j): [commons]");
            goto done;
        }
        at++;
        const word *ci = cells + i * words, *cj = cells + j * words;
        int common = symbols[i] & symbols[j];
        if (__builtin_popcount(common) < 2 || !w_disjoint(ci, cj, words)) continue;
        Py_ssize_t nx = PyList_GET_SIZE(value);
        int xs = 0, worth = 0;
        for (Py_ssize_t k = 0; k < nx; k++) {
            long x;
            if (!small_int(PyList_GET_ITEM(value, k), 0, nsym, &x)) goto done;
            xs |= 1 << x;
        }
        /* a symbol z of both that both sets reach a cell with, and a restricted common other than z */
        for (int z = 0; z < nsym && !worth; z++)
            if (common >> z & 1 && xs & ~(1 << z) && !w_disjoint(reach + (i * nsym + z) * words,
                                                                 reach + (j * nsym + z) * words, words))
                worth = 1;
        if (!worth && nx == 2)  /* AlsXZ._doubly_linked: each common, then each set's other symbols */
            for (int z = 0; z < nsym && !worth; z++) {
                const word *ri = reach + (i * nsym + z) * words, *rj = reach + (j * nsym + z) * words;
                if (xs >> z & 1) worth = !w_disjoint(ri, rj, words);
                else
                    for (int w = 0; w < words && !worth; w++)
                        worth = ((symbols[i] >> z & 1) && (ri[w] & ~(ci[w] | cj[w])))
                                || ((symbols[j] >> z & 1) && (rj[w] & ~(ci[w] | cj[w])));
            }
        if (!worth) continue;
        int count = w_count(ci, words) + w_count(cj, words);
        kept[nkept++] = (XZPair){count, at, key, value};
    }
    qsort(kept, nkept, sizeof(XZPair), compare_xz);
    if (!(out = PyList_New(nkept))) goto done;
    for (Py_ssize_t k = 0; k < nkept; k++) {
        PyObject *item = PyTuple_Pack(2, kept[k].key, kept[k].value);
        if (!item) { Py_CLEAR(out); goto done; }
        PyList_SET_ITEM(out, k, item);
    }
done:
    PyMem_RawFree(symbols);
    PyMem_RawFree(reach);
    PyMem_RawFree(cells);
    PyMem_RawFree(kept);
    return out;
}


/* hodoku_ur_rectangles(cand, value) -> [((i11, i12, i21, i22), a, b)]: the rectangles of
 * strategies._hodoku_uniqueness._rectangles (9x9 with boxes), in its order: from each bivalue cell
 * (digits a < b), a second corner in its box and its row (or column), then the far side in the
 * parallel lines; no corner solved, no placed peer keeping a or b out of a corner it must hold;
 * each rectangle once. */
#define UR_N 9
static int ur_box(int c) { return c / UR_N / 3 * 3 + c % UR_N / 3; }

static int ur_sees(int p, int q) {
    return p != q && (p / UR_N == q / UR_N || p % UR_N == q % UR_N || ur_box(p) == ur_box(q));
}

PyObject *hodoku_ur_rectangles(PyObject *module, PyObject *args) {
    PyObject *cand_in, *value_in;
    if (!PyArg_ParseTuple(args, "OO", &cand_in, &value_in)) return NULL;
    int *cand = int_array_in(cand_in, NULL, UR_N * UR_N, 0, 1 << UR_N, "candidates");
    int *value = cand ? int_array_in(value_in, NULL, UR_N * UR_N, -1, UR_N, "values") : NULL;
    PyObject *out = NULL;
    long long *done = NULL;
    size_t ndone = 0, cap = 0;
    if (!value) goto done;
    int seen[UR_N * UR_N] = {0};  /* the digits placed among each empty cell's peers */
    for (int c = 0; c < UR_N * UR_N; c++)
        if (value[c] < 0)
            for (int p = 0; p < UR_N * UR_N; p++)
                if (value[p] >= 0 && ur_sees(c, p)) seen[c] |= 1 << value[p];
    if (!(out = PyList_New(0))) goto done;
    for (int i11 = 0; i11 < UR_N * UR_N; i11++) {
        int both = cand[i11];
        if (value[i11] >= 0 || __builtin_popcount(both) != 2) continue;
        int a = __builtin_ctz(both), b = 31 - __builtin_clz(both);
        int r11 = i11 / UR_N, c11 = i11 % UR_N, b11 = ur_box(i11);
        for (int k = 0; k < UR_N; k++) {  /* the box's cells in order */
            int i12 = (b11 / 3 * 3 + k / 3) * UR_N + b11 % 3 * 3 + k % 3;
            int row = i12 / UR_N == r11;
            if (i12 == i11 || (!row && i12 % UR_N != c11)) continue;
            if (value[i12] >= 0 || seen[i12] & both) continue;
            for (int t = 0; t < UR_N; t++) {
                int i21 = row ? t * UR_N + c11 : r11 * UR_N + t;
                int i22 = row ? t * UR_N + i12 % UR_N : i12 / UR_N * UR_N + t;
                if (ur_box(i21) == b11 || value[i21] >= 0 || value[i22] >= 0) continue;
                if (seen[i21] >> a & 1 || seen[i22] & both) continue;
                int s[4] = {i11, i12, i21, i22};
                for (int x = 1; x < 4; x++)
                    for (int y = x; y > 0 && s[y - 1] > s[y]; y--) { int tmp = s[y]; s[y] = s[y - 1]; s[y - 1] = tmp; }
                long long key = (long long)s[0] << 21 | s[1] << 14 | s[2] << 7 | s[3];
                int met = 0;
                for (size_t d = 0; d < ndone && !met; d++) met = done[d] == key;
                if (met) continue;
                if (ndone == cap) {
                    size_t grown = cap ? cap * 2 : 64;
                    long long *more = PyMem_RawRealloc(done, grown * sizeof(long long));
                    if (!more) { PyErr_NoMemory(); Py_CLEAR(out); goto done; }
                    done = more;
                    cap = grown;
                }
                done[ndone++] = key;
                PyObject *item = Py_BuildValue("((iiii)ii)", i11, i12, i21, i22, a, b);
                if (!item || PyList_Append(out, item) < 0) { Py_XDECREF(item); Py_CLEAR(out); goto done; }
                Py_DECREF(item);
            }
        }
    }
done:
    PyMem_RawFree(cand);
    PyMem_RawFree(value);
    PyMem_RawFree(done);
    return out;
}


/* als_reach(sets, masks, words) -> (reach, useful): strategies.als.als_reach and AlsChain's useful
 * symbols: sets are strategies.als.Als tuples (cells, symbols, house, where, seen), masks each
 * symbol's unsolved places (cell masks of at most words words); reach[i][z] is seen[z] & masks[z] &
 * ~cells where set i holds z (0 elsewhere), useful[i] the symbols whose reach is not empty. */
PyObject *als_reach(PyObject *module, PyObject *args) {
    PyObject *sets_in, *masks_in;
    int words;
    if (!PyArg_ParseTuple(args, "OOi", &sets_in, &masks_in, &words)) return NULL;
    if (words < 1 || words > 64) {
        PyErr_SetString(PyExc_ValueError, "als_reach: 1 to 64 words");
        return NULL;
    }
    PyObject *sets = PySequence_Fast(sets_in, "als_reach: expected a sequence of sets");
    PyObject *masks = sets ? PySequence_Fast(masks_in, "als_reach: expected a sequence of masks") : NULL;
    PyObject *reach = NULL, *useful = NULL, *out = NULL;
    word *m = NULL, *t = NULL;
    if (!masks) goto done;
    Py_ssize_t nsym = PySequence_Fast_GET_SIZE(masks), nsets = PySequence_Fast_GET_SIZE(sets);
    if (nsym < 1 || nsym > 62) {
        PyErr_SetString(PyExc_ValueError, "als_reach: 1 to 62 symbols");
        goto done;
    }
    m = PyMem_RawCalloc((size_t)(nsym + 2) * words, sizeof(word));
    if (!m) { PyErr_NoMemory(); goto done; }
    word *cells = m + nsym * words;
    t = cells + words;
    for (Py_ssize_t z = 0; z < nsym; z++)
        if (!long_to_bits(PySequence_Fast_GET_ITEM(masks, z), m + z * words, words)) goto done;
    if (!(reach = PyList_New(nsets)) || !(useful = PyList_New(nsets))) goto done;
    for (Py_ssize_t i = 0; i < nsets; i++) {
        PyObject *a = PySequence_Fast_GET_ITEM(sets, i);
        if (!PyTuple_Check(a) || PyTuple_GET_SIZE(a) != 5 || !PyTuple_Check(PyTuple_GET_ITEM(a, 3))
            || !PyTuple_Check(PyTuple_GET_ITEM(a, 4)) || PyTuple_GET_SIZE(PyTuple_GET_ITEM(a, 3)) != nsym
            || PyTuple_GET_SIZE(PyTuple_GET_ITEM(a, 4)) != nsym) {
            PyErr_SetString(PyExc_ValueError, "als_reach: each set is (cells, symbols, house, where, seen), "
                                              "a mask per symbol in where and seen");
            goto done;
        }
        if (!long_to_bits(PyTuple_GET_ITEM(a, 0), cells, words)) goto done;
        PyObject *where = PyTuple_GET_ITEM(a, 3), *seen = PyTuple_GET_ITEM(a, 4);
        PyObject *row = PyList_New(nsym);
        if (!row) goto done;
        PyList_SET_ITEM(reach, i, row);
        long long use = 0;
        for (Py_ssize_t z = 0; z < nsym; z++) {
            PyObject *w = PyTuple_GET_ITEM(where, z), *r = NULL;
            int holds = PyObject_IsTrue(w);
            if (holds < 0) goto done;
            int any = 0;
            if (holds) {
                if (!long_to_bits(PyTuple_GET_ITEM(seen, z), t, words)) goto done;
                for (int k = 0; k < words; k++) any |= (t[k] &= m[z * words + k] & ~cells[k]) != 0;
            }
            if (!(r = any ? bits_to_long(t, words) : PyLong_FromLong(0))) goto done;
            PyList_SET_ITEM(row, z, r);
            if (any) use |= 1LL << z;
        }
        PyObject *u = PyLong_FromLongLong(use);
        if (!u) goto done;
        PyList_SET_ITEM(useful, i, u);
    }
    out = PyTuple_Pack(2, reach, useful);
done:
    Py_XDECREF(sets);
    Py_XDECREF(masks);
    Py_XDECREF(reach);
    Py_XDECREF(useful);
    PyMem_RawFree(m);
    return out;
}

/* als_pair_table(pairs, nsets) -> (off, nbr, mask): strategies._accel._als_tables' links of each set, set
 * after set (set i's are nbr[off[i]:off[i + 1]] with the masks of their commons), the links of
 * strategies.als._neighbours(pairs) made without that dict: pairs maps (i, j) to the list of their
 * restricted commons (each below 62, sets below nsets); each pair adds (j, mask) to i's links and (i, mask) to j's, in the dict's order. */
PyObject *als_pair_table(PyObject *module, PyObject *args) {
    PyObject *pairs, *key, *value, *out = NULL, *off = NULL, *nbr = NULL, *mask = NULL;
    Py_ssize_t nsets, pos = 0, npairs;
    if (!PyArg_ParseTuple(args, "O!n", &PyDict_Type, &pairs, &nsets)) return NULL;
    if (nsets < 0 || nsets > (1 << 24)) {
        PyErr_SetString(PyExc_ValueError, "als_pair_table: number of sets out of range");
        return NULL;
    }
    npairs = PyDict_GET_SIZE(pairs);
    Py_ssize_t *at = PyMem_RawCalloc((size_t)nsets + 1, sizeof(Py_ssize_t));
    long *ends = PyMem_RawMalloc((size_t)(npairs ? npairs : 1) * 2 * sizeof(long));
    long long *masks = PyMem_RawMalloc((size_t)(npairs ? npairs : 1) * sizeof(long long));
    if (!at || !ends || !masks) { PyErr_NoMemory(); goto done; }
    for (Py_ssize_t p = 0; PyDict_Next(pairs, &pos, &key, &value); p++) {
        if (!pair_mask(key, value, "als_pair_table: each pair is (i, j): [commons]", &masks[p])) goto done;
        for (int end = 0; end < 2; end++) {
            if (!small_int(PyTuple_GET_ITEM(key, end), 0, (long)nsets, &ends[2 * p + end])) goto done;
            at[ends[2 * p + end] + 1]++;
        }
    }
    for (Py_ssize_t i = 0; i < nsets; i++) at[i + 1] += at[i];
    if (!(off = PyList_New(nsets + 1)) || !(nbr = PyList_New(2 * npairs)) || !(mask = PyList_New(2 * npairs)))
        goto done;
    for (Py_ssize_t i = 0; i <= nsets; i++) {
        PyObject *v = PyLong_FromSsize_t(at[i]);
        if (!v) goto done;
        PyList_SET_ITEM(off, i, v);
    }
    for (Py_ssize_t p = 0; p < npairs; p++) {
        PyObject *m = PyLong_FromLongLong(masks[p]);
        if (!m) goto done;
        for (int end = 0; end < 2; end++) {
            Py_ssize_t slot = at[ends[2 * p + end]]++;
            PyObject *there = PyLong_FromLong(ends[2 * p + 1 - end]);
            if (!there) { Py_DECREF(m); goto done; }
            PyList_SET_ITEM(nbr, slot, there);
            Py_INCREF(m);
            PyList_SET_ITEM(mask, slot, m);
        }
        Py_DECREF(m);
    }
    out = PyTuple_Pack(3, off, nbr, mask);
done:
    Py_XDECREF(off);
    Py_XDECREF(nbr);
    Py_XDECREF(mask);
    PyMem_RawFree(at);
    PyMem_RawFree(ends);
    PyMem_RawFree(masks);
    return out;
}
