#include "cli/variant_json.hpp"

namespace sigspace::cli {

nlohmann::json variant_info(const Variant& v) {
  nlohmann::json techniques = nlohmann::json::array();
  for (const char* t : v.techniques) techniques.push_back(t);
  nlohmann::json traits = nlohmann::json::array();
  for (const char* t : v.traits) traits.push_back(t);
  nlohmann::json contrasts = nlohmann::json::array();
  for (const char* c : v.contrasts) contrasts.push_back(c);
  return {
      {"id", v.id},
      {"scheme", v.scheme},
      {"param_set", v.param_set},
      {"op_point", v.op_point},
      {"techniques", techniques},
      {"traits", traits},
      {"contrasts", contrasts},
      {"sizes",
       {{"pk", v.pk_bytes},
        {"sk", v.sk_bytes},
        {"sig_max", v.sig_max_bytes},
        {"seed", v.seed_bytes},
        {"rnd", v.rnd_bytes},
        {"retained_state", v.state_bytes}}},
      {"workspace",
       {{"keygen", v.workspace.keygen},
        {"load_key", v.workspace.load_key},
        {"sign", v.workspace.sign},
        {"verify", v.workspace.verify}}},
  };
}

}  // namespace sigspace::cli
