#!/usr/bin/env bash
# Instruction counts of one operation against presentation depth and against session count, under
# callgrind (counts repeat exactly, unlike times). Only bench-costs' `measured` section is counted.
#   bench/costs/run.sh [engine|sessions|all]   (SIZES="100 1000" to choose the sizes)
# Setting up a chain of N presentations is itself N presents, each O(N) (walks up the chain), so
# N = 10,000 takes minutes natively and far longer under valgrind: SIZES="100 1000 3000" is practical.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v valgrind >/dev/null || { echo "valgrind is needed (apt-get install valgrind)"; exit 1; }
# CONFIG=debug measures the debug build (counts are larger; the growth ratios are what matter).
config=${CONFIG:-release}
[[ -n ${SKIP_BUILD:-} ]] || swift build -c "$config" --product bench-costs >/dev/null
part=${1:-all}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# valgrind 3.19 gives up on the Swift toolchain's debug information ("possibly corrupted
# debuginfo file"): it runs a copy without it (the symbol table stays, for --toggle-collect).
bin=$out/bench-costs
objcopy --strip-debug ".build/$config/bench-costs" "$bin"

# Instructions counted inside `measured` for one run.
count() {
    valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*measured*' \
        --callgrind-out-file="$out/cg" "$bin" "$@" >/dev/null 2>"$out/log"
    grep -E '^summary:|^totals:' "$out/cg" | head -1 | awk '{print $2}'
}

# One row per size: instructions, and the ratio to the previous size's (flat: ~1; linear: ~N ratio).
curve() {
    local label=$1; shift
    local sizes=$1; shift
    local previous=""
    printf '%-44s' "$label"
    for n in $sizes; do
        local args=("$@")
        args=("${args[@]/N/$n}")
        local value
        value=$(count "${args[@]}")
        if [[ -n $previous && $previous -gt 0 ]]; then
            printf '  N=%-6s %12s (x%.2f)' "$n" "$value" "$(echo "$value / $previous" | bc -l)"
        else
            printf '  N=%-6s %12s        ' "$n" "$value"
        fi
        previous=$value
    done
    echo
}

if [[ $part == engine || $part == all ]]; then
    sizes=${SIZES:-100 1000 5000 10000}
    echo "== instructions of one operation against presentation depth N =="
    curve "present one more onto N page sheets" "$sizes" chain N pageSheet present
    curve "present one more onto N full screens" "$sizes" chain N fullScreen present
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
