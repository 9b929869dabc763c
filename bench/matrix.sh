#!/usr/bin/env bash
# The fixed benchmark matrix of issue « Speed at scale »: every scenario through
# `pf1e-sim bench` on one thread (fights/s, µs per round), and with --callgrind the
# instructions per fight (valgrind's count: the same for the same binary whatever the load),
# as the marginal between two runs. Usage (from the repository root):
#   bench/matrix.sh [--callgrind] [--bin PATH] [--only NAME]
# Prints a Markdown table. Builds the release binary first unless --bin is given.
set -euo pipefail
cd "$(dirname "$0")/.."
CALLGRIND=0; BIN=""; ONLY=""
while [ $# -gt 0 ]; do
  case "$1" in
    --callgrind) CALLGRIND=1 ;;
    --bin) BIN=$2; shift ;;
    --only) ONLY=$2; shift ;;
    *) echo "matrix.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
if [ -z "$BIN" ]; then
  cargo build --release --quiet
  BIN=${CARGO_TARGET_DIR:-target}/release/pf1e-sim
fi
M=data/monsters; P=data/pcs
rep() { local f=$1 n=$2 out=(); for _ in $(seq "$n"); do out+=("$f"); done; echo "${out[@]}"; }
PARTY="$P/torvald.json $P/sera.json $P/quill.json $P/rowan.json"
# name | map | runs (timed) | callgrind runs | players | monsters
SCENARIOS=(
  "duel|data/maps/sample_arena.yaml|20000|500|$P/torvald.json|$M/orc.json"
  "quick start|data/maps/sample_arena.yaml|100000|1000|$(rep $M/goblin.json 3)|$(rep $M/orc.json 2)"
  "6v6 30×30|bench/maps/field_30.yaml|5000|100|$(rep $M/goblin.json 6)|$(rep $M/orc.json 6)"
  "12v12 30×30|bench/maps/field_30.yaml|2000|40|$(rep $M/goblin.json 12)|$(rep $M/orc.json 12)"
  "24v24 30×30|bench/maps/field_30.yaml|500|10|$(rep $M/goblin.json 24)|$(rep $M/orc.json 24)"
  "6v6 60×60|bench/maps/field_60.yaml|2000|40|$(rep $M/goblin.json 6)|$(rep $M/orc.json 6)"
  "6v6 90×90|bench/maps/field_90.yaml|1000|20|$(rep $M/goblin.json 6)|$(rep $M/orc.json 6)"
  "6v6 120×120|bench/maps/field_120.yaml|500|10|$(rep $M/goblin.json 6)|$(rep $M/orc.json 6)"
  "24v24 120×120|bench/maps/field_120.yaml|300|2|$(rep $M/goblin.json 24)|$(rep $M/orc.json 24)"
  "party vs 2 orcs|data/maps/sample_arena.yaml|20000|300|$PARTY|$(rep $M/orc.json 2)"
  "party vs ogre (Large)|data/maps/sample_arena.yaml|5000|100|$PARTY|$M/ogre.json"
  "party vs 2 orcs 30×30|bench/maps/field_30.yaml|20000|300|$PARTY|$(rep $M/orc.json 2)"
  "party vs ogre (Large) 30×30|bench/maps/field_30.yaml|5000|100|$PARTY|$M/ogre.json"
  "party vs elephant (Huge) 30×30|bench/maps/field_30.yaml|2000|40|$PARTY|$M/elephant.json"
  "party vs roc (Gargantuan) 30×30|bench/maps/field_30.yaml|2000|40|$PARTY|$M/roc.json"
  "casters vs drow and orcs|data/maps/sample_arena.yaml|2000|40|$P/maelis.json $P/sera.json $P/torvald.json $P/quill.json|$M/drow_noble.json $(rep $M/orc.json 4)"
)
played() { local r=$1; echo $(( (r < 1000 ? r : 1000) + r )); }
echo "| scenario | fights/s | µs per round | rounds | instructions per fight |"
echo "|---|---|---|---|---|"
for s in "${SCENARIOS[@]}"; do
  IFS='|' read -r name map runs cg players monsters <<< "$s"
  if [ -n "$ONLY" ] && [ "$name" != "$ONLY" ]; then continue; fi
  # shellcheck disable=SC2086
  line=$("$BIN" bench --map "$map" --side players $players --side monsters $monsters --runs "$runs" 2>&1 | tail -1)
  fps=$(sed -E 's/.*= ([0-9]+) fights\/s.*/\1/' <<< "$line")
  rounds=$(sed -E 's/.*, ([0-9.]+) rounds per fight.*/\1/' <<< "$line")
  us=$(awk -v f="$fps" -v r="$rounds" 'BEGIN { printf "%.2f", 1e6 / (f * r) }')
  instr="—"
  if [ "$CALLGRIND" = 1 ]; then
    tmp=$(mktemp -d)
    for r in "$cg" $((2 * cg)); do
      # shellcheck disable=SC2086
      valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.$r" "$BIN" bench --map "$map" \
        --side players $players --side monsters $monsters --runs "$r" > /dev/null 2>&1
    done
    a=$(grep -m1 -E '^(summary|totals):' "$tmp/cg.$cg" | awk '{print $2}')
    b=$(grep -m1 -E '^(summary|totals):' "$tmp/cg.$((2 * cg))" | awk '{print $2}')
    instr=$(( (b - a) / ($(played $((2 * cg))) - $(played "$cg")) ))
    rm -rf "$tmp"
  fi
  echo "| $name | $fps | $us | $rounds | $instr |"
done
