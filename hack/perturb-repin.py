#!/usr/bin/env python3
"""Re-pins the perturbation counts (var perturbPinned in
sweep/read/perturb_test.go) from a run of TestCorpusPerturbations, after the
corpus or the reader changed. It refuses to pin a perturbation that reads
any entry wrong: a wrong reading is a bug to mend, never a count to pin.

usage: hack/perturb-repin.py [LOG]   (LOG: the -v output of
  go test ./sweep/read -run TestCorpusPerturbations -count=1 -v;
  without it the test is run here)"""
import re, subprocess, sys

PIN = "sweep/read/perturb_test.go"
LINE = re.compile(r"(?:perturb_test\.go:\d+: )?(\S.*?)\s+applies\s+\d+: right\s+(\d+), wrong\s+(\d+), refused\s+(\d+)")

if len(sys.argv) > 1:
    log = open(sys.argv[1]).read()
else:
    log = subprocess.run(["go", "test", "./sweep/read", "-run", "TestCorpusPerturbations", "-count=1", "-v"],
                         capture_output=True, text=True).stdout
got = {m.group(1).strip(): tuple(int(x) for x in m.groups()[1:]) for m in LINE.finditer(log)}
if not got:
    sys.exit("no perturbation counts in the log")
wrong = {k: v for k, v in got.items() if v[1]}
if wrong:
    sys.exit("wrong readings, not pinned: " + ", ".join(f"{k} ({v[1]})" for k, v in wrong.items()))
src = open(PIN).read()
start = src.index("var perturbPinned")
end = src.index("\n}\n", start)
block = src[start:end]
changed = 0
for name, (r, w, x) in got.items():
    pat = re.compile(r'("' + re.escape(name) + r'":\s*)\{\d+, \d+, \d+\}')
    block, n = pat.subn(lambda m: f"{m.group(1)}{{{r}, {w}, {x}}}", block)
    changed += n
open(PIN, "w").write(src[:start] + block + src[end:])
subprocess.run(["gofmt", "-w", PIN])
print(f"{changed} pins written from {len(got)} perturbations")
