#include "accel.h"

/* The widening of HoDoKu's tables (strategies/_hodoku_tabling.py's _Table, the bit-set pass).
 *
 * tabling_widen(direct, firsts, max_entries): direct[x] is the literals literal x turns on or off
 * directly (a sequence of ints per literal, literals numbered node * 2 + on, as _Grid.direct_lits);
 * for each premise literal of firsts, breadth first from it: level 0 the premise, each level the
 * literals the last one reaches directly that no level holds yet.  Returns per premise, in order,
 * (reach, [levels]) as ints (bit x for literal x), or None when the table fills up (max_entries
 * literals or more reached: Python then orders its entries the way HoDoKu takes them, _Table._order).
 */

PyObject *tabling_widen(PyObject *module, PyObject *args) {
    PyObject *direct_o, *firsts_o;
    int max_entries;
    if (!PyArg_ParseTuple(args, "OOi", &direct_o, &firsts_o, &max_entries)) return NULL;
    if (max_entries < 1) {
        PyErr_SetString(PyExc_ValueError, "tabling_widen: max_entries below 1");
        return NULL;
    }
    PyObject *direct = PySequence_Fast(direct_o, "tabling_widen: direct must be a sequence");
    if (!direct) return NULL;
    Py_ssize_t L = PySequence_Fast_GET_SIZE(direct);
    if (L < 1 || L > (Py_ssize_t)INT_MAX / 2) {
        Py_DECREF(direct);
        PyErr_SetString(PyExc_ValueError, "tabling_widen: no literals, or too many");
        return NULL;
    }
    int W = (int)((L + 63) / 64);
    PyObject *out = NULL;
    int *firsts = NULL, *off = PyMem_Malloc((size_t)(L + 1) * sizeof(int)), *frontier = NULL;
    IntList nbr = {0};
    word *seen = NULL, *levels = NULL;
    if (!off) { PyErr_NoMemory(); goto done; }
    off[0] = 0;
    for (Py_ssize_t x = 0; x < L; x++) {
        PyObject *ys = PySequence_Fast(PySequence_Fast_GET_ITEM(direct, x), "tabling_widen: direct[x] must be a sequence");
        if (!ys) goto done;
        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(ys); i++) {
            long y = PyLong_AsLong(PySequence_Fast_GET_ITEM(ys, i));
            if (y == -1 && PyErr_Occurred()) { Py_DECREF(ys); goto done; }
            if (y < 0 || y >= L) {
                Py_DECREF(ys);
                PyErr_Format(PyExc_ValueError, "tabling_widen: literal %ld of direct[%zd] is outside [0, %zd)", y, x, L);
                goto done;
            }
            if (!push(&nbr, (int)y)) { Py_DECREF(ys); goto done; }
        }
        Py_DECREF(ys);
        off[x + 1] = (int)nbr.used;
    }
    Py_ssize_t nfirsts;
    if (!(firsts = int_array_in(firsts_o, &nfirsts, -1, 0, (long)L, "tabling_widen: premises"))) goto done;
    seen = PyMem_Calloc((size_t)W, sizeof(word));
    levels = PyMem_Calloc((size_t)(L + 1) * W, sizeof(word));  /* at most L levels, each one literal or more */
    frontier = PyMem_Malloc((size_t)L * sizeof(int));
    if (!seen || !levels || !frontier) { PyErr_NoMemory(); goto done; }
    out = PyList_New(nfirsts);
    if (!out) goto done;
    for (Py_ssize_t p = 0; p < nfirsts; p++) {
        int first = firsts[p], nf = 1, nlev = 1, count = 1, full = 0;
        memset(seen, 0, (size_t)W * sizeof(word));
        memset(levels, 0, (size_t)W * sizeof(word));
        w_set(seen, first);
        w_set(levels, first);
        frontier[0] = first;
        while (nf) {
            word *new = levels + (size_t)nlev * W;
            memset(new, 0, (size_t)W * sizeof(word));
            for (int i = 0; i < nf; i++) {
                int x = frontier[i];
                for (int e = off[x]; e < off[x + 1]; e++) {
                    int y = nbr.items[e];
                    if (!w_bit(seen, y)) w_set(new, y);
                }
            }
            nf = 0;
            for (int w = 0; w < W; w++) {
                seen[w] |= new[w];
                for (word v = new[w]; v; v &= v - 1) frontier[nf++] = w * 64 + __builtin_ctzll(v);
            }
            if (!nf) break;
            nlev++;
            count += nf;
            if (count >= max_entries) { full = 1; break; }
        }
        PyObject *item;
        if (full) {
            item = Py_NewRef(Py_None);
        } else {
            PyObject *lv = PyList_New(nlev), *reach = bits_to_long(seen, W);
            if (!lv || !reach) { Py_XDECREF(lv); Py_XDECREF(reach); Py_CLEAR(out); goto done; }
            for (int k = 0; k < nlev; k++) {
                PyObject *m = bits_to_long(levels + (size_t)k * W, W);
                if (!m) { Py_DECREF(lv); Py_DECREF(reach); Py_CLEAR(out); goto done; }
                PyList_SET_ITEM(lv, k, m);
            }
            item = Py_BuildValue("(NN)", reach, lv);
            if (!item) { Py_CLEAR(out); goto done; }
        }
        PyList_SET_ITEM(out, p, item);
    }
done:
    Py_DECREF(direct);
    PyMem_Free(off);
    PyMem_Free(nbr.items);
    PyMem_Free(firsts);
    PyMem_Free(seen);
    PyMem_Free(levels);
    PyMem_Free(frontier);
    return out;
}

/* hodoku_grid(cand, groups) -> (group nodes, direct, places): strategies/_hodoku_tabling.py's _Grid for a 9x9
 * grid with 3x3 boxes.  cand: the 81 cells' candidate masks (0 for a solved cell).  Nodes are the
 * candidates (cell * 9 + symbol) and, with groups, the group nodes from 729 on, returned in order as
 * (symbol, cell mask); direct[x] is the tuple of literals (node * 2 + on) literal x follows to
 * directly, each once, in the order _Grid adds them; places: each symbol's cells (_Grid.places). */

typedef __uint128_t cells_t;
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
        int *grown = PyMem_Realloc(L->items, (size_t)cap * sizeof(int));
        if (!grown) { PyErr_NoMemory(); return 0; }
        L->items = grown;
        L->cap = cap;
    }
    L->items[L->used++] = y;
    return 1;
}

static int one_bit(cells_t m) { return m && !(m & (m - 1)); }
static int low_bit(cells_t m) {
    uint64_t lo = (uint64_t)m;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(m >> 64));
}

static cells_t house_cells[3 * G_N], buddies[G_CELLS];
static int cell_house[G_CELLS][3];

static void grid_tables(void) {
    if (house_cells[0]) return;
    for (int c = 0; c < G_CELLS; c++) {
        int r = c / G_N, k = c % G_N, b = r / 3 * 3 + k / 3;
        cell_house[c][0] = r;
        cell_house[c][1] = G_N + k;
        cell_house[c][2] = 2 * G_N + b;
        for (int h = 0; h < 3; h++) house_cells[cell_house[c][h]] |= (cells_t)1 << c;
    }
    for (int c = 0; c < G_CELLS; c++) {
        cells_t m = 0;
        for (int h = 0; h < 3; h++) m |= house_cells[cell_house[c][h]];
        buddies[c] = m & ~((cells_t)1 << c);
    }
}

static PyObject *cells_long(cells_t m) {
    word w[2] = {(word)m, (word)(m >> 64)};
    return bits_to_long(w, 2);
}

PyObject *hodoku_grid(PyObject *module, PyObject *args) {
    PyObject *cand_o;
    int groups;
    if (!PyArg_ParseTuple(args, "Op", &cand_o, &groups)) return NULL;
    int *cand = int_array_in(cand_o, NULL, G_CELLS, 0, 1 << G_N, "hodoku_grid: candidates");
    if (!cand) return NULL;
    grid_tables();
    PyObject *out = NULL, *nodes = NULL, *direct = NULL, *symbols = NULL;
    Group *found = NULL;
    Lits *lits = NULL;
    int nfound = 0, nlits = 0;
    cells_t places[G_N] = {0};
    for (int c = 0; c < G_CELLS; c++)
        for (int d = 0; d < G_N; d++)
            if (cand[c] >> d & 1) places[d] |= (cells_t)1 << c;
    /* the groups: per line (rows, then columns) and symbol, each box the line crosses, in order */
    found = PyMem_Malloc(2 * G_N * G_N * 3 * sizeof(Group));
    if (!found) { PyErr_NoMemory(); goto done; }
    if (groups)
        for (int h = 0; h < 2 * G_N; h++)
            for (int d = 0; d < G_N; d++) {
                cells_t line = places[d] & house_cells[h];
                if (!line || one_bit(line)) continue;
                for (int j = 0; j < 3; j++) {
                    int b = h < G_N ? h / 3 * 3 + j : j * 3 + (h - G_N) / 3;
                    cells_t mask = line & house_cells[2 * G_N + b];
                    if (mask && !one_bit(mask)) found[nfound++] = (Group){d, h, 2 * G_N + b, mask};
                }
            }
    nlits = 2 * (G_NODES + nfound);
    lits = PyMem_Calloc((size_t)nlits, sizeof(Lits));
    if (!lits) { PyErr_NoMemory(); goto done; }
#define ADD(x, y) do { if (!lit_add(&lits[x], (y))) goto done; } while (0)
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
                cells_t others = places[d] & house_cells[cell_house[i][k]] & ~((cells_t)1 << i);
                for (cells_t m = others; m; m &= m - 1) ADD(on, (low_bit(m) * G_N + d) * 2);
                if (one_bit(others)) ADD(off, (low_bit(others) * G_N + d) * 2 + 1);
            }
        }
    }
    for (int k = 0; k < nfound; k++) {
        const Group *g = &found[k];
        int d = g->symbol, on = (G_NODES + k) * 2 + 1, off = on - 1;
        cells_t seeing = places[d];
        for (cells_t m = g->mask; m; m &= m - 1) seeing &= buddies[low_bit(m)];
        for (cells_t m = seeing; m; m &= m - 1) {
            int c = low_bit(m);
            ADD(on, (c * G_N + d) * 2);
            ADD((c * G_N + d) * 2 + 1, off);
        }
        int hs[2] = {g->box, g->line};
        for (int j = 0; j < 2; j++) {
            cells_t alone = seeing & house_cells[hs[j]];
            if (one_bit(alone)) {
                int c = low_bit(alone);
                ADD(off, (c * G_N + d) * 2 + 1);
                ADD((c * G_N + d) * 2, on);
            }
        }
        /* other groups of the symbol sharing a house (line, then box) without overlapping */
        int shared[2] = {0, 0}, only[2] = {-1, -1};
        for (int k2 = 0; k2 < nfound; k2++) {
            const Group *g2 = &found[k2];
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
            if (shared[j] == 1 && !(places[d] & house_cells[own_h[j]] & ~g->mask & ~found[only[j]].mask))
                ADD(off, (G_NODES + only[j]) * 2 + 1);
    }
#undef ADD
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
    if (lits)
        for (int x = 0; x < nlits; x++) PyMem_Free(lits[x].items);
    PyMem_Free(lits);
    PyMem_Free(found);
    PyMem_Free(cand);
    return out;
}

/* hodoku_aic_ends(cand): per candidate (cell * 9 + symbol, 729 of them), the literals an AIC from it
 * off may end on, as an int (bit x for literal x; 0 for a candidate the grid lacks):
 * strategies/_hodoku_tabling.py's _Search._aic_ends for every premise at once.  The same symbol: its
 * on literal in each other cell that sees two places of it the start sees; another symbol b of the
 * start: its on literal in each cell the start sees holding the start's symbol and b. */
#define AIC_WORDS ((2 * G_CELLS * G_N + 63) / 64)
PyObject *hodoku_aic_ends(PyObject *module, PyObject *args) {
    PyObject *cand_o;
    if (!PyArg_ParseTuple(args, "O", &cand_o)) return NULL;
    int *cand = int_array_in(cand_o, NULL, G_CELLS, 0, 1 << G_N, "hodoku_aic_ends: candidates");
    if (!cand) return NULL;
    grid_tables();
    cells_t places[G_N] = {0};
    for (int c = 0; c < G_CELLS; c++)
        for (int d = 0; d < G_N; d++)
            if (cand[c] >> d & 1) places[d] |= (cells_t)1 << c;
    PyObject *out = PyList_New(G_CELLS * G_N);
    if (!out) { PyMem_Free(cand); return NULL; }
    for (int n = 0; n < G_CELLS * G_N; n++) {
        int start = n / G_N, a = n % G_N;
        word w[AIC_WORDS] = {0};
        if (cand[start] >> a & 1) {
            cells_t peers = buddies[start] & places[a], once = 0, twice = 0;
            for (cells_t m = peers; m; m &= m - 1) {
                cells_t seen = buddies[low_bit(m)];
                twice |= once & seen;
                once |= seen;
            }
            for (cells_t m = twice & places[a] & ~((cells_t)1 << start); m; m &= m - 1) {
                int x = (low_bit(m) * G_N + a) * 2 + 1;
                w[x / 64] |= (word)1 << (x % 64);
            }
            int others = cand[start] & ~(1 << a);
            if (others)
                for (cells_t m = peers; m; m &= m - 1) {
                    int end = low_bit(m);
                    for (int bs = cand[end] & others; bs; bs &= bs - 1) {
                        int x = (end * G_N + __builtin_ctz(bs)) * 2 + 1;
                        w[x / 64] |= (word)1 << (x % 64);
                    }
                }
        }
        PyObject *item = bits_to_long(w, AIC_WORDS);
        if (!item) { Py_DECREF(out); PyMem_Free(cand); return NULL; }
        PyList_SET_ITEM(out, n, item);
    }
    PyMem_Free(cand);
    return out;
}

/* hodoku_table_sets(reaches): per table's reach of plain candidates (an int, bit x for literal x,
 * literals below 2 * 729), per symbol the cells it turns on and the cells it turns off:
 * [((on per symbol), (off per symbol))], strategies/_hodoku_tabling.py's _ForcingSearch._sets. */
static PyObject *symbol_cells(const cells_t *m) {
    PyObject *t = PyTuple_New(G_N);
    if (!t) return NULL;
    for (int d = 0; d < G_N; d++) {
        PyObject *v = cells_long(m[d]);
        if (!v) { Py_DECREF(t); return NULL; }
        PyTuple_SET_ITEM(t, d, v);
    }
    return t;
}

PyObject *hodoku_table_sets(PyObject *module, PyObject *args) {
    PyObject *reaches;
    if (!PyArg_ParseTuple(args, "O", &reaches)) return NULL;
    PyObject *fast = PySequence_Fast(reaches, "hodoku_table_sets: expected a sequence of ints");
    if (!fast) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    PyObject *out = PyList_New(n);
    if (!out) { Py_DECREF(fast); return NULL; }
    for (Py_ssize_t i = 0; i < n; i++) {
        word w[AIC_WORDS];
        if (!long_to_bits(PySequence_Fast_GET_ITEM(fast, i), w, AIC_WORDS)) goto fail;
        cells_t sets[2][G_N] = {{0}};
        for (int k = 0; k < AIC_WORDS; k++)
            for (word m = w[k]; m; m &= m - 1) {
                int x = k * 64 + __builtin_ctzll(m), node = x >> 1;
                if (node >= G_CELLS * G_N) break;  /* a group's literal: not a candidate's */
                sets[x & 1][node % G_N] |= (cells_t)1 << (node / G_N);
            }
        PyObject *on = symbol_cells(sets[1]), *off = on ? symbol_cells(sets[0]) : NULL;
        PyObject *pair = off ? PyTuple_Pack(2, on, off) : NULL;
        Py_XDECREF(on);
        Py_XDECREF(off);
        if (!pair) goto fail;
        PyList_SET_ITEM(out, i, pair);
    }
    Py_DECREF(fast);
    return out;
fail:
    Py_DECREF(out);
    Py_DECREF(fast);
    return NULL;
}
