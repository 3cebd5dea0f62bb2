# syntax=docker/dockerfile:1
# Build: a Swift toolchain image compiles a release binary with the Swift standard library (and
# Foundation) and tcmalloc linked statically (scripts/release-build, as `make run` builds it), so the
# runtime needs only libmicrohttpd and libxml2.
#
# Package versions are pinned (hadolint DL3008) to Debian 12 (bookworm)'s, which both stages are:
# libmicrohttpd at 0.9.75, the only version segued supports (notes/libmicrohttpd.md). When Debian
# publishes a security update the old version leaves its mirror and the build fails at apt-get:
# take the new version from `apt-cache policy PACKAGE` on bookworm and change it below.
ARG MICROHTTPD_VERSION=0.9.75-6
ARG LIBXML2_VERSION=2.9.14+dfsg-1.3~deb12u6
ARG PERFTOOLS_VERSION=2.10-1
ARG PKGCONFIG_VERSION=1.8.1-1

FROM swift:6.3.1-bookworm AS build
ARG MICROHTTPD_VERSION
ARG PERFTOOLS_VERSION
ARG PKGCONFIG_VERSION
RUN apt-get update \
    && apt-get install -y --no-install-recommends \
        "libmicrohttpd-dev=${MICROHTTPD_VERSION}" \
        "libgoogle-perftools-dev=${PERFTOOLS_VERSION}" \
        "pkg-config=${PKGCONFIG_VERSION}" \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN install -m 0755 "$(scripts/release-build)" /usr/local/bin/segued

# Runtime: slim Debian with libmicrohttpd, and libxml2 for Interface Builder import (FoundationXML
# links it dynamically even when the standard library is static). .ci/check-ldd verifies the binary
# needs nothing else.
FROM debian:bookworm-slim
ARG MICROHTTPD_VERSION
ARG LIBXML2_VERSION
RUN apt-get update \
    && apt-get install -y --no-install-recommends "libmicrohttpd12=${MICROHTTPD_VERSION}" "libxml2=${LIBXML2_VERSION}" \
    && rm -rf /var/lib/apt/lists/* \
    && groupadd --system --gid 10001 segued \
    && useradd --system --uid 10001 --gid 10001 --no-create-home --shell /usr/sbin/nologin segued
COPY --from=build /usr/local/bin/segued /usr/local/bin/segued
# Numeric, so that Kubernetes' runAsNonRoot can check it without reading /etc/passwd.
USER 10001:10001
# `serve` listens where SEGUED_HOST says when no --host is given: arguments added to `docker run`
# replace CMD, and the container must still be reachable from outside it (127.0.0.1 would not be).
ENV SEGUED_HOST=0.0.0.0
EXPOSE 8080
# `segued healthcheck` asks /healthz at the port and scheme (HTTP or HTTPS) of the daemon's own
# command line (PID 1's, read with serve's parser), so `--port` and `--tls-cert` given to `docker
# run` are followed; no curl is needed in the image.
HEALTHCHECK --interval=30s --timeout=3s --start-period=5s --retries=3 \
    CMD ["/usr/local/bin/segued", "healthcheck"]
STOPSIGNAL SIGTERM
# Listening on 0.0.0.0, segued refuses to start without a bearer token (README, Security): run with
# `-e SEGUED_TOKEN=$(openssl rand -hex 32)`, or mount a file and add `--token-file FILE` to the
# command. /healthz, which the health check asks, needs no token.
ENTRYPOINT ["/usr/local/bin/segued"]
# `segued` alone serves (the default subcommand) on $SEGUED_HOST and port 8080; any arguments given
# to `docker run`, e.g. `--storyboard /data/app.json`, replace these and keep both.
CMD ["serve"]
