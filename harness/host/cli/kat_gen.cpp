#include <iostream>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "ops/host_ops.hpp"

namespace sigspace::cli {

int cmd_kat_gen(int argc, char** argv) {
  const Args a(argc, argv, 2, {"variant", "count", "out"}, {});
  const Variant& v = host::variant_by_id(a.get("variant"));
  throw host::InputError(std::string("kat-gen is not available for ") + v.id);
}

}  // namespace sigspace::cli
