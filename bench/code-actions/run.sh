#!/usr/bin/env bash
# bench/code-actions: what segued reads of real apps' action and selection methods (spec §5.13),
# the counts of docs/real-apps.md's table. For each app folder (a checkout of its repository: its
# storyboards and sources), `segued serve --app DIR` on 127.0.0.1:$PORT (default 18950), then its graph
# (`GET /v1/storyboards/{id}`) counted with jq:
#   controls: controls, accessories and bar items with an `action`; of those whose method the
#     sources lack (`source` null); navigating nowhere (`performs: []`); navigating (a method of
#     the sources with some operation, read or unread); performing ≥ 1 (some operation not `unread`);
#   cells: table and collection cells with an `action`, the same three; of the navigating ones,
#     how many ask which condition (`when` on some operation) and how many are static cells
#     decided by their row (no `when` left), and the cells of static tables.
# Then, over all the apps, what segued performs by kind (each control or cell counted once per
# kind) and what it reports as unread by cause (each counted once per cause; the cause is told by
# the reason's words, as docs/real-apps.md groups them).
#   bench/code-actions/run.sh [SEGUED] DIR…   (SEGUED: a segued binary, default .build/debug/segued)
set -euo pipefail
segued=.build/debug/segued
if [ $# -gt 0 ] && [ -x "$1" ] && [ ! -d "$1" ]; then segued=$1; shift; fi
[ $# -gt 0 ] || { echo "usage: $0 [SEGUED] DIR…"; exit 2; }
command -v jq >/dev/null || { echo "needs jq"; exit 2; }
printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' app controls no-method nowhere navigates performs cells cell-navigates cell-performs cell-asks cell-no-question
graphs=$(mktemp -d)
for app in "$@"; do
  port=${PORT:-18950}
  log=$(mktemp)
  "$segued" serve --app "$app" --port "$port" >/dev/null 2>"$log" &
  pid=$!
  address=127.0.0.1:$port
  for _ in $(seq 1 600); do
    curl -sf "http://$address/v1/storyboards" >/dev/null && break
    kill -0 "$pid" 2>/dev/null || { echo "$app: segued stopped"; cat "$log"; exit 1; }
    sleep 1
  done
  ids=$(curl -s "http://$address/v1/storyboards" | jq -r '.storyboards[].id')
  for id in $ids; do curl -s "http://$address/v1/storyboards/$id"; done > "$graphs/$(basename "$app").json"
  jq -s -r --arg app "$(basename "$app")" '
    def ops: .action.performs;
    def performs: (ops | map(select(.type != "unread")) | length) > 0;
    [ .[] | .. | objects | select(has("controls")) ] as $uis
    | [ $uis[] | (.controls[]? | select((.type // "" | test("Cell$")) | not)), (.controls[]?.accessory // empty),
        (.navigationItem.leftItems[]?, .navigationItem.rightItems[]?, .toolbarItems[]?) | select(.action != null) ] as $controls
    | [ $uis[] | .controls[]? | select((.type // "" | test("Cell$")) and .action != null) ] as $cells
    | [ $app,
        ($controls | length), ($controls | map(select(.action.source == null)) | length),
        ($controls | map(select((ops | length) == 0)) | length), ($controls | map(select(.action.source != null and (ops | length) > 0)) | length),
        ($controls | map(select(performs)) | length),
        ($cells | length), ($cells | map(select((ops | length) > 0)) | length), ($cells | map(select(performs)) | length),
        ($cells | map(select(ops | any(.when != null))) | length),
        ($cells | map(select((ops | length) > 0 and (ops | all(.when == null)))) | length) ]
    | @tsv' "$graphs/$(basename "$app").json"
  kill "$pid"; wait "$pid" 2>/dev/null || true
  rm -f "$log"
done
jq -s -r '
  def cause: if test("a controller made by|not instantiated from a storyboard\\)|, not instantiated") then "a controller made in code"
    elif test("later|in a block|in a closure") then "a call in a closure or block that runs later"
    elif test("which may navigate") then "a hand-off to a delegate or coordinator"
    elif test("not a controller instantiated from a storyboard in this method") then "a controller from a property or parameter"
    elif test("computed") then "a computed identifier"
    elif test("is sent to|is called on|not to the controller|not on the controller") then "a call on another object"
    else "other: " + . end;
  [ .[] | .. | objects | select(has("controls")) ] as $uis
  | [ $uis[] | (.controls[]? | select((.type // "" | test("Cell$")) | not)), (.controls[]?.accessory // empty),
      (.navigationItem.leftItems[]?, .navigationItem.rightItems[]?, .toolbarItems[]?) | select(.action.source != null) ] as $controls
  | [ $uis[] | .controls[]? | select((.type // "" | test("Cell$")) and .action.source != null) ] as $cells
  | def kinds($items): [ $items[] | [.action.performs[] | select(.type != "unread") | .type] | unique[] ] | group_by(.) | map("\(.[0]) \(length)") | join(", ");
    def causes($items): [ $items[] | [.action.performs[] | select(.type == "unread") | .reason | cause] | unique[] ] | group_by(.) | map("\(.[0]) \(length)") | join(", ");
    "performs, controls: \(kinds($controls))", "performs, cells: \(kinds($cells))",
    "unread, controls: \(causes($controls))", "unread, cells: \(causes($cells))"' "$graphs"/*.json
rm -r "$graphs"
