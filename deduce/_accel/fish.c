#include "accel.h"

/* ---- fish: the franken and mutant cover search (strategies/fish.py) --- */

/* Fish._general's search in C: the bases (_bases), each base's cover
 * houses, the screen (Fish._screen and _any_fish) and the cover sets
 * (_covers), in the same order; Python keeps the fins, targets, shapes and
 * steps.  Cell masks have up to FISH_W words, house sets two. */

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
    PyMem_RawFree(self->house);
    PyMem_RawFree(self->peer);
    PyMem_RawFree(self->ch);
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
    self->house = PyMem_RawCalloc((size_t)nh * W, sizeof(word));
    self->peer = PyMem_RawCalloc((size_t)ncells * W, sizeof(word));
    self->ch = PyMem_RawMalloc((size_t)ncells * 3 * sizeof(int));
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
    word *parts = PyMem_RawCalloc((size_t)(npool + 1) * W, sizeof(word));
    word *reach = PyMem_RawCalloc((size_t)(npool + 1) * 2, sizeof(word));
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
    PyMem_RawFree(pool);
    PyMem_RawFree(parts);
    PyMem_RawFree(reach);
    return out;
fail:
    PyMem_RawFree(pool);
    PyMem_RawFree(parts);
    PyMem_RawFree(reach);
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
    S.pool = PyMem_RawMalloc((S.nbase + 1) * sizeof(int));
    S.parts = PyMem_RawCalloc((size_t)(S.nbase + 1) * W, sizeof(word));
    S.lines = PyMem_RawCalloc((size_t)S.nbase + 1, sizeof(word));
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
    PyMem_RawFree((void *)S.base_types);
    PyMem_RawFree((void *)S.cover_types);
    PyMem_RawFree(S.pool);
    PyMem_RawFree(S.parts);
    PyMem_RawFree(S.lines);
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

PyTypeObject FishTablesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "_deduce_accel.FishTables",
    .tp_basicsize = sizeof(FishTables),
    .tp_dealloc = (destructor)fish_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A geometry's houses, peers and cover houses, for the fish searches in C.",
    .tp_methods = fish_methods,
    .tp_new = fish_new,
};

