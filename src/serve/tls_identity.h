// src/serve/tls_identity.h — internal: the serving certificate (with its chain) and private key,
// loaded from PEM files and reloaded when they change (cert-manager renews the Secret, the kubelet
// swaps the mounted files).
//
// Every TLS handshake takes the identity current at that moment (OpenSSL's certificate callback,
// SSL_CTX_set_cert_cb), so a reload needs no restart and drops no connection. A pair that does not
// load, or whose key does not match the certificate, is refused and the previous one kept.
#pragma once

#include <openssl/ssl.h>
#include <sys/stat.h>

#include <memory>
#include <mutex>
#include <string>

#include "volpol/core/result.h"

namespace volpol::serve::detail {

struct tls_pair;  // certificate, chain and key (OpenSSL objects)

class tls_identity {
 public:
  tls_identity(std::string cert_file, std::string key_file);
  ~tls_identity();

  /// Loads both files now. @return an error naming the file that could not be read or parsed,
  /// or saying that the key does not belong to the certificate.
  result<void> load();
  /// Reloads when either file's identity (device, inode, size, modification time) changed since
  /// the last attempt. @return nothing changed: null; else the outcome of the reload.
  std::unique_ptr<result<void>> reload_if_changed();
  /// Installs the current certificate, chain and key on `ssl` (from the handshake callback).
  bool use_on(SSL* ssl) const;

  [[nodiscard]] const std::string& cert_file() const { return cert_file_; }
  [[nodiscard]] const std::string& key_file() const { return key_file_; }

 private:
  struct stamp {
    dev_t dev = 0;
    ino_t ino = 0;
    off_t size = 0;
    struct timespec mtime {};
    bool operator==(const stamp&) const;
  };
  static stamp stamp_of(const std::string& path);

  std::string cert_file_, key_file_;
  stamp cert_stamp_, key_stamp_;
  mutable std::mutex mutex_;
  std::shared_ptr<const tls_pair> current_;
};

}  // namespace volpol::serve::detail
