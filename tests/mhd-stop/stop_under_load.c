/* How a graceful stop stops accepting, under load (tests/mhd-stop/run.sh).
 *   stop_under_load LOOP MODE ROUNDS   LOOP: epoll | poll   MODE: quiesce | swap
 * Each round runs in a child process: a daemon as segued starts it (LOOP, a pool of 2 threads,
 * suspend/resume), 8 client threads sending requests on keep-alive connections, then the stop:
 * MHD_quiesce_daemon and a close of the socket it returns (quiesce), or the listen descriptor
 * pointed at a datagram socket (swap: Sources/CMicroHTTPD/shim.h's segued_mhd_stop_listening,
 * the function segued calls); a millisecond later, while the daemon drains, a new connection sends a request; then
 * MHD_stop_daemon. Counts the rounds whose child was killed by a signal (libmicrohttpd's panics
 * abort), that hung (10 s), that could not start, and what the new connection met: refused, closed
 * unanswered, answered, or stuck (no answer and no close within 3 s: a listening socket left
 * alive with nobody accepting from it, as the swap under poll did) — unless the listener it reached
 * belongs to another process that took the freed port (counted apart, not a failure). The load's clients wait 3 s
 * at most for an answer: the rounds where one of their connections was left waiting that long are
 * counted too (they do not count as the stop hanging). */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <microhttpd.h>
#include "../../Sources/CMicroHTTPD/shim.h"
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static atomic_int running = 1;
static const char request[] = "GET / HTTP/1.1\r\nHost: x\r\n\r\n";
/* Client connections that got neither an answer nor a close within 3 s. */
static atomic_int left_waiting = 0;
static uint16_t port;

static enum MHD_Result answer(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                              const char *version, const char *data, size_t *size, void **state) {
    static const char body[] = "{}";
    struct MHD_Response *r = MHD_create_response_from_buffer(2, (void *)body, MHD_RESPMEM_PERSISTENT);
    enum MHD_Result ok = MHD_queue_response(c, 200, r);
    MHD_destroy_response(r);
    return ok;
}

/* 127.0.0.1:`at` (0: any port). */
static struct sockaddr_in loopback(uint16_t at) {
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons(at)};
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    return address;
}

static int connect_to_daemon(int s) {
    struct sockaddr_in to = loopback(port);
    return connect(s, (struct sockaddr *)&to, sizeof to);
}

static void *client(void *unused) {
    char buffer[4096];
    while (atomic_load(&running)) {
        int s = socket(AF_INET, SOCK_STREAM, 0);
        if (connect_to_daemon(s) != 0) { close(s); usleep(100); continue; }
        struct timeval wait = {.tv_sec = 3};
        setsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
        ssize_t got = 1;
        while (atomic_load(&running) && send(s, request, sizeof request - 1, MSG_NOSIGNAL) > 0 && (got = recv(s, buffer, sizeof buffer, 0)) > 0) {}
        if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) atomic_fetch_add(&left_waiting, 1);
        close(s);
    }
    return NULL;
}

enum probe_outcome { refused = 0, failed_to_start = 2, closed_unanswered = 3, answered = 4, stuck = 5, foreign = 6 };
/* Added to a round's exit status when a client connection was left waiting. */
enum { client_left_waiting = 8 };

/* A connection made after the stop, with a request: what it meets. */
static enum probe_outcome probe_new_connection(void) {
    int probe = socket(AF_INET, SOCK_STREAM, 0);
    if (connect_to_daemon(probe) != 0) { close(probe); return refused; }
    struct timeval wait = {.tv_sec = 3};
    setsockopt(probe, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
    char buffer[256];
    ssize_t got = send(probe, request, sizeof request - 1, MSG_NOSIGNAL) < 0 ? 0 : recv(probe, buffer, sizeof buffer, 0);
    int timed_out = got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
    close(probe);
    return got > 0 ? answered : timed_out ? stuck : closed_unanswered;
}

/* Whether a socket listening on 127.0.0.1:`at` or *:`at` is one of this process's descriptors. A
 * connection the daemon neither answers nor closes is the swap's failure only when the listener it
 * reached is still ours: on a machine running other tests, another process may take the port the
 * stop just freed (ports from bind(0) are reused at once) and then not answer our request. */
static int listener_is_ours(uint16_t at) {
    FILE *table = fopen("/proc/net/tcp", "r");
    if (table == NULL) return 1;
    char line[512];
    unsigned long inode = 0;
    while (fgets(line, sizeof line, table)) {
        unsigned address, local_port, state;
        unsigned long node;
        if (sscanf(line, " %*d: %x:%x %*x:%*x %x %*x:%*x %*x:%*x %*x %*u %*u %lu", &address, &local_port, &state, &node) == 4
            && local_port == at && state == 0x0A && (address == htonl(INADDR_LOOPBACK) || address == 0)) { inode = node; break; }
    }
    fclose(table);
    if (inode == 0) return 1; /* gone by now: cannot tell, count it as ours */
    char wanted[64], path[64], target[64];
    snprintf(wanted, sizeof wanted, "socket:[%lu]", inode);
    for (int fd = 0; fd < 1024; fd++) {
        snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
        ssize_t n = readlink(path, target, sizeof target - 1);
        if (n > 0) { target[n] = 0; if (strcmp(target, wanted) == 0) return 1; }
    }
    return 0;
}

static int one_round(int epoll, int swap, unsigned seed) {
    struct sockaddr_in a = loopback(0);
    struct MHD_Daemon *d = MHD_start_daemon(
        (epoll ? MHD_USE_EPOLL_INTERNAL_THREAD : MHD_USE_POLL_INTERNAL_THREAD) | MHD_ALLOW_SUSPEND_RESUME, 0, NULL, NULL, answer, NULL,
        MHD_OPTION_SOCK_ADDR, &a, MHD_OPTION_THREAD_POOL_SIZE, 2, MHD_OPTION_END);
    if (d == NULL) return failed_to_start;
    port = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT)->port;
    pthread_t threads[8];
    for (int i = 0; i < 8; i++) pthread_create(&threads[i], NULL, client, NULL);
    usleep(2000 + seed % 3000);
    if (swap) segued_mhd_stop_listening(d);
    else { int fd = MHD_quiesce_daemon(d); if (fd >= 0) close(fd); }
    usleep(1000);
    enum probe_outcome outcome = probe_new_connection();
    if (outcome == stuck && !listener_is_ours(port)) outcome = foreign;
    usleep(2000);
    atomic_store(&running, 0);
    for (int i = 0; i < 8; i++) pthread_join(threads[i], NULL);
    MHD_stop_daemon(d);
    return (int)outcome | (atomic_load(&left_waiting) > 0 ? client_left_waiting : 0);
}

int main(int argc, char **argv) {
    if (argc != 4 || (strcmp(argv[1], "epoll") && strcmp(argv[1], "poll")) || (strcmp(argv[2], "quiesce") && strcmp(argv[2], "swap"))) {
        fprintf(stderr, "usage: %s epoll|poll quiesce|swap ROUNDS\n", argv[0]);
        return 2;
    }
    int epoll = strcmp(argv[1], "epoll") == 0, swap = strcmp(argv[2], "swap") == 0, rounds = atoi(argv[3]), aborted = 0, hung = 0, failed = 0;
    int met[7] = {0}, waited = 0;
    for (int round = 0; round < rounds; round++) {
        pid_t child = fork();
        if (child == 0) {
            int devnull = open("/dev/null", O_WRONLY);
            dup2(devnull, 2); /* libmicrohttpd's panic message; the status tells the abort */
            alarm(10);
            _exit(one_round(epoll, swap, (unsigned)round * 2654435761u));
        }
        int status;
        waitpid(child, &status, 0);
        if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM) hung++;
        else if (WIFSIGNALED(status)) aborted++;
        else {
            int code = WEXITSTATUS(status);
            if (code & client_left_waiting) waited++;
            code &= ~client_left_waiting;
            if (code == failed_to_start || code > foreign) failed++;
            else met[code]++;
        }
    }
    printf("libmicrohttpd %s, %s %s: %d rounds, %d aborted, %d hung, %d failed to start; a new connection after the stop: "
           "%d refused, %d closed unanswered, %d answered, %d stuck, %d reached another process's listener; "
           "rounds with a client connection left waiting 3 s: %d\n",
           MHD_get_version(), argv[1], argv[2], rounds, aborted, hung, failed,
           met[refused], met[closed_unanswered], met[answered], met[stuck], met[foreign], waited);
    return 0;
}
