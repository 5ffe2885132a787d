// The variant descriptor (ARCHITECTURE.md, "The variant descriptor"): one operating point of one
// parameter set, as plain constexpr data and function pointers. Registries are constexpr arrays
// of pointers to these, so host tools, the Python module and firmware link the same list.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>

#include "sigspace/arena.hpp"
#include "sigspace/bytes.hpp"

namespace sigspace {

enum class Status : int {
  ok = 0,
  invalid_signature = 1,    // verify: well-formed input that does not verify, or malformed signature
  invalid_input = 2,        // malformed key, wrong length, context too long, unsupported mode
  workspace_too_small = 3,  // the arena could not provide the published workspace
  random_failure = 4,       // a randomness source could not deliver (sigspace/random.hpp)
};
const char* status_name(Status s);

// How the message reaches the signer (FIPS 204 names; LESS accepts only `pure` with empty context).
enum class MessageMode : std::uint8_t {
  pure,      // ML-DSA.Sign/Verify (Alg. 2/3): M' = 0 || |ctx| || ctx || M
  prehash,   // HashML-DSA (Alg. 4/5): M' = 1 || |ctx| || ctx || OID || PH(M)
  internal,  // Sign_internal/Verify_internal (Alg. 7/8) on a caller-given M'
  external_mu,  // the 64-byte mu given directly (message = mu)
};

enum class PreHash : std::uint8_t {
  none, sha2_224, sha2_256, sha2_384, sha2_512, sha2_512_224, sha2_512_256,
  sha3_224, sha3_256, sha3_384, sha3_512, shake128, shake256,
};

struct MessageInput {
  Bytes message;           // M, M' or mu according to mode
  Bytes context;           // ctx, at most 255 bytes (pure and prehash only)
  MessageMode mode = MessageMode::pure;
  PreHash prehash = PreHash::none;
};

// Published workspace per operation, in bytes (0: the operation uses only its stack).
struct WorkspaceSizes {
  std::size_t keygen = 0;
  std::size_t load_key = 0;
  std::size_t sign = 0;
  std::size_t verify = 0;
};

// The retained state is the caller's buffer, and a point may keep typed data in it (the speed
// ceiling's expanded key): load_signing_key and sign refuse a state that is not aligned to this
// (Status::invalid_input) rather than fault on a board.
inline constexpr std::size_t kStateAlignment = 8;

struct Variant {
  // identity
  const char* id;         // "ML-DSA-65/memory-floor", "LESS-1b/reference"
  const char* scheme;     // "ML-DSA", "LESS"
  const char* param_set;  // "ML-DSA-65", "LESS-1b"
  const char* op_point;   // "reference", "speed-ceiling", "balanced", "memory-floor"
  std::span<const char* const> techniques;  // switchable, each with its ablation (point.hpp)
  std::span<const char* const> traits;      // descriptive, not switchable
  // Properties switched off only to show what they cost ("constant-time": the price of constant
  // time), each with its ablation like a technique but never adopted or dropped (point.hpp).
  std::span<const char* const> contrasts;

  // sizes in bytes
  std::size_t pk_bytes;
  std::size_t sk_bytes;
  std::size_t sig_max_bytes;
  std::size_t seed_bytes;   // key-generation seed (ML-DSA xi; LESS: the 2-lambda-byte secret key)
  std::size_t rnd_bytes;    // signing randomness (ML-DSA rnd; LESS salt)
  std::size_t state_bytes;  // retained signing-key state, what a device keeps between signatures
  WorkspaceSizes workspace;

  // Deterministic operations; randomness is an input. Every pointer argument is caller-owned.
  // keygen: pk[pk_bytes], sk[sk_bytes] from seed[seed_bytes].
  Status (*keygen)(const std::uint8_t* seed, std::uint8_t* pk, std::uint8_t* sk, Arena& ws);
  // load_signing_key: state[state_bytes], kStateAlignment-aligned, from an encoded secret key
  // (any format the scheme accepts). workspace.load_key is the most any accepted form needs.
  Status (*load_signing_key)(Bytes sk, std::uint8_t* state, Arena& ws);
  // sign: sig[sig_max_bytes]; *sig_len receives the length written.
  Status (*sign)(const std::uint8_t* state, const MessageInput& msg, const std::uint8_t* rnd,
                 std::uint8_t* sig, std::size_t* sig_len, Arena& ws);
  // verify: Status::ok when valid, invalid_signature when not, invalid_input for a malformed key.
  Status (*verify)(Bytes pk, const MessageInput& msg, Bytes sig, Arena& ws);
};

// The compile-time registry of every variant linked into this binary; both are defined in
// variants/registry.cpp (core itself links no variant).
std::span<const Variant* const> registry();
// Ablations: an operating point with one technique switched off, id "<param set>/<op point>~<technique>"
// (e.g. "ML-DSA-65/memory-floor~compressed-w"). Built from the same source with the technique's
// compile-time policy off; outputs must stay byte-identical. Kept out of registry() so campaigns
// and listings show operating points; the adoption and ablation analyses ask for these.
std::span<const Variant* const> ablations();
const Variant* find_variant(const char* id);  // searches registry() then ablations(); nullptr when unknown
bool is_ablation(const Variant& v);           // whether v is one of ablations()

}  // namespace sigspace
