#!/usr/bin/env bash
# Headless-browser check of `run --html` (README « pf1e-sim run », --html): the quick start's
# page rendered by headless Chromium with the network shut off, saved as a screenshot to look
# at, and the DOM the browser built checked for every chart of the file. Exits 0 saying
# SKIPPED when no Chromium is installed (Debian: apt-get install -y chromium). Not part of CI
# (.ci/run): run it by hand after changing crates/sweep/src/run_html.rs or its figures.
#
#   tests/browser/screenshot.sh [OUT_DIR]      # default: target/browser
#
# Writes OUT_DIR/quick_start.{html,txt,png,dom.html}. The coordinator and merge write the same
# page byte for byte (tests cli::batch_replay, distributed::outputs), so one page is checked.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-target/browser}
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$browser" ]; then
  echo "SKIPPED tests/browser/screenshot.sh: no chromium on PATH (Debian: apt-get install -y chromium)"
  exit 0
fi
mkdir -p "$out"
cargo build --release --quiet
bin=${CARGO_TARGET_DIR:-target}/release/pf1e-sim
"$bin" run --map data/maps/sample_arena.yaml \
  --side players data/monsters/goblin.json data/monsters/goblin.json data/monsters/goblin.json \
  --side monsters data/monsters/orc.json data/monsters/orc.json --runs 1000 --seed 1 \
  --html "$out/quick_start.html" > "$out/quick_start.txt"
page="file://$(realpath "$out/quick_start.html")"
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
# No network at all: a self-contained page needs none.
flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run
       --user-data-dir="$profile" --host-resolver-rules="MAP * ~NOTFOUND")
"$browser" "${flags[@]}" --window-size=1100,1700 --screenshot="$out/quick_start.png" "$page" \
  2>"$out/chromium.log"
"$browser" "${flags[@]}" --dump-dom "$page" > "$out/quick_start.dom.html" 2>>"$out/chromium.log"

fail() { echo "FAILED tests/browser/screenshot.sh: $*" >&2; exit 1; }
[ "$(head -c 8 "$out/quick_start.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] \
  || fail "$out/quick_start.png is not a PNG (see $out/chromium.log)"
# Every chart of the file is an element of the DOM the browser built (none dropped by its parser).
count() { grep -o "$1" "$2" | wc -l; }
for tag in '<svg' '<rect' '<circle' '<h2>' '<table'; do
  in_file=$(count "$tag" "$out/quick_start.html")
  in_dom=$(count "$tag" "$out/quick_start.dom.html")
  [ "$in_file" -gt 0 ] || fail "no $tag in the page"
  [ "$in_file" = "$in_dom" ] || fail "$tag: $in_file in the file, $in_dom in the browser's DOM"
done
echo "OK tests/browser/screenshot.sh: $out/quick_start.png ($(wc -c < "$out/quick_start.png") bytes), DOM holds every chart"
