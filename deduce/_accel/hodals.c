#include "accel.h"

/* hodoku_als_walk(off, nbr, first, second, symbols, reach, nsymbols, words, max_links, budget)
 *   -> [(sets, commons, eliminations)]:
 * strategies/_hodoku_als.py's als_chains walk (HoDoKu's ALS chains), depth first from every set along
 * its forward links, in the same order and with the same bounds.  Set i's forward links are
 * nbr[off[i]:off[i + 1]] with their commons first[k] and second[k] (-1: one common); symbols[i] is
 * set i's symbol mask; reach holds per set and symbol the cells (words little-endian words) outside
 * the set that see all its places of the symbol and hold it.  Each chain of four sets or more that
 * removes something is returned where the walk reads it: its sets, each link's actual commons and
 * its eliminations (cell, symbol), symbols ascending, then cells (Python keeps one chain per
 * eliminations and sorts them). */

typedef struct {
    const int *off, *nbr, *first, *second, *symbols;
    const word *reach;
    int nsym, words, max_links;
    long budget;
    int path[64], arcs[64][2], narcs, npath;
    PyObject *out;
} Walk;

static int actual(int c11, int c12, int c21, int c22) {  /* _hodoku_als._actual */
    if (c12 < 0) {
        if (c22 < 0) return c11 == c21 ? 0 : 1;
        return c11 == c22 ? 1 : c11 == c21 ? 2 : 3;
    }
    if (c22 < 0) return (c11 == c21 || c12 == c21) ? 0 : 1;
    if ((c11 == c21 && c12 == c22) || (c11 == c22 && c12 == c21)) return 0;
    return (c11 == c22 || c12 == c22) ? 1 : (c11 == c21 || c12 == c21) ? 2 : 3;
}

static void push_arc(Walk *w, int next, int a, int c1, int c2) {
    w->path[w->npath++] = next;
    w->arcs[w->narcs][0] = a == 2 ? c2 : c1;
    w->arcs[w->narcs][1] = a == 3 ? c2 : -1;
    w->narcs++;
}

static PyObject *arc_tuple(const int *arc) {
    return arc[1] < 0 ? Py_BuildValue("(i)", arc[0]) : Py_BuildValue("(ii)", arc[0], arc[1]);
}

static int record(Walk *w, int start, int end) {
    int zs = w->symbols[start] & w->symbols[end];
    const int *ends[2] = {w->arcs[0], w->arcs[w->narcs - 1]};
    for (int k = 0; k < 2; k++)
        for (int j = 0; j < 2; j++)
            if (ends[k][j] >= 0) zs &= ~(1 << ends[k][j]);
    PyObject *elims = NULL, *sets = NULL, *commons = NULL, *item = NULL;
    if (!(elims = PyList_New(0))) return 0;
    for (int z = 0; z < w->nsym; z++) {
        if (!(zs >> z & 1)) continue;
        const word *a = w->reach + ((size_t)start * w->nsym + z) * w->words;
        const word *b = w->reach + ((size_t)end * w->nsym + z) * w->words;
        for (int i = 0; i < w->words; i++)
            for (word v = a[i] & b[i]; v; v &= v - 1) {
                PyObject *e = Py_BuildValue("(ii)", i * 64 + __builtin_ctzll(v), z);
                if (!e || PyList_Append(elims, e) < 0) { Py_XDECREF(e); goto fail; }
                Py_DECREF(e);
            }
    }
    if (!PyList_GET_SIZE(elims)) { Py_DECREF(elims); return 1; }
    if (!(sets = int_tuple(w->path, w->npath)) || !(commons = PyTuple_New(w->narcs))) goto fail;
    for (int k = 0; k < w->narcs; k++) {
        PyObject *t = arc_tuple(w->arcs[k]);
        if (!t) goto fail;
        PyTuple_SET_ITEM(commons, k, t);
    }
    PyObject *et = PyList_AsTuple(elims);
    if (!et) goto fail;
    item = PyTuple_Pack(3, sets, commons, et);
    Py_DECREF(et);
    if (!item || PyList_Append(w->out, item) < 0) goto fail;
    Py_DECREF(item);
    Py_DECREF(elims);
    Py_DECREF(sets);
    Py_DECREF(commons);
    return 1;
fail:
    Py_XDECREF(item);
    Py_XDECREF(elims);
    Py_XDECREF(sets);
    Py_XDECREF(commons);
    return 0;
}

static int walk(Walk *w, int start, int cur, int l1, int l2, int act) {
    int c11 = act == 2 ? l2 : l1, c12 = act == 3 ? l1 : -1;
    for (int e = w->off[cur]; e < w->off[cur + 1]; e++) {
        if (--w->budget < 0 || w->narcs >= w->max_links) return 1;
        int nxt = w->nbr[e], c1 = w->first[e], c2 = w->second[e];
        int a = actual(c11, c12, c1, c2);
        if (!a) continue;
        push_arc(w, nxt, a, c1, c2);
        if (w->narcs >= 3 && !record(w, start, nxt)) return 0;
        if (!walk(w, start, nxt, c1, c2, a)) return 0;
        w->npath--;
        w->narcs--;
    }
    return 1;
}

/* The walk from every start, in order: the chains found, or NULL with an error set. */
static PyObject *run_walk(Walk *w, int nsets) {
    if (!(w->out = PyList_New(0))) return NULL;
    for (int start = 0; start < nsets; start++) {
        w->npath = 0;
        w->narcs = 0;
        w->path[w->npath++] = start;
        for (int e = w->off[start]; e < w->off[start + 1]; e++) {
            int nxt = w->nbr[e], c1 = w->first[e], c2 = w->second[e];
            for (int a = 1; a <= (c2 >= 0 ? 2 : 1); a++) {
                if (--w->budget < 0) break;
                push_arc(w, nxt, a, c1, c2);
                if (!walk(w, start, nxt, c1, c2, a)) { Py_CLEAR(w->out); return NULL; }
                w->npath--;
                w->narcs--;
            }
        }
    }
    return w->out;
}

PyObject *hodoku_als_walk(PyObject *module, PyObject *args) {
    PyObject *off_o, *nbr_o, *first_o, *second_o, *symbols_o, *reach_o;
    int nsym, words, max_links;
    long budget;
    if (!PyArg_ParseTuple(args, "OOOOOOiiil", &off_o, &nbr_o, &first_o, &second_o, &symbols_o, &reach_o, &nsym, &words, &max_links, &budget))
        return NULL;
    if (nsym < 1 || nsym > 31 || words < 1 || words > 1 << 16 || max_links < 0 || max_links > 60) {
        PyErr_SetString(PyExc_ValueError, "hodoku_als_walk: symbols, words or max_links out of range");
        return NULL;
    }
    Walk w = {0};
    int *off = NULL, *nbr = NULL, *first = NULL, *second = NULL, *symbols = NULL;
    word *reach = NULL;
    Py_ssize_t noff, nlinks, nsets;
    PyObject *out = NULL;
    if (!(symbols = int_array_in(symbols_o, &nsets, -1, 0, 1L << nsym, "hodoku_als_walk: symbols"))) goto done;
    if (!(off = int_array_in(off_o, &noff, nsets + 1, 0, INT_MAX, "hodoku_als_walk: offsets"))) goto done;
    if (!(nbr = int_array_in(nbr_o, &nlinks, -1, 0, (long)nsets, "hodoku_als_walk: links"))
        || !(first = int_array_in(first_o, NULL, nlinks, 0, nsym, "hodoku_als_walk: first commons"))
        || !(second = int_array_in(second_o, NULL, nlinks, -1, nsym, "hodoku_als_walk: second commons")))
        goto done;
    for (Py_ssize_t i = 0; i < nsets; i++)
        if (off[i] > off[i + 1] || off[i + 1] > nlinks || (i == 0 && off[0] != 0)) {
            PyErr_SetString(PyExc_ValueError, "hodoku_als_walk: offsets not rising from 0 to the links");
            goto done;
        }
    if (nsets && off[nsets] != nlinks) {
        PyErr_SetString(PyExc_ValueError, "hodoku_als_walk: offsets not rising from 0 to the links");
        goto done;
    }
    for (Py_ssize_t i = 0; i < nsets; i++)
        for (int e = off[i]; e < off[i + 1]; e++)
            if (nbr[e] <= i) {  /* forward links only: the walk's depth is bounded by the sets */
                PyErr_SetString(PyExc_ValueError, "hodoku_als_walk: a link that is not forward");
                goto done;
            }
    if (!(reach = word_array(reach_o, (Py_ssize_t)nsets * nsym * words))) goto done;
    w = (Walk){off, nbr, first, second, symbols, reach, nsym, words, max_links, budget};
    out = run_walk(&w, (int)nsets);
done:
    PyMem_RawFree(off);
    PyMem_RawFree(nbr);
    PyMem_RawFree(first);
    PyMem_RawFree(second);
    PyMem_RawFree(symbols);
    PyMem_RawFree(reach);
    return out;
}

/* (hoals) hodoku_als_run(pairs, order, symbols, cells, reach, nsymbols, words, max_links, budget)
 *   -> [(sets, commons, eliminations)]: hodoku_als_walk over the forward links strategies/_hodoku_als.py's
 * als_chains makes, made here: pairs maps (i, j) to the restricted commons of sets i and j (the
 * position's order, strategies.als.als_links); order lists the sets in HoDoKu's order (a permutation);
 * symbols, cells (words little-endian words per set) and reach (per set and symbol) are in the
 * position's order.  Sets that overlap are not joined; each pair becomes a link from the set earlier
 * in HoDoKu's order to the later one, with its lowest and highest common, each set's links by the set
 * they lead to; the chains' sets are indices in HoDoKu's order. */
typedef struct { int to, c1, c2; } Forward;

static int compare_forward(const void *a, const void *b) {
    int x = ((const Forward *)a)->to, y = ((const Forward *)b)->to;
    return (x > y) - (x < y);
}

PyObject *hodoku_als_run(PyObject *module, PyObject *args) {
    PyObject *pairs, *order_o, *symbols_o, *cells_o, *reach_o, *key, *value, *out = NULL;
    int nsym, words, max_links;
    long budget;
    if (!PyArg_ParseTuple(args, "O!OOOOiiil", &PyDict_Type, &pairs, &order_o, &symbols_o, &cells_o, &reach_o, &nsym,
                          &words, &max_links, &budget))
        return NULL;
    if (nsym < 1 || nsym > 31 || words < 1 || words > 1 << 16 || max_links < 0 || max_links > 60) {
        PyErr_SetString(PyExc_ValueError, "hodoku_als_run: symbols, words or max_links out of range");
        return NULL;
    }
    Py_ssize_t nsets, npairs = PyDict_GET_SIZE(pairs), pos = 0, nlinks = 0;
    int *order = NULL, *at = NULL, *symbols = NULL, *sym_h = NULL, *off = NULL, *nbr = NULL, *first = NULL,
        *second = NULL;
    word *cells = NULL, *reach = NULL, *reach_h = NULL;
    Forward *links = NULL;
    if (!(symbols = int_array_in(symbols_o, &nsets, -1, 0, 1L << nsym, "hodoku_als_run: symbols"))
        || !(order = int_array_in(order_o, NULL, nsets, 0, (long)nsets, "hodoku_als_run: order")))
        goto done;
    size_t block = (size_t)nsym * words, n1 = (size_t)(nsets ? nsets : 1);
    if (!(cells = word_array(cells_o, (Py_ssize_t)nsets * words))
        || !(reach = word_array(reach_o, (Py_ssize_t)(nsets * (Py_ssize_t)block))))
        goto done;
    at = PyMem_RawMalloc(n1 * sizeof(int));
    sym_h = PyMem_RawMalloc(n1 * sizeof(int));
    off = PyMem_RawCalloc(n1 + 1, sizeof(int));
    reach_h = PyMem_RawMalloc(n1 * block * sizeof(word));
    links = PyMem_RawMalloc((size_t)(npairs ? npairs : 1) * sizeof(Forward));
    int *from = PyMem_RawMalloc((size_t)(npairs ? npairs : 1) * sizeof(int));
    if (!at || !sym_h || !off || !reach_h || !links || !from) { PyMem_RawFree(from); PyErr_NoMemory(); goto done; }
    for (Py_ssize_t i = 0; i < nsets; i++) at[i] = -1;
    for (Py_ssize_t h = 0; h < nsets; h++) {
        int k = order[h];
        if (at[k] >= 0) {
            PyMem_RawFree(from);
            PyErr_SetString(PyExc_ValueError, "hodoku_als_run: order is not a permutation of the sets");
            goto done;
        }
        at[k] = (int)h;
        sym_h[h] = symbols[k];
        memcpy(reach_h + h * block, reach + (size_t)k * block, block * sizeof(word));
    }
    while (PyDict_Next(pairs, &pos, &key, &value)) {
        long i, j, c;
        if (!PyTuple_Check(key) || PyTuple_GET_SIZE(key) != 2 || !PyList_Check(value) || !PyList_GET_SIZE(value)) {
            PyMem_RawFree(from);
            PyErr_SetString(PyExc_ValueError, "hodoku_als_run: each pair is (i, j): [commons]");
            goto done;
        }
        if (!small_int(PyTuple_GET_ITEM(key, 0), 0, (long)nsets, &i)
            || !small_int(PyTuple_GET_ITEM(key, 1), 0, (long)nsets, &j)) { PyMem_RawFree(from); goto done; }
        int lo = nsym, hi = -1;
        for (Py_ssize_t k = 0; k < PyList_GET_SIZE(value); k++) {
            if (!small_int(PyList_GET_ITEM(value, k), 0, nsym, &c)) { PyMem_RawFree(from); goto done; }
            if (c < lo) lo = (int)c;
            if (c > hi) hi = (int)c;
        }
        if (!w_disjoint(cells + (size_t)i * words, cells + (size_t)j * words, words)) continue;
        int a = at[i], b = at[j];
        if (a > b) { int t = a; a = b; b = t; }
        from[nlinks] = a;
        links[nlinks++] = (Forward){b, lo, PyList_GET_SIZE(value) == 1 ? -1 : hi};
        off[a + 1]++;
    }
    for (Py_ssize_t h = 0; h < nsets; h++) off[h + 1] += off[h];
    nbr = PyMem_RawMalloc((size_t)(nlinks ? nlinks : 1) * sizeof(int));
    first = PyMem_RawMalloc((size_t)(nlinks ? nlinks : 1) * sizeof(int));
    second = PyMem_RawMalloc((size_t)(nlinks ? nlinks : 1) * sizeof(int));
    Forward *sorted = PyMem_RawMalloc((size_t)(nlinks ? nlinks : 1) * sizeof(Forward));
    int *fill = PyMem_RawMalloc(n1 * sizeof(int));
    if (!nbr || !first || !second || !sorted || !fill) {
        PyMem_RawFree(from); PyMem_RawFree(sorted); PyMem_RawFree(fill); PyErr_NoMemory(); goto done;
    }
    memcpy(fill, off, n1 * sizeof(int));
    for (Py_ssize_t e = 0; e < nlinks; e++) sorted[fill[from[e]]++] = links[e];
    for (Py_ssize_t h = 0; h < nsets; h++)
        qsort(sorted + off[h], (size_t)(off[h + 1] - off[h]), sizeof(Forward), compare_forward);
    for (Py_ssize_t e = 0; e < nlinks; e++) {
        nbr[e] = sorted[e].to;
        first[e] = sorted[e].c1;
        second[e] = sorted[e].c2;
    }
    PyMem_RawFree(from);
    PyMem_RawFree(sorted);
    PyMem_RawFree(fill);
    Walk w = {off, nbr, first, second, sym_h, reach_h, nsym, words, max_links, budget};
    out = run_walk(&w, (int)nsets);
done:
    PyMem_RawFree(order);
    PyMem_RawFree(at);
    PyMem_RawFree(symbols);
    PyMem_RawFree(sym_h);
    PyMem_RawFree(off);
    PyMem_RawFree(nbr);
    PyMem_RawFree(first);
    PyMem_RawFree(second);
    PyMem_RawFree(cells);
    PyMem_RawFree(reach);
    PyMem_RawFree(reach_h);
    PyMem_RawFree(links);
    return out;
}

/* (hoals) als_hodoku_order(sets, words) -> [index]: strategies._hodoku_als.hodoku_order, the indices of
 * sets (strategies.als.Als records: cells, symbols, house, ...) sorted by house, then by their cells
 * as ascending tuples (a set before its extensions); the sort is stable. */
typedef struct { int index; long house; const word *cells; int words; } Ranked;

static int compare_ranked(const void *pa, const void *pb) {
    const Ranked *a = pa, *b = pb;
    if (a->house != b->house) return a->house < b->house ? -1 : 1;
    for (int i = 0; i < a->words; i++) {
        word d = a->cells[i] ^ b->cells[i];
        if (!d) continue;
        word low = d & -d, above = ~(low | (low - 1));  /* the lowest cell in one set only, the cells past it */
        const Ranked *has = a->cells[i] & low ? a : b, *other = has == a ? b : a;
        int more = (other->cells[i] & above) != 0;
        for (int j = i + 1; j < a->words && !more; j++) more = other->cells[j] != 0;
        /* the set holding it comes first unless the other one ends before it */
        int first = more ? (has == a ? -1 : 1) : (has == a ? 1 : -1);
        return first;
    }
    return (a->index > b->index) - (a->index < b->index);
}

PyObject *als_hodoku_order(PyObject *module, PyObject *args) {
    PyObject *sets_o;
    int W;
    if (!PyArg_ParseTuple(args, "Oi", &sets_o, &W)) return NULL;
    if (W < 1 || W > 1 << 16) {
        PyErr_SetString(PyExc_ValueError, "als_hodoku_order: words out of range");
        return NULL;
    }
    PyObject *sets = PySequence_Fast(sets_o, "als_hodoku_order: sets must be a sequence"), *out = NULL;
    if (!sets) return NULL;
    Py_ssize_t S = PySequence_Fast_GET_SIZE(sets);
    Ranked *ranked = PyMem_RawMalloc((size_t)(S ? S : 1) * sizeof(Ranked));
    word *cells = PyMem_RawCalloc((size_t)(S ? S : 1) * W, sizeof(word));
    if (!ranked || !cells) { PyErr_NoMemory(); goto done; }
    for (Py_ssize_t i = 0; i < S; i++) {
        PyObject *a = PySequence_Fast_GET_ITEM(sets, i);
        if (!PyTuple_Check(a) || PyTuple_GET_SIZE(a) < 3) {
            PyErr_SetString(PyExc_TypeError, "als_hodoku_order: each set must be an Als record");
            goto done;
        }
        ranked[i] = (Ranked){(int)i, 0, cells + (size_t)i * W, W};
        if (!long_to_bits(PyTuple_GET_ITEM(a, 0), cells + (size_t)i * W, W)
            || !small_int(PyTuple_GET_ITEM(a, 2), 0, LONG_MAX, &ranked[i].house))
            goto done;
    }
    qsort(ranked, (size_t)S, sizeof(Ranked), compare_ranked);
    if (!(out = PyList_New(S))) goto done;
    for (Py_ssize_t i = 0; i < S; i++) {
        PyObject *v = PyLong_FromLong(ranked[i].index);
        if (!v) { Py_CLEAR(out); goto done; }
        PyList_SET_ITEM(out, i, v);
    }
done:
    Py_DECREF(sets);
    PyMem_RawFree(ranked);
    PyMem_RawFree(cells);
    return out;
}
