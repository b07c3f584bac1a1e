#!/usr/bin/env bash
# Issue 30's capped-simulator benchmark: one default `knee sweep --search` against `knee simserver` with a
# sharp batch cap of 40, 80, 120, 160 and 200 sequences per GPU (30 ms a decode step + 20 µs a sequence,
# 5% jitter, --time-scale 2), /metrics scraped by default. Prints, per cap, the levels the search ran, its
# wall time and what it recommended. SIMULATED: these are not GPU measurements.
#   KNEE=bin/knee hack/sim/cap-sweep.sh            (results under ${OUT:-/tmp/knee-cap-sweep})
set -euo pipefail
KNEE=${KNEE:-bin/knee}
OUT=${OUT:-/tmp/knee-cap-sweep}
mkdir -p "$OUT"
for cap in ${CAPS:-40 80 120 160 200}; do
  port=$((18500 + cap))
  "$KNEE" simserver --addr "127.0.0.1:$port" --preset none --gpus 1 --model sim --batch-per-gpu "$cap" \
    --step-base 30ms --step-per-seq 20us --prefill-per-token 20us --jitter 0.05 --seed 1 --time-scale 2 \
    >"$OUT/cap-$cap.sim.log" 2>&1 &
  sim=$!
  trap 'kill $sim 2>/dev/null' EXIT
  for _ in $(seq 1 50); do curl -sf "http://127.0.0.1:$port/health" >/dev/null 2>&1 && break; sleep 0.1; done
  rm -rf "$OUT/cap-$cap"
  start=$(date +%s.%N)
  "$KNEE" sweep --endpoint "http://127.0.0.1:$port" --model sim --gpus 1 --input-tokens 128 --output-tokens 64 \
    --search --out "$OUT/cap-$cap" >"$OUT/cap-$cap.out" 2>"$OUT/cap-$cap.err" || true
  end=$(date +%s.%N)
  kill "$sim" 2>/dev/null || true
  wait "$sim" 2>/dev/null || true
  levels=$(grep -o '^started: level [0-9]*: [0-9]*/GPU' "$OUT/cap-$cap.err" | awk '{print $4}' | paste -sd' ')
  rec=$(grep -oh 'recommended: [0-9]*/GPU' "$OUT/cap-$cap.out" | head -1)
  printf 'cap %s: levels %s; wall %.1f s; %s\n' "$cap" "$levels" "$(echo "$end - $start" | bc)" "${rec:-recommended: none}"
done
