#include "transcript.hpp"

#include <cstring>

namespace sigspace::transcript {
namespace {

constexpr char kDomain[] = "sigspace-transcript/v1";

std::size_t max_workspace(const Variant& v) {
  const WorkspaceSizes& w = v.workspace;
  std::size_t m = w.keygen > w.load_key ? w.keygen : w.load_key;
  m = m > w.sign ? m : w.sign;
  return m > w.verify ? m : w.verify;
}

// Sizes in carve() order; each buffer starts 8-byte aligned (state and workspace may be
// read as words by a variant).
constexpr std::size_t align8(std::size_t n) { return (n + 7) & ~std::size_t{7}; }

}  // namespace

void derive(const char* label, std::uint32_t index, MutBytes out) {
  Shake256 xof;
  xof.absorb(reinterpret_cast<const std::uint8_t*>(label), std::strlen(label));
  std::uint8_t le[4];
  store_le32(le, index);
  xof.absorb(le, sizeof le);
  xof.finalize();
  xof.squeeze(out);
}

const char* op_name(Op op) {
  constexpr const char* names[] = {"keygen", "load_key", "sign", "verify"};
  return names[static_cast<int>(op)];
}

std::size_t buffer_bytes(const Variant& v) {
  return align8(v.seed_bytes) + align8(v.pk_bytes) + align8(v.sk_bytes) +
         align8(v.state_bytes) + align8(v.sig_max_bytes) + align8(kMessageBytes) +
         align8(v.rnd_bytes) + align8(max_workspace(v));
}

Buffers carve(const Variant& v, MutBytes block) {
  std::size_t at = 0;
  auto take = [&](std::size_t n) {
    MutBytes part = block.subspan(at, n);
    at += align8(n);
    return part;
  };
  Buffers b;
  b.seed = take(v.seed_bytes);
  b.pk = take(v.pk_bytes);
  b.sk = take(v.sk_bytes);
  b.state = take(v.state_bytes);
  b.sig = take(v.sig_max_bytes);
  b.message = take(kMessageBytes);
  b.rnd = take(v.rnd_bytes);
  b.workspace = take(max_workspace(v));
  return b;
}

Hasher::Hasher() { h_.absorb(reinterpret_cast<const std::uint8_t*>(kDomain), sizeof kDomain - 1); }

void Hasher::add(Bytes item) {
  std::uint8_t le[4];
  store_le32(le, static_cast<std::uint32_t>(item.size()));
  h_.absorb(le, sizeof le);
  h_.absorb(item);
}

void Hasher::finish(std::uint8_t digest[kDigestBytes]) {
  h_.finalize();
  h_.squeeze(digest, kDigestBytes);
}

}  // namespace sigspace::transcript
