#!/usr/bin/env python3
"""Measures knee on corpus entries as a new user would: `knee import FILE`,
then, while it is refused and the refusal names a flag, that flag on top (at
most 3 rounds). Each reading is compared with the entry's hand transcription
(expected.json): every point read must be a row of the source (load,
throughput, and each TTFT statistic both hold), all from one series.

Where import refuses a table because its curves give different answers
(the refusal names --series), knee find answers every curve instead: the
entry reads right when find does (exit 0, one analysis per curve) and each
curve, read as find read it (import --series NAME), is right; the detail
then says "find answers N curves". A curve find cannot read on its own is
set aside: the detail counts those, and a table with more of them than
curves answered counts as refused. STRICT=1 measures import alone, as
before find answered curves.

usage: KNEE=bin/knee hack/corpus-measure.py DIR...   (one line per entry, tab-separated:
entry, outcome, flags, detail)"""
import json
import os, re, subprocess, sys

KNEE = os.environ.get("KNEE", "bin/knee")
STRICT = os.environ.get("STRICT", "") not in ("", "0")
FLAG_RES = [
    ("series", re.compile(r'--series "([^"]+)"')),
    ("column", re.compile(r'--column ([a-z_0-9]+)="([^"]+)"')),
    ("unit", re.compile(r'--unit "([^"=]+=[^"]+)"')),
    ("gpus", re.compile(r'--gpus (\d+)')),
    ("workload", re.compile(r'--workload (\S+)')),
]


def first_flag(msg):
    best = None
    for kind, rx in FLAG_RES:
        m = rx.search(msg)
        if m and (best is None or m.start() < best[0]):
            if kind == "column":
                args = ["--column", f"{m.group(1)}={m.group(2)}"]
            else:
                args = ["--" + kind, m.group(1)]
            best = (m.start(), args)
    return best[1] if best else None


def same(a, b):
    """a (the transcription's) and b (knee's) agree to the precision the
    transcription is written in: a derived figure transcribed as 43.884 is
    knee's 43.88423… (added after batch ag's one measurement, where a rate
    derived from a count over a duration was transcribed rounded)."""
    if abs(a - b) <= 1e-6 * max(abs(a), abs(b)) + 1e-9:
        return True
    text = repr(float(a))
    if "e" in text or "." not in text:
        return False
    decimals = len(text.split(".")[1])
    return decimals >= 2 and abs(a - b) <= 0.5 * 10 ** -decimals + 1e-12


def same_series(x, pick):
    """The transcription's series is the picked one, with or without spaces,
    or one names the other inside it (a heading "6.1 1K/1K (256K上下文)"
    picked for the series "1K/1K"). Markup is no part of a name: knee reads
    "with `--enable-chunked-prefill`" as "with --enable-chunked-prefill"
    (added after batch af's one measurement, where a curve so named was
    compared with its unmarked sibling "Non-disaggregated" inside it)."""
    x, pick = (re.sub(r"[`*~]", "", v).replace(" ", "").lower() for v in (x, pick))
    # A series named by two columns is "64 / 128" in knee's words and often
    # "64, 128" in a transcription (added after batch ai's one measurement,
    # where two CSVs so named were scored as merged curves).
    x, pick = (v.replace(",", "/") for v in (x, pick))
    # A curve named by two keys' values is "131072 / 0.5" in knee's words and
    # "ctx=131072, depth=0.5" in a transcription that writes the keys (added
    # after batch ck's one measurement, where such a curve, right point by
    # point, was scored as merged: its first rate was also another curve's).
    x, pick = (re.sub(r"(^|/)[a-z_]+=", r"\1", v) for v in (x, pick))
    # A number names a curve whole: curve "8" is not inside series "48"
    # (added after batch as's one measurement, where a curve keyed by one of
    # two columns naming the same curves, "n_proc" 8 for "n_threads" 24, was
    # compared with the transcription's "48").
    if re.fullmatch(r"[\d.]+", x) and re.fullmatch(r"[\d.]+", pick):
        return x == pick
    return x == pick or x in pick or pick in x


def norm(v):
    """A series name as same_series compares it."""
    return re.sub(r"(^|/)[a-z_]+=", r"\1", re.sub(r"[`*~]", "", v).replace(" ", "").lower().replace(",", "/"))


def per_gpu_source(exp):
    """The transcribed rate is written per GPU (or card, chip, device)."""
    text = " ".join(str(exp.get(k) or "") for k in ("throughput_header", "throughput_unit_in_source"))
    return exp.get("gpus") == 1 or re.search(r"gpu|card|chip|device|npu|accelerator|每卡|单卡", text, re.I) is not None


def compare(exp, sw, series):
    axis = exp.get("load_axis", "")
    # A curve picked by its heading may be transcribed under another name
    # ("Throughput, single GPU" as "single GPU (BATCH_MAX_SIZE)"): then any
    # one transcribed series must hold every point (checked below).
    if series and not any(same_series(str(x.get("series")), series) for x in exp["points"]):
        series = ""
    # Of several transcribed series a picked curve's name holds, the one
    # named most fully is it: curve "Llama-2-7b-hf / fp16+fa2" holds "fp16"
    # and "fp16+fa2", and is the second (added after batch bp's one
    # measurement, where a curve so named was compared with "fp16" rows of
    # the same values and scored as merged).
    names = {str(x.get("series")) for x in exp["points"] if series and same_series(str(x.get("series")), series)}
    used = set()
    for p in sw["points"]:
        load = p["concurrency"]
        if p.get("requested_rate") is not None:
            load = p["requested_rate"]
        if p.get("per_gpu") is not None and axis == "per_gpu":
            load = p["per_gpu"]
        hit = None
        for x in exp["points"]:
            if x.get("throughput_tok_s") is None:
                continue
            if series and not same_series(str(x.get("series")), series):
                continue
            if series and any(norm(str(x.get("series"))) in norm(n) and len(norm(n)) > len(norm(str(x.get("series")))) and norm(n) in norm(series) for n in names):
                continue
            xl = x.get("load")
            if isinstance(xl, (int, float)) and not same(xl, load):
                continue
            if not isinstance(xl, (int, float)) and p.get("requested_rate") is not None:
                continue
            # A synchronous row offers no rate: no point of a rate sweep.
            if isinstance(xl, str) and xl.lower() == "synchronous" and axis.startswith("request_rate"):
                continue
            tp = p["throughput_tok_s"]
            # A point's per-GPU rate matches only a transcription of a rate per
            # GPU: matching either let a node's rate read twice over pass as
            # right through its per-GPU value (batch cd's mark-yong entry).
            per_gpu = p.get("throughput_per_gpu") is not None and per_gpu_source(exp) and same(x["throughput_tok_s"], p["throughput_per_gpu"])
            if not (same(x["throughput_tok_s"], tp) or per_gpu):
                continue
            ok = True
            for st, v in (x.get("ttft_ms") or {}).items():
                if v is None:
                    continue
                got = (p.get("ttft_ms") or {}).get("mean" if st == "unlabeled" else st)
                if got is not None and not same(v, got):
                    ok = False
            if ok:
                hit = x
                break
        if hit is None:
            return f"no source row holds load {load} throughput {p['throughput_tok_s']}"
        used.add(str(hit.get("series")))
    if len(used) > 1 and not repetitions(exp):
        return "points of several series merged: " + ", ".join(sorted(used))
    return ""


# "pass" (pass 1, 2, 3 of one configuration) was added after batch az's
# measurement, where three passes kept as repeats were scored as merged curves;
# "runs" (plural: "two runs each"; a lone "run" names configurations too) before
# batch bk's, where two runs written in one cell were read as repeats; "round"
# after batch cf's, where a harness's three measured rounds at each level
# ("rounds": 3 in its settings) were transcribed as series "round 0/1/2".
REPETITION = re.compile(r"(?i)\b(rep|reps|repeat|repeats|repetition|repetitions|round|rounds|trial|trials|iteration|iterations|pass|passes|runs)\b")


def repetitions(exp):
    """A transcription whose series are the repetitions of one run ("rep
    (in block headings)": rep=1, 2, 3 at every level) names repeats, not
    curves: a reading that keeps them as repeats of one curve merges
    nothing (added after batch ad's measurement, where it first arose)."""
    s = exp.get("series") or {}
    return isinstance(s, dict) and bool(REPETITION.search(str(s.get("header") or "")))


def measure(d):
    exp = json.load(open(os.path.join(d, "expected.json")))
    f = os.path.join(d, exp["data_file"])
    flags = []
    for _ in range(4):
        r = subprocess.run([KNEE, "import", f, "-o", "json"] + flags, capture_output=True, text=True)
        if r.returncode == 0:
            series = flags[flags.index("--series") + 1] if "--series" in flags else ""
            why = compare(exp, json.loads(r.stdout), series)
            return ("wrong" if why else "right"), flags, why
        msg = r.stderr.strip().splitlines()[-1] if r.stderr.strip() else ""
        nxt = first_flag(msg)
        if r.returncode != 2 or nxt is None or len(flags) >= 6 or nxt[0] in flags and nxt[1] in flags:
            return "refused", flags, msg.replace(f, os.path.basename(f))[:400]
        # A refusal between curves (--series) or workloads (--workload):
        # knee find answers each.
        if nxt[0] in ("--series", "--workload") and not STRICT:
            got = each_curve(exp, f, flags)
            if got is not None:
                return got
        flags = flags + nxt
    return "refused", flags, "flags keep coming"


def each_curve(exp, f, flags):
    """knee find's answer for a table of curves that differ: each curve
    read as find reads it must be right; None when find does not answer."""
    r = subprocess.run([KNEE, "find", f, "-o", "json"] + flags, capture_output=True, text=True)
    if r.returncode != 0:
        return None
    out = json.loads(r.stdout)
    curves = out.get("curves")
    if not curves:
        return None
    # A curve find cannot read on its own is set aside with its refusal: the
    # table counts only when find answered at least as many curves as it
    # could not read, and the detail says how many it could not.
    unread = [a for a in out.get("set_aside") or [] if a["why"].startswith("cannot be read on its own")]
    if len(unread) > len(curves):
        return "refused", flags, f"find answers {len(curves)} curves and cannot read {len(unread)}: " + unread[0]["why"][:300]
    for c in curves:
        name = c["series"]
        r = subprocess.run([KNEE, "import", f, "-o", "json", "--series", name] + flags, capture_output=True, text=True)
        if r.returncode != 0:
            return "wrong", flags, f"find answered the curve {name!r} that import --series cannot read"
        why = compare(exp, json.loads(r.stdout), name)
        if why:
            return "wrong", flags, f"curve {name!r}: {why}"
    return "right", flags, f"find answers {len(curves)} curves" + (f" ({len(unread)} set aside unread)" if unread else "")


for d in sys.argv[1:]:
    out, flags, why = measure(d.rstrip("/"))
    print("\t".join([os.path.basename(d.rstrip("/")), out, " ".join(flags), why]))
