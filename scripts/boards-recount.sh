#!/usr/bin/env bash
# Times the Boards view's recount in the window against `flops`, the way
# docs/performance.md measures it. Each run: the release app under Xvfb
# at 1600×1000 (Study layout, Boards in front, RANGESTOVE_TRACE=1) starts
# on A vs B0; after its first report, seat B's range box is retyped to B
# and the trace line of that job is read; then `flops A B --json`'s
# elapsed_ms. Needs the screenshot wrapper that runs a program under Xvfb
# (`SHOT=path/to/screenshot.sh`, as for scripts/screenshots.sh; its
# program's output goes to /tmp/screenshot-app.log) and xdotool:
#   SHOT=… bash scripts/boards-recount.sh '25%' '20%' '15%' 5
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
shot=${SHOT:?set SHOT to the screenshot wrapper (see the header of this script)}
bin=${BIN:-$PWD/target/release/rangestove}
a=$1 b0=$2 b=$3 runs=${4:-3}
for i in $(seq "$runs"); do
  home=$(mktemp -d)
  mkdir -p "$home/data/rangestove"
  state="(scenario:(seats:[(name:\"A\",range:\"$a\",mode:Active),(name:\"B\",range:\"$b0\",mode:Active)],board:\"\",dead:\"\"),selected:0,prefs:(centre:Boards))"
  python3 -c 'import json,sys; print("{" + json.dumps("app") + ": " + json.dumps(sys.argv[1]) + "}")' \
    "$state" >"$home/data/rangestove/app.ron"
  # Seat B's range box sits at (150, 303) in the Study layout at 1600×1000;
  # a second xdotool (an empty window stack) types through XTEST.
  bash "$shot" -s 1600x1000 -w 2 -x "search --name Rangestove windowsize --sync 1600 1000 sleep 1; \
    xdotool search --name Rangestove windowfocus; sleep 9; \
    xdotool mousemove 150 303 click 1 sleep 0.5 key ctrl+a type --delay 30 '$b'; sleep 12" \
    /tmp/boards-recount.png -- env RANGESTOVE_TRACE=1 HOME="$home" XDG_DATA_HOME="$home/data" "$bin" \
    >/dev/null 2>&1 || true
  app=$(grep "Boards report" /tmp/screenshot-app.log |
    sed 's/.*view \([0-9]*\) ms.*; \([0-9]*\) frames.*/\1 ms (\2 frames)/' | paste -sd'|')
  cli=$("$bin" flops "$a" "$b" --json | python3 -c 'import json,sys; print(round(json.load(sys.stdin)["elapsed_ms"]))')
  echo "run $i: app start|recount: $app | flops: $cli ms | load $(cut -d' ' -f1 /proc/loadavg)"
  rm -rf "$home"
done
