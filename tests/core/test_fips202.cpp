// FIPS 202: SHA3-224/256/384/512 and SHAKE128/256 against the published examples (NIST CSRC
// "Examples with Intermediate Values": empty message, "abc" and the 1600-bit message of 0xA3
// bytes; SHAKE outputs of 4096 bits), cross-checked with Python's hashlib, and the incremental
// sponge: absorbing or squeezing in odd pieces must give the one-shot result.
#include <cstdint>
#include <cstring>

#include "hex_expect.hpp"
#include "minitest.hpp"
#include "sigspace/keccak.hpp"

namespace {

using sigspace::Bytes;
using sigspace::MutBytes;

constexpr std::uint8_t kAbc[3] = {'a', 'b', 'c'};

// The 1600-bit FIPS 202 example message: 200 bytes of 0xA3.
struct Msg1600 {
  std::uint8_t b[200];
  Msg1600() { std::memset(b, 0xA3, sizeof b); }
  Bytes bytes() const { return Bytes(b, sizeof b); }
};

// A message longer than every rate, with no repeating pattern that could hide an offset bug.
struct LongMsg {
  std::uint8_t b[1000];
  LongMsg() {
    for (unsigned i = 0; i < sizeof b; ++i) b[i] = static_cast<std::uint8_t>(i * 131 + (i >> 8) + 7);
  }
  Bytes bytes() const { return Bytes(b, sizeof b); }
};

struct Sha3Case {
  void (*fn)(Bytes, std::uint8_t*);
  std::size_t digest;
  const char* hex[3];  // empty, "abc", 1600-bit
};
const Sha3Case kSha3[] = {
    {sigspace::sha3_224, 28,
     {"6b4e03423667dbb73b6e15454f0eb1abd4597f9a1b078e3f5b5a6bc7",
      "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf",
      "9376816aba503f72f96ce7eb65ac095deee3be4bf9bbc2a1cb7e11e0"}},
    {sigspace::sha3_256, 32,
     {"a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a",
      "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532",
      "79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787"}},
    {sigspace::sha3_384, 48,
     {"0c63a75b845e4f7d01107d852e4c2485c51a50aaaa94fc61995e71bbee983a2ac3713831264adb47fb6bd1e058d5f004",
      "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b298d88cea927ac7f539f1edf228376d25",
      "1881de2ca7e41ef95dc4732b8f5f002b189cc1e42b74168ed1732649ce1dbcdd76197a31fd55ee989f2d7050dd473e8f"}},
    {sigspace::sha3_512, 64,
     {"a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a615b2123af1f5f94c11e3e9402c3ac558"
      "f500199d95b6d3e301758586281dcd26",
      "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e10e116e9192af3c91a7ec57647e39340"
      "57340b4cf408d5a56592f8274eec53f0",
      "e76dfad22084a8b1467fcf2ffa58361bec7628edf5f3fdc0e4805dc48caeeca81b7c13c30adf52a3659584739a2df46b"
      "e589c51ca1a4a8416df6545a1ce8ba00"}},
};

void sha3_published() {
  const Msg1600 m;
  const Bytes inputs[3] = {Bytes(), Bytes(kAbc, 3), m.bytes()};
  for (const auto& c : kSha3) {
    for (unsigned i = 0; i < 3; ++i) {
      std::uint8_t out[64];
      c.fn(inputs[i], out);
      MT_CHECK_HEX(out, c.digest, c.hex[i]);
    }
  }
}

const char* const kShake128Empty =
    "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef263cb1eea988004b93103cfb0aeefd2a68"
    "6e01fa4a58e8a3639ca8a1e3f9ae57e235b8cc873c23dc62b8d260169afa2f75ab916a58d974918835d25e6a435085b2"
    "badfd6dfaac359a5efbb7bcc4b59d538df9a04302e10c8bc1cbf1a0b3a5120ea17cda7cfad765f5623474d368ccca8af"
    "0007cd9f5e4c849f167a580b14aabdefaee7eef47cb0fca9767be1fda69419dfb927e9df07348b196691abaeb580b32d"
    "ef58538b8d23f87732ea63b02b4fa0f4873360e2841928cd60dd4cee8cc0d4c922a96188d032675c8ac850933c7aff15"
    "33b94c834adbb69c6115bad4692d8619f90b0cdf8a7b9c264029ac185b70b83f2801f2f4b3f70c593ea3aeeb613a7f1b"
    "1de33fd75081f592305f2e4526edc09631b10958f464d889f31ba010250fda7f1368ec2967fc84ef2ae9aff268e0b170"
    "0affc6820b523a3d917135f2dff2ee06bfe72b3124721d4a26c04e53a75e30e73a7a9c4a95d91c55d495e9f51dd0b5e9"
    "d83c6d5e8ce803aa62b8d654db53d09b8dcff273cdfeb573fad8bcd45578bec2e770d01efde86e721a3f7c6cce275dab"
    "e6e2143f1af18da7efddc4c7b70b5e345db93cc936bea323491ccb38a388f546a9ff00dd4e1300b9b2153d2041d205b4"
    "43e41b45a653f2a5c4492c1add544512dda2529833462b71a41a45be97290b6f";
const char* const kShake128Msg1600 =
    "131ab8d2b594946b9c81333f9bb6e0ce75c3b93104fa3469d3917457385da037cf232ef7164a6d1eb448c8908186ad85"
    "2d3f85a5cf28da1ab6fe3438171978467f1c05d58c7ef38c284c41f6c2221a76f12ab1c04082660250802294fb871802"
    "13fdef5b0ecb7df50ca1f8555be14d32e10f6edcde892c09424b29f597afc270c904556bfcb47a7d40778d390923642b"
    "3cbd0579e60908d5a000c1d08b98ef933f806445bf87f8b009ba9e94f7266122ed7ac24e5e266c42a82fa1bbefb7b8db"
    "0066e16a85e0493f07df4809aec084a593748ac3dde5a6d7aae1e8b6e5352b2d71efbb47d4caeed5e6d633805d2d323e"
    "6fd81b4684b93a2677d45e7421c2c6aea259b855a698fd7d13477a1fe53e5a4a6197dbec5ce95f505b520bcd9570c4a8"
    "265a7e01f89c0c002c59bfec6cd4a5c109258953ee5ee70cd577ee217af21fa70178f0946c9bf6ca8751793479f6b537"
    "737e40b6ed28511d8a2d7e73eb75f8daac912ff906e0ab955b083bac45a8e5e9b744c8506f37e9b4e749a184b30f43eb"
    "188d855f1b70d71ff3e50c537ac1b0f8974f0fe1a6ad295ba42f6aec74d123a7abedde6e2c0711cab36be5acb1a5a11a"
    "4b1db08ba6982efccd716929a7741cfc63aa4435e0b69a9063e880795c3dc5ef3272e11c497a91acf699fefee206227a"
    "44c9fb359fd56ac0a9a75a743cff6862f17d7259ab075216c0699511643b6439";
const char* const kShake256Empty =
    "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762fd75dc4ddd8c0f200cb05019d67b592f6"
    "fc821c49479ab48640292eacb3b7c4be141e96616fb13957692cc7edd0b45ae3dc07223c8e92937bef84bc0eab862853"
    "349ec75546f58fb7c2775c38462c5010d846c185c15111e595522a6bcd16cf86f3d122109e3b1fdd943b6aec468a2d62"
    "1a7c06c6a957c62b54dafc3be87567d677231395f6147293b68ceab7a9e0c58d864e8efde4e1b9a46cbe854713672f5c"
    "aaae314ed9083dab4b099f8e300f01b8650f1f4b1d8fcf3f3cb53fb8e9eb2ea203bdc970f50ae55428a91f7f53ac266b"
    "28419c3778a15fd248d339ede785fb7f5a1aaa96d313eacc890936c173cdcd0fab882c45755feb3aed96d477ff96390b"
    "f9a66d1368b208e21f7c10d04a3dbd4e360633e5db4b602601c14cea737db3dcf722632cc77851cbdde2aaf0a33a07b3"
    "73445df490cc8fc1e4160ff118378f11f0477de055a81a9eda57a4a2cfb0c83929d310912f729ec6cfa36c6ac6a75837"
    "143045d791cc85eff5b21932f23861bcf23a52b5da67eaf7baae0f5fb1369db78f3ac45f8c4ac5671d85735cdddb09d2"
    "b1e34a1fc066ff4a162cb263d6541274ae2fcc865f618abe27c124cd8b074ccd516301b91875824d09958f341ef274bd"
    "ab0bae316339894304e35877b0c28a9b1fd166c796b9cc258a064a8f57e27f2a";
const char* const kShake256Msg1600 =
    "cd8a920ed141aa0407a22d59288652e9d9f1a7ee0c1e7c1ca699424da84a904d2d700caae7396ece96604440577da4f3"
    "aa22aeb8857f961c4cd8e06f0ae6610b1048a7f64e1074cd629e85ad7566048efc4fb500b486a3309a8f26724c0ed628"
    "001a1099422468de726f1061d99eb9e93604d5aa7467d4b1bd6484582a384317d7f47d750b8f5499512bb85a226c4243"
    "556e696f6bd072c5aa2d9b69730244b56853d16970ad817e213e470618178001c9fb56c54fefa5fee67d2da524bb3b0b"
    "61ef0e9114a92cdbb6cccb98615cfe76e3510dd88d1cc28ff99287512f24bfafa1a76877b6f37198e3a641c68a7c42d4"
    "5fa7acc10dae5f3cefb7b735f12d4e589f7a456e78c0f5e4c4471fffa5e4fa0514ae974d8c2648513b5db494cea84715"
    "6d277ad0e141c24c7839064cd08851bc2e7ca109fd4e251c35bb0a04fb05b364ff8c4d8b59bc303e25328c09a882e952"
    "518e1a8ae0ff265d61c465896973d7490499dc639fb8502b39456791b1b6ec5bcc5d9ac36a6df622a070d43fed781f5f"
    "149f7b62675e7d1a4d6dec48c1c7164586eae06a51208c0b791244d307726505c3ad4b26b6822377257aa152037560a7"
    "39714a3ca79bd605547c9b78dd1f596f2d4f1791bc689a0e9b799a37339c04275733740143ef5d2b58b96a363d4e0807"
    "6a1a9d7846436e4dca5728b6f760eef0ca92bf0be5615e96959d767197a0beeb";

// 4096-bit outputs: several rate blocks for both XOFs (168 and 136 bytes per block).
void shake_published_4096() {
  const Msg1600 m;
  std::uint8_t out[512];
  sigspace::shake128(Bytes(), out);
  MT_CHECK_HEX(out, sizeof out, kShake128Empty);
  sigspace::shake128(m.bytes(), out);
  MT_CHECK_HEX(out, sizeof out, kShake128Msg1600);
  sigspace::shake256(Bytes(), out);
  MT_CHECK_HEX(out, sizeof out, kShake256Empty);
  sigspace::shake256(m.bytes(), out);
  MT_CHECK_HEX(out, sizeof out, kShake256Msg1600);
}

void shake_abc() {
  std::uint8_t out[64];
  sigspace::shake128(Bytes(kAbc, 3), out);
  MT_CHECK_HEX(out, sizeof out,
      "5881092dd818bf5cf8a3ddb793fbcba74097d5c526a6d35f97b83351940f2cc844c50af32acd3f2cdd066568706f509b"
      "c1bdde58295dae3f891a9a0fca578378");
  sigspace::shake256(Bytes(kAbc, 3), out);
  MT_CHECK_HEX(out, sizeof out,
      "483366601360a8771c6863080cc4114d8db44530f8f1e1ee4f94ea37e78b5739d5a15bef186a5386c75744c0527e1faa"
      "9f8726e462a12a4feb06bd8801e751e4");
}

// Odd piece sizes that cross lane (8) and rate (136, 168) boundaries at varied offsets.
constexpr std::size_t kSqueezePieces[] = {1, 7, 13, 169, 8, 136, 137, 41};  // 512 in all
constexpr std::size_t kAbsorbPieces[] = {1, 7, 13, 64, 8, 107};            // 200 in all

template <class Xof>
void squeeze_in_pieces(Bytes in, const char* expected_hex) {
  Xof x;
  x.absorb(in);
  x.finalize();
  std::uint8_t out[512];
  std::size_t at = 0;
  for (std::size_t n : kSqueezePieces) {
    x.squeeze(MutBytes(out + at, n));
    at += n;
  }
  MT_CHECK(at == sizeof out);
  MT_CHECK_HEX(out, sizeof out, expected_hex);
}

void shake_squeeze_pieces() {
  const Msg1600 m;
  squeeze_in_pieces<sigspace::Shake128>(Bytes(), kShake128Empty);
  squeeze_in_pieces<sigspace::Shake128>(m.bytes(), kShake128Msg1600);
  squeeze_in_pieces<sigspace::Shake256>(Bytes(), kShake256Empty);
  squeeze_in_pieces<sigspace::Shake256>(m.bytes(), kShake256Msg1600);
}

// Absorbs `in` following `pieces` (cycled), then compares the first 64 output bytes with a
// one-shot sponge of the same kind. Pieces of length zero are part of the contract too.
template <class Sponge>
bool absorb_in_pieces_matches(Bytes in, const std::size_t* pieces, std::size_t n_pieces) {
  Sponge one, split;
  one.absorb(in);
  split.absorb(Bytes());
  for (std::size_t at = 0, k = 0; at < in.size(); ++k) {
    std::size_t n = pieces[k % n_pieces];
    if (n > in.size() - at) n = in.size() - at;
    split.absorb(in.subspan(at, n));
    at += n;
  }
  one.finalize();
  split.finalize();
  std::uint8_t a[64], b[64];
  one.squeeze(a, sizeof a);
  split.squeeze(b, sizeof b);
  return std::memcmp(a, b, sizeof a) == 0;
}

template <class Sponge>
void absorb_pieces_for() {
  const Msg1600 m;
  const LongMsg l;
  const std::size_t ones[] = {1};
  const std::size_t odd[] = {3, 0, 5, 11, 169, 2, 137};
  MT_CHECK(absorb_in_pieces_matches<Sponge>(m.bytes(), kAbsorbPieces, 6));
  MT_CHECK(absorb_in_pieces_matches<Sponge>(l.bytes(), ones, 1));
  MT_CHECK(absorb_in_pieces_matches<Sponge>(l.bytes(), odd, 7));
}

void absorb_pieces() {
  absorb_pieces_for<sigspace::Sha3_224>();
  absorb_pieces_for<sigspace::Sha3_256>();
  absorb_pieces_for<sigspace::Sha3_384>();
  absorb_pieces_for<sigspace::Sha3_512>();
  absorb_pieces_for<sigspace::Shake128>();
  absorb_pieces_for<sigspace::Shake256>();
  // And the split sponge reproduces the published value itself, not just the one-shot one.
  const Msg1600 m;
  sigspace::Sha3_256 h;
  std::size_t at = 0;
  for (std::size_t n : kAbsorbPieces) {
    h.absorb(m.bytes().subspan(at, n));
    at += n;
  }
  h.finalize();
  std::uint8_t out[32];
  h.squeeze(out, sizeof out);
  MT_CHECK_HEX(out, sizeof out, kSha3[1].hex[2]);
}

// squeeze_block hands out the published stream in place, a rate at a time (block 0 straight
// after finalize, each later one after a permutation), on both permutations.
template <class Xof>
void blocks_in_place(Bytes in, const char* expected_hex) {
  Xof x;
  x.absorb(in);
  x.finalize();
  std::uint8_t out[512 + Xof::rate];
  for (std::size_t at = 0; at < 512; at += Xof::rate)
    std::memcpy(out + at, x.squeeze_block(), Xof::rate);
  MT_CHECK_HEX(out, 512, expected_hex);
}

void shake_blocks_in_place() {
  const Msg1600 m;
  blocks_in_place<sigspace::Shake128>(m.bytes(), kShake128Msg1600);
  blocks_in_place<sigspace::Shake256>(m.bytes(), kShake256Msg1600);
  blocks_in_place<sigspace::CompactShake128>(Bytes(), kShake128Empty);
  blocks_in_place<sigspace::CompactShake256>(Bytes(), kShake256Empty);
}

// reset() and wipe() return a sponge to its initial state, so it can be reused.
void sponge_reuse() {
  sigspace::Sha3_256 h;
  h.absorb(Bytes(kAbc, 3));
  h.finalize();
  std::uint8_t out[32];
  h.squeeze(out, sizeof out);
  h.reset();
  h.finalize();
  h.squeeze(out, sizeof out);
  MT_CHECK_HEX(out, sizeof out, kSha3[1].hex[0]);
  h.wipe();
  h.absorb(Bytes(kAbc, 3));
  h.finalize();
  h.squeeze(out, sizeof out);
  MT_CHECK_HEX(out, sizeof out, kSha3[1].hex[1]);
}

// Keccak-f[1600] applied to the all-zero state (the Keccak team's KeccakF-1600 intermediate
// values, first two lanes); the SHA3 vectors above cover it only through the sponge.
void permutation_zero_state() {
  std::uint64_t s[25] = {};
  sigspace::keccak_f1600(s);
  MT_CHECK(s[0] == 0xF1258F7940E1DDE7ULL);
  MT_CHECK(s[1] == 0x84D5CCF933C0478AULL);
}

}  // namespace

int main() {
  const minitest::Case cases[] = {
      {"sha3_published", sha3_published},
      {"shake_published_4096", shake_published_4096},
      {"shake_abc", shake_abc},
      {"shake_squeeze_pieces", shake_squeeze_pieces},
      {"shake_blocks_in_place", shake_blocks_in_place},
      {"absorb_pieces", absorb_pieces},
      {"sponge_reuse", sponge_reuse},
      {"permutation_zero_state", permutation_zero_state},
  };
  return minitest::run("core_fips202", cases, sizeof cases / sizeof cases[0]);
}
