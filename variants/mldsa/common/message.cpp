#include "message.hpp"

#include <cstring>

#include "sigspace/keccak.hpp"
#include "sigspace/sha2.hpp"

namespace sigspace::mldsa {
namespace {

// 2.16.840.1.101.3.4.2.n (NIST hash algorithms arc) as DER: tag, length, then the arc.
constexpr std::uint8_t oid_last_byte(PreHash ph) {
  switch (ph) {
    case PreHash::sha2_256: return 0x01;
    case PreHash::sha2_384: return 0x02;
    case PreHash::sha2_512: return 0x03;
    case PreHash::sha2_224: return 0x04;
    case PreHash::sha2_512_224: return 0x05;
    case PreHash::sha2_512_256: return 0x06;
    case PreHash::sha3_224: return 0x07;
    case PreHash::sha3_256: return 0x08;
    case PreHash::sha3_384: return 0x09;
    case PreHash::sha3_512: return 0x0A;
    case PreHash::shake128: return 0x0B;
    case PreHash::shake256: return 0x0C;
    case PreHash::none: break;
  }
  return 0;
}

struct OidTable {
  std::uint8_t oid[13][kPreHashOidBytes];
};
constexpr OidTable make_oids() {
  OidTable t{};
  for (int i = 1; i < 13; ++i) {
    const std::uint8_t prefix[10] = {0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02};
    for (int j = 0; j < 10; ++j) t.oid[i][j] = prefix[j];
    t.oid[i][10] = oid_last_byte(static_cast<PreHash>(i));
  }
  return t;
}
constexpr OidTable kOids = make_oids();

}  // namespace

const std::uint8_t* prehash_oid(PreHash ph) {
  const auto i = static_cast<unsigned>(ph);
  return (i == 0 || i >= 13) ? nullptr : kOids.oid[i];
}

std::size_t prehash(PreHash ph, Bytes m, std::uint8_t out[kMaxPreHashBytes]) {
  switch (ph) {
    case PreHash::sha2_224: sha224(m, out); return 28;
    case PreHash::sha2_256: sha256(m, out); return 32;
    case PreHash::sha2_384: sha384(m, out); return 48;
    case PreHash::sha2_512: sha512(m, out); return 64;
    case PreHash::sha2_512_224: sha512_224(m, out); return 28;
    case PreHash::sha2_512_256: sha512_256(m, out); return 32;
    case PreHash::sha3_224: sha3_224(m, out); return 28;
    case PreHash::sha3_256: sha3_256(m, out); return 32;
    case PreHash::sha3_384: sha3_384(m, out); return 48;
    case PreHash::sha3_512: sha3_512(m, out); return 64;
    case PreHash::shake128: shake128(m, MutBytes(out, 32)); return 32;   // 256-bit output
    case PreHash::shake256: shake256(m, MutBytes(out, 64)); return 64;   // 512-bit output
    case PreHash::none: break;
  }
  return 0;
}

namespace {

// PH(M) for the SHA-3 family on permutation F; the SHA-2 pre-hashes do not touch Keccak.
template <KeccakPermutation F>
std::size_t prehash_with(PreHash ph, Bytes m, std::uint8_t out[kMaxPreHashBytes]) {
  unsigned rate = 0;
  std::uint8_t ds = 0x06;
  std::size_t n = 0;
  switch (ph) {
    case PreHash::sha3_224: rate = 144; n = 28; break;
    case PreHash::sha3_256: rate = 136; n = 32; break;
    case PreHash::sha3_384: rate = 104; n = 48; break;
    case PreHash::sha3_512: rate = 72; n = 64; break;
    case PreHash::shake128: rate = 168; n = 32; ds = 0x1F; break;
    case PreHash::shake256: rate = 136; n = 64; ds = 0x1F; break;
    default: return prehash(ph, m, out);
  }
  BasicKeccakSponge<F> h(rate, ds);
  h.absorb(m);
  h.finalize();
  h.squeeze(out, n);
  return n;
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
      // PH(M) goes into mu, which is written only by the final squeeze: no 64-byte local.
      std::uint8_t* digest = mu;
      const std::size_t n = prehash_with<F>(msg.prehash, msg.message, digest);
      if (n == 0) return Status::invalid_input;
      const std::uint8_t head[2] = {1, static_cast<std::uint8_t>(msg.context.size())};
      h.absorb(head, 2);
      h.absorb(msg.context);
      h.absorb(prehash_oid(msg.prehash), kPreHashOidBytes);
      h.absorb(digest, n);
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

}  // namespace sigspace::mldsa
