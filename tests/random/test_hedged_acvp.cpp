// Hedged signing through the policy path equals the ACVP hedged vectors: the vector's rnd is
// fed through the deterministic (replay) source as the policy's nonce source, and
// host::sign_hedged, the function behind `sign --hedged` and `v.sign(..., hedged=True)`, must
// produce the expected signature and draw exactly rnd. Vectors read in place from
// ${SIGSPACE_KAT_DIR}/mldsa/acvp (external interface: the one hedged signing offers).
#include "kat_support.hpp"
#include "random/hedged.hpp"

namespace mldsa_test {
namespace {

// The key-seed level must not be touched by signing: a source that always fails.
sigspace::Status never(void*, sigspace::MutBytes) { return sigspace::Status::random_failure; }

class HedgedAcvp : public testing::TestWithParam<const sigspace::Variant*> {};

TEST_P(HedgedAcvp, SigGenRndThroughPolicy) {
  const auto& v = *GetParam();
  const json* prompt = load_kat("acvp/ML-DSA-sigGen-FIPS204/prompt.json");
  const json* expected = load_kat("acvp/ML-DSA-sigGen-FIPS204/expectedResults.json");
  ASSERT_NE(prompt, nullptr);
  ASSERT_NE(expected, nullptr);
  std::map<int, const json*> want;
  for (const auto& g : (*expected)["testGroups"])
    for (const auto& t : g["tests"]) want[t["tcId"].get<int>()] = &t;

  int checked = 0;
  for (const auto& g : (*prompt)["testGroups"]) {
    if (g["parameterSet"] != v.param_set || g["deterministic"].get<bool>() ||
        g["signatureInterface"] != "external")
      continue;
    const bool pre = g["preHash"] == "preHash";
    for (const auto& t : g["tests"]) {
      const Buf rnd = unhex(t["rnd"]), message = unhex(t["message"]);
      const Buf context = unhex(t.value("context", json()));
      sigspace::ReplaySource nonce{sigspace::Bytes(rnd.data(), rnd.size())};
      const sigspace::RandomPolicy policy{{"never", never, nullptr}, nonce.source()};
      using HostBuf = sigspace::host::Buffer;  // the host layer's wiping buffers
      const HostBuf host_message(message.begin(), message.end());
      const HostBuf host_context(context.begin(), context.end());
      const Buf sk = unhex(t["sk"]);
      const sigspace::MessageInput in = sigspace::host::make_message(
          host_message, host_context, pre ? "prehash" : "pure",
          pre ? t["hashAlg"].get<std::string>() : "");
      const HostBuf host_sig =
          sigspace::host::sign_hedged(v, HostBuf(sk.begin(), sk.end()), in, policy);
      const Buf sig(host_sig.begin(), host_sig.end());
      EXPECT_TRUE(sig == unhex(want.at(t["tcId"].get<int>())->at("signature")))
          << "tcId " << t["tcId"];
      EXPECT_EQ(nonce.remaining(), 0u) << "tcId " << t["tcId"] << " drew more or less than rnd";
      ++checked;
    }
  }
  EXPECT_GT(checked, 0) << "no hedged external sigGen cases for " << v.param_set;
  std::printf("%s: %d ACVP hedged sigGen cases through the policy\n", v.id, checked);
}

INSTANTIATE_TEST_SUITE_P(Registry, HedgedAcvp, testing::ValuesIn(mldsa_variants()),
                         variant_label);

}  // namespace
}  // namespace mldsa_test
