#!/usr/bin/env bash
# One default `knee sweep --search` on the GPU test bed (issue 30), for the lead engineer's device run.
# Run from the repo root on the device machine, with a prebuilt linux/amd64 knee at .testbed/knee and
# the test bed's server at .testbed/cbserve.py (../shared/testbed/README.md):
#   hack/testbed/gpu-search.sh 1 && hack/testbed/gpu-search.sh 2 && \
#     .testbed/knee diff "$OUT/run-1" "$OUT/run-2"
# It starts cbserve (Qwen3-0.6B shape) unless one already answers on :8000, waits for /health, runs ONE
# search with the default level settings (precision stopping, 128 input / 64 output tokens, /metrics
# scraped by default) into $OUT/run-N, prints the wall time and knee find's reading, and stops the server
# it started. A hard timeout (SEARCH_TIMEOUT, default 480 s) ends the sweep well within 9 minutes; a sweep
# cut there keeps every finished level (exit 124 is reported, the folder stays analysable).
set -uo pipefail

N=${1:?usage: gpu-search.sh N (the run number: results go to \$OUT/run-N)}
OUT=${OUT:?OUT must name the folder results go to}
KNEE=${KNEE:-.testbed/knee}
PORT=${PORT:-8000}
SEARCH_TIMEOUT=${SEARCH_TIMEOUT:-480}
DEST="$OUT/run-$N"
URL="http://127.0.0.1:$PORT"

[[ -x "$KNEE" ]] || { echo "gpu-search: $KNEE is not an executable knee (build: GOOS=linux GOARCH=amd64 go build -o .testbed/knee ./cmd/knee)" >&2; exit 2; }
[[ -e "$DEST" ]] && { echo "gpu-search: $DEST exists; give another run number" >&2; exit 2; }
mkdir -p "$OUT"

started=""
if ! curl -sf "$URL/health" >/dev/null 2>&1; then
  [[ -f .testbed/cbserve.py ]] || { echo "gpu-search: .testbed/cbserve.py is missing (cp ../shared/testbed/cbserve.py .testbed/)" >&2; exit 2; }
  python3 .testbed/cbserve.py --size 0.6b --port "$PORT" >"$OUT/cbserve-$N.log" 2>&1 &
  started=$!
  # cbserve may not end on SIGTERM while its batching thread runs (on the H200 the
  # script then waited out the device's 10-minute limit): KILL after 5 s.
  trap '[[ -n "$started" ]] && { kill "$started" 2>/dev/null; sleep 5; kill -9 "$started" 2>/dev/null; wait "$started" 2>/dev/null; }' EXIT
  for _ in $(seq 1 120); do
    curl -sf "$URL/health" >/dev/null 2>&1 && break
    kill -0 "$started" 2>/dev/null || { echo "gpu-search: cbserve exited; its log:" >&2; tail -20 "$OUT/cbserve-$N.log" >&2; exit 1; }
    sleep 1
  done
  curl -sf "$URL/health" >/dev/null 2>&1 || { echo "gpu-search: cbserve did not answer /health in 120 s" >&2; exit 1; }
fi
MODEL=$(curl -sf "$URL/v1/models" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"][0]["id"])' 2>/dev/null || echo Qwen/Qwen3-0.6B)

t0=$(date +%s)
timeout --signal=INT --kill-after=30 "$SEARCH_TIMEOUT" \
  "$KNEE" sweep --runner local --harness builtin --endpoint "$URL" --model "$MODEL" \
    --gpus 1 --accelerator h200 --input-tokens 128 --output-tokens 64 --search \
    --out "$DEST" 2>"$OUT/run-$N.stderr" >"$OUT/run-$N.find.txt"
rc=$?
t1=$(date +%s)
echo "run-$N: knee sweep --search exit $rc, wall $((t1 - t0)) s (results $DEST, stderr $OUT/run-$N.stderr)"
grep -E '^(search|started|finished|estimate)' "$OUT/run-$N.stderr" | tail -40
cat "$OUT/run-$N.find.txt"
"$KNEE" find "$DEST" -o json >"$OUT/run-$N.find.json" 2>/dev/null || true
exit "$rc"
