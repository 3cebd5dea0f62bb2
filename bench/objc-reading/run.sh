#!/usr/bin/env bash
# bench/objc-reading: Objective-C method bodies read by libclang (Debian's libclang-dev, clang 14,
# without the iOS SDK) against segued's own reader, on real apps' checked-out repositories: per app,
# parse success, clang's errors, milliseconds per file for each reader, and per method whether the
# two readings are the same, and every method where they differ with both readings.
#   bench/objc-reading/run.sh DIR…
# Installs libclang-dev when its header is missing (segued itself neither builds nor links libclang).
set -euo pipefail
cd "$(dirname "$0")"
[ $# -gt 0 ] || { echo "usage: $0 DIR… (each an app's checked-out repository)"; exit 2; }
if [ ! -f /usr/lib/llvm-14/include/clang-c/Index.h ]; then
  SUDO=$( [ "$(id -u)" = 0 ] || echo sudo )
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq libclang-dev >/dev/null
fi
directories=()
for directory in "$@"; do directories+=("$(cd "$directory" && pwd)"); done
start=$(date +%s)
swift build -c release >/dev/null
echo "bench-objc-reading built in $(( $(date +%s) - start )) s"
"$(swift build -c release --show-bin-path)/bench-objc-reading" "${directories[@]}"
