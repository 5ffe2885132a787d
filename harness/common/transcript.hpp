// The fixed inputs of board and host measurements and the transcript hash over their outputs
// (ARCHITECTURE.md, gate 2: one transcript over fixed inputs that every operating point of a
// parameter set must match, on the host and on each board). Written once, freestanding, so
// that the firmware (harness/target/probe) and the host tool (harness/host/transcript) run the
// very same sequence and hash the very same bytes.
//
// Inputs (the host probe's derivation, harness/host/probe/measure_inputs.hpp):
//   key seed 0, message i and signing randomness i = SHAKE256(label || le32(i)).
// Sequence: keygen(seed 0) -> pk, sk; load_signing_key(sk) -> state; then for i < messages:
//   sign(state, message i, rnd i) -> sig; verify(pk, message i, sig) must accept.
// Transcript = SHA3-256(domain || len-prefixed pk || sk || sig_0 || ... ): not the variant id,
// so every operating point of a parameter set must give the same digest.
#pragma once
#include <cstddef>
#include <cstdint>

#include "sigspace/keccak.hpp"
#include "sigspace/variant.hpp"

namespace sigspace::transcript {

inline constexpr std::size_t kDigestBytes = 32;
inline constexpr std::size_t kMessageBytes = 64;  // as the host probe's messages
inline constexpr const char* kKeySeedLabel = "sigspace-measure/key-seed";
inline constexpr const char* kMessageLabel = "sigspace-measure/message";
inline constexpr const char* kRndLabel = "sigspace-measure/rnd";

// out = SHAKE256(label || le32(index)), out.size() bytes.
void derive(const char* label, std::uint32_t index, MutBytes out);

enum class Op : std::uint8_t { keygen, load_key, sign, verify };
const char* op_name(Op op);  // the record names: keygen, load_key, sign, verify

// Caller-owned memory for one run (no heap): carve() splits one block of buffer_bytes(v).
struct Buffers {
  MutBytes seed, pk, sk, state, sig, message, rnd, workspace;
};
std::size_t buffer_bytes(const Variant& v);
Buffers carve(const Variant& v, MutBytes block);  // block.size() >= buffer_bytes(v)

// Why a run stopped; ok() when it did not.
struct Outcome {
  Op op = Op::keygen;
  std::uint32_t index = 0;       // message index of sign/verify
  Status status = Status::ok;    // what the operation returned
  const char* what = nullptr;    // nullptr: success
  bool ok() const { return what == nullptr; }
};

// Length-prefixed SHA3-256 of the run's outputs.
class Hasher {
 public:
  Hasher();
  void add(Bytes item);
  void finish(std::uint8_t digest[kDigestBytes]);

 private:
  Sha3_256 h_;
};

// Runs the fixed sequence. exec(op, index, run) must call run() exactly once and return its
// Status: the board wraps it in a measurement window, the host just calls it. verify_pk: a
// copy of key 0's public key held elsewhere (the board's flash), compared with the generated
// one and then verified from; empty: verify reads the generated pk.
template <class Exec>
Outcome run(const Variant& v, std::uint32_t messages, const Buffers& b, Bytes verify_pk,
            Exec&& exec, std::uint8_t digest[kDigestBytes]);

}  // namespace sigspace::transcript

#include "transcript_run.hpp"
