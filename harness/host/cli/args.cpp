#include "cli/args.hpp"

#include "sigspace/bytes.hpp"

namespace sigspace::cli {

Args::Args(int argc, char** argv, int first, const std::set<std::string>& values,
           const std::set<std::string>& flags) {
  for (int i = first; i < argc; ++i) {
    const std::string a = argv[i];
    if (a.rfind("--", 0) != 0) throw UsageError("unexpected argument '" + a + "'");
    const std::string name = a.substr(2);
    if (flags.count(name)) {
      opts_[name] = "";
    } else if (values.count(name)) {
      if (i + 1 >= argc) throw UsageError("option --" + name + " needs a value");
      opts_[name] = argv[++i];
    } else {
      throw UsageError("unknown option --" + name);
    }
  }
}

std::string Args::get(const std::string& name) const {
  auto it = opts_.find(name);
  if (it == opts_.end()) throw UsageError("missing required option --" + name);
  return it->second;
}

std::string Args::get_or(const std::string& name, const std::string& fallback) const {
  auto it = opts_.find(name);
  return it == opts_.end() ? fallback : it->second;
}

std::vector<unsigned char> Args::hex(const std::string& name) const {
  const std::string text = get(name);
  std::vector<unsigned char> out(text.size() / 2);
  if (from_hex(std::span<const char>(text.data(), text.size()), out) < 0)
    throw UsageError("--" + name + " is not valid hex (even length, 0-9a-fA-F)");
  return out;
}

std::vector<unsigned char> Args::hex_or_empty(const std::string& name) const {
  return has(name) ? hex(name) : std::vector<unsigned char>{};
}

}  // namespace sigspace::cli
