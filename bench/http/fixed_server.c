/* The baseline for bench/http: a minimal libmicrohttpd server that answers every request with a
 * fixed 210-byte JSON body, configured as segued's server is (epoll, thread pool of the core count,
 * respond on the second access-handler call). Usage: fixed_server PORT */
#include "baseline.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char BODY[] =
    "{\"revision\":5,\"visible\":\"vc4\",\"path\":[\"vc1\",\"vc2\",\"vc4\"],\"layers\":[{\"presentation\":null,"
    "\"root\":{\"id\":\"vc1\",\"scene\":\"tabs\",\"class\":\"UITabBarController\",\"kind\":\"tabBarController\","
    "\"appearance\":\"appeared\"}}],\"n\":0}";

static struct MHD_Response *response;

static enum MHD_Result handle(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_data_size, void **con_cls)
{
    (void)cls; (void)url; (void)method; (void)version; (void)upload_data;
    if (!request_complete(con_cls, upload_data_size)) return MHD_YES;
    return MHD_queue_response(connection, MHD_HTTP_OK, response);
}

int main(int argc, char **argv)
{
    if (argc != 2) { fprintf(stderr, "usage: %s PORT\n", argv[0]); return 2; }
    if (sizeof BODY - 1 != 210) { fprintf(stderr, "body is %zu bytes, not 210\n", sizeof BODY - 1); return 2; }
    response = MHD_create_response_from_buffer(sizeof BODY - 1, (void *)BODY, MHD_RESPMEM_PERSISTENT);
    MHD_add_response_header(response, "Content-Type", "application/json");
    int status = serve_until_signal((uint16_t)atoi(argv[1]), handle);
    MHD_destroy_response(response);
    return status;
}
