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
lined() { printf '(name:"%s",range:"%s",mode:Active,line:(flop:"%s",turn:"%s"))' "$1" "$2" "$3" "${4:-}"; }
# (The window opens at 1440x900; sized to the screen first at 1600x1000.)
fill="search --name Rangestove windowsize --sync 1600 1000 sleep 1"

# The three ready layouts (the Layout menu), at the smallest and a large
# window, dark and light: BTN's 25% against BB's 15% on Kh9s4c with a flop
# rule each. Ranges: the grid large (BB's continuing range as a heat map);
# Study: the class table and the Boards view (every flop, the same rules);
# Train: a Lines question.
spot="(scenario:(seats:[$(lined BTN '25%' 'top-pair+,flush-draw,oesd'),$(lined BB '15%' 'two-pair+,flush-draw,oesd,gutshot:0.5')],board:\"Kh9s4c\",dead:\"\"),selected:1"
for theme in dark light; do
  dark=$([[ $theme == dark ]] && echo true || echo false)
  for layout in ranges study train; do
    case $layout in
      ranges) prefs="centre:Ranges,heat_map:true" wait=4 ;;
      study) prefs="centre:Boards" wait=12 ;;
      train) prefs="centre:Train,train:(drill:\"lines\",level:2)" wait=4 ;;
    esac
    state="$spot,prefs:(dark:$dark,$prefs))"
    SIZE=1024x700 take "$state" "sleep $wait mousemove 1000 690" "$out/layout-$layout-1024-$theme.png"
    SIZE=1600x1000 take "$state" "$fill sleep $wait mousemove 1580 990" "$out/layout-$layout-1600-$theme.png"
  done
done

# The suit editor: AKs weighted per combo, hovered on the grid (the
# Ranges layout at 1280x800).
suits="(scenario:(seats:[$(seat Hero 'QQ+,AKs:0.5,AsKs,AhKh') ,$(seat Villain 'random')],board:\"Kd7h2c\",dead:\"\"),selected:0)"
take "$suits" "sleep 2 mousemove ${SUIT_AT:-409 264} sleep 1" "$out/suit-editor.png"
# The Boards chart hovered: a flop's equity and how often it comes.
boards="(scenario:(seats:[$(seat Opener '25%'),$(seat Caller '15%')],board:\"\",dead:\"\"),selected:0,prefs:(dark:false,centre:Boards))"
SIZE=1600x1000 take "$boards" "$fill sleep 10 mousemove ${CHART_AT:-700 680} sleep 1" "$out/boards-chart.png"
ls -l "$out"
