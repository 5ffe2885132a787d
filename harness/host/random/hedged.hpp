// Key generation and signing with randomness drawn through a policy (sigspace/random.hpp): the
// host side of `keygen --random` and `sign --hedged`, in the native tool and the Python module.
#pragma once
#include "ops/host_ops.hpp"
#include "sigspace/random.hpp"

namespace sigspace::host {

// The seed is drawn at the policy's key-seed level and wiped after use; only the keys leave.
KeyPair keygen_random(const Variant& v, const RandomPolicy& p);
// rnd (ML-DSA) or salt (LESS) drawn at the policy's nonce level, wiped after signing.
Buffer sign_hedged(const Variant& v, const Buffer& sk, const MessageInput& msg,
                   const RandomPolicy& p);

}  // namespace sigspace::host
