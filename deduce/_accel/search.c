#include "accel.h"

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
    PyObject *check;                   /* called every check_every nodes (the deadline) */
    long long check_every;             /* deduce/backtrack.py's CHECK_EVERY */
    int depth;                         /* the deepest frame, -1 when the search is over (or failed) */
    int pending;                       /* the frame at depth still needs its propagation */
    int running;                       /* inside next(): a call from the check is refused */
    long long nodes;
    uint32_t *cand, *fired, *rest;     /* per frame: ncells, nseg, 1 */
    uint8_t *solved;
    int8_t *placed;
    int *cell;
    /* scratch */
    int *list_c, *list_d;
    uint32_t *uniq, *fire, *placed_in;
} SearchIter;

static void search_tables_dealloc(SearchTables *self) {
    void *arrays[] = {self->peer_start, self->peer_cells, self->cell_house, self->house_cells, self->seg_house,
                      self->seg_out_start, self->seg_out, self->seg_elim_start, self->seg_elim, self->pack_start};
    for (size_t i = 0; i < sizeof(arrays) / sizeof(arrays[0]); i++) PyMem_RawFree(arrays[i]);
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
    *start = PyMem_RawCalloc((size_t)k + 1, sizeof(int));
    *items = PyMem_RawCalloc((size_t)total + 1, sizeof(int));
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
    PyMem_RawFree(tmp_start);
    tmp_start = NULL;
    if (!csr_lists(house_cells, N, &tmp_start, &self->house_cells, &k)) goto bad;
    if (k != 3 * n) goto bad_shape;
    for (int h = 0; h <= 3 * n; h++) if (tmp_start[h] != h * n) goto bad_shape;
    PyMem_RawFree(tmp_start);
    tmp_start = NULL;
    Py_ssize_t ns = PyList_GET_SIZE(segments);
    self->nseg = (int)ns;
    self->seg_house = PyMem_RawCalloc((size_t)ns + 1, sizeof(int));
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
    PyMem_RawFree(tmp_start);
    return (PyObject *)self;
bad_shape:
    PyErr_SetString(PyExc_ValueError, "SearchTables: tables of the wrong shape");
bad:
    PyMem_RawFree(tmp_start);
    Py_DECREF(self);
    return NULL;
}

static inline void search_place(const SearchTables *T, uint32_t *cand, int8_t *placed, int d, int c) {
    uint32_t bit = 1u << d;
    for (int i = T->peer_start[c]; i < T->peer_start[c + 1]; i++) cand[T->peer_cells[i]] &= ~bit;
    cand[c] &= bit;
    placed[c] = (int8_t)d;
}

/* Search.propagate on frame lv, in place: 1, or 0 on a contradiction.  Houses and segments are read as masks
 * (the symbols seen once, seen twice, placed; the symbols outside a segment) and the singles then taken in
 * the Python order, symbol by symbol: the same placements and eliminations, in the same order. */
static int search_propagate(SearchIter *I, int lv) {
    const SearchTables *T = I->T;
    const int n = T->n, N = T->ncells;
    const uint32_t full = n == 32 ? 0xffffffffu : (1u << n) - 1;
    uint32_t *cand = I->cand + (size_t)lv * N, *fired = I->fired + (size_t)lv * T->nseg;
    uint8_t *solved = I->solved + (size_t)lv * N;
    int8_t *placed = I->placed + (size_t)lv * N;
    int *lc = I->list_c, *ld = I->list_d;
    uint32_t *uniq = I->uniq, *fire = I->fire;
    int locks_done = 0;
    for (;;) {
        int progress = 0, k = 0;
        uint32_t digits = 0;
        /* naked singles: every cell keeps a candidate; the singles' symbols, then symbol by symbol */
        for (int c = 0; c < N; c++) {
            uint32_t m = cand[c];
            if (!m) return 0;
            if (!solved[c] && !(m & (m - 1))) { lc[k] = c; ld[k] = __builtin_ctz(m); digits |= m; k++; }
        }
        if (k) {
            for (uint32_t ds = digits; ds; ds &= ds - 1) {
                int d = __builtin_ctz(ds);
                for (int i = 0; i < k; i++) {
                    if (ld[i] != d) continue;
                    int c = lc[i];
                    if (!(cand[c] >> d & 1)) return 0;  /* two singles with one symbol see each other */
                    search_place(T, cand, placed, d, c);
                }
            }
            for (int i = 0; i < k; i++) solved[lc[i]] = 1;
            progress = 1;
        }
        for (int layout = 0; layout < 3; layout++) {
            /* every symbol has a place in every house of the layout; per house the symbols with one place,
             * in a cell that does not hold it yet */
            const int *houses = T->house_cells + (size_t)layout * n * n;
            uint32_t any = 0;
            for (int hi = 0; hi < n; hi++) {
                const int *cells = houses + (size_t)hi * n;
                uint32_t once = 0, twice = 0, held = 0;
                for (int i = 0; i < n; i++) {
                    int c = cells[i];
                    uint32_t m = cand[c];
                    twice |= once & m;
                    once |= m;
                    if (placed[c] >= 0) held |= m & (1u << placed[c]);
                }
                if (once != full) return 0;
                uniq[hi] = once & ~twice & ~held;
                any |= uniq[hi];
            }
            if (!any) continue;
            int h = 0;
            for (; any; any &= any - 1) {
                int d = __builtin_ctz(any);
                for (int hi = 0; hi < n; hi++) {
                    if (!(uniq[hi] >> d & 1)) continue;
                    const int *cells = houses + (size_t)hi * n;
                    int i = 0;
                    while (!(cand[cells[i]] >> d & 1)) i++;
                    lc[h] = cells[i]; ld[h] = d; h++;
                }
            }
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
                int s0 = T->pack_start[p], s1 = T->pack_start[p + 1];
                /* each pack's locks are judged before any of its eliminations (which commute) */
                for (int s = s0; s < s1; s++) {
                    uint32_t outside = 0;
                    for (int j = T->seg_out_start[s]; j < T->seg_out_start[s + 1]; j++) outside |= cand[T->seg_out[j]];
                    fire[s] = full & ~outside & ~placed_in[T->seg_house[s]] & ~fired[s];
                }
                for (int s = s0; s < s1; s++) {
                    uint32_t f = fire[s];
                    if (!f) continue;
                    fired[s] |= f;
                    for (int j = T->seg_elim_start[s]; j < T->seg_elim_start[s + 1]; j++) {
                        uint32_t *m = cand + T->seg_elim[j];
                        if (*m & f) { *m &= ~f; progress = 1; }
                    }
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
                      self->list_d, self->uniq, self->fire, self->placed_in};
    for (size_t i = 0; i < sizeof(arrays) / sizeof(arrays[0]); i++) PyMem_RawFree(arrays[i]);
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
            if (!(I->nodes % I->check_every)) {
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

PyTypeObject SearchIterType = {
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

/* A search iterator over T with its frames allocated (frame 0 to be filled), or NULL with an error set */
static SearchIter *search_iter_new(SearchTables *T, PyObject *check, long long check_every) {
    if (check_every < 1) {
        PyErr_SetString(PyExc_ValueError, "check_every must be at least 1");
        return NULL;
    }
    const int N = T->ncells, n = T->n;
    SearchIter *I = PyObject_GC_New(SearchIter, &SearchIterType);
    if (!I) return NULL;
    memset((char *)I + sizeof(PyObject), 0, sizeof(SearchIter) - sizeof(PyObject));
    I->T = T;
    Py_INCREF(T);
    I->check = check;
    I->check_every = check_every;
    Py_INCREF(check);
    I->pending = 1;
    PyObject_GC_Track(I);
    size_t frames = (size_t)N + 2;
    I->cand = PyMem_RawCalloc(frames * N, sizeof(uint32_t));
    I->fired = PyMem_RawCalloc(frames * (T->nseg + 1), sizeof(uint32_t));
    I->rest = PyMem_RawCalloc(frames, sizeof(uint32_t));
    I->solved = PyMem_RawCalloc(frames * N, 1);
    I->placed = PyMem_RawCalloc(frames * N, 1);
    I->cell = PyMem_RawCalloc(frames, sizeof(int));
    I->list_c = PyMem_RawCalloc((size_t)N + T->nseg * n + 1, sizeof(int));
    I->list_d = PyMem_RawCalloc((size_t)N + T->nseg * n + 1, sizeof(int));
    I->uniq = PyMem_RawCalloc((size_t)n, sizeof(uint32_t));
    I->fire = PyMem_RawCalloc((size_t)T->nseg + 1, sizeof(uint32_t));
    I->placed_in = PyMem_RawCalloc(3 * (size_t)n, sizeof(uint32_t));
    if (!I->cand || !I->fired || !I->rest || !I->solved || !I->placed || !I->cell || !I->list_c || !I->list_d
        || !I->uniq || !I->fire || !I->placed_in) {
        Py_DECREF(I);
        PyErr_NoMemory();
        return NULL;
    }
    return I;
}

/* solutions(cand, solved, placed, check, check_every) -> an iterator of the solutions below the node;
 * check is called every check_every nodes */
static PyObject *search_solutions(SearchTables *T, PyObject *args) {
    PyObject *cand, *solved, *placed, *check;
    long long check_every;
    if (!PyArg_ParseTuple(args, "O!O!O!OL", &PyList_Type, &cand, &PyList_Type, &solved, &PyList_Type, &placed, &check,
                          &check_every))
        return NULL;
    const int N = T->ncells, n = T->n;
    if (PyList_GET_SIZE(cand) != N || PyList_GET_SIZE(solved) != N || PyList_GET_SIZE(placed) != N) {
        PyErr_SetString(PyExc_ValueError, "one entry per cell expected");
        return NULL;
    }
    SearchIter *I = search_iter_new(T, check, check_every);
    if (!I) return NULL;
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

/* givens_solutions(values, check, check_every) -> the iterator of solutions(*Search.start_lists(), check,
 * check_every) for a puzzle's givens (a symbol or -1 per cell), made here; None when two givens clash */
static PyObject *search_givens_solutions(SearchTables *T, PyObject *args) {
    PyObject *values, *check;
    long long check_every;
    if (!PyArg_ParseTuple(args, "OOL", &values, &check, &check_every)) return NULL;
    const int N = T->ncells, n = T->n;
    if (!PyTuple_CheckExact(values) && !PyList_CheckExact(values)) {
        PyErr_SetString(PyExc_TypeError, "values: a tuple or list of ints expected");
        return NULL;
    }
    if (PySequence_Fast_GET_SIZE(values) != N) {
        PyErr_SetString(PyExc_ValueError, "one entry per cell expected");
        return NULL;
    }
    SearchIter *I = search_iter_new(T, check, check_every);
    if (!I) return NULL;
    const uint32_t full = n == 32 ? 0xffffffffu : (1u << n) - 1;
    PyObject **items = PySequence_Fast_ITEMS(values);
    for (int c = 0; c < N; c++) {
        long d;
        if (!small_int(items[c], -1, n, &d)) { Py_DECREF(I); return NULL; }
        I->placed[c] = (int8_t)d;
        I->solved[c] = d >= 0;
        I->cand[c] = d >= 0 ? 1u << d : full;
    }
    /* each placement rules its symbol out of its peers; two placements of one symbol that see each other clash */
    for (int c = 0; c < N; c++) {
        if (I->placed[c] < 0) continue;
        uint32_t bit = 1u << I->placed[c];
        for (int i = T->peer_start[c]; i < T->peer_start[c + 1]; i++) {
            int p = T->peer_cells[i];
            if (!(I->cand[p] & bit)) continue;
            if (I->solved[p]) { Py_DECREF(I); Py_RETURN_NONE; }
            I->cand[p] ^= bit;
        }
    }
    return (PyObject *)I;
}

static PyMethodDef search_tables_methods[] = {
    {"solutions", (PyCFunction)search_solutions, METH_VARARGS,
     "solutions(cand, solved, placed, check, check_every) -> iterator of the solutions below the node, in Search's order."},
    {"givens_solutions", (PyCFunction)search_givens_solutions, METH_VARARGS,
     "givens_solutions(values, check, check_every) -> solutions(*Search.start_lists(), ...) made from the givens, "
     "or None when two givens clash."},
    {NULL, NULL, 0, NULL},
};

PyTypeObject SearchTablesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "_deduce_accel.SearchTables",
    .tp_basicsize = sizeof(SearchTables),
    .tp_dealloc = (destructor)search_tables_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A geometry's peers, houses and locked-candidate packs, for deduce.backtrack's search in C.",
    .tp_methods = search_tables_methods,
    .tp_new = search_tables_new,
};

