#!/usr/bin/env bash
# deploy/cluster/run without socat (or haproxy, or curl) on the PATH stops at once and names what is
# missing (issue 53: without socat it waited 60 s, then said "HAProxy did not see every node up").
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
for tool in bash env dirname mkdir cat sed printf seq sleep kill; do ln -s "$(command -v "$tool")" "$bin/$tool"; done
for missing in socat haproxy curl; do
  for tool in haproxy socat curl; do
    rm -f "$bin/$tool"
    [ "$tool" = "$missing" ] || ln -s /bin/true "$bin/$tool"
  done
  started=$SECONDS
  set +e
  said=$(SEGUED_BIN=/bin/true PATH="$bin" "$(command -v timeout)" 20 "$(command -v bash)" deploy/cluster/run 3 19400 "$bin/cluster" 2>&1)
  status=$?
  set -e
  [ "$status" = 1 ] || { echo "without $missing: exit $status, expected 1: $said"; exit 1; }
  [ "$said" = "deploy/cluster/run: $missing is missing: deploy/cluster/install-deps installs it" ] \
    || { echo "without $missing it said: $said"; exit 1; }
  [ $((SECONDS - started)) -le 2 ] || { echo "without $missing it took $((SECONDS - started)) s"; exit 1; }
done
echo "deploy/cluster/run names a missing socat, haproxy or curl at once"
