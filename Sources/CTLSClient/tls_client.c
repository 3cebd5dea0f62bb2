#include "CTLSClient.h"

#include <arpa/inet.h>
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct segued_tls_client {
    gnutls_session_t session;
    gnutls_certificate_credentials_t credentials;
};

static void set_error(char *error, size_t size, const char *what, int code) {
    if (size == 0) return;
    snprintf(error, size, "%s: %s", what, gnutls_strerror(code));
}

static int is_ip_address(const char *host) {
    unsigned char buffer[16];
    return inet_pton(AF_INET, host, buffer) == 1 || inet_pton(AF_INET6, host, buffer) == 1;
}

void *segued_tls_connect(int fd, const char *host, const char *ca_file, int verify, char *error, size_t error_size) {
    if (error_size > 0) error[0] = 0;
    struct segued_tls_client *client = calloc(1, sizeof *client);
    if (client == NULL) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    int status = gnutls_certificate_allocate_credentials(&client->credentials);
    if (status < 0) {
        set_error(error, error_size, "TLS credentials", status);
        free(client);
        return NULL;
    }
    // gnutls_certificate_set_x509_trust_file answers the number of certificates read: 0 is a file
    // that holds none, which would verify nothing.
    if (!verify) status = 1;
    else if (ca_file != NULL) status = gnutls_certificate_set_x509_trust_file(client->credentials, ca_file, GNUTLS_X509_FMT_PEM);
    else status = gnutls_certificate_set_x509_system_trust(client->credentials);
    if (status <= 0) {
        if (status == 0) snprintf(error, error_size, "no CA certificate in %s", ca_file != NULL ? ca_file : "the system trust store");
        else set_error(error, error_size, ca_file != NULL ? "cannot read the CA file" : "cannot read the system trust store", status);
        gnutls_certificate_free_credentials(client->credentials);
        free(client);
        return NULL;
    }
    if ((status = gnutls_init(&client->session, GNUTLS_CLIENT)) < 0) {
        set_error(error, error_size, "TLS session", status);
        gnutls_certificate_free_credentials(client->credentials);
        free(client);
        return NULL;
    }
    gnutls_set_default_priority(client->session);
    gnutls_credentials_set(client->session, GNUTLS_CRD_CERTIFICATE, client->credentials);
    // SNI takes DNS names only (RFC 6066); the name (or address) is verified either way.
    if (!is_ip_address(host)) gnutls_server_name_set(client->session, GNUTLS_NAME_DNS, host, strlen(host));
    if (verify) gnutls_session_set_verify_cert(client->session, host, 0);
    gnutls_transport_set_int(client->session, fd);
    // No gnutls_handshake_set_timeout: with one, GnuTLS retries reads that the socket's own timeout
    // (SO_RCVTIMEO, the caller's) ended, up to 40 s; without, such a read fails the handshake.
    do {
        status = gnutls_handshake(client->session);
        // GNUTLS_E_AGAIN is the socket's receive timeout (SO_RCVTIMEO): a failure, not a retry.
    } while (status == GNUTLS_E_INTERRUPTED);
    if (status < 0) {
        if (status == GNUTLS_E_CERTIFICATE_VERIFICATION_ERROR) {
            gnutls_datum_t text = {NULL, 0};
            unsigned verdict = gnutls_session_get_verify_cert_status(client->session);
            gnutls_certificate_verification_status_print(verdict, gnutls_certificate_type_get(client->session), &text, 0);
            snprintf(error, error_size, "the server's certificate is not trusted: %s", text.data != NULL ? (const char *)text.data : "");
            gnutls_free(text.data);
        } else {
            set_error(error, error_size, "TLS handshake", status);
        }
        segued_tls_close(client);
        return NULL;
    }
    return client;
}

ssize_t segued_tls_send(void *handle, const void *bytes, size_t count, char *error, size_t error_size) {
    struct segued_tls_client *client = handle;
    ssize_t sent;
    do {
        sent = gnutls_record_send(client->session, bytes, count);
    } while (sent == GNUTLS_E_INTERRUPTED);
    if (sent < 0) {
        set_error(error, error_size, "TLS send", (int)sent);
        return -1;
    }
    return sent;
}

ssize_t segued_tls_recv(void *handle, void *bytes, size_t count, char *error, size_t error_size) {
    struct segued_tls_client *client = handle;
    ssize_t received;
    do {
        received = gnutls_record_recv(client->session, bytes, count);
    } while (received == GNUTLS_E_INTERRUPTED);
    // A server that closes after `Connection: close` without close_notify ends the stream too: the
    // HTTP answer's own framing (Content-Length, chunks) tells whether it was complete.
    if (received == GNUTLS_E_PREMATURE_TERMINATION) return 0;
    if (received == GNUTLS_E_AGAIN) {
        snprintf(error, error_size, "timed out waiting for the answer");
        return -1;
    }
    if (received < 0) {
        set_error(error, error_size, "TLS receive", (int)received);
        return -1;
    }
    return received;
}

void segued_tls_close(void *handle) {
    struct segued_tls_client *client = handle;
    if (client == NULL) return;
    gnutls_bye(client->session, GNUTLS_SHUT_WR);
    gnutls_deinit(client->session);
    gnutls_certificate_free_credentials(client->credentials);
    free(client);
}
