/* For bench/http/budget.sh: the baseline server of fixed_server.c, answering with a body of a chosen
 * size after a chosen amount of user-space work, so that the rate a given CPU cost per request
 * allows under the (b) load can be measured rather than estimated.
 * Usage: budget_server PORT BODY_BYTES WORK_MICROSECONDS */
#include "baseline.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static struct MHD_Response *response;
static long iterations; /* of the work loop, for the chosen microseconds */

/* User-space work only: a clock read in the loop would be a system call on some VMs (no vDSO
 * clock), and would count as kernel time. Not inlined: a copy specialized for the calibration's
 * constant count ran at another speed than the one serving requests (measured: the served work
 * took half the calibrated time). */
__attribute__((noinline)) static void work(long count)
{
    volatile unsigned long sink = 0;
    for (long i = 0; i < count; i++) sink += (unsigned long)i;
}

static long iterations_for(long microseconds)
{
    const long probe = 200000000;
    struct timespec start, end;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start);
    work(probe);
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end);
    double nanoseconds = (double)(end.tv_sec - start.tv_sec) * 1e9 + (double)(end.tv_nsec - start.tv_nsec);
    return (long)((double)microseconds * 1000.0 * (double)probe / nanoseconds);
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_data_size, void **con_cls)
{
    (void)cls; (void)url; (void)method; (void)version; (void)upload_data;
    if (!request_complete(con_cls, upload_data_size)) return MHD_YES;
    work(iterations);
    return MHD_queue_response(connection, MHD_HTTP_OK, response);
}

int main(int argc, char **argv)
{
    if (argc != 4) { fprintf(stderr, "usage: %s PORT BODY_BYTES WORK_MICROSECONDS\n", argv[0]); return 2; }
    size_t size = (size_t)atol(argv[2]);
    char *body = malloc(size + 1);
    if (body == NULL) return 1;
    /* A JSON string of the requested length: its content does not matter to the transport. */
    memset(body, 'x', size);
    if (size >= 2) { body[0] = '"'; body[size - 1] = '"'; }
    iterations = iterations_for(atol(argv[3]));
    response = MHD_create_response_from_buffer(size, body, MHD_RESPMEM_PERSISTENT);
    MHD_add_response_header(response, "Content-Type", "application/json");
    int status = serve_until_signal((uint16_t)atoi(argv[1]), handle);
    MHD_destroy_response(response);
    free(body);
    return status;
}
