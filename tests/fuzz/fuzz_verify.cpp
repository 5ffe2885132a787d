// Fuzz target: verify of every ML-DSA and LESS variant on arbitrary public keys, signatures
// (ML-DSA: z's range, the hint encoding; LESS: seeds, the count byte, responses), messages,
// modes, pre-hash names and context lengths, with keys one byte short and signatures of any
// length up to two bytes over. Differential: the variant the set byte picks (its high part,
// reference_and_one, as fuzz_sign) returns the reference's status. One variant per input, not
// all: a valid LESS signature costs seconds per variant under the sanitizers, and with every
// point and ablation of a set one seed input ran past libFuzzer's 300 s timeout (2026-12-03).
//   input: scheme byte, set byte, key byte, signature length (2 bytes), pk, signature, message
//   fields (fuzz_support.hpp)
#include "fuzz_support.hpp"

#include <string>
#include <vector>

using namespace sigspace;
using namespace sigspace::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Input in(data, size);
  const char* scheme = pick_scheme(in.byte());
  // LESS at category 1 only: a LESS-5s verify takes 1.5 s in the Release build and ran past
  // libFuzzer's 300 s timeout under the sanitizers and coverage on a loaded machine (not a
  // hang); the decoders are one template over the parameters.
  const std::uint8_t set = in.byte();
  const bool less = std::string(scheme) == "LESS";
  static const std::vector<std::string> less_cat1 = [] {
    std::vector<std::string> out;
    for (const std::string& s : param_sets("LESS"))
      if (s.rfind("LESS-1", 0) == 0) out.push_back(s);
    return out;
  }();
  const auto sets = static_cast<unsigned>(less ? less_cat1.size() : param_sets(scheme).size());
  const auto variants = reference_and_one(
      variants_of(less ? less_cat1[set % less_cat1.size()] : pick_set(scheme, set)), set / sets);
  const Variant& ref = *variants.front();
  const std::uint8_t short_pk = in.byte() & 1;  // the public key one byte short
  // The signature's length, two bytes little-endian, up to sig_max + 2 (a LESS signature's
  // length follows its count byte, so the fuzzer needs the length as a field of its own).
  const std::size_t sig_len = (in.byte() | std::size_t{in.byte()} << 8) % (ref.sig_max_bytes + 3);
  const Buf pk = in.take(ref.pk_bytes - short_pk);
  const Buf sig = in.take(sig_len);
  const Message m = read_message(in);
  const Status expected = verify(ref, pk, m.input(), sig);
  for (const Variant* v : variants)
    if (Status got = verify(*v, pk, m.input(), sig); got != expected)
      disagree(*v, "verify", std::string(status_name(got)) + " where the reference gives " +
                                 status_name(expected));
  return 0;
}
