#include "accel.h"

/* Sudoku Explainer's dynamic forcing chains' conclusions (strategies/chain_producer.py's _find_sorted
 * for the dynamic kind): the contradictions, double implications and cell and region forcings that
 * the propagations of every candidate of the position, on and off, prove, each with its complexity
 * as strategies/conclusions.py's Conclusion counts it.  The propagations are chains.c's Context's
 * (context_trace: the same, node for node, as Context.propagate's, without a Python object).  Only
 * the easiest conclusion of each kind and result comes back (the sort keeps no other: a result's
 * first conclusion in the sort becomes the step, and within a kind a smaller complexity sorts
 * first, the one found first among equals), as plain ints; Python sorts them and makes the
 * propagations, a Conclusion and a step only for the ones it yields.
 *
 * Each propagation is read once: its literals by node number and, per node, its parents as node
 * numbers, so that counting a chain (the literals its targets follow from, themselves included:
 * Propagation.ancestor_set's size) walks plain ints.  The "on" propagations are kept for the
 * doubles and the cell and region forcings; an "off" one only while its doubles are found. */

#define SE_REC 7          /* ints per record (chains.c's REC) */
#define SE_PSTART 3
#define SE_PCOUNT 4

enum { SE_DOUBLE, SE_CELL, SE_REGION, SE_CONTRADICTION, SE_KINDS };

typedef struct {
    int loaded, nnodes;
    int *lits;       /* node -> literal */
    int *pstart;     /* node -> start of its parents in par (nnodes + 1 entries) */
    int *par;        /* parents as node numbers */
} SeTrace;

typedef struct {
    PyObject *context;
    Py_ssize_t ntraces;
    SeTrace *t;             /* the "on" propagations, in the order given */
    int *trace_of;          /* literal -> its "on" propagation in t, -1: none */
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

/* Propagate start into T (its literals by node number, its nodes' parents as node numbers; the
 * literals' numbers left in litnum, stamped) and count its contradiction's chain, if any: *cx, as
 * Conclusion counts a dynamic contradiction (contradiction_halves), -1 without one.  0 on error. */
static int se_count_many(SeCall *S, const SeTrace *T, const int *starts, int k);

static int se_load(SeCall *S, SeTrace *T, int start, int *cx) {
    ChainTrace ct;
    if (!context_trace(S->context, start, &ct)) return 0;
    if (ct.ncells != S->ncells || ct.n != S->nsymbols || ct.nnodes < 1) {
        PyErr_SetString(PyExc_ValueError, "se_dynamic: the context is of another grid");
        return 0;
    }
    const int nnodes = ct.nnodes;
    T->lits = PyMem_RawMalloc((size_t)nnodes * sizeof(int));
    T->pstart = PyMem_RawMalloc(((size_t)nnodes + 1) * sizeof(int));
    if (!T->lits || !T->pstart) { PyErr_NoMemory(); return 0; }
    if (++S->stamp == 0) {
        memset(S->litstamp, 0, (size_t)S->maxlit * sizeof(unsigned));
        S->stamp = 1;
    }
    size_t total = 0;
    for (int k = 0; k < nnodes; k++) {
        int y = ct.lits[k], r = ct.node_rec[k];
        if (y < 0 || y >= S->maxlit || r >= ct.nrecs || r < -1) {
            PyErr_SetString(PyExc_ValueError, "se_dynamic: a node out of range");
            return 0;
        }
        T->lits[k] = y;
        S->litnum[y] = k;
        S->litstamp[y] = S->stamp;
        if (r >= 0) total += (size_t)ct.recs[(size_t)r * SE_REC + SE_PCOUNT];
    }
    T->par = PyMem_RawMalloc((total ? total : 1) * sizeof(int));
    if (!T->par) { PyErr_NoMemory(); return 0; }
    int used = 0;
    for (int k = 0; k < nnodes; k++) {
        T->pstart[k] = used;
        int r = ct.node_rec[k];
        if (r < 0) continue;   /* the assumption */
        const int ps = ct.recs[(size_t)r * SE_REC + SE_PSTART], pc = ct.recs[(size_t)r * SE_REC + SE_PCOUNT];
        for (int j = 0; j < pc; j++) {
            int p = ps + j < ct.nflat ? ct.flat[ps + j] : -1;
            if (p < 0 || p >= S->maxlit || S->litstamp[p] != S->stamp) {
                PyErr_SetString(PyExc_ValueError, "se_dynamic: a parent that is no node");
                return 0;
            }
            T->par[used++] = S->litnum[p];
        }
    }
    T->pstart[nnodes] = used;
    T->nnodes = nnodes;
    T->loaded = 1;
    if (nnodes > S->walked_cap) {
        unsigned *grown = PyMem_RawRealloc(S->walked, (size_t)nnodes * sizeof(unsigned));
        if (!grown) { PyErr_NoMemory(); return 0; }
        memset(grown + S->walked_cap, 0, (size_t)(nnodes - S->walked_cap) * sizeof(unsigned));
        S->walked = grown;
        S->walked_cap = nnodes;
    }
    *cx = -1;
    if (ct.contra_rec < 0) return 1;
    /* the contradiction's two halves: its literal's parents, and the literal found the other way
     * (a cell or a house run out: the last of its parents derived, and the others) */
    const int *R = ct.recs + (size_t)ct.contra_rec * SE_REC;
    int half[64], nh = 0, other;
    const int pc = R[SE_PCOUNT] < 64 ? R[SE_PCOUNT] : 64;
    if (R[SE_PCOUNT] > 64) {
        PyErr_SetString(PyExc_ValueError, "se_dynamic: a contradiction of more than 64 parents");
        return 0;
    }
    for (int j = 0; j < pc; j++) {   /* (a parent that is no node is not counted, as trace_count) */
        int p = R[SE_PSTART] + j < ct.nflat ? ct.flat[R[SE_PSTART] + j] : -1;
        if (p >= 0 && p < S->maxlit && S->litstamp[p] == S->stamp) half[nh++] = S->litnum[p];
    }
    if (ct.contra_y >= 0) {
        int y = ct.contra_y ^ 1;
        if (y >= S->maxlit || S->litstamp[y] != S->stamp) {
            PyErr_SetString(PyExc_ValueError, "se_dynamic: a contradiction's literal that is no node");
            return 0;
        }
        other = S->litnum[y];
    } else {
        other = -1;
        for (int j = 0; j < nh; j++) if (half[j] > other) other = half[j];
        if (other < 0) {
            PyErr_SetString(PyExc_ValueError, "se_dynamic: a contradiction without parents");
            return 0;
        }
        int kept = 0;
        for (int j = 0; j < nh; j++) if (half[j] != other) half[kept++] = half[j];
        nh = kept;
    }
    int a = se_count_many(S, T, half, nh), b = se_count_many(S, T, &other, 1);
    if (a < 0 || b < 0) return 0;
    *cx = 1 + a + b;
    return 1;
}

static void se_free(SeTrace *T) {
    PyMem_RawFree(T->lits);
    PyMem_RawFree(T->pstart);
    PyMem_RawFree(T->par);
    memset(T, 0, sizeof *T);
}

/* The number of nodes of trace T that nodes starts follow from, themselves included; -1 on error. */
static int se_count_many(SeCall *S, const SeTrace *T, const int *starts, int k) {
    if (++S->walk == 0) {
        memset(S->walked, 0, (size_t)S->walked_cap * sizeof(unsigned));
        S->walk = 1;
    }
    int count = 0;
    S->stack.used = 0;
    for (int i = 0; i < k; i++) if (!push_fast(&S->stack, starts[i])) return -1;
    while (S->stack.used) {
        int v = S->stack.items[--S->stack.used];
        if (S->walked[v] == S->walk) continue;
        S->walked[v] = S->walk;
        count++;
        for (int j = T->pstart[v]; j < T->pstart[v + 1]; j++)
            if (S->walked[T->par[j]] != S->walk && !push_fast(&S->stack, T->par[j])) return -1;
    }
    return count;
}

static int se_count(SeCall *S, const SeTrace *T, int k) {
    return se_count_many(S, T, &k, 1);
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
        return push_fast(&S->order, kind) && push_fast(&S->order, y);
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

/* Double implications: the assumptions x_on (propagation A) and its negation (B) both lead to y. */
static int se_double(SeCall *S, const SeTrace *A, const SeTrace *B, int x_on) {
    /* (B is the trace se_load read last: its literals' node numbers are still in litnum, stamped) */
    const unsigned in_b = S->stamp;
    for (int k = 0; k < A->nnodes; k++) {
        int y = A->lits[k];
        if (S->litstamp[y] != in_b || y == x_on || y == (x_on ^ 1) || !se_news(S, y)) continue;
        int a = se_count(S, A, k), b = se_count(S, B, S->litnum[y]);
        if (a < 0 || b < 0 || !se_keep(S, SE_DOUBLE, y, a + b, x_on)) return 0;
    }
    return 1;
}

/* Cell or region forcing of group j: every branch (the "on" propagation of each of starts) leads to
 * y. */
static int se_group(SeCall *S, int j, int kind, PyObject *starts) {
    Py_ssize_t nb = PyTuple_GET_SIZE(starts);
    if (nb < 1 || nb > 64) {
        PyErr_SetString(PyExc_ValueError, "se_dynamic: a group of 1 to 64 branches");
        return 0;
    }
    int lits[64];
    const SeTrace *T[64];
    for (Py_ssize_t b = 0; b < nb; b++) {
        long x = PyLong_AsLong(PyTuple_GET_ITEM(starts, b));
        if (x == -1 && PyErr_Occurred()) return 0;
        if (x < 0 || x >= S->maxlit || S->trace_of[x] < 0) {
            PyErr_SetString(PyExc_ValueError, "se_dynamic: a group's assumption is none of the on literals");
            return 0;
        }
        lits[b] = (int)x;
        T[b] = &S->t[S->trace_of[x]];
    }
    unsigned m = se_next_mark(S);
    for (Py_ssize_t b = 0; b < nb; b++) {
        for (int k = 0; k < T[b]->nnodes; k++) {
            int y = T[b]->lits[k];
            if (!b) { S->mark[y] = m; S->hits[y] = 1; }
            else if (S->mark[y] == m && S->hits[y] == b) S->hits[y] = (int)b + 1;
        }
    }
    /* the common literals that are news and no branch's assumption: chosen (hits nb + 1) */
    const SeTrace *L = T[nb - 1];
    int any = 0;
    for (int k = 0; k < L->nnodes; k++) {
        int y = L->lits[k];
        if (S->mark[y] != m || S->hits[y] != nb || !se_news(S, y)) continue;
        int start = 0;
        for (Py_ssize_t b = 0; b < nb && !start; b++) start = lits[b] == y;
        if (start) continue;
        S->hits[y] = (int)nb + 1;
        S->sum[y] = 0;
        any = 1;
    }
    if (!any) return 1;
    for (Py_ssize_t b = 0; b < nb; b++) {
        for (int k = 0; k < T[b]->nnodes; k++) {
            int y = T[b]->lits[k];
            if (S->mark[y] != m || S->hits[y] != nb + 1) continue;
            int c = se_count(S, T[b], k);
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

/* se_dynamic(context, on_lits, groups, cand, value, nsymbols) -> [kind, literal, complexity, job, ...]
 * The conclusions of the dynamic propagations of the Context (chains.c, a dynamic one of every
 * symbol): per kind (0 double, 1 cell, 2 region, 3 contradiction) and literal proven, the least
 * complexity and the first job to reach it, in the order first found.  on_lits: the assumptions,
 * each "on" literal of the position (propagated on, then each off); groups: [(kind, (assumption per
 * branch))], kind 1 a cell, 2 a region, each assumption one of on_lits; cand and value the position.
 * A job is the assumption propagated (a contradiction's: on or off), the "on" literal (a double), the
 * group's number (a cell or region). */
PyObject *se_dynamic(PyObject *module, PyObject *args) {
    PyObject *context, *on_in, *groups, *cand_in, *value_in;
    int nsymbols;
    if (!PyArg_ParseTuple(args, "OOO!OOi", &context, &on_in, &PyList_Type, &groups, &cand_in, &value_in, &nsymbols))
        return NULL;
    if (nsymbols < 1 || nsymbols > 31) {
        PyErr_SetString(PyExc_ValueError, "se_dynamic: 1 to 31 symbols");
        return NULL;
    }
    SeCall S;
    memset(&S, 0, sizeof S);
    SeTrace off;
    memset(&off, 0, sizeof off);
    PyObject *out = NULL;
    Py_ssize_t ncells, non = 0;
    int *cand = int_array_in(cand_in, &ncells, -1, 0, 1L << nsymbols, "candidates");
    int *value = cand ? int_array_in(value_in, NULL, ncells, -1, nsymbols, "values") : NULL;
    int *on = value ? int_array(on_in, &non) : NULL;
    if (!on) goto done;
    if (ncells < 1 || ncells > (1 << 18)) {
        PyErr_SetString(PyExc_ValueError, "se_dynamic: a grid of 1 to 262144 cells");
        goto done;
    }
    S.context = context;
    S.cand = cand;
    S.value = value;
    S.ncells = (int)ncells;
    S.nsymbols = nsymbols;
    S.maxlit = (int)ncells << LIT_CELL_SHIFT;
    S.ntraces = non;
    S.t = PyMem_RawCalloc(non ? (size_t)non : 1, sizeof(SeTrace));
    S.trace_of = PyMem_RawMalloc((size_t)S.maxlit * sizeof(int));
    S.litnum = PyMem_RawMalloc((size_t)S.maxlit * sizeof(int));
    S.litstamp = PyMem_RawCalloc((size_t)S.maxlit, sizeof(unsigned));
    S.mark = PyMem_RawCalloc((size_t)S.maxlit, sizeof(unsigned));
    S.hits = PyMem_RawMalloc((size_t)S.maxlit * sizeof(int));
    S.sum = PyMem_RawMalloc((size_t)S.maxlit * sizeof(int));
    S.best_cx = PyMem_RawMalloc((size_t)SE_KINDS * S.maxlit * sizeof(int));
    S.best_job = PyMem_RawMalloc((size_t)SE_KINDS * S.maxlit * sizeof(int));
    S.best_has = PyMem_RawCalloc((size_t)SE_KINDS * S.maxlit, 1);
    if (!S.t || !S.trace_of || !S.litnum || !S.litstamp || !S.mark || !S.hits || !S.sum || !S.best_cx || !S.best_job
        || !S.best_has) {
        PyErr_NoMemory();
        goto done;
    }
    for (int y = 0; y < S.maxlit; y++) S.trace_of[y] = -1;
    for (Py_ssize_t i = 0; i < non; i++) {
        int x = on[i], cx;
        if (x < 0 || x >= S.maxlit || !(x & 1) || ((x >> 1) & 31) >= nsymbols || S.trace_of[x] >= 0) {
            PyErr_SetString(PyExc_ValueError, "se_dynamic: the assumptions are distinct on literals of the grid");
            goto done;
        }
        if (!se_load(&S, &S.t[i], x, &cx)) goto done;
        S.trace_of[x] = (int)i;
        if (cx >= 0 && !se_keep(&S, SE_CONTRADICTION, x ^ 1, cx, x)) goto done;
    }
    for (Py_ssize_t i = 0; i < non; i++) {
        int x = on[i], cx;
        se_free(&off);
        if (!se_load(&S, &off, x ^ 1, &cx)) goto done;
        if (cx >= 0) {
            if (!se_keep(&S, SE_CONTRADICTION, x, cx, x ^ 1)) goto done;
            continue;
        }
        if (off.nnodes == 1) continue;   /* the assumption implies nothing */
        if (!se_double(&S, &S.t[i], &off, x)) goto done;
    }
    for (Py_ssize_t g = 0; g < PyList_GET_SIZE(groups); g++) {
        PyObject *item = PyList_GET_ITEM(groups, g);
        long kind;
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 2 || !PyTuple_Check(PyTuple_GET_ITEM(item, 1))) {
            PyErr_SetString(PyExc_ValueError, "se_dynamic: a group is (kind, starts)");
            goto done;
        }
        if (!small_int(PyTuple_GET_ITEM(item, 0), SE_CELL, SE_REGION + 1, &kind)) goto done;
        if (!se_group(&S, (int)g, (int)kind, PyTuple_GET_ITEM(item, 1))) goto done;
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
    se_free(&off);
    if (S.t) for (Py_ssize_t i = 0; i < S.ntraces; i++) se_free(&S.t[i]);
    PyMem_RawFree(S.t);
    PyMem_RawFree(S.trace_of);
    PyMem_RawFree(S.litnum);
    PyMem_RawFree(S.litstamp);
    PyMem_RawFree(S.mark);
    PyMem_RawFree(S.hits);
    PyMem_RawFree(S.sum);
    PyMem_RawFree(S.best_cx);
    PyMem_RawFree(S.best_job);
    PyMem_RawFree(S.best_has);
    PyMem_RawFree(S.walked);
    PyMem_RawFree(S.stack.items);
    PyMem_RawFree(cand);
    PyMem_RawFree(value);
    PyMem_RawFree(on);
    PyMem_RawFree(S.order.items);
    return out;
}

/* ---- a propagation made by Context.propagate, read from Python: its double implications
 * (trace_doubles) and a conclusion's chain (trace_chain) ------------------------------------- */

/* What trace_doubles reads of a propagation made by Context.propagate: per node its literal, its
 * record's code (-1: the assumption) and its parents as node numbers; the literals' numbers (num, -1:
 * no node; cap of them) and the nodes reached by the walk numbered walk (seen), the trace's own. */
typedef struct { int nnodes; int *lits, *code, *pstart, *par, *num; size_t cap; unsigned *seen, walk; } IxTrace;

static void ix_free(IxTrace *T) {
    PyMem_RawFree(T->lits); PyMem_RawFree(T->code); PyMem_RawFree(T->pstart); PyMem_RawFree(T->par);
    PyMem_RawFree(T->num); PyMem_RawFree(T->seen);
    memset(T, 0, sizeof *T);
}

/* Read (index, raw) into T; 0 with an error set. */
static int ix_load(PyObject *index, PyObject *raw, IxTrace *T) {
    const Py_ssize_t nints = PyBytes_GET_SIZE(raw) / (Py_ssize_t)sizeof(int);
    const int *head = (const int *)PyBytes_AS_STRING(raw);
    if (nints < 2 || head[0] < 1 || head[1] < 0 || 2 + (Py_ssize_t)head[0] + (Py_ssize_t)head[1] * SE_REC > nints
        || PyDict_GET_SIZE(index) != head[0]) {
        PyErr_SetString(PyExc_ValueError, "trace: records of the wrong size");
        return 0;
    }
    const int nnodes = head[0], nrecs = head[1];
    const int *node_rec = head + 2, *recs = node_rec + nnodes, *flat = recs + (size_t)nrecs * SE_REC;
    const Py_ssize_t nflat = nints - 2 - nnodes - (Py_ssize_t)nrecs * SE_REC;
    T->nnodes = nnodes;
    T->lits = PyMem_RawMalloc((size_t)nnodes * sizeof(int));
    T->code = PyMem_RawMalloc((size_t)nnodes * sizeof(int));
    T->pstart = PyMem_RawMalloc(((size_t)nnodes + 1) * sizeof(int));
    T->seen = PyMem_RawCalloc((size_t)nnodes, sizeof(unsigned));
    if (!T->lits || !T->code || !T->pstart || !T->seen) { PyErr_NoMemory(); return 0; }
    for (int k = 0; k < nnodes; k++) T->lits[k] = -1;
    Py_ssize_t pos = 0;
    PyObject *key, *val;
    while (PyDict_Next(index, &pos, &key, &val)) {
        long y = PyLong_AsLong(key), k = PyLong_AsLong(val);
        if ((y == -1 || k == -1) && PyErr_Occurred()) return 0;
        if (y < 0 || y >= (1L << 24) || k < 0 || k >= nnodes || T->lits[k] >= 0) {
            PyErr_SetString(PyExc_ValueError, "trace: an index out of range");
            return 0;
        }
        if ((size_t)y >= T->cap) {
            size_t cap = T->cap ? T->cap : 2048;
            while (cap <= (size_t)y) cap *= 2;
            int *num = PyMem_RawRealloc(T->num, cap * sizeof(int));
            if (!num) { PyErr_NoMemory(); return 0; }
            memset(num + T->cap, 0xff, (cap - T->cap) * sizeof(int));   /* (-1: no node) */
            T->num = num;
            T->cap = cap;
        }
        T->lits[k] = (int)y;
        T->num[y] = (int)k;
    }
    size_t total = 0;
    for (int k = 0; k < nnodes; k++) {
        int r = node_rec[k];
        if (r >= nrecs || r < -1) { PyErr_SetString(PyExc_ValueError, "trace: a record out of range"); return 0; }
        T->code[k] = r < 0 ? -1 : recs[(size_t)r * SE_REC];
        if (r >= 0 && recs[(size_t)r * SE_REC + SE_PCOUNT] > 0) total += (size_t)recs[(size_t)r * SE_REC + SE_PCOUNT];
    }
    T->par = PyMem_RawMalloc((total ? total : 1) * sizeof(int));
    if (!T->par) { PyErr_NoMemory(); return 0; }
    int used = 0;
    for (int k = 0; k < nnodes; k++) {
        T->pstart[k] = used;
        int r = node_rec[k];
        if (r < 0) continue;
        const int ps = recs[(size_t)r * SE_REC + SE_PSTART], pc = recs[(size_t)r * SE_REC + SE_PCOUNT];
        if (ps < 0 || pc < 0 || ps + pc > nflat) { PyErr_SetString(PyExc_ValueError, "trace: parents out of range"); return 0; }
        for (int j = 0; j < pc; j++) {
            int p = flat[ps + j];
            if (p < 0 || (size_t)p >= T->cap || T->num[p] < 0) {
                PyErr_SetString(PyExc_ValueError, "trace: a parent that is no node");
                return 0;
            }
            T->par[used++] = T->num[p];
        }
    }
    T->pstart[nnodes] = used;
    return 1;
}

/* The nodes of T that node k follows from, itself included: their count; *tagged, bit j set when one
 * follows from a record of code codes[j]; *symbols, their symbols' mask.  -1 on error. */
static int ix_count(IxTrace *T, int k, const int *codes, int ncodes, IntList *stack, long *tagged,
                    long *symbols) {
    const unsigned walk = ++T->walk;   /* (one walk per node at most: never wraps) */
    unsigned *seen = T->seen;
    int count = 0;
    stack->used = 0;
    if (!push(stack, k)) return -1;
    while (stack->used) {
        int v = stack->items[--stack->used];
        if (seen[v] == walk) continue;
        seen[v] = walk;
        count++;
        *symbols |= 1L << ((T->lits[v] >> 1) & 31);
        if (T->code[v] >= 0)   /* (the assumption follows from no record) */
            for (int j = 0; j < ncodes; j++) if (codes[j] == T->code[v]) { *tagged |= 1L << j; break; }
        for (int j = T->pstart[v]; j < T->pstart[v + 1]; j++)
            if (seen[T->par[j]] != walk && !push(stack, T->par[j])) return -1;
    }
    return count;
}

/* Whether the position (cand, value: lists) already says what literal y says (deduce.literal.known);
 * -1 on error. */
static int known_in(PyObject *cand, PyObject *value, int y) {
    Py_ssize_t c = y >> LIT_CELL_SHIFT;
    if (c >= PyList_GET_SIZE(cand) || c >= PyList_GET_SIZE(value)) {
        PyErr_SetString(PyExc_ValueError, "a literal beyond the position");
        return -1;
    }
    long v = PyLong_AsLong(PyList_GET_ITEM(y & 1 ? value : cand, c));
    if (v == -1 && PyErr_Occurred()) return -1;
    return y & 1 ? v >= 0 : !((v >> ((y >> 1) & 31)) & 1);
}

/* trace_doubles(on_index, on_records, off_index, off_records, x_on, cand, value, codes)
 *   -> [y, complexity, tagged, symbols, ...]
 * The double implications of the assumption x_on (an "on" literal) from its propagations on and off
 * (made by Context.propagate): each literal y both reach, neither x_on nor its negation nor known in
 * the position (cand, value), in the order the "on" propagation found them, with the chains' count
 * (Conclusion's complexity: the literals y follows from in each, itself included), the record codes
 * (codes[j]: bit j) and the symbols among them, as trace_count counts them. */
PyObject *trace_doubles(PyObject *module, PyObject *args) {
    PyObject *on_index, *on_raw, *off_index, *off_raw, *cand, *value, *codes_in;
    int x_on;
    if (!PyArg_ParseTuple(args, "O!O!O!O!iO!O!O!", &PyDict_Type, &on_index, &PyBytes_Type, &on_raw, &PyDict_Type,
                          &off_index, &PyBytes_Type, &off_raw, &x_on, &PyList_Type, &cand, &PyList_Type, &value,
                          &PyTuple_Type, &codes_in))
        return NULL;
    int codes[30];
    const int ncodes = PyTuple_GET_SIZE(codes_in) < 30 ? (int)PyTuple_GET_SIZE(codes_in) : 30;
    for (int j = 0; j < ncodes; j++) {
        long v;
        if (!small_int(PyTuple_GET_ITEM(codes_in, j), -1, 1L << 20, &v)) return NULL;
        codes[j] = (int)v;
    }
    IxTrace A, B;
    memset(&A, 0, sizeof A);
    memset(&B, 0, sizeof B);
    IntList stack = {NULL, 0, 0}, found = {NULL, 0, 0};
    PyObject *out = NULL;
    if (!ix_load(off_index, off_raw, &B) || !ix_load(on_index, on_raw, &A)) goto done;
    for (int k = 0; k < A.nnodes; k++) {
        int y = A.lits[k];
        if (y == x_on || y == (x_on ^ 1)) continue;
        int at = (size_t)y < B.cap ? B.num[y] : -1;   /* y's node in the "off" propagation */
        if (at < 0) continue;
        int kn = known_in(cand, value, y);
        if (kn < 0) goto done;
        if (kn) continue;
        long tagged = 0, symbols = 0;
        int a = ix_count(&A, k, codes, ncodes, &stack, &tagged, &symbols);
        int b = ix_count(&B, at, codes, ncodes, &stack, &tagged, &symbols);
        if (a < 0 || b < 0) goto done;
        if (!push_fast(&found, y) || !push_fast(&found, a + b) || !push_fast(&found, (int)tagged) || !push_fast(&found, (int)symbols))
            goto done;
    }
    out = PyList_New((Py_ssize_t)found.used);
    if (!out) goto done;
    for (size_t k = 0; k < found.used; k++) {
        PyObject *v = PyLong_FromLong(found.items[k]);
        if (!v) { Py_CLEAR(out); goto done; }
        PyList_SET_ITEM(out, (Py_ssize_t)k, v);
    }
done:
    ix_free(&A);
    ix_free(&B);
    PyMem_RawFree(stack.items);
    PyMem_RawFree(found.items);
    return out;
}

/* ---- the branches of cell and region forcing chains ------------------------- */

/* A list of the "on" literals of cells (in order) for symbol s. */
static PyObject *on_list(const int *cells, int k, int s) {
    PyObject *out = PyList_New(k);
    if (!out) return NULL;
    for (int i = 0; i < k; i++) {
        PyObject *v = PyLong_FromLong(LIT(cells[i], s, 1));
        if (!v) { Py_DECREF(out); return NULL; }
        PyList_SET_ITEM(out, i, v);
    }
    return out;
}

/* branch_groups(cand, value, houses, nsymbols, cell, region) -> [(kind, source, starts)]
 * strategies/chain_producer.py's _branch_groups: every unsolved cell with two candidates or more,
 * (cell, (c,), its candidates' "on" literals), then per house (houses: its cells) and symbol not
 * placed there with two places or more among its unsolved cells, (region, (h, s), the places' "on"
 * literals), cells in ascending order. */
PyObject *branch_groups(PyObject *module, PyObject *args) {
    PyObject *cand_in, *value_in, *houses, *cell_kind, *region_kind;
    int nsymbols;
    if (!PyArg_ParseTuple(args, "OOOiOO", &cand_in, &value_in, &houses, &nsymbols, &cell_kind, &region_kind))
        return NULL;
    if (nsymbols < 1 || nsymbols > 31) {
        PyErr_SetString(PyExc_ValueError, "branch_groups: 1 to 31 symbols");
        return NULL;
    }
    Py_ssize_t ncells;
    PyObject *out = NULL, *fh = NULL;
    int *cand = int_array_in(cand_in, &ncells, -1, 0, 1L << nsymbols, "candidates");
    int *value = cand ? int_array_in(value_in, NULL, ncells, -1, nsymbols, "values") : NULL;
    int *cells = value ? PyMem_RawMalloc(((size_t)ncells + 1) * sizeof(int)) : NULL;
    int *places = cells ? PyMem_RawMalloc(((size_t)ncells + 1) * (size_t)nsymbols * sizeof(int)) : NULL;
    if (!places) { if (value && !PyErr_Occurred()) PyErr_NoMemory(); goto done; }
    fh = PySequence_Fast(houses, "houses: a sequence of cell sequences");
    if (!fh || !(out = PyList_New(0))) goto done;
    for (int c = 0; c < ncells; c++) {
        uint32_t m = (uint32_t)cand[c];
        if (value[c] >= 0 || !(m & (m - 1))) continue;
        int k = 0, syms[32];
        for (; m; m &= m - 1) syms[k++] = __builtin_ctz(m);
        PyObject *starts = PyList_New(k);
        if (!starts) goto fail;
        for (int i = 0; i < k; i++) {
            PyObject *v = PyLong_FromLong(LIT(c, syms[i], 1));
            if (!v) { Py_DECREF(starts); goto fail; }
            PyList_SET_ITEM(starts, i, v);
        }
        PyObject *item = Py_BuildValue("(O(i)N)", cell_kind, c, starts);
        if (!item || PyList_Append(out, item) < 0) { Py_XDECREF(item); goto fail; }
        Py_DECREF(item);
    }
    for (Py_ssize_t h = 0; h < PySequence_Fast_GET_SIZE(fh); h++) {
        Py_ssize_t k;
        int *hc = int_array_in(PySequence_Fast_GET_ITEM(fh, h), &k, -1, 0, ncells, "a house's cells");
        if (!hc) goto fail;
        if (k > ncells) { PyMem_RawFree(hc); PyErr_SetString(PyExc_ValueError, "a house of too many cells"); goto fail; }
        memcpy(cells, hc, (size_t)k * sizeof(int));
        PyMem_RawFree(hc);
        /* ascending cells (cells_of's order) */
        for (Py_ssize_t i = 1; i < k; i++) {
            int v = cells[i];
            Py_ssize_t j = i;
            while (j > 0 && cells[j - 1] > v) { cells[j] = cells[j - 1]; j--; }
            cells[j] = v;
        }
        uint32_t placed = 0;
        int count[32] = {0};
        for (Py_ssize_t i = 0; i < k; i++) {
            int q = cells[i];
            if (value[q] >= 0) { placed |= 1u << value[q]; continue; }
            for (uint32_t m = (uint32_t)cand[q]; m; m &= m - 1) {
                int s = __builtin_ctz(m);
                places[(size_t)s * (ncells + 1) + count[s]++] = q;
            }
        }
        for (int s = 0; s < nsymbols; s++) {
            if (count[s] < 2 || (placed >> s & 1)) continue;
            PyObject *starts = on_list(places + (size_t)s * (ncells + 1), count[s], s);
            if (!starts) goto fail;
            PyObject *item = Py_BuildValue("(O(ni)N)", region_kind, h, s, starts);
            if (!item || PyList_Append(out, item) < 0) { Py_XDECREF(item); goto fail; }
            Py_DECREF(item);
        }
    }
    goto done;
fail:
    Py_CLEAR(out);
done:
    Py_XDECREF(fh);
    void *arrays[] = {cand, value, cells, places};
    for (size_t i = 0; i < sizeof(arrays) / sizeof(arrays[0]); i++) PyMem_RawFree(arrays[i]);
    return out;
}

/* trace_chain(index, records, targets) -> [literal]: the literals targets follow from in a propagation
 * made by Context.propagate (its index and records), themselves included, in the order found:
 * strategies/conclusions.py's Conclusion.chains of one branch (targets that are no node are left
 * out). */
PyObject *trace_chain(PyObject *module, PyObject *args) {
    PyObject *index, *raw, *targets;
    if (!PyArg_ParseTuple(args, "O!O!O", &PyDict_Type, &index, &PyBytes_Type, &raw, &targets)) return NULL;
    PyObject *fast = PySequence_Fast(targets, "targets: a sequence of literals");
    if (!fast) return NULL;
    IxTrace T;
    memset(&T, 0, sizeof T);
    IntList stack = {NULL, 0, 0};
    PyObject *out = NULL;
    if (!ix_load(index, raw, &T)) goto done;
    const unsigned walk = ++T.walk;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(fast); i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) goto done;
        if (v >= 0 && (size_t)v < T.cap && T.num[v] >= 0 && !push_fast(&stack, T.num[v])) goto done;
    }
    int count = 0;
    while (stack.used) {
        int k = stack.items[--stack.used];
        if (T.seen[k] == walk) continue;
        T.seen[k] = walk;
        count++;
        for (int j = T.pstart[k]; j < T.pstart[k + 1]; j++)
            if (T.seen[T.par[j]] != walk && !push_fast(&stack, T.par[j])) goto done;
    }
    out = PyList_New(count);
    if (!out) goto done;
    for (int k = 0, at = 0; k < T.nnodes && at < count; k++) {
        if (T.seen[k] != walk) continue;
        PyObject *v = PyLong_FromLong(T.lits[k]);
        if (!v) { Py_CLEAR(out); goto done; }
        PyList_SET_ITEM(out, at++, v);
    }
done:
    Py_DECREF(fast);
    ix_free(&T);
    PyMem_RawFree(stack.items);
    return out;
}
