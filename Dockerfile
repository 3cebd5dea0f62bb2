# syntax=docker/dockerfile:1
# Build: a Swift toolchain image compiles a release binary with the Swift standard library (and
# Foundation) and tcmalloc linked statically (scripts/release-build, as `make run` builds it), so the
# runtime needs only libmicrohttpd and libxml2.
FROM swift:6.3.1-bookworm AS build
RUN apt-get update && apt-get install -y --no-install-recommends libmicrohttpd-dev libgoogle-perftools-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN install -m 0755 "$(scripts/release-build)" /usr/local/bin/segued

# Runtime: slim Debian with libmicrohttpd, and libxml2 for Interface Builder import (FoundationXML
# links it dynamically even when the standard library is static). .ci/check-ldd verifies the binary
# needs nothing else.
FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends libmicrohttpd12 libxml2 && rm -rf /var/lib/apt/lists/*
RUN useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin segued
COPY --from=build /usr/local/bin/segued /usr/local/bin/segued
USER segued
EXPOSE 8080
# No curl in the image: bash's /dev/tcp asks /healthz and expects a 200 status line.
HEALTHCHECK --interval=30s --timeout=3s --start-period=5s --retries=3 \
    CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/8080 && printf 'GET /healthz HTTP/1.0\\r\\n\\r\\n' >&3 && head -n 1 <&3 | grep -q ' 200 '"]
STOPSIGNAL SIGTERM
# Listening on 0.0.0.0, segued refuses to start without a bearer token (README, Security): run with
# `-e SEGUED_TOKEN=$(openssl rand -hex 32)`, or mount a file and add `--token-file FILE` to the
# command. /healthz, which the health check asks, needs no token.
ENTRYPOINT ["/usr/local/bin/segued"]
CMD ["serve", "--host", "0.0.0.0", "--port", "8080"]
