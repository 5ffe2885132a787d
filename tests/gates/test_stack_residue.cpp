// Stack residue gate (issue 16): after keygen, load_signing_key and sign of every registered
// variant and ablation, the stack region the operation used holds no 16-byte window of its
// secrets: the key-generation seed, the secret parts of the encoded secret key (ML-DSA FIPS 204
// Algorithm 24: K, s1, s2, t0, not the public rho and tr; LESS: all of it, a seed), the
// signing randomness and, after signing, the retained signing state (less what is public). Each operation runs on the host's painted ucontext stack
// (harness/host/stack_paint_host.cpp); what it leaves there is scanned when it returns.
//   test_stack_residue [--all]     default: ML-DSA at every set, LESS at category 1 (the LESS-3
//                                  and -5 signatures take seconds each); --all: every set
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "sigspace/variant.hpp"
#include "stack_paint.hpp"
#include "stack_region.hpp"

namespace {

using sigspace::Status;
using sigspace::Variant;
using Buf = std::vector<std::uint8_t>;
constexpr std::size_t kWindow = 16;

// Every 16-byte window of the secrets, keyed by its first 8 bytes. Left out: windows of one
// repeated byte (a zeroed or filled buffer is not the secret's) and windows of public values
// (the public key, and ML-DSA's tr = H(pk)), which a state may hold beside its secrets.
class Secrets {
 public:
  void add_public(const std::uint8_t* p, std::size_t n) {
    for (std::size_t i = 0; i + kWindow <= n; ++i)
      public_.emplace(p + i, p + i + kWindow);
  }
  void add(const char* what, const std::uint8_t* p, std::size_t n) {
    for (std::size_t i = 0; i + kWindow <= n; ++i) {
      if (std::all_of(p + i, p + i + kWindow, [&](std::uint8_t b) { return b == p[i]; })) continue;
      if (public_.count(Buf(p + i, p + i + kWindow)) != 0) continue;
      windows_.emplace(key(p + i), Window{p + i, what, i});
    }
  }
  // The first window of a secret found in `region`, as "what+offset at stack byte k".
  std::string find_in(std::span<const unsigned char> region) const {
    for (std::size_t k = 0; k + kWindow <= region.size(); ++k) {
      const auto [lo, hi] = windows_.equal_range(key(region.data() + k));
      for (auto it = lo; it != hi; ++it)
        if (std::memcmp(it->second.at, region.data() + k, kWindow) == 0)
          return std::string(it->second.what) + " bytes " + std::to_string(it->second.offset) +
                 ".." + std::to_string(it->second.offset + kWindow) + " at " +
                 std::to_string(region.size() - k) + " bytes below the caller's stack pointer";
    }
    return {};
  }

 private:
  struct Window {
    const std::uint8_t* at;
    const char* what;
    std::size_t offset;
  };
  static std::uint64_t key(const unsigned char* p) {
    std::uint64_t k;
    std::memcpy(&k, p, sizeof k);
    return k;
  }
  std::unordered_multimap<std::uint64_t, Window> windows_;
  std::set<Buf> public_;
};

Secrets secrets_of(const Variant& v, const Buf& seed, const Buf& pk, const Buf& sk,
                   const Buf& rnd) {
  Secrets s;
  s.add_public(pk.data(), pk.size());
  if (std::strcmp(v.scheme, "ML-DSA") == 0) s.add_public(sk.data() + 64, 64);  // tr
  s.add("seed", seed.data(), seed.size());
  // ML-DSA's rnd is secret (FIPS 204 Algorithm 2); LESS's is the salt, which the signature
  // carries in clear (less-v2.0.md section 5 step 11), so its copies are no residue.
  if (std::strcmp(v.scheme, "ML-DSA") == 0) s.add("rnd", rnd.data(), rnd.size());
  if (std::strcmp(v.scheme, "ML-DSA") == 0) {  // sk = rho || K || tr || s1 || s2 || t0
    s.add("sk K", sk.data() + 32, 32);
    s.add("sk s1||s2||t0", sk.data() + 128, sk.size() - 128);
  } else {
    s.add("sk", sk.data(), sk.size());
  }
  return s;
}

struct Block {  // an exactly sized workspace
  explicit Block(std::size_t n) : bytes(n ? n : 1) {}
  sigspace::Arena arena() { return sigspace::Arena(bytes.data(), bytes.size()); }
  Buf bytes;
};

Buf derive(std::uint8_t tag, std::size_t n) {
  Buf b(n);
  for (std::size_t i = 0; i < n; ++i) b[i] = static_cast<std::uint8_t>(tag * 131 + i * 197 + (i >> 3));
  return b;
}

// Runs op on the painted stack and returns what secret it left there ("" when none).
template <class F>
std::string residue(const Secrets& secrets, F op, bool& ok) {
  sigspace::stack_measure_call(op);
  return ok ? secrets.find_in(sigspace::stack_measure_last_region()) : "(the operation failed)";
}

int check(const Variant& v) {
  const Buf seed = derive(1, v.seed_bytes), rnd = derive(2, v.rnd_bytes), msg = derive(3, 33);
  Buf pk(v.pk_bytes), sk(v.sk_bytes), sig(v.sig_max_bytes);
  std::vector<std::uint64_t> state((v.state_bytes + 7) / 8 + 1);
  auto* st = reinterpret_cast<std::uint8_t*>(state.data());
  Block kw(v.workspace.keygen), lw(v.workspace.load_key), sw(v.workspace.sign);
  const sigspace::MessageInput in{msg, {}, sigspace::MessageMode::pure, sigspace::PreHash::none};
  bool ok = true;
  std::size_t len = 0;
  // keygen first: its outputs are the secrets the later operations must not leave either
  sigspace::Arena ka = kw.arena(), la = lw.arena(), sa = sw.arena();
  ok = v.keygen(seed.data(), pk.data(), sk.data(), ka) == Status::ok;
  const Secrets secrets = secrets_of(v, seed, pk, sk, rnd);
  int failures = 0;
  auto report = [&](const char* op, const std::string& found) {
    if (found.empty()) return;
    std::printf("  FAIL %s %s: the stack keeps %s\n", v.id, op, found.c_str());
    ++failures;
  };
  report("keygen", residue(secrets, [&] { ok = v.keygen(seed.data(), pk.data(), sk.data(), ka) == Status::ok; }, ok));
  report("load_signing_key", residue(secrets, [&] { ok = v.load_signing_key(sk, st, la) == Status::ok; }, ok));
  Secrets with_state = secrets;
  with_state.add("state", st, v.state_bytes);
  report("sign", residue(with_state, [&] { ok = v.sign(st, in, rnd.data(), sig.data(), &len, sa) == Status::ok; }, ok));
  return failures;
}

// The gate's own check: an operation that copies the secret key into a stack buffer and one
// that wipes its copy must be told apart, or the scan sees nothing.
bool catches_a_planted_copy() {
  const Buf sk = derive(9, 64);
  Secrets s;
  s.add("sk", sk.data(), sk.size());
  bool ok = true;
  auto copy = [&](bool wipe) {
    volatile std::uint8_t local[256];
    for (std::size_t i = 0; i < sk.size(); ++i) local[64 + i] = sk[i];
    if (wipe)
      for (auto& b : local) b = 0;
  };
  const bool found = !residue(s, [&] { copy(false); }, ok).empty();
  const bool clean = residue(s, [&] { copy(true); }, ok).empty();
  std::printf("self-check: a planted stack copy of a secret is %s, a wiped one %s\n",
              found ? "found" : "MISSED", clean ? "is not reported" : "is REPORTED");
  return found && clean;
}

}  // namespace

int main(int argc, char** argv) {
  const bool all = argc == 2 && std::strcmp(argv[1], "--all") == 0;
  if (argc > 1 && !all) {
    std::fprintf(stderr, "usage: test_stack_residue [--all]\n");
    return 2;
  }
  if (!catches_a_planted_copy()) return 1;
  int checked = 0, failed = 0;
  for (const auto& list : {sigspace::registry(), sigspace::ablations()})
    for (const Variant* v : list) {
      if (!all && std::strncmp(v->param_set, "LESS-", 5) == 0 && v->param_set[5] != '1') continue;
      ++checked;
      failed += check(*v) > 0;
    }
  std::printf("stack residue: %d variants checked (%s), %d leave a secret on the stack\n", checked,
              all ? "every set" : "ML-DSA every set, LESS category 1; --all for every set", failed);
  return failed == 0 && checked > 0 ? 0 : 1;
}
