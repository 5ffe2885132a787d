// sigspace._sigspace: the registry and the host operations of every variant, bytes in and out,
// so that Python (the command line, campaigns, notebooks) works with any variant directly.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "ops/host_ops.hpp"
#include "random/hedged.hpp"
#include "random/sources.hpp"

namespace py = pybind11;
using sigspace::host::Buffer;

namespace {

Buffer to_buffer(const py::bytes& b) {
  const std::string s = b;
  return Buffer(s.begin(), s.end());
}
py::bytes to_bytes(const Buffer& b) {
  return py::bytes(reinterpret_cast<const char*>(b.data()), b.size());
}

py::dict info(const sigspace::Variant& v) {
  py::list techniques, traits;
  for (const char* t : v.techniques) techniques.append(t);
  for (const char* t : v.traits) traits.append(t);
  py::dict sizes, ws, d;
  sizes["pk"] = v.pk_bytes;
  sizes["sk"] = v.sk_bytes;
  sizes["sig_max"] = v.sig_max_bytes;
  sizes["seed"] = v.seed_bytes;
  sizes["rnd"] = v.rnd_bytes;
  sizes["retained_state"] = v.state_bytes;
  ws["keygen"] = v.workspace.keygen;
  ws["load_key"] = v.workspace.load_key;
  ws["sign"] = v.workspace.sign;
  ws["verify"] = v.workspace.verify;
  d["id"] = v.id;
  d["scheme"] = v.scheme;
  d["param_set"] = v.param_set;
  d["op_point"] = v.op_point;
  d["techniques"] = techniques;
  d["traits"] = traits;
  d["sizes"] = sizes;
  d["workspace"] = ws;
  return d;
}

}  // namespace

PYBIND11_MODULE(_sigspace, m) {
  m.doc() = "sigspace native registry and host operations";
  py::register_exception<sigspace::host::InputError>(m, "InputError", PyExc_ValueError);

  m.def("variant_ids", [] {
    std::vector<std::string> ids;
    for (const auto* v : sigspace::registry()) ids.emplace_back(v->id);
    return ids;
  });
  m.def("ablation_ids", [] {
    std::vector<std::string> ids;
    for (const auto* v : sigspace::ablations()) ids.emplace_back(v->id);
    return ids;
  });
  m.def("info", [](const std::string& id) { return info(sigspace::host::variant_by_id(id)); });
  m.def("keygen", [](const std::string& id, const py::bytes& seed) {
    const auto kp = sigspace::host::keygen(sigspace::host::variant_by_id(id), to_buffer(seed));
    return py::make_tuple(to_bytes(kp.pk), to_bytes(kp.sk));
  });
  m.def("load_signing_key", [](const std::string& id, const py::bytes& sk) {
    return to_bytes(
        sigspace::host::load_signing_key(sigspace::host::variant_by_id(id), to_buffer(sk)));
  });
  m.def(
      "sign",
      [](const std::string& id, const py::bytes& sk, const py::bytes& msg, const py::bytes& ctx,
         const py::bytes& rnd, const std::string& interface, const std::string& prehash) {
        const Buffer m = to_buffer(msg), c = to_buffer(ctx);
        return to_bytes(sigspace::host::sign(sigspace::host::variant_by_id(id), to_buffer(sk),
                                             sigspace::host::make_message(m, c, interface, prehash), to_buffer(rnd)));
      },
      py::arg("id"), py::arg("sk"), py::arg("message"), py::arg("context") = py::bytes(),
      py::arg("rnd") = py::bytes(), py::arg("interface") = "", py::arg("prehash") = "");
  // Randomness through the policy (sigspace/random.hpp); empty names take the defaults.
  m.def("random_sources", [] { return sigspace::host::random_source_names(); });
  m.def("gcrypt_version", [] { return sigspace::host::gcrypt_version(); });
  m.def("default_policy", [] {
    return py::dict(py::arg("key_seed") = sigspace::host::kDefaultSeedSource,
                    py::arg("nonce") = sigspace::host::kDefaultNonceSource);
  });
  m.def("keygen_random", [](const std::string& id, const std::string& seed_source) {
    const auto p = sigspace::host::make_policy(seed_source, "");
    const auto kp = sigspace::host::keygen_random(sigspace::host::variant_by_id(id), p);
    return py::make_tuple(to_bytes(kp.pk), to_bytes(kp.sk), p.key_seed.name);
  });
  m.def(
      "sign_hedged",
      [](const std::string& id, const py::bytes& sk, const py::bytes& msg, const py::bytes& ctx,
         const std::string& interface, const std::string& prehash, const std::string& source) {
        const Buffer m = to_buffer(msg), c = to_buffer(ctx);
        const auto p = sigspace::host::make_policy("", source);
        const Buffer sig = sigspace::host::sign_hedged(
            sigspace::host::variant_by_id(id), to_buffer(sk),
            sigspace::host::make_message(m, c, interface, prehash), p);
        return py::make_tuple(to_bytes(sig), p.nonce.name);
      },
      py::arg("id"), py::arg("sk"), py::arg("message"), py::arg("context") = py::bytes(),
      py::arg("interface") = "", py::arg("prehash") = "", py::arg("nonce_source") = "");
  m.def(
      "verify",
      [](const std::string& id, const py::bytes& pk, const py::bytes& msg, const py::bytes& sig,
         const py::bytes& ctx, const std::string& interface, const std::string& prehash) {
        const Buffer m = to_buffer(msg), c = to_buffer(ctx);
        return sigspace::host::verify(sigspace::host::variant_by_id(id), to_buffer(pk),
                                      sigspace::host::make_message(m, c, interface, prehash), to_buffer(sig));
      },
      py::arg("id"), py::arg("pk"), py::arg("message"), py::arg("signature"),
      py::arg("context") = py::bytes(), py::arg("interface") = "", py::arg("prehash") = "");
}
