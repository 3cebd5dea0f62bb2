#!/usr/bin/env bash
# Atomic reference-count operations per request in the daemon, by caller: how often the `lock
# cmpxchg` in the Swift runtime's `swift_retain` and `swift_release` runs (their other calls, on nil,
# immortal or small values, return before it). About 4 ns each on the machine of
# bench/http/NOTES.md, where a segue and unwind took 202 of them; counted by callgrind, so the
# figures repeat exactly where times do not.
#   bench/http/atomics.sh LOAD [serve options…]   LOAD as bench/http/callgrind.sh's
#   REQUESTS=1000  TOP=30 (callers printed)  SEGUED_BIN (the release build otherwise)
set -euo pipefail
cd "$(dirname "$0")/../.."
load=${1:?usage: bench/http/atomics.sh stack|cycle|segues [serve options]}; shift
export REQUESTS=${REQUESTS:-1000}
top=${TOP:-30}
output=$(CALLGRIND_OPTIONS="--dump-instr=yes --separate-callers=3" KEEP=1 TOP=0 bench/http/callgrind.sh "$load" "$@")
folder=$(awk '/^kept / { print $2 }' <<<"$output")
trap 'rm -rf "$folder"' EXIT
grep "per request" <<<"$output"
# The address of the first `lock cmpxchg` in a runtime function of the profiled binary.
lock_address() {
  local start
  start=$(nm "$folder/segued" | awk -v name="$1" '$3 == name { print $1; exit }')
  objdump -d --no-show-raw-insn --start-address="0x$start" --stop-address="$(printf '0x%x' $((0x$start + 0x80)))" "$folder/segued" \
    | awk '/lock cmpxchg/ { sub(":", "", $1); print "0x" $1; exit }'
}
python3 bench/http/atomics.py "$folder"/cg "$(lock_address swift_retain)" "$(lock_address swift_release)" "$REQUESTS" "$top" \
  | swift demangle --simplified
