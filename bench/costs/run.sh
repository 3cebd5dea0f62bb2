#!/usr/bin/env bash
# Instruction counts of one operation against presentation depth and against session count, under
# callgrind (counts repeat exactly, unlike times). Only bench-costs' `measured` section is counted.
#   bench/costs/run.sh [engine|sessions|all]   (SIZES="100 1000" to choose the sizes, ROWS=regex the rows)
# Setting up a chain of N presentations is itself N presents (each O(1) since a present no longer
# walks the chain; before, each was O(N) and N = 10,000 took far too long under valgrind).
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v valgrind >/dev/null || { echo "valgrind is needed (apt-get install valgrind)"; exit 1; }
# CONFIG=debug measures the debug build (counts are larger; the growth ratios are what matter).
config=${CONFIG:-release}
# BENCH_BIN=path measures another build of bench-costs (a copy of an earlier commit's, for a baseline).
source_bin=${BENCH_BIN:-.build/$config/bench-costs}
[[ -n ${SKIP_BUILD:-} || -n ${BENCH_BIN:-} ]] || swift build -c "$config" --product bench-costs >/dev/null
part=${1:-all}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# valgrind 3.19 gives up on the Swift toolchain's debug information ("possibly corrupted
# debuginfo file"): it runs a copy without it (the symbol table stays, for --toggle-collect).
bin=$out/bench-costs
objcopy --strip-debug "$source_bin" "$bin"

# Instructions counted inside `measured` for one run.
count() {
    valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*measured*' \
        --callgrind-out-file="$out/cg" "$bin" "$@" >/dev/null 2>"$out/log"
    awk '/^(summary|totals):/ { print $2; exit }' "$out/cg"
}

# One row per size: instructions, and the growth from the previous size's, per x10 of N (flat: ~1;
# linear: ~10; quadratic: ~100).
curve() {
    local label=$1; shift
    local sizes=$1; shift
    # ROWS=regex measures only the rows whose label matches (valgrind at N = 10,000 takes minutes).
    [[ -z ${ROWS:-} || $label =~ $ROWS ]] || return 0
    local previous="" previous_n=""
    printf '%-56s' "$label"
    for n in $sizes; do
        local args=("$@")
        args=("${args[@]/N/$n}")
        local value
        value=$(count "${args[@]}")
        if [[ -n $previous && $previous -gt 0 ]]; then
            # The growth per x10 of N, whatever the step between sizes: flat ~1, linear ~10.
            printf '  N=%-6s %12s (x%6.2f/x10N)' "$n" "$value" \
                "$(echo "e(l($value / $previous) * l(10) / l($n / $previous_n))" | bc -l)"
        else
            printf '  N=%-6s %12s               ' "$n" "$value"
        fi
        previous=$value
        previous_n=$n
    done
    echo
}

if [[ $part == engine || $part == all ]]; then
    sizes=${SIZES:-100 1000 5000 10000}
    echo "== instructions of one operation against presentation depth N =="
    curve "build a chain of N page sheets (N presents)" "$sizes" chain N pageSheet build
    curve "build a chain of N full screens (N presents)" "$sizes" chain N fullScreen build
    curve "present one more onto N page sheets" "$sizes" chain N pageSheet present
    curve "present one more onto N full screens" "$sizes" chain N fullScreen present
    curve "the visible instance over N page sheets" "$sizes" chain N pageSheet visible
    curve "push in the top layer over N page sheets" "$sizes" chain N pageSheet push
    curve "setViewControllers in the top layer over N page sheets" "$sizes" chain N pageSheet setStack
    curve "select a tab in the top layer over N page sheets" "$sizes" chain N pageSheet selectTab
    curve "show detail in a split over N page sheets" "$sizes" chain N pageSheet showDetail
    curve "trait change over N page sheets" "$sizes" chain N pageSheet traits
    curve "replace the window root over N page sheets" "$sizes" chain N pageSheet replaceRoot
    curve "dismiss the top of N page sheets" "$sizes" chain N pageSheet dismissTop
    curve "dismiss the top of N full screens" "$sizes" chain N fullScreen dismissTop
    curve "dismiss all N page sheets" "$sizes" chain N pageSheet dismissAll
    curve "dismiss all N full screens" "$sizes" chain N fullScreen dismissAll
    curve "end a session of N full screens" "$sizes" chain N fullScreen end
    curve "setViewControllers re-sending N entries" "${STACK_SIZES:-100 1000 5000 10000}" stack N resend
fi
if [[ $part == sessions || $part == all ]]; then
    sizes=${SIZES:-1000 10000 100000}
    echo "== instructions of one operation against the number of sessions N =="
    curve "PUT a new session" "$sizes" sessions N create
    curve "GET /v1/sessions (a page of 100)" "$sizes" sessions N page
    curve "reaper tick, nothing idle" "$sizes" sessions N tick
    curve "GET /v1/storyboards" "$sizes" sessions N storyboards
    curve "GET a session's stack" "$sizes" sessions N stack
fi
