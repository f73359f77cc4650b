/* deduce's C accelerator: what its kernels share (one header for all of them).
 *
 * Each kernel is the same search as a Python one, in its own file.  Each
 * returns plain data (ints, bit arrays as ints, flat lists and tuples of
 * ints, arrays of native ints as bytes) that Python makes its records from:
 * the chains' Context gives a propagation's nodes as literal -> number and
 * its records as codes, numbers and literals (strategies/implications.py's
 * Trace makes the (reason, parents) pairs of those a step shows):
 *
 *   chains.c  the propagations of static, grouped and dynamic chains (Context;
 *             strategies/implications.py) and a conclusion's chain counted
 *             (trace_count, ancestor_count; strategies/implications.py)
 *   screen.c  the bitset screen of static chains (Screen; strategies/static_screen.py)
 *   fish.c    the franken, mutant and finned standard fish searches (FishTables;
 *             strategies/fish.py)
 *   houses.c  the naked, hidden and locked set searches of one house at a time
 *             (HouseTables; strategies/subsets.py)
 *   aligned.c the aligned pair and triple exclusion search (aligned_sets;
 *             strategies/aligned_exclusion.py)
 *   alssets.c the almost locked sets of a position and their restricted commons (als_sets, als_links;
 *             strategies/als.py)
 *   alschain.c HoDoKu's whole ALS-XY-wings (als_xy_whole; strategies/als.py)
 *   tabling.c HoDoKu's tables: their direct links (hodoku_grid; strategies/_hodoku_tabling.py) and
 *             their reading: nice loops and AICs, forcing chains (hodoku_nice_loops, hodoku_forcing)
 *   hodals.c  HoDoKu's ALS chains' walk (hodoku_als_walk; strategies/_hodoku_als.py)
 *   nets.c    HoDoKu's forcing nets' start tables (hodoku_net_starts; strategies/_hodoku_nets.py)
 *   se_static.c  Sudoku Explainer's static chains: a double implication's conclusions counted at once
 *             (double_counts; strategies/best_first.py)
 *   se_dynamic.c  Sudoku Explainer's dynamic forcing chains' contradictions, double, cell and region
 *             conclusions, the easiest per kind and result (se_dynamic; strategies/chain_producer.py),
 *             a conclusion's chain listed (trace_chain; strategies/conclusions.py), the double
 *             implications of two propagations (trace_doubles) and the branches of cell and region
 *             forcing chains (branch_groups; strategies/chain_producer.py)
 *   ho_misc.c HoDoKu's other finders: Sue de Coq's search (sdc_shared), the ALS sets' reach
 *             (als_reach), neighbours and link table (als_neighbours, als_pair_table),
 *             ALS-XZ's pairs worth a look (als_xz_pairs) and bit sets packed as words
 *             (pack_words; strategies/als.py), HoDoKu's unique rectangles (hodoku_ur_rectangles;
 *             strategies/_hodoku_uniqueness.py)
 *   xychain.c the XY-chains' breadth-first walks from every bivalue cell (xy_chain_paths;
 *             strategies/chains.py)
 *   search.c  the backtracking search of puzzles without cages (SearchTables;
 *             deduce/backtrack.py)
 *   module.c  the module, a position's places (symbol_masks, unsolved_mask;
 *             deduce/state.py), and the interface Python checks at import
 *             (deduce/_accelerator.py)
 *   common.c  Python ints and sequences to and from C arrays, growing arrays,
 *             input checks
 *
 * The limits a kernel shares with Python are passed in from Python (the
 * chains' generations) or exported by module.c and checked equal at import
 * (deduce/_accelerator.py).  The build (setup.py) embeds a digest of these
 * sources as DEDUCE_ACCEL_SOURCE_DIGEST; Python refuses a module whose
 * digest is not that of the sources beside it.
 *
 * Literals are packed as deduce/literal.py packs them (module.c exports the
 * packing, checked at import): cell << LIT_CELL_SHIFT | symbol << 1 | on.
 */
#ifndef DEDUCE_ACCEL_H
#define DEDUCE_ACCEL_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>

typedef uint64_t word;

/* deduce/literal.py's packing of a literal (checked at import) */
#define LIT_CELL_SHIFT 6
#define LIT(c, s, on) ((c) << LIT_CELL_SHIFT | (s) << 1 | (on))

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the accelerator packs bitsets as little-endian words"
#endif

/* ---- word helpers ---------------------------------------------------- */

static inline int w_zero(const word *a, int W) {
    for (int i = 0; i < W; i++) if (a[i]) return 0;
    return 1;
}

static inline int w_count(const word *a, int W) {
    int k = 0;
    for (int i = 0; i < W; i++) k += __builtin_popcountll(a[i]);
    return k;
}

static inline int w_low(const word *a, int W) {  /* lowest set bit, -1 if none */
    for (int i = 0; i < W; i++) if (a[i]) return i * 64 + __builtin_ctzll(a[i]);
    return -1;
}

static inline int w_bit(const word *a, int b) { return (int)((a[b >> 6] >> (b & 63)) & 1); }
static inline void w_clear(word *a, int b) { a[b >> 6] &= ~((word)1 << (b & 63)); }
static inline void w_set(word *a, int b) { a[b >> 6] |= (word)1 << (b & 63); }

static inline int w_subset(const word *a, const word *b, int W) {  /* a <= b */
    for (int i = 0; i < W; i++) if (a[i] & ~b[i]) return 0;
    return 1;
}

static inline int w_disjoint(const word *a, const word *b, int W) {
    for (int i = 0; i < W; i++) if (a[i] & b[i]) return 0;
    return 1;
}


/* The codes of a propagation's records (chains.c), in the order of their names in RECORD_CODES,
 * which module.c exports and strategies/implications.py checks at import against its own. */
enum { REC_CELL, REC_PEER, REC_NAKED, REC_HIDDEN, REC_GROUP, REC_ALS, REC_EMPTY, REC_NOPLACE };
#define RECORD_CODES "cell peer naked hidden group als empty no-place"

/* ---- common.c --------------------------------------------------------- */

/* A bitset of nw words as a non-negative Python int. */
PyObject *bits_to_long(const word *w, int nw);
/* A non-negative Python int into nw words (it must fit); 0 on error. */
int long_to_bits(PyObject *v, word *w, int nw);
/* A list of Python ints into a new C int array (NULL on error). */
int *int_array(PyObject *seq, Py_ssize_t *len);
/* int_array, each number in [low, bound) and, when expect >= 0, expect of them. */
int *int_array_in(PyObject *seq, Py_ssize_t *len, Py_ssize_t expect, long low, long bound, const char *what);
/* A bytes object of little-endian words into a new word array. */
word *word_array(PyObject *b, Py_ssize_t words);

/* A 9x9 grid with 3x3 boxes, its 81 cells as the bits of a mask (tabling.c, nets.c): a house's cells
 * (rows 0-8, columns 9-17, boxes 18-26), cell c's k-th house (row, column, box) and its peers,
 * computed (no table to fill, so nothing shared between threads); g9_low, the lowest cell of m. */
typedef __uint128_t cells81;
static inline cells81 g9_house(int h) {
    if (h < 9) return (cells81)0x1FF << (9 * h);
    if (h < 18) return ((cells81)1 << 72 | (cells81)0x8040201008040201ULL) << (h - 9);
    return (cells81)0x1C0E07 << (27 * ((h - 18) / 3) + 3 * ((h - 18) % 3));
}
static inline int g9_house_of(int c, int k) {
    return k == 0 ? c / 9 : k == 1 ? 9 + c % 9 : 18 + c / 27 * 3 + c % 9 / 3;
}
static inline cells81 g9_peers(int c) {
    return (g9_house(c / 9) | g9_house(9 + c % 9) | g9_house(18 + c / 27 * 3 + c % 9 / 3)) & ~((cells81)1 << c);
}
static inline int g9_low(cells81 m) {
    uint64_t lo = (uint64_t)m;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(m >> 64));
}

/* PyErr_NoMemory if this thread holds the GIL; 0.  Everything here allocates with PyMem_Raw*, so that
 * a search may run with the GIL released (Py_BEGIN_ALLOW_THREADS); such a search touches no Python
 * object, and its caller sets the error (no_memory) if none is set once it holds the GIL again. */
int no_memory(void);

/* A growing int array (push: 0 on error, set only when the GIL is held, see no_memory). */
typedef struct { int *items; size_t used, cap; } IntList;
int push(IntList *L, int v);
/* push, inline when there is room (sedyn2: the propagations' and the chain counts' hot loops) */
static inline int push_fast(IntList *L, int v) {
    if (L->used < L->cap) { L->items[L->used++] = v; return 1; }
    return push(L, v);
}
int *int_list_array(IntList *L);
/* Growing arrays of W-word bitsets. */
typedef struct { word *items; size_t used, cap; int W; } WordList;
int push_words(WordList *L, const word *w);
word *word_list_array(WordList *L);

/* The input checks of the fish, search and house tables. */
int small_int(PyObject *v, long low, long bound, long *out);
int cell_bits(PyObject *v, word *w, int W, int ncells);
PyObject *int_tuple(const int *xs, int k);
int *house_list(PyObject *list, int nhouses, int *len);

/* ---- the kernels' types and functions (module.c adds them) ------------- */

extern PyTypeObject ContextType, ScreenType, FishTablesType, HouseTablesType, SearchTablesType, SearchIterType;
PyObject *ancestor_count(PyObject *module, PyObject *args);
PyObject *trace_count(PyObject *module, PyObject *args);
PyObject *aligned_sets(PyObject *module, PyObject *args);
PyObject *als_xy_whole(PyObject *module, PyObject *args);
PyObject *als_sets(PyObject *module, PyObject *args);
PyObject *als_links(PyObject *module, PyObject *args);
PyObject *hodoku_grid(PyObject *module, PyObject *args);
PyObject *hodoku_net_starts(PyObject *module, PyObject *args);  /* nets.c */
PyObject *hodoku_als_walk(PyObject *module, PyObject *args);  /* hodals.c */
/* se_static.c: Sudoku Explainer's static chains (strategies/best_first.py) */
PyObject *double_counts(PyObject *module, PyObject *args);
/* se_dynamic.c: Sudoku Explainer's forcing chains' conclusions from Context's propagations */
PyObject *se_dynamic(PyObject *module, PyObject *args);
PyObject *trace_chain(PyObject *module, PyObject *args);
PyObject *trace_doubles(PyObject *module, PyObject *args);
PyObject *branch_groups(PyObject *module, PyObject *args);
/* chains.c: a Context's propagation without Python objects (records of chains.c's REC ints each) */
typedef struct {
    int ncells, n, nnodes, nrecs, nflat, contra_y, contra_rec;
    const int *lits, *node_rec, *recs, *flat;
} ChainTrace;
int context_trace(PyObject *context, int start, ChainTrace *out);
/* tabling.c: HoDoKu's tables read (nice loops and AICs, forcing chains) */
PyObject *hodoku_nice_loops(PyObject *module, PyObject *args);
PyObject *hodoku_forcing(PyObject *module, PyObject *args);

/* The kernels' limits (module.c exports them; strategies/_accel.py checks the strategies' against them) */
#define FISH_W 10              /* fish.c: cell masks of up to 10 words, 640 cells (25 x 25) */
#define FISH_HOUSES 128        /* fish.c: house sets are two words */
#define FISH_SIZE 4            /* fish.c: the largest fish */
#define FISH_FINS 8            /* fish.c: the most fins */
#define SUBSET_K 8             /* houses.c: the largest set searched */
#define ALIGNED_EXCLUDERS 64   /* aligned.c: the most excluders of one set (more: left to Python) */
#define SUBSET_ITEMS 32        /* houses.c: cells per group, symbols per grid */


/* ---- ho_misc.c: HoDoKu's other finders ---- */
PyObject *sdc_shared(PyObject *module, PyObject *args);
PyObject *als_neighbours(PyObject *module, PyObject *pairs);
PyObject *pack_words(PyObject *module, PyObject *args);
PyObject *als_xz_pairs(PyObject *module, PyObject *args);
PyObject *hodoku_ur_rectangles(PyObject *module, PyObject *args);
PyObject *als_reach(PyObject *module, PyObject *args);
PyObject *als_pair_table(PyObject *module, PyObject *args);  /* hoals */
PyObject *sdc_batch(PyObject *module, PyObject *args);  /* hoals */
PyObject *hodoku_als_run(PyObject *module, PyObject *args);  /* hoals */
PyObject *als_hodoku_order(PyObject *module, PyObject *args);  /* hoals */
#define SDC_CELLS 16           /* ho_misc.c: the most unsolved cells of a house in a Sue de Coq */

/* xychain.c: XY-chains' walks (xy_chain_paths; strategies/chains.py) */
PyObject *xy_chain_paths(PyObject *module, PyObject *args);

#endif
