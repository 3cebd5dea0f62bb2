#ifndef SEGUED_CTLSCLIENT_H
#define SEGUED_CTLSCLIENT_H

#include <stddef.h>
#include <sys/types.h>

/// A TLS client over a connected socket, with GnuTLS (the library libmicrohttpd already links, so
/// the release binary needs nothing new: .ci/check-ldd). For `segued test --url https://…`.
/// The handle is opaque (void *) so that Swift sees a raw pointer, not a C struct.

/// Runs the handshake on `fd` and, when `verify` is not 0, verifies the server's certificate against
/// `ca_file` (PEM), or the system's trust store when it is NULL, and its name against `host` (a DNS
/// name or an IP address). `verify` 0 is for `segued healthcheck` only: a probe of the daemon on
/// loopback, whose certificate names the public host, that sends nothing secret.
/// Returns NULL on failure, with a message in `error` (always NUL-terminated).
void *segued_tls_connect(int fd, const char *host, const char *ca_file, int verify, char *error, size_t error_size);

/// Bytes sent, or -1 (the message in `error`).
ssize_t segued_tls_send(void *client, const void *bytes, size_t count, char *error, size_t error_size);

/// Bytes received, 0 at the end of the stream (a close_notify, or the peer closing without one
/// after a complete answer), or -1 (the message in `error`).
ssize_t segued_tls_recv(void *client, void *bytes, size_t count, char *error, size_t error_size);

/// Sends close_notify (best effort) and frees the session; the socket stays the caller's.
void segued_tls_close(void *client);

#endif
