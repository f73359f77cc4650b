#include "accel.h"

/* ---- the static screen's reach (strategies/static_screen.py) ---------- */

typedef struct {
    PyObject_HEAD
    int nbits, nw, max_depth;
    int *weak_start, *weak_bits;       /* bit i -> the bits its weak links reach (CSR) */
    int *strong_start, *strong_bits;   /* bit i -> the bits its strong links reach */
    int *weak_row;                     /* bit i -> its row of weak_dense, -1 if it has no weak link */
    word *weak_dense;                  /* the weak links' bits again, one bitset (nw words) per row: the
                                          search ORs a row where it would set each bit on its own */
    word *on, *off, *n_on, *n_off;
    word *useful_on, *useful_off;      /* the bits a conclusion can name (StaticScreen.useful_on/off) */
    word *layers[2];                   /* two reaches' layers: (max_depth + 1) * (new on, new off) * nw */
    word *meet_on, *meet_off, *a_on, *a_off;
    /* the "on" balls units() makes, kept for common_bounds (the position's screen, symbol -1: the cell and
       region chains ask for the same balls after the AICs): per bit, 1 + its offset in kept_block (0: not
       kept); a ball is its number of layers, its two bitsets (on, off), then its layers */
    int keep;
    size_t *kept, kept_used, kept_cap;
    word *kept_block;
} Screen;

static void screen_dealloc(Screen *self) {
    void *arrays[] = {self->weak_start, self->weak_bits, self->strong_start, self->strong_bits, self->weak_row,
                      self->weak_dense, self->on,
                      self->off, self->n_on, self->n_off, self->useful_on, self->useful_off, self->layers[0],
                      self->layers[1], self->meet_on, self->meet_off, self->a_on, self->a_off, self->kept,
                      self->kept_block};
    for (size_t i = 0; i < sizeof(arrays) / sizeof(arrays[0]); i++) PyMem_RawFree(arrays[i]);
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
    smask = PyMem_RawCalloc((size_t)n * W, sizeof(word));
    if (!smask) { PyErr_NoMemory(); goto fail; }
    for (int c = 0; c < ncells; c++)
        for (int t = 0; t < n; t++)
            if (cand[c] >> t & 1) w_set(smask + (size_t)t * W, c);
    if (!(self = (Screen *)type->tp_alloc(type, 0))) goto fail;
    const int nbits = n * ncells, nw = (nbits + 63) / 64;
    self->nbits = nbits;
    self->nw = nw;
    self->max_depth = max_depth;
    self->keep = symbol < 0;
    word **sets[] = {&self->on, &self->off, &self->n_on, &self->n_off, &self->useful_on, &self->useful_off,
                     &self->meet_on, &self->meet_off, &self->a_on, &self->a_off};
    for (size_t i = 0; i < sizeof(sets) / sizeof(sets[0]); i++) {
        *sets[i] = PyMem_RawCalloc(nw, sizeof(word));
        if (!*sets[i]) { PyErr_NoMemory(); goto fail; }
    }
    for (int k = 0; k < 2; k++) {
        self->layers[k] = PyMem_RawCalloc((size_t)(max_depth + 1) * 2 * nw, sizeof(word));
        if (!self->layers[k]) { PyErr_NoMemory(); goto fail; }
    }
    self->weak_start = PyMem_RawCalloc((size_t)nbits + 1, sizeof(int));
    self->strong_start = PyMem_RawCalloc((size_t)nbits + 1, sizeof(int));
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
    self->weak_bits = weak.items ? weak.items : PyMem_RawCalloc(1, sizeof(int));
    self->strong_bits = strong.items ? strong.items : PyMem_RawCalloc(1, sizeof(int));
    weak.items = strong.items = NULL;
    if (!self->weak_bits || !self->strong_bits) { PyErr_NoMemory(); goto fail; }
    {
        int rows = 0;
        self->weak_row = PyMem_RawMalloc((size_t)nbits * sizeof(int));
        if (!self->weak_row) { PyErr_NoMemory(); goto fail; }
        for (int i = 0; i < nbits; i++)
            self->weak_row[i] = self->weak_start[i] < self->weak_start[i + 1] ? rows++ : -1;
        self->weak_dense = PyMem_RawCalloc((size_t)(rows ? rows : 1) * nw, sizeof(word));
        if (!self->weak_dense) { PyErr_NoMemory(); goto fail; }
        for (int i = 0; i < nbits; i++) {
            if (self->weak_row[i] < 0) continue;
            word *row = self->weak_dense + (size_t)self->weak_row[i] * nw;
            for (int j = self->weak_start[i]; j < self->weak_start[i + 1]; j++) w_set(row, self->weak_bits[j]);
        }
    }
    PyMem_RawFree(cand); PyMem_RawFree(value); PyMem_RawFree(cell_houses);
    PyMem_RawFree(peer); PyMem_RawFree(house); PyMem_RawFree(smask);
    return (PyObject *)self;
fail:
    PyMem_RawFree(cand); PyMem_RawFree(value); PyMem_RawFree(cell_houses);
    PyMem_RawFree(peer); PyMem_RawFree(house); PyMem_RawFree(smask);
    PyMem_RawFree(weak.items); PyMem_RawFree(strong.items);
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
/* a |= b over n words (not overlapping: the compiler may keep a in registers and vectorize) */
static inline void or_row(word *restrict a, const word *restrict b, int n) {
    for (int q = 0; q < n; q++) a[q] |= b[q];
}

static int screen_ball(Screen *S, int bit, int is_on, word *layers, int *nlayers) {
    const int nw = S->nw;
    word *on = S->on, *off = S->off, *n_on = S->n_on, *n_off = S->n_off;
    memset(on, 0, nw * 8); memset(off, 0, nw * 8);
    memset(layers, 0, (size_t)2 * nw * 8);
    w_set(is_on ? on : off, bit);
    w_set(is_on ? layers : layers + nw, bit);
    /* (the links alternate, so the layers do: an "on" layer's links reach only "off" literals, and an
       "off" layer's only "on" ones; each step reads and writes one half of a layer, the other is zero) */
    int contradiction = -1, depth = 1, from_on = is_on;
    for (; depth <= S->max_depth; depth++, from_on = !from_on) {
        const word *f = layers + (size_t)(depth - 1) * 2 * nw + (from_on ? 0 : nw);
        word *next = from_on ? n_off : n_on;
        memset(next, 0, nw * 8);
        for (int k = 0; k < nw; k++) {
            word x = f[k];
            while (x) {
                int i = k * 64 + __builtin_ctzll(x);
                x &= x - 1;
                if (from_on) {
                    int r = S->weak_row[i];
                    if (r < 0) continue;
                    or_row(next, S->weak_dense + (size_t)r * nw, nw);
                } else {
                    for (int j = S->strong_start[i]; j < S->strong_start[i + 1]; j++) w_set(next, S->strong_bits[j]);
                }
            }
        }
        word *layer = layers + (size_t)depth * 2 * nw;
        word *fresh = from_on ? layer + nw : layer, *zero = from_on ? layer : layer + nw;
        word *seen = from_on ? off : on, *other = from_on ? on : off;
        int any = 0, meet = 0;
        memset(zero, 0, nw * 8);
        for (int k = 0; k < nw; k++) {
            fresh[k] = next[k] & ~seen[k];
            any |= fresh[k] != 0;
        }
        if (!any) break;
        /* (before the first contradiction on & off is empty: only the new bits can meet the other side) */
        for (int k = 0; k < nw; k++) {
            seen[k] |= fresh[k];
            meet |= (fresh[k] & other[k]) != 0;
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

/* The most words a screen keeps of its balls (32 MB) */
#define KEPT_BALLS_WORDS ((size_t)1 << 22)

/* Where units() makes the "on" ball of bit when the screen keeps it: the ball's start in kept_block, with
   room for its most layers (screen_ball then writes them there, at start + 1 + 2 * nw, and kept_ball
   keeps them); NULL when it is not kept (already kept, or no room left), or out of memory (an error set,
   *failed 1). */
static word *ball_room(Screen *S, int bit, int *failed) {
    *failed = 0;
    if (!S->keep || (S->kept && S->kept[bit])) return NULL;
    const size_t most = 1 + 2 * (size_t)S->nw + (size_t)(S->max_depth + 1) * 2 * S->nw;
    if (S->kept_used + most > KEPT_BALLS_WORDS) return NULL;
    if (!S->kept) {
        S->kept = PyMem_RawCalloc((size_t)S->nbits, sizeof(size_t));
        if (!S->kept) { PyErr_NoMemory(); *failed = 1; return NULL; }
    }
    if (S->kept_used + most > S->kept_cap) {
        size_t cap = S->kept_cap ? S->kept_cap : 1 << 14;
        while (cap < S->kept_used + most) cap *= 2;
        word *block = PyMem_RawRealloc(S->kept_block, cap * sizeof(word));
        if (!block) { PyErr_NoMemory(); *failed = 1; return NULL; }
        S->kept_block = block;
        S->kept_cap = cap;
    }
    return S->kept_block + S->kept_used;
}

/* Keeps the "on" ball of bit screen_ball just made at ball_room's start (nlayers layers; its two
   bitsets in S->on and S->off). */
static void kept_ball(Screen *S, int bit, word *start, int nlayers) {
    const int nw = S->nw;
    start[0] = (word)nlayers;
    memcpy(start + 1, S->on, nw * 8);
    memcpy(start + 1 + nw, S->off, nw * 8);
    S->kept[bit] = S->kept_used + 1;
    S->kept_used += 1 + 2 * (size_t)nw + (size_t)nlayers * 2 * nw;
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
        int bit = bits[u], n_on, n_off, failed;
        word *room = ball_room(S, bit, &failed), *first = room ? room + 1 + 2 * nw : S->layers[0];
        if (failed) goto error;
        int dead_on = screen_ball(S, bit, 1, first, &n_on);
        if (room) kept_ball(S, bit, room, n_on);
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
        int common = both ? pair_distance(S, first, n_on, S->layers[1], n_off, meet_on, meet_off) + 2 : -1;
        if (common < 0 && dead_off < 0) continue;
        PyObject *item = Py_BuildValue("(nNN)", u, none_or_long(common),
                                       none_or_long(dead_off < 0 ? -1 : dead_off > 1 ? dead_off : 1));
        if (!item || PyList_Append(double_list, item) < 0) { Py_XDECREF(item); goto error; }
        Py_DECREF(item);
    }
    PyMem_RawFree(bits);
    return Py_BuildValue("(NN)", dead_list, double_list);
error:
    PyMem_RawFree(bits);
    Py_XDECREF(dead_list);
    Py_XDECREF(double_list);
    return NULL;
}

/* StaticScreen.common_bound of k "on" literals from their balls: ball u's layers at layers[u]
   (nlayers[u] of them), its two bitsets at sets[u] (on, then off); the bound, -1 for None. */
static long common_bound_of(Screen *S, const int *bits, Py_ssize_t k, word *const *layers, const int *nlayers,
                            word *const *sets) {
    const int nw = S->nw;
    word *on = S->meet_on, *off = S->meet_off;
    memset(on, 0xff, nw * 8);
    memset(off, 0xff, nw * 8);
    for (Py_ssize_t u = 0; u < k; u++)
        for (int q = 0; q < nw; q++) { on[q] &= sets[u][q]; off[q] &= sets[u][nw + q]; }
    int any = 0;
    for (int q = 0; q < nw; q++) { on[q] &= S->useful_on[q]; off[q] &= S->useful_off[q]; }
    for (Py_ssize_t u = 0; u < k; u++) w_clear(on, bits[u]);
    for (int q = 0; q < nw; q++) any |= (on[q] | off[q]) != 0;
    if (!any) return -1;
    long total = 0;
    for (Py_ssize_t u = 0; u < k; u++) {
        int d = 0;
        for (; d < nlayers[u]; d++) {
            const word *lo = layers[u] + (size_t)d * 2 * nw, *lf = lo + nw;
            int meet = 0;
            for (int q = 0; q < nw && !meet; q++) meet = ((lo[q] & on[q]) | (lf[q] & off[q])) != 0;
            if (meet) break;
        }
        total += d + 1;
    }
    return total;
}

/* The balls of m distinct "on" literal bits, for common_bound_of: each made once, into one block
   (per ball its layers, then its two bitsets); NULL with an error set. */
typedef struct { word *block; word **layers, **sets; int *nlayers; } Balls;

static int balls_make(Screen *S, const int *bits, Py_ssize_t m, Balls *B) {
    const int nw = S->nw;
    const size_t per = (size_t)(S->max_depth + 1) * 2 * nw + 2 * nw;
    const size_t n = m ? (size_t)m : 1;
    size_t made = 0;  /* (the balls units() kept are read where they lie: only the others are made) */
    for (Py_ssize_t u = 0; u < m; u++) made += !(S->kept && S->kept[bits[u]]);
    B->block = PyMem_RawMalloc((made ? made : 1) * per * sizeof(word));
    B->layers = PyMem_RawMalloc(n * sizeof(word *));
    B->sets = PyMem_RawMalloc(n * sizeof(word *));
    B->nlayers = PyMem_RawMalloc(n * sizeof(int));
    if (!B->block || !B->layers || !B->sets || !B->nlayers) { PyErr_NoMemory(); return 0; }
    made = 0;
    for (Py_ssize_t u = 0; u < m; u++) {
        if (S->kept && S->kept[bits[u]]) {
            const word *at = S->kept_block + S->kept[bits[u]] - 1;
            B->nlayers[u] = (int)at[0];
            B->sets[u] = (word *)at + 1;
            B->layers[u] = (word *)at + 1 + 2 * nw;
            continue;
        }
        B->layers[u] = B->block + made++ * per;
        B->sets[u] = B->layers[u] + per - 2 * nw;
        screen_ball(S, bits[u], 1, B->layers[u], &B->nlayers[u]);
        memcpy(B->sets[u], S->on, nw * 8);
        memcpy(B->sets[u] + nw, S->off, nw * 8);
    }
    return 1;
}

static void balls_free(Balls *B) {
    PyMem_RawFree(B->block); PyMem_RawFree(B->layers); PyMem_RawFree(B->sets); PyMem_RawFree(B->nlayers);
}

/* common_bound(bits) -> StaticScreen.common_bound of the "on" literals of bits: a lower bound on the
   complexity of what every branch concludes, None when their balls share no useful bit */
static PyObject *screen_common_bound(Screen *S, PyObject *args) {
    PyObject *seq, *result = NULL;
    if (!PyArg_ParseTuple(args, "O", &seq)) return NULL;
    Py_ssize_t k;
    int *bits = int_array_in(seq, &k, -1, 0, S->nbits, "bits");
    if (!bits) return NULL;
    Balls B = {0};
    if (balls_make(S, bits, k, &B)) result = none_or_long((int)common_bound_of(S, bits, k, B.layers, B.nlayers, B.sets));
    balls_free(&B);
    PyMem_RawFree(bits);
    return result;
}

/* ---- seaic: the bounds of many units in one call (strategies/best_first.py) ---- */

/* The most words common_bounds keeps the balls of every candidate in (32 MB: a 9x9 grid's take 2 MB;
   a 25x25 grid's balls are made group by group) */
#define COMMON_BALLS_WORDS ((size_t)1 << 22)

/* common_bounds(bits, sizes) -> [bound or None]: common_bound of each group of bits, the groups
   lying one after the other in bits with sizes[g] bits each (for every cell and region at once:
   a candidate's ball, in its cell's group and its houses', is made once) */
static PyObject *screen_common_bounds(Screen *S, PyObject *args) {
    PyObject *seq, *sizes_o, *out = NULL;
    if (!PyArg_ParseTuple(args, "OO", &seq, &sizes_o)) return NULL;
    Py_ssize_t k, ngroups, m = 0;
    int *bits = int_array_in(seq, &k, -1, 0, S->nbits, "bits");
    int *sizes = bits ? int_array_in(sizes_o, &ngroups, -1, 1, (long)k + 1, "sizes") : NULL;
    int *slot = NULL, *distinct = NULL;
    word **layers = NULL, **sets = NULL;
    int *nlayers = NULL;
    Balls B = {0};
    if (!sizes) goto done;
    Py_ssize_t total = 0, largest = 1;
    for (Py_ssize_t g = 0; g < ngroups; g++) {
        total += sizes[g];
        if (sizes[g] > largest) largest = sizes[g];
    }
    if (total != k) { PyErr_SetString(PyExc_ValueError, "common_bounds: the sizes do not add up to the bits"); goto done; }
    slot = PyMem_RawMalloc((size_t)S->nbits * sizeof(int));
    distinct = PyMem_RawMalloc((k ? k : 1) * sizeof(int));
    layers = PyMem_RawMalloc(largest * sizeof(word *));
    sets = PyMem_RawMalloc(largest * sizeof(word *));
    nlayers = PyMem_RawMalloc(largest * sizeof(int));
    if (!slot || !distinct || !layers || !sets || !nlayers) { PyErr_NoMemory(); goto done; }
    memset(slot, 0xff, (size_t)S->nbits * sizeof(int));
    for (Py_ssize_t i = 0; i < k; i++)
        if (slot[bits[i]] < 0) { slot[bits[i]] = (int)m; distinct[m++] = bits[i]; }
    /* (every ball at once up to COMMON_BALLS_WORDS words, else each group's balls on their own) */
    const size_t per = (size_t)(S->max_depth + 1) * 2 * S->nw + 2 * S->nw;
    const int shared = (size_t)m * per <= COMMON_BALLS_WORDS;
    if (shared && !balls_make(S, distinct, m, &B)) goto done;
    out = PyList_New(ngroups);
    if (!out) goto done;
    Py_ssize_t at = 0;
    for (Py_ssize_t g = 0; g < ngroups; g++) {
        if (!shared) {
            balls_free(&B);
            memset(&B, 0, sizeof(B));
            if (!balls_make(S, bits + at, sizes[g], &B)) { Py_CLEAR(out); goto done; }
        }
        for (int u = 0; u < sizes[g]; u++) {
            int b = shared ? slot[bits[at + u]] : u;
            layers[u] = B.layers[b];
            sets[u] = B.sets[b];
            nlayers[u] = B.nlayers[b];
        }
        PyObject *v = none_or_long((int)common_bound_of(S, bits + at, sizes[g], layers, nlayers, sets));
        if (!v) { Py_CLEAR(out); goto done; }
        PyList_SET_ITEM(out, g, v);
        at += sizes[g];
    }
done:
    balls_free(&B);
    PyMem_RawFree(bits); PyMem_RawFree(sizes); PyMem_RawFree(slot); PyMem_RawFree(distinct);
    PyMem_RawFree(layers); PyMem_RawFree(sets); PyMem_RawFree(nlayers);
    return out;
}

/* double_bound(bit) -> StaticScreen.double_bound of the "on" literal of bit: (common, dead), each None
   where the screen shows there is none */
static PyObject *screen_double_bound(Screen *S, PyObject *arg) {
    long bit;
    if (!small_int(arg, 0, S->nbits, &bit)) return NULL;
    const int nw = S->nw;
    int n_on, n_off;
    if (S->strong_start[bit] == S->strong_start[bit + 1]) return Py_BuildValue("(OO)", Py_None, Py_None);
    screen_ball(S, (int)bit, 1, S->layers[0], &n_on);
    word *meet_on = S->meet_on, *meet_off = S->meet_off;
    memcpy(meet_on, S->on, nw * 8);
    memcpy(meet_off, S->off, nw * 8);
    int dead_off = screen_ball(S, (int)bit, 0, S->layers[1], &n_off);
    int both = 0;
    for (int q = 0; q < nw; q++) {
        meet_on[q] &= S->on[q] & S->useful_on[q];
        meet_off[q] &= S->off[q] & S->useful_off[q];
    }
    w_clear(meet_on, (int)bit);
    w_clear(meet_off, (int)bit);
    for (int q = 0; q < nw; q++) both |= (meet_on[q] | meet_off[q]) != 0;
    int common = both ? pair_distance(S, S->layers[0], n_on, S->layers[1], n_off, meet_on, meet_off) + 2 : -1;
    return Py_BuildValue("(NN)", none_or_long(common), none_or_long(dead_off < 0 ? -1 : dead_off > 1 ? dead_off : 1));
}

static PyMethodDef screen_methods[] = {
    {"reach", (PyCFunction)screen_reach, METH_VARARGS,
     "reach(bit, on) -> (contradiction, on, off, layers): where assuming literal bit leads."},
    {"masks", (PyCFunction)screen_masks, METH_NOARGS,
     "masks() -> (has_strong, useful_on, useful_off): the bits with a strong link, and those a conclusion names."},
    {"common_bound", (PyCFunction)screen_common_bound, METH_VARARGS,
     "common_bound(bits) -> StaticScreen.common_bound of the \"on\" literals of bits."},
    {"common_bounds", (PyCFunction)screen_common_bounds, METH_VARARGS,
     "common_bounds(bits, sizes) -> [common_bound of each group of bits, sizes[g] bits each]."},
    {"double_bound", (PyCFunction)screen_double_bound, METH_O,
     "double_bound(bit) -> (common, dead): StaticScreen.double_bound of the \"on\" literal of bit."},
    {"units", (PyCFunction)screen_units, METH_VARARGS,
     "units(bits) -> (contradictions, doubles): StaticScreen.units for the \"on\" literals of bits."},
    {NULL, NULL, 0, NULL},
};

PyTypeObject ScreenType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "_deduce_accel.Screen",
    .tp_basicsize = sizeof(Screen),
    .tp_dealloc = (destructor)screen_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The static screen's links, for StaticScreen.reach in C.",
    .tp_methods = screen_methods,
    .tp_new = screen_new,
};

