# Helpers shared by the bench/http scripts (sourced, not run).

# prepare_rounds C_SERVER…: the interleaved comparisons' defaults (ROUNDS=5, DURATION=5s,
# CONNECTIONS=64, THREADS=2, each kept when set), wrk, and the named C servers (bench/http/NAME.c)
# built into bench/out.
prepare_rounds() {
  ROUNDS=${ROUNDS:-5}
  DURATION=${DURATION:-5s}
  CONNECTIONS=${CONNECTIONS:-64}
  THREADS=${THREADS:-2}
  command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
  mkdir -p bench/out
  local flags server
  flags=$(pkg-config --cflags --libs libmicrohttpd)
  for server in "$@"; do
    # shellcheck disable=SC2086 # the flags are a list
    cc -O2 -o "bench/out/$server" "bench/http/$server.c" $flags
  done
}

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }

# Waits until GET $1 answers (a server just started).
wait_until_up() { for _ in $(seq 1 100); do curl -sf "$1" >/dev/null && return 0; sleep 0.1; done; return 1; }

# Creates the demo sessions s0 … s999 on the segued at port $1, as the (b) load expects.
create_sessions() {
  python3 - "$1" <<'PY'
import http.client, sys
connection = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]))
for i in range(1000):
    connection.request("PUT", f"/v1/sessions/s{i}", body='{"storyboard":"demo"}', headers={"Content-Type": "application/json"})
    response = connection.getresponse(); response.read()
    assert response.status in (200, 201), response.status
PY
}

# answer_sizes PORT: the sizes the segued at PORT answers with, "STACK CYCLE": the stack document of
# s0, and the mean of a segue's and an unwind's answers (cycle.lua's two requests) on a session of
# their own ("sizes"), after as many operations as a load will have made (sequence numbers and
# instance ids take more digits as they grow).
answer_sizes() {
  python3 - "$1" <<'PY'
import http.client, sys
c = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]))
def call(method, path, body=None):
    c.request(method, path, body=body, headers={"Content-Type": "application/json"} if body else {})
    r = c.getresponse(); data = r.read(); assert r.status in (200, 201), (path, r.status); return len(data)
stack = call("GET", "/v1/sessions/s0/stack")
call("PUT", "/v1/sessions/sizes", '{"storyboard":"demo"}')
for _ in range(300):
    segue = call("POST", "/v1/sessions/sizes/segues", '{"identifier":"addItem","source":"vc3"}')
    unwind = call("POST", "/v1/sessions/sizes/unwind", '{"action":"cancelEdit:"}')
print(stack, (segue + unwind) // 2)
PY
}

# User and system CPU seconds a process has used so far.
cpu_split() { awk -v hz="$(getconf CLK_TCK)" '{ print $14 / hz, $15 / hz }' "/proc/$1/stat"; }

# measure NAME PID URL [SCRIPT]: one wrk run against the server PID (on the cores WRK_CPUS names,
# a taskset list, when set); prints
# name|rate|p99|errors|non-2xx|user µs per request|system µs per request. CPU per request is
# steadier than the rate when wrk and the server share the cores, and says how much of a gap is
# the server's own work (user) and how much the kernel's (system). WRK_TIMEOUT overrides wrk's 2 s
# timeout: a request slower than it counts as a timeout error and is left out of the latencies.
measure() {
  local name=$1 pid=$2 url=$3 script=${4:-}
  local out user0 system0 user1 system1
  read -r user0 system0 < <(cpu_split "$pid")
  out=$(${WRK_CPUS:+taskset -c "$WRK_CPUS"} wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency ${WRK_TIMEOUT:+--timeout "$WRK_TIMEOUT"} ${script:+-s "$script"} "$url")
  read -r user1 system1 < <(cpu_split "$pid")
  local rate p99 errors non2xx requests
  rate=$(awk '/Requests\/sec/ { print $2 }' <<<"$out")
  p99=$(awk '$1 == "99%" { print $2 }' <<<"$out")
  errors=$(awk '/Socket errors/ { gsub(",", ""); print $4 + $6 + $8 + $10 }' <<<"$out")
  non2xx=$(awk '/Non-2xx/ { print $NF }' <<<"$out")
  requests=$(awk '/requests in/ { print $1 }' <<<"$out")
  python3 -c "print(f'$name|$rate|$p99|${errors:-0}|${non2xx:-0}|{($user1 - $user0) / $requests * 1e6:.1f}|{($system1 - $system0) / $requests * 1e6:.1f}')"
}
