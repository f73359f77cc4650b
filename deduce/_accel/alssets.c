#include "accel.h"

/* The almost locked sets of a position (strategies/als.py's almost_locked_sets) and the restricted
 * commons of every two of them (its _links).
 *
 * als_sets(cand, value, peers, house_cells, house_len, nsymbols, max_cells): per house in order, per
 * size k from 1 to max_cells (and below the house's unsolved cells), the k-combinations of the
 * house's unsolved cells (in the house's order, combinations order) whose candidates are k + 1
 * symbols, each cell set once (in the first house it is found in).  peers: each cell's peer mask as
 * words (the puzzle's peer_masks).  Returns per set (cells, symbols, house, where, seen): where[s]
 * the set's cells holding s, seen[s] the cells that see all of them (0 for a symbol not in it). */

PyObject *als_sets(PyObject *module, PyObject *args) {
    PyObject *cand_o, *value_o, *peers_o, *cells_o, *len_o, *record_o = Py_None;
    int n, max_cells;
    if (!PyArg_ParseTuple(args, "OOOOOii|O", &cand_o, &value_o, &peers_o, &cells_o, &len_o, &n, &max_cells,
                          &record_o))
        return NULL;
    /* (hoals) record: a tuple subclass (strategies.als.Als) to make each set as, else a plain tuple */
    PyTypeObject *record = NULL;
    if (record_o != Py_None) {
        if (!PyType_Check(record_o) || !PyType_IsSubtype((PyTypeObject *)record_o, &PyTuple_Type)) {
            PyErr_SetString(PyExc_TypeError, "als_sets: record must be a tuple type");
            return NULL;
        }
        record = (PyTypeObject *)record_o;
    }
    if (n < 1 || n > 31 || max_cells < 0 || max_cells > 31) {
        PyErr_SetString(PyExc_ValueError, "als_sets: symbols or set size out of range");
        return NULL;
    }
    Py_ssize_t ncells, nhouses, nflat;
    PyObject *out = NULL;
    int *cand = NULL, *value = NULL, *flat = NULL, *len = NULL, *empty_count = NULL, *empty = NULL;
    word *peers = NULL, *hmask = NULL, *where = NULL, *seen = NULL;
    if (!(cand = int_array_in(cand_o, &ncells, -1, 0, 1L << n, "als_sets: candidates"))) goto done;
    if (ncells < 1 || ncells > FISH_W * 64) {
        PyErr_SetString(PyExc_ValueError, "als_sets: grid size out of range");
        goto done;
    }
    int W = (int)((ncells + 63) / 64);
    if (!(value = int_array_in(value_o, NULL, ncells, -1, n, "als_sets: values"))
        || !(flat = int_array_in(cells_o, &nflat, -1, 0, (long)ncells, "als_sets: house cells"))
        || !(len = int_array_in(len_o, &nhouses, -1, 0, (long)ncells + 1, "als_sets: house sizes"))
        || !(peers = word_array(peers_o, ncells * W)))
        goto done;
    Py_ssize_t total = 0;
    for (Py_ssize_t h = 0; h < nhouses; h++) total += len[h];
    if (total != nflat) {
        PyErr_SetString(PyExc_ValueError, "als_sets: house sizes do not add up to the house cells");
        goto done;
    }
    empty_count = PyMem_RawCalloc((size_t)nhouses + 1, sizeof(int));
    empty = PyMem_RawMalloc((size_t)ncells * sizeof(int));
    hmask = PyMem_RawCalloc((size_t)(nhouses + 1) * W, sizeof(word));
    where = PyMem_RawCalloc((size_t)n * W, sizeof(word));
    seen = PyMem_RawCalloc((size_t)n * W, sizeof(word));
    if (!empty_count || !empty || !hmask || !where || !seen) { PyErr_NoMemory(); goto done; }
    for (Py_ssize_t h = 0, at = 0; h < nhouses; at += len[h], h++)
        for (int i = 0; i < len[h]; i++) {
            int c = flat[at + i];
            w_set(hmask + (size_t)h * W, c);
            empty_count[h] += value[c] < 0;
        }
    out = PyList_New(0);
    if (!out) goto done;
    for (Py_ssize_t h = 0, at = 0; h < nhouses; at += len[h], h++) {
        int m = 0;
        for (int i = 0; i < len[h]; i++)
            if (value[flat[at + i]] < 0) empty[m++] = flat[at + i];
        for (int size = 1; size <= max_cells && size <= m - 1; size++) {
            int idx[32], chosen[32], depth = 0;
            uint32_t unions[33];
            unions[0] = 0;
            idx[0] = 0;
            /* an iterative walk over the size-combinations of empty, in combinations order (a partial
             * set with more than size + 1 symbols grows no further: it makes no set) */
            while (depth >= 0) {
                if (idx[depth] > m - (size - depth)) { if (--depth >= 0) idx[depth]++; continue; }
                uint32_t u = unions[depth] | (uint32_t)cand[empty[idx[depth]]];
                if (__builtin_popcount(u) > size + 1) { idx[depth]++; continue; }
                chosen[depth] = empty[idx[depth]];
                if (depth < size - 1) {
                    unions[depth + 1] = u;
                    idx[depth + 1] = idx[depth] + 1;
                    depth++;
                    continue;
                }
                idx[depth]++;
                if (__builtin_popcount(u) != size + 1) continue;
                word cells[FISH_W] = {0};
                for (int i = 0; i < size; i++) w_set(cells, chosen[i]);
                int earlier = 0;  /* found already, in an earlier house with more unsolved cells than size */
                for (Py_ssize_t h2 = 0; h2 < h && !earlier; h2++)
                    earlier = empty_count[h2] > size && w_subset(cells, hmask + (size_t)h2 * W, W);
                if (earlier) continue;
                memset(where, 0, (size_t)n * W * sizeof(word));
                for (int s = 0; s < n; s++) memset(seen + (size_t)s * W, 0xff, W * sizeof(word));
                for (int i = 0; i < size; i++) {
                    int c = chosen[i];
                    for (uint32_t b = (uint32_t)cand[c]; b; b &= b - 1) {
                        int s = __builtin_ctz(b);
                        w_set(where + (size_t)s * W, c);
                        for (int w = 0; w < W; w++) seen[(size_t)s * W + w] &= peers[(size_t)c * W + w];
                    }
                }
                PyObject *wt = PyTuple_New(n), *st = PyTuple_New(n), *cm = bits_to_long(cells, W), *item;
                if (!wt || !st || !cm) goto fail;
                for (int s = 0; s < n; s++) {
                    int in = u >> s & 1;
                    PyObject *a = in ? bits_to_long(where + (size_t)s * W, W) : PyLong_FromLong(0);
                    if (!a) goto fail;
                    PyTuple_SET_ITEM(wt, s, a);
                    PyObject *b = in ? bits_to_long(seen + (size_t)s * W, W) : PyLong_FromLong(0);
                    if (!b) goto fail;
                    PyTuple_SET_ITEM(st, s, b);
                }
                if (record) {
                    PyObject *u_o = PyLong_FromUnsignedLong((unsigned long)u), *h_o = PyLong_FromSsize_t(h);
                    item = u_o && h_o ? record->tp_alloc(record, 5) : NULL;
                    if (!item) {
                        Py_XDECREF(u_o);
                        Py_XDECREF(h_o);
                        goto fail;
                    }
                    PyTuple_SET_ITEM(item, 0, cm);
                    PyTuple_SET_ITEM(item, 1, u_o);
                    PyTuple_SET_ITEM(item, 2, h_o);
                    PyTuple_SET_ITEM(item, 3, wt);
                    PyTuple_SET_ITEM(item, 4, st);
                } else
                    item = Py_BuildValue("(NknNN)", cm, (unsigned long)u, h, wt, st);  /* (N: taken even on error) */
                cm = wt = st = NULL;
                if (!item || PyList_Append(out, item) < 0) { Py_XDECREF(item); goto fail; }
                Py_DECREF(item);
                continue;
            fail:
                Py_XDECREF(wt);
                Py_XDECREF(st);
                Py_XDECREF(cm);
                Py_CLEAR(out);
                goto done;
            }
        }
    }
done:
    PyMem_RawFree(cand);
    PyMem_RawFree(value);
    PyMem_RawFree(flat);
    PyMem_RawFree(len);
    PyMem_RawFree(peers);
    PyMem_RawFree(empty_count);
    PyMem_RawFree(empty);
    PyMem_RawFree(hmask);
    PyMem_RawFree(where);
    PyMem_RawFree(seen);
    return out;
}

/* als_links(sets, nsymbols, words) -> {(i, j): [x, ...]}: strategies/als.py's _links, the restricted
 * commons of every two sets i < j (strategies.als.Als records, read as tuples: where and seen are
 * fields 3 and 4): x joins them when every x of j lies among the cells that see every x of i.  The
 * dict's order is Python's: by symbol in the order the sets first hold them, then by i, then by j. */
/* (hoals) als_links' table of pairs: twice the slots, the pairs put again (keys -1 where free). */
static int grow(long long **tkey, PyObject ***tval, size_t *cap) {
    size_t ncap = *cap * 2;
    long long *nkey = PyMem_RawMalloc(ncap * sizeof(long long));
    PyObject **nval = PyMem_RawMalloc(ncap * sizeof(PyObject *));
    if (!nkey || !nval) { PyMem_RawFree(nkey); PyMem_RawFree(nval); PyErr_NoMemory(); return 0; }
    memset(nkey, 0xff, ncap * sizeof(long long));
    for (size_t i = 0; i < *cap; i++) {
        if ((*tkey)[i] < 0) continue;
        size_t slot = (size_t)((*tkey)[i] * 0x9E3779B97F4A7C15ULL >> 20) & (ncap - 1);
        while (nkey[slot] >= 0) slot = (slot + 1) & (ncap - 1);
        nkey[slot] = (*tkey)[i];
        nval[slot] = (*tval)[i];
    }
    PyMem_RawFree(*tkey);
    PyMem_RawFree(*tval);
    *tkey = nkey;
    *tval = nval;
    *cap = ncap;
    return 1;
}

PyObject *als_links(PyObject *module, PyObject *args) {
    PyObject *sets_o;
    int n, W;
    if (!PyArg_ParseTuple(args, "Oii", &sets_o, &n, &W)) return NULL;
    if (n < 1 || n > 31 || W < 1 || W > FISH_W) {
        PyErr_SetString(PyExc_ValueError, "als_links: symbols or words out of range");
        return NULL;
    }
    PyObject *sets = PySequence_Fast(sets_o, "als_links: sets must be a sequence");
    if (!sets) return NULL;
    Py_ssize_t S = PySequence_Fast_GET_SIZE(sets);
    PyObject *out = NULL;
    word *where = PyMem_RawCalloc((size_t)(S ? S : 1) * n * W, sizeof(word));
    word *seen = PyMem_RawCalloc((size_t)(S ? S : 1) * n * W, sizeof(word));
    uint32_t *symbols = PyMem_RawCalloc((size_t)(S ? S : 1), sizeof(uint32_t));
    int *members = PyMem_RawMalloc((size_t)(S ? S : 1) * sizeof(int)), order[32], norder = 0;
    word *wx = NULL, *sx = NULL;
    int *bstart = NULL, *bfill = NULL, *bq = NULL, *lowq = NULL, *hits = NULL;
    size_t cap = 1024, used = 0;
    long long *tkey = PyMem_RawMalloc(cap * sizeof(long long));
    PyObject **tval = PyMem_RawMalloc(cap * sizeof(PyObject *));
    if (tkey) memset(tkey, 0xff, cap * sizeof(long long));
    if (!where || !seen || !symbols || !members) { PyErr_NoMemory(); goto done; }
    uint32_t met = 0;
    for (Py_ssize_t i = 0; i < S; i++) {
        PyObject *a = PySequence_Fast_GET_ITEM(sets, i);
        if (!PyTuple_Check(a) || PyTuple_GET_SIZE(a) < 5) {
            PyErr_SetString(PyExc_TypeError, "als_links: each set must be an Als record");
            goto done;
        }
        long sym;
        if (!small_int(PyTuple_GET_ITEM(a, 1), 0, 1L << n, &sym)) goto done;
        symbols[i] = (uint32_t)sym;
        for (uint32_t b = symbols[i] & ~met; b; b &= b - 1) order[norder++] = __builtin_ctz(b);
        met |= symbols[i];
        PyObject *wt = PyTuple_GET_ITEM(a, 3), *st = PyTuple_GET_ITEM(a, 4);
        if (!PyTuple_Check(wt) || !PyTuple_Check(st) || PyTuple_GET_SIZE(wt) != n || PyTuple_GET_SIZE(st) != n) {
            PyErr_SetString(PyExc_ValueError, "als_links: where and seen must hold a mask per symbol");
            goto done;
        }
        for (int x = 0; x < n; x++)
            if (symbols[i] >> x & 1)
                if (!long_to_bits(PyTuple_GET_ITEM(wt, x), where + ((size_t)i * n + x) * W, W)
                    || !long_to_bits(PyTuple_GET_ITEM(st, x), seen + ((size_t)i * n + x) * W, W))
                    goto done;
    }
    out = PyDict_New();
    if (!out) goto done;
    /* (hoals) per symbol, its sets' places and seen cells side by side, and the sets by the first cell
     * of their places (a bucket per cell, sets ascending; a set without places in a bucket of its own,
     * past the cells): set q is joined to set p only if p's seen cells hold q's first place */
    int nbits = W * 64;
    wx = PyMem_RawMalloc((size_t)(S ? S : 1) * W * sizeof(word));
    sx = PyMem_RawMalloc((size_t)(S ? S : 1) * W * sizeof(word));
    bstart = PyMem_RawMalloc((size_t)(nbits + 2) * sizeof(int));
    bfill = PyMem_RawMalloc((size_t)(nbits + 2) * sizeof(int));
    bq = PyMem_RawMalloc((size_t)(S ? S : 1) * sizeof(int));
    lowq = PyMem_RawMalloc((size_t)(S ? S : 1) * sizeof(int));
    hits = PyMem_RawMalloc((size_t)(S ? S : 1) * sizeof(int));
    if (!wx || !sx || !bstart || !bfill || !bq || !lowq || !hits || !tkey || !tval) {
        Py_CLEAR(out);
        PyErr_NoMemory();
        goto done;
    }
    for (int k = 0; k < norder; k++) {
        int x = order[k], m = 0;
        for (Py_ssize_t i = 0; i < S; i++)
            if (symbols[i] >> x & 1) {
                memcpy(wx + (size_t)m * W, where + ((size_t)i * n + x) * W, (size_t)W * sizeof(word));
                memcpy(sx + (size_t)m * W, seen + ((size_t)i * n + x) * W, (size_t)W * sizeof(word));
                members[m++] = (int)i;
            }
        word lowmask[FISH_W] = {0};
        memset(bstart, 0, (size_t)(nbits + 2) * sizeof(int));
        for (int q = 0; q < m; q++) {
            int low = w_low(wx + (size_t)q * W, W);
            lowq[q] = low < 0 ? nbits : low;
            bstart[lowq[q] + 1]++;
            if (low >= 0) w_set(lowmask, low);
        }
        for (int c = 0; c <= nbits; c++) bstart[c + 1] += bstart[c];
        memcpy(bfill, bstart, (size_t)(nbits + 2) * sizeof(int));
        for (int q = 0; q < m; q++) bq[bfill[lowq[q]]++] = q;
        for (int p = 0; p < m; p++) {
            const word *sp = sx + (size_t)p * W;
            int nh = 0;
            for (int i = 0; i < W; i++)
                for (word b = sp[i] & lowmask[i]; b; b &= b - 1) {
                    int c = i * 64 + __builtin_ctzll(b);
                    for (int e = bstart[c]; e < bstart[c + 1]; e++)
                        if (bq[e] > p && w_subset(wx + (size_t)bq[e] * W, sp, W)) hits[nh++] = bq[e];
                }
            for (int e = bstart[nbits]; e < bstart[nbits + 1]; e++)
                if (bq[e] > p) hits[nh++] = bq[e];
            for (int a = 1; a < nh; a++)  /* (few) in order */
                for (int b = a; b > 0 && hits[b - 1] > hits[b]; b--) {
                    int t = hits[b]; hits[b] = hits[b - 1]; hits[b - 1] = t;
                }
            for (int h = 0; h < nh; h++) {
                long long code = (long long)members[p] * (S + 1) + members[hits[h]];
                PyObject *xs = NULL, *v;
                /* (hoals) the pair's list by a table of our own: the dict is only written, never read */
                size_t slot = (size_t)(code * 0x9E3779B97F4A7C15ULL >> 20) & (cap - 1);
                for (; tkey[slot] >= 0; slot = (slot + 1) & (cap - 1))
                    if (tkey[slot] == code) { xs = tval[slot]; break; }
                if (!xs) {
                    PyObject *key = Py_BuildValue("(ii)", members[p], members[hits[h]]);
                    if (!key || !(xs = PyList_New(0)) || PyDict_SetItem(out, key, xs) < 0) {
                        Py_XDECREF(xs);
                        Py_XDECREF(key);
                        Py_CLEAR(out);
                        goto done;
                    }
                    Py_DECREF(key);
                    Py_DECREF(xs);  /* (the dict holds it) */
                    tkey[slot] = code;
                    tval[slot] = xs;
                    if (++used * 2 > cap && !grow(&tkey, &tval, &cap)) { Py_CLEAR(out); goto done; }
                }
                if (!(v = PyLong_FromLong(x)) || PyList_Append(xs, v) < 0) {
                    Py_XDECREF(v);
                    Py_CLEAR(out);
                    goto done;
                }
                Py_DECREF(v);
            }
        }
    }
done:
    Py_DECREF(sets);
    PyMem_RawFree(where);
    PyMem_RawFree(seen);
    PyMem_RawFree(symbols);
    PyMem_RawFree(members);
    PyMem_RawFree(wx);
    PyMem_RawFree(sx);
    PyMem_RawFree(bstart);
    PyMem_RawFree(bfill);
    PyMem_RawFree(bq);
    PyMem_RawFree(lowq);
    PyMem_RawFree(hits);
    PyMem_RawFree(tkey);
    PyMem_RawFree(tval);
    return out;
}
