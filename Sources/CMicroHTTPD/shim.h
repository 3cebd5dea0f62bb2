#ifndef SEGUED_CMICROHTTPD_SHIM_H
#define SEGUED_CMICROHTTPD_SHIM_H

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>
#include <microhttpd.h>

/// The value of a hexadecimal digit, -1 for any other character (the terminating NUL included).
static inline int segued_hex_digit(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/// Decodes the %HH escapes of a URL path or query argument in place, as libmicrohttpd's default
/// does (an invalid escape stays as written), except %00. The access handler gets the path as a C
/// string, so a decoded NUL silently cut it short: `PUT /v1/sessions/a%00b` created session "a".
/// Left encoded, the three characters reach the router, which refuses them like any other
/// character an id does not allow.
static inline size_t segued_mhd_unescape(void *cls, struct MHD_Connection *connection, char *s)
{
    char *read = s, *write = s;
    (void)cls;
    (void)connection;
    while (*read != '\0') {
        int high, low;
        if (read[0] == '%' && (high = segued_hex_digit(read[1])) >= 0 && (low = segued_hex_digit(read[2])) >= 0
            && (high | low) != 0) {
            *write++ = (char)(high * 16 + low);
            read += 3;
        } else {
            *write++ = *read++;
        }
    }
    *write = '\0';
    return (size_t)(write - s);
}

/// The content reader of a response that is never sent with content (below): should
/// libmicrohttpd ever ask, the response ends with an error rather than with made-up bytes.
static inline ssize_t segued_mhd_no_content(void *cls, uint64_t pos, char *buf, size_t max)
{
    (void)cls;
    (void)pos;
    (void)buf;
    (void)max;
    return MHD_CONTENT_READER_END_WITH_ERROR;
}

/// A response that states a length but has no content, for a 304: libmicrohttpd sends a 304's
/// headers only, with "Content-Length: " and the response's size. RFC 9110 §8.6 allows that
/// field in a 304 only with the length the 200 would have had; a 304 made from an empty buffer
/// said "Content-Length: 0".
static inline struct MHD_Response *segued_mhd_length_only_response(uint64_t length)
{
    return MHD_create_response_from_callback(length, 1024, segued_mhd_no_content, NULL, NULL);
}

/// A response for one request that shares a prepared response's body (no copy) and carries its
/// header fields: `fields` holds `count` names and values, alternating, NUL-terminated and checked
/// when prepared. `release(cls)` runs when libmicrohttpd destroys the response (after it is sent), so
/// the caller keeps the body alive until then. With `stated_length` != UINT64_MAX the response has no
/// content and states that length (a 304, segued_mhd_length_only_response). `release` runs exactly
/// once, also when NULL is returned. The caller adds its request's own fields, queues the response
/// and destroys it.
static inline struct MHD_Response *segued_mhd_response_sharing(
    const void *body, size_t size, uint64_t stated_length, const char *const *fields, size_t count,
    MHD_ContentReaderFreeCallback release, void *cls)
{
    struct MHD_Response *response;
    if (stated_length != UINT64_MAX) {
        response = MHD_create_response_from_callback(stated_length, 1024, segued_mhd_no_content, cls, release);
    } else {
        // 0.9.75's header takes `void *`, 1.0's `const void *`: libmicrohttpd only reads the body.
        response = MHD_create_response_from_buffer_with_free_callback_cls(size, (void *)body, release, cls);
    }
    if (response == NULL) {
        release(cls);
        return NULL;
    }
    for (size_t i = 0; i + 1 < count; i += 2) {
        if (MHD_add_response_header(response, fields[i], fields[i + 1]) != MHD_YES) {
            MHD_destroy_response(response);
            return NULL;
        }
    }
    return response;
}

/// An IPv4 or IPv6 address literal with its port, as a socket address: the one way segued_mhd_start
/// and segued_bind_errno read `host`.
struct segued_address {
    union {
        struct sockaddr_storage storage;
        struct sockaddr_in v4;
        struct sockaddr_in6 v6;
    };
    socklen_t length;
};

/// Fills `out` from `host` and `port`; 0 when `host` is neither an IPv4 nor an IPv6 literal.
static inline int segued_address_of(const char *host, uint16_t port, struct segued_address *out)
{
    memset(out, 0, sizeof *out);
    if (inet_pton(AF_INET, host, &out->v4.sin_addr) == 1) {
        out->v4.sin_family = AF_INET;
        out->v4.sin_port = htons(port);
        out->length = sizeof out->v4;
        return 1;
    }
    if (inet_pton(AF_INET6, host, &out->v6.sin6_addr) == 1) {
        out->v6.sin6_family = AF_INET6;
        out->v6.sin6_port = htons(port);
        out->length = sizeof out->v6;
        return 1;
    }
    return 0;
}

/// Fixed-arity wrapper around the variadic MHD_start_daemon, which Swift cannot call.
///
/// Binds `host` (an IPv4 or IPv6 literal) and `port` (0: an ephemeral port) with an internal
/// thread pool of `threads`, each waiting with epoll when `epoll` is nonzero, else with poll()
/// (MHD_USE_EPOLL without a pool stalls at 128*k ready connections, see notes/libmicrohttpd.md;
/// the caller passes 0 for a single thread), and suspend/resume (which brings the inter-thread
/// channel that MHD_quiesce_daemon needs). `timeout` is in seconds; MHD's default is "never", which invites
/// slowloris. URL escapes are decoded by segued_mhd_unescape. Returns NULL with `*bad_address = 1`
/// when `host` is not an address literal.
///
/// Connection accounting (segued_mhd_connection_options): the daemon's own limit is set above the
/// server's, which `accept_policy` enforces, because at its own limit libmicrohttpd stops polling
/// the listen socket and leaves new connections waiting in the backlog instead of refusing them.
static inline struct MHD_Daemon *segued_mhd_start(
    const char *host, uint16_t port, unsigned int threads, unsigned int timeout,
    unsigned int connection_limit, size_t memory_limit,
    MHD_AccessHandlerCallback handler, void *handler_cls,
    MHD_RequestCompletedCallback completed, void *completed_cls,
    MHD_AcceptPolicyCallback accept_policy, MHD_NotifyConnectionCallback notify_connection, void *connections_cls,
    unsigned int security_flags, const struct MHD_OptionItem *security_options, int epoll, int *bad_address)
{
    struct segued_address bound;
    unsigned int flags = (epoll ? MHD_USE_EPOLL_INTERNAL_THREAD : MHD_USE_POLL_INTERNAL_THREAD) | MHD_ALLOW_SUSPEND_RESUME | security_flags;
    *bad_address = 0;
    if (!segued_address_of(host, port, &bound)) {
        *bad_address = 1;
        return NULL;
    }
    if (bound.length == sizeof bound.v6) flags |= MHD_USE_IPv6;
    struct sockaddr *address = (struct sockaddr *)&bound.storage;
    return MHD_start_daemon(
        flags, port, accept_policy, connections_cls, handler, handler_cls,
        MHD_OPTION_SOCK_ADDR, address,
        MHD_OPTION_THREAD_POOL_SIZE, threads,
        MHD_OPTION_CONNECTION_TIMEOUT, timeout,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
        MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
        MHD_OPTION_UNESCAPE_CALLBACK, segued_mhd_unescape, NULL,
        /* Connection accounting (the server's limits, per address, request deadlines). */
        MHD_OPTION_NOTIFY_CONNECTION, notify_connection, connections_cls,
        MHD_OPTION_ARRAY, security_options,
        MHD_OPTION_END);
}

/// Why binding `host`:`port` fails, as an errno (0 when a bind succeeds now), asked after
/// MHD_start_daemon returned NULL: libmicrohttpd says nothing of why, and "cannot listen" alone left a
/// person guessing between a port in use, a privileged port and an address not on this machine
/// (issue 49). The socket is set up as libmicrohttpd sets up its own (SO_REUSEADDR, and IPV6_V6ONLY
/// as it leaves it), then closed.
static inline int segued_bind_errno(const char *host, uint16_t port)
{
    struct segued_address bound;
    int fd, reason, on = 1;
    if (!segued_address_of(host, port, &bound)) return EINVAL;
    fd = socket(bound.storage.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return errno;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
    reason = bind(fd, (struct sockaddr *)&bound.storage, bound.length) == 0 ? 0 : errno;
    close(fd);
    return reason;
}

/// The text of an errno (strerror's, copied into `buffer` of `size` bytes).
static inline const char *segued_errno_text(int code, char *buffer, size_t size)
{
    const char *text = strerror(code);
    strncpy(buffer, text, size - 1);
    buffer[size - 1] = 0;
    return buffer;
}

// ---- Request validation and TLS (segued_mhd_security_options) -------------------------------------

/// The version string of the libmicrohttpd the process runs on ("0.9.75", "1.0.1"). 0.9.75 and
/// 1.0.x share the SONAME libmicrohttpd.so.12, so a binary built against one header runs on the
/// other library: what differs is decided from this, once at start-up (MHDLibrary.swift), not from
/// the header's MHD_VERSION.
static inline const char *segued_mhd_version(void) { return MHD_get_version(); }

/// MHD_OPTION_CLIENT_DISCIPLINE_LVL, by its number: the option came with 0.9.77 (its header says
/// "Available since #MHD_VERSION 0x00097701") and is 38 in every release since; 0.9.75's header
/// lacks the name, and a binary built against it may still run on 1.0 (above).
#define SEGUED_MHD_OPTION_CLIENT_DISCIPLINE_LVL ((enum MHD_OPTION)38)

/// The options of request validation and TLS, written into `items` (room for 6) and ended by
/// MHD_OPTION_END, for segued_mhd_start's MHD_OPTION_ARRAY (MHD_OPTION_STRICT_FOR_CLIENT is left
/// off on 0.9.75: its missing-Host refusal is an HTML page; the access handler refuses with a problem):
/// - MHD_OPTION_URI_LOG_CALLBACK: called with the raw request target "before we modify URI *or*
///   args" (connection.c); its result becomes the request's `*con_cls`;
/// - with `discipline` != INT_MIN: MHD_OPTION_CLIENT_DISCIPLINE_LVL (the caller passes INT_MIN to a
///   library that lacks it: an unknown option makes MHD_start_daemon fail);
/// - with `cert` and `key` (PEM, NUL-terminated; read by MHD_start_daemon, which loads them into
///   GnuTLS before it returns): MHD_OPTION_HTTPS_MEM_CERT and MHD_OPTION_HTTPS_MEM_KEY, and with
///   `priorities` MHD_OPTION_HTTPS_PRIORITIES (a GnuTLS priority string, copied by MHD). The
///   caller adds MHD_USE_TLS to the flags.
static inline void segued_mhd_security_options(
    struct MHD_OptionItem *items, int discipline, const char *cert, const char *key, const char *priorities,
    void *(*uri_log)(void *cls, const char *uri, struct MHD_Connection *connection), void *uri_log_cls)
{
    int n = 0;
    items[n++] = (struct MHD_OptionItem){MHD_OPTION_URI_LOG_CALLBACK, (intptr_t)uri_log, uri_log_cls};
    if (discipline != INT_MIN) {
        items[n++] = (struct MHD_OptionItem){SEGUED_MHD_OPTION_CLIENT_DISCIPLINE_LVL, discipline, NULL};
    }
    if (cert != NULL && key != NULL) {
        items[n++] = (struct MHD_OptionItem){MHD_OPTION_HTTPS_MEM_CERT, 0, (void *)cert};
        items[n++] = (struct MHD_OptionItem){MHD_OPTION_HTTPS_MEM_KEY, 0, (void *)key};
        if (priorities != NULL) {
            items[n++] = (struct MHD_OptionItem){MHD_OPTION_HTTPS_PRIORITIES, 0, (void *)priorities};
        }
    }
    items[n] = (struct MHD_OptionItem){MHD_OPTION_END, 0, NULL};
}

/// The length of the C string `s` (NUL-checks compare it with lengths libmicrohttpd measured).
static inline size_t segued_strlen(const char *s) { return strlen(s); }

/// The HTTP status libmicrohttpd has queued on the connection itself (its own 400/413/431 pages),
/// 0 when none: MHD_CONNECTION_INFO_HTTP_STATUS.
static inline unsigned int segued_mhd_queued_status(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_HTTP_STATUS);
    return info == NULL ? 0 : info->http_status;
}

/// The size of the request line and header block as received (MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE).
static inline size_t segued_mhd_header_size(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    return info == NULL ? 0 : info->header_size;
}

/// State of segued_mhd_hides_nul's walk over the header block.
struct segued_nul_walk {
    const char *end_of_previous; /* where the previous line's text ended (its C string's NUL) */
    int hidden;
};

/// After a line's text: exactly the `expected` NULs libmicrohttpd wrote over line ends (2 for each
/// CR LF), then `next`.
static inline void segued_nul_walk_to(struct segued_nul_walk *walk, const char *next, long expected)
{
    const char *p = walk->end_of_previous;
    if (p == NULL) return;
    if (next - p != expected) {
        walk->hidden = 1;
        return;
    }
    for (; p < next; p++) {
        if (*p != '\0') walk->hidden = 1;
    }
}

static inline enum MHD_Result segued_nul_walk_header(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
    struct segued_nul_walk *walk = cls;
    (void)kind;
    segued_nul_walk_to(walk, key, 2);
    walk->end_of_previous = value != NULL ? value + strlen(value) : key + strlen(key);
    return MHD_YES;
}

/// Whether the request's header lines hide a literal NUL, on libmicrohttpd 0.9.75 (1.0 refuses a
/// NUL in a header line itself, and lays its buffer out otherwise: MHDLibrary.swift). 0.9.75 keeps
/// header names and values as C strings pointing into its read buffer (connection.c,
/// process_header_line), so a NUL inside a value silently cuts it short ("X: a\0b" is "X: a").
/// Each line in that buffer is its text, then the two NULs written over its CR LF
/// (get_next_header_line), then the next line; the block ends with the empty line's two NULs,
/// `header_size` bytes after the method (MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE: read_buffer -
/// method once the empty line is consumed). So from the end of each C string there must be exactly
/// two NULs up to the next header's name, and exactly four after the last one up to the block's
/// end; anything else was hidden behind a NUL. Counting them, rather than accepting any run of
/// NULs, also catches a NUL as the last byte of a value ("X: a\0\r\n"), which hides nothing but is
/// no field value (RFC 9110 §5.5), and a line ended by a bare LF (one NUL), which 1.0 refuses at
/// the client discipline segued runs it with. A folded (obs-fold) header is joined elsewhere in the
/// pool and fails the walk too, which RFC 9112 §5.2 allows (400). The one shape the count cannot
/// tell apart: a NUL as a value's last byte followed by a bare LF, which looks like CR LF and hides
/// nothing behind it.
/// `url` and `version` are the target and HTTP version the access handler got ("" for a request
/// line without a version); the method is checked the same way, up to the target.
static inline int segued_mhd_hides_nul(
    struct MHD_Connection *connection, const char *method, const char *url, const char *version)
{
    struct segued_nul_walk walk = {NULL, 0};
    size_t size = segued_mhd_header_size(connection);
    if (size == 0 || method == NULL || url == NULL || version == NULL || version[0] == '\0') return 0;
    /* The method, then the NUL written over the space after it and any spaces skipped, then the target. */
    for (const char *p = method + strlen(method); p < url; p++) {
        if (*p != '\0' && *p != ' ') return 1;
    }
    walk.end_of_previous = version + strlen(version);
    MHD_get_connection_values(connection, MHD_HEADER_KIND, segued_nul_walk_header, &walk);
    segued_nul_walk_to(&walk, method + size, 4);
    return walk.hidden;
}

/// The port the daemon is bound to (the ephemeral one when started with port 0); 0 if unknown.
static inline uint16_t segued_mhd_bound_port(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/// Whether the daemon waits with epoll (MHD_DAEMON_INFO_FLAGS has MHD_USE_EPOLL).
static inline int segued_mhd_uses_epoll(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_FLAGS);
    return info != NULL && (info->flags & MHD_USE_EPOLL) != 0;
}

/// Stops accepting new connections without MHD_quiesce_daemon, whose race with a worker aborts the
/// process (libmicrohttpd 0.9.75 and 1.0.1, daemon.c: with epoll and a thread pool, quiesce marks a
/// worker quiesced, then removes the listen socket from that worker's epoll set; a worker waking in
/// between removes it first, and quiesce's own removal fails with ENOENT, which it does not
/// tolerate: "Failed to remove listen FD from epoll set.").
///
/// The listen socket's descriptor is pointed at a datagram socket instead (dup2): the listening
/// socket, referred to by no descriptor any more, is released, so connections are refused from now
/// on, and the kernel drops it from every epoll set it was in. The datagram socket is never
/// readable, so no worker calls accept() on it; one that was about to when the swap came gets
/// EOPNOTSUPP and goes on. libmicrohttpd keeps the descriptor number and closes it when it stops
/// (its shutdown() of it fails harmlessly).
///
/// For epoll only. A worker blocked in poll() holds every file it polls until the call returns, and
/// after a wake-up poll() looks again by descriptor number, at the datagram socket: the released
/// listening socket stayed open, its backlog filling with connections nobody would accept until the
/// daemon stopped (tests/mhd-stop). With poll, MHD_quiesce_daemon has no race (it wakes the workers
/// through their inter-thread channel rather than editing epoll sets) and is used instead.
///
/// Returns 0, or -1 when the daemon does not use epoll, has no listen socket, or a call failed; then
/// nothing was changed.
static inline int segued_mhd_stop_listening(struct MHD_Daemon *daemon)
{
    if (!segued_mhd_uses_epoll(daemon)) return -1;
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_LISTEN_FD);
    if (info == NULL || info->listen_fd == MHD_INVALID_SOCKET) return -1;
    int placeholder = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (placeholder < 0) return -1;
    int swapped = dup2(placeholder, info->listen_fd);
    close(placeholder);
    if (swapped < 0) return -1;
    (void)fcntl(swapped, F_SETFD, FD_CLOEXEC);
    return 0;
}

/// Closes the listen socket MHD_quiesce_daemon handed back (-1: none).
static inline void segued_close_socket(MHD_socket socket)
{
    if (socket != MHD_INVALID_SOCKET) close(socket);
}

/* Streams and connection accounting. */

/// MHD_CONTENT_READER_END_OF_STREAM and _WITH_ERROR are casts, which Swift does not import.
static inline ssize_t segued_mhd_end_of_stream(void) { return MHD_CONTENT_READER_END_OF_STREAM; }
static inline ssize_t segued_mhd_end_with_error(void) { return MHD_CONTENT_READER_END_WITH_ERROR; }

/// The connection's `socket_context` (set in the connection-started notification), or NULL.
static inline void *segued_mhd_socket_context(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

/// The connection's socket, or -1.
static inline int segued_mhd_connection_fd(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/// The client's address as its bytes (4 for IPv4, 16 for IPv6, an IPv4-mapped IPv6 address as
/// IPv4) into `out` (16 bytes); returns their count, 0 when unknown.
static inline int segued_address_bytes(const struct sockaddr *address, unsigned char *out)
{
    if (address == NULL) return 0;
    if (address->sa_family == AF_INET) {
        memcpy(out, &((const struct sockaddr_in *)address)->sin_addr, 4);
        return 4;
    }
    if (address->sa_family == AF_INET6) {
        const unsigned char *bytes = ((const struct sockaddr_in6 *)address)->sin6_addr.s6_addr;
        static const unsigned char mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
        if (memcmp(bytes, mapped, 12) == 0) {
            memcpy(out, bytes + 12, 4);
            return 4;
        }
        memcpy(out, bytes, 16);
        return 16;
    }
    return 0;
}

/// The connection's client address bytes (see segued_address_bytes).
static inline int segued_mhd_client_address(struct MHD_Connection *connection, unsigned char *out)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? 0 : segued_address_bytes(info->client_addr, out);
}

/// Ends a connection from outside libmicrohttpd's threads: its next read sees the end of the stream
/// and it closes the connection as if the client had.
static inline void segued_shutdown_socket(int socket) { if (socket >= 0) shutdown(socket, SHUT_RDWR); }

/// Caps the kernel's send and receive buffers of the listen socket, which accepted sockets inherit
/// (before the handshake, so the receive window is bounded too). 0 leaves a size as the kernel
/// tunes it.
static inline void segued_mhd_cap_socket_buffers(struct MHD_Daemon *daemon, int send_bytes, int receive_bytes)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_LISTEN_FD);
    if (info == NULL || info->listen_fd == MHD_INVALID_SOCKET) return;
    if (send_bytes > 0) setsockopt(info->listen_fd, SOL_SOCKET, SO_SNDBUF, &send_bytes, sizeof send_bytes);
    if (receive_bytes > 0) setsockopt(info->listen_fd, SOL_SOCKET, SO_RCVBUF, &receive_bytes, sizeof receive_bytes);
}

#endif
