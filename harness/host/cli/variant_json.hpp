// The registry as JSON: the one description of a variant that the Python module (`sigspace
// list`, sigspace.variant(id).info) and the probe's `list` (the results manifest) share.
#pragma once
#include <nlohmann/json.hpp>

#include "sigspace/variant.hpp"

namespace sigspace::cli {
nlohmann::json variant_info(const Variant& v);
}
