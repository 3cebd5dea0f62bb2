# segued: `make run` and `make test` do all set-up on a fresh Debian machine with Swift.
SWIFT ?= swift
HOST ?= 127.0.0.1
PORT ?= 8080
ARGS ?=
PREFIX ?= /usr/local
# `make run` keeps its storyboards and sessions here (git ignores it): README "Durability".
STATE_DIR ?= .state

.PHONY: run run-release install test check-readme test-browser release deps bench-engine bench-http bench-http-streams bench-http-budget bench-http-floors bench-http-full-sessions bench-http-connections bench-import clean

## Installs libmicrohttpd-dev when pkg-config cannot find libmicrohttpd (and pkg-config itself), and
## libgoogle-perftools-dev when it cannot find tcmalloc (the shipped binary's allocator), and
## libcurl4-openssl-dev (the HTTP client: `segued test --url`, a cluster node's peer fetches).
deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists libmicrohttpd libtcmalloc_minimal sqlite3 libcurl; then \
		echo "installing libmicrohttpd-dev, libgoogle-perftools-dev, libsqlite3-dev, libcurl4-openssl-dev and pkg-config"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq libmicrohttpd-dev libgoogle-perftools-dev libsqlite3-dev libcurl4-openssl-dev pkg-config >/dev/null; \
	fi

## The binary that ships (release, Swift standard library linked statically): scripts/release-build.
release: deps
	SWIFT=$(SWIFT) scripts/release-build >/dev/null

## Builds segued (debug, in .build, the tree `make test` builds too, so after `make test` this
## takes seconds) and starts it on $(HOST):$(PORT) with the built-in demo storyboard. The optimized
## binary that ships: `make run-release`, or `make install`.
run: deps
	$(SWIFT) build --product segued
	"$$($(SWIFT) build --show-bin-path)/segued" serve --host $(HOST) --port $(PORT) --state-dir $(STATE_DIR) $(ARGS)

## The same with the binary that ships (release, static; its first build is the long one).
run-release: deps
	"$$(SWIFT=$(SWIFT) scripts/release-build)" serve --host $(HOST) --port $(PORT) --state-dir $(STATE_DIR) $(ARGS)

## Puts the binary that ships on the PATH: $(PREFIX)/bin/segued.
install: deps
	install -D -m 0755 "$$(SWIFT=$(SWIFT) scripts/release-build)" "$(DESTDIR)$(PREFIX)/bin/segued"

## Builds and runs every test.
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## Runs the README's console walkthroughs against the debug build and compares what they print.
check-readme: deps
	$(SWIFT) build --product segued
	scripts/check-readme

## The web app in headless Chromium (tests/browser): installs chromium, chromium-driver and Selenium when missing.
test-browser: deps
	SWIFT=$(SWIFT) scripts/browser-tests

bench-engine: deps
	$(SWIFT) build -c release --product bench-engine
	$$($(SWIFT) build -c release --show-bin-path)/bench-engine

bench-import: deps
	$(SWIFT) build -c release --product bench-import
	$$($(SWIFT) build -c release --show-bin-path)/bench-import ../shared/storyboards

# Issue #26's table: segued at its defaults, with --quiet-requests and the C server, interleaved rounds.
.PHONY: bench
bench: deps
	bench/http/compare.sh

bench-http: deps
	bench/http/run.sh

bench-http-streams: deps
	bench/http/streams.sh

bench-http-budget: deps
	bench/http/budget.sh

# What of the gap to the C server is the transport's (mirror_server.c) and what is segued's own.
bench-http-floors: deps
	bench/http/floors.sh

bench-http-full-sessions: deps
	bench/http/full_sessions.sh

bench-http-connections: deps
	bench/http/connections.sh

clean:
	rm -rf .build
