#ifndef SEGUED_CCURLCLIENT_H
#define SEGUED_CCURLCLIENT_H

#include <stddef.h>

/// One HTTP exchange with libcurl (Debian's libcurl4-openssl-dev): for `segued test --url`,
/// `segued healthcheck` and a cluster node's storyboard fetches (Sources/HTTPClient). libcurl's
/// own timeouts, TLS verification and protocol handling; no redirects, no proxies, http and https
/// only. C because curl_easy_setopt is variadic, which Swift cannot call.

typedef struct {
    /// The answer's status; 0 when there is none.
    long status;
    /// The body (malloc'd; NULL when empty) and its length.
    unsigned char *body;
    size_t body_length;
    /// Why there is no answer (malloc'd; NULL when there is one).
    char *error;
} segued_http_reply;

/// Sends `method` to `url` with `header_count` header lines ("Name: value") and, when `body` is
/// not NULL, `body_length` bytes of body; waits at most `timeout_seconds` for all of it. With
/// `verify` 0 the server's certificate is not checked (`segued healthcheck` on loopback only);
/// else against `ca_file` (PEM) or, when NULL, the system's trust store. A body longer than
/// `max_body` bytes is a failure. Returns 0 with the answer in `reply`, or -1 with `reply->error`;
/// free `reply` with segued_http_reply_free either way.
int segued_http_send(const char *method, const char *url, const char *const *headers, size_t header_count,
                     const unsigned char *body, size_t body_length, long timeout_seconds, const char *ca_file,
                     int verify, size_t max_body, segued_http_reply *reply);

void segued_http_reply_free(segued_http_reply *reply);

#endif
