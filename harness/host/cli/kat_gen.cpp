// sigspace kat-gen: NIST PQCsignKAT_<pk bytes>.req/.rsp for a variant, as the official generator
// writes them (LESS: less-v2.0.md section 10), so a user can regenerate the official files.
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "less_kat.hpp"
#include "ops/host_ops.hpp"

namespace sigspace::cli {

int cmd_kat_gen(int argc, char** argv) {
  const Args a(argc, argv, 2, {"variant", "count", "out"}, {});
  const Variant& v = host::variant_by_id(a.get("variant"));
  if (std::string(v.scheme) != "LESS")
    throw host::InputError(std::string("kat-gen writes the NIST KAT files of LESS variants; ") +
                           v.id + " is " + v.scheme);
  const std::string count_text = a.get_or("count", "100");
  std::size_t used = 0;
  int count = 0;
  try {
    count = std::stoi(count_text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != count_text.size() || count < 1)
    throw UsageError("--count must be a positive whole number, got '" + count_text + "'");
  const std::string out = a.get("out");
  std::error_code ec;
  std::filesystem::create_directories(out, ec);
  if (ec || !std::filesystem::is_directory(out))
    throw host::InputError("cannot create output directory '" + out + "'");
  std::string error;
  if (gates::write_less_kat(v, count, out, &error) != 0)
    throw std::runtime_error("kat-gen: " + error);
  std::cout << nlohmann::json{{"variant", v.id}, {"count", count},
                              {"req", out + "/PQCsignKAT_" + std::to_string(v.pk_bytes) + ".req"},
                              {"rsp", out + "/PQCsignKAT_" + std::to_string(v.pk_bytes) + ".rsp"}}
                   .dump()
            << "\n";
  return 0;
}

}  // namespace sigspace::cli
