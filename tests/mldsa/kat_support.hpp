// Shared helpers of the host-only ML-DSA vector tests: JSON loading from SIGSPACE_KAT_DIR,
// hex, running a registered variant through its descriptor, and per-kind counters.
#pragma once
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "sigspace/variant.hpp"

namespace mldsa_test {

using json = nlohmann::json;
using Buf = std::vector<std::uint8_t>;

// Parses (once per process) a file under ${SIGSPACE_KAT_DIR}/mldsa/. nullptr when unreadable.
const json* load_kat(const std::string& relative_path);
Buf unhex(const std::string& hex);
Buf unhex(const json& field);  // absent or null field: empty
std::string tohex(const Buf& b);

// Every registered ML-DSA variant (registry filtered by scheme).
std::vector<const sigspace::Variant*> mldsa_variants();   // operating points
std::vector<const sigspace::Variant*> mldsa_ablations();  // one technique off each
std::string variant_label(const testing::TestParamInfo<const sigspace::Variant*>& info);

sigspace::PreHash prehash_from_name(const std::string& acvp_name);  // PreHash::none if unknown

// The descriptor's operations with owned buffers and workspaces of the published sizes.
struct Runner {
  const sigspace::Variant& v;
  sigspace::Status keygen(const Buf& seed, Buf& pk, Buf& sk) const;
  // load_signing_key then sign; rnd empty = deterministic.
  sigspace::Status sign(const Buf& sk_or_seed, const sigspace::MessageInput& in, const Buf& rnd,
                        Buf& sig) const;
  sigspace::Status verify(const Buf& pk, const sigspace::MessageInput& in, const Buf& sig) const;
};

// Public key for an encoded secret key (t1 of A s1 + s2), to verify what the signer produced
// when a vector file gives only sk. Empty when the parameter set is unknown.
Buf pk_from_sk(const std::string& param_set, const Buf& sk);

// ran/passed per kind (a group kind such as "external/pure/det"); report() prints them and fails
// the test for a kind that ran zero cases or a file with no kinds at all.
class Tally {
 public:
  explicit Tally(std::string file) : file_(std::move(file)) {}
  void expect_kind(const std::string& kind) { counts_[kind]; }
  void record(const std::string& kind, bool passed) {
    auto& c = counts_[kind];
    ++c.first;
    c.second += passed ? 1 : 0;
  }
  void report(const std::string& variant_id) const;

 private:
  std::string file_;
  std::map<std::string, std::pair<int, int>> counts_;
};

}  // namespace mldsa_test
