#include "sigspace/random.hpp"

#include "sigspace/ct.hpp"
#include "sigspace/keccak.hpp"

namespace sigspace {
namespace {

// Domain labels keep reseeding and generation from ever absorbing the same string.
constexpr std::uint8_t kReseedLabel[] = {'s', 'i', 'g', 's', 'p', 'a', 'c', 'e', '/', 'd', 'r',
                                         'b', 'g', '/', 'r', 'e', 's', 'e', 'e', 'd'};
constexpr std::uint8_t kGenerateLabel[] = {'s', 'i', 'g', 's', 'p', 'a', 'c', 'e', '/', 'd', 'r',
                                           'b', 'g', '/', 'g', 'e', 'n'};

}  // namespace

Status ReplaySource::fill(void* ctx, MutBytes out) {
  auto* self = static_cast<ReplaySource*>(ctx);
  if (out.size() > self->remaining()) return Status::random_failure;
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = self->data_[self->pos_ + i];
  self->pos_ += out.size();
  return Status::ok;
}

Status ShakeDrbg::reseed() {
  std::uint8_t fresh[64];
  const Status s = entropy_(MutBytes(fresh, sizeof fresh));
  if (s != Status::ok) {
    ct::wipe(fresh, sizeof fresh);
    return Status::random_failure;
  }
  Shake256 h;
  h.absorb(Bytes(kReseedLabel, sizeof kReseedLabel));
  h.absorb(Bytes(key_, sizeof key_));
  h.absorb(Bytes(fresh, sizeof fresh));
  h.finalize();
  h.squeeze(key_, sizeof key_);
  h.wipe();
  ct::wipe(fresh, sizeof fresh);
  seeded_ = true;
  since_reseed_ = 0;
  ++reseeds_;
  return Status::ok;
}

Status ShakeDrbg::generate(MutBytes out) {
  if (!seeded_ || since_reseed_ >= interval_) {
    if (reseed() != Status::ok) return Status::random_failure;
  }
  std::uint8_t counter[8];
  store_le64(counter, requests_++);
  Shake256 h;
  h.absorb(Bytes(kGenerateLabel, sizeof kGenerateLabel));
  h.absorb(Bytes(key_, sizeof key_));
  h.absorb(Bytes(counter, sizeof counter));
  h.finalize();
  h.squeeze(key_, sizeof key_);  // the next key first: backtracking resistance
  h.squeeze(out);
  h.wipe();
  ++since_reseed_;
  return Status::ok;
}

void ShakeDrbg::wipe() {
  ct::wipe(key_, sizeof key_);
  seeded_ = false;
}

Status keygen_random(const Variant& v, const RandomPolicy& p, std::uint8_t* seed,
                     std::uint8_t* pk, std::uint8_t* sk, Arena& ws) {
  if (p.key_seed(MutBytes(seed, v.seed_bytes)) != Status::ok) return Status::random_failure;
  return v.keygen(seed, pk, sk, ws);
}

Status sign_hedged(const Variant& v, const RandomPolicy& p, const std::uint8_t* state,
                   const MessageInput& msg, std::uint8_t* rnd, std::uint8_t* sig,
                   std::size_t* sig_len, Arena& ws) {
  if (p.nonce(MutBytes(rnd, v.rnd_bytes)) != Status::ok) return Status::random_failure;
  return v.sign(state, msg, rnd, sig, sig_len, ws);
}

}  // namespace sigspace
