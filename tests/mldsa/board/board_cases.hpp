// Case shapes of the generated board vectors (mldsa_board_vectors.hpp in the build tree).
#pragma once
#include <cstddef>
#include <cstdint>

#include "sigspace/variant.hpp"

namespace mldsa_board {

struct KeyGenCase {
  const char* param_set;
  int tc_id;
  const std::uint8_t* seed; std::size_t seed_len;
  const std::uint8_t* pk; std::size_t pk_len;
  const std::uint8_t* sk; std::size_t sk_len;
};

struct SigGenCase {
  const char* param_set;
  int tc_id;
  sigspace::MessageMode mode;
  sigspace::PreHash prehash;
  const std::uint8_t* sk; std::size_t sk_len;
  const std::uint8_t* msg; std::size_t msg_len;
  const std::uint8_t* ctx; std::size_t ctx_len;
  const std::uint8_t* rnd; std::size_t rnd_len;  // nullptr: deterministic
  const std::uint8_t* sig; std::size_t sig_len;
};

struct SigVerCase {
  const char* param_set;
  int tc_id;
  sigspace::MessageMode mode;
  const std::uint8_t* pk; std::size_t pk_len;
  const std::uint8_t* msg; std::size_t msg_len;
  const std::uint8_t* ctx; std::size_t ctx_len;
  const std::uint8_t* sig; std::size_t sig_len;
  bool expect_valid;
};

}  // namespace mldsa_board
