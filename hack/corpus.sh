#!/usr/bin/env bash
# Reads every entry of fixtures/corpus with `knee import` and prints one line
# each: the entry, the exit code, and the first line of the error or notes.
set -u
cd "$(dirname "$0")/.."
bin=${KNEE:-bin/knee}
for d in fixtures/corpus/*/; do
  f=$(sed -n 's/.*"data_file": *"\([^"]*\)".*/\1/p' "$d/expected.json" | head -1)
  out=$("$bin" import "$d$f" -o json 2>&1 >/dev/null); rc=$?
  printf '%s rc=%s %s\n' "$(basename "$d")" "$rc" "$(echo "$out" | grep -v '^note:' | head -c 300)"
done
