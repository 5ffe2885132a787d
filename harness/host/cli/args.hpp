// Minimal, strict argument parsing for the native tools (probe, bench): every option is "--name value" or a
// boolean "--flag"; anything unknown is a usage error (exit 2), never silently ignored.
#pragma once
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace sigspace::cli {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Args {
 public:
  // values: options that take a value; flags: options that do not.
  Args(int argc, char** argv, int first, const std::set<std::string>& values,
       const std::set<std::string>& flags);
  bool has(const std::string& name) const { return opts_.count(name) != 0; }
  std::string get(const std::string& name) const;  // throws UsageError when missing
  std::string get_or(const std::string& name, const std::string& fallback) const;
  std::vector<unsigned char> hex(const std::string& name) const;  // decoded, or UsageError
  std::vector<unsigned char> hex_or_empty(const std::string& name) const;

 private:
  std::map<std::string, std::string> opts_;
};

}  // namespace sigspace::cli
