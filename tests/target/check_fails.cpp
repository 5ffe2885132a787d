// A failing check must end the run with a nonzero exit code on every platform, or a broken
// board test would pass silently. Registered as an expected failure.
#include "minitest.hpp"

namespace {
void fails() { MT_CHECK(1 + 1 == 3); }
const minitest::Case cases[] = {{"fails", fails}};
}  // namespace

int main() { return minitest::run("check_fails", cases, 1); }
