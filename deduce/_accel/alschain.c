#include "accel.h"

/* HoDoKu's whole ALS-XY-wings (als_xy_whole; strategies/als.py's AlsXYWing with whole).  The ALS
 * chain and plain ALS-XY-wing searches were retired to Python (bench/kernel_share.py: under 5% of the
 * rating and of the explain time). */

/* What the ALS-XY-wing search reads: the sets' links as offsets, sets
 * and commons, their symbols, per set and symbol its reach and per set its cells as words. */
typedef struct {
    int *off, *nbr, *mask, *symbols;
    word *reach, *cells;
    Py_ssize_t S, nnbr;
    int n, W;
} Wings;

static void wings_free(Wings *I) {
    PyMem_RawFree(I->off);
    PyMem_RawFree(I->nbr);
    PyMem_RawFree(I->mask);
    PyMem_RawFree(I->symbols);
    PyMem_RawFree(I->reach);
    PyMem_RawFree(I->cells);
}

/* The arguments (off, nbr, mask, symbols, reach, cells, nsymbols, words) checked into I; 0 on error (I freed). */
static int wings_in(PyObject *args, const char *name, Wings *I) {
    PyObject *off_o, *nbr_o, *mask_o, *symbols_o, *reach_o, *cells_o;
    Py_ssize_t noff, nmask;
    memset(I, 0, sizeof(*I));
    if (!PyArg_ParseTuple(args, "OOOOOOii", &off_o, &nbr_o, &mask_o, &symbols_o, &reach_o, &cells_o, &I->n, &I->W))
        return 0;
    const int n = I->n, W = I->W;
    if (n < 1 || n > 31 || W < 1 || W > FISH_W) {
        PyErr_Format(PyExc_ValueError, "%s: symbols or words out of range", name);
        return 0;
    }
    if (!(I->off = int_array(off_o, &noff)) || !(I->nbr = int_array(nbr_o, &I->nnbr))
        || !(I->mask = int_array(mask_o, &nmask)) || !(I->symbols = int_array(symbols_o, &I->S)))
        goto fail;
    const Py_ssize_t S = I->S;
    if (noff != S + 1 || nmask != I->nnbr || I->off[0] != 0 || I->off[S] != I->nnbr) {
        PyErr_Format(PyExc_ValueError, "%s: malformed links", name);
        goto fail;
    }
    for (Py_ssize_t i = 0; i < S; i++)
        if (I->off[i + 1] < I->off[i] || I->symbols[i] < 0 || I->symbols[i] >> n) {
            PyErr_Format(PyExc_ValueError, "%s: malformed links or symbols", name);
            goto fail;
        }
    for (Py_ssize_t e = 0; e < I->nnbr; e++)
        if (I->nbr[e] < 0 || I->nbr[e] >= S || I->mask[e] < 0 || I->mask[e] >> n) {
            PyErr_Format(PyExc_ValueError, "%s: a link out of range", name);
            goto fail;
        }
    if (!(I->reach = word_array(reach_o, S * n * W)) || !(I->cells = word_array(cells_o, S * W))) goto fail;
    return 1;
fail:
    wings_free(I);
    return 0;
}

/* als_xy_whole(off, nbr, mask, symbols, reach, cells, nsymbols, words) -> [(pivot, i, x, j, y, eliminations)]:
 * strategies/als.py's AlsXYWing._whole before it makes the steps (HoDoKu's reading): per pivot set with
 * links (ascending), every two of its links (combinations order) to sets i and j with restricted
 * commons xs and ys (not both the same single symbol), the three sets apart; the eliminations
 * (cell, z), z of both wings but none of xs and ys (ascending), the cells (ascending) that hold z
 * outside the wings and see every z of both; x and y the first commons of xs and ys that differ. */
PyObject *als_xy_whole(PyObject *module, PyObject *args) {
    Wings I;
    if (!wings_in(args, "als_xy_whole", &I)) return NULL;
    const int *off = I.off, *nbr = I.nbr, *mask = I.mask, *symbols = I.symbols, n = I.n, W = I.W;
    const word *reach = I.reach, *cells = I.cells;
    const Py_ssize_t S = I.S;
    PyObject *out = NULL;
    out = PyList_New(0);
    if (!out) goto done;
    for (Py_ssize_t pivot = 0; pivot < S; pivot++) {
        const word *cc = cells + pivot * W;
        for (int p = off[pivot]; p < off[pivot + 1]; p++) {
            int i = nbr[p];
            uint32_t xs = (uint32_t)mask[p];
            const word *ca = cells + (size_t)i * W;
            for (int q = p + 1; q < off[pivot + 1]; q++) {
                int j = nbr[q];
                uint32_t ys = (uint32_t)mask[q];
                const word *cb = cells + (size_t)j * W;
                if (xs == ys && __builtin_popcount(xs) == 1) continue;
                int apart = 1;
                for (int w = 0; w < W && apart; w++) apart = !(ca[w] & cb[w]) && !((ca[w] | cb[w]) & cc[w]);
                if (!apart) continue;
                PyObject *elims = NULL;
                for (uint32_t zs = (uint32_t)(symbols[i] & symbols[j]) & ~xs & ~ys; zs; zs &= zs - 1) {
                    int z = __builtin_ctz(zs);
                    const word *ra = reach + ((size_t)i * n + z) * W, *rb = reach + ((size_t)j * n + z) * W;
                    for (int w = 0; w < W; w++)
                        for (word v = ra[w] & rb[w]; v; v &= v - 1) {
                            PyObject *e = Py_BuildValue("(ii)", w * 64 + __builtin_ctzll(v), z);
                            if (!elims) elims = PyList_New(0);
                            if (!e || !elims || PyList_Append(elims, e) < 0) {
                                Py_XDECREF(e);
                                Py_XDECREF(elims);
                                Py_CLEAR(out);
                                goto done;
                            }
                            Py_DECREF(e);
                        }
                }
                if (!elims) continue;
                int x = -1, y = -1;
                for (uint32_t a = xs; a && x < 0; a &= a - 1)
                    for (uint32_t b = ys; b; b &= b - 1)
                        if (__builtin_ctz(a) != __builtin_ctz(b)) { x = __builtin_ctz(a); y = __builtin_ctz(b); break; }
                PyObject *item = Py_BuildValue("(niiiiN)", pivot, i, x, j, y, elims);
                if (!item || PyList_Append(out, item) < 0) { Py_XDECREF(item); Py_CLEAR(out); goto done; }
                Py_DECREF(item);
            }
        }
    }
done:
    wings_free(&I);
    return out;
}
