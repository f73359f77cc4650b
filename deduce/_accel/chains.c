#include "accel.h"

/* The set bits of a, counted as far as two: 0, 1, or 2 and more (what a house's places are asked). */
static inline int w_few(const word *a, int W) {
    int k = 0;
    for (int i = 0; i < W && k < 2; i++) if (a[i]) k += 1 + !!(a[i] & (a[i] - 1));
    return k;
}

typedef struct {
    PyObject_HEAD
    int n, ncells, W, nhouses;
    int is_static, grouped, only;
    int max_depth;        /* generations followed (strategies/implications.py's MAX_DEPTH) */
    uint32_t *cand0;      /* ncells */
    int *value;           /* ncells */
    word *smask0;         /* n * W */
    word *peer;           /* ncells * W */
    word *house;          /* nhouses * W */
    int *cell_houses;     /* ncells * 3 */
    int has_groups;
    word *inter;          /* ncells * 2 * W: (row & block, column & block) of the cell */
    /* live "off" literals: index c * n + s -> houses (start, count); start -1: not followed */
    int *live_start, *live_count, *live_h;
    /* almost locked sets, per "off" literal index: distinct masks, the sets per mask, every set */
    int *lm_start, *lm_count;          /* literal -> masks */
    word *m_words;                     /* mask -> words */
    int *m_ent_start, *m_ent_count;    /* mask -> entries (in mask_ents) */
    int *mask_ents;
    int *la_start, *la_count;          /* literal -> every entry (in all_ents) */
    int *all_ents;
    word *e_where;                     /* entry -> its places of the symbol (words) */
    word *e_cells;                     /* entry -> the set's cells (words) */
    int *e_house, *e_sym;              /* entry -> the set's house, the symbol */
    int *e_oth_start, *e_oth_count;    /* entry -> others */
    int *o_sym;
    word *o_words;
    int n_entries;
    /* one propagation's records, as plain ints (see ctx_propagate): per node its record, the records
     * (REC ints each), their parents and cells; the contradiction's literal and record (-1: none) */
    IntList node_rec, recs, flat;
    IntList node_lit;                  /* per node its literal (context_trace reads them) */
    int contra_y, contra_rec;
    /* scratch, one propagation at a time */
    uint32_t *cand;
    word *smask, *placed, *tmp, *tmp2;
    unsigned char *seen;               /* literal index (c * n + s) * 2 + on */
    int *front, *next;
    PyObject **lit_cache;              /* literal -> its int (lit_long), made when first asked */
    size_t nlit_cache;
    PyThread_type_lock lock;           /* held while a propagation uses the scratch (ctx_lock) */
} Context;

/* ---- context --------------------------------------------------------- */

static void ctx_dealloc(Context *self) {
    void *arrays[] = {self->cand0, self->value, self->smask0, self->peer, self->house, self->cell_houses,
                      self->inter, self->live_start, self->live_count, self->live_h, self->lm_start,
                      self->lm_count, self->m_words, self->m_ent_start, self->m_ent_count, self->mask_ents,
                      self->la_start, self->la_count, self->all_ents, self->e_where, self->e_cells, self->e_house,
                      self->e_sym, self->e_oth_start, self->e_oth_count, self->o_sym, self->o_words,
                      self->cand, self->smask, self->placed, self->tmp, self->tmp2, self->seen, self->front,
                      self->next, self->node_rec.items, self->recs.items, self->flat.items,
                      self->node_lit.items};
    for (size_t i = 0; i < sizeof(arrays) / sizeof(arrays[0]); i++) PyMem_RawFree(arrays[i]);
    if (self->lit_cache)
        for (size_t i = 0; i < self->nlit_cache; i++) Py_XDECREF(self->lit_cache[i]);
    PyMem_RawFree(self->lit_cache);
    if (self->lock) PyThread_free_lock(self->lock);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Take the Context's lock (waiting with the GIL released when another thread holds it): a Context's
 * scratch serves one propagation at a time.  0 with an error set. */
static int ctx_lock(Context *C) {
    if (PyThread_acquire_lock(C->lock, NOWAIT_LOCK)) return 1;
    int got;
    Py_BEGIN_ALLOW_THREADS
    got = PyThread_acquire_lock(C->lock, WAIT_LOCK);
    Py_END_ALLOW_THREADS
    if (!got) PyErr_SetString(PyExc_RuntimeError, "Context: its lock could not be taken");
    return got;
}


static inline int group_of(Context *C, const word *m, int *line, int *block);

/* Whether a house whose places of a symbol are places can make a static or grouped link once the
 * place c is gone (Implications._live_houses's _house_links): two places (a strong link), or in
 * grouped chains, the places gone (c alone or with others of a group around it) and those left each
 * one place or a group. */
static int house_links(Context *C, const word *places, int c) {
    const int W = C->W;
    int line, block;
    if (w_count(places, W) == 2) return 1;
    if (!C->has_groups) return 0;
    word *left = C->tmp;
    memcpy(left, places, W * sizeof(word));
    w_clear(left, c);
    int k_left = w_count(left, W);
    if (k_left == 1 || (k_left && group_of(C, left, &line, &block))) return 1;
    for (int k = 0; k < 2; k++) {
        const word *inter = C->inter + ((size_t)c * 2 + k) * W;
        int others[32], nothers = 0;   /* (a crossing lies in one line: at most 25 cells) */
        for (int q = 0; q < W; q++) {
            for (word v = places[q] & inter[q]; v; v &= v - 1) {
                int b = q * 64 + __builtin_ctzll(v);
                if (b != c && nothers < 32) others[nothers++] = b;
            }
        }
        for (uint64_t sub = 1; sub < ((uint64_t)1 << nothers); sub++) {
            memcpy(left, places, W * sizeof(word));
            w_clear(left, c);
            for (int j = 0; j < nothers; j++)
                if (sub >> j & 1) w_clear(left, others[j]);
            k_left = w_count(left, W);
            if (k_left == 1 || (k_left && group_of(C, left, &line, &block))) return 1;
        }
    }
    return 0;
}

/* The "off" literals a propagation follows, as Implications._live_houses makes them (almost locked
 * sets aside: build_als adds their places): per literal index c * n + s, its houses where the
 * symbol's places can still make a link (static and grouped chains: only in unsolved cells, and
 * only with such a house or, following every symbol, a bivalue cell), or every house of its cell
 * (dynamic chains). */
static int find_live(Context *C) {
    const int n = C->n, W = C->W, ncells = C->ncells;
    const size_t nlits = (size_t)ncells * n;
    IntList houses = {0};
    C->live_start = PyMem_RawMalloc((nlits + 1) * sizeof(int));
    C->live_count = PyMem_RawCalloc(nlits + 1, sizeof(int));
    word *places = PyMem_RawCalloc(W, sizeof(word));
    if (!C->live_start || !C->live_count || !places) { PyMem_RawFree(places); PyErr_NoMemory(); return 0; }
    for (size_t i = 0; i < nlits; i++) C->live_start[i] = -1;
    for (int s = 0; s < n; s++) {
        if (C->only >= 0 && s != C->only) continue;
        const word *sm = C->smask0 + (size_t)s * W;
        for (int q = 0; q < W; q++) {
            for (word v = sm[q]; v; v &= v - 1) {
                const int c = q * 64 + __builtin_ctzll(v), i = c * n + s, start = (int)houses.used;
                int count = 0;
                if (!C->is_static) {
                    for (int k = 0; k < 3; k++)
                        if (!push_fast(&houses, C->cell_houses[c * 3 + k])) goto fail;
                    count = 3;
                } else {
                    if (C->value[c] >= 0) continue;
                    for (int k = 0; k < 3; k++) {
                        const word *hm = C->house + (size_t)C->cell_houses[c * 3 + k] * W;
                        for (int j = 0; j < W; j++) places[j] = sm[j] & hm[j];
                        if (house_links(C, places, c)) {
                            if (!push_fast(&houses, C->cell_houses[c * 3 + k])) goto fail;
                            count++;
                        }
                    }
                    if (!count && !(C->only < 0 && __builtin_popcount(C->cand0[c]) == 2)) continue;
                }
                C->live_start[i] = start;
                C->live_count[i] = count;
            }
        }
    }
    PyMem_RawFree(places);
    C->live_h = int_list_array(&houses);
    return C->live_h != NULL;
fail:
    PyMem_RawFree(places);
    PyMem_RawFree(houses.items);
    return 0;
}

/* What build_als gathers: per entry (a set and one of its symbols), its places of the symbol, the
 * set's cells and house, the symbol, and its "others" (the symbols the set then takes from cells
 * outside it, with those cells); per place of an entry, (literal index, entry) in the order made. */
typedef struct {
    IntList e_house, e_sym, e_oth_start, e_oth_count, o_sym, pair_li, pair_e;
    WordList e_where, e_cells, o_words;
    word *where, *outside;     /* scratch: per symbol, n * W words */
} AlsBuild;

/* The entries of one almost locked set (cells, holding symbols, in house): for each of its symbols
 * x (ascending), when some other symbol y of the set has cells outside it that see all its places
 * of y and hold y (Implications.als_index's entries).  0 on error. */
static int als_add(Context *C, AlsBuild *B, const word *cells, uint32_t symbols, int house) {
    const int n = C->n, W = C->W;
    uint32_t has_out = 0;
    for (int y = 0; y < n; y++) {
        if (!(symbols >> y & 1)) continue;
        word *wy = B->where + (size_t)y * W, *oy = B->outside + (size_t)y * W;
        memset(wy, 0, W * sizeof(word));
        memset(oy, 0xff, W * sizeof(word));
        for (int k = 0; k < W; k++) {
            for (word v = cells[k]; v; v &= v - 1) {
                int c = k * 64 + __builtin_ctzll(v);
                if (!(C->cand0[c] >> y & 1)) continue;
                w_set(wy, c);
                const word *pc = C->peer + (size_t)c * W;
                for (int q = 0; q < W; q++) oy[q] &= pc[q];
            }
        }
        const word *sy = C->smask0 + (size_t)y * W;
        for (int k = 0; k < W; k++) {
            oy[k] &= ~cells[k] & sy[k];
            if (oy[k]) has_out |= 1u << y;
        }
    }
    for (int x = 0; x < n; x++) {
        if (!(symbols >> x & 1) || !(has_out & ~(1u << x))) continue;
        int e = (int)B->e_sym.used;
        if (!push_words(&B->e_where, B->where + (size_t)x * W) || !push_words(&B->e_cells, cells)
            || !push_fast(&B->e_house, house) || !push_fast(&B->e_sym, x) || !push_fast(&B->e_oth_start, (int)B->o_sym.used))
            return 0;
        int count = 0;
        for (int y = 0; y < n; y++) {
            if (y == x || !(has_out >> y & 1)) continue;
            if (!push_fast(&B->o_sym, y) || !push_words(&B->o_words, B->outside + (size_t)y * W)) return 0;
            count++;
        }
        if (!push_fast(&B->e_oth_count, count)) return 0;
        const word *wx = B->where + (size_t)x * W;
        for (int k = 0; k < W; k++) {
            for (word v = wx[k]; v; v &= v - 1) {
                int q = k * 64 + __builtin_ctzll(v);
                if (!push_fast(&B->pair_li, q * n + x) || !push_fast(&B->pair_e, e)) return 0;
            }
        }
    }
    return 1;
}

/* The lowest-numbered house where a set of k cells (a list) is looked for: one holding all of them
 * (the row, column or block of its first cell) and more than k unsolved cells (empty_count). */
static int first_house(const Context *C, const int *cells, int k, const int *empty_count) {
    int best = -1;
    for (int j = 0; j < 3; j++) {
        int h = C->cell_houses[cells[0] * 3 + j], all = empty_count[h] > k;
        for (int i = 1; i < k && all; i++)
            all = C->cell_houses[cells[i] * 3 + j] == h;
        if (all && (best < 0 || h < best)) best = h;
    }
    return best;
}

/* The almost locked sets of 2 to max_cells cells, as strategies.als.node_sets lists them (per house
 * in order, by size, in combinations order of the house's unsolved cells; a set lying in several
 * houses counted in the first), each handed to als_add; a partial set is only grown while its cells
 * hold at most one symbol more than the set will have cells.  0 on error. */
static int find_als(Context *C, AlsBuild *B, int max_cells) {
    const int W = C->W;
    int ok = 0;
    int *empty = PyMem_RawCalloc((size_t)C->ncells + 1, sizeof(int));
    int *empty_count = PyMem_RawCalloc((size_t)C->nhouses + 1, sizeof(int));
    word *cells = PyMem_RawCalloc(W, sizeof(word));
    if (!empty || !empty_count || !cells) { PyErr_NoMemory(); goto done; }
    for (int h = 0; h < C->nhouses; h++) {
        const word *hm = C->house + (size_t)h * W;
        for (int k = 0; k < W; k++)
            for (word v = hm[k]; v; v &= v - 1)
                empty_count[h] += C->value[k * 64 + __builtin_ctzll(v)] < 0;
    }
    for (int h = 0; h < C->nhouses; h++) {
        const word *hm = C->house + (size_t)h * W;
        int m = 0;
        for (int k = 0; k < W; k++)
            for (word v = hm[k]; v; v &= v - 1) {
                int c = k * 64 + __builtin_ctzll(v);
                if (C->value[c] < 0) empty[m++] = c;
            }
        for (int size = 2; size <= max_cells && size <= m - 1; size++) {
            int idx[32], chosen[32];
            uint32_t unions[33];
            int depth = 0;
            unions[0] = 0;
            idx[0] = 0;
            /* an iterative walk over the size-combinations of empty, in combinations order */
            while (depth >= 0) {
                if (idx[depth] > m - (size - depth)) { if (--depth >= 0) idx[depth]++; continue; }
                uint32_t u = unions[depth] | C->cand0[empty[idx[depth]]];
                if (__builtin_popcount(u) > size + 1) { idx[depth]++; continue; }
                chosen[depth] = empty[idx[depth]];
                if (depth == size - 1) {
                    if (__builtin_popcount(u) == size + 1 && first_house(C, chosen, size, empty_count) == h) {
                        memset(cells, 0, W * sizeof(word));
                        for (int i = 0; i < size; i++) w_set(cells, chosen[i]);
                        if (!als_add(C, B, cells, u, h)) goto done;
                    }
                    idx[depth]++;
                    continue;
                }
                unions[depth + 1] = u;
                idx[depth + 1] = idx[depth] + 1;
                depth++;
            }
        }
    }
    ok = 1;
done:
    PyMem_RawFree(empty);
    PyMem_RawFree(empty_count);
    PyMem_RawFree(cells);
    return ok;
}

/* The almost locked sets of grouped chains (of 2 to max_cells cells; none for 0), indexed per
 * "off" literal as Implications.als_index holds them: each place of an entry's symbol lists the
 * entry, in order, and per place the entries are grouped by their places of the symbol (the distinct
 * masks in first-seen order). */
static int build_als(Context *C, int max_cells) {
    const int n = C->n, W = C->W, ncells = C->ncells;
    const size_t nlits = (size_t)ncells * n;
    int ok = 0;
    AlsBuild B = {0};
    B.e_where.W = B.e_cells.W = B.o_words.W = W;
    IntList m_ent_start = {0}, m_ent_count = {0}, mask_ents = {0};
    WordList m_words = {0, 0, 0, W};
    IntList *pair_li = &B.pair_li, *pair_e = &B.pair_e;
    int *fill = NULL, *first = NULL;
    B.where = PyMem_RawCalloc((size_t)n * W, sizeof(word));
    B.outside = PyMem_RawCalloc((size_t)n * W, sizeof(word));
    C->lm_start = PyMem_RawCalloc(nlits + 1, sizeof(int));
    C->lm_count = PyMem_RawCalloc(nlits + 1, sizeof(int));
    C->la_start = PyMem_RawCalloc(nlits + 1, sizeof(int));
    C->la_count = PyMem_RawCalloc(nlits + 1, sizeof(int));
    if (!B.where || !B.outside || !C->lm_start || !C->lm_count || !C->la_start || !C->la_count) {
        PyErr_NoMemory();
        goto done;
    }
    if (max_cells > 0 && !find_als(C, &B, max_cells)) goto done;
    /* every entry per literal, in the order made */
    for (size_t i = 0; i < pair_li->used; i++) C->la_count[pair_li->items[i]]++;
    for (size_t li = 0, at = 0; li < nlits; li++) { C->la_start[li] = (int)at; at += C->la_count[li]; }
    fill = PyMem_RawCalloc(nlits + 1, sizeof(int));
    C->all_ents = PyMem_RawCalloc(pair_li->used + 1, sizeof(int));
    first = PyMem_RawCalloc(pair_li->used + 1, sizeof(int));
    if (!fill || !C->all_ents || !first) { PyErr_NoMemory(); goto done; }
    for (size_t i = 0; i < pair_li->used; i++) {
        int li = pair_li->items[i];
        C->all_ents[C->la_start[li] + fill[li]++] = pair_e->items[i];
    }
    /* per literal, the distinct masks (first seen first) and the entries of each, in order */
    for (size_t li = 0; li < nlits; li++) {
        const int *ents = C->all_ents + C->la_start[li];
        int count = C->la_count[li], nfirst = 0;
        C->lm_start[li] = (int)m_words.used;
        for (int k = 0; k < count; k++) {
            const word *wk = B.e_where.items + (size_t)ents[k] * W;
            int j = 0;
            for (; j < nfirst; j++)
                if (!memcmp(B.e_where.items + (size_t)ents[first[j]] * W, wk, W * sizeof(word))) break;
            if (j == nfirst) {
                first[nfirst++] = k;
                if (!push_words(&m_words, wk)) goto done;
            }
        }
        C->lm_count[li] = nfirst;
        for (int j = 0; j < nfirst; j++) {
            const word *wj = B.e_where.items + (size_t)ents[first[j]] * W;
            if (!push_fast(&m_ent_start, (int)mask_ents.used)) goto done;
            int in = 0;
            for (int k = first[j]; k < count; k++) {
                if (memcmp(B.e_where.items + (size_t)ents[k] * W, wj, W * sizeof(word))) continue;
                if (!push_fast(&mask_ents, ents[k])) goto done;
                in++;
            }
            if (!push_fast(&m_ent_count, in)) goto done;
        }
    }
    C->n_entries = (int)B.e_sym.used;
    if (!(C->e_where = word_list_array(&B.e_where)) || !(C->e_cells = word_list_array(&B.e_cells))
        || !(C->o_words = word_list_array(&B.o_words)) || !(C->m_words = word_list_array(&m_words))
        || !(C->e_house = int_list_array(&B.e_house)) || !(C->e_sym = int_list_array(&B.e_sym))
        || !(C->e_oth_start = int_list_array(&B.e_oth_start)) || !(C->e_oth_count = int_list_array(&B.e_oth_count))
        || !(C->o_sym = int_list_array(&B.o_sym)) || !(C->m_ent_start = int_list_array(&m_ent_start))
        || !(C->m_ent_count = int_list_array(&m_ent_count)) || !(C->mask_ents = int_list_array(&mask_ents)))
        goto done;
    /* a place of a set is followed even where no house link starts (Implications._live_houses) */
    for (size_t li = 0; li < nlits; li++)
        if (C->la_count[li] && C->live_start[li] < 0) { C->live_start[li] = 0; C->live_count[li] = 0; }
    ok = 1;
done:
    {
        IntList *ints[] = {&B.e_house, &B.e_sym, &B.e_oth_start, &B.e_oth_count, &B.o_sym, &B.pair_li, &B.pair_e,
                           &m_ent_start, &m_ent_count, &mask_ents};
        for (size_t i = 0; i < sizeof(ints) / sizeof(ints[0]); i++) PyMem_RawFree(ints[i]->items);
        WordList *wls[] = {&B.e_where, &B.e_cells, &B.o_words, &m_words};
        for (size_t i = 0; i < sizeof(wls) / sizeof(wls[0]); i++) PyMem_RawFree(wls[i]->items);
    }
    PyMem_RawFree(B.where); PyMem_RawFree(B.outside); PyMem_RawFree(fill); PyMem_RawFree(first);
    return ok;
}

/* Context(n, ncells, nhouses, static, grouped, only, cand, value, smask, peer, house, cell_houses,
 *         inter, max_als_cells, max_depth): the position (candidates and values per cell, the
 *         symbols' places, peer and house masks as words, three houses per cell, the line-box
 *         crossings of each cell for grouped chains), the largest almost locked sets grouped chains
 *         pass through (0: none) and the generations followed (strategies/implications.py's MAX_DEPTH); the "off" literals
 *         followed and the sets are found here (find_live, build_als) */
static PyObject *ctx_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    int n, ncells, nhouses, is_static, grouped, only;
    int max_als_cells, max_depth;
    PyObject *cand, *value, *smask, *peer, *house, *cell_houses, *inter;
    if (!PyArg_ParseTuple(args, "iiiiiiOOOOOOOii", &n, &ncells, &nhouses, &is_static, &grouped,
                          &only, &cand, &value, &smask, &peer, &house, &cell_houses, &inter,
                          &max_als_cells, &max_depth))
        return NULL;
    if (n < 1 || n > 25 || ncells < 1 || ncells > 4096 || nhouses < 1 || only < -1 || only >= n
        || max_als_cells < 0 || max_als_cells > 24 || max_depth < 0 || max_depth > 1000) {
        PyErr_SetString(PyExc_ValueError, "Context: n from 1 to 25, ncells from 1 to 4096, nhouses above 0, "
                                          "only -1 or a symbol, max_als_cells from 0 to 24, max_depth from 0 to 1000");
        return NULL;
    }
    Context *self = (Context *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    int W = (ncells + 63) / 64;
    self->n = n; self->ncells = ncells; self->W = W; self->nhouses = nhouses;
    self->is_static = is_static; self->grouped = grouped; self->only = only;
    self->max_depth = max_depth;
    self->nlit_cache = (size_t)ncells << LIT_CELL_SHIFT;
    if (!(self->lock = PyThread_allocate_lock())) { PyErr_NoMemory(); goto fail; }
    int *c0 = int_array_in(cand, NULL, ncells, 0, 1L << n, "cand");
    if (!c0) goto fail;
    self->cand0 = PyMem_RawCalloc(ncells, sizeof(uint32_t));
    if (!self->cand0) { PyMem_RawFree(c0); PyErr_NoMemory(); goto fail; }
    for (int i = 0; i < ncells; i++) self->cand0[i] = (uint32_t)c0[i];
    PyMem_RawFree(c0);
    if (!(self->value = int_array_in(value, NULL, ncells, -1, n, "value"))) goto fail;
    if (!(self->smask0 = word_array(smask, (Py_ssize_t)n * W))) goto fail;
    if (!(self->peer = word_array(peer, (Py_ssize_t)ncells * W))) goto fail;
    if (!(self->house = word_array(house, (Py_ssize_t)nhouses * W))) goto fail;
    if (!(self->cell_houses = int_array_in(cell_houses, NULL, (Py_ssize_t)ncells * 3, 0, nhouses, "cell_houses")))
        goto fail;
    self->has_groups = PyBytes_Check(inter) && PyBytes_GET_SIZE(inter) > 0;
    if (!(self->inter = word_array(inter, self->has_groups ? (Py_ssize_t)ncells * 2 * W : 0))) goto fail;
    self->tmp = PyMem_RawCalloc(W, sizeof(word));
    if (!self->tmp) { PyErr_NoMemory(); goto fail; }
    if (!find_live(self)) goto fail;
    if (!build_als(self, max_als_cells)) goto fail;
    self->cand = PyMem_RawCalloc(ncells, sizeof(uint32_t));
    self->smask = PyMem_RawCalloc((size_t)n * W, sizeof(word));
    self->placed = PyMem_RawCalloc(W, sizeof(word));
    self->tmp2 = PyMem_RawCalloc(W, sizeof(word));
    self->seen = PyMem_RawCalloc((size_t)ncells * n * 2, 1);
    self->front = PyMem_RawCalloc((size_t)ncells * n * 2 + 1, sizeof(int));
    self->next = PyMem_RawCalloc((size_t)ncells * n * 2 + 1, sizeof(int));
    if (!self->cand || !self->smask || !self->placed || !self->tmp || !self->tmp2 || !self->seen || !self->front
        || !self->next) {
        PyErr_NoMemory();
        goto fail;
    }
    return (PyObject *)self;
fail:
    Py_DECREF(self);
    return NULL;
}

/* ---- propagation ----------------------------------------------------- */

#define IDX(x) ((((x) >> LIT_CELL_SHIFT) * n + (((x) >> 1) & 31)) * 2 + ((x) & 1))

/* A propagation's records, as plain ints (strategies/implications.py's Trace makes the (reason,
 * parents) pairs from them, when asked): per record REC ints, its code (accel.h's REC_*), two
 * numbers (a cell or a house; the other house, or a symbol), and where its parents (literals) and
 * its cells lie in the flat list. */
#define REC 7
#define REC_PSTART 3
#define REC_PCOUNT 4
#define REC_CSTART 5
#define REC_CCOUNT 6

/* Literals (and node numbers) as Python ints, made once per Context and shared: a propagation's index
 * names the same few thousand literals over and over, so each is one object rather than one per
 * mention (which the collector would also have to free).  The Context's cache holds every literal of
 * its grid (below ncells << LIT_CELL_SHIFT; node numbers are fewer); others are made as needed. */

/* The int v, a new reference. */
static PyObject *lit_long(Context *C, long v) {
    if (v < 0 || (size_t)v >= C->nlit_cache) return PyLong_FromLong(v);
    if (!C->lit_cache && !(C->lit_cache = PyMem_RawCalloc(C->nlit_cache, sizeof(PyObject *))))
        return PyErr_NoMemory();
    PyObject *o = C->lit_cache[v];
    if (!o) {
        o = PyLong_FromLong(v);
        if (!o) return NULL;
        C->lit_cache[v] = o;  /* the Context keeps this reference */
    }
    Py_INCREF(o);
    return o;
}

/* A new record (code, a, b), its parents and cells to follow in the flat list; its number, -1 on
 * error. */
static int rec_open(Context *C, int code, int a, int b) {
    int r = (int)(C->recs.used / REC);
    int f = (int)C->flat.used;
    if (!push_fast(&C->recs, code) || !push_fast(&C->recs, a) || !push_fast(&C->recs, b) || !push_fast(&C->recs, f)
        || !push_fast(&C->recs, 0) || !push_fast(&C->recs, f) || !push_fast(&C->recs, 0))
        return -1;
    return r;
}

/* The flat list's items pushed since record r's parents began are its parents. */
static inline void rec_parents_end(Context *C, int r) {
    int *R = C->recs.items + (size_t)r * REC;
    R[REC_PCOUNT] = (int)C->flat.used - R[REC_PSTART];
    R[REC_CSTART] = (int)C->flat.used;
}

/* The flat list's items pushed since record r's cells began are its cells. */
static inline void rec_cells_end(Context *C, int r) {
    int *R = C->recs.items + (size_t)r * REC;
    R[REC_CCOUNT] = (int)C->flat.used - R[REC_CSTART];
}

/* Push the cells of mask m: their "off" literals of symbol s, or (s < 0) the cells; 0 on error. */
static int push_mask(Context *C, const word *m, int W, int s) {
    for (int i = 0; i < W; i++) {
        for (word v = m[i]; v; v &= v - 1) {
            int c = i * 64 + __builtin_ctzll(v);
            if (!push_fast(&C->flat, s < 0 ? c : LIT(c, s, 0))) return 0;
        }
    }
    return 1;
}

/* Push the "off" literals of cell c for the symbols of candidate mask m; 0 on error. */
static int push_symbols_off(Context *C, int c, uint32_t m) {
    for (; m; m &= m - 1)
        if (!push_fast(&C->flat, LIT(c, __builtin_ctz(m), 0))) return 0;
    return 1;
}

/* A record (code, a, b) whose parents are the one literal p; its number, -1 on error. */
static int rec_one(Context *C, int code, int a, int b, int p) {
    int r = rec_open(C, code, a, b);
    if (r < 0 || !push_fast(&C->flat, p)) return -1;
    rec_parents_end(C, r);
    rec_cells_end(C, r);
    return r;
}

/* Whether cell mask m is a group (two or more cells of one line-box intersection); sets the
 * intersection's line and block. */
static inline int group_of(Context *C, const word *m, int *line, int *block) {
    if (!C->has_groups || w_count(m, C->W) < 2) return 0;
    int c = w_low(m, C->W);
    int W = C->W;
    for (int k = 0; k < 2; k++) {
        if (w_subset(m, C->inter + ((size_t)c * 2 + k) * W, W)) {
            *line = C->cell_houses[c * 3 + k];
            *block = C->cell_houses[c * 3 + 2];
            return 1;
        }
    }
    return 0;
}

#define FAIL_IF(cond) do { if (cond) goto error; } while (0)

/* Node y, which follows from record r: index[y] = its number (no index: none), its record kept; 0 on
 * error. */
static inline int put(Context *C, PyObject *index, int y, int r) {
    if (!index) return push_fast(&C->node_rec, r) && push_fast(&C->node_lit, y);
    if (!push_fast(&C->node_lit, y)) return 0;
    PyObject *key = lit_long(C, y);
    if (!key) return 0;
    PyObject *num = lit_long(C, (long)C->node_rec.used);
    if (!num) { Py_DECREF(key); return 0; }
    int ok = PyDict_SetItem(index, key, num) == 0 && push_fast(&C->node_rec, r);
    Py_DECREF(key);
    Py_DECREF(num);
    return ok;
}

/* Record the "off" literal y, which follows from record r, and push it when it can lead on: 1 done,
 * -1 its negation is a node (the contradiction (y, r) kept), 0 on error. */
static int derive_off(Context *C, PyObject *index, int y, int r, int *next, int *nnext) {
    const int n = C->n;
    if (C->seen[IDX(y | 1)]) {
        C->contra_y = y;
        C->contra_rec = r;
        return -1;
    }
    if (!put(C, index, y, r)) return 0;
    C->seen[IDX(y)] = 1;
    if (C->live_start[(y >> 6) * n + ((y >> 1) & 31)] >= 0) next[(*nnext)++] = y;
    return 1;
}

/* The record of entry e's set losing its symbol: (ALS_NODE, cells, house, symbol) with its places of
 * the symbol as "off" literals; its number, -1 on error. */
static int als_rec(Context *C, int e) {
    const int W = C->W, x = C->e_sym[e];
    int r = rec_open(C, REC_ALS, C->e_house[e], x);
    if (r < 0 || !push_mask(C, C->e_where + (size_t)e * W, W, x)) return -1;
    rec_parents_end(C, r);
    if (!push_mask(C, C->e_cells + (size_t)e * W, W, -1)) return -1;
    rec_cells_end(C, r);
    return r;
}

/* Record the "on" literal y (a single; the caller knows it is not a node yet), which follows from
 * record r, and push it: as derive_off. */
static int derive_on(Context *C, PyObject *index, int y, int r, int *next, int *nnext) {
    const int n = C->n;
    if (C->seen[IDX(y ^ 1)]) {
        C->contra_y = y;
        C->contra_rec = r;
        return -1;
    }
    if (!put(C, index, y, r)) return 0;
    C->seen[IDX(y)] = 1;
    next[(*nnext)++] = y;
    return 1;
}

/* A derive_* result: go on, stop at the contradiction, or fail. */
#define DERIVED(r) do { int r_ = (r); if (r_ < 0) goto done; if (!r_) goto error; } while (0)

/* The propagation's records as one bytes object of native ints: the number of nodes and of records,
 * then per node its record, the records (REC ints each), and the flat list of their parents and
 * cells. */
static PyObject *trace_bytes(const Context *C) {
    size_t total = 2 + C->node_rec.used + C->recs.used + C->flat.used;
    PyObject *b = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(total * sizeof(int)));
    if (!b) return NULL;
    int *out = (int *)PyBytes_AS_STRING(b);
    out[0] = (int)C->node_rec.used;
    out[1] = (int)(C->recs.used / REC);
    out += 2;
    const IntList *parts[] = {&C->node_rec, &C->recs, &C->flat};
    for (int k = 0; k < 3; k++) {
        if (parts[k]->used) memcpy(out, parts[k]->items, parts[k]->used * sizeof(int));
        out += parts[k]->used;
    }
    return b;
}

/* Whether start is a literal of C's grid; 0 with an error set. */
static int ctx_start_ok(const Context *C, long start) {
    if (start < 0 || (start >> LIT_CELL_SHIFT) >= C->ncells || ((start >> 1) & 31) >= C->n) {
        PyErr_SetString(PyExc_ValueError, "propagate: a literal of this grid");
        return 0;
    }
    return 1;
}

/* propagate's work from start (a literal of the grid), its records kept in C; index (or NULL: no
 * Python object touched, so that the GIL may be released) maps each node to its number.  1 done, 0
 * on error (set when the GIL is held). */
static int ctx_walk(Context *C, int start, PyObject *index, int *grouped_out) {
    const int n = C->n, W = C->W, ncells = C->ncells;
    const int is_static = C->is_static, grouped = C->grouped, only = C->only;
    uint32_t *cand = C->cand;
    word *smask = C->smask, *placed = C->placed, *tmp = C->tmp, *tmp2 = C->tmp2;
    unsigned char *seen = C->seen;
    int *front = C->front, *next = C->next;
    memcpy(cand, C->cand0, ncells * sizeof(uint32_t));
    memcpy(smask, C->smask0, (size_t)n * W * sizeof(word));
    memset(placed, 0, W * sizeof(word));
    memset(seen, 0, (size_t)ncells * n * 2);
    C->recs.used = C->flat.used = C->node_rec.used = C->node_lit.used = 0;
    C->contra_y = C->contra_rec = -1;
    FAIL_IF(!put(C, index, start, -1));
    seen[IDX(start)] = 1;
    int nfront = 1, nnext;
    front[0] = start;
    if (!(start & 1)) {
        int c = start >> 6, s = (start >> 1) & 31;
        cand[c] &= ~(1u << s);
        w_clear(smask + (size_t)s * W, c);
    }
    int was_grouped = 0, r;
    for (int generation = 0; generation < C->max_depth; generation++) {
        nnext = 0;
        for (int fi = 0; fi < nfront; fi++) {
            const int x = front[fi];
            const int c = x >> 6, s = (x >> 1) & 31;
            word *sm_s = smask + (size_t)s * W;
            if (x & 1) {
                /* c = s: the cell's other candidates and the symbol's other places in its peers go */
                if (C->value[c] >= 0) continue;
                w_set(placed, c);
                if (only < 0) {
                    uint32_t m = cand[c] & ~(1u << s);
                    if (m) {
                        FAIL_IF((r = rec_one(C, REC_CELL, c, 0, x)) < 0);
                        while (m) {
                            int t = __builtin_ctz(m);
                            m &= m - 1;
                            DERIVED(derive_off(C, index, LIT(c, t, 0), r, next, &nnext));
                            w_clear(smask + (size_t)t * W, c);
                        }
                        cand[c] &= 1u << s;
                    }
                }
                const word *pm = C->peer + (size_t)c * W;
                int any = 0;
                for (int i = 0; i < W; i++) { tmp[i] = pm[i] & sm_s[i]; any |= tmp[i] != 0; }
                if (any) {
                    FAIL_IF((r = rec_one(C, REC_PEER, c, 0, x)) < 0);
                    for (int i = 0; i < W; i++) sm_s[i] &= ~tmp[i];
                    for (int i = 0; i < W; i++) {
                        word v = tmp[i];
                        while (v) {
                            int p = i * 64 + __builtin_ctzll(v);
                            v &= v - 1;
                            DERIVED(derive_off(C, index, LIT(p, s, 0), r, next, &nnext));
                            cand[p] &= ~(1u << s);
                        }
                    }
                }
                continue;
            }
            /* c <> s: look for a cell or a house left with one choice */
            if (only < 0) {
                uint32_t rest = cand[c];
                if (!rest) {
                    if (is_static && __builtin_popcount(C->cand0[c]) != 2) continue;
                    FAIL_IF((r = rec_open(C, REC_EMPTY, c, 0)) < 0 || !push_symbols_off(C, c, C->cand0[c]));
                    rec_parents_end(C, r);
                    rec_cells_end(C, r);
                    C->contra_rec = r;
                    goto done;
                }
                if (!(rest & (rest - 1)) && !w_bit(placed, c)) {
                    uint32_t gone = C->cand0[c] & ~rest;
                    if (!is_static || !(gone & (gone - 1))) {
                        int y = LIT(c, __builtin_ctz(rest), 1);
                        if (!seen[IDX(y)]) {
                            FAIL_IF((r = rec_open(C, REC_NAKED, c, 0)) < 0);
                            /* (none gone never happens: x's own went; -2 is Python's c << 6 | -1 << 1) */
                            FAIL_IF(gone ? !push_symbols_off(C, c, gone) : !push_fast(&C->flat, -2));
                            rec_parents_end(C, r);
                            rec_cells_end(C, r);
                            DERIVED(derive_on(C, index, y, r, next, &nnext));
                        }
                    }
                }
            }
            const word *sm0 = C->smask0 + (size_t)s * W;
            int li = c * n + s;
            int ls = C->live_start[li];
            int lc = ls >= 0 ? C->live_count[li] : 0;
            for (int hi = 0; hi < lc; hi++) {
                int h = C->live_h[ls + hi];
                const word *hm = C->house + (size_t)h * W;
                /* tmp = left = smask[s] & hm */
                int nleft = 0;   /* (0, 1, or 2 for two or more: all that is asked) */
                for (int i = 0; i < W; i++) { tmp[i] = sm_s[i] & hm[i]; nleft += tmp[i] ? 1 + !!(tmp[i] & (tmp[i] - 1)) : 0; }
                if (!nleft) {
                    for (int i = 0; i < W; i++) tmp2[i] = sm0[i] & hm[i];
                    if (is_static && w_count(tmp2, W) != 2) continue;
                    FAIL_IF((r = rec_open(C, REC_NOPLACE, h, s)) < 0 || !push_mask(C, tmp2, W, s));
                    rec_parents_end(C, r);
                    rec_cells_end(C, r);
                    C->contra_rec = r;
                    goto done;
                }
                /* tmp2 = gone = sm & hm & ~left */
                for (int i = 0; i < W; i++) tmp2[i] = sm0[i] & hm[i] & ~tmp[i];
                if (nleft == 1) {
                    int q = w_low(tmp, W);
                    if (C->value[q] >= 0 || w_bit(placed, q)) continue;
                    int ngone = w_few(tmp2, W), gl, gb;
                    if (!is_static || ngone <= 1 || (grouped && group_of(C, tmp2, &gl, &gb))) {
                        int y = LIT(q, s, 1);
                        if (!seen[IDX(y)]) {
                            FAIL_IF((r = rec_open(C, REC_HIDDEN, h, 0)) < 0);
                            /* (none gone never happens: x's own went; g is then -1, as in Python) */
                            FAIL_IF(ngone ? !push_mask(C, tmp2, W, s) : !push_fast(&C->flat, -64 + s * 2));
                            rec_parents_end(C, r);
                            rec_cells_end(C, r);
                            DERIVED(derive_on(C, index, y, r, next, &nnext));
                        }
                    }
                } else if (grouped) {
                    int line, block, gl, gb;
                    if (!group_of(C, tmp, &line, &block)) continue;
                    /* the symbol's places left in h form a group inside a line and a box:
                     * the other of those two houses loses it outside the group */
                    if (w_count(tmp2, W) != 1 && !group_of(C, tmp2, &gl, &gb)) continue;
                    int pair[2] = {line, block};
                    for (int k = 0; k < 2; k++) {
                        int o = pair[k];
                        if (o == h) continue;
                        const word *om = C->house + (size_t)o * W;
                        word m[W];
                        int any = 0;
                        for (int i = 0; i < W; i++) { m[i] = sm_s[i] & om[i] & ~tmp[i]; any |= m[i] != 0; }
                        if (!any) continue;
                        was_grouped = 1;
                        FAIL_IF((r = rec_open(C, REC_GROUP, h, o)) < 0 || !push_mask(C, tmp2, W, s));
                        rec_parents_end(C, r);
                        FAIL_IF(!push_mask(C, tmp, W, -1));
                        rec_cells_end(C, r);
                        for (int i = 0; i < W; i++) {
                            word v = m[i];
                            while (v) {
                                int t = i * 64 + __builtin_ctzll(v);
                                v &= v - 1;
                                DERIVED(derive_off(C, index, LIT(t, s, 0), r, next, &nnext));
                                cand[t] &= ~(1u << s);
                                w_clear(sm_s, t);
                            }
                        }
                    }
                }
            }
            /* an almost locked set without s is locked on its other symbols: each of them
             * leaves the cells that see all its places in the set */
            if (grouped) {
                int mc = C->lm_count[li];
                if (!mc) continue;
                int ms = C->lm_start[li];
                int hit = -1, several = 0;
                for (int k = 0; k < mc; k++) {
                    if (w_disjoint(sm_s, C->m_words + (size_t)(ms + k) * W, W)) {
                        if (hit >= 0) { several = 1; break; }
                        hit = ms + k;
                    }
                }
                if (hit < 0) continue;
                int count = several ? C->la_count[li] : C->m_ent_count[hit];
                const int *ents = several ? C->all_ents + C->la_start[li] : C->mask_ents + C->m_ent_start[hit];
                for (int k = 0; k < count; k++) {
                    int e = ents[k];
                    if (several && !w_disjoint(sm_s, C->e_where + (size_t)e * W, W)) continue;
                    int os = C->e_oth_start[e], oc = C->e_oth_count[e];
                    int er = -1;   /* the set's record, made when it first implies something */
                    for (int j = 0; j < oc; j++) {
                        int u = C->o_sym[os + j];
                        const word *out = C->o_words + (size_t)(os + j) * W;
                        word *sm_u = smask + (size_t)u * W;
                        for (int i = 0; i < W; i++) {
                            word v = out[i] & sm_u[i];
                            if (v) was_grouped = 1;
                            while (v) {
                                int t = i * 64 + __builtin_ctzll(v);
                                v &= v - 1;
                                if (er < 0) FAIL_IF((er = als_rec(C, e)) < 0);
                                DERIVED(derive_off(C, index, LIT(t, u, 0), er, next, &nnext));
                                cand[t] &= ~(1u << u);
                                sm_u[i] &= ~((word)1 << (t & 63));
                            }
                        }
                    }
                }
            }
        }
        if (!nnext) break;
        int *swap = front;
        front = next;
        next = swap;
        nfront = nnext;
    }
done:
    *grouped_out = was_grouped;
    return 1;
error:
    return 0;
}

/* propagate(start) -> (index, records, contradiction, grouped)
 * index maps each literal reached to its number, in the order found (start is 0); records (bytes of
 * native ints, trace_bytes) the record each follows from (-1: start, the assumption), the records
 * (REC ints each) and their parents and cells; contradiction None or (literal, record)
 * (literal -1: a cell or a house ran out). */
static PyObject *ctx_propagate(Context *C, PyObject *args) {
    int start, was_grouped = 0;
    if (!PyArg_ParseTuple(args, "i", &start) || !ctx_start_ok(C, start)) return NULL;
    PyObject *index = PyDict_New(), *out = NULL;
    if (!index || !ctx_lock(C)) { Py_XDECREF(index); return NULL; }
    if (ctx_walk(C, start, index, &was_grouped)) {
        PyObject *contradiction = C->contra_rec < 0 ? Py_NewRef(Py_None)
                                                    : Py_BuildValue("(ii)", C->contra_y, C->contra_rec);
        PyObject *raw = contradiction ? trace_bytes(C) : NULL;
        if (raw) out = Py_BuildValue("(ONNO)", index, raw, contradiction, was_grouped ? Py_True : Py_False);
        else Py_XDECREF(contradiction);
    }
    PyThread_release_lock(C->lock);
    Py_DECREF(index);
    return out;
}

/* ---- contradicting(starts): which assumptions run into a contradiction (sedyn2) ---------------- */

/* contradicting(starts) -> list: those of starts (a sequence of literals) whose propagation runs into
 * a contradiction, in order; each propagated as propagate does, making no Python object of it (Nishio
 * reads only those: one call per symbol instead of one per place), with the GIL released. */
static PyObject *ctx_contradicting(Context *C, PyObject *arg) {
    PyObject *seq = PySequence_Fast(arg, "contradicting: a sequence of literals");
    if (!seq) return NULL;
    const Py_ssize_t k = PySequence_Fast_GET_SIZE(seq);
    PyObject *out = NULL;
    int *starts = PyMem_RawMalloc(((size_t)k + 1) * sizeof(int)), *hit = PyMem_RawCalloc((size_t)k + 1, sizeof(int));
    if (!starts || !hit) { PyErr_NoMemory(); goto done; }
    for (Py_ssize_t i = 0; i < k; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (v == -1 && PyErr_Occurred()) goto done;
        if (!ctx_start_ok(C, v)) goto done;
        starts[i] = (int)v;
    }
    if (!ctx_lock(C)) goto done;
    int ok = 1, grouped;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < k && ok; i++) {
        ok = ctx_walk(C, starts[i], NULL, &grouped);
        hit[i] = C->contra_rec >= 0;
    }
    Py_END_ALLOW_THREADS
    PyThread_release_lock(C->lock);
    if (!ok) { no_memory(); goto done; }
    if (!(out = PyList_New(0))) goto done;
    for (Py_ssize_t i = 0; i < k; i++)
        if (hit[i] && PyList_Append(out, PySequence_Fast_GET_ITEM(seq, i)) < 0) { Py_CLEAR(out); goto done; }
done:
    Py_DECREF(seq);
    PyMem_RawFree(starts);
    PyMem_RawFree(hit);
    return out;
}

static PyMethodDef ctx_methods[] = {
    {"propagate", (PyCFunction)ctx_propagate, METH_VARARGS,
     "propagate(start) -> (index, records, contradiction, grouped): follow start; "
     "the records as plain ints (strategies.implications.Trace makes them)."},
    {"contradicting", (PyCFunction)ctx_contradicting, METH_O,
     "contradicting(starts) -> list: those of starts whose propagation runs into a contradiction, in order."},
    {NULL, NULL, 0, NULL},
};

PyTypeObject ContextType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "_deduce_accel.Context",
    .tp_basicsize = sizeof(Context),
    .tp_dealloc = (destructor)ctx_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "What a static or grouped propagation reads of one position, packed for C.",
    .tp_methods = ctx_methods,
    .tp_new = ctx_new,
};

/* context_trace(context, start, out): propagate start in the Context without making Python objects;
 * out points into the context's records (valid until its next propagation).  1 done, 0 with an
 * error set. */
int context_trace(PyObject *context, int start, ChainTrace *out) {
    if (!PyObject_TypeCheck(context, &ContextType)) {
        PyErr_SetString(PyExc_TypeError, "a chains Context");
        return 0;
    }
    Context *C = (Context *)context;
    int grouped;
    if (!ctx_start_ok(C, start) || !ctx_lock(C)) return 0;
    int ok = ctx_walk(C, start, NULL, &grouped);
    PyThread_release_lock(C->lock);
    if (!ok) return no_memory();
    out->ncells = C->ncells;
    out->n = C->n;
    out->nnodes = (int)C->node_rec.used;
    out->nrecs = (int)(C->recs.used / REC);
    out->nflat = (int)C->flat.used;
    out->lits = C->node_lit.items;
    out->node_rec = C->node_rec.items;
    out->recs = C->recs.items;
    out->flat = C->flat.items;
    out->contra_y = C->contra_y;
    out->contra_rec = C->contra_rec;
    return 1;
}

/* ---- a conclusion's chain: Propagation.ancestor_set, counted ---------- */

/* One count's walk (per call): the literals reached (a byte per literal, grown as needed) and the
 * walk's stack of literals as Python ints (ancestor_count); anc_free frees them. */
typedef struct { unsigned char *seen; size_t cap; PyObject **stack; size_t stack_cap; } Anc;

static void anc_free(Anc *A) {
    PyMem_RawFree(A->seen);
    PyMem_RawFree(A->stack);
}

/* Room for need entries on the walk's stack; 0 with an error set. */
static int anc_reserve(Anc *A, size_t need) {
    if (need <= A->stack_cap) return 1;
    size_t cap = A->stack_cap ? A->stack_cap : 1024;
    while (cap < need) cap *= 2;
    PyObject **grown = PyMem_RawRealloc(A->stack, cap * sizeof(PyObject *));
    if (!grown) { PyErr_NoMemory(); return 0; }
    A->stack = grown;
    A->stack_cap = cap;
    return 1;
}

/* Whether this walk reaches literal v (0 to 1 << 24) for the first time (marked now): 1, else 0;
 * -1 with an error set. */
static int anc_first(Anc *A, long v) {
    if ((size_t)v >= A->cap) {
        size_t cap = A->cap ? A->cap : 4096;
        while (cap <= (size_t)v) cap *= 2;
        unsigned char *grown = PyMem_RawRealloc(A->seen, cap);
        if (!grown) { PyErr_NoMemory(); return -1; }
        memset(grown + A->cap, 0, cap - A->cap);
        A->seen = grown;
        A->cap = cap;
    }
    if (A->seen[v]) return 0;
    A->seen[v] = 1;
    return 1;
}

/* ancestor_count(nodes, targets, tags) -> (count, tagged, symbols): the number of literals targets
 * follow from in the propagation's nodes (literal -> (reason, parents)), themselves included, as
 * len(Propagation.ancestor_set(targets)); tagged, bit k set when the reason of one of them is
 * tagged with tags[k] (reason[0]; at most 30 tags); symbols, the mask of their symbols. */
PyObject *ancestor_count(PyObject *module, PyObject *args) {
    PyObject *nodes, *targets, *tags;
    if (!PyArg_ParseTuple(args, "O!OO!", &PyDict_Type, &nodes, &targets, &PyTuple_Type, &tags)) return NULL;
    PyObject *fast = PySequence_Fast(targets, "targets: a sequence of literals");
    if (!fast) return NULL;
    Anc A = {NULL, 0, NULL, 0};
    size_t top = 0;
    long count = 0, tagged = 0, symbols = 0;
    const Py_ssize_t ntags = PyTuple_GET_SIZE(tags) < 30 ? PyTuple_GET_SIZE(tags) : 30;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(fast); i++) {
        PyObject *t = PySequence_Fast_GET_ITEM(fast, i);
        int in = PyDict_Contains(nodes, t);
        if (in < 0) goto error;
        if (!in) continue;
        if (!anc_reserve(&A, top + 1)) goto error;
        A.stack[top++] = t;
    }
    while (top) {
        PyObject *x = A.stack[--top];
        long v = PyLong_AsLong(x);
        if (v == -1 && PyErr_Occurred()) goto error;
        if (v < 0 || v >= (1L << 24)) { PyErr_SetString(PyExc_ValueError, "a literal out of range"); goto error; }
        int first = anc_first(&A, v);
        if (first < 0) goto error;
        if (!first) continue;
        count++;
        symbols |= 1L << ((v >> 1) & 31);
        PyObject *rp = PyDict_GetItemWithError(nodes, x);   /* (borrowed: the dict holds it) */
        if (!rp) { if (!PyErr_Occurred()) PyErr_SetObject(PyExc_KeyError, x); goto error; }
        if (!PyTuple_Check(rp) || PyTuple_GET_SIZE(rp) != 2 || !PyTuple_Check(PyTuple_GET_ITEM(rp, 1))) {
            PyErr_SetString(PyExc_ValueError, "nodes: (reason, parents) per literal");
            goto error;
        }
        PyObject *reason = PyTuple_GET_ITEM(rp, 0), *parents = PyTuple_GET_ITEM(rp, 1);
        if (PyTuple_Check(reason) && PyTuple_GET_SIZE(reason)) {
            PyObject *tag = PyTuple_GET_ITEM(reason, 0);
            for (Py_ssize_t k = 0; k < ntags; k++) {
                if (tagged >> k & 1) continue;
                int eq = PyObject_RichCompareBool(tag, PyTuple_GET_ITEM(tags, k), Py_EQ);
                if (eq < 0) goto error;
                if (eq) { tagged |= 1L << k; break; }
            }
        }
        Py_ssize_t np = PyTuple_GET_SIZE(parents);
        if (!anc_reserve(&A, top + (size_t)np)) goto error;
        for (Py_ssize_t k = 0; k < np; k++) A.stack[top++] = PyTuple_GET_ITEM(parents, k);
    }
    Py_DECREF(fast);
    anc_free(&A);
    return Py_BuildValue("(lll)", count, tagged, symbols);
error:
    Py_DECREF(fast);
    anc_free(&A);
    return NULL;
}


/* trace_count(index, records, targets, tags) -> (count, tagged, symbols):
 * ancestor_count for a propagation made here (its index and records, as propagate returns them):
 * the number of literals targets follow from, themselves included; tagged, bit k set when one of
 * them follows from a record whose code is tags[k] (at most 30); symbols, the mask of their
 * symbols. */
PyObject *trace_count(PyObject *module, PyObject *args) {
    PyObject *index, *raw, *targets, *tags;
    if (!PyArg_ParseTuple(args, "O!O!OO!", &PyDict_Type, &index, &PyBytes_Type, &raw, &targets, &PyTuple_Type, &tags))
        return NULL;
    const Py_ssize_t nints = PyBytes_GET_SIZE(raw) / (Py_ssize_t)sizeof(int);
    const int *head = (const int *)PyBytes_AS_STRING(raw);
    if (nints < 2 || head[0] < 0 || head[1] < 0 || 2 + (Py_ssize_t)head[0] + (Py_ssize_t)head[1] * REC > nints) {
        PyErr_SetString(PyExc_ValueError, "trace: records of the wrong size");
        return NULL;
    }
    const Py_ssize_t nnodes = head[0], nrecs = head[1];
    const int *node_rec = head + 2, *recs = node_rec + nnodes, *flat = recs + nrecs * REC;
    const Py_ssize_t nflat = nints - 2 - nnodes - nrecs * REC;
    int tag_codes[30];
    const Py_ssize_t ntags = PyTuple_GET_SIZE(tags) < 30 ? PyTuple_GET_SIZE(tags) : 30;
    for (Py_ssize_t k = 0; k < ntags; k++) {
        long v;
        if (!small_int(PyTuple_GET_ITEM(tags, k), 0, 1L << 20, &v)) return NULL;
        tag_codes[k] = (int)v;
    }
    PyObject *fast = PySequence_Fast(targets, "targets: a sequence of literals");
    if (!fast) return NULL;
    Anc A = {NULL, 0, NULL, 0};
    IntList stack = {NULL, 0, 0};   /* the literals to visit */
    long count = 0, tagged = 0, symbols = 0;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(fast); i++) {
        PyObject *t = PySequence_Fast_GET_ITEM(fast, i);
        int in = PyDict_Contains(index, t);
        if (in < 0) goto error;
        if (!in) continue;
        long v = PyLong_AsLong(t);
        if (v == -1 && PyErr_Occurred()) goto error;
        if (v < 0 || v >= (1L << 24)) { PyErr_SetString(PyExc_ValueError, "a literal out of range"); goto error; }
        if (!push_fast(&stack, (int)v)) goto error;
    }
    while (stack.used) {
        long v = stack.items[--stack.used];
        int first = anc_first(&A, v);
        if (first < 0) goto error;
        if (!first) continue;
        count++;
        symbols |= 1L << ((v >> 1) & 31);
        PyObject *x = PyLong_FromLong(v);
        if (!x) goto error;
        PyObject *num = PyDict_GetItemWithError(index, x);   /* (borrowed: the dict holds it) */
        if (!num) { if (!PyErr_Occurred()) PyErr_SetObject(PyExc_KeyError, x); Py_DECREF(x); goto error; }
        Py_DECREF(x);
        long i = PyLong_AsLong(num);
        if (i < 0 || i >= nnodes) { PyErr_SetString(PyExc_ValueError, "trace: a node number out of range"); goto error; }
        int r = node_rec[i];
        if (r < 0) continue;   /* the assumption */
        if (r >= nrecs) { PyErr_SetString(PyExc_ValueError, "trace: a record number out of range"); goto error; }
        const int *R = recs + (size_t)r * REC;
        for (Py_ssize_t k = 0; k < ntags; k++) {
            if (tag_codes[k] == R[0]) { tagged |= 1L << k; break; }
        }
        int ps = R[REC_PSTART], pc = R[REC_PCOUNT];
        if (ps < 0 || pc < 0 || ps + pc > nflat) { PyErr_SetString(PyExc_ValueError, "trace: parents out of range"); goto error; }
        for (int k = 0; k < pc; k++) {
            int p = flat[ps + k];
            if (p < 0) {   /* (never a node: a KeyError, as Propagation.ancestor_set raises) */
                PyObject *key = PyLong_FromLong(p);
                if (key) { PyErr_SetObject(PyExc_KeyError, key); Py_DECREF(key); }
                goto error;
            }
            if (!push_fast(&stack, p)) goto error;
        }
    }
    Py_DECREF(fast);
    PyMem_RawFree(stack.items);
    anc_free(&A);
    return Py_BuildValue("(lll)", count, tagged, symbols);
error:
    Py_DECREF(fast);
    PyMem_RawFree(stack.items);
    anc_free(&A);
    return NULL;
}
