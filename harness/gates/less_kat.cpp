#include "less_kat.hpp"

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "less/common/params.hpp"
#include "sigspace/keccak.hpp"
#include "sigspace/nist_drbg.hpp"

namespace sigspace::gates {
namespace {

std::vector<std::uint8_t> parse_hex(const std::string& text, const std::string& where) {
  if (text.size() % 2 != 0) throw std::runtime_error(where + ": odd-length hex");
  std::vector<std::uint8_t> out(text.size() / 2);
  if (from_hex(std::span<const char>(text.data(), text.size()), out) != static_cast<long>(out.size()))
    throw std::runtime_error(where + ": bad hex");
  return out;
}

std::string upper_hex(const std::vector<std::uint8_t>& b) {
  static const char digits[] = "0123456789ABCDEF";
  std::string s(2 * b.size(), '0');
  for (std::size_t i = 0; i < b.size(); ++i) s[2 * i] = digits[b[i] >> 4], s[2 * i + 1] = digits[b[i] & 15];
  return b.empty() ? "00" : s;  // fprintBstr prints "00" for an empty string
}

// Signature layout of each LESS set: length = fixed + count * lambda (less-v2.0.md section 5).
struct Layout {
  const char* name;
  std::size_t fixed, lambda, max_seeds;
};
template <class P>
constexpr Layout layout_of() {
  return {P::name, P::sig_fixed_bytes, P::lambda, P::max_seeds};
}
constexpr Layout kLayouts[] = {
    layout_of<less::P1b>(), layout_of<less::P1i>(), layout_of<less::P1s>(), layout_of<less::P3b>(),
    layout_of<less::P3s>(), layout_of<less::P5b>(), layout_of<less::P5s>()};

// A count or length field: decimal digits only, at most 9 of them (std::stoul would take a sign,
// spaces and trailing text, and throws other exception types).
std::size_t decimal(const std::string& text, const std::string& where) {
  if (text.empty() || text.size() > 9 ||
      text.find_first_not_of("0123456789") != std::string::npos)
    throw std::runtime_error(where + ": not a decimal count: '" + text.substr(0, 20) + "'");
  return std::stoul(text);
}

const Layout& layout(const Variant& v) {
  for (const Layout& l : kLayouts)
    if (std::strcmp(l.name, v.param_set) == 0) return l;
  throw std::runtime_error(std::string("not a LESS parameter set: ") + v.param_set);
}

// Writes both files beside their final names, then renames them: never a half-written KAT file,
// and never one without the other (a failed second rename takes the first back out). False
// with *error set when the output cannot be written; nothing is left behind then.
bool write_both(const std::string& base, const std::string& req, const std::string& rsp,
                std::string* error) {
  const std::pair<std::string, const std::string*> files[] = {{base + ".req", &req},
                                                              {base + ".rsp", &rsp}};
  auto fail = [&](const std::string& why) {
    std::error_code ignored;
    for (const auto& [name, text] : files) std::filesystem::remove(name + ".partial", ignored);
    if (error != nullptr) *error = why;
    return false;
  };
  for (const auto& [name, text] : files) {
    std::error_code ec;
    if (std::filesystem::is_directory(name, ec)) return fail("cannot write " + name + ": it is a directory");
    std::ofstream f(name + ".partial", std::ios::binary);
    f << *text;
    f.flush();
    if (!f) return fail("cannot write " + name + ".partial");
  }
  std::error_code ec;
  std::filesystem::rename(files[0].first + ".partial", files[0].first, ec);
  if (ec) return fail("cannot write " + files[0].first + ": " + ec.message());
  std::filesystem::rename(files[1].first + ".partial", files[1].first, ec);
  if (ec) {
    std::error_code ignored;
    std::filesystem::remove(files[0].first, ignored);
    return fail("cannot write " + files[1].first + ": " + ec.message());
  }
  return true;
}

}  // namespace

std::vector<NistKatEntry> parse_nist_rsp(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  return parse_nist_rsp(in, path);
}

std::vector<NistKatEntry> parse_nist_rsp(std::istream& in, const std::string& name) {
  std::vector<NistKatEntry> out;
  std::string line;
  int lineno = 0;
  while (std::getline(in, line)) {
    ++lineno;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    const std::string where = name + ":" + std::to_string(lineno);
    const std::size_t eq = line.find('=');
    if (eq == std::string::npos) throw std::runtime_error(where + ": no '='");
    std::string key = line.substr(0, eq), value = line.substr(eq + 1);
    while (!key.empty() && key.back() == ' ') key.pop_back();
    while (!value.empty() && value.front() == ' ') value.erase(0, 1);
    if (key == "count") {
      out.emplace_back();
      out.back().count = static_cast<int>(decimal(value, where));
      continue;
    }
    if (out.empty()) throw std::runtime_error(where + ": field before the first count");
    NistKatEntry& e = out.back();
    if (key == "seed") e.seed = parse_hex(value, where);
    else if (key == "mlen") e.mlen = decimal(value, where);
    else if (key == "msg") e.msg = parse_hex(value, where);
    else if (key == "pk") e.pk = parse_hex(value, where);
    else if (key == "sk") e.sk = parse_hex(value, where);
    else if (key == "smlen") e.smlen = value.empty() ? 0 : decimal(value, where);
    else if (key == "sm") e.sm = parse_hex(value, where);
    else throw std::runtime_error(where + ": unknown field " + key);
  }
  for (NistKatEntry& e : out) {
    if (e.mlen == 0 && e.msg.size() == 1) e.msg.clear();  // "msg = 00" encodes the empty message
    const std::string entry = name + ": count " + std::to_string(e.count);
    if (e.msg.size() != e.mlen) throw std::runtime_error(entry + ": msg is not mlen bytes");
    if (!e.sm.empty() && e.sm.size() != e.smlen)
      throw std::runtime_error(entry + ": sm is not smlen bytes");
  }
  return out;
}

LessKatOutput run_less_kat_entry(const Variant& v, const std::vector<std::uint8_t>& seed,
                                 const std::vector<std::uint8_t>& msg) {
  const std::size_t lambda = layout(v).lambda;
  std::vector<std::uint8_t> rng(v.seed_bytes + v.rnd_bytes);  // sk, then the salt
  if (lambda == 16) shake128(Bytes(seed), rng);
  else shake256(Bytes(seed), rng);
  LessKatOutput out;
  out.pk.resize(v.pk_bytes);
  out.sk.resize(v.sk_bytes);
  Workspace kw(v.workspace.keygen), lw(v.workspace.load_key), sw(v.workspace.sign);
  Arena keygen_arena = kw.arena(), load_arena = lw.arena(), sign_arena = sw.arena();
  if (v.keygen(rng.data(), out.pk.data(), out.sk.data(), keygen_arena) != Status::ok)
    throw std::runtime_error(std::string(v.id) + ": keygen failed");
  std::vector<std::uint8_t> state(v.state_bytes), sig(v.sig_max_bytes);
  if (v.load_signing_key(out.sk, state.data(), load_arena) != Status::ok)
    throw std::runtime_error(std::string(v.id) + ": load_signing_key failed");
  std::size_t sig_len = 0;
  const MessageInput mi{msg, {}};
  if (v.sign(state.data(), mi, rng.data() + v.seed_bytes, sig.data(), &sig_len, sign_arena) !=
      Status::ok)
    throw std::runtime_error(std::string(v.id) + ": sign failed");
  out.sm = msg;
  out.sm.insert(out.sm.end(), sig.begin(), sig.begin() + static_cast<std::ptrdiff_t>(sig_len));
  return out;
}

Status less_open(const Variant& v, Bytes pk, Bytes sm, std::vector<std::uint8_t>* msg) {
  const Layout& l = layout(v);
  if (sm.empty() || sm.back() > l.max_seeds) return Status::invalid_signature;
  const std::size_t sig_len = l.fixed + sm.back() * l.lambda;
  if (sm.size() < sig_len) return Status::invalid_signature;
  const Bytes m = sm.first(sm.size() - sig_len);
  Workspace vw(v.workspace.verify);
  Arena arena = vw.arena();
  const Status st = v.verify(pk, MessageInput{m, {}}, sm.last(sig_len), arena);
  if (st == Status::ok && msg != nullptr) msg->assign(m.begin(), m.end());
  return st;
}

// PQCgenKAT_sign.c: DRBG entropy 0..47; per entry a 48-byte seed and a 33*(i+1)-byte message go
// to the .req file; the .rsp adds pk, sk, smlen, sm and the generator checks crypto_sign_open.
int write_less_kat(const Variant& v, int count, const std::string& out_dir, std::string* error) {
  try {
    if (std::string(v.scheme) != "LESS")
      throw std::invalid_argument(std::string("kat-gen writes LESS KAT files; ") + v.id + " is " + v.scheme);
    std::uint8_t entropy[48];
    for (int i = 0; i < 48; ++i) entropy[i] = static_cast<std::uint8_t>(i);
    NistKatDrbg drbg(entropy);
    std::ostringstream req, rsp;
    rsp << "# LESS\n\n";
    for (int i = 0; i < count; ++i) {
      std::vector<std::uint8_t> seed(48), msg(33 * static_cast<std::size_t>(i + 1));
      drbg.generate(seed);
      drbg.generate(msg);
      req << "count = " << i << "\nseed = " << upper_hex(seed) << "\nmlen = " << msg.size()
          << "\nmsg = " << upper_hex(msg) << "\npk =\nsk =\nsmlen =\nsm =\n\n";
      const LessKatOutput o = run_less_kat_entry(v, seed, msg);
      std::vector<std::uint8_t> opened;
      if (less_open(v, o.pk, o.sm, &opened) != Status::ok || opened != msg)
        throw std::runtime_error(std::string(v.id) + ": crypto_sign_open failed at count " + std::to_string(i));
      rsp << "count = " << i << "\nseed = " << upper_hex(seed) << "\nmlen = " << msg.size()
          << "\nmsg = " << upper_hex(msg) << "\npk = " << upper_hex(o.pk) << "\nsk = " << upper_hex(o.sk)
          << "\nsmlen = " << o.sm.size() << "\nsm = " << upper_hex(o.sm) << "\n\n";
    }
    const std::string base = out_dir + "/PQCsignKAT_" + std::to_string(v.pk_bytes);
    if (!write_both(base, req.str(), rsp.str(), error)) return kKatOutputError;
    return 0;
  } catch (const std::exception& e) {
    if (error != nullptr) *error = e.what();
    return 1;
  }
}

}  // namespace sigspace::gates
