#!/usr/bin/env bash
# Retakes the README screenshots of the release app under Xvfb, each from a
# seeded session in a throwaway data directory. Needs a screenshot wrapper
# that runs a program under Xvfb and saves a PNG
# (`SHOT=path/to/screenshot.sh`, called as `$SHOT -s WxH [-w S] [-x steps]
# OUT.png -- PROGRAM`) and a release build:
# `cargo build --release && SHOT=… bash scripts/screenshots.sh`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
shot=${SHOT:?set SHOT to the screenshot wrapper (see the header of this script)}
out=assets/screenshots
mkdir -p "$out"

# Runs the app at $SIZE (1280x800 unless set) with session state $1 (RON of
# gui::Persisted, or empty for a first start), xdotool steps $2, writing $3.
take() {
  local state=$1 steps=$2 png=$3 preset=${4:-} home
  home=$(mktemp -d)
  if [[ -n $preset ]]; then
    mkdir -p "$home/data/rangestove/presets"
    printf '%s\n' "$preset" >"$home/data/rangestove/presets/mine.ron"
  fi
  if [[ -n $state ]]; then
    mkdir -p "$home/data/rangestove"
    python3 -c 'import json,sys; print("{" + json.dumps("app") + ": " + json.dumps(sys.argv[1]) + "}")' \
      "$state" >"$home/data/rangestove/app.ron"
  fi
  bash "$shot" -s "${SIZE:-1280x800}" -w 4 -x "$steps" "$png" -- \
    env HOME="$home" XDG_DATA_HOME="$home/data" ./target/release/rangestove
  rm -rf "$home"
}

seat() { printf '(name:"%s",range:"%s",mode:%s)' "$1" "$2" "${3:-Active}"; }
# Three ranged seats on a flop: counted exactly (every deal) within the
# app's budget.
three_way="(scenario:(seats:[$(seat Hero 'QQ+,AK'),$(seat 'Villain 1' 'JJ-99,AQs,KQs'),$(seat 'Villain 2' '22+,AJs+')],board:\"Kh9s4c\",dead:\"\"),selected:0)"

take "" "mousemove 200 600 sleep 1" "$out/empty-start.png"
take "$three_way" "mousemove 200 600 sleep 3" "$out/three-way-flop.png"
# The suit editor: AKs weighted per combo, hovered on the grid.
suits="(scenario:(seats:[$(seat Hero 'QQ+,AKs:0.5,AsKs,AhKh') ,$(seat Villain 'random')],board:\"Kd7h2c\",dead:\"\"),selected:0)"
take "$suits" "mousemove 422 172 sleep 1" "$out/suit-editor.png"
# The presets panel: one preset of the user's, a shipped one chosen, the
# list searched for "BTN". (The wrapper evals "xdotool STEPS"; `type` takes
# every argument after it, so it comes last.)
mine='(version: 1, name: "My BTN open vs fish", notes: Some("Wider than standard"), range: "22+,A2+,K2s+,K8o+,Q5s+,Q9o+,J7s+,J9o+,T7s+,T9o,96s+,86s+,75s+,65s,54s")'
steps="search --name Rangestove windowfocus --sync mousemove 1000 462 click 1 sleep 0.5"
steps+=" mousemove 1100 422 click 1 sleep 0.3 type BTN"
take "" "$steps" "$out/presets-panel.png" "$mine"
# Analysis: the heat map of a 25% range against a 15% one on the flop, with
# the equity distribution and the board breakdown beside it.
heat="(scenario:(seats:[$(seat Hero '25%'),$(seat Villain '15%')],board:\"Kh9s4c\",dead:\"\"),selected:0,heat_map:true,show_analysis:true)"
take "$heat" "mousemove 414 238 sleep 3" "$out/heat-map.png"
# The board breakdown: a row clicked highlights its combos on the grid.
wide="(scenario:(seats:[$(seat Hero '22+,A2s+,K9s+,Q9s+,J9s+,T8s+,97s+,87s,76s,65s,ATo+,KTo+,QTo+,JTo'),$(seat Villain '15%')],board:\"Th7c2h\",dead:\"\"),selected:0,heat_map:false,show_analysis:true)"
# (The right panel scrolled down to the breakdown first.)
scroll="search --name Rangestove windowfocus --sync mousemove 1100 600 click 5 click 5 click 5 click 5 click 5 click 5"
take "$wide" "sleep 3 $scroll sleep 2 mousemove 1000 387 click 1 sleep 1 mousemove 700 700" "$out/board-breakdown.png"
# Hand strength and potential of an exact hand (the paper's AdQc on 3h4cJh).
hero="(scenario:(seats:[$(seat Hero 'AdQc'),$(seat Villain 'JJ+,AJs+,KQs,AJo+,33,44')],board:\"3h4cJh\",dead:\"\"),selected:0,heat_map:false,show_analysis:true)"
take "$hero" "$scroll click 5 click 5 sleep 3 mousemove 200 600" "$out/hero-analysis.png"
# A heads-up preflop heat map: exact and instant from the preflop table.
pre="(scenario:(seats:[$(seat Hero '22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+'),$(seat Villain 'QQ+,AK')],board:\"\",dead:\"\"),selected:0,heat_map:true,show_analysis:true)"
take "$pre" "mousemove 200 600 sleep 2" "$out/preflop-heat-map.png"
ls -l "$out"
# The seats with their bars, small and large, dark and light: a three-way
# spot with a hero hand typed as players type it.
bars="(scenario:(seats:[$(seat Hero 'Ad Qc'),$(seat 'Villain 1' '22+,A2s+,K9s+,QTs+,JTs,T9s,98s,ATo+,KJo+'),$(seat 'Villain 2' 'TT-66,A9s-A2s,KTs+,QJs,JTs,T9s,98s,87s,76s,AJo-ATo,KQo')],board:\"Kh9s4c\",dead:\"\"),selected:1"
SIZE=1024x700 take "$bars)" "mousemove 600 690 sleep 3" "$out/bars-1024-dark.png"
SIZE=1024x700 take "$bars,dark:false)" "mousemove 600 690 sleep 3" "$out/bars-1024-light.png"
# (The window opens at 1440x900; sized to the screen first.)
fill="search --name Rangestove windowsize --sync 1600 1000 sleep 1"
SIZE=1600x1000 take "$bars)" "$fill mousemove 800 990 sleep 3" "$out/bars-1600-dark.png"
SIZE=1600x1000 take "$bars,dark:false)" "$fill mousemove 800 990 sleep 3" "$out/bars-1600-light.png"
# The hand picker of Villain 2, with one card clicked.
SIZE=1024x700 take "$bars)" "sleep 2 mousemove 43 559 click 1 sleep 1" "$out/hand-picker.png"

# The next-card strip under the board, one card hovered.
next="(scenario:(seats:[$(seat Hero '25%'),$(seat Villain '15%')],board:\"Kh9s4c\",dead:\"\"),selected:0)"
SIZE=1024x700 take "$next" "mousemove 775 423 sleep 1" "$out/next-card.png"

# The Boards view: every flop of a 25% opening range against a 15% caller,
# counted exactly (about 2 s here), a flop hovered for its hits.
boards="(scenario:(seats:[$(seat Opener '25%'),$(seat Caller '15%')],board:\"\",dead:\"\"),selected:0,show_boards:true"
SIZE=1600x1000 take "$boards)" "$fill sleep 6 mousemove 560 420 sleep 1" "$out/boards.png"
# The light theme at the smallest window.
SIZE=1024x700 take "$boards,dark:false)" "sleep 6 mousemove 200 650" "$out/boards-1024.png"

# A line: BB's and BTN's flop rules on Kh9s4c (the flop shown), the
# analysis panel with the heat map of BB's continuing range; then the
# Boards view with the same rules on every flop.
lined() { printf '(name:"%s",range:"%s",mode:Active,line:(flop:"%s",turn:"%s"))' "$1" "$2" "$3" "${4:-}"; }
line="(scenario:(seats:[$(lined BTN '25%' 'top-pair+,flush-draw,oesd'),$(lined BB '15%' 'two-pair+,flush-draw,oesd,gutshot:0.5' 'pair+')],board:\"Kh9s4c\",dead:\"\"),selected:1,heat_map:true,show_analysis:true"
SIZE=1600x1000 take "$line)" "$fill sleep 3 mousemove 800 990 sleep 1" "$out/lines-flop.png"
SIZE=1600x1000 take "${line/Kh9s4c/},show_boards:true)" "$fill sleep 12 mousemove 800 990 sleep 1" "$out/lines-boards.png"

# The Train view on its first question: the statistics' file is shown from
# ~ (the throwaway home), so nothing of the machine shows.
SIZE=1600x1000 take "(centre:Train)" "$fill sleep 3 mousemove 800 990 sleep 1" "$out/train.png"
