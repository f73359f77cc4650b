/* deduce's optional accelerator: static, grouped and dynamic propagations in C
 * (Context, Screen), the fish searches (FishTables) and the backtracking
 * search of puzzles without cages (SearchTables), each after the Python one.
 *
 * The same propagation as strategies/implications.py, Implications._propagate,
 * in the modes "static", "grouped" and "dynamic" (X-chains, AICs, static
 * cell/region chains, grouped AICs, Nishio and dynamic forcing chains; the
 * modes with inner techniques go on in Python from where a dynamic
 * propagation stopped), node for node: the literals reached in the same
 * order, with the same (reason, parents) values and the same contradiction.
 * strategies/_accel.py builds a Context per position (what the Python code
 * reads of the position, packed into word arrays) and falls back to the pure
 * Python propagation when this module is not installed.  The tests compare
 * the two on every literal of many positions.
 *
 * Literals are packed as deduce.literal packs them: cell << 6 | symbol << 1 | on.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>

typedef uint64_t word;

#define MAX_DEPTH 40

typedef struct {
    PyObject_HEAD
    int n, ncells, W, nhouses;
    int is_static, grouped, only, want_end;
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
    PyObject **e_rp;                   /* entry -> (reason, parents), made when the set first fires */
    int *e_oth_start, *e_oth_count;    /* entry -> others */
    int *o_sym;
    word *o_words;
    int n_entries;
    PyObject *r_cell, *r_peer, *r_naked, *r_hidden, *r_group, *r_als, *r_empty, *r_noplace;
    /* made once per context, when first needed, since a position's propagations share them: per
     * "on" literal index c * n + s, the (reason, parents) of its same-cell and of its peer links;
     * per "off" literal index, the parents tuple of that literal alone, and the (reason, parents)
     * of the naked single it leaves in its cell; per "off" literal index and house of its cell
     * ((c * n + s) * 3 + k), that of the hidden single it leaves there; per cell, (NAKED, c); per
     * house, (HIDDEN, h) */
    PyObject **rp_cell, **rp_peer, **one_off, **naked_rp, **hidden_rp, **naked_r, **hidden_r;
    /* scratch, one propagation at a time */
    uint32_t *cand;
    word *smask, *placed, *tmp, *tmp2;
    unsigned char *seen;               /* literal index (c * n + s) * 2 + on */
    int *front, *next;
} Context;

/* ---- word helpers ---------------------------------------------------- */

static inline int w_zero(const word *a, int W) {
    for (int i = 0; i < W; i++) if (a[i]) return 0;
    return 1;
}

static inline int w_count(const word *a, int W) {
    int k = 0;
    for (int i = 0; i < W; i++) k += __builtin_popcountll(a[i]);
    return k;
}

static inline int w_low(const word *a, int W) {  /* lowest set bit, -1 if none */
    for (int i = 0; i < W; i++) if (a[i]) return i * 64 + __builtin_ctzll(a[i]);
    return -1;
}

static inline int w_bit(const word *a, int b) { return (int)((a[b >> 6] >> (b & 63)) & 1); }
static inline void w_clear(word *a, int b) { a[b >> 6] &= ~((word)1 << (b & 63)); }
static inline void w_set(word *a, int b) { a[b >> 6] |= (word)1 << (b & 63); }

static inline int w_subset(const word *a, const word *b, int W) {  /* a <= b */
    for (int i = 0; i < W; i++) if (a[i] & ~b[i]) return 0;
    return 1;
}

static inline int w_disjoint(const word *a, const word *b, int W) {
    for (int i = 0; i < W; i++) if (a[i] & b[i]) return 0;
    return 1;
}

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the accelerator packs bitsets as little-endian words"
#endif

/* A bitset of nw words as a non-negative Python int. */
static PyObject *bits_to_long(const word *w, int nw) {
    while (nw > 1 && !w[nw - 1]) nw--;
#if PY_VERSION_HEX >= 0x030D0000
    return PyLong_FromUnsignedNativeBytes(w, (size_t)nw * 8, Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    return _PyLong_FromByteArray((const unsigned char *)w, (size_t)nw * 8, 1, 0);
#endif
}

/* A non-negative Python int into nw words (it must fit); 0 on error. */
static int long_to_bits(PyObject *v, word *w, int nw) {
    if (!PyLong_Check(v) || _PyLong_Sign(v) < 0) {
        PyErr_SetString(PyExc_ValueError, "expected a non-negative int");
        return 0;
    }
    if ((Py_ssize_t)_PyLong_NumBits(v) > (Py_ssize_t)nw * 64) {
        PyErr_SetString(PyExc_ValueError, "bitset too wide");
        return 0;
    }
#if PY_VERSION_HEX >= 0x030D0000
    return PyLong_AsNativeBytes(v, w, (Py_ssize_t)nw * 8,
                                Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER) >= 0;
#else
    return _PyLong_AsByteArray((PyLongObject *)v, (unsigned char *)w, (size_t)nw * 8, 1, 0) == 0;
#endif
}

/* ---- context --------------------------------------------------------- */

static void ctx_dealloc(Context *self) {
    if (self->e_rp) {
        for (int i = 0; i < self->n_entries; i++) Py_XDECREF(self->e_rp[i]);
    }
    void *arrays[] = {self->cand0, self->value, self->smask0, self->peer, self->house, self->cell_houses,
                      self->inter, self->live_start, self->live_count, self->live_h, self->lm_start,
                      self->lm_count, self->m_words, self->m_ent_start, self->m_ent_count, self->mask_ents,
                      self->la_start, self->la_count, self->all_ents, self->e_where, self->e_cells, self->e_house,
                      self->e_sym, self->e_rp, self->e_oth_start, self->e_oth_count, self->o_sym, self->o_words,
                      self->cand, self->smask, self->placed, self->tmp, self->tmp2, self->seen, self->front,
                      self->next};
    for (size_t i = 0; i < sizeof(arrays) / sizeof(arrays[0]); i++) PyMem_Free(arrays[i]);
    Py_XDECREF(self->r_cell);
    Py_XDECREF(self->r_peer);
    Py_XDECREF(self->r_naked);
    Py_XDECREF(self->r_hidden);
    Py_XDECREF(self->r_group);
    Py_XDECREF(self->r_als);
    Py_XDECREF(self->r_empty);
    Py_XDECREF(self->r_noplace);
    PyObject **made[] = {self->rp_cell, self->rp_peer, self->one_off, self->naked_rp, self->hidden_rp,
                         self->naked_r, self->hidden_r};
    Py_ssize_t lits = (Py_ssize_t)self->ncells * self->n;
    Py_ssize_t made_len[] = {lits, lits, lits, lits, lits * 3, self->ncells, self->nhouses};
    for (int k = 0; k < 7; k++) {
        if (!made[k]) continue;
        for (Py_ssize_t i = 0; i < made_len[k]; i++) Py_XDECREF(made[k][i]);
        PyMem_Free(made[k]);
    }
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* A list of Python ints into a new C int array (NULL on error). */
static int *int_array(PyObject *seq, Py_ssize_t *len) {
    PyObject *fast = PySequence_Fast(seq, "expected a sequence of ints");
    if (!fast) return NULL;
    Py_ssize_t k = PySequence_Fast_GET_SIZE(fast);
    int *out = PyMem_Calloc(k ? k : 1, sizeof(int));
    if (!out) { Py_DECREF(fast); PyErr_NoMemory(); return NULL; }
    for (Py_ssize_t i = 0; i < k; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) { PyMem_Free(out); Py_DECREF(fast); return NULL; }
        if (v < INT_MIN || v > INT_MAX) {
            PyErr_SetString(PyExc_OverflowError, "a number too large for a C int");
            PyMem_Free(out); Py_DECREF(fast); return NULL;
        }
        out[i] = (int)v;
    }
    if (len) *len = k;
    Py_DECREF(fast);
    return out;
}

/* int_array, with each number checked to lie in [low, bound) and the length, when expect >= 0, to
   be expect; the error names what the numbers are. */
static int *int_array_in(PyObject *seq, Py_ssize_t *len, Py_ssize_t expect, long low, long bound, const char *what) {
    Py_ssize_t k;
    int *out = int_array(seq, &k);
    if (!out) return NULL;
    if (expect >= 0 && k != expect) {
        PyErr_Format(PyExc_ValueError, "%s: %zd numbers, expected %zd", what, k, expect);
        PyMem_Free(out);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < k; i++) {
        if (out[i] < low || out[i] >= bound) {
            PyErr_Format(PyExc_ValueError, "%s: %d at %zd is outside [%ld, %ld)", what, out[i], i, low, bound);
            PyMem_Free(out);
            return NULL;
        }
    }
    if (len) *len = k;
    return out;
}

/* A bytes object of little-endian words into a new word array. */
static word *word_array(PyObject *b, Py_ssize_t words) {
    if (!PyBytes_Check(b) || PyBytes_GET_SIZE(b) != words * 8) {
        PyErr_SetString(PyExc_ValueError, "word array of the wrong size");
        return NULL;
    }
    word *out = PyMem_Calloc(words ? words : 1, sizeof(word));
    if (!out) { PyErr_NoMemory(); return NULL; }
    memcpy(out, PyBytes_AS_STRING(b), words * 8);
    return out;
}

static PyTypeObject ContextType;

/* A growing int array. */
typedef struct { int *items; size_t used, cap; } IntList;

static int push(IntList *L, int v) {
    if (L->used == L->cap) {
        size_t cap = L->cap ? L->cap * 2 : 256;
        int *grown = PyMem_Realloc(L->items, cap * sizeof(int));
        if (!grown) { PyErr_NoMemory(); return 0; }
        L->items = grown;
        L->cap = cap;
    }
    L->items[L->used++] = v;
    return 1;
}

/* Growing arrays of W-word bitsets. */
typedef struct { word *items; size_t used, cap; int W; } WordList;

static int push_words(WordList *L, const word *w) {
    if (L->used == L->cap) {
        size_t cap = L->cap ? L->cap * 2 : 64;
        word *grown = PyMem_Realloc(L->items, cap * L->W * sizeof(word));
        if (!grown) { PyErr_NoMemory(); return 0; }
        L->items = grown;
        L->cap = cap;
    }
    memcpy(L->items + L->used * L->W, w, L->W * sizeof(word));
    L->used++;
    return 1;
}

static int *int_list_array(IntList *L) {  /* the list's items (at least one slot), the list emptied */
    int *items = L->items ? L->items : PyMem_Calloc(1, sizeof(int));
    if (!items) PyErr_NoMemory();
    L->items = NULL;
    L->used = L->cap = 0;
    return items;
}

static word *word_list_array(WordList *L) {
    word *items = L->items ? L->items : PyMem_Calloc(1, sizeof(word));
    if (!items) PyErr_NoMemory();
    L->items = NULL;
    L->used = L->cap = 0;
    return items;
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
    C->live_start = PyMem_Malloc((nlits + 1) * sizeof(int));
    C->live_count = PyMem_Calloc(nlits + 1, sizeof(int));
    word *places = PyMem_Calloc(W, sizeof(word));
    if (!C->live_start || !C->live_count || !places) { PyMem_Free(places); PyErr_NoMemory(); return 0; }
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
                        if (!push(&houses, C->cell_houses[c * 3 + k])) goto fail;
                    count = 3;
                } else {
                    if (C->value[c] >= 0) continue;
                    for (int k = 0; k < 3; k++) {
                        const word *hm = C->house + (size_t)C->cell_houses[c * 3 + k] * W;
                        for (int j = 0; j < W; j++) places[j] = sm[j] & hm[j];
                        if (house_links(C, places, c)) {
                            if (!push(&houses, C->cell_houses[c * 3 + k])) goto fail;
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
    PyMem_Free(places);
    C->live_h = int_list_array(&houses);
    return C->live_h != NULL;
fail:
    PyMem_Free(places);
    PyMem_Free(houses.items);
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
            || !push(&B->e_house, house) || !push(&B->e_sym, x) || !push(&B->e_oth_start, (int)B->o_sym.used))
            return 0;
        int count = 0;
        for (int y = 0; y < n; y++) {
            if (y == x || !(has_out >> y & 1)) continue;
            if (!push(&B->o_sym, y) || !push_words(&B->o_words, B->outside + (size_t)y * W)) return 0;
            count++;
        }
        if (!push(&B->e_oth_count, count)) return 0;
        const word *wx = B->where + (size_t)x * W;
        for (int k = 0; k < W; k++) {
            for (word v = wx[k]; v; v &= v - 1) {
                int q = k * 64 + __builtin_ctzll(v);
                if (!push(&B->pair_li, q * n + x) || !push(&B->pair_e, e)) return 0;
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
    int *empty = PyMem_Calloc((size_t)C->ncells + 1, sizeof(int));
    int *empty_count = PyMem_Calloc((size_t)C->nhouses + 1, sizeof(int));
    word *cells = PyMem_Calloc(W, sizeof(word));
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
    PyMem_Free(empty);
    PyMem_Free(empty_count);
    PyMem_Free(cells);
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
    B.where = PyMem_Calloc((size_t)n * W, sizeof(word));
    B.outside = PyMem_Calloc((size_t)n * W, sizeof(word));
    C->lm_start = PyMem_Calloc(nlits + 1, sizeof(int));
    C->lm_count = PyMem_Calloc(nlits + 1, sizeof(int));
    C->la_start = PyMem_Calloc(nlits + 1, sizeof(int));
    C->la_count = PyMem_Calloc(nlits + 1, sizeof(int));
    if (!B.where || !B.outside || !C->lm_start || !C->lm_count || !C->la_start || !C->la_count) {
        PyErr_NoMemory();
        goto done;
    }
    if (max_cells > 0 && !find_als(C, &B, max_cells)) goto done;
    /* every entry per literal, in the order made */
    for (size_t i = 0; i < pair_li->used; i++) C->la_count[pair_li->items[i]]++;
    for (size_t li = 0, at = 0; li < nlits; li++) { C->la_start[li] = (int)at; at += C->la_count[li]; }
    fill = PyMem_Calloc(nlits + 1, sizeof(int));
    C->all_ents = PyMem_Calloc(pair_li->used + 1, sizeof(int));
    first = PyMem_Calloc(pair_li->used + 1, sizeof(int));
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
            if (!push(&m_ent_start, (int)mask_ents.used)) goto done;
            int in = 0;
            for (int k = first[j]; k < count; k++) {
                if (memcmp(B.e_where.items + (size_t)ents[k] * W, wj, W * sizeof(word))) continue;
                if (!push(&mask_ents, ents[k])) goto done;
                in++;
            }
            if (!push(&m_ent_count, in)) goto done;
        }
    }
    C->n_entries = (int)B.e_sym.used;
    C->e_rp = PyMem_Calloc(B.e_sym.used + 1, sizeof(PyObject *));
    if (!C->e_rp) { PyErr_NoMemory(); goto done; }
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
        for (size_t i = 0; i < sizeof(ints) / sizeof(ints[0]); i++) PyMem_Free(ints[i]->items);
        WordList *wls[] = {&B.e_where, &B.e_cells, &B.o_words, &m_words};
        for (size_t i = 0; i < sizeof(wls) / sizeof(wls[0]); i++) PyMem_Free(wls[i]->items);
    }
    PyMem_Free(B.where); PyMem_Free(B.outside); PyMem_Free(fill); PyMem_Free(first);
    return ok;
}

/* Context(n, ncells, nhouses, static, grouped, only, want_end, cand, value, smask, peer, house, cell_houses,
 *         inter, max_als_cells, reasons): the position (candidates and values per cell, the
 *         symbols' places, peer and house masks as words, three houses per cell, the line-box
 *         crossings of each cell for grouped chains), the largest almost locked sets grouped chains
 *         pass through (0: none) and the engine's names of the links' reasons; the "off" literals
 *         followed and the sets are found here (find_live, build_als) */
static PyObject *ctx_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    int n, ncells, nhouses, is_static, grouped, only, want_end;
    int max_als_cells;
    PyObject *cand, *value, *smask, *peer, *house, *cell_houses, *inter, *reasons;
    if (!PyArg_ParseTuple(args, "iiiiiiiOOOOOOOiO", &n, &ncells, &nhouses, &is_static, &grouped,
                          &only, &want_end, &cand, &value, &smask, &peer, &house, &cell_houses, &inter,
                          &max_als_cells, &reasons))
        return NULL;
    if (n < 1 || n > 25 || ncells < 1 || ncells > 4096 || nhouses < 1 || only < -1 || only >= n
        || max_als_cells < 0 || max_als_cells > 24) {
        PyErr_SetString(PyExc_ValueError, "Context: n from 1 to 25, ncells from 1 to 4096, nhouses above 0, "
                                          "only -1 or a symbol, max_als_cells from 0 to 24");
        return NULL;
    }
    Context *self = (Context *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    int W = (ncells + 63) / 64;
    self->n = n; self->ncells = ncells; self->W = W; self->nhouses = nhouses;
    self->is_static = is_static; self->grouped = grouped; self->only = only; self->want_end = want_end;
    int *c0 = int_array_in(cand, NULL, ncells, 0, 1L << n, "cand");
    if (!c0) goto fail;
    self->cand0 = PyMem_Calloc(ncells, sizeof(uint32_t));
    if (!self->cand0) { PyMem_Free(c0); PyErr_NoMemory(); goto fail; }
    for (int i = 0; i < ncells; i++) self->cand0[i] = (uint32_t)c0[i];
    PyMem_Free(c0);
    if (!(self->value = int_array_in(value, NULL, ncells, -1, n, "value"))) goto fail;
    if (!(self->smask0 = word_array(smask, (Py_ssize_t)n * W))) goto fail;
    if (!(self->peer = word_array(peer, (Py_ssize_t)ncells * W))) goto fail;
    if (!(self->house = word_array(house, (Py_ssize_t)nhouses * W))) goto fail;
    if (!(self->cell_houses = int_array_in(cell_houses, NULL, (Py_ssize_t)ncells * 3, 0, nhouses, "cell_houses")))
        goto fail;
    self->has_groups = PyBytes_Check(inter) && PyBytes_GET_SIZE(inter) > 0;
    if (!(self->inter = word_array(inter, self->has_groups ? (Py_ssize_t)ncells * 2 * W : 0))) goto fail;
    self->tmp = PyMem_Calloc(W, sizeof(word));
    if (!self->tmp) { PyErr_NoMemory(); goto fail; }
    if (!find_live(self)) goto fail;
    if (!PyArg_ParseTuple(reasons, "OOOOOOOO", &self->r_cell, &self->r_peer, &self->r_naked, &self->r_hidden,
                          &self->r_group, &self->r_als, &self->r_empty, &self->r_noplace))
        goto fail;
    Py_INCREF(self->r_cell); Py_INCREF(self->r_peer); Py_INCREF(self->r_naked); Py_INCREF(self->r_hidden);
    Py_INCREF(self->r_group); Py_INCREF(self->r_als); Py_INCREF(self->r_empty); Py_INCREF(self->r_noplace);
    if (!build_als(self, max_als_cells)) goto fail;
    self->cand = PyMem_Calloc(ncells, sizeof(uint32_t));
    self->smask = PyMem_Calloc((size_t)n * W, sizeof(word));
    self->placed = PyMem_Calloc(W, sizeof(word));
    self->tmp2 = PyMem_Calloc(W, sizeof(word));
    self->seen = PyMem_Calloc((size_t)ncells * n * 2, 1);
    self->front = PyMem_Calloc((size_t)ncells * n * 2 + 1, sizeof(int));
    self->next = PyMem_Calloc((size_t)ncells * n * 2 + 1, sizeof(int));
    self->rp_cell = PyMem_Calloc((size_t)ncells * n + 1, sizeof(PyObject *));
    self->rp_peer = PyMem_Calloc((size_t)ncells * n + 1, sizeof(PyObject *));
    self->one_off = PyMem_Calloc((size_t)ncells * n + 1, sizeof(PyObject *));
    self->naked_rp = PyMem_Calloc((size_t)ncells * n + 1, sizeof(PyObject *));
    self->hidden_rp = PyMem_Calloc((size_t)ncells * n * 3 + 1, sizeof(PyObject *));
    self->naked_r = PyMem_Calloc((size_t)ncells + 1, sizeof(PyObject *));
    self->hidden_r = PyMem_Calloc((size_t)nhouses + 1, sizeof(PyObject *));
    if (!self->cand || !self->smask || !self->placed || !self->tmp || !self->tmp2 || !self->seen || !self->front
        || !self->next || !self->rp_cell || !self->rp_peer || !self->one_off || !self->naked_rp || !self->hidden_rp
        || !self->naked_r || !self->hidden_r) {
        PyErr_NoMemory();
        goto fail;
    }
    return (PyObject *)self;
fail:
    Py_DECREF(self);
    return NULL;
}

/* ---- propagation ----------------------------------------------------- */

#define LIT(c, s, on) ((c) << 6 | (s) << 1 | (on))
#define IDX(x) ((((x) >> 6) * n + (((x) >> 1) & 31)) * 2 + ((x) & 1))

/* Literals (and cells) as Python ints, made once and shared: a propagation's nodes, parents and
 * contradictions name the same few thousand literals over and over, so each is one object rather
 * than one per mention (which the collector would also have to free).  Literals of grids up to
 * 25x25 are below 1 << 16; others are made as needed. */
#define LIT_CACHE (1 << 16)
static PyObject *lit_cache[LIT_CACHE];

/* The int v, a new reference. */
static PyObject *lit_long(long v) {
    if (v < 0 || v >= LIT_CACHE) return PyLong_FromLong(v);
    PyObject *o = lit_cache[v];
    if (!o) {
        o = PyLong_FromLong(v);
        if (!o) return NULL;
        lit_cache[v] = o;  /* the module keeps this reference */
    }
    Py_INCREF(o);
    return o;
}

/* nodes[y] = rp; 0 on error */
static inline int put(PyObject *nodes, int y, PyObject *rp) {
    PyObject *key = lit_long(y);
    if (!key) return 0;
    int r = PyDict_SetItem(nodes, key, rp);
    Py_DECREF(key);
    return r == 0;
}

/* The cells of mask m as a tuple: their "off" literals of symbol s, or (s < 0) the cells. */
static PyObject *mask_tuple(const word *m, int W, int s) {
    int k = w_count(m, W);
    PyObject *t = PyTuple_New(k);
    if (!t) return NULL;
    int j = 0;
    for (int i = 0; i < W; i++) {
        word v = m[i];
        while (v) {
            int c = i * 64 + __builtin_ctzll(v);
            v &= v - 1;
            PyObject *x = lit_long(s < 0 ? c : LIT(c, s, 0));
            if (!x) { Py_DECREF(t); return NULL; }
            PyTuple_SET_ITEM(t, j++, x);
        }
    }
    return t;
}

/* (v,) */
static PyObject *one_tuple(long v) {
    PyObject *x = lit_long(v);
    if (!x) return NULL;
    PyObject *t = PyTuple_Pack(1, x);
    Py_DECREF(x);
    return t;
}

/* The "off" literals of cell c for the symbols of candidate mask m. */
static PyObject *symbols_off(int c, uint32_t m) {
    PyObject *t = PyTuple_New(__builtin_popcount(m));
    if (!t) return NULL;
    int j = 0;
    while (m) {
        int u = __builtin_ctz(m);
        m &= m - 1;
        PyObject *x = lit_long(LIT(c, u, 0));
        if (!x) { Py_DECREF(t); return NULL; }
        PyTuple_SET_ITEM(t, j++, x);
    }
    return t;
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

/* (tag, a), a new reference. */
static PyObject *reason2(PyObject *tag, long a) {
    PyObject *v = lit_long(a);
    if (!v) return NULL;
    PyObject *r = PyTuple_Pack(2, tag, v);
    Py_DECREF(v);
    return r;
}

/* What *slot holds, first made as (tag, a); a new reference (NULL on error).  A NULL slot keeps
 * nothing: the tuple is made afresh. */
static PyObject *made_reason(PyObject **slot, PyObject *tag, long a) {
    if (!slot) return reason2(tag, a);
    if (!*slot && !(*slot = reason2(tag, a))) return NULL;
    Py_INCREF(*slot);
    return *slot;
}

/* What *slot holds, first made as (v,); a new reference (NULL on error).  A NULL slot keeps
 * nothing. */
static PyObject *made_one(PyObject **slot, long v) {
    if (!slot) return one_tuple(v);
    if (!*slot && !(*slot = one_tuple(v))) return NULL;
    Py_INCREF(*slot);
    return *slot;
}

/* ((tag, a), parents), the reason taken from *reason_slot (made there first; a NULL slot keeps it
 * nowhere); parents is a new reference, which this takes over (NULL: an error already set); a new
 * reference (NULL on error). */
static PyObject *made_pair(PyObject **reason_slot, PyObject *tag, long a, PyObject *parents) {
    if (!parents) return NULL;
    PyObject *reason = made_reason(reason_slot, tag, a);
    PyObject *rp = reason ? PyTuple_Pack(2, reason, parents) : NULL;
    Py_XDECREF(reason);
    Py_DECREF(parents);
    return rp;
}

/* What *slot holds, first made as ((tag, a), (lit,)), the reason and the parents taken from
 * *reason_slot and *one_slot (made there first; NULL slots keep them nowhere): the (reason,
 * parents) of a link that follows from the one literal lit, such as a same-cell or peer link
 * from an "on" literal, or the single left when an "off" literal went; a new reference (NULL on
 * error). */
static PyObject *made_rp(PyObject **slot, PyObject **reason_slot, PyObject *tag, long a, PyObject **one_slot,
                         long lit) {
    if (!*slot && !(*slot = made_pair(reason_slot, tag, a, made_one(one_slot, lit)))) return NULL;
    Py_INCREF(*slot);
    return *slot;
}

/* contradiction = (y, reason, parents); returns the tuple (new) or NULL */
static PyObject *conflict(long y, PyObject *reason, PyObject *parents) {
    PyObject *v = lit_long(y);
    if (!v) return NULL;
    PyObject *t = PyTuple_Pack(3, v, reason, parents);
    Py_DECREF(v);
    return t;
}

#define FAIL_IF(cond) do { if (cond) goto error; } while (0)

/* Record the "off" literal y, which follows from rp = (reason, parents), and push it when it can
 * lead on: 1 done, -1 its negation is a node (*contradiction set), 0 on error. */
static int derive_off(Context *C, PyObject *nodes, int y, PyObject *rp, int *next, int *nnext,
                      PyObject **contradiction) {
    const int n = C->n;
    if (C->seen[IDX(y | 1)]) {
        *contradiction = conflict(y, PyTuple_GET_ITEM(rp, 0), PyTuple_GET_ITEM(rp, 1));
        return *contradiction ? -1 : 0;
    }
    if (!put(nodes, y, rp)) return 0;
    C->seen[IDX(y)] = 1;
    if (C->live_start[(y >> 6) * n + ((y >> 1) & 31)] >= 0) next[(*nnext)++] = y;
    return 1;
}

/* The (reason, parents) of entry e's set losing its symbol: ((ALS_NODE, cells, house, symbol), its
 * places of the symbol as "off" literals), made when first needed (a borrowed reference; NULL on
 * error). */
static PyObject *als_rp(Context *C, int e) {
    if (C->e_rp[e]) return C->e_rp[e];
    const int W = C->W, x = C->e_sym[e];
    const word *cells = C->e_cells + (size_t)e * W, *where = C->e_where + (size_t)e * W;
    PyObject *cell_list = PyList_New(0), *parents = PyList_New(0), *cell_t = NULL, *parents_t = NULL;
    PyObject *reason = NULL, *rp = NULL;
    if (!cell_list || !parents) goto done;
    for (int k = 0; k < W; k++) {
        for (word v = cells[k]; v; v &= v - 1) {
            PyObject *c = PyLong_FromLong(k * 64 + __builtin_ctzll(v));
            if (!c || PyList_Append(cell_list, c) < 0) { Py_XDECREF(c); goto done; }
            Py_DECREF(c);
        }
        for (word v = where[k]; v; v &= v - 1) {
            PyObject *y = lit_long(LIT((long)(k * 64 + __builtin_ctzll(v)), x, 0));
            if (!y || PyList_Append(parents, y) < 0) { Py_XDECREF(y); goto done; }
            Py_DECREF(y);
        }
    }
    if (!(cell_t = PyList_AsTuple(cell_list)) || !(parents_t = PyList_AsTuple(parents))) goto done;
    if (!(reason = Py_BuildValue("(OOii)", C->r_als, cell_t, C->e_house[e], x))) goto done;
    rp = C->e_rp[e] = PyTuple_Pack(2, reason, parents_t);
done:
    Py_XDECREF(cell_list); Py_XDECREF(parents); Py_XDECREF(cell_t); Py_XDECREF(parents_t); Py_XDECREF(reason);
    return rp;
}

/* Record the "on" literal y (a single; the caller knows it is not a node yet), which follows from
 * rp = (reason, parents), and push it: as derive_off. */
static int derive_on(Context *C, PyObject *nodes, int y, PyObject *rp, int *next, int *nnext,
                     PyObject **contradiction) {
    const int n = C->n;
    if (C->seen[IDX(y ^ 1)]) {
        *contradiction = conflict(y, PyTuple_GET_ITEM(rp, 0), PyTuple_GET_ITEM(rp, 1));
        return *contradiction ? -1 : 0;
    }
    if (!put(nodes, y, rp)) return 0;
    C->seen[IDX(y)] = 1;
    next[(*nnext)++] = y;
    return 1;
}

/* A derive_* result: go on, stop at the contradiction, or fail. */
#define DERIVED(r) do { int r_ = (r); if (r_ < 0) goto done; if (!r_) goto error; } while (0)

/* Where a dynamic propagation stopped: (candidates, places, placed cells, generations), as
 * Implications._propagate_python records it for a dynamic+ propagation to go on from. */
static PyObject *end_state(Context *C, int generation) {
    const int n = C->n, W = C->W, ncells = C->ncells;
    PyObject *cand = PyList_New(ncells), *places = PyList_New(n), *placed = NULL;
    if (!cand || !places) goto fail;
    for (int c = 0; c < ncells; c++) {
        PyObject *v = PyLong_FromUnsignedLong(C->cand[c]);
        if (!v) goto fail;
        PyList_SET_ITEM(cand, c, v);
    }
    for (int s = 0; s < n; s++) {
        PyObject *v = bits_to_long(C->smask + (size_t)s * W, W);
        if (!v) goto fail;
        PyList_SET_ITEM(places, s, v);
    }
    placed = bits_to_long(C->placed, W);
    if (!placed) goto fail;
    return Py_BuildValue("(NNNi)", cand, places, placed, generation);
fail:
    Py_XDECREF(cand); Py_XDECREF(places); Py_XDECREF(placed);
    return NULL;
}

/* propagate(start, nodes) -> (contradiction or None, grouped, end or None)
 * nodes holds {start: ((ASSUMED,), ())} and gets the rest, in order; end is where a dynamic
 * propagation stopped (contexts made with want_end), else None. */
static PyObject *ctx_propagate(Context *C, PyObject *args) {
    int start;
    PyObject *nodes;
    if (!PyArg_ParseTuple(args, "iO!", &start, &PyDict_Type, &nodes)) return NULL;
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
    seen[IDX(start)] = 1;
    int nfront = 1, nnext;
    front[0] = start;
    if (!(start & 1)) {
        int c = start >> 6, s = (start >> 1) & 31;
        cand[c] &= ~(1u << s);
        w_clear(smask + (size_t)s * W, c);
    }
    PyObject *contradiction = NULL;   /* new reference when set */
    PyObject *end = NULL;
    int was_grouped = 0;
    PyObject *rp = NULL, *reason = NULL, *parents = NULL;
    for (int generation = 0; generation < MAX_DEPTH; generation++) {
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
                        rp = made_rp(C->rp_cell + (c * n + s), NULL, C->r_cell, c, NULL, x);
                        FAIL_IF(!rp);
                        while (m) {
                            int t = __builtin_ctz(m);
                            m &= m - 1;
                            DERIVED(derive_off(C, nodes, LIT(c, t, 0), rp, next, &nnext, &contradiction));
                            w_clear(smask + (size_t)t * W, c);
                        }
                        Py_CLEAR(rp);
                        cand[c] &= 1u << s;
                    }
                }
                const word *pm = C->peer + (size_t)c * W;
                int any = 0;
                for (int i = 0; i < W; i++) { tmp[i] = pm[i] & sm_s[i]; any |= tmp[i] != 0; }
                if (any) {
                    rp = made_rp(C->rp_peer + (c * n + s), NULL, C->r_peer, c, NULL, x);
                    FAIL_IF(!rp);
                    for (int i = 0; i < W; i++) sm_s[i] &= ~tmp[i];
                    for (int i = 0; i < W; i++) {
                        word v = tmp[i];
                        while (v) {
                            int p = i * 64 + __builtin_ctzll(v);
                            v &= v - 1;
                            DERIVED(derive_off(C, nodes, LIT(p, s, 0), rp, next, &nnext, &contradiction));
                            cand[p] &= ~(1u << s);
                        }
                    }
                    Py_CLEAR(rp);
                }
                continue;
            }
            /* c <> s: look for a cell or a house left with one choice */
            if (only < 0) {
                uint32_t rest = cand[c];
                if (!rest) {
                    if (is_static && __builtin_popcount(C->cand0[c]) != 2) continue;
                    reason = reason2(C->r_empty, c);
                    FAIL_IF(!reason);
                    parents = symbols_off(c, C->cand0[c]);
                    FAIL_IF(!parents);
                    contradiction = conflict(-1, reason, parents);
                    goto done;
                }
                if (!(rest & (rest - 1)) && !w_bit(placed, c)) {
                    uint32_t gone = C->cand0[c] & ~rest;
                    if (!is_static || !(gone & (gone - 1))) {
                        int y = LIT(c, __builtin_ctz(rest), 1);
                        if (!seen[IDX(y)]) {
                            if (gone && !(gone & (gone - 1))) {
                                int g = __builtin_ctz(gone), gi = c * n + g;
                                rp = made_rp(C->naked_rp + gi, C->naked_r + c, C->r_naked, c, C->one_off + gi,
                                             LIT(c, g, 0));
                            } else {
                                /* (none gone never happens: x's own went; -2 is Python's c << 6 | -1 << 1) */
                                rp = made_pair(C->naked_r + c, C->r_naked, c,
                                               gone ? symbols_off(c, gone) : one_tuple(-2));
                            }
                            FAIL_IF(!rp);
                            DERIVED(derive_on(C, nodes, y, rp, next, &nnext, &contradiction));
                            Py_CLEAR(rp);
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
                int nleft = 0;
                for (int i = 0; i < W; i++) { tmp[i] = sm_s[i] & hm[i]; nleft += __builtin_popcountll(tmp[i]); }
                if (!nleft) {
                    for (int i = 0; i < W; i++) tmp2[i] = sm0[i] & hm[i];
                    if (is_static && w_count(tmp2, W) != 2) continue;
                    PyObject *hv = PyLong_FromLong(h), *sv = PyLong_FromLong(s);
                    if (!hv || !sv) { Py_XDECREF(hv); Py_XDECREF(sv); goto error; }
                    reason = PyTuple_Pack(3, C->r_noplace, hv, sv);
                    Py_DECREF(hv); Py_DECREF(sv);
                    FAIL_IF(!reason);
                    parents = mask_tuple(tmp2, W, s);
                    FAIL_IF(!parents);
                    contradiction = conflict(-1, reason, parents);
                    goto done;
                }
                /* tmp2 = gone = sm & hm & ~left */
                for (int i = 0; i < W; i++) tmp2[i] = sm0[i] & hm[i] & ~tmp[i];
                if (nleft == 1) {
                    int q = w_low(tmp, W);
                    if (C->value[q] >= 0 || w_bit(placed, q)) continue;
                    int ngone = w_count(tmp2, W), gl, gb;
                    if (!is_static || ngone <= 1 || (grouped && group_of(C, tmp2, &gl, &gb))) {
                        int y = LIT(q, s, 1);
                        if (!seen[IDX(y)]) {
                            int g = w_low(tmp2, W), k = -1;
                            if (ngone == 1) {
                                for (int j = 0; j < 3; j++) if (C->cell_houses[g * 3 + j] == h) k = j;
                            }
                            if (k >= 0) {
                                rp = made_rp(C->hidden_rp + ((size_t)(g * n + s) * 3 + k), C->hidden_r + h,
                                             C->r_hidden, h, C->one_off + (g * n + s), LIT(g, s, 0));
                            } else {
                                /* (none gone never happens: x's own went; g is then -1, as in Python) */
                                rp = made_pair(C->hidden_r + h, C->r_hidden, h,
                                               ngone >= 2 ? mask_tuple(tmp2, W, s) : one_tuple(g * 64 + s * 2));
                            }
                            FAIL_IF(!rp);
                            DERIVED(derive_on(C, nodes, y, rp, next, &nnext, &contradiction));
                            Py_CLEAR(rp);
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
                        PyObject *hv = PyLong_FromLong(h), *ov = PyLong_FromLong(o);
                        PyObject *cells = mask_tuple(tmp, W, -1);
                        if (!hv || !ov || !cells) {
                            Py_XDECREF(hv); Py_XDECREF(ov); Py_XDECREF(cells);
                            goto error;
                        }
                        reason = PyTuple_Pack(4, C->r_group, hv, cells, ov);
                        Py_DECREF(hv); Py_DECREF(ov); Py_DECREF(cells);
                        FAIL_IF(!reason);
                        parents = mask_tuple(tmp2, W, s);
                        FAIL_IF(!parents);
                        rp = PyTuple_Pack(2, reason, parents);
                        FAIL_IF(!rp);
                        for (int i = 0; i < W; i++) {
                            word v = m[i];
                            while (v) {
                                int t = i * 64 + __builtin_ctzll(v);
                                v &= v - 1;
                                DERIVED(derive_off(C, nodes, LIT(t, s, 0), rp, next, &nnext, &contradiction));
                                cand[t] &= ~(1u << s);
                                w_clear(sm_s, t);
                            }
                        }
                        Py_CLEAR(rp); Py_CLEAR(reason); Py_CLEAR(parents);
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
                                PyObject *erp = als_rp(C, e);
                                FAIL_IF(!erp);
                                DERIVED(derive_off(C, nodes, LIT(t, u, 0), erp, next, &nnext, &contradiction));
                                cand[t] &= ~(1u << u);
                                sm_u[i] &= ~((word)1 << (t & 63));
                            }
                        }
                    }
                }
            }
        }
        if (!nnext) {
            if (C->want_end) {
                end = end_state(C, generation + 1);
                FAIL_IF(!end);
            }
            break;
        }
        int *swap = front;
        front = next;
        next = swap;
        nfront = nnext;
    }
done:
    Py_XDECREF(rp); Py_XDECREF(reason); Py_XDECREF(parents);
    if (PyErr_Occurred()) { Py_XDECREF(contradiction); Py_XDECREF(end); return NULL; }
    if (!contradiction) { contradiction = Py_None; Py_INCREF(Py_None); }
    if (!end) { end = Py_None; Py_INCREF(Py_None); }
    return Py_BuildValue("(NON)", contradiction, was_grouped ? Py_True : Py_False, end);
error:
    Py_XDECREF(rp); Py_XDECREF(reason); Py_XDECREF(parents);
    Py_XDECREF(contradiction); Py_XDECREF(end);
    return NULL;
}

static PyMethodDef ctx_methods[] = {
    {"propagate", (PyCFunction)ctx_propagate, METH_VARARGS,
     "propagate(start, nodes) -> (contradiction, grouped): follow start, filling nodes in order."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject ContextType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "_deduce_accel.Context",
    .tp_basicsize = sizeof(Context),
    .tp_dealloc = (destructor)ctx_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "What a static or grouped propagation reads of one position, packed for C.",
    .tp_methods = ctx_methods,
    .tp_new = ctx_new,
};


/* ---- the static screen's reach (strategies/static_screen.py) ---------- */

typedef struct {
    PyObject_HEAD
    int nbits, nw, max_depth;
    int *weak_start, *weak_bits;       /* bit i -> the bits its weak links reach (CSR) */
    int *strong_start, *strong_bits;   /* bit i -> the bits its strong links reach */
    word *on, *off, *n_on, *n_off;
    word *useful_on, *useful_off;      /* the bits a conclusion can name (StaticScreen.useful_on/off) */
    word *layers[2];                   /* two reaches' layers: (max_depth + 1) * (new on, new off) * nw */
    word *meet_on, *meet_off, *a_on, *a_off;
} Screen;

static void screen_dealloc(Screen *self) {
    void *arrays[] = {self->weak_start, self->weak_bits, self->strong_start, self->strong_bits, self->on,
                      self->off, self->n_on, self->n_off, self->useful_on, self->useful_off, self->layers[0],
                      self->layers[1], self->meet_on, self->meet_off, self->a_on, self->a_off};
    for (size_t i = 0; i < sizeof(arrays) / sizeof(arrays[0]); i++) PyMem_Free(arrays[i]);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Screen(n, ncells, cand, value, peer, house, cell_houses, symbol, houses, max_depth): the links of
   StaticScreen(state, symbol, houses) made from the position (cand and value per cell; peer and house
   masks as words; three houses per cell; symbol -1 for every symbol), as its __init__ makes them. */
static PyObject *screen_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    int n, ncells, symbol, houses, max_depth;
    PyObject *cand_o, *value_o, *peer_o, *house_o, *cell_houses_o;
    if (!PyArg_ParseTuple(args, "iiOOOOOipi", &n, &ncells, &cand_o, &value_o, &peer_o, &house_o, &cell_houses_o,
                          &symbol, &houses, &max_depth))
        return NULL;
    if (n < 1 || n > 25 || ncells < 1 || ncells > 4096 || symbol < -1 || symbol >= n || max_depth < 0
        || max_depth > 1000 || !PyBytes_Check(house_o)) {
        PyErr_SetString(PyExc_ValueError, "Screen: n from 1 to 25, ncells from 1 to 4096, symbol -1 or below n, "
                                          "max_depth from 0 to 1000, house masks as bytes");
        return NULL;
    }
    const int W = (ncells + 63) / 64;
    const Py_ssize_t nhouses = PyBytes_GET_SIZE(house_o) / (8 * W);
    int *cand = NULL, *value = NULL, *cell_houses = NULL;
    word *peer = NULL, *house = NULL, *smask = NULL;
    IntList weak = {0}, strong = {0};
    Screen *self = NULL;
    if (!(cand = int_array_in(cand_o, NULL, ncells, 0, 1L << n, "cand"))) goto fail;
    if (!(value = int_array_in(value_o, NULL, ncells, -1, n, "value"))) goto fail;
    if (!(cell_houses = int_array_in(cell_houses_o, NULL, (Py_ssize_t)ncells * 3, 0, (long)nhouses, "cell_houses")))
        goto fail;
    if (!(peer = word_array(peer_o, (Py_ssize_t)ncells * W))) goto fail;
    if (!(house = word_array(house_o, nhouses * W))) goto fail;
    smask = PyMem_Calloc((size_t)n * W, sizeof(word));
    if (!smask) { PyErr_NoMemory(); goto fail; }
    for (int c = 0; c < ncells; c++)
        for (int t = 0; t < n; t++)
            if (cand[c] >> t & 1) w_set(smask + (size_t)t * W, c);
    if (!(self = (Screen *)type->tp_alloc(type, 0))) goto fail;
    const int nbits = n * ncells, nw = (nbits + 63) / 64;
    self->nbits = nbits;
    self->nw = nw;
    self->max_depth = max_depth;
    word **sets[] = {&self->on, &self->off, &self->n_on, &self->n_off, &self->useful_on, &self->useful_off,
                     &self->meet_on, &self->meet_off, &self->a_on, &self->a_off};
    for (size_t i = 0; i < sizeof(sets) / sizeof(sets[0]); i++) {
        *sets[i] = PyMem_Calloc(nw, sizeof(word));
        if (!*sets[i]) { PyErr_NoMemory(); goto fail; }
    }
    for (int k = 0; k < 2; k++) {
        self->layers[k] = PyMem_Calloc((size_t)(max_depth + 1) * 2 * nw, sizeof(word));
        if (!self->layers[k]) { PyErr_NoMemory(); goto fail; }
    }
    self->weak_start = PyMem_Calloc((size_t)nbits + 1, sizeof(int));
    self->strong_start = PyMem_Calloc((size_t)nbits + 1, sizeof(int));
    if (!self->weak_start || !self->strong_start) { PyErr_NoMemory(); goto fail; }
    for (int s = 0; s < n; s++) {
        const word *sm = smask + (size_t)s * W;
        const int base = s * ncells;
        for (int c = 0; c < ncells; c++) {
            const int i = base + c;
            self->weak_start[i] = (int)weak.used;
            self->strong_start[i] = (int)strong.used;
            if ((symbol >= 0 && s != symbol) || !w_bit(sm, c)) continue;
            w_set(self->useful_off, i);
            if (value[c] >= 0) continue;
            w_set(self->useful_on, i);
            /* weak links: the symbol's other places among the peers, the cell's other candidates */
            const word *pc = peer + (size_t)c * W;
            for (int k = 0; k < W; k++) {
                word x = pc[k] & sm[k];
                while (x) {
                    if (!push(&weak, base + k * 64 + __builtin_ctzll(x))) goto fail;
                    x &= x - 1;
                }
            }
            if (symbol < 0) {
                for (int t = 0; t < n; t++)
                    if (t != s && cand[c] >> t & 1 && !push(&weak, t * ncells + c)) goto fail;
                /* strong links: a bivalue cell, a house with two places of the symbol */
                if (__builtin_popcount((unsigned)cand[c]) == 2) {
                    int other = 31 - __builtin_clz((unsigned)(cand[c] & ~(1 << s)));
                    if (!push(&strong, other * ncells + c)) goto fail;
                }
            }
            for (int j = 0; houses && j < 3; j++) {
                const word *hm = house + (size_t)cell_houses[c * 3 + j] * W;
                int count = 0, q = -1;
                for (int k = 0; k < W && count <= 2; k++) {
                    word x = sm[k] & hm[k];
                    count += __builtin_popcountll(x);
                    while (x) {
                        int b = k * 64 + __builtin_ctzll(x);
                        if (b != c) q = b;
                        x &= x - 1;
                    }
                }
                if (count == 2 && q >= 0 && value[q] < 0 && !push(&strong, base + q)) goto fail;
            }
        }
    }
    self->weak_start[nbits] = (int)weak.used;
    self->strong_start[nbits] = (int)strong.used;
    self->weak_bits = weak.items ? weak.items : PyMem_Calloc(1, sizeof(int));
    self->strong_bits = strong.items ? strong.items : PyMem_Calloc(1, sizeof(int));
    weak.items = strong.items = NULL;
    if (!self->weak_bits || !self->strong_bits) { PyErr_NoMemory(); goto fail; }
    PyMem_Free(cand); PyMem_Free(value); PyMem_Free(cell_houses);
    PyMem_Free(peer); PyMem_Free(house); PyMem_Free(smask);
    return (PyObject *)self;
fail:
    PyMem_Free(cand); PyMem_Free(value); PyMem_Free(cell_houses);
    PyMem_Free(peer); PyMem_Free(house); PyMem_Free(smask);
    PyMem_Free(weak.items); PyMem_Free(strong.items);
    Py_XDECREF(self);
    return NULL;
}

/* masks() -> (has_strong, useful_on, useful_off), as StaticScreen holds them */
static PyObject *screen_masks(Screen *S, PyObject *Py_UNUSED(ignored)) {
    word *has_strong = S->n_on;   /* (scratch) */
    memset(has_strong, 0, S->nw * 8);
    for (int i = 0; i < S->nbits; i++)
        if (S->strong_start[i] < S->strong_start[i + 1]) w_set(has_strong, i);
    PyObject *a = bits_to_long(has_strong, S->nw), *b = bits_to_long(S->useful_on, S->nw);
    PyObject *c = bits_to_long(S->useful_off, S->nw);
    if (!a || !b || !c) { Py_XDECREF(a); Py_XDECREF(b); Py_XDECREF(c); return NULL; }
    return Py_BuildValue("(NNN)", a, b, c);
}

/* Where assuming literal bit (on or off) leads, as StaticScreen.reach computes it: the ball's two
   bitsets in S->on and S->off, per distance the (on, off) bits first reached there in layers
   (2 * nw words per distance), their number in *nlayers; returns the contradiction's distance, -1
   if the ball never holds a literal and its negation. */
static int screen_ball(Screen *S, int bit, int is_on, word *layers, int *nlayers) {
    const int nw = S->nw;
    word *on = S->on, *off = S->off, *n_on = S->n_on, *n_off = S->n_off;
    memset(on, 0, nw * 8); memset(off, 0, nw * 8);
    memset(layers, 0, (size_t)2 * nw * 8);
    w_set(is_on ? on : off, bit);
    w_set(is_on ? layers : layers + nw, bit);
    int contradiction = -1, depth = 1;
    for (; depth <= S->max_depth; depth++) {
        const word *f_on = layers + (size_t)(depth - 1) * 2 * nw, *f_off = f_on + nw;
        memset(n_on, 0, nw * 8); memset(n_off, 0, nw * 8);
        for (int k = 0; k < nw; k++) {
            word x = f_on[k];
            while (x) {
                int i = k * 64 + __builtin_ctzll(x);
                x &= x - 1;
                for (int j = S->weak_start[i]; j < S->weak_start[i + 1]; j++) w_set(n_off, S->weak_bits[j]);
            }
            x = f_off[k];
            while (x) {
                int i = k * 64 + __builtin_ctzll(x);
                x &= x - 1;
                for (int j = S->strong_start[i]; j < S->strong_start[i + 1]; j++) w_set(n_on, S->strong_bits[j]);
            }
        }
        word *new_on = layers + (size_t)depth * 2 * nw, *new_off = new_on + nw;
        int any = 0, meet = 0;
        for (int k = 0; k < nw; k++) {
            new_on[k] = n_on[k] & ~on[k];
            new_off[k] = n_off[k] & ~off[k];
            any |= (new_on[k] | new_off[k]) != 0;
        }
        if (!any) break;
        for (int k = 0; k < nw; k++) {
            on[k] |= new_on[k];
            off[k] |= new_off[k];
            meet |= (on[k] & off[k]) != 0;
        }
        if (contradiction < 0 && meet) contradiction = depth;
    }
    *nlayers = depth;
    return contradiction;
}

/* reach(bit, on) -> (contradiction, on, off, layers), as StaticScreen.reach computes it */
static PyObject *screen_reach(Screen *S, PyObject *args) {
    int bit, is_on, nlayers;
    if (!PyArg_ParseTuple(args, "ip", &bit, &is_on)) return NULL;
    if (bit < 0 || bit >= S->nbits) { PyErr_SetString(PyExc_ValueError, "bit out of range"); return NULL; }
    const int nw = S->nw;
    int contradiction = screen_ball(S, bit, is_on, S->layers[0], &nlayers);
    PyObject *layers = PyList_New(nlayers);
    if (!layers) return NULL;
    for (int d = 0; d < nlayers; d++) {
        const word *layer = S->layers[0] + (size_t)d * 2 * nw;
        PyObject *a = bits_to_long(layer, nw), *b = bits_to_long(layer + nw, nw);
        PyObject *pair = (a && b) ? PyTuple_Pack(2, a, b) : NULL;
        Py_XDECREF(a); Py_XDECREF(b);
        if (!pair) { Py_DECREF(layers); return NULL; }
        PyList_SET_ITEM(layers, d, pair);
    }
    PyObject *a = bits_to_long(S->on, nw), *b = bits_to_long(S->off, nw);
    if (!a || !b) { Py_XDECREF(a); Py_XDECREF(b); Py_DECREF(layers); return NULL; }
    PyObject *c = contradiction < 0 ? Py_None : PyLong_FromLong(contradiction);
    if (contradiction < 0) Py_INCREF(Py_None);
    if (!c) { Py_DECREF(a); Py_DECREF(b); Py_DECREF(layers); return NULL; }
    return Py_BuildValue("(NNNN)", c, a, b, layers);
}

/* StaticScreen.pair_distance over two reaches' layers, the meeting bits on and off */
static int pair_distance(const Screen *S, const word *first, int nfirst, const word *second, int nsecond,
                         const word *on, const word *off) {
    const int nw = S->nw;
    word *ao = S->a_on, *af = S->a_off;
    int best = nfirst + nsecond;
    for (int i = 0; i < nfirst && i < best; i++) {
        const word *lo = first + (size_t)i * 2 * nw, *lf = lo + nw;
        int any = 0;
        for (int k = 0; k < nw; k++) {
            ao[k] = lo[k] & on[k];
            af[k] = lf[k] & off[k];
            any |= (ao[k] | af[k]) != 0;
        }
        if (!any) continue;
        for (int j = 0; j < nsecond && i + j < best; j++) {
            const word *bo = second + (size_t)j * 2 * nw, *bf = bo + nw;
            int meet = 0;
            for (int k = 0; k < nw && !meet; k++) meet = ((ao[k] & bo[k]) | (af[k] & bf[k])) != 0;
            if (meet) { best = i + j; break; }
        }
    }
    return best;
}

static PyObject *none_or_long(int v) {
    if (v < 0) Py_RETURN_NONE;
    return PyLong_FromLong(v);
}

/* units(bits) -> (contradictions, doubles) for the "on" literals of bits (StaticScreen.units) */
static PyObject *screen_units(Screen *S, PyObject *args) {
    PyObject *seq;
    if (!PyArg_ParseTuple(args, "O", &seq)) return NULL;
    Py_ssize_t k;
    int *bits = int_array_in(seq, &k, -1, 0, S->nbits, "bits");
    if (!bits) return NULL;
    PyObject *dead_list = PyList_New(0), *double_list = PyList_New(0);
    if (!dead_list || !double_list) goto error;
    const int nw = S->nw;
    for (Py_ssize_t u = 0; u < k; u++) {
        int bit = bits[u], n_on, n_off;
        int dead_on = screen_ball(S, bit, 1, S->layers[0], &n_on);
        if (dead_on >= 0) {
            PyObject *item = Py_BuildValue("(ni)", u, dead_on > 1 ? dead_on : 1);
            if (!item || PyList_Append(dead_list, item) < 0) { Py_XDECREF(item); goto error; }
            Py_DECREF(item);
        }
        if (S->strong_start[bit] == S->strong_start[bit + 1]) continue;  /* "off" leads nowhere */
        word *meet_on = S->meet_on, *meet_off = S->meet_off;
        memcpy(meet_on, S->on, nw * 8);
        memcpy(meet_off, S->off, nw * 8);
        int dead_off = screen_ball(S, bit, 0, S->layers[1], &n_off);
        int both = 0;
        for (int q = 0; q < nw; q++) {
            meet_on[q] &= S->on[q] & S->useful_on[q];
            meet_off[q] &= S->off[q] & S->useful_off[q];
        }
        w_clear(meet_on, bit);
        w_clear(meet_off, bit);
        for (int q = 0; q < nw; q++) both |= (meet_on[q] | meet_off[q]) != 0;
        int common = both ? pair_distance(S, S->layers[0], n_on, S->layers[1], n_off, meet_on, meet_off) + 2 : -1;
        if (common < 0 && dead_off < 0) continue;
        PyObject *item = Py_BuildValue("(nNN)", u, none_or_long(common),
                                       none_or_long(dead_off < 0 ? -1 : dead_off > 1 ? dead_off : 1));
        if (!item || PyList_Append(double_list, item) < 0) { Py_XDECREF(item); goto error; }
        Py_DECREF(item);
    }
    PyMem_Free(bits);
    return Py_BuildValue("(NN)", dead_list, double_list);
error:
    PyMem_Free(bits);
    Py_XDECREF(dead_list);
    Py_XDECREF(double_list);
    return NULL;
}

/* common_bound(bits) -> StaticScreen.common_bound of the "on" literals of bits: a lower bound on the
   complexity of what every branch concludes, None when their balls share no useful bit */
static PyObject *screen_common_bound(Screen *S, PyObject *args) {
    PyObject *seq, *result = NULL;
    if (!PyArg_ParseTuple(args, "O", &seq)) return NULL;
    Py_ssize_t k;
    int *bits = int_array_in(seq, &k, -1, 0, S->nbits, "bits");
    if (!bits) return NULL;
    const int nw = S->nw;
    const size_t per = (size_t)(S->max_depth + 1) * 2 * nw;
    word *layers = PyMem_Malloc((k ? k : 1) * per * sizeof(word));
    int *nlayers = PyMem_Malloc((k ? k : 1) * sizeof(int));
    if (!layers || !nlayers) { PyErr_NoMemory(); goto done; }
    word *on = S->meet_on, *off = S->meet_off;
    memset(on, 0xff, nw * 8);
    memset(off, 0xff, nw * 8);
    for (Py_ssize_t u = 0; u < k; u++) {
        screen_ball(S, bits[u], 1, layers + u * per, &nlayers[u]);
        for (int q = 0; q < nw; q++) { on[q] &= S->on[q]; off[q] &= S->off[q]; }
    }
    int any = 0;
    for (int q = 0; q < nw; q++) { on[q] &= S->useful_on[q]; off[q] &= S->useful_off[q]; }
    for (Py_ssize_t u = 0; u < k; u++) w_clear(on, bits[u]);
    for (int q = 0; q < nw; q++) any |= (on[q] | off[q]) != 0;
    if (!any) { result = Py_None; Py_INCREF(result); goto done; }
    long total = 0;
    for (Py_ssize_t u = 0; u < k; u++) {
        int d = 0;
        for (; d < nlayers[u]; d++) {
            const word *lo = layers + u * per + (size_t)d * 2 * nw, *lf = lo + nw;
            int meet = 0;
            for (int q = 0; q < nw && !meet; q++) meet = ((lo[q] & on[q]) | (lf[q] & off[q])) != 0;
            if (meet) break;
        }
        total += d + 1;
    }
    result = PyLong_FromLong(total);
done:
    PyMem_Free(bits);
    PyMem_Free(layers);
    PyMem_Free(nlayers);
    return result;
}

static PyMethodDef screen_methods[] = {
    {"reach", (PyCFunction)screen_reach, METH_VARARGS,
     "reach(bit, on) -> (contradiction, on, off, layers): where assuming literal bit leads."},
    {"masks", (PyCFunction)screen_masks, METH_NOARGS,
     "masks() -> (has_strong, useful_on, useful_off): the bits with a strong link, and those a conclusion names."},
    {"common_bound", (PyCFunction)screen_common_bound, METH_VARARGS,
     "common_bound(bits) -> StaticScreen.common_bound of the \"on\" literals of bits."},
    {"units", (PyCFunction)screen_units, METH_VARARGS,
     "units(bits) -> (contradictions, doubles): StaticScreen.units for the \"on\" literals of bits."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject ScreenType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "_deduce_accel.Screen",
    .tp_basicsize = sizeof(Screen),
    .tp_dealloc = (destructor)screen_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The static screen's links, for StaticScreen.reach in C.",
    .tp_methods = screen_methods,
    .tp_new = screen_new,
};

/* ---- input checks shared by the fish and search tables --------------- */

/* An exact int (so that no Python code runs while a list is read) in [low, bound); 0 with an error set. */
static int small_int(PyObject *v, long low, long bound, long *out) {
    if (!PyLong_CheckExact(v)) { PyErr_SetString(PyExc_TypeError, "expected an int"); return 0; }
    long x = PyLong_AsLong(v);
    if (x == -1 && PyErr_Occurred()) return 0;
    if (x < low || x >= bound) { PyErr_SetString(PyExc_ValueError, "number out of range"); return 0; }
    *out = x;
    return 1;
}

/* A cell mask of ncells cells into W words: 0 with an error set if it does not fit or holds a bit past the cells. */
static int cell_bits(PyObject *v, word *w, int W, int ncells) {
    if (!long_to_bits(v, w, W)) return 0;
    if (ncells % 64 && w[W - 1] >> (ncells % 64)) {
        PyErr_SetString(PyExc_ValueError, "a cell mask with bits past the last cell");
        return 0;
    }
    return 1;
}

/* A tuple of ints. */
static PyObject *int_tuple(const int *xs, int k) {
    PyObject *t = PyTuple_New(k);
    if (!t) return NULL;
    for (int i = 0; i < k; i++) {
        PyObject *v = PyLong_FromLong(xs[i]);
        if (!v) { Py_DECREF(t); return NULL; }
        PyTuple_SET_ITEM(t, i, v);
    }
    return t;
}

/* A list of house numbers into a fresh int array; NULL on error. */
static int *house_list(PyObject *list, int nhouses, int *len) {
    Py_ssize_t k = PyList_GET_SIZE(list);
    int *xs = PyMem_Malloc((k + 1) * sizeof(int));
    if (!xs) { PyErr_NoMemory(); return NULL; }
    for (Py_ssize_t i = 0; i < k; i++) {
        long h;
        if (!small_int(PyList_GET_ITEM(list, i), 0, nhouses, &h)) {
            PyMem_Free(xs);
            return NULL;
        }
        xs[i] = (int)h;
    }
    *len = (int)k;
    return xs;
}

/* ---- fish: the franken and mutant cover search (strategies/fish.py) --- */

/* Fish._general's search in C: the bases (_bases), each base's cover
 * houses, the screen (Fish._screen and _any_fish) and the cover sets
 * (_covers), in the same order; Python keeps the fins, targets, shapes and
 * steps.  Cell masks have up to FISH_W words, house sets two. */

#define FISH_W 10              /* 640 cells: 25 x 25 */
#define FISH_HOUSES 128        /* house sets are two words */
#define FISH_SIZE 4
#define FISH_FINS 8
#define FISH_BANNED (3 * FISH_FINS + 3)

typedef struct {
    PyObject_HEAD
    int ncells, W, nhouses;
    word *house;               /* nhouses * W */
    word *peer;                /* ncells * W */
    int *ch;                   /* ncells * 3: the cell's cover houses, lowest first, -1 after */
} FishTables;

typedef struct {               /* one base's search: what the recursions read */
    const FishTables *T;
    int W, size, fins, need;
    word B[FISH_W];
    word touched[2];
} FishRun;

static inline int hs_has(const word *t, int h) { return (int)((t[h >> 6] >> (h & 63)) & 1); }

static inline int among(const int *xs, int k, int h) {
    for (int i = 0; i < k; i++) if (xs[i] == h) return 1;
    return 0;
}

static inline int max_of(const int *xs, int k) {
    int m = -1;
    for (int i = 0; i < k; i++) if (xs[i] > m) m = xs[i];
    return m;
}

static void fish_dealloc(FishTables *self) {
    PyMem_Free(self->house);
    PyMem_Free(self->peer);
    PyMem_Free(self->ch);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* FishTables(ncells, house_masks, peer_masks, cell_houses) */
static PyObject *fish_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    int ncells;
    PyObject *houses, *peers, *cell_houses;
    if (!PyArg_ParseTuple(args, "iO!O!O!", &ncells, &PyList_Type, &houses, &PyList_Type, &peers,
                          &PyList_Type, &cell_houses)) return NULL;
    int W = (ncells + 63) / 64, nh = (int)PyList_GET_SIZE(houses);
    if (ncells <= 0 || W > FISH_W || nh > FISH_HOUSES || PyList_GET_SIZE(peers) != ncells
        || PyList_GET_SIZE(cell_houses) != ncells) {
        PyErr_SetString(PyExc_ValueError, "FishTables: grid too large or tables of the wrong length");
        return NULL;
    }
    FishTables *self = (FishTables *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    self->ncells = ncells;
    self->W = W;
    self->nhouses = nh;
    self->house = PyMem_Calloc((size_t)nh * W, sizeof(word));
    self->peer = PyMem_Calloc((size_t)ncells * W, sizeof(word));
    self->ch = PyMem_Malloc((size_t)ncells * 3 * sizeof(int));
    if (!self->house || !self->peer || !self->ch) { PyErr_NoMemory(); goto fail; }
    for (int h = 0; h < nh; h++)
        if (!cell_bits(PyList_GET_ITEM(houses, h), self->house + (size_t)h * W, W, ncells)) goto fail;
    for (int c = 0; c < ncells; c++) {
        if (!cell_bits(PyList_GET_ITEM(peers, c), self->peer + (size_t)c * W, W, ncells)) goto fail;
        PyObject *hs = PyList_GET_ITEM(cell_houses, c);
        if (!PyTuple_CheckExact(hs) || PyTuple_GET_SIZE(hs) > 3) {
            PyErr_SetString(PyExc_ValueError, "cell houses: a tuple of at most 3 house numbers per cell");
            goto fail;
        }
        Py_ssize_t k = PyTuple_GET_SIZE(hs);
        for (int i = 0; i < 3; i++) {
            long h = -1;
            if (i < k && !small_int(PyTuple_GET_ITEM(hs, i), 0, nh, &h)) goto fail;
            self->ch[c * 3 + i] = (int)h;
        }
    }
    return (PyObject *)self;
fail:
    Py_DECREF(self);
    return NULL;
}

/* _targets: the cells of targets (in place) that see every fin; whether any is left */
static int fish_targets(const FishTables *T, int W, word *targets, const word *fins) {
    word f[FISH_W];
    memcpy(f, fins, W * sizeof(word));
    int low;
    while (!w_zero(targets, W) && (low = w_low(f, W)) >= 0) {
        const word *p = T->peer + (size_t)low * W;
        for (int i = 0; i < W; i++) targets[i] &= p[i];
        w_clear(f, low);
    }
    return !w_zero(targets, W);
}

/* _any_fish's last house */
static int any_last(const FishRun *R, const int *chosen, int nchosen, const word *C, const word *rest_in,
                    int budget, const word *see_in, const int *banned_in, int nbanned) {
    const FishTables *T = R->T;
    const int W = R->W;
    word rest[FISH_W], see[FISH_W], left[FISH_W], tg[FISH_W];
    int banned[FISH_BANNED];
    memcpy(rest, rest_in, W * sizeof(word));
    memcpy(see, see_in, W * sizeof(word));
    memcpy(banned, banned_in, nbanned * sizeof(int));
    int low = R->need > max_of(chosen, nchosen) ? R->need : -1;
    int declared = R->fins - budget;
    int cell;
    while ((cell = w_low(rest, W)) >= 0) {
        for (int i = 0; i < 3; i++) {
            int h = T->ch[cell * 3 + i];
            if (h < 0) break;
            if (h < low || !hs_has(R->touched, h) || among(chosen, nchosen, h) || among(banned, nbanned, h)) continue;
            const word *m = T->house + (size_t)h * W;
            for (int k = 0; k < W; k++) left[k] = rest[k] & ~m[k];
            int k = w_count(left, W);
            if (k <= budget && (declared || k || !R->fins)) {
                for (int j = 0; j < W; j++) tg[j] = see[j] & (C[j] | m[j]);
                if (fish_targets(T, W, tg, left)) return 1;
            }
        }
        if (!budget) return 0;
        const word *p = T->peer + (size_t)cell * W;
        for (int k = 0; k < W; k++) see[k] &= p[k];
        if (w_zero(see, W)) return 0;
        w_clear(rest, cell);
        budget--;
        declared++;
        for (int i = 0; i < 3 && T->ch[cell * 3 + i] >= 0; i++) banned[nbanned++] = T->ch[cell * 3 + i];
    }
    /* Every candidate left is a fin: the last house adds no base candidate. */
    for (int h = 0; h < T->nhouses; h++) {
        if (!hs_has(R->touched, h) || h < low || among(chosen, nchosen, h) || among(banned, nbanned, h)) continue;
        const word *m = T->house + (size_t)h * W;
        for (int k = 0; k < W; k++) if (see[k] & (C[k] | m[k])) return 1;
    }
    return 0;
}

/* _any_fish's recursion */
static int any_rec(const FishRun *R, int *chosen, int nchosen, const word *C, const word *rest, int budget,
                   const word *see, int *banned, int nbanned) {
    const FishTables *T = R->T;
    const int W = R->W;
    if (w_zero(rest, W)) return 1;
    if (nchosen + 1 == R->size) return any_last(R, chosen, nchosen, C, rest, budget, see, banned, nbanned);
    word C2[FISH_W], rest2[FISH_W];
    int cell = w_low(rest, W);
    for (int i = 0; i < 3; i++) {
        int h = T->ch[cell * 3 + i];
        if (h < 0) break;
        if (!hs_has(R->touched, h) || among(chosen, nchosen, h) || among(banned, nbanned, h)) continue;
        const word *m = T->house + (size_t)h * W;
        for (int k = 0; k < W; k++) { C2[k] = C[k] | m[k]; rest2[k] = rest[k] & ~m[k]; }
        chosen[nchosen] = h;
        if (any_rec(R, chosen, nchosen + 1, C2, rest2, budget, see, banned, nbanned)) return 1;
    }
    if (budget) {
        word s[FISH_W];
        const word *p = T->peer + (size_t)cell * W;
        for (int k = 0; k < W; k++) s[k] = see[k] & p[k];
        if (!w_zero(s, W)) {
            memcpy(rest2, rest, W * sizeof(word));
            w_clear(rest2, cell);
            int nb = nbanned;
            for (int i = 0; i < 3 && T->ch[cell * 3 + i] >= 0; i++) banned[nb++] = T->ch[cell * 3 + i];
            if (any_rec(R, chosen, nchosen, C, rest2, budget - 1, s, banned, nb)) return 1;
        }
    }
    return 0;
}

/* _covers's recursion: appends (chosen, C) to out; -1 on error */
static int covers_rec(const FishRun *R, int *chosen, int nchosen, const word *C, const word *covered, int budget,
                      const word *seeall, PyObject *out) {
    const FishTables *T = R->T;
    const int W = R->W;
    word rest[FISH_W], C2[FISH_W], cov2[FISH_W];
    for (int k = 0; k < W; k++) rest[k] = R->B[k] & ~covered[k];
    int left = R->size - nchosen;
    int nrest = w_count(rest, W);
    if (!left) {
        if (nrest > budget) return 0;
        PyObject *ch = int_tuple(chosen, nchosen);
        if (!ch) return -1;
        PyObject *cm = bits_to_long(C, W);
        PyObject *pair = cm ? PyTuple_Pack(2, ch, cm) : NULL;
        Py_DECREF(ch);
        Py_XDECREF(cm);
        if (!pair || PyList_Append(out, pair) < 0) { Py_XDECREF(pair); return -1; }
        Py_DECREF(pair);
        return 0;
    }
    if (!nrest || nrest > 2 * budget + left * R->size) return 0;
    int cell = w_low(rest, W);
    int low = left == 1 && R->need > max_of(chosen, nchosen) ? R->need : -1;
    for (int i = 0; i < 3; i++) {
        int h = T->ch[cell * 3 + i];
        if (h < 0) break;
        if (h < low || !hs_has(R->touched, h) || among(chosen, nchosen, h)) continue;
        const word *m = T->house + (size_t)h * W;
        for (int k = 0; k < W; k++) { C2[k] = C[k] | m[k]; cov2[k] = covered[k] | m[k]; }
        chosen[nchosen] = h;
        if (covers_rec(R, chosen, nchosen + 1, C2, cov2, budget, seeall, out) < 0) return -1;
    }
    if (budget) {
        word see[FISH_W];
        const word *p = T->peer + (size_t)cell * W;
        for (int k = 0; k < W; k++) see[k] = seeall[k] & p[k];
        if (!w_zero(see, W)) {
            memcpy(cov2, covered, W * sizeof(word));
            w_set(cov2, cell);
            if (covers_rec(R, chosen, nchosen, C, cov2, budget - 1, see, out) < 0) return -1;
        }
    }
    return 0;
}

typedef struct {               /* the base enumeration (_bases) */
    FishRun run;
    int npool;
    const int *pool;
    const word *parts;         /* npool * W */
    const word *reach;         /* npool * 2: cover houses holding the part */
    const word *where;
    int need_box;
    int base[FISH_SIZE];
    PyObject *out;
} FishBases;

/* One base: its cover houses, the screen, the cover sets; -1 on error */
static int fish_base(FishBases *F, const int *idx) {
    FishRun *R = &F->run;
    const FishTables *T = R->T;
    const int W = R->W, size = R->size;
    R->touched[0] = R->touched[1] = 0;
    for (int i = 0; i < size; i++) {
        R->touched[0] |= F->reach[idx[i] * 2];
        R->touched[1] |= F->reach[idx[i] * 2 + 1];
    }
    for (int i = 0; i < size; i++) R->touched[F->base[i] >> 6] &= ~((word)1 << (F->base[i] & 63));
    int nt = __builtin_popcountll(R->touched[0]) + __builtin_popcountll(R->touched[1]);
    if (nt < size) return 0;
    R->need = F->need_box >= 0 && F->base[size - 1] < F->need_box ? F->need_box : -1;
    /* the screen: something to eliminate, enough candidates in the best covers, then _any_fish */
    word U[FISH_W] = {0}, see[FISH_W];
    int top[FISH_SIZE] = {0};
    for (int h = 0; h < T->nhouses; h++) {
        if (!hs_has(R->touched, h)) continue;
        const word *m = T->house + (size_t)h * W;
        int k = 0;
        for (int j = 0; j < W; j++) { U[j] |= m[j]; k += __builtin_popcountll(R->B[j] & m[j]); }
        for (int j = 0; j < size; j++) if (k > top[j]) { int t = top[j]; top[j] = k; k = t; }
    }
    int any = 0;
    for (int j = 0; j < W; j++) { see[j] = F->where[j] & ~R->B[j]; any |= (see[j] & U[j]) != 0; }
    if (!any) return 0;
    int best = 0;
    for (int j = 0; j < size; j++) best += top[j];
    if (best < w_count(R->B, W) - R->fins) return 0;
    int chosen[FISH_SIZE], banned[FISH_BANNED];
    word zero[FISH_W] = {0};
    if (!any_rec(R, chosen, 0, zero, R->B, R->fins, see, banned, 0)) return 0;
    PyObject *covers = PyList_New(0);
    if (!covers) return -1;
    if (covers_rec(R, chosen, 0, zero, zero, R->fins, see, covers) < 0) { Py_DECREF(covers); return -1; }
    if (!PyList_GET_SIZE(covers)) { Py_DECREF(covers); return 0; }
    PyObject *b = int_tuple(F->base, size);
    if (!b) { Py_DECREF(covers); return -1; }
    PyObject *bm = bits_to_long(R->B, W);
    PyObject *item = bm ? PyTuple_Pack(3, b, bm, covers) : NULL;
    Py_DECREF(b);
    Py_XDECREF(bm);
    Py_DECREF(covers);
    if (!item || PyList_Append(F->out, item) < 0) { Py_XDECREF(item); return -1; }
    Py_DECREF(item);
    return 0;
}

/* _bases: size-house combinations of the pool with disjoint parts, in combinations order */
static int fish_bases(FishBases *F, int start, int k, int *idx) {
    FishRun *R = &F->run;
    const int W = R->W;
    word saved[FISH_W];
    for (int i = start; i <= F->npool - (R->size - k); i++) {
        const word *p = F->parts + (size_t)i * W;
        if (!w_disjoint(R->B, p, W)) continue;
        memcpy(saved, R->B, W * sizeof(word));
        for (int j = 0; j < W; j++) R->B[j] |= p[j];
        idx[k] = i;
        F->base[k] = F->pool[i];
        int r = k + 1 == R->size ? fish_base(F, idx) : fish_bases(F, i + 1, k + 1, idx);
        memcpy(R->B, saved, W * sizeof(word));
        if (r < 0) return -1;
    }
    return 0;
}

/* search(pool, where, size, fins, need_box) -> [(base, B, [(cover houses, C), ...]), ...] */
static PyObject *fish_search(FishTables *T, PyObject *args) {
    PyObject *pool_obj, *where_obj;
    int size, fins, need_box;
    if (!PyArg_ParseTuple(args, "O!Oiii", &PyList_Type, &pool_obj, &where_obj, &size, &fins, &need_box))
        return NULL;
    if (size < 1 || size > FISH_SIZE || fins < 0 || fins > FISH_FINS) {
        PyErr_SetString(PyExc_ValueError, "fish size or fins out of range");
        return NULL;
    }
    const int W = T->W;
    word where[FISH_W];
    if (!cell_bits(where_obj, where, W, T->ncells)) return NULL;
    int npool;
    int *pool = house_list(pool_obj, T->nhouses, &npool);
    if (!pool) return NULL;
    word *parts = PyMem_Calloc((size_t)(npool + 1) * W, sizeof(word));
    word *reach = PyMem_Calloc((size_t)(npool + 1) * 2, sizeof(word));
    PyObject *out = PyList_New(0);
    if (!parts || !reach || !out) { if (!PyErr_Occurred()) PyErr_NoMemory(); goto fail; }
    for (int i = 0; i < npool; i++) {
        int h = pool[i];
        word *p = parts + (size_t)i * W;
        const word *m = T->house + (size_t)h * W;
        for (int j = 0; j < W; j++) p[j] = where[j] & m[j];
        for (int j = 0; j < W; j++) {
            word x = p[j];
            while (x) {
                int c = j * 64 + __builtin_ctzll(x);
                x &= x - 1;
                for (int a = 0; a < 3 && T->ch[c * 3 + a] >= 0; a++) {
                    int hh = T->ch[c * 3 + a];
                    reach[i * 2 + (hh >> 6)] |= (word)1 << (hh & 63);
                }
            }
        }
    }
    FishBases F = {.run = {.T = T, .W = W, .size = size, .fins = fins}, .npool = npool, .pool = pool,
                   .parts = parts, .reach = reach, .where = where, .need_box = need_box, .out = out};
    int idx[FISH_SIZE];
    if (fish_bases(&F, 0, 0, idx) < 0) goto fail;
    PyMem_Free(pool);
    PyMem_Free(parts);
    PyMem_Free(reach);
    return out;
fail:
    PyMem_Free(pool);
    PyMem_Free(parts);
    PyMem_Free(reach);
    Py_XDECREF(out);
    return NULL;
}

typedef struct {               /* Fish._standard's search, one orientation */
    const FishTables *T;
    int W, size, limit, max_fins, nbase, ncover;
    const int *base_types, *cover_types;
    int *pool, npool;          /* indices into base_types */
    word *parts;               /* per base type: nbase * W */
    word *lines;               /* per base type: the cover lines (indices into cover_types) holding its part */
    const word *where;
    int base[FISH_SIZE], bidx[FISH_SIZE];
    word B[FISH_W];
    PyObject *out;
} StdRun;

/* One base: every cover set of its cover lines that leaves a target; -1 on error */
static int std_base(StdRun *S, word touched) {
    const FishTables *T = S->T;
    const int W = S->W, size = S->size;
    int nt = __builtin_popcountll(touched);
    if (nt < size) return 0;
    int lines[64], k = 0;
    for (word x = touched; x; x &= x - 1) lines[k++] = S->cover_types[__builtin_ctzll(x)];
    word U[FISH_W] = {0};
    for (int i = 0; i < nt; i++) {
        const word *m = T->house + (size_t)lines[i] * W;
        for (int j = 0; j < W; j++) U[j] |= m[j];
    }
    int any = 0;
    for (int j = 0; j < W; j++) any |= (S->where[j] & U[j] & ~S->B[j]) != 0;
    if (!any) return 0;
    int pick[FISH_SIZE];
    for (int i = 0; i < size; i++) pick[i] = i;
    for (;;) {  /* combinations(lines, size), in order */
        word C[FISH_W] = {0}, fins[FISH_W], targets[FISH_W];
        int cover[FISH_SIZE];
        for (int i = 0; i < size; i++) {
            cover[i] = lines[pick[i]];
            const word *m = T->house + (size_t)cover[i] * W;
            for (int j = 0; j < W; j++) C[j] |= m[j];
        }
        for (int j = 0; j < W; j++) {
            fins[j] = S->B[j] & ~C[j];
            targets[j] = S->where[j] & C[j] & ~S->B[j];
        }
        int nfins = w_count(fins, W);
        if (nfins <= S->max_fins && fish_targets(T, W, targets, fins)) {
            int kind = 0;
            if (nfins) {
                kind = 1;
                for (int i = 0; i < size && kind == 1; i++) {
                    const word *p = S->parts + (size_t)S->bidx[i] * W;
                    int left = 0;
                    for (int j = 0; j < W; j++) left += __builtin_popcountll(p[j] & ~fins[j]);
                    if (left <= 1) kind = 2;  /* sashimi */
                }
            }
            /* (kind, base, cover, B, targets, fins) */
            PyObject *b = int_tuple(S->base, size), *c = int_tuple(cover, size);
            PyObject *bm = bits_to_long(S->B, W), *tm = bits_to_long(targets, W), *fm = bits_to_long(fins, W);
            PyObject *item = (b && c && bm && tm && fm) ? Py_BuildValue("(iOOOOO)", kind, b, c, bm, tm, fm) : NULL;
            Py_XDECREF(b); Py_XDECREF(c); Py_XDECREF(bm); Py_XDECREF(tm); Py_XDECREF(fm);
            if (!item || PyList_Append(S->out, item) < 0) { Py_XDECREF(item); return -1; }
            Py_DECREF(item);
        }
        int i = size - 1;
        while (i >= 0 && pick[i] == nt - size + i) i--;
        if (i < 0) break;
        pick[i]++;
        for (int j = i + 1; j < size; j++) pick[j] = pick[j - 1] + 1;
    }
    return 0;
}

/* _bases with cover lines: disjoint parts, at most limit cover lines touched */
static int std_bases(StdRun *S, int start, int k, word touched) {
    const int W = S->W;
    word saved[FISH_W];
    for (int i = start; i <= S->npool - (S->size - k); i++) {
        int b = S->pool[i];
        const word *p = S->parts + (size_t)b * W;
        if (!w_disjoint(S->B, p, W)) continue;
        word t = touched | S->lines[b];
        if (__builtin_popcountll(t) > S->limit) continue;
        memcpy(saved, S->B, W * sizeof(word));
        for (int j = 0; j < W; j++) S->B[j] |= p[j];
        S->base[k] = S->base_types[b];
        S->bidx[k] = b;
        int r = k + 1 == S->size ? std_base(S, t) : std_bases(S, i + 1, k + 1, t);
        memcpy(S->B, saved, W * sizeof(word));
        if (r < 0) return -1;
    }
    return 0;
}

/* standard(base_types, cover_types, where, size, limit, most, max_fins)
 *   -> [(kind, base, cover, B, targets, fins), ...] */
static PyObject *fish_standard(FishTables *T, PyObject *args) {
    PyObject *bt, *ct, *where_obj;
    int size, limit, most, max_fins;
    if (!PyArg_ParseTuple(args, "O!O!Oiiii", &PyList_Type, &bt, &PyList_Type, &ct, &where_obj, &size, &limit,
                          &most, &max_fins)) return NULL;
    if (size < 1 || size > FISH_SIZE || PyList_GET_SIZE(ct) > 64) {
        PyErr_SetString(PyExc_ValueError, "fish size or cover lines out of range");
        return NULL;
    }
    const int W = T->W;
    word where[FISH_W];
    if (!cell_bits(where_obj, where, W, T->ncells)) return NULL;
    StdRun S = {.T = T, .W = W, .size = size, .limit = limit, .max_fins = max_fins, .where = where};
    PyObject *out = NULL;
    S.base_types = house_list(bt, T->nhouses, &S.nbase);
    S.cover_types = S.base_types ? house_list(ct, T->nhouses, &S.ncover) : NULL;
    if (!S.cover_types) goto done;
    S.pool = PyMem_Malloc((S.nbase + 1) * sizeof(int));
    S.parts = PyMem_Calloc((size_t)(S.nbase + 1) * W, sizeof(word));
    S.lines = PyMem_Calloc((size_t)S.nbase + 1, sizeof(word));
    S.out = out = PyList_New(0);
    if (!S.pool || !S.parts || !S.lines || !out) {
        if (!PyErr_Occurred()) PyErr_NoMemory();
        Py_CLEAR(out);
        goto done;
    }
    for (int b = 0; b < S.nbase; b++) {
        word *p = S.parts + (size_t)b * W;
        const word *m = T->house + (size_t)S.base_types[b] * W;
        for (int j = 0; j < W; j++) p[j] = where[j] & m[j];
        for (int i = 0; i < S.ncover; i++)
            if (!w_disjoint(p, T->house + (size_t)S.cover_types[i] * W, W)) S.lines[b] |= (word)1 << i;
        int k = w_count(p, W);
        if (k > 0 && k <= most) S.pool[S.npool++] = b;
    }
    if (std_bases(&S, 0, 0, 0) < 0) Py_CLEAR(out);
done:
    PyMem_Free((void *)S.base_types);
    PyMem_Free((void *)S.cover_types);
    PyMem_Free(S.pool);
    PyMem_Free(S.parts);
    PyMem_Free(S.lines);
    return out;
}

static PyMethodDef fish_methods[] = {
    {"search", (PyCFunction)fish_search, METH_VARARGS,
     "search(pool, where, size, fins, need_box) -> [(base, B, [(cover, C), ...]), ...]: "
     "the bases that pass the screen, with their cover sets (Fish._searched)."},
    {"standard", (PyCFunction)fish_standard, METH_VARARGS,
     "standard(base_types, cover_types, where, size, limit, most, max_fins) -> "
     "[(kind, base, cover, B, targets, fins), ...]: Fish._standard's fish of one orientation, in order."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject FishTablesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "_deduce_accel.FishTables",
    .tp_basicsize = sizeof(FishTables),
    .tp_dealloc = (destructor)fish_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A geometry's houses, peers and cover houses, for the fish searches in C.",
    .tp_methods = fish_methods,
    .tp_new = fish_new,
};

/* ---- the search: deduce/backtrack.py, Search.solutions (puzzles without cages) ---- */

/* The same depth-first search as the Python one, node for node: naked
 * singles (symbol by symbol, cells in order), then per layout (rows,
 * columns, regions) the hidden singles after a check that every symbol has
 * a place in every house, to a fixed point; then once per node the locked
 * candidates, pack by pack (each pack's locks judged before any of its
 * eliminations, symbol by symbol, source house by source house), and the
 * singles again; a branch on the first cell with two candidates, or else
 * the first with the fewest (stopping at three), symbols in order.  The
 * Python code (Search._fast_tables in deduce/backtrack.py) passes the tables it built, so both
 * read the same houses, orders and packs. */

typedef struct {
    PyObject_HEAD
    int n, ncells, nseg, npack;
    int *peer_start, *peer_cells;      /* CSR: each cell's peers */
    int *cell_house;                   /* ncells * 3: row, column, region (house numbers 0..3n-1) */
    int *house_cells;                  /* 3n * n: each house's cells in its layout's order */
    int *seg_house;                    /* per segment: its source house */
    int *seg_out_start, *seg_out;      /* CSR: the source house's cells outside the segment */
    int *seg_elim_start, *seg_elim;    /* CSR: the target house's cells outside the source */
    int *pack_start;                   /* npack + 1: each pack's segments, source houses in order */
} SearchTables;

typedef struct {
    PyObject_HEAD
    SearchTables *T;
    PyObject *check;                   /* called every SEARCH_CHECK_EVERY nodes (the deadline) */
    int depth;                         /* the deepest frame, -1 when the search is over (or failed) */
    int pending;                       /* the frame at depth still needs its propagation */
    int running;                       /* inside next(): a call from the check is refused */
    long long nodes;
    uint32_t *cand, *fired, *rest;     /* per frame: ncells, nseg, 1 */
    uint8_t *solved;
    int8_t *placed;
    int *cell;
    /* scratch */
    int *list_c, *list_d, *cnt, *one;
    uint32_t *placed_in;
} SearchIter;

#define SEARCH_CHECK_EVERY 64

static void search_tables_dealloc(SearchTables *self) {
    void *arrays[] = {self->peer_start, self->peer_cells, self->cell_house, self->house_cells, self->seg_house,
                      self->seg_out_start, self->seg_out, self->seg_elim_start, self->seg_elim, self->pack_start};
    for (size_t i = 0; i < sizeof(arrays) / sizeof(arrays[0]); i++) PyMem_Free(arrays[i]);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* A list of lists of ints into CSR arrays; the lists' count in *count; 0 on error. */
static int csr_lists(PyObject *lists, int bound, int **start, int **items, int *count) {
    if (!PyList_Check(lists)) { PyErr_SetString(PyExc_TypeError, "expected a list of lists"); return 0; }
    Py_ssize_t k = PyList_GET_SIZE(lists), total = 0;
    for (Py_ssize_t i = 0; i < k; i++) {
        PyObject *x = PyList_GET_ITEM(lists, i);
        if (!PyList_Check(x)) { PyErr_SetString(PyExc_TypeError, "expected a list of lists"); return 0; }
        total += PyList_GET_SIZE(x);
    }
    *start = PyMem_Calloc((size_t)k + 1, sizeof(int));
    *items = PyMem_Calloc((size_t)total + 1, sizeof(int));
    if (!*start || !*items) { PyErr_NoMemory(); return 0; }
    Py_ssize_t used = 0;
    for (Py_ssize_t i = 0; i < k; i++) {
        PyObject *x = PyList_GET_ITEM(lists, i);
        (*start)[i] = (int)used;
        for (Py_ssize_t j = 0; j < PyList_GET_SIZE(x); j++) {
            long v;
            if (!small_int(PyList_GET_ITEM(x, j), 0, bound, &v)) return 0;  /* (exact ints: no list can change) */
            (*items)[used++] = (int)v;
        }
    }
    (*start)[k] = (int)used;
    if (count) *count = (int)k;
    return 1;
}

/* SearchTables(n, peers, cell_houses, house_cells, segments, packs): peers, cell_houses (3 per cell) and
 * house_cells (3n lists of n) as lists of lists; segments a list of (source house, out cells, elim cells);
 * packs a list of lists of segment numbers. */
static PyObject *search_tables_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    int n;
    PyObject *peers, *cell_houses, *house_cells, *segments, *packs;
    if (!PyArg_ParseTuple(args, "iO!O!O!O!O!", &n, &PyList_Type, &peers, &PyList_Type, &cell_houses, &PyList_Type,
                          &house_cells, &PyList_Type, &segments, &PyList_Type, &packs)) return NULL;
    if (n < 1 || n > 32) { PyErr_SetString(PyExc_ValueError, "SearchTables: size out of range"); return NULL; }
    SearchTables *self = (SearchTables *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    int N = n * n, k, *tmp_start = NULL;
    self->n = n;
    self->ncells = N;
    if (!csr_lists(peers, N, &self->peer_start, &self->peer_cells, &k)) goto bad;
    if (k != N) goto bad_shape;
    if (!csr_lists(cell_houses, 3 * n, &tmp_start, &self->cell_house, &k)) goto bad;
    if (k != N) goto bad_shape;
    for (int c = 0; c <= N; c++) if (tmp_start[c] != 3 * c) goto bad_shape;
    PyMem_Free(tmp_start);
    tmp_start = NULL;
    if (!csr_lists(house_cells, N, &tmp_start, &self->house_cells, &k)) goto bad;
    if (k != 3 * n) goto bad_shape;
    for (int h = 0; h <= 3 * n; h++) if (tmp_start[h] != h * n) goto bad_shape;
    PyMem_Free(tmp_start);
    tmp_start = NULL;
    Py_ssize_t ns = PyList_GET_SIZE(segments);
    self->nseg = (int)ns;
    self->seg_house = PyMem_Calloc((size_t)ns + 1, sizeof(int));
    PyObject *outs = PyList_New(ns), *elims = PyList_New(ns);
    if (!self->seg_house || !outs || !elims) { Py_XDECREF(outs); Py_XDECREF(elims); PyErr_NoMemory(); goto bad; }
    for (Py_ssize_t i = 0; i < ns; i++) {
        PyObject *s = PyList_GET_ITEM(segments, i);
        long h;
        PyObject *o, *e;
        if (!PyTuple_CheckExact(s) || PyTuple_GET_SIZE(s) != 3 || !PyList_Check(o = PyTuple_GET_ITEM(s, 1))
            || !PyList_Check(e = PyTuple_GET_ITEM(s, 2)) || !small_int(PyTuple_GET_ITEM(s, 0), 0, 3 * n, &h)) {
            Py_DECREF(outs); Py_DECREF(elims);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "segment: (source house, out cells, elim cells)");
            goto bad;
        }
        self->seg_house[i] = (int)h;
        Py_INCREF(o); PyList_SET_ITEM(outs, i, o);
        Py_INCREF(e); PyList_SET_ITEM(elims, i, e);
    }
    int ok = csr_lists(outs, N, &self->seg_out_start, &self->seg_out, NULL)
             && csr_lists(elims, N, &self->seg_elim_start, &self->seg_elim, NULL);
    Py_DECREF(outs);
    Py_DECREF(elims);
    if (!ok || !csr_lists(packs, (int)ns, &self->pack_start, &tmp_start, &self->npack)) goto bad;
    /* packs list their segments in order, one after the other */
    for (int i = 0, expect = 0; i < self->npack; i++)
        for (int j = self->pack_start[i]; j < self->pack_start[i + 1]; j++, expect++)
            if (tmp_start[j] != expect) goto bad_shape;
    if (self->pack_start[self->npack] != self->nseg) goto bad_shape;
    PyMem_Free(tmp_start);
    return (PyObject *)self;
bad_shape:
    PyErr_SetString(PyExc_ValueError, "SearchTables: tables of the wrong shape");
bad:
    PyMem_Free(tmp_start);
    Py_DECREF(self);
    return NULL;
}

static inline void search_place(const SearchTables *T, uint32_t *cand, int8_t *placed, int d, int c) {
    uint32_t bit = 1u << d;
    for (int i = T->peer_start[c]; i < T->peer_start[c + 1]; i++) cand[T->peer_cells[i]] &= ~bit;
    cand[c] &= bit;
    placed[c] = (int8_t)d;
}

/* Search.propagate on frame lv, in place: 1, or 0 on a contradiction */
static int search_propagate(SearchIter *I, int lv) {
    const SearchTables *T = I->T;
    const int n = T->n, N = T->ncells;
    uint32_t *cand = I->cand + (size_t)lv * N, *fired = I->fired + (size_t)lv * T->nseg;
    uint8_t *solved = I->solved + (size_t)lv * N;
    int8_t *placed = I->placed + (size_t)lv * N;
    int *lc = I->list_c, *ld = I->list_d, *cnt = I->cnt, *one = I->one;
    int locks_done = 0;
    for (;;) {
        int progress = 0, k = 0;
        /* naked singles: every cell keeps a candidate; the singles' symbols, then symbol by symbol */
        for (int c = 0; c < N; c++) {
            uint32_t m = cand[c];
            if (!m) return 0;
            if (!solved[c] && !(m & (m - 1))) { lc[k] = c; ld[k] = __builtin_ctz(m); k++; }
        }
        if (k) {
            for (int d = 0; d < n; d++)
                for (int i = 0; i < k; i++) {
                    if (ld[i] != d) continue;
                    int c = lc[i];
                    if (!(cand[c] >> d & 1)) return 0;  /* two singles with one symbol see each other */
                    search_place(T, cand, placed, d, c);
                }
            for (int i = 0; i < k; i++) solved[lc[i]] = 1;
            progress = 1;
        }
        for (int layout = 0; layout < 3; layout++) {
            /* every symbol has a place in every house of the layout; the houses where it has one */
            for (int hi = 0; hi < n; hi++) {
                const int *cells = T->house_cells + (size_t)(layout * n + hi) * n;
                int *ct = cnt + hi * n, *on = one + hi * n;
                for (int d = 0; d < n; d++) ct[d] = 0;
                for (int i = 0; i < n; i++) {
                    uint32_t m = cand[cells[i]];
                    while (m) {
                        int d = __builtin_ctz(m);
                        m &= m - 1;
                        ct[d]++;
                        on[d] = cells[i];
                    }
                }
                for (int d = 0; d < n; d++) if (!ct[d]) return 0;
            }
            int h = 0;
            for (int d = 0; d < n; d++)
                for (int hi = 0; hi < n; hi++)
                    if (cnt[hi * n + d] == 1 && placed[one[hi * n + d]] != d) { lc[h] = one[hi * n + d]; ld[h] = d; h++; }
            if (!h) continue;
            for (int i = 0; i < h; i++) {
                int c = lc[i], d = ld[i];
                if (!(cand[c] >> d & 1)) continue;  /* removed by a placement just made */
                if (solved[c]) return 0;            /* the cell already holds another symbol */
                search_place(T, cand, placed, d, c);
                solved[c] = 1;
            }
            progress = 1;
        }
        if (progress) continue;
        if (!locks_done) {
            uint32_t *placed_in = I->placed_in;
            memset(placed_in, 0, 3 * n * sizeof(uint32_t));
            for (int c = 0; c < N; c++)
                if (placed[c] >= 0)
                    for (int j = 0; j < 3; j++) placed_in[T->cell_house[c * 3 + j]] |= 1u << placed[c];
            for (int p = 0; p < T->npack; p++) {
                int s0 = T->pack_start[p], s1 = T->pack_start[p + 1], nh = 0;
                for (int d = 0; d < n; d++)
                    for (int s = s0; s < s1; s++) {
                        if (placed_in[T->seg_house[s]] >> d & 1 || fired[s] >> d & 1) continue;
                        int outside = 0;
                        for (int j = T->seg_out_start[s]; j < T->seg_out_start[s + 1] && !outside; j++)
                            outside = cand[T->seg_out[j]] >> d & 1;
                        if (outside) continue;
                        lc[nh] = s; ld[nh] = d; nh++;
                    }
                for (int i = 0; i < nh; i++) fired[lc[i]] |= 1u << ld[i];
                for (int i = 0; i < nh; i++) {
                    int s = lc[i];
                    uint32_t bit = 1u << ld[i];
                    int any = 0;
                    for (int j = T->seg_elim_start[s]; j < T->seg_elim_start[s + 1]; j++) any |= (cand[T->seg_elim[j]] & bit) != 0;
                    if (!any) continue;
                    for (int j = T->seg_elim_start[s]; j < T->seg_elim_start[s + 1]; j++) cand[T->seg_elim[j]] &= ~bit;
                    progress = 1;
                }
            }
            locks_done = 1;
        }
        if (progress) continue;
        return 1;
    }
}

/* Search.choose: the first unsolved cell with two candidates, or else the first with the fewest */
static int search_choose(const SearchIter *I, int lv) {
    const int N = I->T->ncells, n = I->T->n;
    const uint32_t *cand = I->cand + (size_t)lv * N;
    const uint8_t *solved = I->solved + (size_t)lv * N;
    for (int c = 0; c < N; c++) if (!solved[c] && __builtin_popcount(cand[c]) == 2) return c;
    int best = -1, best_count = n + 1;
    for (int c = 0; c < N; c++) {
        if (solved[c]) continue;
        int k = __builtin_popcount(cand[c]);
        if (k < best_count) {
            best = c;
            best_count = k;
            if (k <= 3) break;
        }
    }
    return best;
}

static int search_iter_traverse(SearchIter *self, visitproc visit, void *arg) {
    Py_VISIT(self->T);
    Py_VISIT(self->check);
    return 0;
}

static int search_iter_clear(SearchIter *self) {
    Py_CLEAR(self->T);
    Py_CLEAR(self->check);
    self->depth = -1;
    return 0;
}

static void search_iter_dealloc(SearchIter *self) {
    PyObject_GC_UnTrack(self);
    void *arrays[] = {self->cand, self->fired, self->rest, self->solved, self->placed, self->cell, self->list_c,
                      self->list_d, self->cnt, self->one, self->placed_in};
    for (size_t i = 0; i < sizeof(arrays) / sizeof(arrays[0]); i++) PyMem_Free(arrays[i]);
    search_iter_clear(self);
    PyObject_GC_Del(self);
}

/* The next solution (a tuple of symbols), or NULL at the end (or on an error, after which the search is over) */
static PyObject *search_iter_step(SearchIter *I) {
    const SearchTables *T = I->T;
    const int N = T->ncells, NS = T->nseg;
    while (I->depth >= 0) {
        int lv = I->depth;
        if (I->pending) {
            I->pending = 0;
            I->nodes++;
            if (!(I->nodes & (SEARCH_CHECK_EVERY - 1))) {
                if (PyErr_CheckSignals() < 0) return NULL;
                if (I->check != Py_None) {
                    PyObject *r = PyObject_CallNoArgs(I->check);
                    if (!r) return NULL;
                    Py_DECREF(r);
                }
            }
            if (!search_propagate(I, lv)) { I->depth--; continue; }
            const uint8_t *solved = I->solved + (size_t)lv * N;
            int all = 1;
            for (int c = 0; c < N && all; c++) all = solved[c];
            if (all) {
                const uint32_t *cand = I->cand + (size_t)lv * N;
                PyObject *sol = PyTuple_New(N);
                if (!sol) return NULL;
                for (int c = 0; c < N; c++) {
                    PyObject *v = PyLong_FromLong(__builtin_ctz(cand[c]));
                    if (!v) { Py_DECREF(sol); return NULL; }
                    PyTuple_SET_ITEM(sol, c, v);
                }
                I->depth--;
                return sol;
            }
            int cell = search_choose(I, lv);
            I->cell[lv] = cell;
            I->rest[lv] = I->cand[(size_t)lv * N + cell];
        }
        if (!I->rest[lv]) { I->depth--; continue; }
        int d = __builtin_ctz(I->rest[lv]), cell = I->cell[lv];
        I->rest[lv] &= I->rest[lv] - 1;
        /* the child: this node with d placed in the cell (Search.branch) */
        memcpy(I->cand + (size_t)(lv + 1) * N, I->cand + (size_t)lv * N, N * sizeof(uint32_t));
        memcpy(I->fired + (size_t)(lv + 1) * NS, I->fired + (size_t)lv * NS, NS * sizeof(uint32_t));
        memcpy(I->solved + (size_t)(lv + 1) * N, I->solved + (size_t)lv * N, N);
        memcpy(I->placed + (size_t)(lv + 1) * N, I->placed + (size_t)lv * N, N);
        search_place(T, I->cand + (size_t)(lv + 1) * N, I->placed + (size_t)(lv + 1) * N, d, cell);
        I->solved[(size_t)(lv + 1) * N + cell] = 1;
        I->depth = lv + 1;
        I->pending = 1;
    }
    return NULL;
}

static PyObject *search_iter_next(SearchIter *I) {
    if (I->running) {
        PyErr_SetString(PyExc_ValueError, "the search is already running");
        return NULL;
    }
    if (I->depth < 0 || !I->T) return NULL;
    I->running = 1;
    PyObject *sol = search_iter_step(I);
    I->running = 0;
    if (!sol && PyErr_Occurred()) I->depth = -1;  /* like a generator that raised: finished */
    return sol;
}

/* nodes: the nodes propagated so far (Search.nodes) */
static PyObject *search_iter_nodes(SearchIter *I, void *closure) {
    (void)closure;
    return PyLong_FromLongLong(I->nodes);
}

static PyGetSetDef search_iter_getset[] = {
    {"nodes", (getter)search_iter_nodes, NULL, "nodes propagated so far", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject SearchIterType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "_deduce_accel.SearchIter",
    .tp_basicsize = sizeof(SearchIter),
    .tp_dealloc = (destructor)search_iter_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_traverse = (traverseproc)search_iter_traverse,
    .tp_clear = (inquiry)search_iter_clear,
    .tp_doc = "The solutions below a node, in the search's order.",
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc)search_iter_next,
    .tp_getset = search_iter_getset,
};

/* solutions(cand, solved, placed, check) -> an iterator of the solutions below the node */
static PyObject *search_solutions(SearchTables *T, PyObject *args) {
    PyObject *cand, *solved, *placed, *check;
    if (!PyArg_ParseTuple(args, "O!O!O!O", &PyList_Type, &cand, &PyList_Type, &solved, &PyList_Type, &placed, &check))
        return NULL;
    const int N = T->ncells, n = T->n;
    if (PyList_GET_SIZE(cand) != N || PyList_GET_SIZE(solved) != N || PyList_GET_SIZE(placed) != N) {
        PyErr_SetString(PyExc_ValueError, "one entry per cell expected");
        return NULL;
    }
    SearchIter *I = PyObject_GC_New(SearchIter, &SearchIterType);
    if (!I) return NULL;
    memset((char *)I + sizeof(PyObject), 0, sizeof(SearchIter) - sizeof(PyObject));
    I->T = T;
    Py_INCREF(T);
    I->check = check;
    Py_INCREF(check);
    I->pending = 1;
    PyObject_GC_Track(I);
    size_t frames = (size_t)N + 2;
    I->cand = PyMem_Calloc(frames * N, sizeof(uint32_t));
    I->fired = PyMem_Calloc(frames * (T->nseg + 1), sizeof(uint32_t));
    I->rest = PyMem_Calloc(frames, sizeof(uint32_t));
    I->solved = PyMem_Calloc(frames * N, 1);
    I->placed = PyMem_Calloc(frames * N, 1);
    I->cell = PyMem_Calloc(frames, sizeof(int));
    I->list_c = PyMem_Calloc((size_t)N + T->nseg * n + 1, sizeof(int));
    I->list_d = PyMem_Calloc((size_t)N + T->nseg * n + 1, sizeof(int));
    I->cnt = PyMem_Calloc((size_t)n * n, sizeof(int));
    I->one = PyMem_Calloc((size_t)n * n, sizeof(int));
    I->placed_in = PyMem_Calloc(3 * (size_t)n, sizeof(uint32_t));
    if (!I->cand || !I->fired || !I->rest || !I->solved || !I->placed || !I->cell || !I->list_c || !I->list_d
        || !I->cnt || !I->one || !I->placed_in) {
        Py_DECREF(I);
        return PyErr_NoMemory();
    }
    for (int c = 0; c < N; c++) {
        PyObject *mo = PyList_GET_ITEM(cand, c);
        unsigned long long m = PyLong_CheckExact(mo) ? PyLong_AsUnsignedLongLong(mo) : (unsigned long long)-1;
        long s, p;
        if ((m == (unsigned long long)-1 && !PyErr_Occurred()) || m >> n) {
            PyErr_Clear();
            PyErr_SetString(PyExc_ValueError, "a cell's candidates out of range");
        }
        if (PyErr_Occurred() || !small_int(PyList_GET_ITEM(solved, c), 0, 2, &s)
            || !small_int(PyList_GET_ITEM(placed, c), -1, n, &p)) {
            Py_DECREF(I);
            return NULL;
        }
        I->cand[c] = (uint32_t)m;
        I->solved[c] = (uint8_t)s;
        I->placed[c] = (int8_t)p;
    }
    return (PyObject *)I;
}

static PyMethodDef search_tables_methods[] = {
    {"solutions", (PyCFunction)search_solutions, METH_VARARGS,
     "solutions(cand, solved, placed, check) -> iterator of the solutions below the node, in Search's order."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject SearchTablesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "_deduce_accel.SearchTables",
    .tp_basicsize = sizeof(SearchTables),
    .tp_dealloc = (destructor)search_tables_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A geometry's peers, houses and locked-candidate packs, for deduce.backtrack's search in C.",
    .tp_methods = search_tables_methods,
    .tp_new = search_tables_new,
};

/* ---- one house at a time: singles and subsets (strategies/singles.py, subsets.py) */

/* The searches of FullHouse, HiddenSingle, NakedSubset, HiddenSubset and
 * LockedSubset in C, over groups: a house (its cells both its items and its
 * scope), or a line-box intersection (its cells the items, the line's and
 * the box's the scope).  The singles, per house in the tables' order.  The
 * subsets, per group in order: every k items whose masks make a union of
 * exactly k bits, in combinations order, kept when it eliminates something
 * (what locked_groups yields and the strategies make steps of).  Python
 * makes the steps. */

#define SUBSET_K 8             /* the largest set searched */
#define SUBSET_ITEMS 32        /* cells per group, symbols per grid */

typedef struct {
    PyObject_HEAD
    int nsymbols, ncells, ngroups;
    int *item_start, *items;   /* group g's items: items[item_start[g] .. item_start[g + 1]] */
    int *scope_start, *scope;  /* and its scope */
} HouseTables;

typedef struct {               /* one group's search */
    const HouseTables *T;
    const int *cand, *value;
    int group, k, m, hidden;
    int item[SUBSET_ITEMS];        /* cells (naked), or symbols (hidden) */
    uint32_t mask[SUBSET_ITEMS];   /* their candidates, or their places as positions in the house */
    int chosen[SUBSET_K];
    PyObject *out;
} SubsetRun;

static void house_tables_dealloc(HouseTables *self) {
    PyMem_Free(self->item_start);
    PyMem_Free(self->items);
    PyMem_Free(self->scope_start);
    PyMem_Free(self->scope);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* One tuple of cells of each group into a flat array with offsets; 0 with an error set. */
static int subset_cells(PyObject *groups, int which, int ncells, int limit, int **start, int **flat) {
    Py_ssize_t ng = PyList_GET_SIZE(groups), total = 0;
    for (Py_ssize_t g = 0; g < ng; g++) {
        PyObject *pair = PyList_GET_ITEM(groups, g);
        if (!PyTuple_CheckExact(pair) || PyTuple_GET_SIZE(pair) != 2 || !PyTuple_CheckExact(PyTuple_GET_ITEM(pair, which))) {
            PyErr_SetString(PyExc_ValueError, "HouseTables: groups are (items, scope) tuples of cells");
            return 0;
        }
        Py_ssize_t k = PyTuple_GET_SIZE(PyTuple_GET_ITEM(pair, which));
        if (k > limit) {
            PyErr_SetString(PyExc_ValueError, "HouseTables: a group with too many cells");
            return 0;
        }
        total += k;
    }
    *start = PyMem_Malloc((ng + 1) * sizeof(int));
    *flat = PyMem_Malloc((total + 1) * sizeof(int));
    if (!*start || !*flat) { PyErr_NoMemory(); return 0; }
    int at = 0;
    for (Py_ssize_t g = 0; g < ng; g++) {
        PyObject *cells = PyTuple_GET_ITEM(PyList_GET_ITEM(groups, g), which);
        (*start)[g] = at;
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(cells); i++) {
            long c;
            if (!small_int(PyTuple_GET_ITEM(cells, i), 0, ncells, &c)) return 0;
            (*flat)[at++] = (int)c;
        }
    }
    (*start)[ng] = at;
    return 1;
}

/* HouseTables(nsymbols, ncells, groups): groups a list of (items, scope), each a tuple of cells */
static PyObject *house_tables_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    int nsymbols, ncells;
    PyObject *groups;
    if (!PyArg_ParseTuple(args, "iiO!", &nsymbols, &ncells, &PyList_Type, &groups)) return NULL;
    if (nsymbols < 1 || nsymbols > SUBSET_ITEMS || ncells < 1) {
        PyErr_SetString(PyExc_ValueError, "HouseTables: 1 to 32 symbols, and at least one cell");
        return NULL;
    }
    HouseTables *self = (HouseTables *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    self->nsymbols = nsymbols;
    self->ncells = ncells;
    self->ngroups = (int)PyList_GET_SIZE(groups);
    if (!subset_cells(groups, 0, ncells, SUBSET_ITEMS, &self->item_start, &self->items)
        || !subset_cells(groups, 1, ncells, 4 * SUBSET_ITEMS, &self->scope_start, &self->scope)) {
        Py_DECREF(self);
        return NULL;
    }
    return (PyObject *)self;
}

static inline int among_first(const int *xs, int k, int v) {
    for (int i = 0; i < k; i++) if (xs[i] == v) return 1;
    return 0;
}

/* The chosen items (union u) make a set: appended to the output if it eliminates something. */
static int subset_found(SubsetRun *R, uint32_t u) {
    const HouseTables *T = R->T;
    const int *cand = R->cand, *value = R->value;
    int k = R->k, members[SUBSET_K];
    for (int i = 0; i < k; i++) members[i] = R->item[R->chosen[i]];
    PyObject *second;
    if (!R->hidden) {
        /* naked: a scope cell outside the set still holds one of its symbols */
        int hit = 0;
        for (int i = T->scope_start[R->group]; i < T->scope_start[R->group + 1] && !hit; i++) {
            int c = T->scope[i];
            hit = value[c] < 0 && !among_first(members, k, c) && ((uint32_t)cand[c] & u);
        }
        if (!hit) return 1;
        second = PyLong_FromUnsignedLong(u);
    } else {
        /* hidden: one of its places holds another symbol; the places as cells, lowest first */
        uint32_t keep = 0;
        for (int i = 0; i < k; i++) keep |= (uint32_t)1 << members[i];
        int cells[SUBSET_K], nc = 0, hit = 0;
        const int *house = T->items + T->item_start[R->group];
        for (uint32_t p = u; p; p &= p - 1) {
            int c = house[__builtin_ctz(p)];
            hit |= ((uint32_t)cand[c] & ~keep) != 0;
            int j = nc++;   /* insertion, so that the cells come out in the order of their numbers */
            while (j && cells[j - 1] > c) { cells[j] = cells[j - 1]; j--; }
            cells[j] = c;
        }
        if (!hit) return 1;
        second = int_tuple(cells, nc);
    }
    if (!second) return 0;
    PyObject *first = int_tuple(members, k);
    PyObject *entry = first ? Py_BuildValue("(iNN)", R->group, first, second) : NULL;
    if (!entry) { if (!first) Py_DECREF(second); return 0; }
    int bad = PyList_Append(R->out, entry) < 0;
    Py_DECREF(entry);
    return !bad;
}

/* locked_groups' search: the chosen so far (depth of them, union u) grown from item start on */
static int subset_grow(SubsetRun *R, int start, int depth, uint32_t u) {
    int left = R->k - depth;
    for (int i = start; i <= R->m - left; i++) {
        uint32_t v = u | R->mask[i];
        int bits = __builtin_popcount(v);
        if (bits > R->k) continue;
        R->chosen[depth] = i;
        if (left == 1) {
            if (bits == R->k && !subset_found(R, v)) return 0;
        } else if (!subset_grow(R, i + 1, depth + 1, v)) return 0;
    }
    return 1;
}

/* A position's candidates and values for the tables' grid, checked; 0 with an error set (and nothing to free). */
static int house_position(const HouseTables *T, PyObject *cand_in, PyObject *value_in, int **cand, int **value) {
    *cand = int_array_in(cand_in, NULL, T->ncells, 0, 1L << T->nsymbols, "candidates");
    *value = *cand ? int_array_in(value_in, NULL, T->ncells, -1, T->nsymbols, "values") : NULL;
    if (*value) return 1;
    PyMem_Free(*cand);
    *cand = NULL;
    return 0;
}

/* naked(cand, value, k) / hidden(cand, value, k) */
static PyObject *subset_search(HouseTables *T, PyObject *args, int hidden) {
    PyObject *cand_in, *value_in;
    int k;
    if (!PyArg_ParseTuple(args, "OOi", &cand_in, &value_in, &k)) return NULL;
    if (k < 1 || k > SUBSET_K) {
        PyErr_SetString(PyExc_ValueError, "subsets of 1 to 8");
        return NULL;
    }
    int *cand, *value;
    if (!house_position(T, cand_in, value_in, &cand, &value)) return NULL;
    SubsetRun R = {.T = T, .cand = cand, .value = value, .k = k, .hidden = hidden, .out = PyList_New(0)};
    if (!R.out) goto error;
    for (int g = 0; g < T->ngroups; g++) {
        const int *cells = T->items + T->item_start[g];
        int ncells = T->item_start[g + 1] - T->item_start[g];
        R.group = g;
        R.m = 0;
        if (!hidden) {
            /* the unsolved cells with k candidates or fewer */
            for (int i = 0; i < ncells; i++) {
                int c = cells[i];
                if (value[c] < 0 && __builtin_popcount((uint32_t)cand[c]) <= k) {
                    R.item[R.m] = c;
                    R.mask[R.m++] = (uint32_t)cand[c];
                }
            }
        } else {
            /* the symbols not placed in the house with 1 to k places, in symbol order */
            uint32_t placed = 0, places[SUBSET_ITEMS] = {0};
            int empty = 0;
            for (int i = 0; i < ncells; i++) {
                int c = cells[i];
                if (value[c] >= 0) { placed |= (uint32_t)1 << value[c]; continue; }
                empty++;
                for (uint32_t b = (uint32_t)cand[c]; b; b &= b - 1) places[__builtin_ctz(b)] |= (uint32_t)1 << i;
            }
            if (empty <= k) continue;
            for (int s = 0; s < T->nsymbols; s++) {
                int count = __builtin_popcount(places[s]);
                if (!(placed >> s & 1) && count && count <= k) {
                    R.item[R.m] = s;
                    R.mask[R.m++] = places[s];
                }
            }
        }
        if (R.m >= k && !subset_grow(&R, 0, 0, 0)) goto error;
    }
    PyMem_Free(cand);
    PyMem_Free(value);
    return R.out;
error:
    PyMem_Free(cand);
    PyMem_Free(value);
    Py_XDECREF(R.out);
    return NULL;
}

/* The singles of each house (the groups being houses): full houses, or hidden singles. */
static PyObject *subset_singles(HouseTables *T, PyObject *args, int hidden) {
    PyObject *cand_in, *value_in;
    if (!PyArg_ParseTuple(args, "OO", &cand_in, &value_in)) return NULL;
    int *cand, *value;
    if (!house_position(T, cand_in, value_in, &cand, &value)) return NULL;
    PyObject *out = PyList_New(0);
    if (!out) goto error;
    uint32_t full = T->nsymbols == 32 ? 0xffffffffu : ((uint32_t)1 << T->nsymbols) - 1;
    for (int g = 0; g < T->ngroups; g++) {
        const int *cells = T->items + T->item_start[g];
        int ncells = T->item_start[g + 1] - T->item_start[g], empty = 0, last = -1;
        uint32_t placed = 0;
        for (int i = 0; i < ncells; i++) {
            if (value[cells[i]] >= 0) placed |= (uint32_t)1 << value[cells[i]];
            else { empty++; last = cells[i]; }
        }
        if (!hidden) {
            uint32_t missing = full & ~placed;
            if (empty != 1 || __builtin_popcount(missing) != 1 || !((uint32_t)cand[last] & missing)) continue;
            PyObject *entry = Py_BuildValue("(iii)", g, last, __builtin_ctz(missing));
            if (!entry || PyList_Append(out, entry) < 0) { Py_XDECREF(entry); goto error; }
            Py_DECREF(entry);
            continue;
        }
        if (empty < 2) continue;
        int count[SUBSET_ITEMS] = {0}, where[SUBSET_ITEMS];
        for (int i = 0; i < ncells; i++) {
            int c = cells[i];
            if (value[c] >= 0) continue;
            for (uint32_t b = (uint32_t)cand[c]; b; b &= b - 1) {
                int s = __builtin_ctz(b);
                count[s]++;
                where[s] = c;
            }
        }
        for (int s = 0; s < T->nsymbols; s++) {
            if (count[s] != 1 || placed >> s & 1) continue;
            PyObject *entry = Py_BuildValue("(iii)", g, where[s], s);
            if (!entry || PyList_Append(out, entry) < 0) { Py_XDECREF(entry); goto error; }
            Py_DECREF(entry);
        }
    }
    PyMem_Free(cand);
    PyMem_Free(value);
    return out;
error:
    PyMem_Free(cand);
    PyMem_Free(value);
    Py_XDECREF(out);
    return NULL;
}

static PyObject *subset_naked(HouseTables *T, PyObject *args) { return subset_search(T, args, 0); }
static PyObject *subset_hidden(HouseTables *T, PyObject *args) { return subset_search(T, args, 1); }

/* full_houses(cand, value) -> [(group, cell, symbol)]: per house (each group a house), in order, its
 * one empty cell when the house misses one symbol and the cell still holds it (FullHouse). */
static PyObject *subset_full_houses(HouseTables *T, PyObject *args) {
    return subset_singles(T, args, 0);
}

/* hidden_singles(cand, value) -> [(group, cell, symbol)]: per house with two empty cells or more, in
 * order, each symbol not placed there with one place left in it, in symbol order (HiddenSingle). */
static PyObject *subset_hidden_singles(HouseTables *T, PyObject *args) {
    return subset_singles(T, args, 1);
}

static PyMethodDef house_tables_methods[] = {
    {"naked", (PyCFunction)subset_naked, METH_VARARGS,
     "naked(cand, value, k) -> [(group, cells, symbols mask)]: the naked sets of k cells that eliminate something."},
    {"hidden", (PyCFunction)subset_hidden, METH_VARARGS,
     "hidden(cand, value, k) -> [(group, symbols, cells)]: the hidden sets of k symbols that eliminate something "
     "(each group a house: its items and scope the same cells)."},
    {"full_houses", (PyCFunction)subset_full_houses, METH_VARARGS,
     "full_houses(cand, value) -> [(group, cell, symbol)]: each house's last empty cell and its missing symbol."},
    {"hidden_singles", (PyCFunction)subset_hidden_singles, METH_VARARGS,
     "hidden_singles(cand, value) -> [(group, cell, symbol)]: per house with two empty cells or more, each "
     "symbol not placed there with one place left in it."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject HouseTablesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "_deduce_accel.HouseTables",
    .tp_basicsize = sizeof(HouseTables),
    .tp_dealloc = (destructor)house_tables_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A geometry's houses (or line-box intersections), for the singles and the naked, hidden and locked "
              "set searches in C.",
    .tp_methods = house_tables_methods,
    .tp_new = house_tables_new,
};

/* ---- a conclusion's chain: Propagation.ancestor_set, counted ---------- */

static uint32_t *anc_stamp;      /* literal -> the walk that last reached it */
static size_t anc_cap;
static uint32_t anc_walk;
static PyObject **anc_stack;
static size_t anc_stack_cap;

/* Room for need entries on the walk's stack; 0 with an error set. */
static int anc_reserve(size_t need) {
    if (need <= anc_stack_cap) return 1;
    size_t cap = anc_stack_cap ? anc_stack_cap : 1024;
    while (cap < need) cap *= 2;
    PyObject **grown = PyMem_Realloc(anc_stack, cap * sizeof(PyObject *));
    if (!grown) { PyErr_NoMemory(); return 0; }
    anc_stack = grown;
    anc_stack_cap = cap;
    return 1;
}

/* ancestor_count(nodes, targets, tags) -> (count, tagged, symbols): the number of literals targets
 * follow from in the propagation's nodes (literal -> (reason, parents)), themselves included, as
 * len(Propagation.ancestor_set(targets)); tagged, bit k set when the reason of one of them is
 * tagged with tags[k] (reason[0]; at most 30 tags); symbols, the mask of their symbols. */
static PyObject *ancestor_count(PyObject *module, PyObject *args) {
    PyObject *nodes, *targets, *tags;
    if (!PyArg_ParseTuple(args, "O!OO!", &PyDict_Type, &nodes, &targets, &PyTuple_Type, &tags)) return NULL;
    PyObject *fast = PySequence_Fast(targets, "targets: a sequence of literals");
    if (!fast) return NULL;
    if (++anc_walk == 0) {   /* (the stamps wrapped around: start afresh) */
        if (anc_stamp) memset(anc_stamp, 0, anc_cap * sizeof(uint32_t));
        anc_walk = 1;
    }
    size_t top = 0;
    long count = 0, tagged = 0, symbols = 0;
    const Py_ssize_t ntags = PyTuple_GET_SIZE(tags) < 30 ? PyTuple_GET_SIZE(tags) : 30;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(fast); i++) {
        PyObject *t = PySequence_Fast_GET_ITEM(fast, i);
        int in = PyDict_Contains(nodes, t);
        if (in < 0) goto error;
        if (!in) continue;
        if (!anc_reserve(top + 1)) goto error;
        anc_stack[top++] = t;
    }
    while (top) {
        PyObject *x = anc_stack[--top];
        long v = PyLong_AsLong(x);
        if (v == -1 && PyErr_Occurred()) goto error;
        if (v < 0 || v >= (1L << 24)) { PyErr_SetString(PyExc_ValueError, "a literal out of range"); goto error; }
        if ((size_t)v >= anc_cap) {
            size_t cap = anc_cap ? anc_cap : 4096;
            while (cap <= (size_t)v) cap *= 2;
            uint32_t *grown = PyMem_Realloc(anc_stamp, cap * sizeof(uint32_t));
            if (!grown) { PyErr_NoMemory(); goto error; }
            memset(grown + anc_cap, 0, (cap - anc_cap) * sizeof(uint32_t));
            anc_stamp = grown;
            anc_cap = cap;
        }
        if (anc_stamp[v] == anc_walk) continue;
        anc_stamp[v] = anc_walk;
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
        if (!anc_reserve(top + (size_t)np)) goto error;
        for (Py_ssize_t k = 0; k < np; k++) anc_stack[top++] = PyTuple_GET_ITEM(parents, k);
    }
    Py_DECREF(fast);
    return Py_BuildValue("(lll)", count, tagged, symbols);
error:
    Py_DECREF(fast);
    return NULL;
}

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
    m = PyMem_Calloc((size_t)nsymbols * W, sizeof(word));
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
    PyMem_Free(cand);
    PyMem_Free(value);
    PyMem_Free(m);
    return out;
}

/* unsolved_mask(value) -> the cells whose value is below 0, as a cell mask. */
static PyObject *unsolved_mask(PyObject *module, PyObject *value_in) {
    Py_ssize_t ncells;
    int *value = int_array(value_in, &ncells);
    if (!value) return NULL;
    int W = (int)((ncells + 63) / 64);
    if (!W) W = 1;
    word *m = PyMem_Calloc(W, sizeof(word));
    PyObject *out = NULL;
    if (!m) { PyErr_NoMemory(); goto done; }
    for (Py_ssize_t c = 0; c < ncells; c++)
        if (value[c] < 0) m[c >> 6] |= (word)1 << (c & 63);
    out = bits_to_long(m, W);
done:
    PyMem_Free(value);
    PyMem_Free(m);
    return out;
}

static PyMethodDef accel_functions[] = {
    {"ancestor_count", ancestor_count, METH_VARARGS,
     "ancestor_count(nodes, targets, tags) -> (count, tagged, symbols): len(Propagation.ancestor_set(targets)), "
     "bit k of tagged when one of those literals follows from a reason tagged tags[k], and their symbols' mask."},
    {"symbol_masks", symbol_masks, METH_VARARGS,
     "symbol_masks(cand, value, nsymbols, solved) -> [cell mask per symbol]: State.symbol_masks."},
    {"unsolved_mask", unsolved_mask, METH_O, "unsolved_mask(value) -> the cells whose value is below 0, as a mask."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef accel_module = {
    PyModuleDef_HEAD_INIT, "_deduce_accel",
    "deduce's optional accelerator: the chain engine's propagations, the fish searches and the backtracking search in C.",
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
    /* the largest grid the fish tables take (strategies/_accel.py reads them) */
    if (PyModule_AddIntConstant(m, "FISH_MAX_CELLS", FISH_W * 64) < 0
        || PyModule_AddIntConstant(m, "FISH_MAX_HOUSES", FISH_HOUSES) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
