#include "accel.h"

/* xy_chain_paths(cells, cands, peer_words, ncells, max_cells) -> [(path, x, other)]:
 * strategies/chains.py's XYChain._paths over the bivalue cells `cells` (in the order the starts are
 * taken) holding `cands` (two symbols each, below 32): from each start and each of its symbols x
 * (low first), the start holding its other symbol `other`, the breadth-first walk of XYChain._chains
 * over (cell, symbol held), a cell's neighbours being the bivalue cells among its peers (peer_words:
 * per cell its peer mask in little-endian words) in increasing cell order; every chain of 3 to
 * max_cells cells, no cell twice, whose last cell (not the start) then holds x, in the walk's order.
 * A walk's state is 2 * i + k: bivalue cell i holding its low (k = 0) or high (k = 1) symbol. */

static const int *xy_sort_cells;  /* the cells qsort orders indices by (the GIL is held) */
static int xy_by_cell(const void *a, const void *b) {
    return xy_sort_cells[*(const int *)a] - xy_sort_cells[*(const int *)b];
}

PyObject *xy_chain_paths(PyObject *module, PyObject *args) {
    PyObject *cells_in, *cands_in, *peer_in;
    int ncells, max_cells;
    if (!PyArg_ParseTuple(args, "OOO!ii", &cells_in, &cands_in, &PyBytes_Type, &peer_in, &ncells, &max_cells))
        return NULL;
    if (ncells < 1 || ncells > 1 << 16 || max_cells < 1 || max_cells > 64) {
        PyErr_SetString(PyExc_ValueError, "xy_chain_paths: 1 to 65536 cells, chains of 1 to 64 cells");
        return NULL;
    }
    Py_ssize_t nb, nc;
    int W = (ncells + 63) / 64;
    PyObject *out = NULL;
    int *cells = NULL, *cands = NULL, *order = NULL, *adj_start = NULL, *adj = NULL, *lo = NULL, *hi = NULL;
    int *parent = NULL, *stamp = NULL, *front = NULL, *next = NULL;
    word *peers = NULL;
    cells = int_array_in(cells_in, &nb, -1, 0, ncells, "cells");
    cands = cells ? int_array_in(cands_in, &nc, nb, 0, INT_MAX, "candidates") : NULL;
    if (!cands) goto done;
    peers = word_array(peer_in, (Py_ssize_t)ncells * W);
    if (!peers) goto done;
    size_t B = (size_t)nb + 1;
    order = PyMem_RawCalloc(B, sizeof(int));
    adj_start = PyMem_RawCalloc(B + 1, sizeof(int));
    lo = PyMem_RawCalloc(B, sizeof(int));
    hi = PyMem_RawCalloc(B, sizeof(int));
    parent = PyMem_RawCalloc(2 * B, sizeof(int));
    stamp = PyMem_RawCalloc(2 * B, sizeof(int));
    front = PyMem_RawCalloc(2 * B, sizeof(int));
    next = PyMem_RawCalloc(2 * B, sizeof(int));
    adj = PyMem_RawCalloc(B * B, sizeof(int));
    if (!order || !adj_start || !lo || !hi || !parent || !stamp || !front || !next || !adj) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < nb; i++) {
        uint32_t m = (uint32_t)cands[i];
        if (__builtin_popcount(m) != 2) {
            PyErr_Format(PyExc_ValueError, "xy_chain_paths: cell %d does not hold two symbols", cells[i]);
            goto done;
        }
        for (Py_ssize_t j = 0; j < i; j++)
            if (cells[j] == cells[i]) {
                PyErr_Format(PyExc_ValueError, "xy_chain_paths: cell %d twice", cells[i]);
                goto done;
            }
        lo[i] = __builtin_ctz(m);
        hi[i] = 31 - __builtin_clz(m);
        order[i] = (int)i;
    }
    xy_sort_cells = cells;
    qsort(order, (size_t)nb, sizeof(int), xy_by_cell);
    /* each cell's neighbours: the bivalue cells among its peers, by cell */
    int used = 0;
    for (Py_ssize_t i = 0; i < nb; i++) {
        adj_start[i] = used;
        const word *pw = peers + (size_t)cells[i] * W;
        for (Py_ssize_t k = 0; k < nb; k++) {
            int j = order[k], c = cells[j];
            if (pw[c >> 6] >> (c & 63) & 1) adj[used++] = j;
        }
    }
    adj_start[nb] = used;
    out = PyList_New(0);
    if (!out) goto done;
    int walk = 0, path[64];
    for (Py_ssize_t s = 0; s < nb; s++) {
        for (int k = 0; k < 2; k++) {
            int x = k ? hi[s] : lo[s], other = k ? lo[s] : hi[s];
            walk++;
            int first = 2 * (int)s + (other == hi[s]);
            stamp[first] = walk;
            parent[first] = -1;
            int nf = 1, nn;
            front[0] = first;
            for (int depth = 0; depth < max_cells - 1 && nf; depth++) {
                nn = 0;
                for (int f = 0; f < nf; f++) {
                    int here = front[f], cell = here >> 1;
                    int held = here & 1 ? hi[cell] : lo[cell];
                    for (int a = adj_start[cell]; a < adj_start[cell + 1]; a++) {
                        int j = adj[a];
                        int nxt_held;
                        if (lo[j] == held) nxt_held = hi[j];
                        else if (hi[j] == held) nxt_held = lo[j];
                        else continue;
                        int st = 2 * j + (nxt_held == hi[j]);
                        if (stamp[st] == walk) continue;
                        stamp[st] = walk;
                        parent[st] = here;
                        next[nn++] = st;
                        if (nxt_held != x || j == s) continue;
                        int len = 0;
                        for (int l = st; l >= 0; l = parent[l]) path[len++] = l >> 1;
                        if (len < 3) continue;
                        int dup = 0;
                        for (int p = 0; p < len && !dup; p++)
                            for (int q = p + 1; q < len; q++)
                                if (path[p] == path[q]) { dup = 1; break; }
                        if (dup) continue;
                        PyObject *t = PyTuple_New(len);
                        if (!t) { Py_CLEAR(out); goto done; }
                        for (int p = 0; p < len; p++) {
                            PyObject *v = PyLong_FromLong(cells[path[len - 1 - p]]);
                            if (!v) { Py_DECREF(t); Py_CLEAR(out); goto done; }
                            PyTuple_SET_ITEM(t, p, v);
                        }
                        PyObject *item = Py_BuildValue("(Nii)", t, x, other);
                        if (!item || PyList_Append(out, item) < 0) {
                            Py_XDECREF(item);
                            Py_CLEAR(out);
                            goto done;
                        }
                        Py_DECREF(item);
                    }
                }
                int *swap = front;
                front = next;
                next = swap;
                nf = nn;
            }
        }
    }
done:
    PyMem_RawFree(cells);
    PyMem_RawFree(cands);
    PyMem_RawFree(peers);
    PyMem_RawFree(order);
    PyMem_RawFree(adj_start);
    PyMem_RawFree(adj);
    PyMem_RawFree(lo);
    PyMem_RawFree(hi);
    PyMem_RawFree(parent);
    PyMem_RawFree(stamp);
    PyMem_RawFree(front);
    PyMem_RawFree(next);
    return out;
}
