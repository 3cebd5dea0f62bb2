#!/usr/bin/env bash
# bench/cluster: what HAProxy in front costs, and 1, 2 and 3 nodes behind one front (issue 29).
#
#   bench/cluster/run.sh            (SEGUED_BIN: the binary; default the release build)
#
# (1) The extra hop: one node behind deploy/cluster/run's HAProxy; the same wrk load straight to
#     the node and through the front, in alternating rounds of the same run: GET …/stack of one
#     session, and bench/http's segue cycle (a present and its unwind over 1,000 sessions). Prints
#     requests per second, p99, and the CPU per request of the node and of HAProxy (user+system µs),
#     with the ratios front/direct.
# (2) 1, 2 and 3 nodes behind one front, the segue cycle through the front. On this 2-core machine
#     the nodes, HAProxy and wrk share the same cores, so more nodes cannot serve more: the figure
#     to read is the CPU per request, which stays the node's own. Nodes share nothing (no state, no
#     lock, no message between them: a session's requests all reach one node), so on N machines
#     each node serves what one node serves alone, minus the hop measured in (1).
# Load on 127.0.0.1 only; every run bounded by DURATION (default 5s) and ROUNDS (default 3).
set -euo pipefail
cd "$(dirname "$0")/../.."
source bench/http/common.sh
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
deploy/cluster/install-deps
bin=${SEGUED_BIN:-$(scripts/release-build)}
THREADS=${THREADS:-2} CONNECTIONS=${CONNECTIONS:-32} DURATION=${DURATION:-5s} ROUNDS=${ROUNDS:-3}
scratch=$(mktemp -d)
cluster_pid=

stop_cluster() {
  if [ -n "$cluster_pid" ]; then kill -TERM "$cluster_pid" 2>/dev/null || true; wait "$cluster_pid" 2>/dev/null || true; fi
  cluster_pid=
}
trap 'stop_cluster; rm -rf "$scratch"' EXIT

# start_cluster N: deploy/cluster/run N on free ports; sets port and dir.
start_cluster() {
  port=$(python3 -c 'import random; print(random.randrange(20000, 60000, 100))')
  dir="$scratch/c$1"
  mkdir -p "$dir"
  SEGUED_BIN=$bin SEGUED_NODE_ARGS="--quiet-requests --fsync never" deploy/cluster/run "$1" "$port" "$dir" > "$dir/ready" 2> "$dir/run.log" &
  cluster_pid=$!
  for _ in $(seq 1 600); do grep -q '^ready' "$dir/ready" 2>/dev/null && return 0; sleep 0.1; done
  echo "the cluster did not start: $(cat "$dir/run.log")" >&2
  exit 1
}

cpu() { local u s; read -r u s < <(cpu_split "$1"); python3 -c "print($u + $s)"; }

# load NAME URL SCRIPT PIDS...: one wrk run; prints NAME|rate|p99|non-2xx|µs CPU per request of each pid.
load() {
  local name=$1 url=$2 script=$3; shift 3
  local before=() after=() out requests line
  for pid in "$@"; do before+=("$(cpu "$pid")"); done
  out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency ${script:+-s "$script"} "$url")
  for pid in "$@"; do after+=("$(cpu "$pid")"); done
  requests=$(awk '/requests in/ { print $1 }' <<<"$out")
  line="$name|$(awk '/Requests\/sec/ { print $2 }' <<<"$out")|$(awk '$1 == "99%" { print $2 }' <<<"$out")|$(awk '/Non-2xx/ { print $NF }' <<<"$out")"
  for i in "${!before[@]}"; do line+="|$(python3 -c "print(f'{(${after[$i]} - ${before[$i]}) / $requests * 1e6:.1f}')")"; done
  echo "$line"
}

echo "== (1) the extra hop: one node, straight vs through HAProxy ($ROUNDS alternating rounds of $DURATION, wrk -t$THREADS -c$CONNECTIONS)"
start_cluster 1
node_port=$((port + 1))
create_sessions "$port"
node=$(cat "$dir/n1.pid") front=$(cat "$dir/haproxy.pid")
results="$scratch/hop"
for round in $(seq 1 "$ROUNDS"); do
  load "stack direct" "http://127.0.0.1:$node_port/v1/sessions/s0/stack" "" "$node" "$front" >> "$results"
  load "stack front" "http://127.0.0.1:$port/v1/sessions/s0/stack" "" "$node" "$front" >> "$results"
  load "cycle direct" "http://127.0.0.1:$node_port" bench/http/cycle.lua "$node" "$front" >> "$results"
  load "cycle front" "http://127.0.0.1:$port" bench/http/cycle.lua "$node" "$front" >> "$results"
done
stop_cluster
python3 - "$results" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    name, rate, p99, non2xx, node_cpu, front_cpu = line.strip().split("|")
    rows.setdefault(name, []).append((float(rate), p99, int(non2xx or 0), float(node_cpu), float(front_cpu)))
print(f"{'load':14} {'req/s (median)':>15} {'p99 (last)':>11} {'non-2xx':>8} {'node µs/req':>12} {'HAProxy µs/req':>15}")
for name, runs in rows.items():
    print(f"{name:14} {statistics.median(r[0] for r in runs):15.0f} {runs[-1][1]:>11} {sum(r[2] for r in runs):8} "
          f"{statistics.median(r[3] for r in runs):12.1f} {statistics.median(r[4] for r in runs):15.1f}")
for load in ("stack", "cycle"):
    direct, front = rows[f"{load} direct"], rows[f"{load} front"]
    rate = statistics.median(r[0] for r in front) / statistics.median(r[0] for r in direct)
    cost = statistics.median(r[3] + r[4] for r in front) / statistics.median(r[3] + r[4] for r in direct)
    print(f"{load}: through the front {rate:.2f}x the requests per second of straight to the node; "
          f"{cost:.2f}x the CPU per request (node + HAProxy)")
PY

echo "== (2) 1, 2 and 3 nodes behind one front: the segue cycle through HAProxy ($DURATION each)"
for n in 1 2 3; do
  start_cluster "$n"
  create_sessions "$port"
  pids=()
  for k in $(seq 1 "$n"); do pids+=("$(cat "$dir/n$k.pid")"); done
  before=0; for pid in "${pids[@]}"; do before=$(python3 -c "print($before + $(cpu "$pid"))"); done
  out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s bench/http/cycle.lua "http://127.0.0.1:$port")
  after=0; for pid in "${pids[@]}"; do after=$(python3 -c "print($after + $(cpu "$pid"))"); done
  requests=$(awk '/requests in/ { print $1 }' <<<"$out")
  echo "$n node(s): $(awk '/Requests\/sec/ { printf "%.0f req/s", $2 }' <<<"$out"), p99 $(awk '$1 == "99%" { print $2 }' <<<"$out"), non-2xx $(awk '/Non-2xx/ { print $NF }' <<<"$out" | grep . || echo 0), nodes' CPU $(python3 -c "print(f'{($after - $before) / $requests * 1e6:.1f}')") µs per request"
  stop_cluster
done
