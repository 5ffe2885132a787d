// Fuzz target: the text readers in front of the variants: the NIST PQCsignKAT .rsp/.req parser
// (LESS vectors), the command line's interface and pre-hash names with the context length
// (host::make_message) and the hex decoder. Each must return or throw its own error type; the
// hex decoder must round-trip what it accepts.
//   input: selector byte, then the text
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <sstream>
#include <string>

#include "less_kat.hpp"
#include "ops/host_ops.hpp"
#include "sigspace/bytes.hpp"

using namespace sigspace;

namespace {

void nist_rsp(const std::string& text) {
  std::istringstream in(text);
  try {
    for (const auto& e : gates::parse_nist_rsp(in, "fuzz.rsp"))
      if (e.msg.size() != e.mlen) std::abort();  // the parser promises this
  } catch (const std::runtime_error&) {
  }
}

void message_names(const std::string& text) {
  // interface NUL pre-hash NUL context: what `sigspace sign --interface --prehash --context` pass
  const std::size_t a = text.find('\0'), b = a == std::string::npos ? a : text.find('\0', a + 1);
  const std::string interface = text.substr(0, a);
  const std::string prehash = a == std::string::npos ? "" : text.substr(a + 1, b - a - 1);
  const std::string ctx = b == std::string::npos ? "" : text.substr(b + 1);
  const host::Buffer message{1, 2, 3}, context(ctx.begin(), ctx.end());
  try {
    const MessageInput m = host::make_message(message, context, interface, prehash);
    if (m.context.size() > 255) std::abort();
    if (m.mode == MessageMode::prehash && host::parse_prehash(host::prehash_name(m.prehash)) != m.prehash)
      std::abort();
  } catch (const host::InputError&) {
  }
}

void hex(const std::string& text) {
  std::vector<std::uint8_t> out(text.size() / 2);
  const long n = from_hex(std::span<const char>(text.data(), text.size()), out);
  if (n < 0) return;
  if (static_cast<std::size_t>(n) * 2 != text.size()) std::abort();
  std::string back(text.size(), '\0');
  to_hex(Bytes(out.data(), static_cast<std::size_t>(n)), back);
  std::string lower = text;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (back != lower) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  switch (data[0] % 3) {
    case 0: nist_rsp(text); break;
    case 1: message_names(text); break;
    default: hex(text); break;
  }
  return 0;
}
