#!/usr/bin/env bash
# Instructions per request in the daemon, under callgrind (counts repeat where wrk's rates do not).
#   bench/http/callgrind.sh LOAD [serve options…]
#     LOAD: stack (GET …/stack of one demo session) | cycle (push then popToRoot, one session) |
#           segues (cycle.lua's segue then unwind: the addItem segue from vc3, then cancelEdit:)
#   REQUESTS=2000 requests over one keep-alive connection, after 200 uncounted ones (first-use
#   costs: metadata, caches); TOP=15 prints that many functions by inclusive count.
#   CALLGRIND_OPTIONS: more options for valgrind (bench/http/atomics.sh passes its own); KEEP=1
#   keeps the output folder and says where it is.
# The release binary (scripts/release-build, or SEGUED_BIN) runs without its debug information
# (valgrind 3.19 gives up on the toolchain's), the symbol table kept.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v valgrind >/dev/null || { echo "valgrind is needed (apt-get install valgrind)"; exit 1; }
load=${1:?usage: bench/http/callgrind.sh stack|cycle|segues [serve options]}; shift
REQUESTS=${REQUESTS:-2000}
TOP=${TOP:-15}
source_bin=${SEGUED_BIN:-$(scripts/release-build)}
. bench/http/common.sh
out=$(mktemp -d)
bin=$out/segued
objcopy --strip-debug "$source_bin" "$bin"
port=$(free_port)
# shellcheck disable=SC2086 # CALLGRIND_OPTIONS is a list of options
valgrind --tool=callgrind --instr-atstart=no ${CALLGRIND_OPTIONS:-} --callgrind-out-file="$out/cg" \
  "$bin" serve --port "$port" "$@" >/dev/null 2>"$out/log" &
pid=$!
trap 'kill $pid 2>/dev/null || true; [ -n "${KEEP:-}" ] || rm -rf "$out"' EXIT
for _ in $(seq 1 600); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done

# Requests on one connection; `collect` switches counting on after the warm-up and off at the end.
run() {
  python3 - "$port" "$load" "$1" "$2" <<'PY'
import http.client, sys
port, load, count, create = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4] == "create"
c = http.client.HTTPConnection("127.0.0.1", port)
def call(method, path, body=None):
    c.request(method, path, body=body, headers={"Content-Type": "application/json"} if body else {})
    r = c.getresponse(); r.read()
    assert r.status in (200, 201), (method, path, r.status)
if create:
    call("PUT", "/v1/sessions/bench", '{"storyboard":"demo"}')
for i in range(count):
    if load == "stack":
        call("GET", "/v1/sessions/bench/stack")
    elif load == "segues" and i % 2 == 0:
        call("POST", "/v1/sessions/bench/segues", '{"identifier":"addItem","source":"vc3"}')
    elif load == "segues":
        call("POST", "/v1/sessions/bench/unwind", '{"action":"cancelEdit:"}')
    elif i % 2 == 0:
        call("POST", "/v1/sessions/bench/actions", '{"type":"push","scene":"itemDetail"}')
    else:
        call("POST", "/v1/sessions/bench/actions", '{"type":"popToRoot"}')
PY
}
run 200 create
callgrind_control -i on "$pid" >/dev/null
run "$REQUESTS" counted
callgrind_control -i off "$pid" >/dev/null
kill -TERM $pid
wait $pid || true
# Every dump's totals (callgrind writes one file per dump; its summary line reads 0 when instrumentation was switched off before the end), added up.
total=$(cat "$out"/cg* | awk '/^totals:/ { sum += $2 } END { print sum + 0 }')
[ -n "${KEEP:-}" ] && echo "kept $out" && grep -H -E "^(summary|totals):" "$out"/cg*
echo "$load $*: $total instructions over $REQUESTS requests = $((total / REQUESTS)) per request"
if [ "$TOP" -gt 0 ]; then
  callgrind_annotate --inclusive=no "$out"/cg* 2>/dev/null | sed -n '/^Ir/,$p' | sed -n "1,$((TOP + 2))p"
fi
