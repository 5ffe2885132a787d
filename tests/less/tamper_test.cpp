// Malformed and tampered inputs are rejected without crashing: bit flips across the signature
// (digest, salt, responses, seeds, count byte), a wrong message, truncated and extended
// signatures, wrong-length and malformed public keys, contexts and modes LESS does not accept.
// Every LESS operating point, and the ablations of category 1 (less_test::tamper_variants says
// why), each operation in an arena of its published size.
#include <gtest/gtest.h>

#include <iterator>

#include "less_test_support.hpp"

namespace {

using sigspace::Bytes;
using sigspace::MessageInput;
using sigspace::Status;
using sigspace::Variant;

class LessTamper : public testing::TestWithParam<const Variant*> {
 protected:
  void SetUp() override {
    const auto entries = sigspace::gates::parse_nist_rsp(less_test::kat_path(*GetParam(), ".rsp"));
    ASSERT_FALSE(entries.empty());
    pk = entries[0].pk;
    msg = entries[0].msg;
    sig.assign(entries[0].sm.begin() + static_cast<std::ptrdiff_t>(msg.size()), entries[0].sm.end());
  }
  // Verify in an arena of the variant's published verify workspace, as a caller would.
  Status verify(const std::vector<std::uint8_t>& p, const std::vector<std::uint8_t>& m,
                const std::vector<std::uint8_t>& s, Bytes ctx = {}) const {
    sigspace::gates::Workspace ws(GetParam()->workspace.verify);
    auto arena = ws.arena();
    return GetParam()->verify(p, MessageInput{m, ctx}, s, arena);
  }
  std::size_t lambda() const { return GetParam()->seed_bytes / 2; }
  std::size_t seeds_offset() const { return sig.size() - 1 - sig.back() * lambda(); }
  std::vector<std::uint8_t> pk, msg, sig;
};

TEST_P(LessTamper, BitFlipsAreRejected) {
  ASSERT_EQ(verify(pk, msg, sig), Status::ok);
  const std::size_t lam = lambda(), resp = 4 * lam, seeds = seeds_offset(), last = sig.size() - 1;
  const std::size_t positions[] = {0, 2 * lam - 1, 2 * lam, 4 * lam - 1,  // digest, salt
                                   resp, (resp + seeds) / 2, seeds - 1,   // responses
                                   seeds, last - 1, last};                // seeds, count byte
  // One bit per position, alternating low and high bits (a full verify costs up to seconds).
  // Categories 3 and 5 flip every other position (digest, salt, two in the responses, seeds;
  // the count byte is refused by WrongLengthsAndCountsAreRejected), the full sweep all ten.
  const std::size_t step = less_test::kat_full_sweep() || GetParam()->param_set[5] == '1' ? 1 : 2;
  for (std::size_t i = 0; i < std::size(positions); i += step) {
    const unsigned bit = (i / step) % 2 == 0 ? 0 : 7;
    auto bad = sig;
    bad[positions[i]] ^= static_cast<std::uint8_t>(1u << bit);
    EXPECT_NE(verify(pk, msg, bad), Status::ok) << "byte " << positions[i] << " bit " << bit;
  }
}

TEST_P(LessTamper, MovedResponseColumnIsRejected) {
  auto bad = sig;  // same weight, one selected column moved to an unselected one
  const std::size_t r = 4 * lambda();
  std::size_t set = 0, clear = 0;
  while (((bad[r + set / 8] >> (set % 8)) & 1) == 0) ++set;
  while (((bad[r + clear / 8] >> (clear % 8)) & 1) == 1) ++clear;
  bad[r + set / 8] ^= static_cast<std::uint8_t>(1u << (set % 8));
  bad[r + clear / 8] ^= static_cast<std::uint8_t>(1u << (clear % 8));
  EXPECT_EQ(verify(pk, msg, bad), Status::invalid_signature);
}

TEST_P(LessTamper, WrongMessageIsRejected) {
  auto m = msg;
  m[0] ^= 1;
  EXPECT_EQ(verify(pk, m, sig), Status::invalid_signature);
  m = msg;
  m.push_back(0);
  EXPECT_EQ(verify(pk, m, sig), Status::invalid_signature);
}

TEST_P(LessTamper, WrongLengthsAndCountsAreRejected) {
  auto s = sig;
  s.pop_back();
  EXPECT_EQ(verify(pk, msg, s), Status::invalid_signature);  // truncated by one
  s = sig;
  s.resize(s.size() - lambda());
  s.back() = sig.back();
  EXPECT_EQ(verify(pk, msg, s), Status::invalid_signature);  // one seed short
  s = sig;
  s.insert(s.end() - 1, 0);
  EXPECT_EQ(verify(pk, msg, s), Status::invalid_signature);  // extended by one
  s = sig;
  s.back() = 0xFF;
  EXPECT_EQ(verify(pk, msg, s), Status::invalid_signature);  // count above the maximum
  s = sig;  // a consistent length for count+1 seeds, but the tree wants count
  s.insert(s.end() - 1, lambda(), 0);
  s.back() = static_cast<std::uint8_t>(sig.back() + 1);
  EXPECT_EQ(verify(pk, msg, s), Status::invalid_signature);
  EXPECT_EQ(verify(pk, msg, {}), Status::invalid_signature);
  EXPECT_EQ(verify(pk, msg, {sig.begin(), sig.begin() + 10}), Status::invalid_signature);
}

TEST_P(LessTamper, MalformedPublicKeysAreRejected) {
  auto p = pk;
  p.pop_back();
  EXPECT_EQ(verify(p, msg, sig), Status::invalid_input);
  p = pk;
  p.push_back(0);
  EXPECT_EQ(verify(p, msg, sig), Status::invalid_input);
  EXPECT_EQ(verify({}, msg, sig), Status::invalid_input);
  const std::size_t bitmap = lambda();  // the first packed code starts after G0's seed
  p = pk;
  p[bitmap] ^= 1;  // pivot weight off by one
  EXPECT_EQ(verify(p, msg, sig), Status::invalid_input);
  p = pk;
  const std::size_t n8 = (less_test::code_length(*GetParam()) + 7) / 8;
  p[bitmap + n8] |= 0x7F;  // the first 7-bit value becomes 127
  EXPECT_EQ(verify(p, msg, sig), Status::invalid_input);
}

TEST_P(LessTamper, ContextAndModeAreRefused) {
  const std::uint8_t ctx[1] = {1};
  EXPECT_EQ(verify(pk, msg, sig, Bytes(ctx, 1)), Status::invalid_input);
  const Variant& v = *GetParam();
  MessageInput pre{msg, {}, sigspace::MessageMode::prehash};
  sigspace::gates::Workspace vw(v.workspace.verify), sw(v.workspace.sign), lw(v.workspace.load_key);
  auto verify_arena = vw.arena(), sign_arena = sw.arena(), load_arena = lw.arena();
  EXPECT_EQ(v.verify(pk, pre, sig, verify_arena), Status::invalid_input);
  std::vector<std::uint8_t> state(v.state_bytes, 0), out(v.sig_max_bytes);
  std::vector<std::uint8_t> salt(v.rnd_bytes, 0);
  std::size_t len = 0;
  EXPECT_EQ(v.sign(state.data(), MessageInput{msg, Bytes(ctx, 1)}, salt.data(), out.data(), &len,
                   sign_arena),
            Status::invalid_input);
  EXPECT_EQ(v.load_signing_key(Bytes(state.data(), state.size() - 1), state.data(), load_arena),
            Status::invalid_input);
}

INSTANTIATE_TEST_SUITE_P(Registry, LessTamper, testing::ValuesIn(less_test::tamper_variants()),
                         less_test::test_name);

}  // namespace
