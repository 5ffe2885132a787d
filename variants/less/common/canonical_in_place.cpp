#include "less/common/canonical_in_place.hpp"

#include <algorithm>
#include <cstring>

#include "less/common/canonical_rows.hpp"
#include "less/common/fq.hpp"

namespace sigspace::less {
namespace {
using namespace cf_rows;

// Would candidate d's build succeed (canonical.cpp's build_candidate, without building it)? Every
// row scaled by d must be all-equal or normalise. Writes the least scaled row's histogram to
// least. The reference's pruning test there (no row with as many zeros as the best's first row)
// never fires: scaling keeps every row's zeros, and a first row is one with the most. h is scratch.
bool build_succeeds(const std::uint8_t* a, unsigned k, unsigned m, const std::uint8_t* d,
                    std::uint8_t* h, std::uint8_t* least) {
  for (unsigned r = 0; r < k; ++r) {
    const std::uint8_t* src = a + std::size_t{r} * m;
    if (!scaled_histogram(src, d, m, true, h)) return false;
    if (r == 0 || hist_less(h, least)) std::memcpy(least, h, 128);
  }
  return true;
}

void scalars_of(const std::uint8_t* a, unsigned m, unsigned r, std::uint8_t* d) {
  for (unsigned j = 0; j < m; ++j) d[j] = kFqInv.v[a[std::size_t{r} * m + j]];
}

// The winning candidate's row, or k when no build succeeds. canonical_form keeps a built
// candidate when it is below the best so far. The first always is: its own row scales to all
// ones, so it differs from the all-(q-1) start. A later one is built only when a maximal-zero
// row's key is below the best's first row's (precheck); its first row, the least, is then below
// too, and a first row is sorted (the columns are), so the histogram order is its lexicographic
// order. So the winner is the last candidate in row order that passes precheck and builds; the
// two-pass shortcut (canonical.cpp) finds it in the common case without replaying them all.
// The two halves are separate frames, so that their histograms are not on the stack together
// (the memory floor counts every byte). The shortcut's candidate key is dead once compared, so
// it takes the built candidate's least histogram.
[[gnu::noinline]] unsigned shortcut(const std::uint8_t* a, unsigned k, unsigned m, const CfInPlaceScratch& ws,
                                    unsigned nj) {
  std::uint8_t h[128], key[128], least[128];
  for (unsigned r = least_key(a, k, m, ws.rows, nj, ws.d, h, key, least); r < k; ++r) {
    if (!zero_free(a + std::size_t{r} * m, m) || !candidate_key(a, m, r, ws.rows, nj, ws.d, h, key) ||
        std::memcmp(key, least, 128) != 0)
      continue;
    if (build_succeeds(a, k, m, ws.d, h, key)) return r;
  }
  return k;
}
[[gnu::noinline]] unsigned replay(const std::uint8_t* a, unsigned k, unsigned m, const CfInPlaceScratch& ws,
                                  unsigned nj) {
  std::uint8_t h[128], lbest[128] = {}, l_new[128];
  unsigned win = k;
  for (unsigned r = 0; r < k; ++r) {  // canonical_form's loop, replayed
    if (!zero_free(a + std::size_t{r} * m, m)) continue;
    scalars_of(a, m, r, ws.d);
    if (!precheck(a, m, ws.d, ws.rows, nj, lbest, ws.line, h)) continue;
    if (!build_succeeds(a, k, m, ws.d, h, l_new)) continue;
    win = r;
    std::memcpy(lbest, l_new, 128);
  }
  return win;
}
unsigned winner(const std::uint8_t* a, unsigned k, unsigned m, const CfInPlaceScratch& ws, unsigned nj) {
  const unsigned r = shortcut(a, k, m, ws, nj);
  return r < k ? r : replay(a, k, m, ws, nj);
}

// The first comparison of the row order (hist_less) on eight values: a row's multiset as its
// values in increasing order, each as often as its (byte) count says, then 0xff. Two rows'
// sequences compare as their histograms do, so unequal keys decide and equal ones fall back.
std::uint64_t row_key(const std::uint8_t* row, unsigned m) {
  std::uint8_t h[128];
  histogram(row, m, h);
  std::uint64_t key = 0;
  unsigned n = 0;
  for (unsigned v = 0; v < kQ && n < 8; ++v)
    for (unsigned c = 0; c < h[v] && n < 8; ++c, ++n) key = key << 8 | v;
  for (; n < 8; ++n) key = key << 8 | 0xff;
  return key;
}

// The two orders of steps 4d-4e, both total (row_less; equal columns are equal), sorted by
// heapsort: it needs no recursion (std::sort's introsort nests several levels on 126 rows, and
// the memory floor counts every byte of their frames), and any algorithm gives the same result
// on a total order. The comparators stay calls, so no histogram lands in the sort's frame.
struct RowOrder {
  const std::uint8_t* a;
  unsigned m;
  const std::uint64_t* keys;  // or nullptr
};
[[gnu::noinline]] bool row_before(const RowOrder& o, unsigned x, unsigned y) {
  if (o.keys != nullptr && o.keys[x] != o.keys[y]) return o.keys[x] < o.keys[y];
  std::uint8_t hx[128], hy[128];
  histogram(o.a + std::size_t{x} * o.m, o.m, hx), histogram(o.a + std::size_t{y} * o.m, o.m, hy);
  return row_less(hx, hy, x, y);
}
struct ColumnOrder {
  const std::uint8_t* a;
  unsigned k, m;
};
[[gnu::noinline]] bool column_before(const ColumnOrder& o, unsigned x, unsigned y) {
  for (unsigned r = 0; r < o.k; ++r) {  // memcmp of the two columns
    const std::uint8_t* row = o.a + std::size_t{r} * o.m;
    if (row[x] != row[y]) return row[x] < row[y];
  }
  return false;
}

// Rows in place: new row r = old row order[r], by following the permutation's cycles.
void permute_rows(std::uint8_t* a, unsigned k, unsigned m, std::uint16_t* order, std::uint8_t* buf) {
  for (unsigned s = 0; s < k; ++s) {
    if (order[s] == s) continue;
    std::memcpy(buf, a + std::size_t{s} * m, m);
    for (unsigned cur = s;;) {
      const unsigned next = order[cur];
      order[cur] = static_cast<std::uint16_t>(cur);  // placed
      std::uint8_t* dst = a + std::size_t{cur} * m;
      if (next == s) {
        std::memcpy(dst, buf, m);
        break;
      }
      std::memcpy(dst, a + std::size_t{next} * m, m);
      cur = next;
    }
  }
}

// Steps 4c-4e of the winner, in a: the same orders as build_candidate, from the same
// comparisons.
void build_in_place(std::uint8_t* a, unsigned k, unsigned m, const CfInPlaceScratch& ws) {
  for (unsigned r = 0; r < k; ++r) {
    std::uint8_t* row = a + std::size_t{r} * m;
    scale_normalise(row, ws.d, m, true, row);  // succeeds: winner() checked it
    if (ws.keys != nullptr) ws.keys[r] = row_key(row, m);
  }
  for (unsigned r = 0; r < k; ++r) ws.rows[r] = static_cast<std::uint16_t>(r);
  const RowOrder rows{a, m, ws.keys};
  const auto row_cmp = [&rows](std::uint16_t x, std::uint16_t y) { return row_before(rows, x, y); };
  std::make_heap(ws.rows, ws.rows + k, row_cmp);
  std::sort_heap(ws.rows, ws.rows + k, row_cmp);
  permute_rows(a, k, m, ws.rows, ws.line);  // the row order is spent: col_idx may reuse it
  for (unsigned j = 0; j < m; ++j) ws.col_idx[j] = static_cast<std::uint16_t>(j);
  const ColumnOrder columns{a, k, m};
  const auto col_cmp = [&columns](std::uint16_t x, std::uint16_t y) { return column_before(columns, x, y); };
  std::make_heap(ws.col_idx, ws.col_idx + m, col_cmp);
  std::sort_heap(ws.col_idx, ws.col_idx + m, col_cmp);
  for (unsigned r = 0; r < k; ++r) {
    std::uint8_t* row = a + std::size_t{r} * m;
    for (unsigned j = 0; j < m; ++j) ws.d[j] = row[ws.col_idx[j]];
    std::memcpy(row, ws.d, m);
  }
}

}  // namespace

// Section 6, compute_canonical_form_type5_popcnt, decided read-only and then built in a.
bool canonical_form_in_place(std::uint8_t* a, unsigned k, unsigned m, const CfInPlaceScratch& ws) {
  const unsigned nj = max_zero_rows(a, k, m, ws.rows);
  if (nj == m) return false;  // all rows tie, as canonical_form
  const unsigned win = winner(a, k, m, ws, nj);
  if (win == k) return false;
  scalars_of(a, m, win, ws.d);
  build_in_place(a, k, m, ws);
  return true;
}

}  // namespace sigspace::less
