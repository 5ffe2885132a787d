// transcript::run, the template part of transcript.hpp (kept apart to keep both files short).
#pragma once
#include <cstring>

namespace sigspace::transcript {

template <class Exec>
Outcome run(const Variant& v, std::uint32_t messages, const Buffers& b, Bytes verify_pk,
            Exec&& exec, std::uint8_t digest[kDigestBytes]) {
  Hasher h;
  Outcome o;
  auto fail = [&o](Op op, std::uint32_t i, Status s, const char* what) {
    o = Outcome{op, i, s, what};
    return o;
  };
  derive(kKeySeedLabel, 0, b.seed);
  Status s = exec(Op::keygen, 0u, [&] {
    Arena ws(b.workspace.data(), v.workspace.keygen);
    return v.keygen(b.seed.data(), b.pk.data(), b.sk.data(), ws);
  });
  if (s != Status::ok) return fail(Op::keygen, 0, s, "keygen failed");
  if (!verify_pk.empty() &&
      (verify_pk.size() != b.pk.size() || std::memcmp(verify_pk.data(), b.pk.data(), b.pk.size())))
    return fail(Op::keygen, 0, s, "public key differs from the embedded host public key");
  const Bytes pk = verify_pk.empty() ? Bytes(b.pk) : verify_pk;
  h.add(b.pk);
  h.add(b.sk);

  s = exec(Op::load_key, 0u, [&] {
    Arena ws(b.workspace.data(), v.workspace.load_key);
    return v.load_signing_key(b.sk, b.state.data(), ws);
  });
  if (s != Status::ok) return fail(Op::load_key, 0, s, "load_signing_key failed");

  for (std::uint32_t i = 0; i < messages; ++i) {
    derive(kMessageLabel, i, b.message);
    derive(kRndLabel, i, b.rnd);
    MessageInput in;
    in.message = b.message;  // pure mode, empty context: every scheme supports it
    std::size_t sig_len = 0;
    s = exec(Op::sign, i, [&] {
      Arena ws(b.workspace.data(), v.workspace.sign);
      return v.sign(b.state.data(), in, b.rnd.data(), b.sig.data(), &sig_len, ws);
    });
    if (s != Status::ok) return fail(Op::sign, i, s, "sign failed");
    const Bytes sig = Bytes(b.sig).first(sig_len);
    h.add(sig);
    s = exec(Op::verify, i, [&] {
      Arena ws(b.workspace.data(), v.workspace.verify);
      return v.verify(pk, in, sig, ws);
    });
    if (s != Status::ok) return fail(Op::verify, i, s, "verify rejected its own signature");
  }
  h.finish(digest);
  return o;
}

}  // namespace sigspace::transcript
