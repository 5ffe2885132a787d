#pragma once

namespace sigspace::cli {
int cmd_list(int argc, char** argv);
int cmd_keygen(int argc, char** argv);
int cmd_sign(int argc, char** argv);
int cmd_verify(int argc, char** argv);
int cmd_kat_gen(int argc, char** argv);
}  // namespace sigspace::cli
