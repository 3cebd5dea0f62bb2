/* The part bench/http's C servers share: a libmicrohttpd daemon configured as segued's server is
 * (epoll with a thread pool of the core count, poll() on one core; 30 s connection timeout), run
 * until SIGTERM or SIGINT. */
#ifndef SEGUED_BENCH_BASELINE_H
#define SEGUED_BENCH_BASELINE_H
#include <microhttpd.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* For an access handler: whether the request is complete and can be answered now. The first call
 * brings only the headers, and answering there makes libmicrohttpd 0.9.75 close the connection
 * (notes/libmicrohttpd.md, pitfall 1); body pieces are drained. */
static int request_complete(void **con_cls, size_t *upload_data_size)
{
    static int marker;
    if (*con_cls == NULL) { *con_cls = &marker; return 0; }
    if (*upload_data_size != 0) { *upload_data_size = 0; return 0; }
    return 1;
}

/* Serves `handler` on `port` until a signal; returns the process's exit status.
 * For comparisons at equal settings with segued (bench/http/connections.sh), two environment
 * variables change the defaults: BASELINE_LOOP=poll waits with poll() instead of epoll (as
 * `segued serve --event-loop poll` does), and BASELINE_CONNECTION_LIMIT=N sets libmicrohttpd's
 * connection limit, which is otherwise FD_SETSIZE - 4 = 1,020 (at the limit, further connections
 * wait in the listen backlog). BASELINE_CONNECTION_MEMORY=BYTES sets the connection pool's size
 * (libmicrohttpd's default is 32 KiB, segued's 8 KiB: the pool is zeroed per request, so
 * bench/http/callgrind-floors.sh counts the C servers at segued's size). */
static int serve_until_signal(uint16_t port, MHD_AccessHandlerCallback handler)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    const char *loop = getenv("BASELINE_LOOP"), *limit = getenv("BASELINE_CONNECTION_LIMIT");
    const char *memory = getenv("BASELINE_CONNECTION_MEMORY");
    /* 0 is not a limit MHD accepts: each option is given only when set. */
    struct MHD_OptionItem options[3];
    int given = 0;
    if (memory != NULL) options[given++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_MEMORY_LIMIT, atol(memory), NULL};
    if (limit != NULL) options[given++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_LIMIT, atoi(limit), NULL};
    options[given] = (struct MHD_OptionItem){MHD_OPTION_END, 0, NULL};
    /* libmicrohttpd 0.9.75's epoll loop without a pool stalls at 128*k ready connections. */
    int epoll = cores > 1 && !(loop != NULL && strcmp(loop, "poll") == 0);
    unsigned int flags = epoll ? MHD_USE_EPOLL_INTERNAL_THREAD : MHD_USE_POLL_INTERNAL_THREAD;
    sigset_t set;
    int signal_number;
    /* Blocked before the daemon's threads start, so that they inherit the mask and sigwait gets it. */
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    sigprocmask(SIG_BLOCK, &set, NULL);
    struct MHD_Daemon *daemon = MHD_start_daemon(
        flags, port, NULL, NULL, handler, NULL,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned int)(cores > 0 ? cores : 1),
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)30,
        MHD_OPTION_ARRAY, options,
        MHD_OPTION_END);
    if (daemon == NULL) { fprintf(stderr, "cannot start\n"); return 1; }
    sigwait(&set, &signal_number);
    MHD_stop_daemon(daemon);
    return 0;
}
#endif
