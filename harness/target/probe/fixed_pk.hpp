// Key 0's public key as const data in flash, when the build embeds the host's copy
// (SIGSPACE_PROBE_PK_FILE, written by the host tool sigspace-transcript --pk-out): verify then
// reads it from flash, as a device would, and the transcript run checks it equals the key the
// board generated. Without the file, fixed_pk() is empty and verify reads the RAM copy.
#pragma once
#include <cstdint>

#include "sigspace/bytes.hpp"

namespace sigspace::probe {

#ifdef SIGSPACE_PROBE_PK_FILE
extern "C" const std::uint8_t sigspace_fixed_pk[], sigspace_fixed_pk_end[];
__asm__(".section .rodata.sigspace_fixed_pk,\"a\"\n"
        ".balign 8\n"
        ".global sigspace_fixed_pk\n"
        "sigspace_fixed_pk:\n"
        ".incbin \"" SIGSPACE_PROBE_PK_FILE "\"\n"
        ".global sigspace_fixed_pk_end\n"
        "sigspace_fixed_pk_end:\n"
        ".previous\n");
inline Bytes fixed_pk() {
  return Bytes(sigspace_fixed_pk, static_cast<std::size_t>(sigspace_fixed_pk_end - sigspace_fixed_pk));
}
#else
inline Bytes fixed_pk() { return {}; }
#endif

}  // namespace sigspace::probe
