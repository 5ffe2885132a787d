#include "measure_inputs.hpp"

#include "sigspace/bytes.hpp"
#include "sigspace/keccak.hpp"

namespace sigspace::measure {

Buffer derive(std::string_view label, std::uint32_t index, std::size_t length) {
  Shake256 xof;
  xof.absorb(reinterpret_cast<const std::uint8_t*>(label.data()), label.size());
  std::uint8_t le[4];
  store_le32(le, index);
  xof.absorb(le, sizeof le);
  xof.finalize();
  Buffer out(length);
  xof.squeeze(out.data(), out.size());
  return out;
}

}  // namespace sigspace::measure
