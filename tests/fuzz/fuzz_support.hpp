// What every fuzz target shares: a reader that takes typed fields off the fuzzer's bytes, the
// variants of one parameter set (operating points and ablations: the differential oracle is
// that they all agree with the set's reference), and the descriptor's operations with owned
// buffers and workspaces of exactly the published size (ASan sees a byte past them).
#pragma once
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "sigspace/variant.hpp"

namespace sigspace::fuzz {

using Buf = std::vector<std::uint8_t>;

class Input {
 public:
  Input(const std::uint8_t* data, std::size_t size) : p_(data), n_(size) {}
  std::uint8_t byte() {
    if (n_ == 0) return 0;
    --n_;
    return *p_++;
  }
  Buf take(std::size_t want) {  // up to `want` bytes: a short input gives a short field
    const std::size_t k = want < n_ ? want : n_;
    Buf out(p_, p_ + k);
    p_ += k;
    n_ -= k;
    return out;
  }
  Buf rest() { return take(n_); }

 private:
  const std::uint8_t* p_;
  std::size_t n_;
};

// The message a variant takes, from the fuzzer's bytes: a mode (every MessageMode), a pre-hash
// (every PreHash, named or not), a context of 0-300 bytes (over 255 must be refused) and the
// message itself, which is the rest of the input (so read it last).
struct Message {
  Buf message, context;
  MessageMode mode = MessageMode::pure;
  PreHash prehash = PreHash::none;
  MessageInput input() const { return {Bytes(message), Bytes(context), mode, prehash}; }
};
Message read_message(Input& in);

// The scheme an input is for: the target's own when it is built for one (SIGSPACE_FUZZ_SCHEME,
// so the fuzzer's time is not shared with the other scheme's far slower LESS operations), else
// bit 0 of the byte. The byte is read either way, so seeds have one layout.
inline const char* pick_scheme(std::uint8_t b) {
#ifdef SIGSPACE_FUZZ_SCHEME
  (void)b;
  return SIGSPACE_FUZZ_SCHEME;
#else
  return b & 1 ? "LESS" : "ML-DSA";
#endif
}

// The parameter sets of a scheme in registry order, and every variant of one of them with the
// set's reference first.
std::vector<std::string> param_sets(const char* scheme);
std::vector<const Variant*> variants_of(const std::string& param_set);
const std::string& pick_set(const char* scheme, std::uint8_t selector);
// The reference and one other variant of `variants` (the reference itself when it is alone),
// chosen by `selector`. The costly targets (sign, load_key) run this pair per input instead of
// every variant of the set: about 25 at an ML-DSA set with the ablations, so an execution
// costs two signings instead of 25 and the fuzzer reaches 10x more inputs; the selector is an
// input byte, so every variant is still reached and a finding still replays.
std::vector<const Variant*> reference_and_one(const std::vector<const Variant*>& variants,
                                              unsigned selector);

// A differential finding: print what disagreed and abort, which libFuzzer reports as a crash
// with the input that caused it.
[[noreturn]] void disagree(const Variant& v, const char* op, const std::string& what);

Status keygen(const Variant& v, const Buf& seed, Buf& pk, Buf& sk);
// load_signing_key then sign; sig resized to the length written.
Status load_and_sign(const Variant& v, const Buf& sk, const MessageInput& in, const Buf& rnd,
                     Buf& sig);
Status load_key(const Variant& v, const Buf& sk);
Status verify(const Variant& v, const Buf& pk, const MessageInput& in, const Buf& sig);

}  // namespace sigspace::fuzz
