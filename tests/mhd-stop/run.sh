#!/usr/bin/env bash
# The graceful stop's first step (stop accepting) under load, on the libmicrohttpd pkg-config names,
# or on the build in PREFIX: what segued does (Sources/HTTPServer/MHD/MHDDaemon.swift's stop: with
# epoll the listen descriptor is swapped for a socket that never accepts, with poll
# MHD_quiesce_daemon) must never abort or hang, and a connection made after it must be refused or
# closed, or answered, never left waiting (the swap under poll left it so). How often one of the
# load's own connections is left waiting 3 s at the stop is printed, not checked: before the load's
# clients had that timeout, 2 rounds of the swap in about 45,000 hung on one of them, the daemon's
# threads idle (none in 16,000 since). A stuck connection whose listener is another process's (a
# port freed by the stop and taken at once by another test on a busy machine: the one "1 stuck" in
# about 9,000 rounds, 2026-11-28, came while other suites ran beside it) is counted apart. What segued did
# before with epoll, MHD_quiesce_daemon, runs too for comparison, not as a check: libmicrohttpd's
# race aborts it about once in 400 stops (0.9.75 and 1.0.1 alike, 2026-11-26).
#   tests/mhd-stop/run.sh [PREFIX]      ROUNDS=1500 a case (each round is a process; ~10 s a case)
set -euo pipefail
cd "$(dirname "$0")"
prefix=${1:-}
if [ -n "$prefix" ]; then
  flags="-I$prefix/include -L$prefix/lib -lmicrohttpd"
  export LD_LIBRARY_PATH=$prefix/lib
else
  flags=$(pkg-config --cflags --libs libmicrohttpd)
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# shellcheck disable=SC2086 # the flags are a list
cc -O2 -Wall -Wextra -Wno-unused-parameter -Wno-deprecated-declarations -o "$out/stop_under_load" stop_under_load.c $flags -lpthread
rounds=${ROUNDS:-1500}
check() {
  local line
  line=$("$out/stop_under_load" "$1" "$2" "$rounds")
  echo "$line"
  [[ $line == *": $rounds rounds, 0 aborted, 0 hung, 0 failed to start;"* && $line == *", 0 stuck, "* ]] \
    || { echo "FAILED: $1 $2"; exit 1; }
}
check epoll swap
check poll quiesce
echo "for comparison (not a check), MHD_quiesce_daemon with epoll:"
"$out/stop_under_load" epoll quiesce "$rounds"
