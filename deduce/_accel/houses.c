#include "accel.h"

/* ---- one house at a time: the subsets (strategies/subsets.py) */

/* The searches of NakedSubset, HiddenSubset and LockedSubset in C, over
 * groups: a house (its cells both its items and its scope), or a line-box
 * intersection (its cells the items, the line's and the box's the scope).
 * The subsets, per group in order: every k items whose masks make a union of
 * exactly k bits, in combinations order, kept when it eliminates something
 * (what locked_groups yields and the strategies make steps of).  Python
 * makes the steps.  (Full houses and hidden singles had a search of their
 * own here too: it saved under 5% of the rating's and of explain's time,
 * measured by bench/kernel_share.py, and went.  Hidden singles are now asked
 * of the hidden-subset search with one symbol, strategies._accel.hidden_singles.) */


typedef struct {
    PyObject_HEAD
    int nsymbols, ncells, ngroups;
    int *item_start, *items;   /* group g's items: items[item_start[g] .. item_start[g + 1]] */
    int *scope_start, *scope;  /* and its scope */
} HouseTables;

typedef struct {               /* one group's search */
    const HouseTables *T;
    const int *cand, *value;
    int group, k, m, hidden;
    int item[SUBSET_ITEMS];        /* cells (naked), or symbols (hidden) */
    uint32_t mask[SUBSET_ITEMS];   /* their candidates, or their places as positions in the house */
    int chosen[SUBSET_K];
    PyObject *out;
} SubsetRun;

static void house_tables_dealloc(HouseTables *self) {
    PyMem_RawFree(self->item_start);
    PyMem_RawFree(self->items);
    PyMem_RawFree(self->scope_start);
    PyMem_RawFree(self->scope);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* One tuple of cells of each group into a flat array with offsets; 0 with an error set. */
static int subset_cells(PyObject *groups, int which, int ncells, int limit, int **start, int **flat) {
    Py_ssize_t ng = PyList_GET_SIZE(groups), total = 0;
    for (Py_ssize_t g = 0; g < ng; g++) {
        PyObject *pair = PyList_GET_ITEM(groups, g);
        if (!PyTuple_CheckExact(pair) || PyTuple_GET_SIZE(pair) != 2 || !PyTuple_CheckExact(PyTuple_GET_ITEM(pair, which))) {
            PyErr_SetString(PyExc_ValueError, "HouseTables: groups are (items, scope) tuples of cells");
            return 0;
        }
        Py_ssize_t k = PyTuple_GET_SIZE(PyTuple_GET_ITEM(pair, which));
        if (k > limit) {
            PyErr_SetString(PyExc_ValueError, "HouseTables: a group with too many cells");
            return 0;
        }
        total += k;
    }
    *start = PyMem_RawMalloc((ng + 1) * sizeof(int));
    *flat = PyMem_RawMalloc((total + 1) * sizeof(int));
    if (!*start || !*flat) { PyErr_NoMemory(); return 0; }
    int at = 0;
    for (Py_ssize_t g = 0; g < ng; g++) {
        PyObject *cells = PyTuple_GET_ITEM(PyList_GET_ITEM(groups, g), which);
        (*start)[g] = at;
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(cells); i++) {
            long c;
            if (!small_int(PyTuple_GET_ITEM(cells, i), 0, ncells, &c)) return 0;
            (*flat)[at++] = (int)c;
        }
    }
    (*start)[ng] = at;
    return 1;
}

/* HouseTables(nsymbols, ncells, groups): groups a list of (items, scope), each a tuple of cells */
static PyObject *house_tables_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    int nsymbols, ncells;
    PyObject *groups;
    if (!PyArg_ParseTuple(args, "iiO!", &nsymbols, &ncells, &PyList_Type, &groups)) return NULL;
    if (nsymbols < 1 || nsymbols > SUBSET_ITEMS || ncells < 1) {
        PyErr_SetString(PyExc_ValueError, "HouseTables: 1 to 32 symbols, and at least one cell");
        return NULL;
    }
    HouseTables *self = (HouseTables *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    self->nsymbols = nsymbols;
    self->ncells = ncells;
    self->ngroups = (int)PyList_GET_SIZE(groups);
    if (!subset_cells(groups, 0, ncells, SUBSET_ITEMS, &self->item_start, &self->items)
        || !subset_cells(groups, 1, ncells, 4 * SUBSET_ITEMS, &self->scope_start, &self->scope)) {
        Py_DECREF(self);
        return NULL;
    }
    return (PyObject *)self;
}

static inline int among_first(const int *xs, int k, int v) {
    for (int i = 0; i < k; i++) if (xs[i] == v) return 1;
    return 0;
}

/* The chosen items (union u) make a set: appended to the output if it eliminates something. */
static int subset_found(SubsetRun *R, uint32_t u) {
    const HouseTables *T = R->T;
    const int *cand = R->cand, *value = R->value;
    int k = R->k, members[SUBSET_K];
    for (int i = 0; i < k; i++) members[i] = R->item[R->chosen[i]];
    PyObject *second;
    if (!R->hidden) {
        /* naked: a scope cell outside the set still holds one of its symbols */
        int hit = 0;
        for (int i = T->scope_start[R->group]; i < T->scope_start[R->group + 1] && !hit; i++) {
            int c = T->scope[i];
            hit = value[c] < 0 && !among_first(members, k, c) && ((uint32_t)cand[c] & u);
        }
        if (!hit) return 1;
        second = PyLong_FromUnsignedLong(u);
    } else {
        /* hidden: one of its places holds another symbol; the places as cells, lowest first */
        uint32_t keep = 0;
        for (int i = 0; i < k; i++) keep |= (uint32_t)1 << members[i];
        int cells[SUBSET_K], nc = 0, hit = 0;
        const int *house = T->items + T->item_start[R->group];
        for (uint32_t p = u; p; p &= p - 1) {
            int c = house[__builtin_ctz(p)];
            hit |= ((uint32_t)cand[c] & ~keep) != 0;
            int j = nc++;   /* insertion, so that the cells come out in the order of their numbers */
            while (j && cells[j - 1] > c) { cells[j] = cells[j - 1]; j--; }
            cells[j] = c;
        }
        if (!hit) return 1;
        second = int_tuple(cells, nc);
    }
    if (!second) return 0;
    PyObject *first = int_tuple(members, k);
    PyObject *entry = first ? Py_BuildValue("(iNN)", R->group, first, second) : NULL;
    if (!entry) { if (!first) Py_DECREF(second); return 0; }
    int bad = PyList_Append(R->out, entry) < 0;
    Py_DECREF(entry);
    return !bad;
}

/* locked_groups' search: the chosen so far (depth of them, union u) grown from item start on */
static int subset_grow(SubsetRun *R, int start, int depth, uint32_t u) {
    int left = R->k - depth;
    for (int i = start; i <= R->m - left; i++) {
        uint32_t v = u | R->mask[i];
        int bits = __builtin_popcount(v);
        if (bits > R->k) continue;
        R->chosen[depth] = i;
        if (left == 1) {
            if (bits == R->k && !subset_found(R, v)) return 0;
        } else if (!subset_grow(R, i + 1, depth + 1, v)) return 0;
    }
    return 1;
}

/* A position's candidates and values for the tables' grid, checked; 0 with an error set (and nothing to free). */
static int house_position(const HouseTables *T, PyObject *cand_in, PyObject *value_in, int **cand, int **value) {
    *cand = int_array_in(cand_in, NULL, T->ncells, 0, 1L << T->nsymbols, "candidates");
    *value = *cand ? int_array_in(value_in, NULL, T->ncells, -1, T->nsymbols, "values") : NULL;
    if (*value) return 1;
    PyMem_RawFree(*cand);
    *cand = NULL;
    return 0;
}

/* naked(cand, value, k) / hidden(cand, value, k) */
static PyObject *subset_search(HouseTables *T, PyObject *args, int hidden) {
    PyObject *cand_in, *value_in;
    int k;
    if (!PyArg_ParseTuple(args, "OOi", &cand_in, &value_in, &k)) return NULL;
    if (k < 1 || k > SUBSET_K) {
        PyErr_SetString(PyExc_ValueError, "subsets of 1 to 8");
        return NULL;
    }
    int *cand, *value;
    if (!house_position(T, cand_in, value_in, &cand, &value)) return NULL;
    SubsetRun R = {.T = T, .cand = cand, .value = value, .k = k, .hidden = hidden, .out = PyList_New(0)};
    if (!R.out) goto error;
    for (int g = 0; g < T->ngroups; g++) {
        const int *cells = T->items + T->item_start[g];
        int ncells = T->item_start[g + 1] - T->item_start[g];
        R.group = g;
        R.m = 0;
        if (!hidden) {
            /* the unsolved cells with k candidates or fewer */
            for (int i = 0; i < ncells; i++) {
                int c = cells[i];
                if (value[c] < 0 && __builtin_popcount((uint32_t)cand[c]) <= k) {
                    R.item[R.m] = c;
                    R.mask[R.m++] = (uint32_t)cand[c];
                }
            }
        } else {
            /* the symbols not placed in the house with 1 to k places, in symbol order */
            uint32_t placed = 0, places[SUBSET_ITEMS] = {0};
            int empty = 0;
            for (int i = 0; i < ncells; i++) {
                int c = cells[i];
                if (value[c] >= 0) { placed |= (uint32_t)1 << value[c]; continue; }
                empty++;
                for (uint32_t b = (uint32_t)cand[c]; b; b &= b - 1) places[__builtin_ctz(b)] |= (uint32_t)1 << i;
            }
            if (empty <= k) continue;
            for (int s = 0; s < T->nsymbols; s++) {
                int count = __builtin_popcount(places[s]);
                if (!(placed >> s & 1) && count && count <= k) {
                    R.item[R.m] = s;
                    R.mask[R.m++] = places[s];
                }
            }
        }
        if (R.m >= k && !subset_grow(&R, 0, 0, 0)) goto error;
    }
    PyMem_RawFree(cand);
    PyMem_RawFree(value);
    return R.out;
error:
    PyMem_RawFree(cand);
    PyMem_RawFree(value);
    Py_XDECREF(R.out);
    return NULL;
}

static PyObject *subset_naked(HouseTables *T, PyObject *args) { return subset_search(T, args, 0); }
static PyObject *subset_hidden(HouseTables *T, PyObject *args) { return subset_search(T, args, 1); }

static PyMethodDef house_tables_methods[] = {
    {"naked", (PyCFunction)subset_naked, METH_VARARGS,
     "naked(cand, value, k) -> [(group, cells, symbols mask)]: the naked sets of k cells that eliminate something."},
    {"hidden", (PyCFunction)subset_hidden, METH_VARARGS,
     "hidden(cand, value, k) -> [(group, symbols, cells)]: the hidden sets of k symbols that eliminate something "
     "(each group a house: its items and scope the same cells)."},
    {NULL, NULL, 0, NULL},
};

PyTypeObject HouseTablesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "_deduce_accel.HouseTables",
    .tp_basicsize = sizeof(HouseTables),
    .tp_dealloc = (destructor)house_tables_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A geometry's houses (or line-box intersections), for the naked, hidden and locked set searches in C.",
    .tp_methods = house_tables_methods,
    .tp_new = house_tables_new,
};

