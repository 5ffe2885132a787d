// Fuzz target: key generation, signing and verification of every ML-DSA and LESS variant on
// random seeds, messages, modes, pre-hash names, context lengths and randomness. Differential:
// the variant the set byte picks (its high part, reference_and_one) gives the reference's
// public key, secret key, status and signature byte for byte, and the reference verifies what
// was signed. LESS takes LESS-1s only: its signing costs
// about a second under the sanitizers and coverage instrumentation (LESS-1b four times that,
// category 5 far more); its decoders are fuzzed at every set by fuzz_verify and fuzz_load_key.
//   input: scheme byte, set byte, seed, rnd, message fields (fuzz_support.hpp)
#include "fuzz_support.hpp"

#include <cstring>
#include <string>

using namespace sigspace;
using namespace sigspace::fuzz;

namespace {

std::string pick(const char* scheme, std::uint8_t selector) {
  return std::strcmp(scheme, "LESS") == 0 ? "LESS-1s" : pick_set(scheme, selector);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Input in(data, size);
  const char* scheme = pick_scheme(in.byte());
  const std::uint8_t set = in.byte();
  const auto sets = static_cast<unsigned>(param_sets(scheme).size());
  const auto variants = reference_and_one(variants_of(pick(scheme, set)), set / sets);
  const Variant& ref = *variants.front();
  Buf seed = in.take(ref.seed_bytes), rnd = in.take(ref.rnd_bytes);
  seed.resize(ref.seed_bytes);  // keygen and sign take fixed-size arrays
  rnd.resize(ref.rnd_bytes);
  const Message m = read_message(in);

  Buf pk, sk, sig;
  if (keygen(ref, seed, pk, sk) != Status::ok) disagree(ref, "keygen", "failed on a valid seed");
  const Status signed_ = load_and_sign(ref, sk, m.input(), rnd, sig);
  if (signed_ == Status::ok && verify(ref, pk, m.input(), sig) != Status::ok)
    disagree(ref, "verify", "refuses what the reference signed");
  for (const Variant* v : variants) {
    Buf vpk, vsk, vsig;
    if (keygen(*v, seed, vpk, vsk) != Status::ok || vpk != pk || vsk != sk)
      disagree(*v, "keygen", "a different key pair");
    if (Status s = load_and_sign(*v, sk, m.input(), rnd, vsig); s != signed_ || vsig != sig)
      disagree(*v, "sign", std::string(status_name(s)) + (vsig != sig ? ", another signature" : ""));
  }
  return 0;
}
