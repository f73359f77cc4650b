#include "accel.h"

/* ---- Sudoku Explainer's static chains: a double implication's conclusions at once -------------
 * (strategies/best_first.py).  A unit of work of the best-first search of static chains propagates
 * an assumption both ways (Context.propagate, chains.c) and concludes every literal the two
 * propagations share; each conclusion is ranked by its chain's length and the kinds of link it uses
 * (strategies/conclusions.py's Conclusion, with trace_count per branch).  Most of them are never
 * made into a step, so they are counted here, all at once, as plain numbers; Python makes the
 * Conclusion of the few it takes. */

/* a propagation's records as propagate packs them (chains.c): per node its record, per record seven
 * numbers (code, two numbers, parents' start and count, cells' start and count), the flat list */
#define SE_REC 7
#define SE_PSTART 3
#define SE_PCOUNT 4

typedef struct {
    int nnodes, nrecs, nflat;
    const int *node_rec, *recs, *flat;
    int *node_of;      /* literal -> node number, -1 if not reached */
    int *stamp;        /* node -> the walk that last reached it */
} SeTrace;

/* The trace of (index, raw) over literals below nlits; 0 with an error set. */
static int se_trace(PyObject *index, PyObject *raw, int nlits, SeTrace *T) {
    const Py_ssize_t nints = PyBytes_GET_SIZE(raw) / (Py_ssize_t)sizeof(int);
    const int *head = (const int *)PyBytes_AS_STRING(raw);
    if (nints < 2 || head[0] < 0 || head[1] < 0 || 2 + (Py_ssize_t)head[0] + (Py_ssize_t)head[1] * SE_REC > nints
        || PyDict_GET_SIZE(index) != head[0]) {
        PyErr_SetString(PyExc_ValueError, "double_counts: a trace of the wrong size");
        return 0;
    }
    T->nnodes = head[0];
    T->nrecs = head[1];
    T->node_rec = head + 2;
    T->recs = T->node_rec + T->nnodes;
    T->flat = T->recs + (size_t)T->nrecs * SE_REC;
    T->nflat = (int)(nints - 2 - T->nnodes - (Py_ssize_t)T->nrecs * SE_REC);
    T->node_of = PyMem_RawMalloc((size_t)nlits * sizeof(int));
    T->stamp = PyMem_RawCalloc((size_t)T->nnodes + 1, sizeof(int));
    if (!T->node_of || !T->stamp) { PyErr_NoMemory(); return 0; }
    memset(T->node_of, 0xff, (size_t)nlits * sizeof(int));
    Py_ssize_t pos = 0;
    PyObject *key, *val;
    while (PyDict_Next(index, &pos, &key, &val)) {
        long x = PyLong_AsLong(key), i = PyLong_AsLong(val);
        if ((x == -1 || i == -1) && PyErr_Occurred()) return 0;
        if (x < 0 || x >= nlits || i < 0 || i >= T->nnodes || T->node_of[x] >= 0) {
            PyErr_SetString(PyExc_ValueError, "double_counts: a literal or node number out of range");
            return 0;
        }
        T->node_of[x] = (int)i;
    }
    for (int r = 0; r < T->nrecs; r++) {
        const int *R = T->recs + (size_t)r * SE_REC;
        if (R[SE_PSTART] < 0 || R[SE_PCOUNT] < 0 || R[SE_PSTART] + R[SE_PCOUNT] > T->nflat) {
            PyErr_SetString(PyExc_ValueError, "double_counts: parents out of range");
            return 0;
        }
    }
    for (int i = 0; i < T->nnodes; i++)
        if (T->node_rec[i] < -1 || T->node_rec[i] >= T->nrecs) {
            PyErr_SetString(PyExc_ValueError, "double_counts: a record number out of range");
            return 0;
        }
    return 1;
}

/* The ancestors of literal y in T, y included (walk number walk): their number, the tags of their
 * records (bit k: code codes[k]) and their symbols' mask added to *tagged and *symbols; -1 with an
 * error set. */
static long se_walk(SeTrace *T, int y, int walk, IntList *stack, const int *codes, int ncodes, long *tagged,
                    long *symbols, int nlits) {
    long count = 0;
    stack->used = 0;
    if (!push(stack, y)) return -1;
    while (stack->used) {
        int v = stack->items[--stack->used];
        int i = (v >= 0 && v < nlits) ? T->node_of[v] : -1;
        if (i < 0) {   /* (a parent never reached: a KeyError, as Propagation.ancestor_set raises) */
            PyObject *k = PyLong_FromLong(v);
            if (k) { PyErr_SetObject(PyExc_KeyError, k); Py_DECREF(k); }
            return -1;
        }
        if (T->stamp[i] == walk) continue;
        T->stamp[i] = walk;
        count++;
        *symbols |= 1L << ((v >> 1) & 31);
        int r = T->node_rec[i];
        if (r < 0) continue;   /* the assumption */
        const int *R = T->recs + (size_t)r * SE_REC;
        for (int k = 0; k < ncodes; k++)
            if (codes[k] == R[0]) { *tagged |= 1L << k; break; }
        for (int k = 0; k < R[SE_PCOUNT]; k++)
            if (!push(stack, T->flat[R[SE_PSTART] + k])) return -1;
    }
    return count;
}

/* double_counts(on_index, on_raw, off_index, off_raw, x_on, known, codes) -> [(y, count, tagged, symbols)]:
 * per literal y reached by both propagations (on_index's order), other than x_on and its negation and
 * not known (known: a byte per literal, nonzero when the position already says it), what Conclusion
 * counts of the double implication of y: its complexity (trace_count of [y] in each branch, summed),
 * the tags and the symbols of the two chains. */
PyObject *double_counts(PyObject *module, PyObject *args) {
    PyObject *on_index, *on_raw, *off_index, *off_raw, *known_o, *codes_o;
    long x_on;
    if (!PyArg_ParseTuple(args, "O!O!O!O!lO!O!", &PyDict_Type, &on_index, &PyBytes_Type, &on_raw, &PyDict_Type,
                          &off_index, &PyBytes_Type, &off_raw, &x_on, &PyBytes_Type, &known_o, &PyTuple_Type, &codes_o))
        return NULL;
    const Py_ssize_t nlits_s = PyBytes_GET_SIZE(known_o);
    if (nlits_s < 1 || nlits_s > (1L << 24)) {
        PyErr_SetString(PyExc_ValueError, "double_counts: known holds 1 to 2**24 literals");
        return NULL;
    }
    const int nlits = (int)nlits_s;
    const unsigned char *known = (const unsigned char *)PyBytes_AS_STRING(known_o);
    int codes[30];
    const int ncodes = PyTuple_GET_SIZE(codes_o) < 30 ? (int)PyTuple_GET_SIZE(codes_o) : 30;
    for (int k = 0; k < ncodes; k++) {
        long v;
        if (!small_int(PyTuple_GET_ITEM(codes_o, k), -1, 1L << 20, &v)) return NULL;
        codes[k] = (int)v;
    }
    SeTrace on = {0}, off = {0};
    IntList stack = {NULL, 0, 0};
    PyObject *out = NULL;
    if (!se_trace(on_index, on_raw, nlits, &on) || !se_trace(off_index, off_raw, nlits, &off)) goto done;
    /* on_index's literals in its order: its node numbers are its order */
    int *order = PyMem_RawMalloc(((size_t)on.nnodes + 1) * sizeof(int));
    if (!order) { PyErr_NoMemory(); goto done; }
    for (int i = 0; i < on.nnodes; i++) order[i] = -1;
    for (int x = 0; x < nlits; x++)
        if (on.node_of[x] >= 0) order[on.node_of[x]] = x;
    out = PyList_New(0);
    if (!out) { PyMem_RawFree(order); goto done; }
    int walk = 0;
    for (int i = 0; i < on.nnodes; i++) {
        int y = order[i];
        if (y < 0 || off.node_of[y] < 0 || y == x_on || y == (x_on ^ 1) || known[y]) continue;
        long tagged = 0, symbols = 0;
        walk++;
        long a = se_walk(&on, y, walk, &stack, codes, ncodes, &tagged, &symbols, nlits);
        long b = a < 0 ? -1 : se_walk(&off, y, walk, &stack, codes, ncodes, &tagged, &symbols, nlits);
        if (b < 0) { Py_CLEAR(out); break; }
        PyObject *item = Py_BuildValue("(illl)", y, a + b, tagged, symbols);
        if (!item || PyList_Append(out, item) < 0) { Py_XDECREF(item); Py_CLEAR(out); break; }
        Py_DECREF(item);
    }
    PyMem_RawFree(order);
done:
    PyMem_RawFree(on.node_of); PyMem_RawFree(on.stamp);
    PyMem_RawFree(off.node_of); PyMem_RawFree(off.stamp);
    PyMem_RawFree(stack.items);
    return out;
}
