#include "mldsa/common/poly.hpp"

#include "sigspace/ct.hpp"

namespace sigspace::mldsa {

void poly_pointwise(Poly& c, const Poly& a, const Poly& b) {
  for (int i = 0; i < kN; ++i)
    c.c[i] = montgomery_reduce(static_cast<std::int64_t>(a.c[i]) * b.c[i]);
}

void poly_pointwise_acc(Poly& c, const Poly& a, const Poly& b) {
  for (int i = 0; i < kN; ++i)
    c.c[i] += montgomery_reduce(static_cast<std::int64_t>(a.c[i]) * b.c[i]);
}

void poly_add(Poly& c, const Poly& a, const Poly& b) {
  for (int i = 0; i < kN; ++i) c.c[i] = a.c[i] + b.c[i];
}

void poly_sub(Poly& c, const Poly& a, const Poly& b) {
  for (int i = 0; i < kN; ++i) c.c[i] = a.c[i] - b.c[i];
}

void poly_reduce(Poly& a) {
  for (auto& x : a.c) x = reduce32(x);
}

void poly_freeze(Poly& a) {
  for (auto& x : a.c) x = freeze(x);
}

std::uint32_t exceeds(const std::int32_t* a, int n, std::int32_t bound) {
  std::uint32_t m = 0;
  for (int i = 0; i < n; ++i) {
    const std::int32_t s = a[i] >> 31;  // |x| by mask, not by branch
    const auto abs = static_cast<std::uint32_t>((a[i] ^ s) - s);
    m |= ~ct::lt_mask(abs, static_cast<std::uint32_t>(bound));
  }
  return m;
}

std::uint32_t poly_exceeds(const Poly& a, std::int32_t bound) { return exceeds(a.c, kN, bound); }

}  // namespace sigspace::mldsa
