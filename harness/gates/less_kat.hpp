// NIST KAT support for LESS (host only): the PQCsignKAT .rsp/.req parser, one KAT entry run as
// the official generator runs it, crypto_sign_open, and the kat-gen writer
// (less-v2.0.md section 10; shared/kat/less/README.md).
#pragma once
#include <cstdint>
#include <istream>
#include <string>
#include <vector>

#include "sigspace/variant.hpp"

namespace sigspace::gates {

struct NistKatEntry {
  int count = -1;
  std::vector<std::uint8_t> seed, msg, pk, sk, sm;
  std::size_t mlen = 0, smlen = 0;
};

// Parses a NIST PQCsignKAT .rsp (or .req: empty pk/sk/sm) file. Throws std::runtime_error when
// the file cannot be read, a field is malformed, or msg/sm disagree with mlen/smlen.
std::vector<NistKatEntry> parse_nist_rsp(const std::string& path);
std::vector<NistKatEntry> parse_nist_rsp(std::istream& in, const std::string& name);

// A block of exactly n bytes for one operation's arena, n being the variant's published figure
// for it (operator new aligns it like max_align_t, as Arena's published figures assume).
struct Workspace {
  explicit Workspace(std::size_t n) : bytes(n) {}
  Arena arena() { return Arena(bytes.data(), bytes.size()); }
  std::vector<std::uint8_t> bytes;
};

struct LessKatOutput {
  std::vector<std::uint8_t> pk, sk, sm;
};
// One entry as PQCgenKAT_sign does it: the platform RNG is XOF(seed) (SHAKE128 for category 1,
// SHAKE256 otherwise); keygen draws sk (2 lambda bytes), sign draws the salt (2 lambda bytes);
// sm = msg || signature. Throws std::runtime_error when an operation fails.
LessKatOutput run_less_kat_entry(const Variant& v, const std::vector<std::uint8_t>& seed,
                                 const std::vector<std::uint8_t>& msg);

// crypto_sign_open: the last byte of sm counts the published seeds and fixes the signature
// length; the rest is the message. Returns the verify status (invalid_signature when sm cannot
// be split) and the message in *msg when valid.
Status less_open(const Variant& v, Bytes pk, Bytes sm, std::vector<std::uint8_t>* msg);

// Writes PQCsignKAT_<pk bytes>.req and .rsp with `count` entries to out_dir in the exact NIST
// format. Returns 0 on success, kKatOutputError when the files cannot be written (nothing is
// left behind), another nonzero status when an operation failed; *error says why.
inline constexpr int kKatOutputError = 2;
int write_less_kat(const Variant& v, int count, const std::string& out_dir, std::string* error);

}  // namespace sigspace::gates
