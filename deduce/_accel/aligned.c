#include "accel.h"

/* The aligned pair and triple exclusion search (strategies/aligned_exclusion.py's
 * aligned_exclusions up to _exclusion): which sets of base cells and excluders pass the quick test
 * that some candidate of the base is in no possible combination, in the order Python visits them.
 * Python makes each set's eliminations and reasons from the definition itself (_exclusion).
 *
 * A set's excluders are numbered 0..k-1 in cell order (k at most ALIGNED_EXCLUDERS), so that what a
 * way of filling the base does to them is one word. */

/* One way of filling the first two base cells of a triple: their symbols' bits, the excluders it
 * empties, and per excluder the one candidate it leaves (0: none or several). */
typedef struct {
    uint32_t bv, bx;
    uint64_t emptied, single;  /* single: the excluders left one candidate */
} Head;

typedef struct {
    int ncells, W, size;
    const int *cand, *value;
    const word *peer;
} Aligned;

/* The cells of mask m (W words), at most max of them, into out; their count, -1 past max. */
static int cells_in(const word *m, int W, int *out, int max) {
    int k = 0;
    for (int i = 0; i < W; i++)
        for (word v = m[i]; v; v &= v - 1) {
            if (k == max) return -1;
            out[k++] = i * 64 + __builtin_ctzll(v);
        }
    return k;
}

/* _pair_removes_something: whether some candidate of the pair is in no possible combination. */
static int pair_removes(const Aligned *A, int a_sees_b, uint32_t ca, uint32_t cb, const int *ex, int k) {
    uint32_t ua = 0, ub = 0;
    for (uint32_t va = ca; va; va &= va - 1) {
        uint32_t bv = va & -va;
        uint32_t forbid = a_sees_b ? bv : 0;
        for (int i = 0; i < k; i++) {
            uint32_t rest = (uint32_t)A->cand[ex[i]] & ~bv;
            if (!(rest & (rest - 1))) forbid |= rest;
        }
        uint32_t allowed = cb & ~forbid;
        if (allowed) {
            ua |= bv;
            ub |= allowed;
            if (ua == ca && ub == cb) return 0;
        }
    }
    return 1;
}

/* _heads: every way of filling a and b, with what it does to the excluders ex (k of them). */
static int heads_of(const Aligned *A, int a, int b, int a_sees_b, const int *ex, int k, Head *out,
                    uint32_t *rests) {
    int h = 0;
    for (uint32_t va = (uint32_t)A->cand[a]; va; va &= va - 1) {
        uint32_t bv = va & -va;
        for (uint32_t vb = (uint32_t)A->cand[b]; vb; vb &= vb - 1) {
            uint32_t bx = vb & -vb;
            if (a_sees_b && bx == bv) continue;
            uint32_t taken = bv | bx;
            Head *H = out + h;
            H->bv = bv;
            H->bx = bx;
            H->emptied = H->single = 0;
            for (int i = 0; i < k; i++) {
                uint32_t rest = (uint32_t)A->cand[ex[i]] & ~taken;
                if (!rest) {
                    H->emptied |= (uint64_t)1 << i;
                } else if (!(rest & (rest - 1))) {
                    H->single |= (uint64_t)1 << i;
                    rests[(size_t)h * ALIGNED_EXCLUDERS + i] = rest;
                }
            }
            h++;
        }
    }
    return h;
}

/* _removes_something: with the excluders in local (a subset of the pair's), whether some candidate
 * of the three base cells is in no possible combination. */
static int triple_removes(const Head *heads, const uint32_t *rests, int nheads, uint64_t local, uint32_t ca,
                          uint32_t cb, uint32_t cc, int c_sees_a, int c_sees_b) {
    uint32_t ua = 0, ub = 0, uc = 0;
    for (int h = 0; h < nheads; h++) {
        const Head *H = heads + h;
        if (H->emptied & local) continue;
        uint32_t forbid = (c_sees_a ? H->bv : 0) | (c_sees_b ? H->bx : 0);
        for (uint64_t s = H->single & local; s; s &= s - 1)
            forbid |= rests[(size_t)h * ALIGNED_EXCLUDERS + __builtin_ctzll(s)];
        uint32_t allowed = cc & ~forbid;
        if (allowed) {
            ua |= H->bv;
            ub |= H->bx;
            uc |= allowed;
            if (ua == ca && ub == cb && uc == cc) return 0;
        }
    }
    return 1;
}

/* The sets found, kept as plain data while the search runs with the GIL released: per set its k
 * cells (cells) and its excluders (masks). */
typedef struct { IntList cells; WordList masks; } Found;

/* Keep (cells..., excluders as a cell mask); 0 when out of memory. */
static int found(Found *out, const int *base, int k, const word *common) {
    for (int i = 0; i < k; i++) if (!push(&out->cells, base[i])) return 0;
    return push_words(&out->masks, common);
}

#define TOO_MANY (-2)

/* The pairs (the GIL released: no Python object touched); 1 done, 0 out of memory, TOO_MANY when a pair has more excluders than a word holds. */
static int pairs(const Aligned *A, const int *base, int nbase, const word *reach, const word *anywhere,
                 Found *out) {
    const int W = A->W;
    word common[FISH_W];
    int ex[ALIGNED_EXCLUDERS];
    for (int i = 0; i < nbase; i++) {
        int a = base[i];
        const word *ra = reach + (size_t)a * W;
        for (int j = i + 1; j < nbase; j++) {
            int b = base[j];
            const word *rb = reach + (size_t)b * W;
            int k = 0, touch = 0;
            for (int w = 0; w < W; w++) {
                common[w] = ra[w] & rb[w];
                k += __builtin_popcountll(common[w]);
                touch |= (common[w] & anywhere[w]) != 0;
            }
            if (k < 2) continue;
            if (!touch && !w_bit(anywhere, a) && !w_bit(anywhere, b)) continue;
            if (k > ALIGNED_EXCLUDERS) return TOO_MANY;
            cells_in(common, W, ex, ALIGNED_EXCLUDERS);
            if (pair_removes(A, w_bit(A->peer + (size_t)a * W, b), (uint32_t)A->cand[a], (uint32_t)A->cand[b], ex,
                             k)) {
                int cells[2] = {a, b};
                if (!found(out, cells, 2, common)) return 0;
            }
        }
    }
    return 1;
}

/* The triples, as pairs (0 on error: out of memory). */
static int triples(const Aligned *A, const int *base, int nbase, const word *reach, const word *small,
                   const word *anywhere, Found *out) {
    const int W = A->W, ncells = A->ncells;
    int ok = 0;
    /* partners[x]: the base cells sharing at least two excluders with x */
    int most = 1;  /* the most candidates of a base cell: a pair has at most most * most heads */
    for (int i = 0; i < nbase; i++) {
        int k = __builtin_popcount((uint32_t)A->cand[base[i]]);
        if (k > most) most = k;
    }
    word *partners = PyMem_RawCalloc((size_t)ncells * W, sizeof(word));
    Head *heads = PyMem_RawMalloc((size_t)most * most * sizeof(Head));
    uint32_t *rests = PyMem_RawMalloc((size_t)most * most * ALIGNED_EXCLUDERS * sizeof(uint32_t));
    if (!partners || !heads || !rests) goto done;
    for (int i = 0; i < nbase; i++) {
        int a = base[i];
        for (int j = i + 1; j < nbase; j++) {
            int b = base[j], k = 0;
            for (int w = 0; w < W; w++) k += __builtin_popcountll(reach[(size_t)a * W + w] & reach[(size_t)b * W + w]);
            if (k >= 2) {
                w_set(partners + (size_t)a * W, b);
                w_set(partners + (size_t)b * W, a);
            }
        }
    }
    word common2[FISH_W], later[FISH_W], common[FISH_W];
    int ex[ALIGNED_EXCLUDERS];
    for (int i = 0; i < nbase; i++) {
        int a = base[i];
        const word *pa = partners + (size_t)a * W, *ra = reach + (size_t)a * W, *peer_a = A->peer + (size_t)a * W;
        int small_a = w_bit(small, a);
        for (int b = a + 1; b < ncells; b++) {
            if (!w_bit(pa, b)) continue;
            const word *pb = partners + (size_t)b * W, *rb = reach + (size_t)b * W;
            int touch = w_bit(anywhere, a) || w_bit(anywhere, b), any = 0, k2 = 0;
            for (int w = 0; w < W; w++) {
                common2[w] = ra[w] & rb[w];
                k2 += __builtin_popcountll(common2[w]);
                touch |= (common2[w] & anywhere[w]) != 0;
            }
            for (int w = 0; w < W; w++) {
                /* the partners of both after b (a < b, so after a too) */
                word keep = (int)(w * 64) > b ? ~(word)0 : (b - w * 64 >= 63 ? 0 : ~(word)0 << (b - w * 64 + 1));
                later[w] = pa[w] & pb[w] & keep;
                if (!touch) later[w] &= anywhere[w];
                any |= later[w] != 0;
            }
            if (!any) continue;
            if (k2 > ALIGNED_EXCLUDERS) { ok = TOO_MANY; goto done; }
            cells_in(common2, W, ex, ALIGNED_EXCLUDERS);
            const int small_b = w_bit(small, b), a_sees_b = w_bit(peer_a, b);
            const int pair_aligned = a_sees_b && (small_a || small_b);
            int nheads = -1;
            for (int w = 0; w < W; w++) {
                for (word v = later[w]; v; v &= v - 1) {
                    int c = w * 64 + __builtin_ctzll(v);
                    const word *rc = reach + (size_t)c * W;
                    int k = 0;
                    for (int x = 0; x < W; x++) { common[x] = common2[x] & rc[x]; k += __builtin_popcountll(common[x]); }
                    if (k < 2) continue;
                    const word *peer_c = A->peer + (size_t)c * W;
                    int c_sees_a = w_bit(peer_c, a), c_sees_b = w_bit(peer_c, b);
                    if (!(pair_aligned || ((c_sees_a || c_sees_b) && w_bit(small, c)) || (c_sees_a && small_a)
                          || (c_sees_b && small_b)))
                        continue;
                    if (nheads < 0) nheads = heads_of(A, a, b, a_sees_b, ex, k2, heads, rests);
                    uint64_t local = 0;
                    for (int e = 0; e < k2; e++) if (w_bit(rc, ex[e])) local |= (uint64_t)1 << e;
                    if (triple_removes(heads, rests, nheads, local, (uint32_t)A->cand[a], (uint32_t)A->cand[b],
                                       (uint32_t)A->cand[c], c_sees_a, c_sees_b)) {
                        int cells[3] = {a, b, c};
                        if (!found(out, cells, 3, common)) goto done;
                    }
                }
            }
        }
    }
    ok = 1;
done:
    PyMem_RawFree(partners);
    PyMem_RawFree(heads);
    PyMem_RawFree(rests);
    return ok;
}

/* aligned_sets(cand, value, peer, size, changed) -> [(base cells..., excluders)] or None: the sets of
 * size (2 or 3) base cells and their excluders (a cell mask) that aligned_exclusions passes to
 * _exclusion, in its order; peer is the cells' peer masks as words, changed a cell mask or None (every
 * set).  None when a set has more excluders than the kernel handles (Python searches then). */
PyObject *aligned_sets(PyObject *module, PyObject *args) {
    PyObject *cand_in, *value_in, *peer_in, *changed_in;
    int size;
    if (!PyArg_ParseTuple(args, "OOO!iO", &cand_in, &value_in, &PyBytes_Type, &peer_in, &size, &changed_in))
        return NULL;
    if (size != 2 && size != 3) {
        PyErr_SetString(PyExc_ValueError, "aligned_sets: size 2 or 3");
        return NULL;
    }
    Py_ssize_t ncells;
    PyObject *out = NULL;
    word *peer = NULL, *reach = NULL;
    int *base = NULL;
    Found F = {{NULL, 0, 0}, {NULL, 0, 0, 0}};
    int *cand = int_array_in(cand_in, &ncells, -1, 0, 1L << 31, "candidates");
    int *value = cand ? int_array_in(value_in, NULL, ncells, -1, 32, "values") : NULL;
    if (!value) goto done;
    if (ncells < 1 || ncells > FISH_W * 64) {
        PyErr_SetString(PyExc_ValueError, "aligned_sets: too many cells");
        goto done;
    }
    const int W = (int)((ncells + 63) / 64);
    F.masks.W = W;
    if (!(peer = word_array(peer_in, (Py_ssize_t)ncells * W))) goto done;
    word anywhere[FISH_W], small[FISH_W];
    if (changed_in == Py_None) {
        for (int w = 0; w < W; w++) anywhere[w] = ~(word)0;
    } else if (!cell_bits(changed_in, anywhere, W, (int)ncells)) {
        goto done;
    }
    memset(small, 0, sizeof small);
    base = PyMem_RawMalloc(ncells * sizeof(int));
    reach = PyMem_RawCalloc((size_t)ncells * W, sizeof(word));
    if (!base || !reach) { PyErr_NoMemory(); goto done; }
    int nbase = 0;
    for (int c = 0; c < ncells; c++) {
        if (value[c] >= 0) continue;
        int k = __builtin_popcount((uint32_t)cand[c]);
        if (k >= 2) {
            base[nbase++] = c;
            if (k <= size) w_set(small, c);
        }
    }
    int kept = 0;
    for (int i = 0; i < nbase; i++) {
        int c = base[i], any = 0;
        for (int w = 0; w < W; w++) any |= (reach[(size_t)c * W + w] = peer[(size_t)c * W + w] & small[w]) != 0;
        if (any) base[kept++] = c;
    }
    Aligned A = {(int)ncells, W, size, cand, value, peer};
    int r;
    Py_BEGIN_ALLOW_THREADS
    r = size == 2 ? pairs(&A, base, kept, reach, anywhere, &F) : triples(&A, base, kept, reach, small, anywhere, &F);
    Py_END_ALLOW_THREADS
    if (r == TOO_MANY) { out = Py_NewRef(Py_None); goto done; }
    if (!r) { PyErr_NoMemory(); goto done; }
    if (!(out = PyList_New((Py_ssize_t)F.masks.used))) goto done;
    for (size_t i = 0; i < F.masks.used; i++) {
        PyObject *t = PyTuple_New(size + 1), *m = bits_to_long(F.masks.items + i * W, W);
        if (!t || !m) { Py_XDECREF(t); Py_XDECREF(m); Py_CLEAR(out); goto done; }
        for (int j = 0; j < size; j++) {
            PyObject *v = PyLong_FromLong(F.cells.items[i * size + j]);
            if (!v) { Py_DECREF(t); Py_DECREF(m); Py_CLEAR(out); goto done; }
            PyTuple_SET_ITEM(t, j, v);
        }
        PyTuple_SET_ITEM(t, size, m);
        PyList_SET_ITEM(out, (Py_ssize_t)i, t);
    }
done:
    PyMem_RawFree(F.cells.items);
    PyMem_RawFree(F.masks.items);
    PyMem_RawFree(cand);
    PyMem_RawFree(value);
    PyMem_RawFree(peer);
    PyMem_RawFree(reach);
    PyMem_RawFree(base);
    return out;
}
