#!/bin/bash
# A `run` job as a Slurm array of N = 7 tasks, then the merge (README « Batch clusters »):
#
#   jobid=$(sbatch --parsable deploy/batch/slurm-array.sh)
#   sbatch --dependency=afterok:$jobid --wrap 'pf1e-sim merge tallies/slice-*.json > report.txt'
#
# Each task plays slice SLURM_ARRAY_TASK_ID − SLURM_ARRAY_TASK_MIN + 1 of
# SLURM_ARRAY_TASK_COUNT (`--shard auto`) and writes its tally to tallies/ on the shared file
# system. Resubmit a failed index alone with `sbatch --array=<index> …`: slices are independent.
#SBATCH --job-name=pf1e-sim
#SBATCH --array=0-6
#SBATCH --cpus-per-task=4
#SBATCH --mem=512M
#SBATCH --time=01:00:00
#SBATCH --output=tallies/slice-%a.log
set -euo pipefail
mkdir -p tallies
exec pf1e-sim run --map data/maps/sample_arena.yaml \
  --side players data/monsters/goblin.json data/monsters/goblin.json data/monsters/goblin.json \
  --side monsters data/monsters/orc.json data/monsters/orc.json \
  --runs 1000000 --seed 1 --threads "${SLURM_CPUS_PER_TASK:-1}" \
  --shard auto --tally-out "tallies/slice-${SLURM_ARRAY_TASK_ID}.json"
