#include "random/sources.hpp"

#include <gcrypt.h>
#include <sys/random.h>

#include <cerrno>
#include <mutex>
#include <stdexcept>

#include "ops/host_ops.hpp"

namespace sigspace::host {
namespace {

Status fill_os(void*, MutBytes out) {
  std::size_t done = 0;
  while (done < out.size()) {
    // getrandom may return fewer bytes than asked (above 256 bytes) or be interrupted.
    const ssize_t n = getrandom(out.data() + done, out.size() - done, 0);
    if (n < 0) {
      if (errno == EINTR) continue;
      return Status::random_failure;
    }
    done += static_cast<std::size_t>(n);
  }
  return Status::ok;
}

// libgcrypt must be initialised once before use. Secure memory is off: the measurement is of
// the generator, and locked-memory limits in containers would only add warnings.
void init_gcrypt() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (gcry_check_version(GCRYPT_VERSION) == nullptr)
      throw std::runtime_error(std::string("libgcrypt older than the headers (") +
                               GCRYPT_VERSION + ")");
    gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
  });
}

template <gcry_random_level Level>
Status fill_gcrypt(void*, MutBytes out) {
  gcry_randomize(out.data(), out.size(), Level);  // aborts the process rather than fail
  return Status::ok;
}

// One DRBG per thread: no lock on the signing path, and no state shared between threads.
Status fill_drbg(void*, MutBytes out) {
  thread_local ShakeDrbg drbg(RandomSource{"os", fill_os, nullptr});
  return drbg.generate(out);
}

struct Named {
  const char* name;
  Status (*fill)(void*, MutBytes);
};
constexpr Named kSources[] = {
    {"os", fill_os},
    {"gcrypt-strong", fill_gcrypt<GCRY_STRONG_RANDOM>},
    {"gcrypt-very-strong", fill_gcrypt<GCRY_VERY_STRONG_RANDOM>},
    {"shake-drbg", fill_drbg},
};

}  // namespace

const std::vector<std::string>& random_source_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (const auto& s : kSources) n.emplace_back(s.name);
    return n;
  }();
  return names;
}

RandomSource random_source(const std::string& name) {
  for (const auto& s : kSources) {
    if (name != s.name) continue;
    if (name.rfind("gcrypt-", 0) == 0) init_gcrypt();
    return {s.name, s.fill, nullptr};
  }
  std::string known;
  for (const auto& n : random_source_names()) known += (known.empty() ? "" : ", ") + n;
  throw InputError("unknown randomness source '" + name + "' (" + known + ")");
}

RandomPolicy make_policy(const std::string& seed_source, const std::string& nonce_source) {
  return {random_source(seed_source.empty() ? kDefaultSeedSource : seed_source),
          random_source(nonce_source.empty() ? kDefaultNonceSource : nonce_source)};
}

std::string gcrypt_version() {
  init_gcrypt();
  return gcry_check_version(nullptr);
}

}  // namespace sigspace::host
