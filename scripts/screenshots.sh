#!/usr/bin/env bash
# Retakes the README screenshots of the release app under Xvfb, each from a
# seeded session in a throwaway data directory. Needs the screenshot wrapper
# shared with this project (SHOT=path/to/screenshot.sh to override) and a
# release build: `cargo build --release && bash scripts/screenshots.sh`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
shot=${SHOT:-../shared/tools/screenshot.sh}
out=assets/screenshots
mkdir -p "$out"

# Runs the app at 1280x800 with session state $1 (RON of gui::Persisted, or
# empty for a first start), xdotool steps $2, writing $3.
take() {
  local state=$1 steps=$2 png=$3 home
  home=$(mktemp -d)
  if [[ -n $state ]]; then
    mkdir -p "$home/data/rangestove"
    python3 -c 'import json,sys; print("{" + json.dumps("app") + ": " + json.dumps(sys.argv[1]) + "}")' \
      "$state" >"$home/data/rangestove/app.ron"
  fi
  bash "$shot" -s 1280x800 -w 4 -x "$steps" "$png" -- \
    env HOME="$home" XDG_DATA_HOME="$home/data" ./target/release/rangestove
  rm -rf "$home"
}

seat() { printf '(name:"%s",range:"%s",mode:%s)' "$1" "$2" "${3:-Active}"; }
three_way="(scenario:(seats:[$(seat Hero 'JJ+,AQs+,AKo'),$(seat 'Villain 1' '22+,A2s+,K9s+,QTs+,JTs,T9s,98s,ATo+,KJo+'),$(seat 'Villain 2' 'TT-66,A9s-A2s,KTs+,QJs,JTs,T9s,98s,87s,76s,AJo-ATo,KQo')],board:\"Kh9s4c\",dead:\"\"),selected:0)"

take "" "mousemove 1200 780 sleep 1" "$out/empty-start.png"
take "$three_way" "mousemove 1200 780 sleep 3" "$out/three-way-flop.png"
# The suit editor: AKs weighted per combo, hovered on the grid.
suits="(scenario:(seats:[$(seat Hero 'QQ+,AKs:0.5,AsKs,AhKh') ,$(seat Villain 'random')],board:\"Kd7h2c\",dead:\"\"),selected:0)"
take "$suits" "mousemove 480 150 sleep 1" "$out/suit-editor.png"
# The presets panel: a search, one preset chosen (its tooltip shows).
take "$three_way" "mousemove 1100 404 click 1 type BTN sleep 1 mousemove 990 470 click 1 sleep 2" \
  "$out/presets-panel.png"
ls -l "$out"
