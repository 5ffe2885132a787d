// Host side of the noble cross-check: one JSON case per input line, one JSON answer per line.
// Input:  {"variant","seed","msg","ctx","rnd","prehash"?,"noble_det","noble_hedged","noble_pre"?,
//          "tampered"}
// Output: {"pk","sk","det","hedged","pre"?, "verify_det","verify_hedged","verify_pre"?,
//          "verify_tampered"} (verify_*: this library's verdict on noble's signatures).
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "sigspace/variant.hpp"

namespace {

using json = nlohmann::json;
using Buf = std::vector<std::uint8_t>;
using sigspace::MessageInput;
using sigspace::MessageMode;
using sigspace::Status;

Buf unhex(const json& j) {
  const std::string s = j.is_string() ? j.get<std::string>() : std::string();
  Buf out(s.size() / 2);
  if (sigspace::from_hex(std::span<const char>(s.data(), s.size()), out) !=
      static_cast<long>(out.size()))
    throw std::runtime_error("bad hex");
  return out;
}

std::string tohex(const Buf& b) {
  std::string s(b.size() * 2, '0');
  sigspace::to_hex(b, std::span<char>(s.data(), s.size()));
  return s;
}

sigspace::PreHash prehash_named(const std::string& n) {
  if (n == "SHA2-512") return sigspace::PreHash::sha2_512;
  if (n == "SHA3-512") return sigspace::PreHash::sha3_512;
  if (n == "SHAKE-256") return sigspace::PreHash::shake256;
  throw std::runtime_error("unsupported prehash " + n);
}

struct Ops {
  const sigspace::Variant& v;
  sigspace::Arena none{};  // the reference publishes no workspace; later points would need one

  Buf sign(const Buf& state, const MessageInput& in, const Buf& rnd) {
    Buf sig(v.sig_max_bytes);
    std::size_t len = 0;
    if (v.sign(state.data(), in, rnd.empty() ? nullptr : rnd.data(), sig.data(), &len, none) !=
        Status::ok)
      throw std::runtime_error("sign failed");
    sig.resize(len);
    return sig;
  }
  bool verify(const Buf& pk, const MessageInput& in, const Buf& sig) {
    return v.verify(pk, in, sig, none) == Status::ok;
  }
};

// Looked up in registry() directly: find_variant lives in core, which links after the registry.
const sigspace::Variant* variant_named(const std::string& id) {
  for (const auto* v : sigspace::registry())
    if (id == v->id) return v;
  throw std::runtime_error("unknown variant " + id);
}

json run_case(const json& c) {
  const sigspace::Variant* v = variant_named(c.at("variant").get<std::string>());
  Ops ops{*v};
  const Buf seed = unhex(c["seed"]), msg = unhex(c["msg"]), ctx = unhex(c["ctx"]);
  const Buf rnd = unhex(c["rnd"]);
  Buf pk(v->pk_bytes), sk(v->sk_bytes), state(v->state_bytes);
  sigspace::Arena none{};
  if (v->keygen(seed.data(), pk.data(), sk.data(), none) != Status::ok ||
      v->load_signing_key(sk, state.data(), none) != Status::ok)
    throw std::runtime_error("keygen/load failed");
  const MessageInput pure{msg, ctx, MessageMode::pure};
  json out = {{"pk", tohex(pk)}, {"sk", tohex(sk)},
              {"det", tohex(ops.sign(state, pure, {}))},
              {"hedged", tohex(ops.sign(state, pure, rnd))},
              {"verify_det", ops.verify(pk, pure, unhex(c["noble_det"]))},
              {"verify_hedged", ops.verify(pk, pure, unhex(c["noble_hedged"]))},
              {"verify_tampered", ops.verify(pk, pure, unhex(c["tampered"]))}};
  if (c.contains("prehash")) {
    const MessageInput pre{msg, ctx, MessageMode::prehash, prehash_named(c["prehash"])};
    out["pre"] = tohex(ops.sign(state, pre, {}));
    out["verify_pre"] = ops.verify(pk, pre, unhex(c["noble_pre"]));
  }
  return out;
}

}  // namespace

int main() {
  std::string line;
  int n = 0;
  while (std::getline(std::cin, line)) {
    if (line.empty()) continue;
    ++n;
    try {
      std::cout << run_case(json::parse(line)).dump() << '\n';
    } catch (const std::exception& e) {
      std::fprintf(stderr, "case %d: %s\n", n, e.what());
      return 2;
    }
  }
  return 0;
}
