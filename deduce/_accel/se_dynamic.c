#include "accel.h"

/* Sudoku Explainer's forcing chains' conclusions (strategies/chain_producer.py's _find_sorted for the
 * cell/region, Nishio and dynamic kinds): the double implications and the cell and region forcings
 * that the propagations made by chains.c's Context prove, each with its complexity, as
 * strategies/conclusions.py's Conclusion counts it.  Only the easiest conclusion of each kind and
 * result comes back (the sort keeps no other: a result's first conclusion in the sort is the one
 * that becomes a step, and within a kind a smaller complexity sorts first, the one found first
 * among equals), as plain ints; Python sorts them and makes a Conclusion and a step only for the
 * ones it yields.
 *
 * A propagation comes in as Context.propagate returns it (strategies/implications.py's Trace): its
 * index (literal -> node number, in the order found) and its records as native ints (the number of
 * nodes and of records, per node its record, -1 for the assumption, SE_REC ints per record, then
 * the flat list of the records' parents and cells).  Each is read once per call: its literals by
 * node number and, per node, its parents as node numbers, so that counting a chain (the literals a
 * target follows from, itself included: Propagation.ancestor_set's size) walks plain ints. */

#define SE_REC 7          /* ints per record (chains.c's REC) */
#define SE_PSTART 3
#define SE_PCOUNT 4

enum { SE_DOUBLE, SE_CELL, SE_REGION, SE_KINDS };

typedef struct {
    int loaded, nnodes;
    int *lits;       /* node -> literal */
    int *pstart;     /* node -> start of its parents in par (nnodes + 1 entries) */
    int *par;        /* parents as node numbers */
} SeTrace;

typedef struct {
    Py_ssize_t ntraces;
    PyObject *traces;       /* the list of (index, records) */
    SeTrace *t;
    int maxlit;
    int *litnum;            /* literal -> node number in the trace being read (stamped) */
    unsigned *litstamp;
    unsigned stamp, mstamp;   /* the reading's stamp (litstamp), the marks' (mark) */
    unsigned *walked;       /* node -> the walk that last reached it */
    int walked_cap;
    unsigned walk;
    IntList stack;
    /* the best conclusion per kind and literal: complexity, job, found (stamp) */
    int *best_cx, *best_job;
    unsigned char *best_has;
    IntList order;          /* (kind, literal) in the order first found */
    /* per literal: a mark (stamped), a count, a sum */
    unsigned *mark;
    int *hits, *sum;
    const int *cand, *value;
    int ncells, nsymbols;
} SeCall;

/* Read trace i (once): its literals by node number, its nodes' parents as node numbers; 0 on error. */
static int se_load(SeCall *S, Py_ssize_t i) {
    SeTrace *T = &S->t[i];
    if (T->loaded) return 1;
    PyObject *item = PyList_GET_ITEM(S->traces, i);
    if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 2 || !PyDict_Check(PyTuple_GET_ITEM(item, 0))
        || !PyBytes_Check(PyTuple_GET_ITEM(item, 1))) {
        PyErr_SetString(PyExc_ValueError, "se_forcing: a trace is (index, records)");
        return 0;
    }
    PyObject *index = PyTuple_GET_ITEM(item, 0), *raw = PyTuple_GET_ITEM(item, 1);
    const Py_ssize_t nints = PyBytes_GET_SIZE(raw) / (Py_ssize_t)sizeof(int);
    const int *head = (const int *)PyBytes_AS_STRING(raw);
    if (nints < 2 || head[0] < 1 || head[1] < 0 || 2 + (Py_ssize_t)head[0] + (Py_ssize_t)head[1] * SE_REC > nints
        || PyDict_GET_SIZE(index) != head[0]) {
        PyErr_SetString(PyExc_ValueError, "se_forcing: trace records of the wrong size");
        return 0;
    }
    const int nnodes = head[0], nrecs = head[1];
    const int *node_rec = head + 2, *recs = node_rec + nnodes, *flat = recs + (size_t)nrecs * SE_REC;
    const Py_ssize_t nflat = nints - 2 - nnodes - (Py_ssize_t)nrecs * SE_REC;
    T->lits = PyMem_Malloc((size_t)nnodes * sizeof(int));
    T->pstart = PyMem_Malloc(((size_t)nnodes + 1) * sizeof(int));
    if (!T->lits || !T->pstart) { PyErr_NoMemory(); return 0; }
    for (int k = 0; k < nnodes; k++) T->lits[k] = -1;
    if (++S->stamp == 0) {
        memset(S->litstamp, 0, (size_t)S->maxlit * sizeof(unsigned));
        S->stamp = 1;
    }
    Py_ssize_t pos = 0;
    PyObject *key, *val;
    while (PyDict_Next(index, &pos, &key, &val)) {
        long y = PyLong_AsLong(key), k = PyLong_AsLong(val);
        if ((y == -1 || k == -1) && PyErr_Occurred()) return 0;
        if (y < 0 || y >= S->maxlit || k < 0 || k >= nnodes || T->lits[k] >= 0) {
            PyErr_SetString(PyExc_ValueError, "se_forcing: a trace's index out of range");
            return 0;
        }
        T->lits[k] = (int)y;
        S->litnum[y] = (int)k;
        S->litstamp[y] = S->stamp;
    }
    size_t total = 0;
    for (int k = 0; k < nnodes; k++) {
        int r = node_rec[k];
        if (r >= nrecs || r < -1) { PyErr_SetString(PyExc_ValueError, "se_forcing: a record out of range"); return 0; }
        if (r >= 0) total += (size_t)(recs[(size_t)r * SE_REC + SE_PCOUNT] > 0 ? recs[(size_t)r * SE_REC + SE_PCOUNT] : 0);
    }
    T->par = PyMem_Malloc((total ? total : 1) * sizeof(int));
    if (!T->par) { PyErr_NoMemory(); return 0; }
    int used = 0;
    for (int k = 0; k < nnodes; k++) {
        T->pstart[k] = used;
        int r = node_rec[k];
        if (r < 0) continue;   /* the assumption */
        const int ps = recs[(size_t)r * SE_REC + SE_PSTART], pc = recs[(size_t)r * SE_REC + SE_PCOUNT];
        if (ps < 0 || pc < 0 || ps + pc > nflat) {
            PyErr_SetString(PyExc_ValueError, "se_forcing: parents out of range");
            return 0;
        }
        for (int j = 0; j < pc; j++) {
            int p = flat[ps + j];
            if (p < 0 || p >= S->maxlit || S->litstamp[p] != S->stamp) {
                PyErr_SetString(PyExc_ValueError, "se_forcing: a parent that is no node");
                return 0;
            }
            T->par[used++] = S->litnum[p];
        }
    }
    T->pstart[nnodes] = used;
    T->nnodes = nnodes;
    T->loaded = 1;
    if (nnodes > S->walked_cap) {
        unsigned *grown = PyMem_Realloc(S->walked, (size_t)nnodes * sizeof(unsigned));
        if (!grown) { PyErr_NoMemory(); return 0; }
        memset(grown + S->walked_cap, 0, (size_t)(nnodes - S->walked_cap) * sizeof(unsigned));
        S->walked = grown;
        S->walked_cap = nnodes;
    }
    return 1;
}

/* The number of nodes of trace T that node k follows from, itself included; -1 on error. */
static int se_count(SeCall *S, const SeTrace *T, int k) {
    if (++S->walk == 0) {
        memset(S->walked, 0, (size_t)S->walked_cap * sizeof(unsigned));
        S->walk = 1;
    }
    int count = 0;
    S->stack.used = 0;
    if (!push(&S->stack, k)) return -1;
    while (S->stack.used) {
        int v = S->stack.items[--S->stack.used];
        if (S->walked[v] == S->walk) continue;
        S->walked[v] = S->walk;
        count++;
        for (int j = T->pstart[v]; j < T->pstart[v + 1]; j++)
            if (S->walked[T->par[j]] != S->walk && !push(&S->stack, T->par[j])) return -1;
    }
    return count;
}

/* Whether literal y says something the position does not (deduce.literal.known, negated). */
static inline int se_news(const SeCall *S, int y) {
    int c = y >> LIT_CELL_SHIFT, s = (y >> 1) & 31;
    if (c >= S->ncells || s >= S->nsymbols) return 0;
    return y & 1 ? S->value[c] < 0 : (S->cand[c] >> s) & 1;
}

/* Keep (kind, y) of complexity cx from job when it is the first or easier than the best so far; 0 on
 * error. */
static int se_keep(SeCall *S, int kind, int y, int cx, int job) {
    size_t at = (size_t)kind * S->maxlit + y;
    if (!S->best_has[at]) {
        S->best_has[at] = 1;
        S->best_cx[at] = cx;
        S->best_job[at] = job;
        return push(&S->order, kind) && push(&S->order, y);
    }
    if (cx < S->best_cx[at]) {
        S->best_cx[at] = cx;
        S->best_job[at] = job;
    }
    return 1;
}

/* The next mark (the per-literal marks of the last one forgotten). */
static unsigned se_next_mark(SeCall *S) {
    if (++S->mstamp == 0) {
        memset(S->mark, 0, (size_t)S->maxlit * sizeof(unsigned));
        S->mstamp = 1;
    }
    return S->mstamp;
}

static int se_trace_id(SeCall *S, long id) {
    if (id < 0 || id >= S->ntraces) {
        PyErr_SetString(PyExc_ValueError, "se_forcing: a trace number out of range");
        return -1;
    }
    return se_load(S, id) ? (int)id : -1;
}

/* Double implications of job j: x_on and x_off (propagations on, off) both lead to y. */
static int se_double(SeCall *S, int j, long on, long off, long x_on) {
    if (se_trace_id(S, on) < 0 || se_trace_id(S, off) < 0) return 0;
    const SeTrace *A = &S->t[on], *B = &S->t[off];
    unsigned m = se_next_mark(S);
    for (int k = 0; k < B->nnodes; k++) {
        S->mark[B->lits[k]] = m;
        S->hits[B->lits[k]] = k;
    }
    for (int k = 0; k < A->nnodes; k++) {
        int y = A->lits[k];
        if (S->mark[y] != m || y == x_on || y == (x_on ^ 1) || !se_news(S, y)) continue;
        int a = se_count(S, A, k), b = se_count(S, B, S->hits[y]);
        if (a < 0 || b < 0 || !se_keep(S, SE_DOUBLE, y, a + b, j)) return 0;
    }
    return 1;
}

/* Cell or region forcing of job j: every branch (its propagations ids, its assumptions starts) leads
 * to y. */
static int se_group(SeCall *S, int j, int kind, PyObject *ids, PyObject *starts) {
    Py_ssize_t nb = PyTuple_GET_SIZE(ids);
    if (nb < 1 || nb > 64 || PyTuple_GET_SIZE(starts) != nb) {
        PyErr_SetString(PyExc_ValueError, "se_forcing: a group of 1 to 64 branches, one start each");
        return 0;
    }
    int tid[64];
    for (Py_ssize_t b = 0; b < nb; b++) {
        long id = PyLong_AsLong(PyTuple_GET_ITEM(ids, b));
        if (id == -1 && PyErr_Occurred()) return 0;
        if ((tid[b] = se_trace_id(S, id)) < 0) return 0;
    }
    unsigned m = se_next_mark(S);
    for (Py_ssize_t b = 0; b < nb; b++) {
        const SeTrace *T = &S->t[tid[b]];
        for (int k = 0; k < T->nnodes; k++) {
            int y = T->lits[k];
            if (!b) { S->mark[y] = m; S->hits[y] = 1; }
            else if (S->mark[y] == m && S->hits[y] == b) S->hits[y] = (int)b + 1;
        }
    }
    /* the common literals that are news and no branch's assumption: chosen (hits nb + 1) */
    const SeTrace *L = &S->t[tid[nb - 1]];
    int any = 0;
    for (int k = 0; k < L->nnodes; k++) {
        int y = L->lits[k];
        if (S->mark[y] != m || S->hits[y] != nb || !se_news(S, y)) continue;
        int start = 0;
        for (Py_ssize_t b = 0; b < nb && !start; b++) start = PyLong_AsLong(PyTuple_GET_ITEM(starts, b)) == y;
        if (PyErr_Occurred()) return 0;
        if (start) continue;
        S->hits[y] = (int)nb + 1;
        S->sum[y] = 0;
        any = 1;
    }
    if (!any) return 1;
    for (Py_ssize_t b = 0; b < nb; b++) {
        const SeTrace *T = &S->t[tid[b]];
        for (int k = 0; k < T->nnodes; k++) {
            int y = T->lits[k];
            if (S->mark[y] != m || S->hits[y] != nb + 1) continue;
            int c = se_count(S, T, k);
            if (c < 0) return 0;
            S->sum[y] += c;
        }
    }
    for (int k = 0; k < L->nnodes; k++) {
        int y = L->lits[k];
        if (S->mark[y] == m && S->hits[y] == nb + 1 && !se_keep(S, kind, y, S->sum[y], j)) return 0;
    }
    return 1;
}

/* se_forcing(traces, doubles, groups, cand, value, nsymbols) -> [kind, literal, complexity, job, ...]
 * traces: [(index, records)] as Context.propagate makes them; doubles: flat ints, per job (the
 * assumption's "on" propagation, its "off" propagation, the "on" literal); groups: [(kind, (trace
 * per branch), (assumption per branch))], kind 1 a cell, 2 a region; cand and value the position.
 * Per kind (0 double, 1 cell, 2 region) and literal proven, the least complexity and the first job
 * (in the order given: doubles, then groups) to reach it, in the order first found. */
PyObject *se_forcing(PyObject *module, PyObject *args) {
    PyObject *traces, *doubles_in, *groups, *cand_in, *value_in;
    int nsymbols;
    if (!PyArg_ParseTuple(args, "O!OO!OOi", &PyList_Type, &traces, &doubles_in, &PyList_Type, &groups, &cand_in,
                          &value_in, &nsymbols))
        return NULL;
    if (nsymbols < 1 || nsymbols > 31) {
        PyErr_SetString(PyExc_ValueError, "se_forcing: 1 to 31 symbols");
        return NULL;
    }
    SeCall S;
    memset(&S, 0, sizeof S);
    PyObject *out = NULL;
    Py_ssize_t ncells, ndoubles = 0;
    int *cand = int_array_in(cand_in, &ncells, -1, 0, 1L << nsymbols, "candidates");
    int *value = cand ? int_array_in(value_in, NULL, ncells, -1, nsymbols, "values") : NULL;
    int *dbl = value ? int_array(doubles_in, &ndoubles) : NULL;
    if (!dbl) goto done;
    if (ndoubles % 3 || ncells < 1 || ncells > (1 << 18)) {
        PyErr_SetString(PyExc_ValueError, "se_forcing: doubles come in threes, and a grid of some cells");
        goto done;
    }
    S.cand = cand;
    S.value = value;
    S.ncells = (int)ncells;
    S.nsymbols = nsymbols;
    S.maxlit = (int)ncells << LIT_CELL_SHIFT;
    S.traces = traces;
    S.ntraces = PyList_GET_SIZE(traces);
    S.t = PyMem_Calloc(S.ntraces ? (size_t)S.ntraces : 1, sizeof(SeTrace));
    S.litnum = PyMem_Malloc((size_t)S.maxlit * sizeof(int));
    S.litstamp = PyMem_Calloc((size_t)S.maxlit, sizeof(unsigned));
    S.mark = PyMem_Calloc((size_t)S.maxlit, sizeof(unsigned));
    S.hits = PyMem_Malloc((size_t)S.maxlit * sizeof(int));
    S.sum = PyMem_Malloc((size_t)S.maxlit * sizeof(int));
    S.best_cx = PyMem_Malloc((size_t)SE_KINDS * S.maxlit * sizeof(int));
    S.best_job = PyMem_Malloc((size_t)SE_KINDS * S.maxlit * sizeof(int));
    S.best_has = PyMem_Calloc((size_t)SE_KINDS * S.maxlit, 1);
    if (!S.t || !S.litnum || !S.litstamp || !S.mark || !S.hits || !S.sum || !S.best_cx || !S.best_job || !S.best_has) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t j = 0; j < ndoubles / 3; j++) {
        int x_on = dbl[3 * j + 2];
        if (x_on < 0 || x_on >= S.maxlit || !(x_on & 1)) {
            PyErr_SetString(PyExc_ValueError, "se_forcing: a double's assumption is an on literal of the grid");
            goto done;
        }
        if (!se_double(&S, (int)j, dbl[3 * j], dbl[3 * j + 1], x_on)) goto done;
    }
    for (Py_ssize_t g = 0; g < PyList_GET_SIZE(groups); g++) {
        PyObject *item = PyList_GET_ITEM(groups, g);
        long kind;
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 3 || !PyTuple_Check(PyTuple_GET_ITEM(item, 1))
            || !PyTuple_Check(PyTuple_GET_ITEM(item, 2))) {
            PyErr_SetString(PyExc_ValueError, "se_forcing: a group is (kind, traces, starts)");
            goto done;
        }
        if (!small_int(PyTuple_GET_ITEM(item, 0), SE_CELL, SE_REGION + 1, &kind)) goto done;
        if (!se_group(&S, (int)g, (int)kind, PyTuple_GET_ITEM(item, 1), PyTuple_GET_ITEM(item, 2))) goto done;
    }
    out = PyList_New((Py_ssize_t)S.order.used * 2);
    if (!out) goto done;
    for (size_t i = 0; i < S.order.used; i += 2) {
        int kind = S.order.items[i], y = S.order.items[i + 1];
        size_t at = (size_t)kind * S.maxlit + y;
        int vals[4] = {kind, y, S.best_cx[at], S.best_job[at]};
        for (int k = 0; k < 4; k++) {
            PyObject *v = PyLong_FromLong(vals[k]);
            if (!v) { Py_CLEAR(out); goto done; }
            PyList_SET_ITEM(out, (Py_ssize_t)(i * 2 + k), v);
        }
    }
done:
    if (S.t) {
        for (Py_ssize_t i = 0; i < S.ntraces; i++) {
            PyMem_Free(S.t[i].lits);
            PyMem_Free(S.t[i].pstart);
            PyMem_Free(S.t[i].par);
        }
    }
    PyMem_Free(S.t);
    PyMem_Free(S.litnum);
    PyMem_Free(S.litstamp);
    PyMem_Free(S.mark);
    PyMem_Free(S.hits);
    PyMem_Free(S.sum);
    PyMem_Free(S.best_cx);
    PyMem_Free(S.best_job);
    PyMem_Free(S.best_has);
    PyMem_Free(S.walked);
    PyMem_Free(S.stack.items);
    PyMem_Free(cand);
    PyMem_Free(value);
    PyMem_Free(dbl);
    return out;
}
