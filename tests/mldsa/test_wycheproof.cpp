// C2SP Wycheproof ML-DSA vectors (sign_seed, sign_noseed, verify for 44/65/87) for every
// registered ML-DSA variant: valid must reproduce/accept, invalid must be refused, acceptable
// may go either way (README of the vector folder).
#include "kat_support.hpp"

namespace mldsa_test {
namespace {

using sigspace::MessageInput;
using sigspace::MessageMode;
using sigspace::Status;

class Wycheproof : public testing::TestWithParam<const sigspace::Variant*> {};

// "ML-DSA-65" -> "65"
std::string level(const sigspace::Variant& v) { return std::string(v.param_set).substr(7); }

// The file for this variant's parameter set; nullptr (and a failure) when unreadable or when
// it is for another parameter set.
const json* open_file(const sigspace::Variant& v, const std::string& name) {
  const json* doc = load_kat("wycheproof/" + name);
  EXPECT_NE(doc, nullptr) << "cannot read wycheproof/" << name;
  if (doc == nullptr) return nullptr;
  EXPECT_EQ((*doc)["algorithm"], v.param_set) << name;
  return (*doc)["algorithm"] == v.param_set ? doc : nullptr;
}

void run_sign(const sigspace::Variant& v, bool seed_form) {
  const Runner run{v};
  const std::string name =
      "mldsa_" + level(v) + (seed_form ? "_sign_seed_test.json" : "_sign_noseed_test.json");
  const json* doc = open_file(v, name);
  ASSERT_NE(doc, nullptr);
  Tally tally("wycheproof/" + name);
  tally.expect_kind("sign/valid");
  tally.expect_kind("sign/invalid");
  if (seed_form) tally.expect_kind("keygen-from-seed");
  for (const auto& g : (*doc)["testGroups"]) {
    const Buf key = unhex(g[seed_form ? "privateSeed" : "privateKey"]);
    const Buf pk = unhex(g.value("publicKey", json()));
    if (seed_form && key.size() == v.seed_bytes) {
      Buf kpk, ksk;
      const bool ok = run.keygen(key, kpk, ksk) == Status::ok && kpk == pk;
      EXPECT_TRUE(ok) << name << ": keygen from privateSeed does not give publicKey";
      tally.record("keygen-from-seed", ok);
    }
    for (const auto& t : g["tests"]) {
      const std::string result = t["result"];
      const Buf msg = unhex(t.value("msg", json()));
      const Buf ctx = unhex(t.value("ctx", json()));
      const Buf mu = unhex(t.value("mu", json()));
      const Buf rnd = unhex(t.value("rnd", json()));
      const bool has_msg = t.contains("msg") && !t["msg"].is_null();
      // Tests flagged Internal carry only mu: they go through the external-mu path.
      const MessageInput in = has_msg ? MessageInput{msg, ctx, MessageMode::pure}
                                      : MessageInput{mu, {}, MessageMode::external_mu};
      Buf sig;
      const Status st = run.sign(key, in, rnd, sig);
      bool ok;
      if (result == "valid") {
        ok = st == Status::ok && sig == unhex(t["sig"]) && run.verify(pk, in, sig) == Status::ok;
        if (has_msg && mu.size() == 64) {  // the same signature from the given mu
          Buf sig_mu;
          ok = ok && run.sign(key, MessageInput{mu, {}, MessageMode::external_mu}, rnd, sig_mu) ==
                         Status::ok && sig_mu == sig;
        }
      } else if (result == "invalid") {
        ok = st != Status::ok;
      } else {
        ok = true;  // acceptable: either answer
      }
      EXPECT_TRUE(ok) << name << " tcId " << t["tcId"] << " (" << result << "): " << t["comment"];
      tally.record("sign/" + result, ok);
    }
  }
  tally.report(v.id);
}

TEST_P(Wycheproof, SignSeed) { run_sign(*GetParam(), true); }
TEST_P(Wycheproof, SignNoSeed) { run_sign(*GetParam(), false); }

TEST_P(Wycheproof, Verify) {
  const auto& v = *GetParam();
  const Runner run{v};
  const std::string name = "mldsa_" + level(v) + "_verify_test.json";
  const json* doc = open_file(v, name);
  ASSERT_NE(doc, nullptr);
  Tally tally("wycheproof/" + name);
  tally.expect_kind("verify/valid");
  tally.expect_kind("verify/invalid");
  for (const auto& g : (*doc)["testGroups"]) {
    const Buf pk = unhex(g["publicKey"]);
    for (const auto& t : g["tests"]) {
      const std::string result = t["result"];
      const Buf msg = unhex(t["msg"]);
      const Buf ctx = unhex(t.value("ctx", json()));
      const Status st = run.verify(pk, MessageInput{msg, ctx, MessageMode::pure}, unhex(t["sig"]));
      const bool ok = result == "valid" ? st == Status::ok
                      : result == "invalid" ? st != Status::ok : true;
      EXPECT_TRUE(ok) << name << " tcId " << t["tcId"] << " (" << result << "): " << t["comment"];
      tally.record("verify/" + result, ok);
    }
  }
  tally.report(v.id);
}

INSTANTIATE_TEST_SUITE_P(Registry, Wycheproof, testing::ValuesIn(mldsa_variants()), variant_label);
INSTANTIATE_TEST_SUITE_P(Ablations, Wycheproof, testing::ValuesIn(mldsa_ablations()),
                         variant_label);

}  // namespace
}  // namespace mldsa_test
