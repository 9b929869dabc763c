#!/usr/bin/env bash
# End-to-end test of the distributed layer in real containers (README « Distributed runs »):
# builds the registry-free image (deploy/scratch), starts three workers and a coordinator on a
# private Docker network with docker-compose, and checks that
#   1. the coordinator's report is byte-identical (`cmp`) to a local `pf1e-sim run`;
#   2. it still is when one worker container is killed mid-job and another is disconnected
#      from the network (a partition);
#   3. the grpc.health.v1 endpoint answers SERVING to a probe in another container.
# Everything it started is torn down on success and on failure. Needs Docker Engine and
# docker-compose (v1 or the v2 plugin); no image registry.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$PWD/target}
RUNS=${PF1E_E2E_RUNS:-200000}
project=pf1e-e2e-$$
work=$(mktemp -d)
export PF1E_E2E_TOKEN=$work/token.txt
if docker compose version >/dev/null 2>&1; then compose=(docker compose); else compose=(docker-compose); fi
dc() { "${compose[@]}" -p "$project" -f deploy/e2e.compose.yaml "$@"; }
net=${project}_private

teardown() {
  local rc=$?
  dc down -v --remove-orphans --timeout 2 >/dev/null 2>&1 || true
  docker image rm -f pf1e-sim-scratch:e2e pf1e-probe:e2e >/dev/null 2>&1 || true
  rm -rf "$work"
  if [ "$rc" -eq 0 ]; then echo "e2e: PASS"; else echo "e2e: FAIL (exit $rc)" >&2; fi
  exit "$rc"
}
trap teardown EXIT
trap 'exit 130' INT TERM
fail() { echo "e2e: $*" >&2; exit 1; }

echo "== build the release binary and the images"
cargo build --release --locked --bin pf1e-sim
bin=$CARGO_TARGET_DIR/release/pf1e-sim
deploy/scratch/stage.sh "$bin" "$work/worker" data
docker build -q -t pf1e-sim-scratch:e2e "$work/worker" >/dev/null
# The probe: curl (HTTP/2) and its libraries, also FROM scratch.
deploy/scratch/stage.sh "$(command -v curl)" "$work/probe"
printf 'FROM scratch\nCOPY rootfs/ /\nENTRYPOINT ["/usr/local/bin/curl"]\n' > "$work/probe/Dockerfile"
docker build -q -t pf1e-probe:e2e "$work/probe" >/dev/null
head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$PF1E_E2E_TOKEN"
chmod 644 "$PF1E_E2E_TOKEN"

job=(run --map maps/sample_arena.yaml
     --side players monsters/goblin.json monsters/goblin.json monsters/goblin.json
     --side monsters monsters/orc.json monsters/orc.json --runs "$RUNS")
echo "== local reference run ($RUNS fights)"
(cd data && "$bin" "${job[@]}") > "$work/local.txt"

echo "== start three workers"
dc up -d worker-1 worker-2 worker-3

health() { # $1 = worker service; prints the raw grpc.health.v1 Check answer in hex
  printf '\0\0\0\0\0' > "$work/req" 2>/dev/null
  docker run --rm --network "$net" -v "$work/req:/req:ro" pf1e-probe:e2e -s --max-time 5 \
    --http2-prior-knowledge -H 'content-type: application/grpc' -H 'te: trailers' \
    --data-binary @/req "http://$1:50052/grpc.health.v1.Health/Check" | od -An -tx1 | tr -d ' \n'
}
echo "== health check from another container"
for _ in $(seq 1 30); do [ "$(health worker-1 || true)" = 00000000020801 ] && break; sleep 1; done
for w in worker-1 worker-2 worker-3; do
  got=$(health "$w" || true)
  # 5-byte gRPC frame header, then HealthCheckResponse{status: SERVING (1)} = 08 01.
  [ "$got" = 00000000020801 ] || fail "health of $w: got '$got', want SERVING (00000000020801)"
  echo "   $w SERVING"
done

echo "== job on three workers"
dc run --rm -T coordinator "${job[@]}" > "$work/cluster.txt"
cmp "$work/local.txt" "$work/cluster.txt" || fail "cluster report differs from the local run"
echo "   identical to the local run"

echo "== job with a worker killed and another partitioned mid-job"
dc run --rm -T coordinator "${job[@]}" > "$work/faults.txt" 2> "$work/faults.err" &
coord=$!
sleep "${PF1E_E2E_FAULT_AFTER:-3}"
kill -0 "$coord" 2>/dev/null || fail "the job ended before the faults (raise PF1E_E2E_RUNS)"
docker kill "$(dc ps -q worker-2)" >/dev/null
docker network disconnect "$net" "$(dc ps -q worker-3)"
echo "   killed worker-2, disconnected worker-3"
wait "$coord" || { cat "$work/faults.err" >&2; fail "coordinator failed under faults"; }
cmp "$work/local.txt" "$work/faults.txt" || fail "report under faults differs from the local run"
echo "   identical to the local run"
