#include "sigspace/variant.hpp"

namespace sigspace {

const char* status_name(Status s) {
  switch (s) {
    case Status::ok: return "ok";
    case Status::invalid_signature: return "invalid signature";
    case Status::invalid_input: return "invalid input";
    case Status::workspace_too_small: return "workspace too small";
    case Status::random_failure: return "randomness source failed";
  }
  return "unknown status";
}

}  // namespace sigspace
