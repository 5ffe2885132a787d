#include "ops/host_ops.hpp"

#include <cstring>

#include "sigspace/prehash.hpp"

namespace sigspace::host {
namespace {

void expect_length(const char* what, std::size_t got, std::size_t want) {
  if (got != want)
    throw InputError(std::string(what) + " must be " + std::to_string(want) + " bytes, got " +
                     std::to_string(got));
}

// Why a key was refused: its length, or (at the right length) its content, which the variant's
// decoding rejected; "N bytes; expected N" would leave the user guessing.
std::string key_refusal(const char* which, const Variant& v, std::size_t got, std::size_t want) {
  const std::string head = std::string(which) + " key rejected by " + v.id + ": ";
  if (got != want)
    return head + std::to_string(got) + " bytes; expected " + std::to_string(want);
  return head + "the length is right (" + std::to_string(got) +
         " bytes) but the content is malformed (not a valid " + v.scheme + " key encoding)";
}

}  // namespace

// Statuses other than ok/invalid_signature are the caller's fault or a contract breach.
void check(Status s, const char* op) {
  if (s == Status::ok) return;
  if (s == Status::invalid_input) throw InputError(std::string(op) + ": invalid input");
  throw std::runtime_error(std::string(op) + ": " + status_name(s));
}

const Variant& variant_by_id(const std::string& id) {
  if (const Variant* v = find_variant(id.c_str())) return *v;
  std::string known;
  for (const Variant* v : registry()) known += std::string(known.empty() ? "" : ", ") + v->id;
  throw InputError("unknown variant '" + id + "' (registered: " +
                   (known.empty() ? "none" : known) + ")");
}

MessageMode parse_mode(const std::string& name) {
  if (name == "pure") return MessageMode::pure;
  if (name == "prehash") return MessageMode::prehash;
  if (name == "internal") return MessageMode::internal;
  if (name == "external-mu") return MessageMode::external_mu;
  throw InputError("unknown interface '" + name + "' (pure, prehash, internal, external-mu)");
}

PreHash parse_prehash(const std::string& name) {
  for (const auto& p : kPreHashes) {
    // Accept SHAKE128 and SHAKE-128 alike; ACVP spells it with the dash.
    std::string alt = p.name;
    if (alt.rfind("SHAKE-", 0) == 0) alt.erase(5, 1);
    if (name == p.name || name == alt) return p.id;
  }
  std::string known;
  for (const auto& p : kPreHashes) known += std::string(known.empty() ? "" : ", ") + p.name;
  throw InputError("unknown pre-hash '" + name + "' (" + known + ")");
}

const char* prehash_name(PreHash ph) {
  const PreHashSpec* p = find_prehash(ph);
  return p != nullptr ? p->name : "none";
}

MessageInput make_message(const Buffer& message, const Buffer& context,
                          const std::string& interface, const std::string& prehash) {
  MessageInput m;
  m.message = Bytes(message.data(), message.size());
  m.context = Bytes(context.data(), context.size());
  m.mode = parse_mode(interface.empty() ? (prehash.empty() ? "pure" : "prehash") : interface);
  if (!prehash.empty()) {
    if (m.mode != MessageMode::prehash) throw InputError("a pre-hash goes with the prehash interface");
    m.prehash = parse_prehash(prehash);
  } else if (m.mode == MessageMode::prehash) {
    throw InputError("the prehash interface needs a pre-hash name");
  }
  if (context.size() > 255) throw InputError("context is longer than 255 bytes");
  return m;
}

KeyPair keygen(const Variant& v, const Buffer& seed) {
  expect_length("seed", seed.size(), v.seed_bytes);
  KeyPair kp{Buffer(v.pk_bytes), Buffer(v.sk_bytes)};
  OwnedArena ws(v.workspace.keygen);
  check(v.keygen(seed.data(), kp.pk.data(), kp.sk.data(), ws.arena()), "keygen");
  return kp;
}

Buffer load_signing_key(const Variant& v, const Buffer& sk) {
  Buffer state(v.state_bytes);
  OwnedArena ws(v.workspace.load_key);
  const Status s = v.load_signing_key(Bytes(sk.data(), sk.size()), state.data(), ws.arena());
  if (s == Status::invalid_input) throw InputError(key_refusal("secret", v, sk.size(), v.sk_bytes));
  check(s, "load_signing_key");
  return state;
}

Buffer sign_with_state(const Variant& v, const Buffer& state, const MessageInput& msg,
                       const Buffer& rnd) {
  Buffer r = rnd.empty() ? Buffer(v.rnd_bytes, 0) : rnd;
  expect_length("rnd", r.size(), v.rnd_bytes);
  Buffer sig(v.sig_max_bytes);
  std::size_t len = 0;
  OwnedArena ws(v.workspace.sign);
  check(v.sign(state.data(), msg, r.data(), sig.data(), &len, ws.arena()), "sign");
  sig.resize(len);
  return sig;
}

Buffer sign(const Variant& v, const Buffer& sk, const MessageInput& msg, const Buffer& rnd) {
  return sign_with_state(v, load_signing_key(v, sk), msg, rnd);
}

bool verify(const Variant& v, const Buffer& pk, const MessageInput& msg, const Buffer& sig) {
  OwnedArena ws(v.workspace.verify);
  const Status s = v.verify(Bytes(pk.data(), pk.size()), msg, Bytes(sig.data(), sig.size()),
                            ws.arena());
  if (s == Status::invalid_signature) return false;
  if (s == Status::invalid_input) throw InputError(key_refusal("public", v, pk.size(), v.pk_bytes));
  check(s, "verify");
  return true;
}

}  // namespace sigspace::host
