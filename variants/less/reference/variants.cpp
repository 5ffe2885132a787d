// The LESS v2.0 reference operating point of the seven parameter sets (variant.hpp descriptors).
// Workspace is 0 for every operation: like the official reference, everything lives on the stack.
#include "less/variants.hpp"

#include "common/params.hpp"
#include "reference/keygen.hpp"
#include "reference/sign.hpp"
#include "reference/verify.hpp"

namespace sigspace::less {
namespace {

constexpr const char* kReferenceTechniques[] = {
    "materialised-generators",  // G0 * mu as a k x n matrix, the public codes expanded
    "per-round-pivot-columns",  // pi_tilde for all t rounds (2kt bytes)
    "ct-sorting-network-permutation",
};

template <class P>
constexpr Variant reference_variant(const char* id) {
  return Variant{id, "LESS", P::name, "reference", kReferenceTechniques,
                 P::pk_bytes, P::sk_bytes, P::sig_max_bytes,
                 P::sk_bytes,    // seed: the 2-lambda-byte secret key
                 P::salt_bytes,  // rnd: the salt
                 P::sk_bytes,    // retained state: the compressed secret key
                 WorkspaceSizes{},
                 &reference::keygen<P>, &reference::load_signing_key<P>, &reference::sign<P>,
                 &reference::verify<P>};
}

}  // namespace

constexpr Variant kLess1bReference = reference_variant<P1b>("LESS-1b/reference");
constexpr Variant kLess1iReference = reference_variant<P1i>("LESS-1i/reference");
constexpr Variant kLess1sReference = reference_variant<P1s>("LESS-1s/reference");
constexpr Variant kLess3bReference = reference_variant<P3b>("LESS-3b/reference");
constexpr Variant kLess3sReference = reference_variant<P3s>("LESS-3s/reference");
constexpr Variant kLess5bReference = reference_variant<P5b>("LESS-5b/reference");
constexpr Variant kLess5sReference = reference_variant<P5s>("LESS-5s/reference");

}  // namespace sigspace::less
