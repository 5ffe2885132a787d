#include "sigspace/arena.hpp"

#include "sigspace/ct.hpp"

namespace sigspace {

void* Arena::allocate(std::size_t size, std::size_t align) {
  const auto addr = reinterpret_cast<std::uintptr_t>(base_) + used_;
  const std::size_t pad = (align - addr % align) % align;
  if (base_ == nullptr || pad > size_ - used_ || size > size_ - used_ - pad) return nullptr;
  void* p = base_ + used_ + pad;
  used_ += pad + size;
  if (used_ > peak_) peak_ = used_;
  return p;
}

void Arena::release(std::size_t mark) {
  if (mark >= used_) return;
  ct::wipe(base_ + mark, used_ - mark);
  used_ = mark;
}

void Arena::wipe() {
  if (base_ != nullptr) ct::wipe(base_, size_);
  used_ = 0;
}

}  // namespace sigspace
