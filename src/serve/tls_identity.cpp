// Certificate and key, reloaded on change (see tls_identity.h).
#include "tls_identity.h"

#include <fmt/format.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/x509.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace volpol::serve::detail {

struct tls_pair {
  X509* cert = nullptr;
  STACK_OF(X509) * chain = nullptr;
  EVP_PKEY* key = nullptr;
  tls_pair() = default;
  tls_pair(const tls_pair&) = delete;
  tls_pair& operator=(const tls_pair&) = delete;
  ~tls_pair() {
    if (cert) X509_free(cert);
    if (chain) sk_X509_pop_free(chain, X509_free);
    if (key) EVP_PKEY_free(key);
  }
};

namespace {

std::string openssl_error() {
  const unsigned long e = ERR_get_error();
  ERR_clear_error();
  if (e == 0) return "no PEM data found";
  char buf[256];
  ERR_error_string_n(e, buf, sizeof buf);
  return buf;
}

diagnostic file_error(const std::string& file, std::string message) {
  diagnostic d = make_error(std::move(message));
  d.where.file = file;
  return d;
}

/// fopen(path, "rb"), or nullptr with errno set; a folder is EISDIR (fopen itself opens one).
std::FILE* open_file(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  struct stat st {};
  if (f != nullptr && ::fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
    std::fclose(f);
    errno = EISDIR;
    return nullptr;
  }
  return f;
}

}  // namespace

bool tls_identity::stamp::operator==(const stamp& o) const {
  return dev == o.dev && ino == o.ino && size == o.size && mtime.tv_sec == o.mtime.tv_sec &&
         mtime.tv_nsec == o.mtime.tv_nsec;
}

tls_identity::stamp tls_identity::stamp_of(const std::string& path) {
  struct stat st {};
  stamp s;
  if (::stat(path.c_str(), &st) != 0) return s;  // follows symlinks: the kubelet's `..data` swap shows
  s.dev = st.st_dev;
  s.ino = st.st_ino;
  s.size = st.st_size;
  s.mtime = st.st_mtim;
  return s;
}

tls_identity::tls_identity(std::string cert_file, std::string key_file)
    : cert_file_(std::move(cert_file)), key_file_(std::move(key_file)) {}

tls_identity::~tls_identity() = default;

result<void> tls_identity::load() {
  cert_stamp_ = stamp_of(cert_file_);
  key_stamp_ = stamp_of(key_file_);
  auto pair = std::make_shared<tls_pair>();
  ERR_clear_error();
  std::FILE* f = open_file(cert_file_);
  if (!f) return file_error(cert_file_, fmt::format("cannot open the TLS certificate: {}", std::strerror(errno)));
  pair->cert = PEM_read_X509(f, nullptr, nullptr, nullptr);
  if (!pair->cert) {
    std::fclose(f);
    return file_error(cert_file_, "not a PEM certificate: " + openssl_error());
  }
  pair->chain = sk_X509_new_null();
  while (X509* extra = PEM_read_X509(f, nullptr, nullptr, nullptr)) sk_X509_push(pair->chain, extra);
  ERR_clear_error();  // the end of the file reads as "no start line"
  std::fclose(f);

  f = open_file(key_file_);
  if (!f) return file_error(key_file_, fmt::format("cannot open the TLS private key: {}", std::strerror(errno)));
  // An encrypted key would make OpenSSL ask for its passphrase on the terminal (and a server
  // has none): the callback refuses instead, and notes that it was asked.
  bool encrypted = false;
  const auto no_passphrase = [](char*, int, int, void* asked) {
    *static_cast<bool*>(asked) = true;
    return -1;
  };
  pair->key = PEM_read_PrivateKey(f, nullptr, +no_passphrase, &encrypted);
  std::fclose(f);
  if (!pair->key && encrypted) {
    ERR_clear_error();
    return file_error(key_file_,
                      "the TLS private key is encrypted: give the key unencrypted (a server cannot ask for "
                      "a passphrase; `openssl pkey -in KEY -out PLAIN` decrypts it)");
  }
  if (!pair->key) return file_error(key_file_, "not a PEM private key: " + openssl_error());
  if (X509_check_private_key(pair->cert, pair->key) != 1) {
    ERR_clear_error();
    return file_error(key_file_, fmt::format("the private key does not belong to the certificate in {}", cert_file_));
  }
  const std::lock_guard<std::mutex> lock(mutex_);
  current_ = std::move(pair);
  return {};
}

std::unique_ptr<result<void>> tls_identity::reload_if_changed() {
  if (stamp_of(cert_file_) == cert_stamp_ && stamp_of(key_file_) == key_stamp_) return nullptr;
  return std::make_unique<result<void>>(load());
}

bool tls_identity::use_on(SSL* ssl) const {
  std::shared_ptr<const tls_pair> pair;
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    pair = current_;
  }
  if (!pair) return false;
  // Takes its own references: the pair may be replaced while the connection lives.
  return SSL_use_cert_and_key(ssl, pair->cert, pair->key, pair->chain, 1) == 1;
}

}  // namespace volpol::serve::detail
