// FIPS 180-4: SHA-224, SHA-256, SHA-384, SHA-512, SHA-512/224, SHA-512/256 against the NIST
// examples (CSRC "Examples with Intermediate Values": "abc", the two-block 448-bit and 896-bit
// messages; the million-'a' message of the classic test suite), cross-checked with Python's
// hashlib. Each algorithm also runs on the other family's two-block message, so every
// algorithm meets a one-block and a two-block padding case.
#include <cstdint>
#include <cstring>

#include "hex_expect.hpp"
#include "minitest.hpp"
#include "sigspace/sha2.hpp"

namespace {

using sigspace::Bytes;

constexpr char kMsg448[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
constexpr char kMsg896[] =
    "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrs"
    "mnopqrstnopqrstu";

Bytes text(const char* s) {
  return Bytes(reinterpret_cast<const std::uint8_t*>(s), std::strlen(s));
}

template <class Core, auto kArg>
void via_core(Bytes in, std::uint8_t* out) {
  Core c(kArg);
  c.update(in);
  c.final(out);
}

struct Sha2Case {
  void (*one_shot)(Bytes, std::uint8_t*);
  std::size_t digest;
  void (*core)(Bytes, std::uint8_t*);  // the same through the incremental class
  const char* hex[5];                  // "", "abc", 448-bit, 896-bit, one million 'a'
  // Hash, with the same algorithm, of the concatenated digests of m[0..L) for L = 0..300,
  // m[i] = 31 i + 7 mod 256: every padding boundary of both block sizes in one value.
  const char* chained_hex;
};

const Sha2Case kCases[] = {
    {sigspace::sha224, 28, via_core<sigspace::Sha256Core, true>,
     {"d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f",
      "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7",
      "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525",
      "c97ca9a559850ce97a04a96def6d99a9e0e0e2ab14e6b8df265fc0b3",
      "20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67"},
     "33bb39285fd72be481afebb0853396b1e32b3d3d5fa4e1d65665267e"},
    {sigspace::sha256, 32, via_core<sigspace::Sha256Core, false>,
     {"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
      "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"},
     "78f25692e2f4dd74482ac3dcf4f505a7c278fa279588b764b99a497144bcd49c"},
    {sigspace::sha384, 48, via_core<sigspace::Sha512Core, sigspace::Sha512Kind::sha384>,
     {"38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b",
      "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7",
      "3391fdddfc8dc7393707a65b1b4709397cf8b1d162af05abfe8f450de5f36bc6b0455a8520bc4e6f5fe95b1fe3c8452b",
      "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712fcc7c71a557e2db966c3e9fa91746039",
      "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b07b8b3dc38ecc4ebae97ddd87f3d8985"},
     "ee5687497e0097f58b34f928dabee44e7963886c5b13a2ff1709df57be7bb56b2144b2519cf293aefe6ead490dfea857"},
    {sigspace::sha512, 64, via_core<sigspace::Sha512Core, sigspace::Sha512Kind::sha512>,
     {"cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f"
      "63b931bd47417a81a538327af927da3e",
      "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd"
      "454d4423643ce80e2a9ac94fa54ca49f",
      "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c33596fd15c13b1b07f9aa1d3bea57789ca0"
      "31ad85c7a71dd70354ec631238ca3445",
      "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433a"
      "c7d329eeb6dd26545e96e55b874be909",
      "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577c31b"
      "eb009c5c2c49aa2e4eadb217ad8cc09b"},
     "4d453e114ab3806337606be8f53c6e5956d81a16bf152b21ad7a38b1933cdec9126d3cc7237f765ab8d7e3609dacd7cf"
     "18dd69798caa1ab8832b7951d0507a8b"},
    {sigspace::sha512_224, 28, via_core<sigspace::Sha512Core, sigspace::Sha512Kind::sha512_224>,
     {"6ed0dd02806fa89e25de060c19d3ac86cabb87d6a0ddd05c333b84f4",
      "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa",
      "e5302d6d54bb242275d1e7622d68df6eb02dedd13f564c13dbda2174",
      "23fec5bb94d60b23308192640b0c453335d664734fe40e7268674af9",
      "37ab331d76f0d36de422bd0edeb22a28accd487b7a8453ae965dd287"},
     "4666015848a615c5248c85dd02a1b5c30fc6f09cd56488b72eaeb8f5"},
    {sigspace::sha512_256, 32, via_core<sigspace::Sha512Core, sigspace::Sha512Kind::sha512_256>,
     {"c672b8d1ef56ed28ab87c3622c5114069bdd3ad7b8f9737498d0c01ecef0967a",
      "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23",
      "bde8e1f9f19bb9fd3406c90ec6bc47bd36d8ada9f11880dbc8a22a7078b6a461",
      "3928e184fb8690f840da3988121d31be65cb9d3ef83ee6146feac861e19b563a",
      "9a59a052930187a97038cae692f30708aa6491923ef5194394dc68d56c74fb21"},
     "c311ea65c2387d4d2afadc14b7f09297aa67c95f3aa7fe4776ddb0e7ded3a74a"},
};

// The SHA-512 family in the order of kCases[2..5].
constexpr sigspace::Sha512Kind kKinds512[4] = {
    sigspace::Sha512Kind::sha384, sigspace::Sha512Kind::sha512, sigspace::Sha512Kind::sha512_224,
    sigspace::Sha512Kind::sha512_256};

// Streams one million 'a' in 1000-byte updates: no megabyte buffer on the boards.
template <class Core, class Arg>
void million_a(Arg arg, std::uint8_t* out) {
  std::uint8_t chunk[1000];
  std::memset(chunk, 'a', sizeof chunk);
  Core c(arg);
  for (int i = 0; i < 1000; ++i) c.update(Bytes(chunk, sizeof chunk));
  c.final(out);
}

void published_examples() {
  const Bytes inputs[4] = {Bytes(), text("abc"), text(kMsg448), text(kMsg896)};
  for (const auto& c : kCases) {
    for (unsigned i = 0; i < 4; ++i) {
      std::uint8_t out[64];
      c.one_shot(inputs[i], out);
      MT_CHECK_HEX(out, c.digest, c.hex[i]);
      std::memset(out, 0, sizeof out);
      c.core(inputs[i], out);
      MT_CHECK_HEX(out, c.digest, c.hex[i]);
    }
  }
}

void million_a_all() {
  std::uint8_t out[64];
  million_a<sigspace::Sha256Core>(true, out);
  MT_CHECK_HEX(out, 28, kCases[0].hex[4]);
  million_a<sigspace::Sha256Core>(false, out);
  MT_CHECK_HEX(out, 32, kCases[1].hex[4]);
  for (unsigned k = 0; k < 4; ++k) {
    million_a<sigspace::Sha512Core>(kKinds512[k], out);
    MT_CHECK_HEX(out, kCases[2 + k].digest, kCases[2 + k].hex[4]);
  }
}

// The message of the chained test: long enough for two SHA-512 blocks and a partial third.
struct Pattern {
  std::uint8_t b[300];
  Pattern() {
    for (unsigned i = 0; i < sizeof b; ++i) b[i] = static_cast<std::uint8_t>(31 * i + 7);
  }
};

template <class Core, class Arg>
void chained(Arg arg, const Pattern& m, std::uint8_t* out) {
  Core acc(arg);
  for (std::size_t len = 0; len <= sizeof m.b; ++len) {
    std::uint8_t d[64];
    Core h(arg);
    h.update(Bytes(m.b, len));
    h.final(d);
    acc.update(Bytes(d, h.digest_size()));
  }
  acc.final(out);
}

void padding_boundaries() {
  const Pattern m;
  std::uint8_t out[64];
  chained<sigspace::Sha256Core>(true, m, out);
  MT_CHECK_HEX(out, 28, kCases[0].chained_hex);
  chained<sigspace::Sha256Core>(false, m, out);
  MT_CHECK_HEX(out, 32, kCases[1].chained_hex);
  for (unsigned k = 0; k < 4; ++k) {
    chained<sigspace::Sha512Core>(kKinds512[k], m, out);
    MT_CHECK_HEX(out, kCases[2 + k].digest, kCases[2 + k].chained_hex);
  }
}

// Updates in odd pieces (including empty ones, and pieces that straddle block boundaries or
// arrive while the buffer is partly full) equal one update.
template <class Core, class Arg>
bool pieces_match(Arg arg, const Pattern& m) {
  const std::size_t pieces[] = {0, 1, 3, 55, 0, 64, 9, 127, 128, 13};
  std::uint8_t a[64], b[64];
  Core one(arg), split(arg);
  one.update(Bytes(m.b, sizeof m.b));
  one.final(a);
  for (std::size_t at = 0, k = 0; at < sizeof m.b; ++k) {
    std::size_t n = pieces[k % 10];
    if (n > sizeof m.b - at) n = sizeof m.b - at;
    split.update(Bytes(m.b + at, n));
    at += n;
  }
  split.final(b);
  return std::memcmp(a, b, split.digest_size()) == 0;
}

void incremental_pieces() {
  const Pattern m;
  MT_CHECK(pieces_match<sigspace::Sha256Core>(true, m));
  MT_CHECK(pieces_match<sigspace::Sha256Core>(false, m));
  MT_CHECK(pieces_match<sigspace::Sha512Core>(sigspace::Sha512Kind::sha384, m));
  MT_CHECK(pieces_match<sigspace::Sha512Core>(sigspace::Sha512Kind::sha512, m));
  MT_CHECK(pieces_match<sigspace::Sha512Core>(sigspace::Sha512Kind::sha512_224, m));
  MT_CHECK(pieces_match<sigspace::Sha512Core>(sigspace::Sha512Kind::sha512_256, m));
  // One byte at a time through a published example.
  sigspace::Sha512Core h(sigspace::Sha512Kind::sha512);
  const Bytes in = text(kMsg896);
  for (std::size_t i = 0; i < in.size(); ++i) h.update(in.subspan(i, 1));
  std::uint8_t out[64];
  h.final(out);
  MT_CHECK_HEX(out, 64, kCases[3].hex[3]);
}

void digest_sizes() {
  MT_CHECK(sigspace::Sha256Core(true).digest_size() == 28);
  MT_CHECK(sigspace::Sha256Core(false).digest_size() == 32);
  MT_CHECK(sigspace::Sha512Core(sigspace::Sha512Kind::sha384).digest_size() == 48);
  MT_CHECK(sigspace::Sha512Core(sigspace::Sha512Kind::sha512).digest_size() == 64);
  MT_CHECK(sigspace::Sha512Core(sigspace::Sha512Kind::sha512_224).digest_size() == 28);
  MT_CHECK(sigspace::Sha512Core(sigspace::Sha512Kind::sha512_256).digest_size() == 32);
}

}  // namespace

int main() {
  const minitest::Case cases[] = {
      {"published_examples", published_examples},
      {"million_a", million_a_all},
      {"padding_boundaries", padding_boundaries},
      {"incremental_pieces", incremental_pieces},
      {"digest_sizes", digest_sizes},
  };
  return minitest::run("core_sha2", cases, sizeof cases / sizeof cases[0]);
}
