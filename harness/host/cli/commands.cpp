#include "cli/commands.hpp"

#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/args.hpp"
#include "cli/variant_json.hpp"
#include "ops/host_ops.hpp"
#include "random/hedged.hpp"
#include "random/sources.hpp"
#include "sigspace/bytes.hpp"

namespace sigspace::cli {
namespace {

using host::Buffer;

std::string hex(const Buffer& b) {
  std::string s(2 * b.size(), '\0');
  to_hex(Bytes(b.data(), b.size()), std::span<char>(s.data(), s.size()));
  return s;
}

// The message options shared by sign and verify.
MessageInput message_input(const Args& a, const Buffer& message, const Buffer& context) {
  return host::make_message(message, context, a.get_or("interface", ""), a.get_or("prehash", ""));
}

}  // namespace

int cmd_list(int argc, char** argv) {
  const Args a(argc, argv, 2, {}, {"json"});
  nlohmann::json all = nlohmann::json::array();
  for (const Variant* v : registry()) all.push_back(variant_info(*v));
  if (a.has("json")) {
    std::cout << all.dump(2) << "\n";
    return 0;
  }
  if (all.empty()) {
    std::cout << "no variants registered\n";
    return 0;
  }
  std::printf("%-28s %8s %8s %8s %10s %10s\n", "variant", "pk", "sk", "sig", "state", "ws.sign");
  for (const Variant* v : registry())
    std::printf("%-28s %8zu %8zu %8zu %10zu %10zu\n", v->id, v->pk_bytes, v->sk_bytes,
                v->sig_max_bytes, v->state_bytes, v->workspace.sign);
  return 0;
}

int cmd_keygen(int argc, char** argv) {
  const Args a(argc, argv, 2, {"variant", "seed", "seed-source"}, {"random"});
  const Variant& v = host::variant_by_id(a.get("variant"));
  if (a.has("random") == a.has("seed")) throw UsageError("keygen needs --seed HEX or --random");
  if (a.has("seed-source") && !a.has("random"))
    throw UsageError("--seed-source goes with --random");
  if (!a.has("random")) {
    const host::KeyPair kp = host::keygen(v, a.hex("seed"));
    std::cout << nlohmann::json{{"pk", hex(kp.pk)}, {"sk", hex(kp.sk)}}.dump() << "\n";
    return 0;
  }
  const RandomPolicy p = host::make_policy(a.get_or("seed-source", ""), "");
  const host::KeyPair kp = host::keygen_random(v, p);
  std::cout << nlohmann::json{{"pk", hex(kp.pk)}, {"sk", hex(kp.sk)},
                              {"seed_source", p.key_seed.name}}.dump()
            << "\n";
  return 0;
}

int cmd_sign(int argc, char** argv) {
  const Args a(argc, argv, 2,
               {"variant", "sk", "message", "context", "rnd", "prehash", "interface",
                "nonce-source"},
               {"hedged"});
  const Variant& v = host::variant_by_id(a.get("variant"));
  if (a.has("hedged") && a.has("rnd")) throw UsageError("--hedged draws rnd; do not give --rnd");
  if (a.has("nonce-source") && !a.has("hedged"))
    throw UsageError("--nonce-source goes with --hedged");
  const Buffer message = a.hex("message"), context = a.hex_or_empty("context");
  const MessageInput msg = message_input(a, message, context);
  if (!a.has("hedged")) {  // ARCHITECTURE.md: no --rnd is deterministic
    const Buffer sig = host::sign(v, a.hex("sk"), msg, a.hex_or_empty("rnd"));
    std::cout << nlohmann::json{{"signature", hex(sig)}}.dump() << "\n";
    return 0;
  }
  const RandomPolicy p = host::make_policy("", a.get_or("nonce-source", ""));
  const Buffer sig = host::sign_hedged(v, a.hex("sk"), msg, p);
  std::cout << nlohmann::json{{"signature", hex(sig)}, {"nonce_source", p.nonce.name}}.dump()
            << "\n";
  return 0;
}

int cmd_verify(int argc, char** argv) {
  const Args a(argc, argv, 2,
               {"variant", "pk", "message", "signature", "context", "prehash", "interface"}, {});
  const Variant& v = host::variant_by_id(a.get("variant"));
  const Buffer message = a.hex("message"), context = a.hex_or_empty("context");
  const bool ok =
      host::verify(v, a.hex("pk"), message_input(a, message, context), a.hex("signature"));
  std::cout << nlohmann::json{{"valid", ok}}.dump() << "\n";
  return ok ? 0 : 1;
}

}  // namespace sigspace::cli
