// Test-only functions that the constant-time gate must judge correctly (tests/ct/README.md):
// two with a planted secret dependence (a branch, a table index) that it must report, and a
// constant-time one that it must not. Never registered in the product: only the gate's runner
// links them.
#pragma once

namespace sigspace::ct_planted {

// Runs the named function ("branch", "index" or "clean") on a secret marked undefined for
// memcheck; 0 when it ran, 2 when the name is unknown.
int run(const char* name);

}  // namespace sigspace::ct_planted
