#include "mldsa/common/message.hpp"

#include <cstring>

#include "sigspace/keccak.hpp"

namespace sigspace::mldsa {
namespace {

// PH(M) (Section 5.4) as its row of kPreHashes says, with the SHA-3 family on permutation F;
// the SHA-2 pre-hashes do not touch Keccak. Returns the digest length.
template <KeccakPermutation F>
std::size_t prehash_with(const PreHashSpec& spec, Bytes m, std::uint8_t out[kMaxPreHashBytes]) {
  if (spec.sha2 != nullptr) {
    spec.sha2(m, out);
  } else {
    BasicKeccakSponge<F> h(spec.keccak_rate, spec.keccak_ds);
    h.absorb(m);
    h.finalize();
    h.squeeze(out, spec.digest_bytes);
  }
  return spec.digest_bytes;
}

}  // namespace

Status compute_mu(const std::uint8_t tr[64], const MessageInput& msg, std::uint8_t mu[64]) {
  return compute_mu_with<&keccak_f1600>(tr, msg, mu);
}

template <KeccakPermutation F>
Status compute_mu_with(const std::uint8_t tr[64], const MessageInput& msg, std::uint8_t mu[64]) {
  const bool has_context = msg.mode == MessageMode::pure || msg.mode == MessageMode::prehash;
  if (msg.context.size() > (has_context ? kMaxContext : 0)) return Status::invalid_input;
  if (msg.mode == MessageMode::external_mu) {
    if (msg.message.size() != 64) return Status::invalid_input;
    std::memcpy(mu, msg.message.data(), 64);
    return Status::ok;
  }
  // PH(M) first, into mu (written only by the final squeeze: no 64-byte local), so that its
  // sponge has gone before H's exists and the two never share this frame.
  const PreHashSpec* spec = nullptr;
  std::size_t n = 0;
  if (msg.mode == MessageMode::prehash) {
    spec = find_prehash(msg.prehash);
    if (spec == nullptr) return Status::invalid_input;
    n = prehash_with<F>(*spec, msg.message, mu);
  }
  BasicShake256<F> h;
  h.absorb(tr, 64);
  switch (msg.mode) {
    case MessageMode::pure: {  // Algorithm 2, line 10 / Algorithm 3, line 5
      const std::uint8_t head[2] = {0, static_cast<std::uint8_t>(msg.context.size())};
      h.absorb(head, 2);
      h.absorb(msg.context);
      h.absorb(msg.message);
      break;
    }
    case MessageMode::prehash: {  // Algorithm 4/5: M' = 1 || |ctx| || ctx || OID || PH(M)
      const std::uint8_t head[2] = {1, static_cast<std::uint8_t>(msg.context.size())};
      h.absorb(head, 2);
      h.absorb(msg.context);
      h.absorb(kPreHashOidPrefix, sizeof kPreHashOidPrefix);      // the OID, DER-encoded
      h.absorb(&spec->oid_arc, 1);
      h.absorb(mu, n);                                            // PH(M), made above
      break;
    }
    case MessageMode::internal:  // Algorithm 7/8: M' as given, no domain separation
      h.absorb(msg.message);
      break;
    case MessageMode::external_mu:
      break;
  }
  h.finalize();
  h.squeeze(mu, 64);
  return Status::ok;
}

template Status compute_mu_with<&keccak_f1600>(const std::uint8_t*, const MessageInput&, std::uint8_t*);
template Status compute_mu_with<&keccak_f1600_compact>(const std::uint8_t*, const MessageInput&,
                                                       std::uint8_t*);
#if defined(SIGSPACE_HAVE_KECCAK_F1600_ARMV7M)
template Status compute_mu_with<&keccak_f1600_armv7m>(const std::uint8_t*, const MessageInput&,
                                                      std::uint8_t*);
template Status compute_mu_with<&keccak_f1600_armv7m_frames>(const std::uint8_t*,
                                                             const MessageInput&, std::uint8_t*);
#endif

}  // namespace sigspace::mldsa
