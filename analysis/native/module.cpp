// sigspace._sigspace: the registry and the host operations of every variant, bytes in and out,
// so that Python (the command line, campaigns, notebooks) works with any variant directly. It is
// the only implementation behind `sigspace list/keygen/sign/verify/kat-gen`.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <filesystem>

#include "cli/variant_json.hpp"
#include "less_kat.hpp"
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

// A message and its context, owned, with the MessageInput a variant takes (its spans point into
// the two buffers, hence no copies).
struct OwnedMessage {
  Buffer text, context;
  sigspace::MessageInput input;
  OwnedMessage(const py::bytes& message, const py::bytes& ctx, const std::string& interface,
               const std::string& prehash)
      : text(to_buffer(message)),
        context(to_buffer(ctx)),
        input(sigspace::host::make_message(text, context, interface, prehash)) {}
  OwnedMessage(const OwnedMessage&) = delete;
  OwnedMessage& operator=(const OwnedMessage&) = delete;
};

// The registry entry as the probe's `list` gives it (cli/variant_json.cpp), as a Python dict.
py::dict info(const sigspace::Variant& v) {
  return py::dict(py::module_::import("json").attr("loads")(sigspace::cli::variant_info(v).dump()));
}

// kat-gen: PQCsignKAT_<pk bytes>.req/.rsp of a LESS variant in out_dir, created if need be.
// Bad input is checked before anything is written; the files appear whole or not at all.
py::tuple write_less_kat(const std::string& id, int count, const std::string& out_dir) {
  const sigspace::Variant& v = sigspace::host::variant_by_id(id);
  if (std::string(v.scheme) != "LESS")
    throw sigspace::host::InputError(
        std::string("kat-gen writes the NIST KAT files of LESS variants; ") + v.id + " is " +
        v.scheme);
  if (count < 1) throw sigspace::host::InputError("count must be a positive whole number");
  std::error_code ec;
  std::filesystem::create_directories(out_dir, ec);
  if (ec || !std::filesystem::is_directory(out_dir))
    throw sigspace::host::InputError("cannot create output directory '" + out_dir + "'");
  std::string error;
  int status = 0;
  {
    py::gil_scoped_release unlocked;  // minutes for LESS-5: let other Python threads run
    status = sigspace::gates::write_less_kat(v, count, out_dir, &error);
  }
  // Output that cannot be written is the caller's to fix (another --out), like bad input.
  if (status == sigspace::gates::kKatOutputError) throw sigspace::host::InputError(error);
  if (status != 0) throw std::runtime_error("kat-gen: " + error);
  const std::string base = out_dir + "/PQCsignKAT_" + std::to_string(v.pk_bytes);
  return py::make_tuple(base + ".req", base + ".rsp");
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
  m.def("write_less_kat", &write_less_kat, py::arg("id"), py::arg("count"), py::arg("out_dir"));
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
        const OwnedMessage message(msg, ctx, interface, prehash);
        return to_bytes(sigspace::host::sign(sigspace::host::variant_by_id(id), to_buffer(sk),
                                             message.input, to_buffer(rnd)));
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
        const OwnedMessage message(msg, ctx, interface, prehash);
        const auto p = sigspace::host::make_policy("", source);
        const Buffer sig = sigspace::host::sign_hedged(sigspace::host::variant_by_id(id),
                                                       to_buffer(sk), message.input, p);
        return py::make_tuple(to_bytes(sig), p.nonce.name);
      },
      py::arg("id"), py::arg("sk"), py::arg("message"), py::arg("context") = py::bytes(),
      py::arg("interface") = "", py::arg("prehash") = "", py::arg("nonce_source") = "");
  m.def(
      "verify",
      [](const std::string& id, const py::bytes& pk, const py::bytes& msg, const py::bytes& sig,
         const py::bytes& ctx, const std::string& interface, const std::string& prehash) {
        const OwnedMessage message(msg, ctx, interface, prehash);
        return sigspace::host::verify(sigspace::host::variant_by_id(id), to_buffer(pk),
                                      message.input, to_buffer(sig));
      },
      py::arg("id"), py::arg("pk"), py::arg("message"), py::arg("signature"),
      py::arg("context") = py::bytes(), py::arg("interface") = "", py::arg("prehash") = "");
}
