#!/usr/bin/env bash
# bench/store (issue 27): the store's write path through segued's own face of SQLite against
# GRDB.swift, on the same rows (bench/store/main.swift, bench/store/grdb), in alternating rounds;
# then, with GRDB_TESTS=1, GRDB's own test suite on this machine (does it pass on Linux here?).
# Prints each build's time, microseconds per row for each round, and the suite's counts.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROUNDS=${ROUNDS:-3}
start=$(date +%s)
swift build -c release --product bench-store >/dev/null
echo "bench-store built in $(( $(date +%s) - start )) s"
start=$(date +%s)
swift build -c release --package-path bench/store/grdb >/dev/null
echo "bench-store-grdb (GRDB.swift 7.10.0) built in $(( $(date +%s) - start )) s"
own=$(swift build -c release --show-bin-path)/bench-store
grdb=$(swift build -c release --package-path bench/store/grdb --show-bin-path)/bench-store-grdb
for round in $(seq 1 "$ROUNDS"); do
    echo "round $round: $("$own")"
    echo "round $round: $("$grdb")"
done
if [ -n "${GRDB_TESTS:-}" ]; then
    # A copy of the checkout: its tests build into a .build of their own.
    copy=$(mktemp -d)
    trap 'rm -rf "$copy"' EXIT
    cp -r bench/store/grdb/.build/checkouts/GRDB.swift "$copy/"
    start=$(date +%s)
    (cd "$copy/GRDB.swift" && swift build --build-tests >/dev/null 2>&1)
    echo "GRDB.swift's tests built in $(( $(date +%s) - start )) s"
    start=$(date +%s)
    (cd "$copy/GRDB.swift" && swift test --skip-build 2>&1 | grep -E "^[[:space:]]*Executed [0-9]+ tests" | tail -1)
    echo "GRDB.swift's tests ran in $(( $(date +%s) - start )) s"
fi
