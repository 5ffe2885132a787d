#include "kat_support.hpp"

#include <cstdio>
#include <fstream>

#include "mldsa/common/encode.hpp"
#include "mldsa/common/rounding.hpp"
#include "mldsa/common/sample.hpp"
#include "sigspace/arena.hpp"
#include "sigspace/prehash.hpp"

namespace mldsa_test {

const json* load_kat(const std::string& relative_path) {
  static std::map<std::string, std::unique_ptr<json>> cache;
  auto it = cache.find(relative_path);
  if (it != cache.end()) return it->second.get();
  std::unique_ptr<json> doc;
  std::ifstream f(std::string(SIGSPACE_KAT_DIR) + "/mldsa/" + relative_path);
  if (f) {
    auto parsed = json::parse(f, nullptr, /*allow_exceptions=*/false);
    if (!parsed.is_discarded()) doc = std::make_unique<json>(std::move(parsed));
  }
  return (cache[relative_path] = std::move(doc)).get();
}

Buf unhex(const std::string& hex) {
  Buf out(hex.size() / 2);
  const long n = sigspace::from_hex(std::span<const char>(hex.data(), hex.size()), out);
  EXPECT_EQ(n, static_cast<long>(out.size())) << "bad hex in vector file";
  return out;
}

Buf unhex(const json& field) {
  return field.is_string() ? unhex(field.get<std::string>()) : Buf{};
}

std::string tohex(const Buf& b) {
  std::string s(b.size() * 2, '0');
  sigspace::to_hex(b, std::span<char>(s.data(), s.size()));
  return s;
}

namespace {
std::vector<const sigspace::Variant*> mldsa_of(std::span<const sigspace::Variant* const> list) {
  std::vector<const sigspace::Variant*> out;
  for (const auto* v : list)
    if (std::string(v->scheme) == "ML-DSA") out.push_back(v);
  return out;
}
}  // namespace

std::vector<const sigspace::Variant*> mldsa_variants() { return mldsa_of(sigspace::registry()); }

std::vector<const sigspace::Variant*> mldsa_ablations() { return mldsa_of(sigspace::ablations()); }

std::string variant_label(const testing::TestParamInfo<const sigspace::Variant*>& info) {
  std::string s = info.param->id;
  for (auto& ch : s)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return s;
}

sigspace::PreHash prehash_from_name(const std::string& n) {
  const sigspace::PreHashSpec* p = sigspace::find_prehash(n.c_str());
  return p != nullptr ? p->id : sigspace::PreHash::none;
}

namespace {
struct Workspace {
  explicit Workspace(std::size_t n) : block(n ? n : 1), arena(block.data(), n) {}
  Buf block;
  sigspace::Arena arena;
};
}  // namespace

sigspace::Status Runner::keygen(const Buf& seed, Buf& pk, Buf& sk) const {
  if (seed.size() != v.seed_bytes) return sigspace::Status::invalid_input;
  pk.assign(v.pk_bytes, 0);
  sk.assign(v.sk_bytes, 0);
  Workspace ws(v.workspace.keygen);
  return v.keygen(seed.data(), pk.data(), sk.data(), ws.arena);
}

sigspace::Status Runner::sign(const Buf& sk, const sigspace::MessageInput& in, const Buf& rnd,
                              Buf& sig) const {
  Buf state(v.state_bytes);
  Workspace lw(v.workspace.load_key);
  if (const auto st = v.load_signing_key(sk, state.data(), lw.arena); st != sigspace::Status::ok)
    return st;
  if (!rnd.empty() && rnd.size() != v.rnd_bytes) return sigspace::Status::invalid_input;
  Workspace ws(v.workspace.sign);
  sig.assign(v.sig_max_bytes, 0);
  std::size_t len = 0;
  const auto st = v.sign(state.data(), in, rnd.empty() ? nullptr : rnd.data(), sig.data(), &len,
                         ws.arena);
  sig.resize(len);
  return st;
}

sigspace::Status Runner::verify(const Buf& pk, const sigspace::MessageInput& in,
                                const Buf& sig) const {
  Workspace ws(v.workspace.verify);
  return v.verify(pk, in, sig, ws.arena);
}

namespace {
template <class P>
Buf derive_pk(const Buf& sk) {
  using namespace sigspace::mldsa;
  if (sk.size() != P::sk_bytes) return {};
  std::uint8_t rho[32], key[32], tr[64];
  auto s1 = std::make_unique<PolyVec<P::l>>();
  auto s2 = std::make_unique<PolyVec<P::k>>();
  auto t0 = std::make_unique<PolyVec<P::k>>();
  auto t1 = std::make_unique<PolyVec<P::k>>();
  (void)sk_decode<P>(sk.data(), rho, key, tr, *s1, *s2, *t0);
  for (auto& p : s1->p) ntt(p);
  for (int i = 0; i < P::k; ++i) {
    Poly acc{}, a;
    for (int j = 0; j < P::l; ++j) {
      rej_ntt_poly(a, rho, static_cast<std::uint8_t>(j), static_cast<std::uint8_t>(i));
      poly_pointwise_acc(acc, a, s1->p[j]);
    }
    poly_reduce(acc);
    invntt(acc);
    poly_add(acc, acc, s2->p[i]);
    poly_freeze(acc);
    for (int c = 0; c < kN; ++c) {
      std::int32_t r0;
      power2round(acc.c[c], t1->p[i].c[c], r0);
    }
  }
  Buf pk(P::pk_bytes);
  pk_encode<P>(pk.data(), rho, *t1);
  return pk;
}
}  // namespace

Buf pk_from_sk(const std::string& param_set, const Buf& sk) {
  if (param_set == "ML-DSA-44") return derive_pk<sigspace::mldsa::P44>(sk);
  if (param_set == "ML-DSA-65") return derive_pk<sigspace::mldsa::P65>(sk);
  if (param_set == "ML-DSA-87") return derive_pk<sigspace::mldsa::P87>(sk);
  return {};
}

void Tally::report(const std::string& variant_id) const {
  int ran = 0, passed = 0;
  for (const auto& [kind, c] : counts_) {
    std::printf("  %-22s %-44s %-36s ran %4d passed %4d\n", variant_id.c_str(), file_.c_str(),
                kind.c_str(), c.first, c.second);
    ran += c.first;
    passed += c.second;
    EXPECT_GT(c.first, 0) << file_ << ": kind " << kind << " ran zero cases";
  }
  std::printf("  %-22s %-44s %-36s ran %4d passed %4d\n", variant_id.c_str(), file_.c_str(),
              "TOTAL", ran, passed);
  EXPECT_GT(ran, 0) << file_ << ": no cases ran";
  EXPECT_EQ(ran, passed) << file_ << ": " << (ran - passed) << " cases failed";
}

}  // namespace mldsa_test
