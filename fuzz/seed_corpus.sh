#!/bin/sh
# Fills fuzz/corpus/<target>/ with seed inputs: the shipped data files for the file parsers,
# and small files the binary writes for the others (slice files of a run and of a sweep, a
# coordinator journal of two local workers, sweep cache entries), plus the wire targets' seeds
# (the quick start as a RunShard request, each slice tally as a RunShard answer) encoded by
# fuzz/wire_seeds.py. Usage: fuzz/seed_corpus.sh [PF1E_SIM binary, default target/release/pf1e-sim].
# Writes only under fuzz/corpus and a temporary folder; the ports 50961-50962 must be free.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/target/release/pf1e-sim}
corpus=$root/fuzz/corpus
tmp=$(mktemp -d)
workers=""
cleanup() {
  for pid in $workers; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT
cd "$root"
for t in map combatant spell sweep slice journal cache_entry wire_request wire_answer; do
  mkdir -p "$corpus/$t"
done

# The file parsers: every shipped file of their kind.
cp data/maps/*.yaml "$corpus/map/"
cp data/monsters/*.json data/pcs/*.json "$corpus/combatant/"
cp data/spells/*.json "$corpus/spell/"
cp data/sweeps/*.yaml "$corpus/sweep/"

quick="--map data/maps/sample_arena.yaml
  --side players data/monsters/goblin.json data/monsters/goblin.json data/monsters/goblin.json
  --side monsters data/monsters/orc.json data/monsters/orc.json"

# The arena sweep at 4 runs a cell (its paths made absolute).
sed -e "s|\.\./|$root/data/|g" -e 's/^runs: .*/runs: 4/' data/sweeps/arena.yaml > "$tmp/small.yaml"

# Slice files: a run's (two shards of five runs) and a sweep's.
# shellcheck disable=SC2086
"$bin" run $quick --runs 20 --shard-runs 5 --shard 1/2 --tally-out "$tmp/run.tally.json"
"$bin" sweep "$tmp/small.yaml" --shard 1/2 --tally-out "$tmp/sweep.tally.json"
# The targets' first byte picks a mode: 0 as is, 1 sealed again after reading.
for f in run sweep; do
  for mode in 0 1; do
    { printf '%s' "$mode"; cat "$tmp/$f.tally.json"; } > "$corpus/slice/$f-$mode"
  done
done

# A journal: the quick start on two local workers, shards of 10 runs.
"$bin" worker --listen 127.0.0.1:50961 --threads 1 2> "$tmp/w1.log" & workers="$workers $!"
"$bin" worker --listen 127.0.0.1:50962 --threads 1 2> "$tmp/w2.log" & workers="$workers $!"
sleep 1
# shellcheck disable=SC2086
"$bin" coordinator --worker 127.0.0.1:50961 --worker 127.0.0.1:50962 --shard-runs 10 \
  --journal "$tmp/job.journal" run $quick --runs 40 > /dev/null
for mode in 0 1; do
  { printf '%s' "$mode"; cat "$tmp/job.journal"; } > "$corpus/journal/quick-$mode"
done

# Sweep cache entries: a few cells of the arena sweep.
"$bin" sweep "$tmp/small.yaml" --cache "$tmp/cache" > /dev/null
n=0
for f in "$tmp"/cache/*.tally; do
  n=$((n + 1)); [ "$n" -le 4 ] || break
  cp "$f" "$corpus/cache_entry/"
done

# The wire targets: protobuf seeds.
python3 "$root/fuzz/wire_seeds.py" "$corpus" "$tmp/run.tally.json" "$tmp/sweep.tally.json"
echo "seed corpus in $corpus:"
for t in "$corpus"/*; do echo "  $(basename "$t"): $(ls "$t" | wc -l) files"; done
