// LESS v2.0 parameter sets as compile-time types (less-v2.0.md section 1; LESS v2.0 specification,
// "Parameters"). Each set is a struct of constants; Params<Set> adds the derived sizes. Algorithms
// are templates over Params<Set>, so a set's array sizes are compile-time constants.
#pragma once
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "sigspace/keccak.hpp"

namespace sigspace::less {

// Shape of the truncated GGM seed tree (less-v2.0.md section 7): per level the child-index
// offset, nodes per level and leaves per level; then the leaf runs that map rounds to nodes.
struct TreeShape {
  const std::uint16_t* off;
  const std::uint16_t* npl;
  const std::uint16_t* lpl;
  unsigned levels;  // number of entries in off/npl/lpl (tree depth + 1)
  const std::uint16_t* leaf_start;
  const std::uint16_t* leaf_count;
  unsigned runs;
};

struct Less1b {
  static constexpr const char* name = "LESS-1b";
  static constexpr unsigned n = 252, k = 126, lambda = 16, s = 2, t = 192, w = 36, max_seeds = 87;
  static constexpr std::uint16_t off[] = {0, 0, 0, 0, 0, 0, 0, 0, 128};
  static constexpr std::uint16_t npl[] = {1, 2, 4, 8, 16, 32, 64, 128, 128};
  static constexpr std::uint16_t lpl[] = {0, 0, 0, 0, 0, 0, 0, 64, 128};
  static constexpr std::uint16_t leaf_start[] = {255, 191};
  static constexpr std::uint16_t leaf_count[] = {128, 64};
};
struct Less1i {
  static constexpr const char* name = "LESS-1i";
  static constexpr unsigned n = 252, k = 126, lambda = 16, s = 4, t = 68, w = 42, max_seeds = 26;
  static constexpr std::uint16_t off[] = {0, 0, 0, 0, 8, 8, 8, 8};
  static constexpr std::uint16_t npl[] = {1, 2, 4, 8, 8, 16, 32, 64};
  static constexpr std::uint16_t lpl[] = {0, 0, 0, 4, 0, 0, 0, 64};
  static constexpr std::uint16_t leaf_start[] = {71, 11};
  static constexpr std::uint16_t leaf_count[] = {64, 4};
};
struct Less1s {
  static constexpr const char* name = "LESS-1s";
  static constexpr unsigned n = 252, k = 126, lambda = 16, s = 8, t = 45, w = 34, max_seeds = 11;
  static constexpr std::uint16_t off[] = {0, 0, 0, 0, 2, 2, 26};
  static constexpr std::uint16_t npl[] = {1, 2, 4, 8, 14, 28, 32};
  static constexpr std::uint16_t lpl[] = {0, 0, 0, 1, 0, 12, 32};
  static constexpr std::uint16_t leaf_start[] = {57, 45, 14};
  static constexpr std::uint16_t leaf_count[] = {32, 12, 1};
};
struct Less3b {
  static constexpr const char* name = "LESS-3b";
  static constexpr unsigned n = 400, k = 200, lambda = 24, s = 2, t = 220, w = 68, max_seeds = 119;
  static constexpr std::uint16_t off[] = {0, 0, 0, 0, 0, 0, 0, 8, 56};
  static constexpr std::uint16_t npl[] = {1, 2, 4, 8, 16, 32, 64, 120, 192};
  static constexpr std::uint16_t lpl[] = {0, 0, 0, 0, 0, 0, 4, 24, 192};
  static constexpr std::uint16_t leaf_start[] = {247, 223, 123};
  static constexpr std::uint16_t leaf_count[] = {192, 24, 4};
};
struct Less3s {
  static constexpr const char* name = "LESS-3s";
  static constexpr unsigned n = 400, k = 200, lambda = 24, s = 4, t = 102, w = 61, max_seeds = 41;
  static constexpr std::uint16_t off[] = {0, 0, 0, 0, 0, 4, 12, 12};
  static constexpr std::uint16_t npl[] = {1, 2, 4, 8, 16, 28, 48, 96};
  static constexpr std::uint16_t lpl[] = {0, 0, 0, 0, 2, 4, 0, 96};
  static constexpr std::uint16_t leaf_start[] = {107, 55, 29};
  static constexpr std::uint16_t leaf_count[] = {96, 4, 2};
};
struct Less5b {
  static constexpr const char* name = "LESS-5b";
  static constexpr unsigned n = 548, k = 274, lambda = 32, s = 2, t = 345, w = 75, max_seeds = 169;
  static constexpr std::uint16_t off[] = {0, 0, 0, 0, 0, 2, 2, 2, 50, 178};
  static constexpr std::uint16_t npl[] = {1, 2, 4, 8, 16, 30, 60, 120, 192, 256};
  static constexpr std::uint16_t lpl[] = {0, 0, 0, 0, 1, 0, 0, 24, 64, 256};
  static constexpr std::uint16_t leaf_start[] = {433, 369, 217, 30};
  static constexpr std::uint16_t leaf_count[] = {256, 64, 24, 1};
};
struct Less5s {
  static constexpr const char* name = "LESS-5s";
  static constexpr unsigned n = 548, k = 274, lambda = 32, s = 4, t = 137, w = 79, max_seeds = 58;
  static constexpr std::uint16_t off[] = {0, 0, 0, 2, 2, 2, 18, 18, 18};
  static constexpr std::uint16_t npl[] = {1, 2, 4, 6, 12, 24, 32, 64, 128};
  static constexpr std::uint16_t lpl[] = {0, 0, 1, 0, 0, 8, 0, 0, 128};
  static constexpr std::uint16_t leaf_start[] = {145, 41, 6};
  static constexpr std::uint16_t leaf_count[] = {128, 8, 1};
};

template <class Set>
struct Params : Set {
  using Set::n, Set::k, Set::lambda, Set::s, Set::t, Set::w, Set::max_seeds;
  static constexpr unsigned m = n - k;                 // non-information-set columns (= k)
  static constexpr unsigned n8 = (n + 7) / 8;          // bytes of a column bitmap
  static constexpr std::size_t rref_bytes = (std::size_t{7} * k * m + 7) / 8 + n8;  // section 3
  static constexpr std::size_t pk_bytes = lambda + (s - 1) * rref_bytes;
  static constexpr std::size_t sk_bytes = 2 * lambda;
  static constexpr std::size_t digest_bytes = 2 * lambda, salt_bytes = 2 * lambda;
  // digest || salt || w responses || published seeds || 1 count byte (section 5 step 11)
  static constexpr std::size_t sig_fixed_bytes = 4ull * lambda + std::size_t{w} * n8 + 1;
  static constexpr std::size_t sig_max_bytes = sig_fixed_bytes + std::size_t{max_seeds} * lambda;
  static constexpr unsigned tree_nodes = 2 * t - 1;
  static constexpr unsigned category = lambda == 16 ? 1 : (lambda == 24 ? 3 : 5);
  // Pivot-reuse caps of the official reference (less-v2.0.md section 1, derived constants;
  // performance only): sign reuses at most this many former unit columns per RREF, which keeps
  // the amount of work fixed except with probability below 2^-64; verify reuses up to k.
  static constexpr unsigned sign_pivot_reuse_limit = category == 1 ? 25 : (category == 3 ? 51 : 79);
  static constexpr unsigned verify_pivot_reuse_limit = k;
  // Section 2: SHAKE128 for category 1, SHAKE256 otherwise; SHA3 with a 2-lambda-byte digest.
  using Xof = std::conditional_t<category == 1, Shake128, Shake256>;
  using Hash = std::conditional_t<category == 1, Sha3_256,
                                  std::conditional_t<category == 3, Sha3_384, Sha3_512>>;
  // The same hash on a given permutation (the keccak-kernel technique's block digest).
  template <KeccakPermutation F>
  using HashOn = BasicSha3<F, 2 * lambda>;
  static constexpr TreeShape tree() {
    return {Set::off, Set::npl, Set::lpl, sizeof Set::off / sizeof Set::off[0],
            Set::leaf_start, Set::leaf_count, sizeof Set::leaf_start / sizeof Set::leaf_start[0]};
  }
  static_assert(m == k, "LESS v2.0 sets have k = n/2");
};

using P1b = Params<Less1b>;
using P1i = Params<Less1i>;
using P1s = Params<Less1s>;
using P3b = Params<Less3b>;
using P3s = Params<Less3s>;
using P5b = Params<Less5b>;
using P5s = Params<Less5s>;

static_assert(P1b::pk_bytes == 13940 && P1i::pk_bytes == 41788 && P1s::pk_bytes == 97484);
static_assert(P3b::pk_bytes == 35074 && P3s::pk_bytes == 105174);
static_assert(P5b::pk_bytes == 65793 && P5s::pk_bytes == 197315);
static_assert(P1b::sig_max_bytes == 2609 && P3b::sig_max_bytes == 6353 && P5s::sig_max_bytes == 7436);

}  // namespace sigspace::less
