// The constant-time gate's runner (tests/ct/README.md): runs one variant's secret-key operations
// with every secret input marked undefined for valgrind memcheck, which then reports each
// conditional branch and each address that depends on them ("Conditional jump or move depends
// on uninitialised value(s)", "Use of uninitialised value of size N"). ct_check.py runs this
// program under memcheck once per variant and reads its XML.
//
//   sigspace-ct-run --list                      every variant and ablation: id, scheme, kind
//   sigspace-ct-run --variant ID [--messages N] keygen, load_signing_key, then N signatures
//   sigspace-ct-run --planted NAME              a test-only function (planted.hpp)
//
// Secret inputs: the key-generation seed (whole); the encoded secret key given to
// load_signing_key (secret_ranges below: the fields the standard keeps secret); the signing
// randomness (whole); the retained state is what load_signing_key made of that key, so its
// secret parts carry memcheck's undefinedness from it. Outputs (public key, signature) are public
// by definition and declassified here once an operation has returned them.
#include <valgrind/memcheck.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "planted.hpp"
#include "sigspace/variant.hpp"

namespace {

using sigspace::Arena;
using sigspace::Bytes;
using sigspace::Status;
using sigspace::Variant;

struct Range {
  std::size_t begin, end;
};

// The byte ranges of an encoded secret key that are secret. ML-DSA: skEncode (FIPS 204
// Algorithm 24) is rho || K || tr || s1 || s2 || t0; rho is the public key's own first field
// (Algorithm 22) and tr = H(pk) (Algorithm 6, line 9), so K and s1 || s2 || t0 are secret. Other
// schemes (LESS: the 2-lambda-byte secret seed): the whole key.
std::vector<Range> secret_ranges(const Variant& v) {
  if (std::strcmp(v.scheme, "ML-DSA") == 0) return {{32, 64}, {128, v.sk_bytes}};
  return {{0, v.sk_bytes}};
}

void secret(const void* p, std::size_t n) { VALGRIND_MAKE_MEM_UNDEFINED(p, n); }
void published(const void* p, std::size_t n) { VALGRIND_MAKE_MEM_DEFINED(p, n); }

std::vector<std::uint8_t> pattern(std::size_t n, unsigned salt) {
  std::vector<std::uint8_t> b(n);
  for (std::size_t i = 0; i < n; ++i) b[i] = static_cast<std::uint8_t>(i * 131u + salt * 29u + 7u);
  return b;
}

// One frame per operation, never inlined, so each finding's stack names the operation.
[[gnu::noinline]] Status ct_keygen(const Variant& v, std::vector<std::uint8_t>& seed,
                                   std::vector<std::uint8_t>& pk, std::vector<std::uint8_t>& sk) {
  std::vector<std::uint8_t> ws(v.workspace.keygen);
  Arena arena(ws.data(), ws.size());
  secret(seed.data(), seed.size());
  const Status s = v.keygen(seed.data(), pk.data(), sk.data(), arena);
  published(pk.data(), pk.size());
  return s;
}

[[gnu::noinline]] Status ct_load_key(const Variant& v, const std::vector<std::uint8_t>& sk,
                                     std::uint8_t* state) {
  std::vector<std::uint8_t> ws(v.workspace.load_key);
  Arena arena(ws.data(), ws.size());
  for (const Range& r : secret_ranges(v)) secret(sk.data() + r.begin, r.end - r.begin);
  return v.load_signing_key(Bytes(sk.data(), sk.size()), state, arena);
}

[[gnu::noinline]] Status ct_sign(const Variant& v, const std::uint8_t* state,
                                 const std::vector<std::uint8_t>& message,
                                 std::vector<std::uint8_t>& rnd, std::vector<std::uint8_t>& sig,
                                 std::size_t* sig_len) {
  std::vector<std::uint8_t> ws(v.workspace.sign);
  Arena arena(ws.data(), ws.size());
  sigspace::MessageInput msg;
  msg.message = Bytes(message.data(), message.size());
  secret(rnd.data(), rnd.size());
  const Status s = v.sign(state, msg, rnd.data(), sig.data(), sig_len, arena);
  published(sig_len, sizeof *sig_len);
  published(sig.data(), sig.size());
  return s;
}

int run_variant(const Variant& v, int messages) {
  std::vector<std::uint8_t> seed = pattern(v.seed_bytes, 1), pk(v.pk_bytes), sk(v.sk_bytes);
  if (ct_keygen(v, seed, pk, sk) != Status::ok) return std::fprintf(stderr, "ct-run: keygen failed\n"), 1;
  published(sk.data(), sk.size());  // a fresh input below, with only its secret fields marked
  std::vector<std::uint8_t> state_block(v.state_bytes + sigspace::kStateAlignment);
  auto* state = reinterpret_cast<std::uint8_t*>(
      (reinterpret_cast<std::uintptr_t>(state_block.data()) + sigspace::kStateAlignment - 1) &
      ~(std::uintptr_t{sigspace::kStateAlignment} - 1));
  if (ct_load_key(v, sk, state) != Status::ok) return std::fprintf(stderr, "ct-run: load failed\n"), 1;
  for (int m = 0; m < messages; ++m) {
    const std::vector<std::uint8_t> message = pattern(static_cast<std::size_t>(33 + m), 100u + m);
    std::vector<std::uint8_t> rnd = pattern(v.rnd_bytes, 200u + m), sig(v.sig_max_bytes);
    std::size_t sig_len = 0;
    if (ct_sign(v, state, message, rnd, sig, &sig_len) != Status::ok)
      return std::fprintf(stderr, "ct-run: sign failed\n"), 1;
    // The run must be meaningful: each signature verifies (verify takes public inputs only).
    std::vector<std::uint8_t> ws(v.workspace.verify);
    Arena arena(ws.data(), ws.size());
    sigspace::MessageInput msg;
    msg.message = Bytes(message.data(), message.size());
    if (v.verify(Bytes(pk.data(), pk.size()), msg, Bytes(sig.data(), sig_len), arena) != Status::ok)
      return std::fprintf(stderr, "ct-run: signature %d does not verify\n", m), 1;
  }
  std::printf("ct-run: done %s (keygen, load_signing_key, %d signatures)\n", v.id, messages);
  return 0;
}

int usage() {
  std::fprintf(stderr,
               "usage: sigspace-ct-run --list | --variant ID [--messages N] | --planted NAME\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && std::strcmp(argv[1], "--list") == 0) {
    for (const Variant* v : sigspace::registry())
      std::printf("%s\t%s\t%s\t%s\tvariant\n", v->id, v->scheme, v->param_set, v->op_point);
    for (const Variant* v : sigspace::ablations())
      std::printf("%s\t%s\t%s\t%s\tablation\n", v->id, v->scheme, v->param_set, v->op_point);
    return 0;
  }
  if (argc == 3 && std::strcmp(argv[1], "--planted") == 0) {
    const int rc = sigspace::ct_planted::run(argv[2]);
    if (rc == 2) std::fprintf(stderr, "ct-run: unknown planted function '%s'\n", argv[2]);
    return rc;
  }
  if ((argc != 3 && argc != 5) || std::strcmp(argv[1], "--variant") != 0) return usage();
  int messages = 4;
  if (argc == 5) {
    if (std::strcmp(argv[3], "--messages") != 0) return usage();
    messages = std::atoi(argv[4]);
    if (messages < 1 || messages > 1000) return usage();
  }
  const Variant* v = sigspace::find_variant(argv[2]);
  if (v == nullptr) {
    std::fprintf(stderr, "ct-run: unknown variant '%s'\n", argv[2]);
    return 2;
  }
  return run_variant(*v, messages);
}
