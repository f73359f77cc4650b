#include "accel.h"

/* HoDoKu's tables (strategies/_hodoku_tabling.py): their grid (hodoku_grid) and their reading (hodoku_nice_loops,
 * hodoku_forcing). */

/* direct (a sequence per literal of the literals it follows to directly, each in [0, len(direct))) as
 * offsets and neighbours: literal x's are nbr[off[x]] to nbr[off[x + 1] - 1]; 0 (an error set) on
 * malformed input. */
static int read_direct(PyObject *direct_o, const char *what, int *L_out, int **off_out, int **nbr_out) {
    PyObject *direct = PySequence_Fast(direct_o, "direct must be a sequence");
    if (!direct) return 0;
    Py_ssize_t L = PySequence_Fast_GET_SIZE(direct);
    int *off = NULL, ok = 0;
    IntList nbr = {0};
    if (L < 1 || L > (Py_ssize_t)INT_MAX / 2) {
        PyErr_Format(PyExc_ValueError, "%s: no literals, or too many", what);
        goto done;
    }
    if (!(off = PyMem_RawMalloc((size_t)(L + 1) * sizeof(int)))) { PyErr_NoMemory(); goto done; }
    off[0] = 0;
    for (Py_ssize_t x = 0; x < L; x++) {
        PyObject *ys = PySequence_Fast(PySequence_Fast_GET_ITEM(direct, x), "direct[x] must be a sequence");
        if (!ys) goto done;
        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(ys); i++) {
            long y = PyLong_AsLong(PySequence_Fast_GET_ITEM(ys, i));
            if (y == -1 && PyErr_Occurred()) { Py_DECREF(ys); goto done; }
            if (y < 0 || y >= L) {
                Py_DECREF(ys);
                PyErr_Format(PyExc_ValueError, "%s: literal %ld of direct[%zd] is outside [0, %zd)", what, y, x, L);
                goto done;
            }
            if (!push(&nbr, (int)y)) { Py_DECREF(ys); goto done; }
        }
        Py_DECREF(ys);
        off[x + 1] = (int)nbr.used;
    }
    ok = 1;
done:
    Py_DECREF(direct);
    if (!ok) {
        PyMem_RawFree(off);
        PyMem_RawFree(nbr.items);
        return 0;
    }
    *L_out = (int)L;
    *off_out = off;
    *nbr_out = int_list_array(&nbr);
    if (!*nbr_out) { PyMem_RawFree(off); return 0; }
    return 1;
}

/* hodoku_grid(cand, groups) -> (group nodes, direct, places): strategies/_hodoku_tabling.py's _Grid for a 9x9
 * grid with 3x3 boxes.  cand: the 81 cells' candidate masks (0 for a solved cell).  Nodes are the
 * candidates (cell * 9 + symbol) and, with groups, the group nodes from 729 on, returned in order as
 * (symbol, cell mask); direct[x] is the tuple of literals (node * 2 + on) literal x follows to
 * directly, each once, in the order _Grid adds them; places: each symbol's cells (_Grid.places). */

typedef cells81 cells_t;
#define G_N 9
#define G_CELLS 81
#define G_NODES (G_CELLS * G_N)

typedef struct { int symbol, line, box; cells_t mask; } Group;

/* a literal's consequences: a growing list, each literal once */
typedef struct { int *items, used, cap; } Lits;

static int lit_add(Lits *L, int y) {
    for (int i = 0; i < L->used; i++) if (L->items[i] == y) return 1;
    if (L->used == L->cap) {
        int cap = L->cap ? L->cap * 2 : 16;
        int *grown = PyMem_RawRealloc(L->items, (size_t)cap * sizeof(int));
        if (!grown) { PyErr_NoMemory(); return 0; }
        L->items = grown;
        L->cap = cap;
    }
    L->items[L->used++] = y;
    return 1;
}

static int one_bit(cells_t m) { return m && !(m & (m - 1)); }

static PyObject *cells_long(cells_t m) {
    word w[2] = {(word)m, (word)(m >> 64)};
    return bits_to_long(w, 2);
}

/* _Grid's groups and direct consequences (below), made into B (freed by built_free, also on failure) */
typedef struct { Group *found; int nfound, nlits; Lits *lits; cells_t places[G_N]; } Built;

static void built_free(Built *B) {
    if (B->lits)
        for (int x = 0; x < B->nlits; x++) PyMem_RawFree(B->lits[x].items);
    PyMem_RawFree(B->lits);
    PyMem_RawFree(B->found);
}

static int grid_build(const int *cand, int groups, Built *B) {
    memset(B, 0, sizeof(*B));
    for (int c = 0; c < G_CELLS; c++)
        for (int d = 0; d < G_N; d++)
            if (cand[c] >> d & 1) B->places[d] |= (cells_t)1 << c;
    /* the groups: per line (rows, then columns) and symbol, each box the line crosses, in order */
    if (!(B->found = PyMem_RawMalloc(2 * G_N * G_N * 3 * sizeof(Group)))) { PyErr_NoMemory(); return 0; }
    if (groups)
        for (int h = 0; h < 2 * G_N; h++)
            for (int d = 0; d < G_N; d++) {
                cells_t line = B->places[d] & g9_house(h);
                if (!line || one_bit(line)) continue;
                for (int j = 0; j < 3; j++) {
                    int b = h < G_N ? h / 3 * 3 + j : j * 3 + (h - G_N) / 3;
                    cells_t mask = line & g9_house(2 * G_N + b);
                    if (mask && !one_bit(mask)) B->found[B->nfound++] = (Group){d, h, 2 * G_N + b, mask};
                }
            }
    B->nlits = 2 * (G_NODES + B->nfound);
    if (!(B->lits = PyMem_RawCalloc((size_t)B->nlits, sizeof(Lits)))) { PyErr_NoMemory(); return 0; }
#define ADD(x, y) do { if (!lit_add(&B->lits[x], (y))) return 0; } while (0)
    for (int i = 0; i < G_CELLS; i++) {
        int own = cand[i], bivalue = __builtin_popcount(own) == 2;
        for (int d = 0; d < G_N; d++) {
            if (!(own >> d & 1)) continue;
            int on = (i * G_N + d) * 2 + 1, off = on - 1;
            for (int e = 0; e < G_N; e++)
                if (e != d && own >> e & 1) {
                    ADD(on, (i * G_N + e) * 2);
                    if (bivalue) ADD(off, (i * G_N + e) * 2 + 1);
                }
            for (int k = 0; k < 3; k++) {
                cells_t others = B->places[d] & g9_house(g9_house_of(i, k)) & ~((cells_t)1 << i);
                for (cells_t m = others; m; m &= m - 1) ADD(on, (g9_low(m) * G_N + d) * 2);
                if (one_bit(others)) ADD(off, (g9_low(others) * G_N + d) * 2 + 1);
            }
        }
    }
    for (int k = 0; k < B->nfound; k++) {
        const Group *g = &B->found[k];
        int d = g->symbol, on = (G_NODES + k) * 2 + 1, off = on - 1;
        cells_t seeing = B->places[d];
        for (cells_t m = g->mask; m; m &= m - 1) seeing &= g9_peers(g9_low(m));
        for (cells_t m = seeing; m; m &= m - 1) {
            int c = g9_low(m);
            ADD(on, (c * G_N + d) * 2);
            ADD((c * G_N + d) * 2 + 1, off);
        }
        int hs[2] = {g->box, g->line};
        for (int j = 0; j < 2; j++) {
            cells_t alone = seeing & g9_house(hs[j]);
            if (one_bit(alone)) {
                int c = g9_low(alone);
                ADD(off, (c * G_N + d) * 2 + 1);
                ADD((c * G_N + d) * 2, on);
            }
        }
        /* other groups of the symbol sharing a house (line, then box) without overlapping */
        int shared[2] = {0, 0}, only[2] = {-1, -1};
        for (int k2 = 0; k2 < B->nfound; k2++) {
            const Group *g2 = &B->found[k2];
            if (g2->symbol != d || k2 == k || (g2->mask & g->mask)) continue;
            int own_h[2] = {g->line, g->box};
            for (int j = 0; j < 2; j++)
                if (own_h[j] == g2->line || own_h[j] == g2->box) {
                    shared[j]++;
                    only[j] = k2;
                    ADD(on, (G_NODES + k2) * 2);
                }
        }
        int own_h[2] = {g->line, g->box};
        for (int j = 0; j < 2; j++)
            if (shared[j] == 1 && !(B->places[d] & g9_house(own_h[j]) & ~g->mask & ~B->found[only[j]].mask))
                ADD(off, (G_NODES + only[j]) * 2 + 1);
    }
#undef ADD
    return 1;
}

PyObject *hodoku_grid(PyObject *module, PyObject *args) {
    PyObject *cand_o;
    int groups;
    if (!PyArg_ParseTuple(args, "Op", &cand_o, &groups)) return NULL;
    int *cand = int_array_in(cand_o, NULL, G_CELLS, 0, 1 << G_N, "hodoku_grid: candidates");
    if (!cand) return NULL;
    PyObject *out = NULL, *nodes = NULL, *direct = NULL, *symbols = NULL;
    Built B;
    if (!grid_build(cand, groups, &B)) goto done;
    int nfound = B.nfound, nlits = B.nlits;
    Group *found = B.found;
    Lits *lits = B.lits;
    cells_t *places = B.places;
    nodes = PyList_New(nfound);
    direct = PyList_New(nlits);
    symbols = PyList_New(G_N);
    if (!nodes || !direct || !symbols) goto done;
    for (int k = 0; k < nfound; k++) {
        PyObject *mask = cells_long(found[k].mask), *item;
        if (!mask || !(item = Py_BuildValue("(iN)", found[k].symbol, mask))) goto done;
        PyList_SET_ITEM(nodes, k, item);
    }
    for (int d = 0; d < G_N; d++) {
        PyObject *m = cells_long(places[d]);
        if (!m) goto done;
        PyList_SET_ITEM(symbols, d, m);
    }
    for (int x = 0; x < nlits; x++) {
        PyObject *t = PyTuple_New(lits[x].used);
        if (!t) goto done;
        PyList_SET_ITEM(direct, x, t);
        for (int i = 0; i < lits[x].used; i++) {
            PyObject *y = PyLong_FromLong(lits[x].items[i]);
            if (!y) goto done;
            PyTuple_SET_ITEM(t, i, y);
        }
    }
    out = PyTuple_Pack(3, nodes, direct, symbols);
done:
    Py_XDECREF(nodes);
    Py_XDECREF(direct);
    Py_XDECREF(symbols);
    built_free(&B);
    PyMem_RawFree(cand);
    return out;
}

/* _Search._aic_ends for candidate (start, a) into w (bit x for literal x): the literals an AIC from it off
 * may end on.  The same symbol: its on literal in each other cell that sees two places of it the start
 * sees; another symbol b of the start: its on literal in each cell the start sees holding the start's
 * symbol and b. */
static void aic_ends_of(const int *cand, const cells_t *places, int start, int a, word *w) {
    cells_t peers = g9_peers(start) & places[a], once = 0, twice = 0;
    for (cells_t m = peers; m; m &= m - 1) {
        cells_t seen = g9_peers(g9_low(m));
        twice |= once & seen;
        once |= seen;
    }
    for (cells_t m = twice & places[a] & ~((cells_t)1 << start); m; m &= m - 1)
        w_set(w, (g9_low(m) * G_N + a) * 2 + 1);
    int others = cand[start] & ~(1 << a);
    if (others)
        for (cells_t m = peers; m; m &= m - 1) {
            int end = g9_low(m);
            for (int bs = cand[end] & others; bs; bs &= bs - 1) w_set(w, (end * G_N + __builtin_ctz(bs)) * 2 + 1);
        }
}

/* ---- the tables' reading: nice loops and AICs, forcing chains ----------------------------------
 *
 * hodoku_nice_loops and hodoku_forcing read HoDoKu's tables as strategies/_hodoku_tabling.py's
 * _Search.run and _ForcingSearch.run do, over the grid Python made (_Grid: cand, direct_lits, the
 * group nodes from 729 on as (symbol, cell mask)), each table ordered here as _Table._order orders
 * it (breadth first, each literal with its first derivation, no more entries once max_entries are
 * taken: the same reach and levels as the bit-set widening of a table that does not fill up). */

#define T_WORDS ((G_NODES + 63) / 64)  /* a set of candidates (cell * 9 + symbol) */

typedef struct {
    int L, nnodes, *off, *nbr, cand[G_CELLS];
    int *cell1, *sym;          /* per node: its first cell, its symbol */
    cells_t *mask, *sees;      /* per node: its cells, the cells that see all of them */
    cells_t places[G_N];
} TGrid;

typedef struct { int *lits, *parent, *depth, *pos, n; } TOrder;

static void tgrid_free(TGrid *g) {
    PyMem_RawFree(g->off);
    PyMem_RawFree(g->nbr);
    PyMem_RawFree(g->cell1);
    PyMem_RawFree(g->sym);
    PyMem_RawFree(g->mask);
    PyMem_RawFree(g->sees);
}

/* the nodes' tables, the candidates' filled in (g->nnodes set) */
static int tgrid_nodes(TGrid *g) {
    g->cell1 = PyMem_RawMalloc((size_t)g->nnodes * sizeof(int));
    g->sym = PyMem_RawMalloc((size_t)g->nnodes * sizeof(int));
    g->mask = PyMem_RawMalloc((size_t)g->nnodes * sizeof(cells_t));
    g->sees = PyMem_RawMalloc((size_t)g->nnodes * sizeof(cells_t));
    if (!g->cell1 || !g->sym || !g->mask || !g->sees) { PyErr_NoMemory(); return 0; }
    for (int n = 0; n < G_NODES; n++) {
        g->cell1[n] = n / G_N;
        g->sym[n] = n % G_N;
        g->mask[n] = (cells_t)1 << (n / G_N);
        g->sees[n] = g9_peers(n / G_N);
    }
    return 1;
}

/* group node n: symbol d in the cells of m */
static void tgrid_group(TGrid *g, int n, int d, cells_t m) {
    g->cell1[n] = g9_low(m);
    g->sym[n] = d;
    g->mask[n] = m;
    cells_t common = ~(cells_t)0;
    for (cells_t r = m; r; r &= r - 1) common &= g9_peers(g9_low(r));
    g->sees[n] = common;
}

/* the grid from Python's cand, direct and group nodes; 0 (an error set) on malformed input */
static int tgrid_read(TGrid *g, PyObject *cand_o, PyObject *direct_o, PyObject *groups_o, const char *what) {
    memset(g, 0, sizeof(*g));
    int *cand = int_array_in(cand_o, NULL, G_CELLS, 0, 1 << G_N, what);
    if (!cand) return 0;
    memcpy(g->cand, cand, sizeof(g->cand));
    PyMem_RawFree(cand);
    for (int c = 0; c < G_CELLS; c++)
        for (int d = 0; d < G_N; d++)
            if (g->cand[c] >> d & 1) g->places[d] |= (cells_t)1 << c;
    PyObject *groups = PySequence_Fast(groups_o, "group nodes must be a sequence");
    if (!groups) return 0;
    Py_ssize_t ng = PySequence_Fast_GET_SIZE(groups);
    if (!read_direct(direct_o, what, &g->L, &g->off, &g->nbr)) { Py_DECREF(groups); return 0; }
    g->nnodes = G_NODES + (int)ng;
    if (g->L != 2 * g->nnodes) {
        Py_DECREF(groups);
        PyErr_Format(PyExc_ValueError, "%s: %d literals for %d nodes", what, g->L, g->nnodes);
        return 0;
    }
    if (!tgrid_nodes(g)) { Py_DECREF(groups); return 0; }
    for (Py_ssize_t k = 0; k < ng; k++) {
        PyObject *item = PySequence_Fast_GET_ITEM(groups, k);
        long d;
        word w[2];
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 2 || !small_int(PyTuple_GET_ITEM(item, 0), 0, G_N, &d)
            || !cell_bits(PyTuple_GET_ITEM(item, 1), w, 2, G_CELLS)) {
            Py_DECREF(groups);
            if (!PyErr_Occurred()) PyErr_Format(PyExc_ValueError, "%s: group node %zd is not (symbol, cells)", what, k);
            return 0;
        }
        cells_t m = (cells_t)w[0] | (cells_t)w[1] << 64;
        if (!m) {
            Py_DECREF(groups);
            PyErr_Format(PyExc_ValueError, "%s: group node %zd has no cells", what, k);
            return 0;
        }
        tgrid_group(g, G_NODES + (int)k, (int)d, m);
    }
    Py_DECREF(groups);
    return 1;
}

/* the grid made here from cand (with its groups or not), as _Grid makes it */
static int tgrid_make(TGrid *g, const int *cand, int groups, Built *B) {
    memset(g, 0, sizeof(*g));
    if (!grid_build(cand, groups, B)) return 0;
    memcpy(g->cand, cand, sizeof(g->cand));
    memcpy(g->places, B->places, sizeof(g->places));
    g->L = B->nlits;
    g->nnodes = G_NODES + B->nfound;
    size_t edges = 0;
    for (int x = 0; x < g->L; x++) edges += (size_t)B->lits[x].used;
    g->off = PyMem_RawMalloc((size_t)(g->L + 1) * sizeof(int));
    g->nbr = PyMem_RawMalloc((edges + 1) * sizeof(int));
    if (!g->off || !g->nbr) { PyErr_NoMemory(); return 0; }
    g->off[0] = 0;
    for (int x = 0; x < g->L; x++) {
        if (B->lits[x].used)  /* (a literal without consequences has no items) */
            memcpy(g->nbr + g->off[x], B->lits[x].items, (size_t)B->lits[x].used * sizeof(int));
        g->off[x + 1] = g->off[x] + B->lits[x].used;
    }
    if (!tgrid_nodes(g)) return 0;
    for (int k = 0; k < B->nfound; k++) tgrid_group(g, G_NODES + k, B->found[k].symbol, B->found[k].mask);
    return 1;
}

/* a table's longest (HoDoKu's 1000) within what the kernels take */
static int entries_ok(int max_entries, const char *what) {
    if (max_entries >= 1 && max_entries <= 4000) return 1;
    PyErr_Format(PyExc_ValueError, "%s: max_entries outside [1, 4000]", what);
    return 0;
}

static int torder_alloc(TOrder *t, int L) {
    t->lits = PyMem_RawMalloc((size_t)L * sizeof(int));
    t->parent = PyMem_RawMalloc((size_t)L * sizeof(int));
    t->depth = PyMem_RawMalloc((size_t)L * sizeof(int));
    t->pos = PyMem_RawMalloc((size_t)L * sizeof(int));
    t->n = 0;
    if (!t->lits || !t->parent || !t->depth || !t->pos) { PyErr_NoMemory(); return 0; }
    for (int x = 0; x < L; x++) t->pos[x] = -1;
    return 1;
}

static void torder_free(TOrder *t) {
    PyMem_RawFree(t->lits);
    PyMem_RawFree(t->parent);
    PyMem_RawFree(t->depth);
    PyMem_RawFree(t->pos);
}

/* _Table._order from premise literal first (the last table's entries forgotten first) */
static void torder(const TGrid *g, TOrder *t, int first, int max_entries) {
    for (int i = 0; i < t->n; i++) t->pos[t->lits[i]] = -1;
    t->lits[0] = first;
    t->pos[first] = 0;
    t->parent[0] = -1;
    t->depth[0] = 0;
    int j = 0, n = 1;
    while (j < n && n < max_entries) {
        int x = t->lits[j];
        for (int e = g->off[x]; e < g->off[x + 1]; e++) {
            int y = g->nbr[e];
            if (t->pos[y] < 0) {
                t->pos[y] = n;
                t->lits[n] = y;
                t->parent[n] = j;
                t->depth[n] = t->depth[j] + 1;
                n++;
            }
        }
        j++;
    }
    t->n = n;
}

/* torder without the depths (the nice loops ask only whether an entry is two or more links from the
 * premise: its parent is not the premise's entry, 0) */
static void torder_nl(const TGrid *g, TOrder *t, int first, int max_entries) {
    int *pos = t->pos, *lits = t->lits, *parent = t->parent;
    for (int i = 0; i < t->n; i++) pos[lits[i]] = -1;
    lits[0] = first;
    pos[first] = 0;
    parent[0] = -1;
    int j = 0, n = 1;
    while (j < n && n < max_entries) {
        int x = lits[j];
        for (int e = g->off[x], end = g->off[x + 1]; e < end; e++) {
            int y = g->nbr[e];
            if (pos[y] < 0) {
                pos[y] = n;
                lits[n] = y;
                parent[n] = j;
                n++;
            }
        }
        j++;
    }
    t->n = n;
}

/* -- nice loops and AICs (_Search) -- */

enum { NL_DNL, NL_CNL, NL_AIC };
enum { ST_ALL, ST_INNER, ST_TAIL, ST_HEAD, ST_ROTATED };  /* chain, [1:-1], [1:], [:-1], [1:] + [:1] */

typedef struct { int kind, grouped, strand, loop, start, len; word elim[T_WORDS]; } NLFound;

typedef struct { NLFound *items; int n, cap; IntList chains; } NLList;

typedef struct {
    const TGrid *g;
    NLList found, aics;  /* the steps kept; the AICs read (kept after every nice loop) */
    int *chain, clen;    /* the chain read last (literals) */
} NLSearch;

/* the chain read last onto list */
static int nl_push(NLSearch *s, NLList *list, int kind, const word *elim, int strand, int loop) {
    if (list->n == list->cap) {
        int cap = list->cap ? list->cap * 2 : 32;
        NLFound *grown = PyMem_RawRealloc(list->items, (size_t)cap * sizeof(NLFound));
        if (!grown) { PyErr_NoMemory(); return 0; }
        list->items = grown;
        list->cap = cap;
    }
    NLFound *f = &list->items[list->n++];
    f->kind = kind;
    f->grouped = 0;
    for (int i = 0; i < s->clen; i++) if (s->chain[i] >> 1 >= G_NODES) f->grouped = 1;
    f->strand = strand;
    f->loop = loop;
    f->start = (int)list->chains.used;
    f->len = s->clen;
    memcpy(f->elim, elim, sizeof(f->elim));
    for (int i = 0; i < s->clen; i++) if (!push(&list->chains, s->chain[i])) return 0;
    return 1;
}

static void loop_trace_chain(NLSearch *s, const TOrder *t, int k) {
    int n = 0;
    for (int j = k; j >= 0; j = t->parent[j]) n++;
    s->clen = n;
    for (int j = k; j >= 0; j = t->parent[j]) s->chain[--n] = t->lits[j];
}

static int nl_lasso(const NLSearch *s, int aic) {
    const TGrid *g = s->g;
    int first = g->cell1[s->chain[0] >> 1], last = -1;
    cells_t seen = 0;
    for (int i = 0; i < s->clen; i++) {
        int node = s->chain[i] >> 1, cell = g->cell1[node];
        if (seen >> cell & 1) return 1;
        if (last >= 0 && (g->cell1[last] != first || aic)) seen |= g->mask[last];
        last = node;
    }
    return 0;
}

/* _Search._add: a step kept unless one with the same eliminations came with a chain as short */
static int nl_add(NLSearch *s, int kind, const word *elim, int strand, int loop) {
    for (int i = s->found.n - 1; i >= 0; i--)  /* the latest with these eliminations */
        if (!memcmp(s->found.items[i].elim, elim, sizeof(s->found.items[i].elim))) {
            if (s->found.items[i].len <= s->clen) return 1;
            break;
        }
    return nl_push(s, &s->found, kind, elim, strand, loop);
}

#define ELIM(set, c, d) w_set((set), (c) * G_N + (d))

/* _Search._continuous */
static void nl_continuous(const NLSearch *s, int a, int b, int both_strong, word *out) {
    const TGrid *g = s->g;
    const int *ch = s->chain;
    int start = (ch[0] >> 1) / G_N, n = s->clen - 1;
    cells_t in_chain = 0;
    for (int i = 0; i <= n; i++) in_chain |= g->mask[ch[i] >> 1];
    for (int i = 0; i <= n; i++) {
        int node = ch[i] >> 1, on = ch[i] & 1, cell = g->cell1[node];
        if ((i == 0 && both_strong) || (i > 0 && on && i <= n - 2 && g->cell1[ch[i - 1] >> 1] != cell)) {
            int keep1 = a, keep2 = b, ok = i == 0;
            if (!ok) {
                int nxt = ch[i + 1] >> 1, nxt_on = ch[i + 1] & 1;
                ok = !nxt_on && g->cell1[nxt] == cell && (ch[i + 2] & 1) && g->cell1[ch[i + 2] >> 1] != g->cell1[nxt];
                keep1 = g->sym[node];
                keep2 = g->sym[ch[i + 2] >> 1];
            }
            if (ok)
                for (int d = 0; d < G_N; d++)
                    if (g->cand[cell] >> d & 1 && d != keep1 && d != keep2) ELIM(out, cell, d);
        }
        if (i > 0 && !on && g->cell1[ch[i - 1] >> 1] != cell) {
            int d = g->sym[node];
            cells_t both = g->sees[ch[i - 1] >> 1] & g->sees[node] & g->places[d] & ~in_chain & ~((cells_t)1 << start);
            for (; both; both &= both - 1) ELIM(out, g9_low(both), d);
        }
    }
}

/* _Search._nice_loop over entry k of table t */
static int nl_nice_loop(NLSearch *s, const TOrder *t, int k) {
    const TGrid *g = s->g;
    if (t->parent[k] <= 0) return 1;
    loop_trace_chain(s, t, k);
    const int *ch = s->chain;
    int n = s->clen;
    if (g->cell1[ch[n - 1] >> 1] == g->cell1[ch[n - 2] >> 1] || nl_lasso(s, 0)) return 1;
    if (g->cell1[ch[0] >> 1] == g->cell1[ch[1] >> 1]) return 1;
    int x = ch[0] >> 1, premise_on = ch[0] & 1, y = ch[n - 1] >> 1, end_on = ch[n - 1] & 1;
    int start = x / G_N, a = x % G_N, b = y % G_N, first_strong = !premise_on, last_strong = end_on;
    word out[T_WORDS] = {0};
    if (!first_strong && !last_strong && a == b) {
        ELIM(out, start, a);
        return nl_add(s, NL_DNL, out, ST_INNER, 0);
    }
    if (first_strong && last_strong && a == b) {
        for (int d = 0; d < G_N; d++) if (g->cand[start] >> d & 1 && d != a) ELIM(out, start, d);
        return nl_add(s, NL_DNL, out, ST_ALL, 0);
    }
    if (first_strong != last_strong && a != b) {
        if (!first_strong) {
            ELIM(out, start, a);
            return nl_add(s, NL_DNL, out, ST_TAIL, 0);
        }
        ELIM(out, start, b);
        return nl_add(s, NL_DNL, out, ST_HEAD, 0);
    }
    if ((!first_strong && !last_strong && __builtin_popcount(g->cand[start]) == 2 && a != b)
        || (first_strong && last_strong && a != b)) {
        nl_continuous(s, a, b, first_strong && last_strong, out);
        if (!w_zero(out, T_WORDS)) return nl_add(s, NL_CNL, out, first_strong ? ST_ALL : ST_ROTATED, 1);
    }
    return 1;
}

static int cmp_int(const void *p, const void *q) { return *(const int *)p - *(const int *)q; }

/* _Search._aics over table t of a candidate off: the AICs read onto s->aics (kept after the nice loops) */
static int nl_aics(NLSearch *s, const TOrder *t, int *ks) {
    const TGrid *g = s->g;
    int x = t->lits[0] >> 1, start = x / G_N, a = x % G_N, nk = 0;
    word ends[(2 * G_NODES + 63) / 64] = {0};
    aic_ends_of(g->cand, g->places, start, a, ends);
    for (int i = 0; i < (2 * G_NODES + 63) / 64; i++)
        for (word m = ends[i]; m; m &= m - 1) {
            int y = i * 64 + __builtin_ctzll(m), k = t->pos[y];
            if (k > 0 && t->parent[k] > 0) ks[nk++] = k;  /* two or more links away */
        }
    qsort(ks, (size_t)nk, sizeof(int), cmp_int);
    for (int i = 0; i < nk; i++) {
        int k = ks[i], y = t->lits[k] >> 1, end = y / G_N, b = y % G_N;
        word out[T_WORDS] = {0};
        if (a == b) {
            for (cells_t m = g9_peers(start) & g9_peers(end) & g->places[a]; m; m &= m - 1) ELIM(out, g9_low(m), a);
        } else {
            ELIM(out, start, b);
            ELIM(out, end, a);
        }
        loop_trace_chain(s, t, k);
        if (!nl_lasso(s, 1) && !nl_push(s, &s->aics, NL_AIC, out, ST_ALL, 0)) return 0;
    }
    return 1;
}

static PyObject *lit_pair(int x) {
    return Py_BuildValue("(iO)", x >> 1, x & 1 ? Py_True : Py_False);
}

static PyObject *elim_tuple(const word *elim) {
    PyObject *out = PyTuple_New(w_count(elim, T_WORDS));
    if (!out) return NULL;
    int i = 0;
    for (int k = 0; k < T_WORDS; k++)
        for (word m = elim[k]; m; m &= m - 1) {
            int n = k * 64 + __builtin_ctzll(m);
            PyObject *e = Py_BuildValue("(ii)", n / G_N, n % G_N);
            if (!e) { Py_DECREF(out); return NULL; }
            PyTuple_SET_ITEM(out, i++, e);
        }
    return out;
}

/* hodoku_nice_loops(cand, groups, max_entries) -> (group nodes, [(kind, eliminations, chain, strand, loop)]):
 * over the grid made here from cand (hodoku_grid's, with its groups or not: its group nodes
 * returned as hodoku_grid returns them), _Search.run's steps before its sort, in the order found:
 * kind "dnl", "cnl", "aic" ("g" before for a chain through a group), eliminations ((cell, symbol),
 * ...), chain [(node, on), ...], strand 0 to 4 (the chain, [1:-1], [1:], [:-1], [1:] + [:1]), loop
 * a bool. */
PyObject *hodoku_nice_loops(PyObject *module, PyObject *args) {
    PyObject *cand_o;
    int groups, max_entries;
    if (!PyArg_ParseTuple(args, "Opi", &cand_o, &groups, &max_entries)) return NULL;
    if (!entries_ok(max_entries, "hodoku_nice_loops")) return NULL;
    TGrid g;
    TOrder t = {0};
    NLSearch s = {0};
    Built B;
    PyObject *out = NULL, *found = NULL, *nodes = NULL;
    int ks[2 * G_N + 2 * G_NODES];
    int *cand = int_array_in(cand_o, NULL, G_CELLS, 0, 1 << G_N, "hodoku_nice_loops: candidates");
    if (!cand) return NULL;
    int made = tgrid_make(&g, cand, groups, &B);
    PyMem_RawFree(cand);
    if (!made || !torder_alloc(&t, g.L)) goto done;
    s.g = &g;
    if (!(s.chain = PyMem_RawMalloc((size_t)g.L * sizeof(int)))) { PyErr_NoMemory(); goto done; }
    for (int on = 1; on >= 0; on--)
        for (int n = 0; n < G_NODES; n++) {
            int cell = n / G_N;
            if (!(g.cand[cell] >> (n % G_N) & 1)) continue;
            torder_nl(&g, &t, n * 2 + on, max_entries);
            int lo = 2 * G_N * cell, nk = 0, far = 0;
            for (int x = lo; x < lo + 2 * G_N; x++) {
                int k = t.pos[x];
                if (k > 0) {
                    ks[nk++] = k;
                    if (t.parent[k] > 0) far = 1;
                }
            }
            if (far) {
                qsort(ks, (size_t)nk, sizeof(int), cmp_int);
                for (int i = 0; i < nk; i++) if (!nl_nice_loop(&s, &t, ks[i])) goto done;
            }
            if (!on && !nl_aics(&s, &t, ks)) goto done;  /* (each table ordered once) */
        }
    for (int i = 0; i < s.aics.n; i++) {  /* the AICs after every nice loop, in the order read */
        const NLFound *f = &s.aics.items[i];
        memcpy(s.chain, s.aics.chains.items + f->start, (size_t)f->len * sizeof(int));
        s.clen = f->len;
        if (!nl_add(&s, f->kind, f->elim, f->strand, f->loop)) goto done;
    }
    static const char *kinds[2][3] = {{"dnl", "cnl", "aic"}, {"gdnl", "gcnl", "gaic"}};
    if (!(nodes = PyList_New(B.nfound))) goto done;
    for (int k = 0; k < B.nfound; k++) {
        PyObject *mask = cells_long(B.found[k].mask), *item;
        if (!mask || !(item = Py_BuildValue("(iN)", B.found[k].symbol, mask))) goto done;
        PyList_SET_ITEM(nodes, k, item);
    }
    if (!(found = PyList_New(s.found.n))) goto done;
    for (int i = 0; i < s.found.n; i++) {
        const NLFound *f = &s.found.items[i];
        PyObject *chain = PyList_New(f->len), *elim = elim_tuple(f->elim), *item = NULL;
        if (chain && elim) {
            int ok = 1;
            for (int j = 0; j < f->len && ok; j++) {
                PyObject *p = lit_pair(s.found.chains.items[f->start + j]);
                if (!p) ok = 0;
                else PyList_SET_ITEM(chain, j, p);
            }
            if (ok) item = Py_BuildValue("(sOOiO)", kinds[f->grouped][f->kind], elim, chain, f->strand,
                                         f->loop ? Py_True : Py_False);
        }
        Py_XDECREF(chain);
        Py_XDECREF(elim);
        if (!item) goto done;
        PyList_SET_ITEM(found, i, item);
    }
    out = PyTuple_Pack(2, nodes, found);
done:
    Py_XDECREF(nodes);
    Py_XDECREF(found);
    built_free(&B);
    tgrid_free(&g);
    torder_free(&t);
    PyMem_RawFree(s.found.items);
    PyMem_RawFree(s.found.chains.items);
    PyMem_RawFree(s.aics.items);
    PyMem_RawFree(s.aics.chains.items);
    PyMem_RawFree(s.chain);
    return out;
}

/* -- forcing chains (_ForcingSearch) -- */

enum { FC_FCC, FC_FCV };
enum { FORM_CONTRADICTION, FORM_DOUBLE, FORM_CELL, FORM_REGION };
enum { CL_NONE, CL_OPPOSITE, CL_BOTH, CL_TWO_IN_CELL, CL_TWO_IN_HOUSE, CL_EMPTY, CL_NO_PLACE };

typedef struct { int kind, form, src[2], nsrc, place, elim, br, nbr, ys, nys, clash[3], length; } FStep;

typedef struct {
    const TGrid *g;
    int ntables, *tab;               /* premise literal -> its table (-1: none) */
    cells_t (*sets)[2][G_N];         /* per table: per symbol the cells turned on, and off */
    uint16_t *depth;                 /* per table, per literal reached: its depth */
    cells_t allowed[G_N], empty;
    FStep *steps;
    int nsteps, cap, keys[3 * G_NODES];
    IntList firsts, ys;
} FSearch;

static int fc_depth(const FSearch *s, int first, int y) {
    return s->depth[(size_t)s->tab[first] * s->g->L + y];
}

/* _ForcingSearch._keep: one step per result, the one with the shorter chains; every branch (from
 * each of firsts) rests on the same literals ys */
static int fc_keep(FSearch *s, const FStep *proto, const int *firsts, int nb, const int *ys, int nys) {
    int length = 0;
    for (int b = 0; b < nb; b++)
        for (int i = 0; i < nys; i++) length += fc_depth(s, firsts[b], ys[i]) + 1;
    int key = proto->place >= 0 ? proto->kind * G_NODES + proto->place : 2 * G_NODES + proto->elim;
    int at = s->keys[key];
    if (at >= 0 && s->steps[at].length <= length) return 1;
    if (at < 0) {
        if (s->nsteps == s->cap) {
            int cap = s->cap ? s->cap * 2 : 64;
            FStep *grown = PyMem_RawRealloc(s->steps, (size_t)cap * sizeof(FStep));
            if (!grown) { PyErr_NoMemory(); return 0; }
            s->steps = grown;
            s->cap = cap;
        }
        at = s->keys[key] = s->nsteps++;
    }
    FStep *f = &s->steps[at];
    *f = *proto;
    f->length = length;
    f->br = (int)s->firsts.used;
    f->nbr = nb;
    f->ys = (int)s->ys.used;
    f->nys = nys;
    for (int b = 0; b < nb; b++) if (!push(&s->firsts, firsts[b])) return 0;
    for (int i = 0; i < nys; i++) if (!push(&s->ys, ys[i])) return 0;
    return 1;
}

static int fc_contradiction(FSearch *s, int n, int on, const int *ys, int nys, int clash, int c1, int c2) {
    FStep f = {FC_FCC, FORM_CONTRADICTION, {n / G_N, n % G_N}, 2, on ? -1 : n, on ? n : -1,
               0, 0, 0, 0, {clash, c1, c2}, 0};
    int first = n * 2 + on;
    return fc_keep(s, &f, &first, 1, ys, nys);
}

static int two_see(cells_t m) {
    for (; m; m &= m - 1)
        if (m & g9_peers(g9_low(m))) return 1;
    return 0;
}

/* _ForcingSearch._one */
static int fc_one(FSearch *s, int n, int on) {
    const TGrid *g = s->g;
    const cells_t *ons = s->sets[s->tab[n * 2 + on]][1], *offs = s->sets[s->tab[n * 2 + on]][0];
    int cell = n / G_N, d = n % G_N, ys[G_N], nys;
#define CONTRA(clash, c1, c2) do { if (!fc_contradiction(s, n, on, ys, nys, clash, c1, c2)) return 0; } while (0)
    if ((on ? offs : ons)[d] >> cell & 1) {
        ys[0] = n * 2 + !on;
        nys = 1;
        CONTRA(CL_OPPOSITE, 0, 0);
    }
    for (int e = 0; e < G_N; e++) {
        cells_t both = ons[e] & offs[e];
        if (both) {
            int c = g9_low(both);
            ys[0] = (c * G_N + e) * 2;
            ys[1] = ys[0] + 1;
            nys = 2;
            CONTRA(CL_BOTH, 0, 0);
        }
    }
    for (int e = 0; e < G_N; e++)
        for (int f = e + 1; f < G_N; f++) {
            cells_t both = ons[e] & ons[f];
            if (both) {
                int c = g9_low(both);
                ys[0] = (c * G_N + e) * 2 + 1;
                ys[1] = (c * G_N + f) * 2 + 1;
                nys = 2;
                CONTRA(CL_TWO_IN_CELL, c, 0);
            }
        }
    int twice_digits = 0;
    for (int e = 0; e < G_N; e++) if (ons[e] && two_see(ons[e])) twice_digits |= 1 << e;
    for (int group = 0; group < 3; group++)
        for (int e = 0; e < G_N; e++) {
            if (!(twice_digits >> e & 1)) continue;
            for (int h = group * G_N; h < group * G_N + G_N; h++) {
                cells_t twice = g9_house(h) & ons[e];
                if (twice && !one_bit(twice)) {
                    nys = 0;
                    for (; twice; twice &= twice - 1) ys[nys++] = (g9_low(twice) * G_N + e) * 2 + 1;
                    CONTRA(CL_TWO_IN_HOUSE, h, 0);
                }
            }
        }
    cells_t dead = s->empty;
    for (int e = 0; e < G_N; e++) dead &= (offs[e] | ~g->places[e]) & ~ons[e];
    for (; dead; dead &= dead - 1) {
        int c = g9_low(dead);
        nys = 0;
        for (int e = 0; e < G_N; e++) if (g->cand[c] >> e & 1) ys[nys++] = (c * G_N + e) * 2;
        CONTRA(CL_EMPTY, c, 0);
    }
    for (int group = 0; group < 3; group++)
        for (int e = 0; e < G_N; e++) {
            cells_t gone = offs[e];
            if (!(gone & s->allowed[e])) continue;
            for (int h = group * G_N; h < group * G_N + G_N; h++) {
                cells_t places_h = g9_house(h) & s->allowed[e];
                if (!places_h || (places_h & ~gone)) continue;
                nys = 0;
                for (; places_h; places_h &= places_h - 1) ys[nys++] = (g9_low(places_h) * G_N + e) * 2;
                CONTRA(CL_NO_PLACE, h, e);
            }
        }
#undef CONTRA
    return 1;
}

/* _ForcingSearch._verity: what every branch (from each of firsts, a candidate on) turns on or off */
static int fc_verity(FSearch *s, int form, int src0, int src1, int nsrc, const int *firsts, int nb) {
    for (int e = 0; e < G_N; e++)
        for (int is_on = 1; is_on >= 0; is_on--) {
            cells_t common = ((cells_t)1 << G_CELLS) - 1;
            for (int b = 0; b < nb && common; b++) common &= s->sets[s->tab[firsts[b]]][is_on][e];
            for (; common; common &= common - 1) {
                int c = g9_low(common), y = (c * G_N + e) * 2 + is_on;
                FStep f = {FC_FCV, form, {src0, src1}, nsrc, is_on ? c * G_N + e : -1, is_on ? -1 : c * G_N + e,
                           0, 0, 0, 0, {CL_NONE, 0, 0}, 0};
                if (!fc_keep(s, &f, firsts, nb, &y, 1)) return 0;
            }
        }
    return 1;
}

/* _ForcingSearch._two: what both ways of candidate n turn on, then off */
static int fc_two(FSearch *s, int n) {
    int cell = n / G_N, firsts[2] = {n * 2 + 1, n * 2};
    for (int is_on = 1; is_on >= 0; is_on--)
        for (int e = 0; e < G_N; e++) {
            cells_t common = s->sets[s->tab[firsts[0]]][is_on][e] & s->sets[s->tab[firsts[1]]][is_on][e]
                             & ~((cells_t)1 << cell);
            for (; common; common &= common - 1) {
                int c = g9_low(common), y = (c * G_N + e) * 2 + is_on;
                FStep f = {FC_FCV, FORM_DOUBLE, {cell, n % G_N}, 2, is_on ? c * G_N + e : -1, is_on ? -1 : c * G_N + e,
                           0, 0, 0, 0, {CL_NONE, 0, 0}, 0};
                if (!fc_keep(s, &f, firsts, 2, &y, 1)) return 0;
            }
        }
    return 1;
}

static PyObject *fc_step(const FSearch *s, const FStep *f) {
    static const char *kinds[] = {"fcc", "fcv"}, *forms[] = {"contradiction", "double", "cell", "region"};
    static const char *clashes[] = {"", "opposite", "both", "two-in-cell", "two-in-house", "empty", "no-place"};
    static const int clash_args[] = {0, 0, 0, 1, 1, 1, 2};
    PyObject *source = f->nsrc == 1 ? Py_BuildValue("(i)", f->src[0]) : Py_BuildValue("(ii)", f->src[0], f->src[1]);
    PyObject *place = f->place >= 0 ? Py_BuildValue("(ii)", f->place / G_N, f->place % G_N) : Py_NewRef(Py_None);
    PyObject *elim = f->elim >= 0 ? Py_BuildValue("((ii))", f->elim / G_N, f->elim % G_N) : PyTuple_New(0);
    int code = f->clash[0], nargs = clash_args[code];
    PyObject *clash = code == CL_NONE ? PyTuple_New(0)
                      : nargs == 0 ? Py_BuildValue("(s)", clashes[code])
                      : nargs == 1 ? Py_BuildValue("(si)", clashes[code], f->clash[1])
                      : Py_BuildValue("(sii)", clashes[code], f->clash[1], f->clash[2]);
    PyObject *branches = PyTuple_New(f->nbr), *out = NULL;
    if (!source || !place || !elim || !clash || !branches) goto done;
    for (int b = 0; b < f->nbr; b++) {
        PyObject *ys = PyList_New(f->nys), *br;
        if (!ys) goto done;
        for (int i = 0; i < f->nys; i++) {
            PyObject *p = lit_pair(s->ys.items[f->ys + i]);
            if (!p) { Py_DECREF(ys); goto done; }
            PyList_SET_ITEM(ys, i, p);
        }
        if (!(br = Py_BuildValue("(iN)", s->firsts.items[f->br + b], ys))) goto done;
        PyTuple_SET_ITEM(branches, b, br);
    }
    out = Py_BuildValue("(ssOOOOOi)", kinds[f->kind], forms[f->form], source, place, elim, branches, clash, f->length);
done:
    Py_XDECREF(source);
    Py_XDECREF(place);
    Py_XDECREF(elim);
    Py_XDECREF(clash);
    Py_XDECREF(branches);
    return out;
}

/* hodoku_forcing(cand, value, direct, groups, max_entries) -> [(kind, form, source, placement, eliminations,
 * branches, clash, length)]: _ForcingSearch.run's steps before its sort, in its order (each result
 * once, with its shortest chains); value: the 81 cells' values (-1 unsolved); branches ((premise
 * literal, [(node, on), ...]), ...): per assumption the literals reached that the step rests on. */
PyObject *hodoku_forcing(PyObject *module, PyObject *args) {
    PyObject *cand_o, *value_o, *direct_o, *groups_o;
    int max_entries;
    if (!PyArg_ParseTuple(args, "OOOOi", &cand_o, &value_o, &direct_o, &groups_o, &max_entries)) return NULL;
    if (!entries_ok(max_entries, "hodoku_forcing")) return NULL;
    TGrid g;
    TOrder t = {0};
    FSearch s = {0};
    PyObject *out = NULL;
    int *value = NULL, premises[G_NODES], np = 0;
    if (!tgrid_read(&g, cand_o, direct_o, groups_o, "hodoku_forcing")) goto done;
    if (!(value = int_array_in(value_o, NULL, G_CELLS, -1, G_N, "hodoku_forcing: values"))) goto done;
    s.g = &g;
    cells_t empty = 0, blocked[G_N] = {0};
    for (int c = 0; c < G_CELLS; c++) {
        if (value[c] < 0) empty |= (cells_t)1 << c;
        else blocked[value[c]] |= g9_peers(c) | (cells_t)1 << c;
        if (g.cand[c]) s.empty |= (cells_t)1 << c;
    }
    for (int d = 0; d < G_N; d++) s.allowed[d] = empty & ~blocked[d];
    for (int n = 0; n < G_NODES; n++) if (g.cand[n / G_N] >> (n % G_N) & 1) premises[np++] = n;
    for (int k = 0; k < 3 * G_NODES; k++) s.keys[k] = -1;
    s.ntables = 2 * np;
    s.tab = PyMem_RawMalloc(2 * G_NODES * sizeof(int));
    s.sets = PyMem_RawCalloc((size_t)s.ntables + 1, sizeof(*s.sets));
    s.depth = PyMem_RawMalloc(((size_t)s.ntables + 1) * g.L * sizeof(uint16_t));
    if (!s.tab || !s.sets || !s.depth) { PyErr_NoMemory(); goto done; }
    if (!torder_alloc(&t, g.L)) goto done;
    for (int x = 0; x < 2 * G_NODES; x++) s.tab[x] = -1;
    for (int i = 0; i < s.ntables; i++) {
        int first = premises[i % np] * 2 + (i < np);  /* every candidate on, then every candidate off */
        s.tab[first] = i;
        torder(&g, &t, first, max_entries);
        uint16_t *depth = s.depth + (size_t)i * g.L;
        for (int k = 0; k < t.n; k++) {
            int x = t.lits[k];
            depth[x] = (uint16_t)t.depth[k];
            if (x < 2 * G_NODES) s.sets[i][x & 1][(x >> 1) % G_N] |= (cells_t)1 << ((x >> 1) / G_N);
        }
    }
    for (int i = 0; i < np; i++)
        if (!fc_one(&s, premises[i], 1) || !fc_one(&s, premises[i], 0)) goto done;
    for (int i = 0; i < np; i++) if (!fc_two(&s, premises[i])) goto done;
    int firsts[G_N];
    for (int c = 0; c < G_CELLS; c++) {
        if (!g.cand[c]) continue;
        int nb = 0;
        for (int d = 0; d < G_N; d++) if (g.cand[c] >> d & 1) firsts[nb++] = (c * G_N + d) * 2 + 1;
        if (!fc_verity(&s, FORM_CELL, c, 0, 1, firsts, nb)) goto done;
    }
    for (int h = 0; h < 3 * G_N; h++)
        for (int d = 0; d < G_N; d++) {
            int nb = 0;
            for (cells_t m = g.places[d] & g9_house(h); m; m &= m - 1) firsts[nb++] = (g9_low(m) * G_N + d) * 2 + 1;
            if (nb && !fc_verity(&s, FORM_REGION, h, d, 2, firsts, nb)) goto done;
        }
    if (!(out = PyList_New(s.nsteps))) goto done;
    for (int i = 0; i < s.nsteps; i++) {
        PyObject *item = fc_step(&s, &s.steps[i]);
        if (!item) { Py_CLEAR(out); goto done; }
        PyList_SET_ITEM(out, i, item);
    }
done:
    tgrid_free(&g);
    torder_free(&t);
    PyMem_RawFree(value);
    PyMem_RawFree(s.tab);
    PyMem_RawFree(s.sets);
    PyMem_RawFree(s.depth);
    PyMem_RawFree(s.steps);
    PyMem_RawFree(s.firsts.items);
    PyMem_RawFree(s.ys.items);
    return out;
}
