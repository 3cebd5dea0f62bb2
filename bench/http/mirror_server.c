/* For bench/http/floors.sh: the baseline server of fixed_server.c, answering as segued's HTTP face
 * must answer a cached `GET …/stack`, with no work of its own. Every request gets its own
 * libmicrohttpd response that shares one body of a chosen size (segued's prepared response does the
 * same: PreparedResponse.swift) and carries the six fields segued sends: Content-Type, ETag,
 * X-Content-Type-Options, Cache-Control and a fresh 32-hex-digit X-Request-ID (MHD adds Date and
 * Content-Length, as for segued). What this server costs is what any libmicrohttpd server pays to
 * send segued's bytes; what segued costs beyond it is segued's own work.
 * Usage: mirror_server PORT BODY_BYTES */
#include "baseline.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *body;
static size_t body_size;

/* A request id as segued makes one: 128 bits in lowercase hex (RequestID.swift), from a per-thread
 * xorshift generator (segued counts per thread slot too). */
static void request_id(char out[33])
{
    static __thread uint64_t state = 0x9e3779b97f4a7c15u;
    static const char hex[] = "0123456789abcdef";
    for (int half = 0; half < 2; half++) {
        state ^= state << 13; state ^= state >> 7; state ^= state << 17;
        for (int i = 0; i < 16; i++) out[half * 16 + i] = hex[(state >> (i * 4)) & 15];
    }
    out[32] = 0;
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_data_size, void **con_cls)
{
    (void)cls; (void)url; (void)method; (void)version; (void)upload_data;
    if (!request_complete(con_cls, upload_data_size)) return MHD_YES;
    struct MHD_Response *response = MHD_create_response_from_buffer(body_size, body, MHD_RESPMEM_PERSISTENT);
    if (response == NULL) return MHD_NO;
    char id[33];
    request_id(id);
    MHD_add_response_header(response, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(response, "Cache-Control", "no-store");
    MHD_add_response_header(response, "Content-Type", "application/json");
    MHD_add_response_header(response, "ETag", "\"1\"");
    MHD_add_response_header(response, "X-Request-ID", id);
    enum MHD_Result queued = MHD_queue_response(connection, MHD_HTTP_OK, response);
    MHD_destroy_response(response);
    return queued;
}

int main(int argc, char **argv)
{
    if (argc != 3) { fprintf(stderr, "usage: %s PORT BODY_BYTES\n", argv[0]); return 2; }
    body_size = (size_t)atol(argv[2]);
    body = malloc(body_size + 1);
    if (body == NULL) return 1;
    /* A JSON string of the requested length: its content does not matter to the transport. */
    memset(body, 'x', body_size);
    if (body_size >= 2) { body[0] = '"'; body[body_size - 1] = '"'; }
    int status = serve_until_signal((uint16_t)atoi(argv[1]), handle);
    free(body);
    return status;
}
