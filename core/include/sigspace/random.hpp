// Randomness sources and the policy that draws key seeds and signing nonces from them
// (ARCHITECTURE.md, "Randomness"). Variants take randomness as an input; this is where a caller
// gets it. Freestanding: a source is a plain function pointer plus context, so the same policy
// code runs with the OS or libgcrypt on the host (harness/host/random/) and with the DRBG or a
// replayed byte string anywhere, the board included.
#pragma once
#include <cstddef>
#include <cstdint>

#include "sigspace/bytes.hpp"
#include "sigspace/variant.hpp"

namespace sigspace {

struct RandomSource {
  const char* name;                        // recorded with every measurement that drew from it
  Status (*fill)(void* ctx, MutBytes out);  // all of out, or random_failure
  void* ctx;
  Status operator()(MutBytes out) const { return fill(ctx, out); }
};

// Separate levels for the two uses (libgcrypt does the same since shared/seeds/003): a
// long-term key seed deserves the strongest source whatever it costs, once; a per-signature
// nonce (ML-DSA rnd, LESS salt) only needs a fast cryptographic source, every signature.
struct RandomPolicy {
  RandomSource key_seed;
  RandomSource nonce;
};

// Replays a fixed byte string (tests, and vectors whose randomness is given): fails rather than
// wrap around, so a test that draws more than it supplied notices.
class ReplaySource {
 public:
  explicit ReplaySource(Bytes data) : data_(data) {}
  RandomSource source() { return {"deterministic", &ReplaySource::fill, this}; }
  std::size_t remaining() const { return data_.size() - pos_; }

 private:
  static Status fill(void* ctx, MutBytes out);
  Bytes data_;
  std::size_t pos_ = 0;
};

// A SHAKE256 DRBG: key K of 64 bytes; each request absorbs K and a request counter, squeezes
// the next K first and then the output, so a captured state does not reveal earlier outputs.
// It reseeds from `entropy` before the first request and every `reseed_interval` requests:
// K = SHAKE256(domain || K || 64 entropy bytes).
class ShakeDrbg {
 public:
  static constexpr std::uint32_t kDefaultReseedInterval = 1024;
  ShakeDrbg(RandomSource entropy, std::uint32_t reseed_interval = kDefaultReseedInterval)
      : entropy_(entropy), interval_(reseed_interval == 0 ? 1 : reseed_interval) {}
  ~ShakeDrbg() { wipe(); }
  ShakeDrbg(const ShakeDrbg&) = delete;
  ShakeDrbg& operator=(const ShakeDrbg&) = delete;

  Status generate(MutBytes out);
  RandomSource source() { return {"shake-drbg", &ShakeDrbg::fill, this}; }
  std::uint64_t reseeds() const { return reseeds_; }
  void wipe();

 private:
  static Status fill(void* ctx, MutBytes out) { return static_cast<ShakeDrbg*>(ctx)->generate(out); }
  Status reseed();
  RandomSource entropy_;
  std::uint32_t interval_;
  std::uint32_t since_reseed_ = 0;
  bool seeded_ = false;
  std::uint64_t requests_ = 0;
  std::uint64_t reseeds_ = 0;
  std::uint8_t key_[64] = {};
};

// keygen with a seed drawn at the key-seed level. seed[v.seed_bytes] is the caller's buffer
// (no heap here); the caller wipes it when done.
Status keygen_random(const Variant& v, const RandomPolicy& p, std::uint8_t* seed,
                     std::uint8_t* pk, std::uint8_t* sk, Arena& ws);

// Hedged signing: rnd[v.rnd_bytes] drawn at the nonce level, then the variant's sign.
Status sign_hedged(const Variant& v, const RandomPolicy& p, const std::uint8_t* state,
                   const MessageInput& msg, std::uint8_t* rnd, std::uint8_t* sig,
                   std::size_t* sig_len, Arena& ws);

}  // namespace sigspace
