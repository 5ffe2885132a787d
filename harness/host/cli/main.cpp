// sigspace-native: the host command line of ARCHITECTURE.md for list / keygen / sign / verify /
// kat-gen. Hex in, JSON out on stdout, errors on stderr; exit 0 ok, 1 invalid signature,
// 2 bad usage or input, 3 internal failure. The Python `sigspace` command forwards to it.
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "ops/host_ops.hpp"

namespace {

constexpr const char* kUsage =
    "usage: sigspace-native <command> [options]\n"
    "  list [--json]\n"
    "  keygen --variant ID (--seed HEX | --random [--seed-source NAME])\n"
    "  sign   --variant ID --sk HEX --message HEX [--context HEX]\n"
    "         [--rnd HEX | --hedged [--nonce-source NAME]]\n"
    "         [--prehash NAME] [--interface pure|prehash|internal|external-mu]\n"
    "  verify --variant ID --pk HEX --message HEX --signature HEX [--context HEX]\n"
    "         [--prehash NAME] [--interface ...]\n"
    "  kat-gen --variant ID [--count N] --out DIR\n";

}  // namespace

int main(int argc, char** argv) {
  using namespace sigspace;
  if (argc < 2) {
    std::cerr << kUsage;
    return 2;
  }
  const std::string cmd = argv[1];
  try {
    if (cmd == "list") return cli::cmd_list(argc, argv);
    if (cmd == "keygen") return cli::cmd_keygen(argc, argv);
    if (cmd == "sign") return cli::cmd_sign(argc, argv);
    if (cmd == "verify") return cli::cmd_verify(argc, argv);
    if (cmd == "kat-gen") return cli::cmd_kat_gen(argc, argv);
    if (cmd == "--help" || cmd == "-h" || cmd == "help") {
      std::cout << kUsage;
      return 0;
    }
    throw cli::UsageError("unknown command '" + cmd + "'");
  } catch (const cli::UsageError& e) {
    std::cerr << "sigspace: " << e.what() << "\n" << kUsage;
    return 2;
  } catch (const host::InputError& e) {
    std::cerr << "sigspace: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "sigspace: internal error: " << e.what() << "\n";
    return 3;
  }
}
