// sigspace-probe: measures one operation of one variant per window and prints JSON. The Python
// campaign runner (analysis/sigspace/platforms/host.py) drives it, under valgrind when the
// method needs it:
//   sigspace-probe list                      the registry linked into this binary
//   sigspace-probe build-info                compiler, flags, library versions
//   sigspace-probe entry-points --variant ID the descriptor's operations, as offsets from
//                                            sigspace_probe_window (ASLR-proof; for code size)
//   sigspace-probe measure (--variant ID --op OP | --synthetic stack:N|heap:N)
//                  --metric stack|heap|window [--first K] [--count N] [--with-op yes|no]
// stack: painted-stack bytes per input; heap: counting-allocator peak bytes per input;
// window: just runs the windows, bracketed for callgrind (instruction counts) or massif.
#include <valgrind/callgrind.h>

#include <cstdlib>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

#include "build_info.hpp"
#include "cli/args.hpp"
#include "cli/variant_json.hpp"
#include "counting_alloc.hpp"
#include "operation.hpp"
#include "ops/host_ops.hpp"
#include "stack_window.hpp"

namespace {

using namespace sigspace;
using measure::Fixture;
using nlohmann::json;

constexpr const char* kUsage =
    "usage: sigspace-probe list | build-info | entry-points --variant ID |\n"
    "       measure (--variant ID --op keygen|load_key|sign|verify | --synthetic stack:N|heap:N)\n"
    "               --metric stack|heap|window [--first K] [--count N] [--with-op yes|no]\n";

std::uint32_t parse_count(const std::string& text, const char* what) {
  try {
    std::size_t used = 0;
    const unsigned long v = std::stoul(text, &used);
    if (used == text.size() && v <= 0xFFFFFFFFul) return static_cast<std::uint32_t>(v);
  } catch (const std::exception&) {
  }
  throw cli::UsageError(std::string("--") + what + " must be a non-negative integer");
}

Fixture fixture_from(const cli::Args& a) {
  if (a.has("synthetic")) {
    const std::string spec = a.get("synthetic");
    const auto colon = spec.find(':');
    const std::string kind = spec.substr(0, colon);
    const std::uint32_t bytes =
        parse_count(colon == std::string::npos ? "" : spec.substr(colon + 1), "synthetic bytes");
    if (kind == "stack") return measure::prepare_synthetic(Fixture::Synthetic::stack, bytes);
    if (kind == "heap") return measure::prepare_synthetic(Fixture::Synthetic::heap, bytes);
    throw cli::UsageError("--synthetic takes stack:N or heap:N");
  }
  const Variant& v = host::variant_by_id(a.get("variant"));
  measure::Op op;
  try {
    op = measure::parse_op(a.get("op"));
  } catch (const std::invalid_argument& e) {
    throw cli::UsageError(e.what());
  }
  return measure::prepare(v, op, parse_count(a.get_or("first", "0"), "first"),
                          parse_count(a.get_or("count", "1"), "count"));
}

// One window for the valgrind tools. Callgrind: the instrumentation requests (no-ops
// natively) with --instr-atstart=no let setup run uninstrumented (fast), and --toggle-collect
// on the window's name makes the count the window's alone. Massif: a ballast block at least
// as large as the heap peak so far is live during the window, so the process peak is the
// ballast plus the window's own peak in a run with the operation, and exactly the ballast
// without it (--with-op no): the difference of the two peaks is the operation's heap.
int run_for_valgrind(Fixture& f, std::size_t i) {
  void* ballast = std::malloc(measure::heap_count::process_peak_bytes() + 1);
  if (ballast == nullptr) throw std::runtime_error("no memory for the massif ballast");
  CALLGRIND_START_INSTRUMENTATION;
  const int status = measure::sigspace_probe_window(&f, i);
  CALLGRIND_STOP_INSTRUMENTATION;
  std::free(ballast);
  return status;
}

int cmd_measure(int argc, char** argv) {
  // --with-op takes a value rather than being a flag so that both massif runs parse the same
  // arguments into the same heap blocks: their setups must allocate identically.
  const cli::Args a(argc, argv, 2,
                    {"variant", "op", "synthetic", "metric", "first", "count", "with-op"}, {});
  const std::string metric = a.get("metric");
  if (metric != "stack" && metric != "heap" && metric != "window")
    throw cli::UsageError("--metric must be stack, heap or window");
  Fixture f = fixture_from(a);
  const std::string with_op = a.get_or("with-op", "yes");
  if (with_op != "yes" && with_op != "no") throw cli::UsageError("--with-op takes yes or no");
  f.skip_op = with_op == "no";
  json values = json::array();
  for (std::size_t i = 0; i < f.cases.size(); ++i) {
    if (metric == "stack") {
      const measure::StackFigure s = measure::measure_stack(f, i);
      if (!f.skip_op) measure::check_window_status(f, s.status);
      values.push_back(s.bytes);
    } else if (metric == "heap") {
      measure::heap_count::open_window();
      const int status = measure::sigspace_probe_window(&f, i);
      const auto r = measure::heap_count::close_window();
      measure::check_window_status(f, status);
      if (r.overflow) throw std::runtime_error("counting allocator table overflow");
      values.push_back(r.peak_bytes);
    } else {
      measure::check_window_status(f, run_for_valgrind(f, i));
      values.push_back(nullptr);
    }
  }
  std::cout << json{{"metric", metric}, {"first", f.first}, {"values", values}}.dump() << "\n";
  return 0;
}

// Where the variant's four operations are, relative to sigspace_probe_window (whose address
// nm gives), so that analysis/sigspace/platforms/codesize.py can find the variant's own code
// in an executable that links every variant.
int cmd_entry_points(int argc, char** argv) {
  const cli::Args a(argc, argv, 2, {"variant"}, {});
  const Variant& v = host::variant_by_id(a.get("variant"));
  const auto base = reinterpret_cast<std::intptr_t>(&measure::sigspace_probe_window);
  auto offset = [base](auto fn) { return reinterpret_cast<std::intptr_t>(fn) - base; };
  std::cout << json{{"anchor", "sigspace_probe_window"},
                    {"offsets", {{"keygen", offset(v.keygen)},
                                 {"load_key", offset(v.load_signing_key)},
                                 {"sign", offset(v.sign)},
                                 {"verify", offset(v.verify)}}}}
                   .dump()
            << "\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string cmd = argc > 1 ? argv[1] : "";
  try {
    if (cmd == "list") {
      json all = json::array();
      for (const Variant* v : registry()) all.push_back(cli::variant_info(*v));
      std::cout << all.dump() << "\n";
      return 0;
    }
    if (cmd == "build-info") {
      std::cout << measure::build_info().dump() << "\n";
      return 0;
    }
    if (cmd == "measure") return cmd_measure(argc, argv);
    if (cmd == "entry-points") return cmd_entry_points(argc, argv);
    throw cli::UsageError(cmd.empty() ? "missing command" : "unknown command '" + cmd + "'");
  } catch (const cli::UsageError& e) {
    std::cerr << "sigspace-probe: " << e.what() << "\n" << kUsage;
    return 2;
  } catch (const std::invalid_argument& e) {  // host::InputError and bad synthetic sizes
    std::cerr << "sigspace-probe: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "sigspace-probe: " << e.what() << "\n";
    return 3;
  }
}
