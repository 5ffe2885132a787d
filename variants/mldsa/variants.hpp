// The MLDSA variants linked into the registry (variants/registry.cpp).
#pragma once
#include "sigspace/variant.hpp"

namespace sigspace::mldsa {
extern const Variant kMldsa44Reference;
extern const Variant kMldsa65Reference;
extern const Variant kMldsa87Reference;
extern const Variant kMldsa44SpeedCeiling;
extern const Variant kMldsa65SpeedCeiling;
extern const Variant kMldsa87SpeedCeiling;
// speed-ceiling ablations, one per technique (speed_ceiling/variants.cpp)
#define SIGSPACE_MLDSA_SC_EACH(X, set)                                                    \
  X(set, MergedNtt) X(set, LazyAccumulate) X(set, EarlyReject) X(set, DecomposeOnce)     \
  X(set, RetainedA)
#define SIGSPACE_MLDSA_SC_DECL(set, name) extern const Variant kMldsa##set##SpeedCeilingNo##name;
SIGSPACE_MLDSA_SC_EACH(SIGSPACE_MLDSA_SC_DECL, 44)
SIGSPACE_MLDSA_SC_EACH(SIGSPACE_MLDSA_SC_DECL, 65)
SIGSPACE_MLDSA_SC_EACH(SIGSPACE_MLDSA_SC_DECL, 87)
extern const Variant kMldsa44Balanced;
extern const Variant kMldsa65Balanced;
extern const Variant kMldsa87Balanced;
// balanced ablations, one per technique (balanced/variants.cpp)
#define SIGSPACE_MLDSA_BAL_EACH(X, set)                                                   \
  X(set, MergedNtt) X(set, EarlyReject) X(set, DecomposeOnce) X(set, RetainedA)           \
      X(set, YInSignature) X(set, CompactKeccak) X(set, PackedW) X(set, R0First)
#define SIGSPACE_MLDSA_BAL_DECL(set, name) extern const Variant kMldsa##set##BalancedNo##name;
SIGSPACE_MLDSA_BAL_EACH(SIGSPACE_MLDSA_BAL_DECL, 44)
SIGSPACE_MLDSA_BAL_EACH(SIGSPACE_MLDSA_BAL_DECL, 65)
SIGSPACE_MLDSA_BAL_EACH(SIGSPACE_MLDSA_BAL_DECL, 87)
extern const Variant kMldsa44MemoryFloor;
extern const Variant kMldsa65MemoryFloor;
extern const Variant kMldsa87MemoryFloor;
// memory-floor ablations, one per technique (memory_floor/variants.cpp)
#define SIGSPACE_MLDSA_MF_EACH(X, set) \
  X(set, PackedW) X(set, StreamedA) X(set, SparseChallenge) X(set, RecomputedRho2)   \
      X(set, HintsInW) X(set, YInSignature) X(set, HalfPoly)
#define SIGSPACE_MLDSA_MF_DECL(set, name) extern const Variant kMldsa##set##MemoryFloorNo##name;
SIGSPACE_MLDSA_MF_EACH(SIGSPACE_MLDSA_MF_DECL, 44)
SIGSPACE_MLDSA_MF_EACH(SIGSPACE_MLDSA_MF_DECL, 65)
SIGSPACE_MLDSA_MF_EACH(SIGSPACE_MLDSA_MF_DECL, 87)
}  // namespace sigspace::mldsa

#define SIGSPACE_MLDSA_VARIANTS                                           \
  &sigspace::mldsa::kMldsa44Reference, &sigspace::mldsa::kMldsa65Reference, \
      &sigspace::mldsa::kMldsa87Reference, &sigspace::mldsa::kMldsa44SpeedCeiling,       \
      &sigspace::mldsa::kMldsa65SpeedCeiling, &sigspace::mldsa::kMldsa87SpeedCeiling,       \
      &sigspace::mldsa::kMldsa44Balanced, &sigspace::mldsa::kMldsa65Balanced,               \
      &sigspace::mldsa::kMldsa87Balanced,                                                   \
      &sigspace::mldsa::kMldsa44MemoryFloor, &sigspace::mldsa::kMldsa65MemoryFloor,         \
      &sigspace::mldsa::kMldsa87MemoryFloor,

// Operating points with one technique off (id "<set>/<point>~<technique>"), see variant.hpp.
#define SIGSPACE_MLDSA_SC_PTR(set, name) &sigspace::mldsa::kMldsa##set##SpeedCeilingNo##name,
#define SIGSPACE_MLDSA_BAL_PTR(set, name) &sigspace::mldsa::kMldsa##set##BalancedNo##name,
#define SIGSPACE_MLDSA_MF_PTR(set, name) &sigspace::mldsa::kMldsa##set##MemoryFloorNo##name,
#define SIGSPACE_MLDSA_ABLATIONS                                                          \
  SIGSPACE_MLDSA_MF_EACH(SIGSPACE_MLDSA_MF_PTR, 44)                                       \
  SIGSPACE_MLDSA_MF_EACH(SIGSPACE_MLDSA_MF_PTR, 65)                                       \
  SIGSPACE_MLDSA_MF_EACH(SIGSPACE_MLDSA_MF_PTR, 87)                                       \
  SIGSPACE_MLDSA_SC_EACH(SIGSPACE_MLDSA_SC_PTR, 44)                                       \
  SIGSPACE_MLDSA_SC_EACH(SIGSPACE_MLDSA_SC_PTR, 65)                                       \
  SIGSPACE_MLDSA_SC_EACH(SIGSPACE_MLDSA_SC_PTR, 87)                                       \
  SIGSPACE_MLDSA_BAL_EACH(SIGSPACE_MLDSA_BAL_PTR, 44)                                     \
  SIGSPACE_MLDSA_BAL_EACH(SIGSPACE_MLDSA_BAL_PTR, 65)                                     \
  SIGSPACE_MLDSA_BAL_EACH(SIGSPACE_MLDSA_BAL_PTR, 87)
