#include "accel.h"

/* hodoku_net_starts(cand) -> [(lits, mask) or None]: strategies/_hodoku_nets.py's _fill for every
 * literal of a 9x9 grid with 3x3 boxes.  cand: the 81 cells' candidate masks (0 for a solved cell).
 * For literal x = (cell * 9 + symbol) * 2 + on of a candidate: the literals its net table starts
 * with (x itself left out), in _fill's order, and the same as a bit set; None for the others.
 * _fill: the candidate placed (its peers that held the symbol and its cell's other candidates go) or
 * removed (a cell left with one candidate is placed), then up to NET_LOOK_AHEAD rounds of every naked
 * and hidden single of the copy (found at the round's start, placed by cell, then symbol). */

typedef __uint128_t ncells_t;
#define NET_N 9
#define NET_CELLS 81
#define NET_LITS (2 * NET_CELLS * NET_N)
#define NET_W ((NET_LITS + 63) / 64)
#define NET_LOOK_AHEAD 4   /* strategies/_hodoku_nets.py's LOOK_AHEAD (checked by tests/test_accel.py) */

static ncells_t net_house[3 * NET_N], net_buddies[NET_CELLS];

static void net_tables(void) {
    if (net_house[0]) return;
    for (int c = 0; c < NET_CELLS; c++) {
        int r = c / NET_N, k = c % NET_N, b = r / 3 * 3 + k / 3;
        net_house[r] |= (ncells_t)1 << c;
        net_house[NET_N + k] |= (ncells_t)1 << c;
        net_house[2 * NET_N + b] |= (ncells_t)1 << c;
    }
    for (int c = 0; c < NET_CELLS; c++) {
        int r = c / NET_N, k = c % NET_N, b = r / 3 * 3 + k / 3;
        net_buddies[c] = (net_house[r] | net_house[NET_N + k] | net_house[2 * NET_N + b]) & ~((ncells_t)1 << c);
    }
}

static inline int net_low(ncells_t m) {
    uint64_t lo = (uint64_t)m;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(m >> 64));
}

typedef struct {
    int cand[NET_CELLS];
    ncells_t places[NET_N];
    const ncells_t *places0;
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
    for (ncells_t m = f->places0[d] & net_buddies[cell]; m; m &= m - 1) fill_add(f, (net_low(m) * NET_N + d) * 2);
    for (int e = 0; e < NET_N; e++)
        if (e != d && now >> e & 1) fill_add(f, (cell * NET_N + e) * 2);
    for (int e = 0; e < NET_N; e++)
        if (now >> e & 1) f->places[e] &= ~((ncells_t)1 << cell);
    f->cand[cell] = 0;
    for (ncells_t m = f->places[d] & net_buddies[cell]; m; m &= m - 1) f->cand[net_low(m)] &= ~(1 << d);
    f->places[d] &= ~net_buddies[cell];
}

static void fill(Fill *f, const int *cand0, const ncells_t *places0, int cell0, int d0, int on) {
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
        f->places[d0] &= ~((ncells_t)1 << cell0);
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
                ncells_t m = f->places[d] & net_house[h];
                if (m && !(m & (m - 1))) { single[net_low(m)] |= (uint16_t)(1 << d); any = 1; }
            }
        if (!any) break;
        for (int c = 0; c < NET_CELLS; c++)
            for (int d = 0; d < NET_N; d++)
                if (single[c] >> d & 1) fill_place(f, c, d);
    }
}

PyObject *hodoku_net_starts(PyObject *module, PyObject *args) {
    PyObject *cand_o;
    if (!PyArg_ParseTuple(args, "O", &cand_o)) return NULL;
    int *cand = int_array_in(cand_o, NULL, NET_CELLS, 0, 1 << NET_N, "hodoku_net_starts: candidates");
    if (!cand) return NULL;
    net_tables();
    PyObject *out = NULL;
    Fill *f = PyMem_Malloc(sizeof(Fill));
    if (!f) { PyErr_NoMemory(); goto done; }
    ncells_t places[NET_N] = {0};
    for (int c = 0; c < NET_CELLS; c++)
        for (int d = 0; d < NET_N; d++)
            if (cand[c] >> d & 1) places[d] |= (ncells_t)1 << c;
    if (!(out = PyList_New(NET_LITS))) goto done;
    for (int x = 0; x < NET_LITS; x++) {
        int cell = x / (2 * NET_N), d = x / 2 % NET_N, on = x & 1;
        if (!(cand[cell] >> d & 1)) {
            PyList_SET_ITEM(out, x, Py_NewRef(Py_None));
            continue;
        }
        fill(f, cand, places, cell, d, on);
        w_clear(f->seen, x);
        PyObject *lits = PyTuple_New(f->used - 1), *mask = NULL, *item = NULL;
        if (!lits) { Py_CLEAR(out); goto done; }
        for (int i = 0, k = 0; i < f->used; i++) {
            if (f->out[i] == x) continue;
            PyObject *y = PyLong_FromLong(f->out[i]);
            if (!y) { Py_DECREF(lits); Py_CLEAR(out); goto done; }
            PyTuple_SET_ITEM(lits, k++, y);
        }
        if (!(mask = bits_to_long(f->seen, NET_W)) || !(item = PyTuple_Pack(2, lits, mask))) {
            Py_DECREF(lits);
            Py_XDECREF(mask);
            Py_CLEAR(out);
            goto done;
        }
        Py_DECREF(lits);
        Py_DECREF(mask);
        PyList_SET_ITEM(out, x, item);
    }
done:
    PyMem_Free(f);
    PyMem_Free(cand);
    return out;
}
