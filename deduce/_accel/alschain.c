#include "accel.h"

/* The ALS chain and ALS-XY-wing searches.
 *
 * The ALS chain search (strategies/als.py's AlsChain.find up to the sort, with AlsChain._from):
 * from each start set (ascending) and each first restricted common x, breadth first over (set,
 * actual commons) states, each kept once at length 3 and once at length 4 or more, the sets of a
 * chain pairwise different, at most max_sets sets, a budget of links looked at; a chain ends at a
 * set after the start when some z (not x, not its actual commons) of both ends has cells outside
 * both that see all of their z (reach) and hold it.  Returns the chains in Python's order: (sets,
 * actual commons per link, z, target cells).  Python packs the sets' links, masks and cells
 * (strategies/_accel.py: als_chains). */

typedef struct { int set, parent; uint32_t arc; } Node;

typedef struct {
    int S, n, W, max_sets;
    const int *off, *nbr;          /* set i's links: nbr[off[i]..off[i+1]) with their commons in mask */
    const uint32_t *mask, *useful;
    const word *reach, *cells;     /* reach: S * n masks of W words; cells: S masks */
    uint32_t *stamp;               /* per level (length 3, 4+), per state: the search that met it */
    Node *nodes;
    size_t cap;
    int *path;
} Search;

static const word *reach_of(const Search *A, int set, int z) { return A->reach + ((size_t)set * A->n + z) * A->W; }

/* The chains ending at node k (at a set after the start) into out; -1 on error. */
static int close_chains(Search *A, int k, int start, uint32_t zs, PyObject *out) {
    int cur = A->nodes[k].set, len = 0;
    word hit[FISH_W];
    for (int j = k; j >= 0; j = A->nodes[j].parent) A->path[len++] = j;
    for (; zs; zs &= zs - 1) {
        int z = __builtin_ctz(zs), any = 0;
        const word *a = reach_of(A, start, z), *b = reach_of(A, cur, z);
        const word *ca = A->cells + (size_t)start * A->W, *cb = A->cells + (size_t)cur * A->W;
        for (int i = 0; i < A->W; i++) any |= (hit[i] = a[i] & b[i] & ~ca[i] & ~cb[i]) != 0;
        if (!any) continue;
        PyObject *sets = PyTuple_New(len), *arcs = PyTuple_New(len - 1), *targets = PyList_New(0), *item = NULL;
        if (!sets || !arcs || !targets) goto fail;
        for (int i = 0; i < len; i++) {
            const Node *nd = &A->nodes[A->path[len - 1 - i]];
            PyObject *s = PyLong_FromLong(nd->set);
            if (!s) goto fail;
            PyTuple_SET_ITEM(sets, i, s);
            if (i) {
                PyObject *m = PyLong_FromUnsignedLong(nd->arc);
                if (!m) goto fail;
                PyTuple_SET_ITEM(arcs, i - 1, m);
            }
        }
        for (int i = 0; i < A->W; i++)
            for (word v = hit[i]; v; v &= v - 1) {
                PyObject *c = PyLong_FromLong(i * 64 + __builtin_ctzll(v));
                if (!c || PyList_Append(targets, c) < 0) { Py_XDECREF(c); goto fail; }
                Py_DECREF(c);
            }
        item = Py_BuildValue("(NNiN)", sets, arcs, z, targets);
        if (!item) return -1;  /* (Py_BuildValue's N took the three references) */
        if (PyList_Append(out, item) < 0) { Py_DECREF(item); return -1; }
        Py_DECREF(item);
        continue;
    fail:
        Py_XDECREF(sets);
        Py_XDECREF(arcs);
        Py_XDECREF(targets);
        return -1;
    }
    return 0;
}

static int add_node(Search *A, size_t *used, int set, int parent, uint32_t arc) {
    if (*used == A->cap) {
        size_t cap = A->cap * 2;
        Node *grown = PyMem_RawRealloc(A->nodes, cap * sizeof(Node));
        if (!grown) { PyErr_NoMemory(); return -1; }
        A->nodes = grown;
        A->cap = cap;
    }
    A->nodes[*used] = (Node){set, parent, arc};
    (*used)++;
    return 0;
}

/* AlsChain._from: the chains leaving start by restricted common x, appended to out; -1 on error. */
static int chains_from(Search *A, int start, int x, uint32_t epoch, long long *budget, PyObject *out) {
    size_t used = 0;
    size_t states = (size_t)A->S << A->n;
    if (add_node(A, &used, start, -1, 0) < 0) return -1;
    for (int e = A->off[start]; e < A->off[start + 1]; e++)
        if (A->mask[e] >> x & 1)
            if (add_node(A, &used, A->nbr[e], 0, 1u << x) < 0) return -1;
    uint32_t ends = A->useful[start] & ~(1u << x);
    size_t lo = 1, hi = used;
    for (int depth = 2; depth <= A->max_sets; depth++) {
        uint32_t *met = A->stamp + (depth > 2 ? states : 0);
        for (size_t k = lo; k < hi; k++) {
            int cur = A->nodes[k].set;
            uint32_t arc = A->nodes[k].arc;
            if (depth >= 4 && cur > start) {
                uint32_t zs = ends & A->useful[cur] & ~arc;
                if (zs && close_chains(A, (int)k, start, zs, out) < 0) return -1;
            }
            if (depth == A->max_sets) continue;
            *budget -= A->off[cur + 1] - A->off[cur];
            for (int e = A->off[cur]; e < A->off[cur + 1]; e++) {
                uint32_t fresh = A->mask[e] & ~arc;
                int nxt = A->nbr[e];
                if (!fresh) continue;
                int on_path = 0;
                for (int j = (int)k; j >= 0 && !on_path; j = A->nodes[j].parent) on_path = A->nodes[j].set == nxt;
                if (on_path) continue;
                size_t key = ((size_t)nxt << A->n) | fresh;
                if (met[key] == epoch) continue;
                met[key] = epoch;
                if (add_node(A, &used, nxt, (int)k, fresh) < 0) return -1;
            }
        }
        lo = hi;
        hi = used;
    }
    return 0;
}

/* als_chains(off, nbr, mask, useful, reach, cells, nsymbols, words, max_sets, budget) -> chains */
PyObject *als_chains(PyObject *module, PyObject *args) {
    PyObject *off_o, *nbr_o, *mask_o, *useful_o, *reach_o, *cells_o;
    int n, W, max_sets;
    long long budget;
    if (!PyArg_ParseTuple(args, "OOOOOOiiiL", &off_o, &nbr_o, &mask_o, &useful_o, &reach_o, &cells_o, &n, &W,
                          &max_sets, &budget))
        return NULL;
    if (n < 1 || n > ALS_MAX_SYMBOLS || W < 1 || W > FISH_W || max_sets < 2 || max_sets > 64) {
        PyErr_SetString(PyExc_ValueError, "als_chains: symbols, words or chain length out of range");
        return NULL;
    }
    Search A = {0};
    A.n = n;
    A.W = W;
    A.max_sets = max_sets;
    Py_ssize_t noff, nnbr, nmask, nuseful;
    PyObject *out = NULL;
    int *off = NULL, *nbr = NULL, *mask = NULL, *useful = NULL;
    word *reach = NULL, *cells = NULL;
    if (!(off = int_array(off_o, &noff)) || !(nbr = int_array(nbr_o, &nnbr)) || !(mask = int_array(mask_o, &nmask))
        || !(useful = int_array(useful_o, &nuseful)))
        goto done;
    A.S = (int)nuseful;
    if (noff != A.S + 1 || nmask != nnbr || off[0] != 0 || off[A.S] != nnbr) {
        PyErr_SetString(PyExc_ValueError, "als_chains: malformed links");
        goto done;
    }
    for (int i = 0; i < A.S; i++)
        if (off[i + 1] < off[i]) { PyErr_SetString(PyExc_ValueError, "als_chains: malformed links"); goto done; }
    for (Py_ssize_t e = 0; e < nnbr; e++)
        if (nbr[e] < 0 || nbr[e] >= A.S || mask[e] < 0 || mask[e] >> n) {
            PyErr_SetString(PyExc_ValueError, "als_chains: a link out of range");
            goto done;
        }
    for (int i = 0; i < A.S; i++)
        if (useful[i] < 0 || useful[i] >> n) {
            PyErr_SetString(PyExc_ValueError, "als_chains: a symbol mask out of range");
            goto done;
        }
    if (!(reach = word_array(reach_o, (Py_ssize_t)A.S * n * W)) || !(cells = word_array(cells_o, (Py_ssize_t)A.S * W)))
        goto done;
    A.off = off;
    A.nbr = nbr;
    A.mask = (const uint32_t *)mask;
    A.useful = (const uint32_t *)useful;
    A.reach = reach;
    A.cells = cells;
    A.stamp = PyMem_RawCalloc(((size_t)A.S << n) * 2 + 1, sizeof(uint32_t));
    A.cap = 1024;
    A.nodes = PyMem_RawMalloc(A.cap * sizeof(Node));
    A.path = PyMem_RawMalloc((size_t)(max_sets + 1) * sizeof(int));
    if (!A.stamp || !A.nodes || !A.path) { PyErr_NoMemory(); goto done; }
    out = PyList_New(0);
    if (!out) goto done;
    uint32_t epoch = 0;
    for (int start = 0; start < A.S; start++) {
        if (off[start + 1] == off[start] || !A.useful[start]) continue;
        uint32_t firsts = 0;
        for (int e = off[start]; e < off[start + 1]; e++) firsts |= A.mask[e];
        for (uint32_t xs = firsts; xs; xs &= xs - 1) {
            int x = __builtin_ctz(xs);
            if (!(A.useful[start] & ~(1u << x)) || budget <= 0) continue;
            if (chains_from(&A, start, x, ++epoch, &budget, out) < 0) { Py_CLEAR(out); goto done; }
        }
    }
done:
    PyMem_RawFree(off);
    PyMem_RawFree(nbr);
    PyMem_RawFree(mask);
    PyMem_RawFree(useful);
    PyMem_RawFree(reach);
    PyMem_RawFree(cells);
    PyMem_RawFree(A.stamp);
    PyMem_RawFree(A.nodes);
    PyMem_RawFree(A.path);
    return out;
}

/* What the ALS-XY-wing searches read (als_xy_wings, als_xy_whole): the sets' links as offsets, sets
 * and commons, their symbols, per set and symbol its reach and per set its cells as words. */
typedef struct {
    int *off, *nbr, *mask, *symbols;
    word *reach, *cells;
    Py_ssize_t S, nnbr;
    int n, W;
} Wings;

static void wings_free(Wings *I) {
    PyMem_RawFree(I->off);
    PyMem_RawFree(I->nbr);
    PyMem_RawFree(I->mask);
    PyMem_RawFree(I->symbols);
    PyMem_RawFree(I->reach);
    PyMem_RawFree(I->cells);
}

/* The arguments (off, nbr, mask, symbols, reach, cells, nsymbols, words) checked into I; 0 on error (I freed). */
static int wings_in(PyObject *args, const char *name, Wings *I) {
    PyObject *off_o, *nbr_o, *mask_o, *symbols_o, *reach_o, *cells_o;
    Py_ssize_t noff, nmask;
    memset(I, 0, sizeof(*I));
    if (!PyArg_ParseTuple(args, "OOOOOOii", &off_o, &nbr_o, &mask_o, &symbols_o, &reach_o, &cells_o, &I->n, &I->W))
        return 0;
    const int n = I->n, W = I->W;
    if (n < 1 || n > 31 || W < 1 || W > FISH_W) {
        PyErr_Format(PyExc_ValueError, "%s: symbols or words out of range", name);
        return 0;
    }
    if (!(I->off = int_array(off_o, &noff)) || !(I->nbr = int_array(nbr_o, &I->nnbr))
        || !(I->mask = int_array(mask_o, &nmask)) || !(I->symbols = int_array(symbols_o, &I->S)))
        goto fail;
    const Py_ssize_t S = I->S;
    if (noff != S + 1 || nmask != I->nnbr || I->off[0] != 0 || I->off[S] != I->nnbr) {
        PyErr_Format(PyExc_ValueError, "%s: malformed links", name);
        goto fail;
    }
    for (Py_ssize_t i = 0; i < S; i++)
        if (I->off[i + 1] < I->off[i] || I->symbols[i] < 0 || I->symbols[i] >> n) {
            PyErr_Format(PyExc_ValueError, "%s: malformed links or symbols", name);
            goto fail;
        }
    for (Py_ssize_t e = 0; e < I->nnbr; e++)
        if (I->nbr[e] < 0 || I->nbr[e] >= S || I->mask[e] < 0 || I->mask[e] >> n) {
            PyErr_Format(PyExc_ValueError, "%s: a link out of range", name);
            goto fail;
        }
    if (!(I->reach = word_array(reach_o, S * n * W)) || !(I->cells = word_array(cells_o, S * W))) goto fail;
    return 1;
fail:
    wings_free(I);
    return 0;
}

/* als_xy_wings(off, nbr, mask, symbols, reach, cells, nsymbols, words) -> [(pivot, i, x, j, y, z, targets)]:
 * strategies/als.py's AlsXYWing.find before it makes the steps: per pivot set with links (ascending),
 * its links one per restricted common, every two of them (combinations order) to different sets by
 * different commons x and y, each z of both sets but x and y (ascending) with cells outside the
 * three sets that see every z of both and hold it (reach). */
PyObject *als_xy_wings(PyObject *module, PyObject *args) {
    Wings I;
    if (!wings_in(args, "als_xy_wings", &I)) return NULL;
    const int *off = I.off, *nbr = I.nbr, *mask = I.mask, *symbols = I.symbols, n = I.n, W = I.W;
    const word *reach = I.reach, *cells = I.cells;
    const Py_ssize_t S = I.S, nnbr = I.nnbr;
    PyObject *out = NULL;
    int *around = NULL;
    around = PyMem_RawMalloc(((size_t)nnbr * n + 1) * 2 * sizeof(int));
    if (!around) { PyErr_NoMemory(); goto done; }
    out = PyList_New(0);
    if (!out) goto done;
    for (Py_ssize_t pivot = 0; pivot < S; pivot++) {
        int k = 0;  /* the pivot's links, one per common: (set, common) */
        for (int e = off[pivot]; e < off[pivot + 1]; e++)
            for (uint32_t m = (uint32_t)mask[e]; m; m &= m - 1) {
                around[2 * k] = nbr[e];
                around[2 * k + 1] = __builtin_ctz(m);
                k++;
            }
        const word *cc = cells + pivot * W;
        for (int p = 0; p < k; p++) {
            int i = around[2 * p], x = around[2 * p + 1];
            for (int q = p + 1; q < k; q++) {
                int j = around[2 * q], y = around[2 * q + 1];
                if (x == y || i == j) continue;
                uint32_t zs = (uint32_t)(symbols[i] & symbols[j]) & ~(1u << x) & ~(1u << y);
                for (; zs; zs &= zs - 1) {
                    int z = __builtin_ctz(zs), any = 0;
                    word hit[FISH_W];
                    const word *ra = reach + ((size_t)i * n + z) * W, *rb = reach + ((size_t)j * n + z) * W;
                    for (int w = 0; w < W; w++) any |= (hit[w] = ra[w] & rb[w] & ~cc[w]) != 0;
                    if (!any) continue;
                    PyObject *targets = PyList_New(0);
                    if (!targets) { Py_CLEAR(out); goto done; }
                    for (int w = 0; w < W; w++)
                        for (word v = hit[w]; v; v &= v - 1) {
                            PyObject *c = PyLong_FromLong(w * 64 + __builtin_ctzll(v));
                            if (!c || PyList_Append(targets, c) < 0) {
                                Py_XDECREF(c);
                                Py_DECREF(targets);
                                Py_CLEAR(out);
                                goto done;
                            }
                            Py_DECREF(c);
                        }
                    PyObject *item = Py_BuildValue("(niiiiiN)", pivot, i, x, j, y, z, targets);
                    if (!item || PyList_Append(out, item) < 0) { Py_XDECREF(item); Py_CLEAR(out); goto done; }
                    Py_DECREF(item);
                }
            }
        }
    }
done:
    PyMem_RawFree(around);
    wings_free(&I);
    return out;
}

/* als_xy_whole(off, nbr, mask, symbols, reach, cells, nsymbols, words) -> [(pivot, i, x, j, y, eliminations)]:
 * strategies/als.py's AlsXYWing._whole before it makes the steps (HoDoKu's reading): per pivot set with
 * links (ascending), every two of its links (combinations order) to sets i and j with restricted
 * commons xs and ys (not both the same single symbol), the three sets apart; the eliminations
 * (cell, z), z of both wings but none of xs and ys (ascending), the cells (ascending) that hold z
 * outside the wings and see every z of both; x and y the first commons of xs and ys that differ. */
PyObject *als_xy_whole(PyObject *module, PyObject *args) {
    Wings I;
    if (!wings_in(args, "als_xy_whole", &I)) return NULL;
    const int *off = I.off, *nbr = I.nbr, *mask = I.mask, *symbols = I.symbols, n = I.n, W = I.W;
    const word *reach = I.reach, *cells = I.cells;
    const Py_ssize_t S = I.S;
    PyObject *out = NULL;
    out = PyList_New(0);
    if (!out) goto done;
    for (Py_ssize_t pivot = 0; pivot < S; pivot++) {
        const word *cc = cells + pivot * W;
        for (int p = off[pivot]; p < off[pivot + 1]; p++) {
            int i = nbr[p];
            uint32_t xs = (uint32_t)mask[p];
            const word *ca = cells + (size_t)i * W;
            for (int q = p + 1; q < off[pivot + 1]; q++) {
                int j = nbr[q];
                uint32_t ys = (uint32_t)mask[q];
                const word *cb = cells + (size_t)j * W;
                if (xs == ys && __builtin_popcount(xs) == 1) continue;
                int apart = 1;
                for (int w = 0; w < W && apart; w++) apart = !(ca[w] & cb[w]) && !((ca[w] | cb[w]) & cc[w]);
                if (!apart) continue;
                PyObject *elims = NULL;
                for (uint32_t zs = (uint32_t)(symbols[i] & symbols[j]) & ~xs & ~ys; zs; zs &= zs - 1) {
                    int z = __builtin_ctz(zs);
                    const word *ra = reach + ((size_t)i * n + z) * W, *rb = reach + ((size_t)j * n + z) * W;
                    for (int w = 0; w < W; w++)
                        for (word v = ra[w] & rb[w]; v; v &= v - 1) {
                            PyObject *e = Py_BuildValue("(ii)", w * 64 + __builtin_ctzll(v), z);
                            if (!elims) elims = PyList_New(0);
                            if (!e || !elims || PyList_Append(elims, e) < 0) {
                                Py_XDECREF(e);
                                Py_XDECREF(elims);
                                Py_CLEAR(out);
                                goto done;
                            }
                            Py_DECREF(e);
                        }
                }
                if (!elims) continue;
                int x = -1, y = -1;
                for (uint32_t a = xs; a && x < 0; a &= a - 1)
                    for (uint32_t b = ys; b; b &= b - 1)
                        if (__builtin_ctz(a) != __builtin_ctz(b)) { x = __builtin_ctz(a); y = __builtin_ctz(b); break; }
                PyObject *item = Py_BuildValue("(niiiiN)", pivot, i, x, j, y, elims);
                if (!item || PyList_Append(out, item) < 0) { Py_XDECREF(item); Py_CLEAR(out); goto done; }
                Py_DECREF(item);
            }
        }
    }
done:
    wings_free(&I);
    return out;
}
