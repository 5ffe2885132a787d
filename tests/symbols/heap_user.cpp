// Deliberately breaks the freestanding rules, so that the symbol check is seen to fail.
#include <cstdlib>
#include <stdexcept>

void* uses_heap(std::size_t n) {
  void* p = std::malloc(n);
  if (p == nullptr) throw std::runtime_error("no memory");
  return p;
}
