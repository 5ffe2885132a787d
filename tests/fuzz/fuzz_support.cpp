#include "fuzz_support.hpp"

#include <algorithm>
#include <cstring>
#include <memory>

namespace sigspace::fuzz {
namespace {

std::vector<const Variant*> all_variants() {
  std::vector<const Variant*> out(registry().begin(), registry().end());
  out.insert(out.end(), ablations().begin(), ablations().end());
  return out;
}

// An exactly sized heap block per operation, so ASan flags a byte read or written past the
// published workspace (a null base for a zero figure still gives a valid empty Arena).
struct Block {
  explicit Block(std::size_t n) : bytes(std::make_unique<std::uint8_t[]>(n ? n : 1)), size(n) {}
  Arena arena() { return Arena(bytes.get(), size); }
  std::unique_ptr<std::uint8_t[]> bytes;
  std::size_t size;
};

// Retained state aligned as the descriptor asks (kStateAlignment).
struct State {
  explicit State(std::size_t n) : words((n + 7) / 8 + 1) {}
  std::uint8_t* data() { return reinterpret_cast<std::uint8_t*>(words.data()); }
  std::vector<std::uint64_t> words;
};

}  // namespace

Message read_message(Input& in) {
  Message m;
  m.mode = static_cast<MessageMode>(in.byte() % 4);
  m.prehash = static_cast<PreHash>(in.byte() % 13);
  const std::uint8_t len = in.byte();
  m.context = in.take(len < 250 ? len : 250 + (len - 250) * 10);  // 0-249, then up to 300
  m.message = in.rest();
  return m;
}

std::vector<std::string> param_sets(const char* scheme) {
  std::vector<std::string> out;
  for (const Variant* v : registry())
    if (std::strcmp(v->scheme, scheme) == 0 &&
        std::find(out.begin(), out.end(), v->param_set) == out.end())
      out.push_back(v->param_set);
  return out;
}

std::vector<const Variant*> variants_of(const std::string& param_set) {
  std::vector<const Variant*> out;
  for (const Variant* v : all_variants())
    if (param_set == v->param_set) out.push_back(v);
  std::stable_partition(out.begin(), out.end(), [](const Variant* v) {
    return std::strcmp(v->op_point, "reference") == 0;
  });
  return out;
}

const std::string& pick_set(const char* scheme, std::uint8_t selector) {
  static const std::vector<std::string> mldsa = param_sets("ML-DSA"), less = param_sets("LESS");
  const auto& sets = std::strcmp(scheme, "LESS") == 0 ? less : mldsa;
  if (sets.empty()) std::abort();  // a build without the scheme: nothing to fuzz
  return sets[selector % sets.size()];
}

std::vector<const Variant*> reference_and_one(const std::vector<const Variant*>& variants,
                                              unsigned selector) {
  if (variants.size() < 2) return variants;
  return {variants.front(), variants[1 + selector % (variants.size() - 1)]};
}

void disagree(const Variant& v, const char* op, const std::string& what) {
  std::fprintf(stderr, "fuzz: %s %s disagrees with the reference: %s\n", v.id, op, what.c_str());
  std::abort();
}

Status keygen(const Variant& v, const Buf& seed, Buf& pk, Buf& sk) {
  pk.assign(v.pk_bytes, 0);
  sk.assign(v.sk_bytes, 0);
  Block ws(v.workspace.keygen);
  Arena a = ws.arena();
  return v.keygen(seed.data(), pk.data(), sk.data(), a);
}

Status load_key(const Variant& v, const Buf& sk) {
  State state(v.state_bytes);
  Block ws(v.workspace.load_key);
  Arena a = ws.arena();
  return v.load_signing_key(Bytes(sk), state.data(), a);
}

Status load_and_sign(const Variant& v, const Buf& sk, const MessageInput& in, const Buf& rnd,
                     Buf& sig) {
  State state(v.state_bytes);
  Block lws(v.workspace.load_key);
  Arena la = lws.arena();
  if (Status s = v.load_signing_key(Bytes(sk), state.data(), la); s != Status::ok) return s;
  Block sws(v.workspace.sign);
  Arena sa = sws.arena();
  sig.assign(v.sig_max_bytes, 0);
  std::size_t len = 0;
  const Status s = v.sign(state.data(), in, rnd.data(), sig.data(), &len, sa);
  sig.resize(s == Status::ok ? len : 0);
  return s;
}

Status verify(const Variant& v, const Buf& pk, const MessageInput& in, const Buf& sig) {
  Block ws(v.workspace.verify);
  Arena a = ws.arena();
  return v.verify(Bytes(pk), in, Bytes(sig), a);
}

}  // namespace sigspace::fuzz
