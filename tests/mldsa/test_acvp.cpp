// NIST ACVP ML-DSA vectors (keyGen, sigGen, sigGen-tr1 with both key formats, sigVer) for
// every registered ML-DSA variant, read in place from ${SIGSPACE_KAT_DIR}/mldsa/acvp.
#include <map>

#include "kat_support.hpp"

namespace mldsa_test {
namespace {

using sigspace::MessageInput;
using sigspace::MessageMode;
using sigspace::Status;

class Acvp : public testing::TestWithParam<const sigspace::Variant*> {};

// expectedResults joined on tcId (unique within a file).
std::map<int, const json*> by_tcid(const json& expected) {
  std::map<int, const json*> out;
  for (const auto& g : expected["testGroups"])
    for (const auto& t : g["tests"]) out[t["tcId"].get<int>()] = &t;
  return out;
}

// prompt.json with its expectedResults.json joined on tcId; prompt is nullptr when unreadable.
struct Files {
  const json* prompt = nullptr;
  std::map<int, const json*> expected;
};
Files load_pair(const std::string& dir) {
  const json* prompt = load_kat("acvp/" + dir + "/prompt.json");
  const json* expected = load_kat("acvp/" + dir + "/expectedResults.json");
  EXPECT_NE(prompt, nullptr) << "cannot read acvp/" << dir << "/prompt.json";
  EXPECT_NE(expected, nullptr) << "cannot read acvp/" << dir << "/expectedResults.json";
  if (prompt == nullptr || expected == nullptr) return {};
  return {prompt, by_tcid(*expected)};
}

// The groups of the variant's parameter set.
std::vector<const json*> groups_for(const Files& f, const sigspace::Variant& v) {
  std::vector<const json*> out;
  for (const auto& g : (*f.prompt)["testGroups"])
    if (g["parameterSet"] == v.param_set) out.push_back(&g);
  return out;
}

// The MessageInput shape a group asks for, and its kind label.
MessageMode group_mode(const json& g, std::string& kind) {
  if (g["signatureInterface"] == "external") {
    const bool pre = g["preHash"] == "preHash";
    kind = pre ? "external/preHash" : "external/pure";
    return pre ? MessageMode::prehash : MessageMode::pure;
  }
  const bool mu = g["externalMu"].get<bool>();
  kind = mu ? "internal/mu" : "internal/M'";
  return mu ? MessageMode::external_mu : MessageMode::internal;
}

MessageInput make_input(MessageMode mode, const json& t, Buf& msg, Buf& ctx) {
  msg = unhex(mode == MessageMode::external_mu ? t["mu"] : t["message"]);
  ctx = unhex(t.value("context", json()));
  MessageInput in{msg, ctx, mode, sigspace::PreHash::none};
  if (mode == MessageMode::prehash) in.prehash = prehash_from_name(t["hashAlg"].get<std::string>());
  return in;
}

const char* kInterfaces[] = {"external/pure", "external/preHash", "internal/M'", "internal/mu"};

TEST_P(Acvp, KeyGen) {
  const auto& v = *GetParam();
  const Runner run{v};
  Tally tally("acvp/ML-DSA-keyGen-FIPS204");
  tally.expect_kind("keyGen");
  const auto files = load_pair("ML-DSA-keyGen-FIPS204");
  ASSERT_NE(files.prompt, nullptr);
  const auto& expected = files.expected;
  for (const json* gp : groups_for(files, v)) {
    const json& g = *gp;
    for (const auto& t : g["tests"]) {
      const json& e = *expected.at(t["tcId"].get<int>());
      Buf pk, sk;
      const bool ok = run.keygen(unhex(t["seed"]), pk, sk) == Status::ok &&
                      pk == unhex(e["pk"]) && sk == unhex(e["sk"]);
      EXPECT_TRUE(ok) << "keyGen tcId " << t["tcId"];
      tally.record("keyGen", ok);
    }
  }
  tally.report(v.id);
}

void run_siggen(const sigspace::Variant& v, const std::string& dir, bool tr1) {
  const Runner run{v};
  const auto files = load_pair(dir);
  ASSERT_NE(files.prompt, nullptr);
  const auto& expected = files.expected;
  Tally tally("acvp/" + dir);
  const std::vector<std::string> formats =
      tr1 ? std::vector<std::string>{"/seed", "/expanded"} : std::vector<std::string>{""};
  for (const char* iface : kInterfaces)
    for (const char* det : {"/det", "/hedged"})
      for (const auto& fmt : formats) tally.expect_kind(std::string(iface) + det + fmt);

  for (const json* gp : groups_for(files, v)) {
    const json& g = *gp;
    std::string kind;
    const MessageMode mode = group_mode(g, kind);
    const bool det = g["deterministic"].get<bool>();
    const bool seed_form = tr1 && g["keyFormat"] == "seed";
    kind += det ? "/det" : "/hedged";
    if (tr1) kind += seed_form ? "/seed" : "/expanded";
    for (const auto& t : g["tests"]) {
      Buf msg, ctx, sig;
      const MessageInput in = make_input(mode, t, msg, ctx);
      const Buf key = unhex(seed_form ? t["seed"] : t["sk"]);
      const Buf rnd = det ? Buf{} : unhex(t["rnd"]);
      const Buf want = unhex(expected.at(t["tcId"].get<int>())->at("signature"));
      const bool signed_ok = run.sign(key, in, rnd, sig) == Status::ok && sig == want;
      // Verify what was produced with the matching public key.
      Buf pk, sk_unused;
      if (seed_form) {
        run.keygen(key, pk, sk_unused);
      } else {
        pk = pk_from_sk(v.param_set, key);
      }
      const bool verified = run.verify(pk, in, sig) == Status::ok;
      EXPECT_TRUE(signed_ok) << dir << " tcId " << t["tcId"] << " (" << kind << ")";
      EXPECT_TRUE(verified) << dir << " tcId " << t["tcId"] << " verify (" << kind << ")";
      tally.record(kind, signed_ok && verified);
    }
  }
  tally.report(v.id);
}

TEST_P(Acvp, SigGen) { run_siggen(*GetParam(), "ML-DSA-sigGen-FIPS204", false); }
TEST_P(Acvp, SigGenTr1) { run_siggen(*GetParam(), "ML-DSA-sigGen-FIPS204-tr1", true); }

TEST_P(Acvp, SigVer) {
  const auto& v = *GetParam();
  const Runner run{v};
  const auto files = load_pair("ML-DSA-sigVer-FIPS204");
  ASSERT_NE(files.prompt, nullptr);
  const auto& expected = files.expected;
  Tally tally("acvp/ML-DSA-sigVer-FIPS204");
  for (const char* iface : kInterfaces)
    for (const char* verdict : {"/accept", "/reject"}) tally.expect_kind(std::string(iface) + verdict);
  for (const json* gp : groups_for(files, v)) {
    const json& g = *gp;
    std::string kind;
    const MessageMode mode = group_mode(g, kind);
    for (const auto& t : g["tests"]) {
      Buf msg, ctx;
      const MessageInput in = make_input(mode, t, msg, ctx);
      const bool want = expected.at(t["tcId"].get<int>())->at("testPassed").get<bool>();
      const bool got = run.verify(unhex(t["pk"]), in, unhex(t["signature"])) == Status::ok;
      EXPECT_EQ(got, want) << "sigVer tcId " << t["tcId"];
      tally.record(kind + (want ? "/accept" : "/reject"), got == want);
    }
  }
  tally.report(v.id);
}

INSTANTIATE_TEST_SUITE_P(Registry, Acvp, testing::ValuesIn(mldsa_variants()), variant_label);
INSTANTIATE_TEST_SUITE_P(Ablations, Acvp, testing::ValuesIn(mldsa_ablations()),
                         variant_label);

}  // namespace
}  // namespace mldsa_test
