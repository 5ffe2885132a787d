// Fuzz target: the secret-key decoders (load_signing_key) of every ML-DSA and LESS variant on
// arbitrary keys of every accepted length and one byte off; where a key is accepted, each
// variant signs a fixed message with it. Differential: the variant the set byte picks (its high
// part, reference_and_one) accepts exactly the keys the reference accepts and signs them to the
// reference's signature.
//   input: scheme byte, set byte, length byte, key bytes
#include "fuzz_support.hpp"

using namespace sigspace;
using namespace sigspace::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Input in(data, size);
  const bool less = std::string(pick_scheme(in.byte())) == "LESS";
  const char* scheme = less ? "LESS" : "ML-DSA";
  const std::uint8_t set = in.byte();
  const auto variants =
      reference_and_one(variants_of(pick_set(scheme, set)),
                        set / static_cast<unsigned>(param_sets(scheme).size()));
  const Variant& ref = *variants.front();
  const std::uint8_t form = in.byte();  // bit 0: the seed form; bit 1: one byte short
  const std::size_t len = (form & 1 ? ref.seed_bytes : ref.sk_bytes) - ((form >> 1) & 1);
  const Buf sk = in.take(len);
  const Buf message = {'f', 'u', 'z', 'z'}, rnd(ref.rnd_bytes, 0x5a);
  const MessageInput msg{Bytes(message), Bytes(), MessageMode::pure, PreHash::none};

  Buf sig;
  // LESS signing costs about a second under the sanitizers and coverage (LESS-1b four times
  // that: its inputs timed out on a loaded machine), so only LESS-1s keys are signed with; the
  // other LESS sets run the decoder alone.
  const bool sign = !less || std::string(ref.param_set) == "LESS-1s";
  const Status expected = sign ? load_and_sign(ref, sk, msg, rnd, sig) : load_key(ref, sk);
  for (const Variant* v : variants) {
    Buf vsig;
    const Status got = sign ? load_and_sign(*v, sk, msg, rnd, vsig) : load_key(*v, sk);
    if (got != expected || vsig != sig)
      disagree(*v, sign ? "load_signing_key+sign" : "load_signing_key",
               std::string(status_name(got)) + (vsig != sig ? ", another signature" : ""));
  }
  return 0;
}
