#include "accel.h"

/* hodoku_net_starts(cand) -> [(lits, mask) or None]: strategies/_hodoku_nets.py's _fill for every
 * literal of a 9x9 grid with 3x3 boxes.  cand: the 81 cells' candidate masks (0 for a solved cell).
 * For literal x = (cell * 9 + symbol) * 2 + on of a candidate: the literals its net table starts
 * with (x itself left out), in _fill's order, and the same as a bit set; None for the others.
 * _fill: the candidate placed (its peers that held the symbol and its cell's other candidates go) or
 * removed (a cell left with one candidate is placed), then up to NET_LOOK_AHEAD rounds of every naked
 * and hidden single of the copy (found at the round's start, placed by cell, then symbol). */

#define NET_N 9
#define NET_CELLS 81
#define NET_LITS (2 * NET_CELLS * NET_N)
#define NET_W ((NET_LITS + 63) / 64)
#define NET_LOOK_AHEAD 4   /* strategies/_hodoku_nets.py's LOOK_AHEAD (checked by tests/test_accel.py) */

typedef struct {
    int cand[NET_CELLS];
    cells81 places[NET_N];
    const cells81 *places0;
    word seen[NET_W];
    int out[NET_LITS], used;
} Fill;

static inline void fill_add(Fill *f, int y) {
    if (!w_bit(f->seen, y)) {
        w_set(f->seen, y);
        f->out[f->used++] = y;
    }
}

static void fill_place(Fill *f, int cell, int d) {
    int now = f->cand[cell];
    fill_add(f, (cell * NET_N + d) * 2 + 1);
    for (cells81 m = f->places0[d] & g9_peers(cell); m; m &= m - 1) fill_add(f, (g9_low(m) * NET_N + d) * 2);
    for (int e = 0; e < NET_N; e++)
        if (e != d && now >> e & 1) fill_add(f, (cell * NET_N + e) * 2);
    for (int e = 0; e < NET_N; e++)
        if (now >> e & 1) f->places[e] &= ~((cells81)1 << cell);
    f->cand[cell] = 0;
    for (cells81 m = f->places[d] & g9_peers(cell); m; m &= m - 1) f->cand[g9_low(m)] &= ~(1 << d);
    f->places[d] &= ~g9_peers(cell);
}

static void fill(Fill *f, const int *cand0, const cells81 *places0, int cell0, int d0, int on) {
    memcpy(f->cand, cand0, sizeof f->cand);
    memcpy(f->places, places0, sizeof f->places);
    f->places0 = places0;
    memset(f->seen, 0, sizeof f->seen);
    f->used = 0;
    if (on) {
        fill_place(f, cell0, d0);
    } else {
        fill_add(f, (cell0 * NET_N + d0) * 2);
        f->cand[cell0] &= ~(1 << d0);
        f->places[d0] &= ~((cells81)1 << cell0);
        int m = f->cand[cell0];
        if (m && !(m & (m - 1))) fill_place(f, cell0, __builtin_ctz(m));
    }
    for (int round = 0; round < NET_LOOK_AHEAD; round++) {
        /* the singles as a set of (cell, symbol), taken in that order */
        uint16_t single[NET_CELLS] = {0};
        int any = 0;
        for (int c = 0; c < NET_CELLS; c++) {
            int m = f->cand[c];
            if (m && !(m & (m - 1))) { single[c] |= (uint16_t)m; any = 1; }
        }
        for (int d = 0; d < NET_N; d++)
            for (int h = 0; h < 3 * NET_N; h++) {
                cells81 m = f->places[d] & g9_house(h);
                if (m && !(m & (m - 1))) { single[g9_low(m)] |= (uint16_t)(1 << d); any = 1; }
            }
        if (!any) break;
        for (int c = 0; c < NET_CELLS; c++)
            for (int d = 0; d < NET_N; d++)
                if (single[c] >> d & 1) fill_place(f, c, d);
    }
}

/* Every candidate's fill (the GIL released: no Python object touched): literal x's table is
 * all->items[off[x]] to all->items[off[x + 1] - 1] (x itself left out; none for a literal that is no
 * candidate), its bit set seen[x * NET_W ...]; 0 when out of memory. */
static int fill_all(const int *cand, Fill *f, IntList *all, int *off, word *seen) {
    cells81 places[NET_N] = {0};
    for (int c = 0; c < NET_CELLS; c++)
        for (int d = 0; d < NET_N; d++)
            if (cand[c] >> d & 1) places[d] |= (cells81)1 << c;
    for (int x = 0; x < NET_LITS; x++) {
        int cell = x / (2 * NET_N), d = x / 2 % NET_N, on = x & 1;
        off[x] = (int)all->used;
        if (!(cand[cell] >> d & 1)) continue;
        fill(f, cand, places, cell, d, on);
        w_clear(f->seen, x);
        memcpy(seen + (size_t)x * NET_W, f->seen, sizeof f->seen);
        for (int i = 0; i < f->used; i++)
            if (f->out[i] != x && !push(all, f->out[i])) return 0;
    }
    off[NET_LITS] = (int)all->used;
    return 1;
}

PyObject *hodoku_net_starts(PyObject *module, PyObject *args) {
    PyObject *cand_o;
    if (!PyArg_ParseTuple(args, "O", &cand_o)) return NULL;
    int *cand = int_array_in(cand_o, NULL, NET_CELLS, 0, 1 << NET_N, "hodoku_net_starts: candidates");
    if (!cand) return NULL;
    PyObject *out = NULL;
    IntList all = {NULL, 0, 0};
    Fill *f = PyMem_RawMalloc(sizeof(Fill));
    int *off = PyMem_RawMalloc((NET_LITS + 1) * sizeof(int)), ok = 0;
    word *seen = PyMem_RawMalloc((size_t)NET_LITS * NET_W * sizeof(word));
    if (!f || !off || !seen) { PyErr_NoMemory(); goto done; }
    Py_BEGIN_ALLOW_THREADS
    ok = fill_all(cand, f, &all, off, seen);
    Py_END_ALLOW_THREADS
    if (!ok) { PyErr_NoMemory(); goto done; }
    if (!(out = PyList_New(NET_LITS))) goto done;
    for (int x = 0; x < NET_LITS; x++) {
        if (!(cand[x / (2 * NET_N)] >> (x / 2 % NET_N) & 1)) {
            PyList_SET_ITEM(out, x, Py_NewRef(Py_None));
            continue;
        }
        PyObject *lits = int_tuple(all.items + off[x], off[x + 1] - off[x]), *mask = NULL, *item = NULL;
        if (!lits || !(mask = bits_to_long(seen + (size_t)x * NET_W, NET_W)) || !(item = PyTuple_Pack(2, lits, mask))) {
            Py_XDECREF(lits);
            Py_XDECREF(mask);
            Py_CLEAR(out);
            goto done;
        }
        Py_DECREF(lits);
        Py_DECREF(mask);
        PyList_SET_ITEM(out, x, item);
    }
done:
    PyMem_RawFree(f); PyMem_RawFree(off); PyMem_RawFree(seen); PyMem_RawFree(cand); PyMem_RawFree(all.items);
    return out;
}
