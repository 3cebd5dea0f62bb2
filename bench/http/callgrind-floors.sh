#!/usr/bin/env bash
# What libmicrohttpd itself costs per request, in instructions: the floor under
# bench/http/callgrind.sh's counts of segued (issue #52). Runs the C servers under callgrind with the
# same requests on one keep-alive connection (REQUESTS=2000 after 200 uncounted) at segued's pool
# size (POOL=8192, `--connection-memory`'s default; libmicrohttpd zeroes the pool per request):
#   fixed_server   GET, one prepared 210-byte response, no fields: libmicrohttpd's own floor
#   mirror_server  what any libmicrohttpd server pays to send segued's answers: a response per
#                  request sharing one body, segued's five fields and a fresh request id;
#                  GET with the stack document's size (STACK_BODY=1780), and the segue+unwind POSTs
#                  (cycle.lua's bodies) with their answers' size (SEGUES_BODY=3508)
# and prints each count beside what of it is libc's memset (the pool's zeroing).
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v valgrind >/dev/null || { echo "valgrind is needed (apt-get install valgrind)"; exit 1; }
REQUESTS=${REQUESTS:-2000}
POOL=${POOL:-8192}
STACK_BODY=${STACK_BODY:-1780}
SEGUES_BODY=${SEGUES_BODY:-3508}
. bench/http/common.sh
mkdir -p bench/out
flags=$(pkg-config --cflags --libs libmicrohttpd)
for server in fixed_server mirror_server; do
  # shellcheck disable=SC2086 # the flags are a list
  cc -O2 -o "bench/out/$server" "bench/http/$server.c" $flags
done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# count NAME LOAD COMMAND…: instructions per request of COMMAND (a server taking its port first).
count() {
  local name=$1 load=$2; shift 2
  local port pid
  port=$(free_port)
  BASELINE_CONNECTION_MEMORY=$POOL valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$out/$name" \
    "$1" "$port" "${@:2}" >/dev/null 2>"$out/$name.log" &
  pid=$!
  wait_until_up "http://127.0.0.1:$port/" || { sleep 5; wait_until_up "http://127.0.0.1:$port/"; }
  requests "$port" "$load" 200
  callgrind_control -i on "$pid" >/dev/null
  requests "$port" "$load" "$REQUESTS"
  callgrind_control -i off "$pid" >/dev/null
  kill -TERM "$pid"
  wait "$pid" || true
  local total memset
  total=$(cat "$out/$name"* | awk '/^totals:/ { sum += $2 } END { print sum + 0 }')
  memset=$(callgrind_annotate --inclusive=no "$out/$name"* 2>/dev/null | awk '/memset/ { gsub(",", "", $1); sum += $1 } END { print sum + 0 }')
  echo "$name, $load: $((total / REQUESTS)) instructions per request, of which memset $((memset / REQUESTS)) (pool $POOL bytes)"
  rm -f "$out/$name"*
}

# requests PORT LOAD COUNT: bench/http/callgrind.sh's requests (the same methods, paths and bodies).
requests() {
  python3 - "$@" <<'PY'
import http.client, sys
port, load, count = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
c = http.client.HTTPConnection("127.0.0.1", port)
def call(method, path, body=None):
    c.request(method, path, body=body, headers={"Content-Type": "application/json"} if body else {})
    r = c.getresponse(); r.read()
    assert r.status in (200, 201), (method, path, r.status)
for i in range(count):
    if load == "stack":
        call("GET", "/v1/sessions/bench/stack")
    elif i % 2 == 0:
        call("POST", "/v1/sessions/bench/segues", '{"identifier":"addItem","source":"vc3"}')
    else:
        call("POST", "/v1/sessions/bench/unwind", '{"action":"cancelEdit:"}')
PY
}

count fixed_server stack bench/out/fixed_server
count mirror_server stack bench/out/mirror_server "$STACK_BODY"
count mirror_server segues bench/out/mirror_server "$SEGUES_BODY"
