// Host side of the noble cross-check: one JSON case per input line, one JSON answer per line.
// Input:  {"variant","seed","msg","ctx","rnd","prehash"?,"noble_det","noble_hedged","noble_pre"?,
//          "tampered"}
// Output: {"pk","sk","det","hedged","pre"?, "verify_det","verify_hedged","verify_pre"?,
//          "verify_tampered"} (verify_*: this library's verdict on noble's signatures).
// --list prints the ML-DSA variant ids (points and ablations) the cases may name.
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

#include "kat_support.hpp"
#include "sigspace/variant.hpp"

namespace {

using json = nlohmann::json;
using mldsa_test::Buf;
using sigspace::MessageInput;
using sigspace::MessageMode;
using sigspace::Status;

// Any registered ML-DSA variant or ablation, run through its descriptor with workspaces of the
// published sizes (kat_support's Runner), so the cross-check covers every point, not only the
// reference.
struct Case {
  mldsa_test::Runner run;
  Buf sk;

  Buf sign(const MessageInput& in, const Buf& rnd) const {
    Buf sig;
    if (run.sign(sk, in, rnd, sig) != Status::ok) throw std::runtime_error("sign failed");
    return sig;
  }
  bool verify(const Buf& pk, const MessageInput& in, const Buf& sig) const {
    return run.verify(pk, in, sig) == Status::ok;
  }
};

json run_case(const json& c) {
  const std::string id = c.at("variant").get<std::string>();
  const sigspace::Variant* v = sigspace::find_variant(id.c_str());
  if (v == nullptr) throw std::runtime_error("unknown variant " + id);
  const Buf seed = mldsa_test::unhex(c["seed"]), msg = mldsa_test::unhex(c["msg"]);
  const Buf ctx = mldsa_test::unhex(c["ctx"]), rnd = mldsa_test::unhex(c["rnd"]);
  Buf pk;
  Case k{{*v}, {}};
  if (k.run.keygen(seed, pk, k.sk) != Status::ok) throw std::runtime_error("keygen failed");
  const MessageInput pure{msg, ctx, MessageMode::pure};
  json out = {{"pk", mldsa_test::tohex(pk)}, {"sk", mldsa_test::tohex(k.sk)},
              {"det", mldsa_test::tohex(k.sign(pure, {}))},
              {"hedged", mldsa_test::tohex(k.sign(pure, rnd))},
              {"verify_det", k.verify(pk, pure, mldsa_test::unhex(c["noble_det"]))},
              {"verify_hedged", k.verify(pk, pure, mldsa_test::unhex(c["noble_hedged"]))},
              {"verify_tampered", k.verify(pk, pure, mldsa_test::unhex(c["tampered"]))}};
  if (c.contains("prehash")) {
    const auto ph = mldsa_test::prehash_from_name(c["prehash"].get<std::string>());
    if (ph == sigspace::PreHash::none) throw std::runtime_error("unsupported pre-hash");
    const MessageInput pre{msg, ctx, MessageMode::prehash, ph};
    out["pre"] = mldsa_test::tohex(k.sign(pre, {}));
    out["verify_pre"] = k.verify(pk, pre, mldsa_test::unhex(c["noble_pre"]));
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && std::string(argv[1]) == "--list") {  // every ML-DSA point and ablation
    for (const auto& set : {sigspace::registry(), sigspace::ablations()})
      for (const auto* v : set)
        if (std::string(v->scheme) == "ML-DSA") std::cout << v->id << '\n';
    return 0;
  }
  if (argc != 1) {
    std::fprintf(stderr, "usage: mldsa_noble_tool [--list] < cases.jsonl\n");
    return 2;
  }
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
