// Host-side convenience over a variant descriptor: owns buffers and workspace, checks lengths,
// and turns failures into exceptions with a message a user can act on. Used by the Python
// module (which the `sigspace` command line runs on) and the measurement tools.
#pragma once
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "sigspace/ct.hpp"
#include "sigspace/variant.hpp"

namespace sigspace::host {

// Every host buffer is wiped before its memory goes back to the heap: seeds, secret keys,
// signing states, randomness and workspaces pass through these, and a freed block that still
// holds a key is a key on the heap (issue 16). Wiping public bytes too keeps one type.
template <class T, class Base = std::allocator<T>>
struct WipingAllocator {
  using value_type = T;
  template <class U>
  struct rebind {
    using other = WipingAllocator<U, typename std::allocator_traits<Base>::template rebind_alloc<U>>;
  };
  WipingAllocator() = default;
  template <class U, class B>
  WipingAllocator(const WipingAllocator<U, B>&) {}
  T* allocate(std::size_t n) { return Base{}.allocate(n); }
  void deallocate(T* p, std::size_t n) {
    ct::wipe(p, n * sizeof(T));
    Base{}.deallocate(p, n);
  }
  template <class U, class B>
  bool operator==(const WipingAllocator<U, B>&) const { return true; }
};
using Buffer = std::vector<std::uint8_t, WipingAllocator<std::uint8_t>>;

// Bad input: wrong lengths, malformed keys, unsupported modes (the command line exits 2).
struct InputError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// Throws for a status other than ok/invalid_signature: InputError for invalid_input.
void check(Status s, const char* op);

const Variant& variant_by_id(const std::string& id);  // InputError listing known ids
MessageMode parse_mode(const std::string& name);        // pure | prehash | internal | external-mu
PreHash parse_prehash(const std::string& name);         // FIPS 204 names, e.g. SHA2-256, SHAKE-128
const char* prehash_name(PreHash ph);

// The message as a variant takes it. interface empty: "prehash" when prehash is named, else
// "pure". Buffers must outlive the result (it holds spans).
MessageInput make_message(const Buffer& message, const Buffer& context,
                          const std::string& interface, const std::string& prehash);

struct KeyPair {
  Buffer pk, sk;
};

KeyPair keygen(const Variant& v, const Buffer& seed);
Buffer load_signing_key(const Variant& v, const Buffer& sk);
// rnd empty: deterministic signing (all-zero randomness of the variant's rnd_bytes).
Buffer sign(const Variant& v, const Buffer& sk, const MessageInput& msg, const Buffer& rnd);
Buffer sign_with_state(const Variant& v, const Buffer& state, const MessageInput& msg,
                       const Buffer& rnd);
bool verify(const Variant& v, const Buffer& pk, const MessageInput& msg, const Buffer& sig);

// An arena backed by a heap block of exactly the variant's published size for one operation.
class OwnedArena {
 public:
  explicit OwnedArena(std::size_t size) : block_(size), arena_(block_.data(), size) {}
  Arena& arena() { return arena_; }
 private:
  Buffer block_;
  Arena arena_;
};

}  // namespace sigspace::host
