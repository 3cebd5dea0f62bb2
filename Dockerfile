# syntax=docker/dockerfile:1
# Build: a Swift toolchain image compiles a release binary with the Swift standard library (and
# Foundation) and tcmalloc linked statically (scripts/release-build, as `make run-release` builds
# it), so the runtime needs only libmicrohttpd, libsqlite3, libcurl and libxml2.
#
# Two runtimes, one binary (issue 31):
#   docker build -t segued .                                 Debian 12 (bookworm), libmicrohttpd 0.9.75
#   docker build -t segued:debian13 --build-arg DEBIAN=13 .  Debian 13 (trixie), libmicrohttpd 1.0.1
# 0.9.75 and 1.0.x share the SONAME libmicrohttpd.so.12, and segued decides what differs from the
# version it finds at start-up (Sources/HTTPServer/MHD/MHDLibrary.swift), so the binary built here
# runs on either; CI runs every test and the adversarial suite on both (.ci/mhd-1.0), and runs this
# file's steps outside Docker (.ci/check-image).
#
# Package versions are pinned (hadolint DL3008) to each Debian release's. When Debian publishes a
# security update the old version leaves its mirror and the build fails at apt-get: take the new
# version from `apt-cache policy PACKAGE` on that release and change it below.
ARG MICROHTTPD_VERSION=0.9.75-6
ARG LIBXML2_VERSION=2.9.14+dfsg-1.3~deb12u6
ARG MICROHTTPD_DEBIAN13_VERSION=1.0.1-4
ARG LIBXML2_DEBIAN13_VERSION=2.12.7+dfsg+really2.9.14-2.1+deb13u3
ARG PERFTOOLS_VERSION=2.10-1
ARG PKGCONFIG_VERSION=1.8.1-1
ARG SQLITE_VERSION=3.40.1-2+deb12u2
ARG SQLITE_DEBIAN13_VERSION=3.46.1-7+deb13u2
ARG CURL_VERSION=7.88.1-10+deb12u15
ARG CURL_DEBIAN13_VERSION=8.14.1-2+deb13u7
# The runtime's Debian release: 12 or 13 (the stages debian12 and debian13 below).
ARG DEBIAN=12

FROM swift:6.3.1-bookworm AS build
ARG MICROHTTPD_VERSION
ARG PERFTOOLS_VERSION
ARG PKGCONFIG_VERSION
ARG SQLITE_VERSION
ARG CURL_VERSION
RUN apt-get update \
    && apt-get install -y --no-install-recommends \
        "libmicrohttpd-dev=${MICROHTTPD_VERSION}" \
        "libsqlite3-dev=${SQLITE_VERSION}" \
        "libcurl4-openssl-dev=${CURL_VERSION}" \
        "libgoogle-perftools-dev=${PERFTOOLS_VERSION}" \
        "pkg-config=${PKGCONFIG_VERSION}" \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN install -m 0755 "$(scripts/release-build)" /usr/local/bin/segued

# The runtime's base, chosen by DEBIAN (12, the default, or 13): slim Debian with libmicrohttpd,
# libsqlite3 (the store, README "Durability") and libxml2 for Interface Builder import (FoundationXML
# links it dynamically even when the standard library is static). .ci/check-ldd verifies the binary needs nothing else on Debian 12, and
# .ci/check-image runs it on Debian 13's base.

# Debian 13: trixie's libmicrohttpd 1.0.1 (package renamed libmicrohttpd12t64 in the 64-bit time_t
# transition; same SONAME), libsqlite3 and libxml2.
FROM debian:trixie-slim AS debian13
ARG MICROHTTPD_DEBIAN13_VERSION
ARG LIBXML2_DEBIAN13_VERSION
ARG SQLITE_DEBIAN13_VERSION
ARG CURL_DEBIAN13_VERSION
RUN apt-get update \
    && apt-get install -y --no-install-recommends "libmicrohttpd12t64=${MICROHTTPD_DEBIAN13_VERSION}" "libxml2=${LIBXML2_DEBIAN13_VERSION}" \
        "libsqlite3-0=${SQLITE_DEBIAN13_VERSION}" "libcurl4t64=${CURL_DEBIAN13_VERSION}" \
    && rm -rf /var/lib/apt/lists/* \
    && groupadd --system --gid 10001 segued \
    && useradd --system --uid 10001 --gid 10001 --no-create-home --shell /usr/sbin/nologin segued \
    && install -d -o 10001 -g 10001 /var/lib/segued

# Debian 12: bookworm's libmicrohttpd 0.9.75, libsqlite3 and libxml2.
FROM debian:bookworm-slim AS debian12
ARG MICROHTTPD_VERSION
ARG LIBXML2_VERSION
ARG SQLITE_VERSION
ARG CURL_VERSION
RUN apt-get update \
    && apt-get install -y --no-install-recommends "libmicrohttpd12=${MICROHTTPD_VERSION}" "libxml2=${LIBXML2_VERSION}" \
        "libsqlite3-0=${SQLITE_VERSION}" "libcurl4=${CURL_VERSION}" \
    && rm -rf /var/lib/apt/lists/* \
    && groupadd --system --gid 10001 segued \
    && useradd --system --uid 10001 --gid 10001 --no-create-home --shell /usr/sbin/nologin segued \
    && install -d -o 10001 -g 10001 /var/lib/segued

# The image: the binary on the base DEBIAN names. DL3006 (untagged image) does not apply: the base is
# one of this file's stages above, whose images and packages are pinned there.
# hadolint ignore=DL3006
FROM debian${DEBIAN} AS runtime
# Storyboards and sessions persist in this volume (README "Durability"); SEGUED_STATE_DIR is read
# when no --state-dir is given, so that arguments added to `docker run` keep it.
ENV SEGUED_STATE_DIR=/var/lib/segued
VOLUME /var/lib/segued
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

