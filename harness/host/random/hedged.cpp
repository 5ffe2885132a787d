#include "random/hedged.hpp"

#include "sigspace/ct.hpp"

namespace sigspace::host {
namespace {

// A source failure is not the user's input: name the source so that it can be replaced.
void check_drawn(Status s, const char* op, const RandomSource& source) {
  if (s == Status::random_failure)
    throw std::runtime_error(std::string(op) + ": randomness source '" + source.name +
                             "' failed");
  check(s, op);
}

}  // namespace

KeyPair keygen_random(const Variant& v, const RandomPolicy& p) {
  Buffer seed(v.seed_bytes);
  KeyPair kp{Buffer(v.pk_bytes), Buffer(v.sk_bytes)};
  OwnedArena ws(v.workspace.keygen);
  const Status s = sigspace::keygen_random(v, p, seed.data(), kp.pk.data(), kp.sk.data(),
                                           ws.arena());
  ct::wipe(seed.data(), seed.size());
  check_drawn(s, "keygen", p.key_seed);
  return kp;
}

Buffer sign_hedged(const Variant& v, const Buffer& sk, const MessageInput& msg,
                   const RandomPolicy& p) {
  const Buffer state = load_signing_key(v, sk);
  Buffer rnd(v.rnd_bytes), sig(v.sig_max_bytes);
  std::size_t len = 0;
  OwnedArena ws(v.workspace.sign);
  const Status s = sigspace::sign_hedged(v, p, state.data(), msg, rnd.data(), sig.data(), &len,
                                         ws.arena());
  ct::wipe(rnd.data(), rnd.size());
  check_drawn(s, "sign", p.nonce);
  sig.resize(len);
  return sig;
}

}  // namespace sigspace::host
