// Declassification for the constant-time gate (ARCHITECTURE.md, Gates 4; tests/ct/README.md).
// The gate runs every operation under valgrind memcheck with the secret inputs marked undefined:
// a branch or address that depends on them is a finding. A value that the standard makes public
// is declassified once, where it becomes public, with a comment that says why:
//
//   SIGSPACE_CT_DECLASSIFY(&x, sizeof x);  // <why x is public, with its citation>
//
// Only the gate's own build (-DSIGSPACE_CT_CHECK=1, host only) turns this into a memcheck client
// request; every product build, host or board, compiles it to nothing, so core/ and variants/
// carry no valgrind dependency and no instruction count moves.
#pragma once

#if defined(SIGSPACE_CT_CHECK) && SIGSPACE_CT_CHECK
#include <valgrind/memcheck.h>
#define SIGSPACE_CT_DECLASSIFY(ptr, len) \
  ((void)VALGRIND_MAKE_MEM_DEFINED((ptr), (len)))
#else
#define SIGSPACE_CT_DECLASSIFY(ptr, len) ((void)(ptr), (void)(len))
#endif
