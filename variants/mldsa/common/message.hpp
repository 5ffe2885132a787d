// The message representative mu = H(tr || M', 64) (FIPS 204 Algorithm 7, line 6 and
// Algorithm 8, line 7) for every MessageMode: M' is absorbed piece by piece from the caller's
// buffers, so even an 8 KB message is never copied.
#pragma once
#include <cstddef>
#include <cstdint>

#include "sigspace/keccak.hpp"
#include "sigspace/prehash.hpp"
#include "sigspace/variant.hpp"

namespace sigspace::mldsa {

inline constexpr std::size_t kMaxContext = 255;

// mu for msg, given tr = H(pk, 64); a pre-hash is computed as its row of core's kPreHashes
// (sigspace/prehash.hpp) says. Status::invalid_input for a context over 255 bytes
// (Algorithms 2-5, lines 1-3), an external mu that is not 64 bytes, a context given to a mode
// that has none, or PreHash::none in prehash mode.
Status compute_mu(const std::uint8_t tr[64], const MessageInput& msg, std::uint8_t mu[64]);
// The same mu with H, and a SHA-3/SHAKE pre-hash, run on permutation F (keccak_f1600,
// keccak_f1600_compact and, on board builds, keccak_f1600_armv7m are instantiated): stack-bound
// points pick the compact one.
template <KeccakPermutation F>
Status compute_mu_with(const std::uint8_t tr[64], const MessageInput& msg, std::uint8_t mu[64]);

}  // namespace sigspace::mldsa
