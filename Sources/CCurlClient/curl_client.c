#include "curl_client.h"

#include <curl/curl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pthread_once_t global_once = PTHREAD_ONCE_INIT;
/* One easy handle per thread, kept between requests: libcurl keeps a handle's connections open
   (its connection cache, up to CURLOPT_MAXCONNECTS = 5) and reuses one for the next request to the
   same host, port and TLS settings, so a thread asking one peer or daemon again and again connects
   (and negotiates TLS) once. A handle is never used by two threads; sharing one connection cache
   between threads (CURLSHOPT_SHARE with CURL_LOCK_DATA_CONNECT) is what libcurl's documentation
   advises against. The handle goes with its thread (pthread key destructor). */
static pthread_key_t handle_key;

static void free_handle(void *handle) { curl_easy_cleanup(handle); }

static void global_init(void) {
    curl_global_init(CURL_GLOBAL_DEFAULT);
    pthread_key_create(&handle_key, free_handle);
}

/* This thread's handle, its options reset (connections, DNS and TLS session caches kept). */
static CURL *thread_handle(void) {
    CURL *curl = pthread_getspecific(handle_key);
    if (curl) {
        curl_easy_reset(curl);
        return curl;
    }
    curl = curl_easy_init();
    if (curl && pthread_setspecific(handle_key, curl) != 0) {
        curl_easy_cleanup(curl);
        return NULL;
    }
    return curl;
}

typedef struct {
    unsigned char *bytes;
    size_t length;
    size_t capacity;
    size_t limit;
    int over_limit;
} buffer;

static size_t on_body(char *data, size_t size, size_t count, void *context) {
    buffer *received = context;
    size_t length = size * count;
    if (received->length + length > received->limit) {
        received->over_limit = 1;
        return 0; /* libcurl stops with CURLE_WRITE_ERROR */
    }
    if (received->length + length > received->capacity) {
        size_t capacity = received->capacity ? received->capacity * 2 : 16384;
        while (capacity < received->length + length) capacity *= 2;
        unsigned char *grown = realloc(received->bytes, capacity);
        if (!grown) return 0;
        received->bytes = grown;
        received->capacity = capacity;
    }
    memcpy(received->bytes + received->length, data, length);
    received->length += length;
    return length;
}

static int fail(segued_http_reply *reply, const char *message) {
    reply->error = strdup(message);
    return -1;
}

int segued_http_send(const char *method, const char *url, const char *const *headers, size_t header_count,
                     const unsigned char *body, size_t body_length, long timeout_seconds, const char *ca_file,
                     int verify, size_t max_body, segued_http_reply *reply) {
    memset(reply, 0, sizeof *reply);
    pthread_once(&global_once, global_init);
    CURL *curl = thread_handle();
    if (!curl) return fail(reply, "libcurl could not start a transfer");
    struct curl_slist *list = NULL;
    for (size_t k = 0; k < header_count; k++) list = curl_slist_append(list, headers[k]);
    /* No `Expect: 100-continue` round trip before a body. */
    list = curl_slist_append(list, "Expect:");
    buffer received = {NULL, 0, 0, max_body, 0};
    char message[CURL_ERROR_SIZE] = {0};

    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_NOPROXY, "*");
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT, timeout_seconds);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, timeout_seconds);
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, list);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &received);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, message);
    if (strcmp(method, "HEAD") == 0) {
        curl_easy_setopt(curl, CURLOPT_NOBODY, 1L);
    } else if (body) {
        curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)body_length);
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, (const char *)body);
        if (strcmp(method, "POST") != 0) curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, method);
    } else if (strcmp(method, "GET") != 0) {
        curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, method);
    }
    if (verify) {
        if (ca_file) curl_easy_setopt(curl, CURLOPT_CAINFO, ca_file);
    } else {
        curl_easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, 0L);
        curl_easy_setopt(curl, CURLOPT_SSL_VERIFYHOST, 0L);
    }

    CURLcode code = curl_easy_perform(curl);
    int result = 0;
    if (code == CURLE_OK) {
        curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &reply->status);
        reply->body = received.bytes;
        reply->body_length = received.length;
        received.bytes = NULL;
    } else if (received.over_limit) {
        char text[128];
        snprintf(text, sizeof text, "the answer's body is over %zu bytes", max_body);
        result = fail(reply, text);
    } else {
        char text[CURL_ERROR_SIZE + 64];
        const char *why = message[0] ? message : curl_easy_strerror(code);
        if (code == CURLE_PEER_FAILED_VERIFICATION || code == CURLE_SSL_CACERT_BADFILE)
            snprintf(text, sizeof text, "the server's certificate is not trusted (%s)", why);
        else
            snprintf(text, sizeof text, "%s", why);
        result = fail(reply, text);
    }
    free(received.bytes);
    /* The handle stays this thread's (with its open connections); the options that point at this
       call's memory are cleared now, not at the next call's reset. */
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, NULL);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, NULL);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, NULL);
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, NULL);
    curl_slist_free_all(list);
    return result;
}

void segued_http_reply_free(segued_http_reply *reply) {
    free(reply->body);
    free(reply->error);
    memset(reply, 0, sizeof *reply);
}
