// sigspace-transcript: the host side of the board transcript check (gate 2). Runs the fixed
// sequence of harness/common/transcript.hpp, the same code the measurement firmware runs, and
// prints {"variant": ID, "messages": N, "transcript": HEX}; the board plug-in compares it with
// the firmware's `SIGSPACE transcript=` line.
//   sigspace-transcript --variant ID --messages N [--pk-out FILE]
// --pk-out writes key 0's public key (raw bytes), which a firmware build embeds in flash.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "transcript.hpp"

namespace {

int usage() {
  std::fprintf(stderr, "usage: sigspace-transcript --variant ID --messages N [--pk-out FILE]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace sigspace;
  const char* id = nullptr;
  const char* pk_out = nullptr;
  long messages = -1;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::strcmp(argv[i], "--variant") == 0) id = argv[i + 1];
    else if (std::strcmp(argv[i], "--messages") == 0) messages = std::strtol(argv[i + 1], nullptr, 10);
    else if (std::strcmp(argv[i], "--pk-out") == 0) pk_out = argv[i + 1];
    else return usage();
  }
  if (argc % 2 == 0 || id == nullptr || messages < 0 || messages > 100000) return usage();
  const Variant* v = nullptr;  // registry() directly: core's find_variant precedes it in link order
  for (const Variant* r : registry())
    if (std::strcmp(r->id, id) == 0) v = r;
  if (v == nullptr) {
    std::fprintf(stderr, "sigspace-transcript: unknown variant '%s'\n", id);
    return 2;
  }
  std::vector<std::uint8_t> block(transcript::buffer_bytes(*v));
  const transcript::Buffers b = transcript::carve(*v, block);
  std::uint8_t digest[transcript::kDigestBytes];
  const transcript::Outcome o = transcript::run(
      *v, static_cast<std::uint32_t>(messages), b, {},
      [](transcript::Op, std::uint32_t, auto&& run) { return run(); }, digest);
  if (!o.ok()) {
    std::fprintf(stderr, "sigspace-transcript: %s %s message %u: %s (%s)\n", id,
                 transcript::op_name(o.op), o.index, o.what, status_name(o.status));
    return 1;
  }
  if (pk_out != nullptr) {
    std::FILE* f = std::fopen(pk_out, "wb");
    if (f == nullptr || std::fwrite(b.pk.data(), 1, b.pk.size(), f) != b.pk.size() ||
        std::fclose(f) != 0) {
      std::fprintf(stderr, "sigspace-transcript: cannot write %s\n", pk_out);
      return 1;
    }
  }
  std::string hex(2 * sizeof digest, '\0');
  to_hex(Bytes(digest, sizeof digest), std::span<char>(hex.data(), hex.size()));
  std::printf("{\"variant\": \"%s\", \"messages\": %ld, \"transcript\": \"%s\"}\n", id, messages,
              hex.c_str());
  return 0;
}
