// How this binary was built, for the run manifest (compiler, flags, build type, libraries).
#pragma once
#include <nlohmann/json.hpp>

namespace sigspace::measure {
nlohmann::json build_info();
}
