/* What every kernel of the accelerator shares: Python ints and sequences to and from C arrays,
 * growing arrays, and the input checks of the fish, search and house tables. */
#include "accel.h"

/* A bitset of nw words as a non-negative Python int. */
PyObject *bits_to_long(const word *w, int nw) {
    while (nw > 1 && !w[nw - 1]) nw--;
#if PY_VERSION_HEX >= 0x030D0000
    return PyLong_FromUnsignedNativeBytes(w, (size_t)nw * 8, Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    return _PyLong_FromByteArray((const unsigned char *)w, (size_t)nw * 8, 1, 0);
#endif
}

/* A non-negative Python int into nw words (it must fit); 0 on error. */
int long_to_bits(PyObject *v, word *w, int nw) {
    if (!PyLong_Check(v) || _PyLong_Sign(v) < 0) {
        PyErr_SetString(PyExc_ValueError, "expected a non-negative int");
        return 0;
    }
    if ((Py_ssize_t)_PyLong_NumBits(v) > (Py_ssize_t)nw * 64) {
        PyErr_SetString(PyExc_ValueError, "bitset too wide");
        return 0;
    }
#if PY_VERSION_HEX >= 0x030D0000
    return PyLong_AsNativeBytes(v, w, (Py_ssize_t)nw * 8,
                                Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER) >= 0;
#else
    return _PyLong_AsByteArray((PyLongObject *)v, (unsigned char *)w, (size_t)nw * 8, 1, 0) == 0;
#endif
}

/* A list of Python ints into a new C int array (NULL on error). */
int *int_array(PyObject *seq, Py_ssize_t *len) {
    PyObject *fast = PySequence_Fast(seq, "expected a sequence of ints");
    if (!fast) return NULL;
    Py_ssize_t k = PySequence_Fast_GET_SIZE(fast);
    int *out = PyMem_RawCalloc(k ? k : 1, sizeof(int));
    if (!out) { Py_DECREF(fast); PyErr_NoMemory(); return NULL; }
    for (Py_ssize_t i = 0; i < k; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) { PyMem_RawFree(out); Py_DECREF(fast); return NULL; }
        if (v < INT_MIN || v > INT_MAX) {
            PyErr_SetString(PyExc_OverflowError, "a number too large for a C int");
            PyMem_RawFree(out); Py_DECREF(fast); return NULL;
        }
        out[i] = (int)v;
    }
    if (len) *len = k;
    Py_DECREF(fast);
    return out;
}

/* int_array, with each number checked to lie in [low, bound) and the length, when expect >= 0, to
   be expect; the error names what the numbers are. */
int *int_array_in(PyObject *seq, Py_ssize_t *len, Py_ssize_t expect, long low, long bound, const char *what) {
    Py_ssize_t k;
    int *out = int_array(seq, &k);
    if (!out) return NULL;
    if (expect >= 0 && k != expect) {
        PyErr_Format(PyExc_ValueError, "%s: %zd numbers, expected %zd", what, k, expect);
        PyMem_RawFree(out);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < k; i++) {
        if (out[i] < low || out[i] >= bound) {
            PyErr_Format(PyExc_ValueError, "%s: %d at %zd is outside [%ld, %ld)", what, out[i], i, low, bound);
            PyMem_RawFree(out);
            return NULL;
        }
    }
    if (len) *len = k;
    return out;
}

/* A bytes object of little-endian words into a new word array. */
word *word_array(PyObject *b, Py_ssize_t words) {
    if (!PyBytes_Check(b) || PyBytes_GET_SIZE(b) != words * 8) {
        PyErr_SetString(PyExc_ValueError, "word array of the wrong size");
        return NULL;
    }
    word *out = PyMem_RawCalloc(words ? words : 1, sizeof(word));
    if (!out) { PyErr_NoMemory(); return NULL; }
    memcpy(out, PyBytes_AS_STRING(b), words * 8);
    return out;
}


/* PyErr_NoMemory when this thread holds the GIL (a search that released it finds the error unset and
 * sets it once it holds the GIL again); 0. */
int no_memory(void) {
    if (PyGILState_Check()) PyErr_NoMemory();
    return 0;
}

int push(IntList *L, int v) {
    if (L->used == L->cap) {
        size_t cap = L->cap ? L->cap * 2 : 256;
        int *grown = PyMem_RawRealloc(L->items, cap * sizeof(int));
        if (!grown) return no_memory();
        L->items = grown;
        L->cap = cap;
    }
    L->items[L->used++] = v;
    return 1;
}


int push_words(WordList *L, const word *w) {
    if (L->used == L->cap) {
        size_t cap = L->cap ? L->cap * 2 : 64;
        word *grown = PyMem_RawRealloc(L->items, cap * L->W * sizeof(word));
        if (!grown) return no_memory();
        L->items = grown;
        L->cap = cap;
    }
    memcpy(L->items + L->used * L->W, w, L->W * sizeof(word));
    L->used++;
    return 1;
}

int *int_list_array(IntList *L) {  /* the list's items (at least one slot), the list emptied */
    int *items = L->items ? L->items : PyMem_RawCalloc(1, sizeof(int));
    if (!items) PyErr_NoMemory();
    L->items = NULL;
    L->used = L->cap = 0;
    return items;
}

word *word_list_array(WordList *L) {
    word *items = L->items ? L->items : PyMem_RawCalloc(1, sizeof(word));
    if (!items) PyErr_NoMemory();
    L->items = NULL;
    L->used = L->cap = 0;
    return items;
}

/* ---- input checks shared by the fish and search tables --------------- */

/* An exact int (so that no Python code runs while a list is read) in [low, bound); 0 with an error set. */
int small_int(PyObject *v, long low, long bound, long *out) {
    if (!PyLong_CheckExact(v)) { PyErr_SetString(PyExc_TypeError, "expected an int"); return 0; }
    long x = PyLong_AsLong(v);
    if (x == -1 && PyErr_Occurred()) return 0;
    if (x < low || x >= bound) { PyErr_SetString(PyExc_ValueError, "number out of range"); return 0; }
    *out = x;
    return 1;
}

/* A cell mask of ncells cells into W words: 0 with an error set if it does not fit or holds a bit past the cells. */
int cell_bits(PyObject *v, word *w, int W, int ncells) {
    if (!long_to_bits(v, w, W)) return 0;
    if (ncells % 64 && w[W - 1] >> (ncells % 64)) {
        PyErr_SetString(PyExc_ValueError, "a cell mask with bits past the last cell");
        return 0;
    }
    return 1;
}

/* A tuple of ints. */
PyObject *int_tuple(const int *xs, int k) {
    PyObject *t = PyTuple_New(k);
    if (!t) return NULL;
    for (int i = 0; i < k; i++) {
        PyObject *v = PyLong_FromLong(xs[i]);
        if (!v) { Py_DECREF(t); return NULL; }
        PyTuple_SET_ITEM(t, i, v);
    }
    return t;
}

/* A list of house numbers into a fresh int array; NULL on error. */
int *house_list(PyObject *list, int nhouses, int *len) {
    Py_ssize_t k = PyList_GET_SIZE(list);
    int *xs = PyMem_RawMalloc((k + 1) * sizeof(int));
    if (!xs) { PyErr_NoMemory(); return NULL; }
    for (Py_ssize_t i = 0; i < k; i++) {
        long h;
        if (!small_int(PyList_GET_ITEM(list, i), 0, nhouses, &h)) {
            PyMem_RawFree(xs);
            return NULL;
        }
        xs[i] = (int)h;
    }
    *len = (int)k;
    return xs;
}

