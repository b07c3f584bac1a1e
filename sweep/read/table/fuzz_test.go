package table

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kneetool/knee/fixtures"
)

// Every reader must turn any bytes into a sweep or an *inputerr.Error:
// never a panic, never another error type, never a NaN in a point.

func FuzzCSV(f *testing.F) {
	seed(f, "aicr/gb300-eks.csv", "aicr/gb300-eks-simulated-64.csv", "aicr/h100-eks-repeats-256.csv")
	f.Add([]byte("metric,64/GPU,128/GPU\ntok/s,\"43,900\",\"84,788\"\nTTFT p99 ms,452,677\n"))
	f.Add([]byte("per_gpu,tok/s/GPU,TTFT p99 (ms)\n128,21197,677\n"))
	// Batch bl: a bare throughput that is req/s beside tokens_per_second,
	// an empty first_error column.
	f.Add([]byte("concurrency,failed,throughput,tokens_per_second,avg_completion_tokens,first_error\n1,0,0.1872,23.96,128,\n2,0,0.372,47.61,128,\n"))
	// Batch bm: a level column named "level" beside an engine cap, a rate
	// that is the input rate plus the output one.
	f.Add([]byte("step,max_num_seqs,level,prefill_tps,decode_tps,per_replica_tps\na,256,16,400.0,1600.0,2000\na,256,32,700.0,2800.0,3500\na,256,64,1000.0,4000.0,667 / 693\n"))
	// Run names that write their level, result files with timestamps
	// (levelnamedkeys.go, series.go).
	f.Add([]byte("suite,experiment,offered_rate,output_tok_s,result_file\nbase,in512-rate1,1.00,145.7,r/a/20260519T210415Z/x-1.0qps-20260519-210511.json\nbase,in512-rate1,1.00,145.6,r/a/20260519T220959Z/x-1.0qps-20260519-221056.json\nbase,in512-rate2,2.00,205.8,r/b/20260519T210922Z/x-2.0qps-20260519-211022.json\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := readCSV("t.csv", b, Meta{})
		checkResult(t, s, err)
		s, err = readCSV("t.csv", b, Meta{GPUs: 4})
		checkResult(t, s, err)
	})
}

func FuzzMarkdown(f *testing.F) {
	// Batch ck: a level's column packing its setups beside two label
	// columns; a node count beside the GPU count; a load sign in brackets.
	f.Add([]byte("| GPU | Weight | c=1 baseline / DFlash | c=4 baseline / DFlash | c=16 baseline |\n|---|---|---:|---:|---:|\n| gfx1151 | 17GB | 10.50 / 21.37 | 21.93 / 32.42 | 34.47 |\n| gfx1151 | dyn | 9.21 / 19.69 | 20.99 / 31.10 | 31.05 |\n"))
	f.Add([]byte("1 × NVIDIA B300 NVL8 node (8 × B300)\n\n| Conc | tok/s/GPU |\n|---|---|\n| 1 | 13 |\n| 4 | 46 |\n| Batch (8) | 87 |\n"))
	// Batch cf: report rows naming their level among other words, rows
	// listing levels over packed cells, cell sweeps, a bracket naming what
	// the cells' brackets hold.
	f.Add([]byte("| | A | B |\n|---|---|---|\n| Load | 21.02 GiB in 8.5 s | 19.78 GiB |\n| Single decode | **58.1 tok/s** | 48.8 tok/s |\n| 4 / 8 / 16 agents | 226 / 357 / 790 tok/s | 184 / 348 / 645 tok/s |\n| Power 1 / 16 agents | 222 W / 249 W | 235 W / 250 W |\n"))
	f.Add([]byte("| Workload, tok/s | First | Repeat |\n|---|---:|---:|\n| Coding C1 decode | 82.71 | 82.73 |\n| Coding C4 aggregate | 202.38 | 211.81 |\n| C3 / C5 / C16 (8K, 32K) tok/s | 86.8 / 114.9 / 209.5, 212.5 | – |\n"))
	f.Add([]byte("| Metric | Result |\n|---|---|\n| Agent concurrency | C8=379 / **C16=497 peak** / C32=404 tok/s aggregate |\n| Aggregate decode | 46.0 (x2) · 53.3 (x4) · **157.0 tok/s (x16)**, per-stream 12.3 at x16 |\n"))
	f.Add([]byte("### Concurrency (aggregate tok/s, per-request in parens)\n\n| C | prose |\n|---:|---|\n| 1 | 48.7 (48.7) |\n| 2 | 55.7 (27.9) |\n"))
	// Batch ca: a line under the table naming the rate as a sentence; a
	// sentence above naming it; an aggregate row with a remark.
	f.Add([]byte("| Users | prose | code |\n|---:|---:|---:|\n| 1 | 68.7 | 109.0 |\n| 4 | 147.4 | 230.0 |\n\nAggregate tokens a second. One stream: 35 tok/s.\n"))
	f.Add([]byte("Aggregate tok/s, per-stream in brackets.\n\n| Reply | Workload | 1 user | 2 users |\n|---|---|---:|---:|\n| 512 | code | 106 | 197 (98) |\n"))
	f.Add([]byte("| metric | kit |\n|---|---:|\n| C1 / C2 / C4 aggregate | 32.2 / 46.7 / 37.6 (C4 per stream 9.2) |\n| prefill | 1,073 tok/s |\n"))
	// Corpus refusals after batch bz: a node-first unitless pair; rows
	// continuing one sweep two levels at a time; a label listing levels
	// and the unit; bare levels whose load's word the last item writes.
	f.Add([]byte("| C | A aggregate / stream |\n|---:|---:|\n| 1 | 46.8 / 49.1 |\n| 2 | 77.3 / 44.3 |\n| 4 | 129.2 / 35.4 |\n"))
	f.Add([]byte("| Row | Result |\n|---|---|\n| 2 / 4 streams together | 121.6 / 166.6 tok/s aggregate |\n| 8 / 16 streams | 272.0 / 308.4 tok/s aggregate |\n"))
	f.Add([]byte("| | bf16 | fp8 |\n|---|---:|---:|\n| Decode, prose, 1/2/4/8 clients (tok/s) | 48.2 / 82.4 / 144.4 / 222.8 | 49.0 / 85.1 / 144.0 / 236.6 |\n"))
	f.Add([]byte("| Metric | Value |\n|---|---|\n| Concurrency (aggregate) | 20 @1 · 35 @2 · 69 @4 · **193 tok/s @16 streams**, 0 errors |\n"))
	// Batches bs and bt: a long table's level once per group of metric
	// rows with a ratio row; a bracketed caption under the table; run
	// names listed in several headers; unitless agg beside per-stream; a
	// summary cell listing the sweep; a figure at its own setting after
	// the levels.
	f.Add([]byte("| Concurrency ($cc$) | Metric | K=5 | K=3 |\n|---|---|---|---|\n| **$cc=1$** | Aggregate tok/s | 25.8 | 28.1 |\n| | Acceptance Ratio | 42.9% | 56.8% |\n| **$cc=4$** | Aggregate tok/s | 40.8 | 42.4 |\n| | Acceptance Ratio | 42.2% | 56.0% |\n"))
	f.Add([]byte("| arm | c=1 | c=2 | c=4 |\n|---|---|---|---|\n| recipe | 21.3 | 46.7 | 74.5 |\n\n(output tok/s aggregate)\n"))
	f.Add([]byte("| Concurrency | First-turn TTFT A1 / B1 (s) | Output tok/s A1 / B1 |\n|---|---|---|\n| 1 | 13.1 / 16.5 | 8.07 / 8.00 |\n| 2 | 16.6 / 22.0 | 14.8 / 13.5 |\n"))
	f.Add([]byte("| conc | FP8 agg | FP8 per-stream |\n|---|---|---|\n| 1 | 23.0 | 24.4 |\n| 4 | 61.9 | 16.7 |\n| 16 | 145.8 | 10.1 |\n"))
	f.Add([]byte("| 指标 | 数值 |\n|---|---|\n| 并发聚合 | C=1 70.4 · C=2 149.4 · **C=4 255.5** tok/s |\n"))
	f.Add([]byte("### Throughput (decode t/s)\n\n| KV | ctx | c1 | c2 | c4 | prefill @4K |\n|---|---|---|---|---|---|\n| fp8 | 172K | 129 | 253 | 492 | 9,607 |\n"))
	// Batch bp: a level still to run, a capacity table above a rate sweep
	// of offered and served rates, a curve's own metric row, a goodput
	// defined as tokens beside a window rate.
	f.Add([]byte("| Batch | Aggregate tok/s | TTFT |\n|---|---|---|\n| 1 | 4.5 | 59s |\n| 8 | 28.5 | 30s |\n| 32 | TBD | TBD |\n"))
	f.Add([]byte("| | KV cache | Requests at once |\n|---|---|---|\n| bf16 | 283,904 tokens | 221 |\n\n| Rate (req/s) | Mode | Requests/s | Output tokens/s |\n|---|---|---|---|\n| 1 | bf16 | 0.94 | 239.7 |\n| inf | bf16 | 5.68 | 1453.6 |\n"))
	f.Add([]byte("| aggregate tok/s | C1 | C2 |\n|---|---|---|\n| baseline | 64.1 | 96.1 |\n| Lane A | 63.2 | **117.0** |\n| TTFT, Lane A | 0.200 | 0.254 |\n"))
	f.Add([]byte("`Goodput` counts completion tokens over the whole level.\n\n| C | Goodput tok/s | Output-window tok/s |\n|---|---|---|\n| 1 | 9.41 | 12.57 |\n| 4 | 20.46 | 36.21 |\n"))
	// Full-width pairs, an SLO limit, unnamed columns under a speed word
	// (before and from batch bn).
	f.Add([]byte("The speed benchmark.\n\n| N | v1 | v2 |\n|---|---|---|\n| 1 | 146.8 | 127 |\n| 2 | 120.2 | 110 |\n| 4 | 230.4 | 200 |\n| 8 | 330 | 260 |\n"))
	f.Add([]byte("| 并发 | 输出吞吐 tok/s | Mean／P95 TTFT，s | slo_ttft_limit_s |\n|---|---|---|---|\n| 1 | 50 | 0.5／0.9 | 10 |\n| 4 | 170 | ／ | 10 |\n"))
	f.Add([]byte("| leaf / node | GPUs | per GPU | tok/s | TTFT p99 ms | note |\n|---|---|---|---|---|---|\n| gb300-eks (p6e) | 4 | 256 | **20,769** | 33,320 | past |\n"))
	f.Add([]byte("| metric | conc=4 | conc=16 |\n|:--|--:|--:|\n| output tok/s | 373 | 1,321 |\n| TTFT p99 (ms) | 27.3 | 42.8 |\n"))
	f.Add([]byte("| concurrency | tok/s | TTFT (s) |\n|---|---|---|\n| ~0.49 | 64 | \\| |\n"))
	f.Add([]byte(captionedMetricTables))
	// Ranges in cells and packed parts, peak words (packedcells.go).
	f.Add([]byte("### 동시 요청 — 총 Decode 처리량 (t/s)\n\n| 동시 요청 수 | tg128 총합 | tg128 피크 | TTFT |\n|---|---|---|---|\n| 1 | 27.0 | 28 | 0.74-0.79 s |\n| 4 | 60~67 | 85~88 | 1.2 s |\n| 8 | 59~91 | 152~160 | 2-3 s |\n"))
	// Before batch bk: flags in labels, a cell legend over packed series,
	// runs in one cell beside a range, a probe row, k6 percentiles.
	f.Add([]byte("| Date | Bench | TTFT p50 | Aggregate |\n|---|---|---|---|\n| d1 | `--runs 3 --concurrency 1` | 0.5 s | 12 tok/s |\n| d2 | `--concurrency 4` | 0.55 s | 31.5 tok/s |\n| d3 | `-np 8 --request-rate inf` | 0.9 s | 50 tok/s |\n"))
	f.Add([]byte("Cell = tok/s per user / total tok/s / time to first token.\n\n| At once | A | B |\n|---|---|---|\n| 1 | 50.0 / 48 / 0.3 s | 40 / 39 / 0.5 s |\n| 4 | 45.0 / 170 / 0.4 s | — |\n"))
	f.Add([]byte("two runs each:\n\n| conc | Gen/s | TTFT |\n| --- | --- | --- |\n| c1 | 163.7 / 167.5 | 0.15 s |\n| c4 | 313.0, 315.1 tok/s | 0.74–0.79 s |\n| 12 agents at ~25.6k prompt tokens | 97.7 | 42.99 s |\n"))
	f.Add([]byte("| Virtual Users | Tensor parallelism degree | Latency (ms/token) p(90) | Thorughput (tokens/second) |\n|---|---|---|---|\n| 5 | 8 | 40.1 | 46.8 |\n| 20 | 8 | 44.5 | 496.2 |\n"))
	// Batch bk: bracketed statistics after a value, a shared metric over
	// listed parts, np=N levels beside a "none" label, a no_cap column,
	// a one-stream column beside aggregates.
	f.Add([]byte("| Field | Value |\n|---|---|\n| Precision | `fp8` TP`1` |\n\n| Metric | conc=2 | conc=4 |\n|---|---|---|\n| Mean TTFT | **11.80s** (p50 0.74s · p99 77.6s) | 20.85s (p50 5.98s · p99 106.1s) |\n| Input / Output tput/GPU | 3,417 / 9.3 tok/s | 3,309 / 9.6 tok/s |\n"))
	f.Add([]byte("| Drafter | np=1 | np=2 | no\\_cap |\n|---|---|---|---|\n| A | 21.22 | 15.87 | 30 |\n| **none** | 11.11 | **20.14** | 31 |\n"))
	f.Add([]byte("| Model | c1 decode tok/s | c2 agg tok/s | c4 agg tok/s |\n|---|---:|---:|---:|\n| m1 | 136 | **271** | — |\n"))
	// Before batch bl: a level per line with several metrics on it, and
	// req/s beside an output cap.
	f.Add([]byte("## Results\n\n- c=1 → 30.29 tok/s · TTFT p50 40 ms · TPOT 11 ms\n- c=8 → 206 tok/s · TTFT p50 50 ms\n- c=32 → 760.52 tok/s, 1.4 s TTFT, p99 3 s\n"))
	f.Add([]byte("max_tokens: 128\n\n| 并发度 | 吞吐 (req/s) | 平均延迟 (s) |\n|---|---|---|\n| 1 | 0.243 | 4.1 |\n| 2 | 0.438 | 4.5 |\n| 4 | 0.511 | 6.8 |\n"))
	// Batch bl: Swedish headers, a device after "single", an "(agg)"
	// remark in labels, a title naming a rate over a column of times.
	f.Add([]byte("| användare | första token | tok/s per användare | tok/s totalt |\n| --- | --- | --- | --- |\n| 1 | 1,3 s | 118 | 86 |\n| 8 × 32k | 30 s | 23 | 53 |\n"))
	f.Add([]byte("| Test | TP=1 single Spark (NEXTN) | Delta |\n|---|---|---|\n| tg128 c1 | 22.6 t/s | −64% |\n| tg128 c4 (agg) | 54.3 t/s | −53% |\n| prefill pp512 c1 | 931 t/s | −35% |\n"))
	f.Add([]byte("**Throughput, single GPU**\n\n| `BATCH_MAX_SIZE` | Tok/s | sd | p50 |\n|---:|---:|---:|---:|\n| **32** ← optimum | **656.9** | 3.5 | **5.33 s** |\n| 64 | 585.0 | 34.7 | 12.07 s |\n"))
	// Before batch bm: levels written as requests in any language, a
	// llama.cpp tg/s beside its prompt size, a bare tg/s column.
	f.Add([]byte("#### GPU 동시 처리량 (aggregate tok/s)\n\n| 모델 | 1 요청 | 2 요청 | 4 요청 |\n|---|---|---|---|\n| a | 45.1 | 434.2 | 483.3 |\n| b | 44.2 | 387.1 | 445.3 |\n"))
	f.Add([]byte("| pp | c1 tg/s | c2 tg/s | c4 tg/s | c1 TTFT | c2 TTFT |\n|----|---|---|---|---|---|\n| 512 | 44.59 | 66.13 | 78.50 | 500 ms | 1114 ms |\n| 2048 | 44.34 | 69.17 | 76.94 | 1017 ms | 1313 ms |\n"))
	// Batch bi: bare per-second cells, sweeps in prose lines and wrapped
	// sentences (loadcellrates.go, proselines.go).
	f.Add([]byte("| offered | completed | tok/s | batch |\n|---|---|---|---|\n| 0.86/s | 0.79/s | 101 | 4 |\n| 1.90/s | 1.73/s | 221 | 9 |\n| 3.99/s | 3.49/s | 446 | 17 |\n"))
	f.Add([]byte("batch 1, input 128, output 256: **30.29 token/s**\nbatch 8, input 128, output 256: **206.32 token/s**\nbatch 32, input 128, output 256: **760.52 token/s**\n\nMeasured: 36.4 tok/s single-stream,\n168.5 tok/s @ 8 concurrent, 498.3 tok/s @ 32 concurrent.\n"))
	// Batches bg and bh: a sweep in one row of a summary table, a dot
	// grouping thousands, packed cells with a memory part, a ladder of
	// requests per group of rows.
	f.Add([]byte("| Metric | Value |\n|---|---|\n| Decode aggregate, C1 / C2 / C4 | 39.4 / 61.3 / 87.4 tok/s |\n| Decode aggregate (temp 1.0) | c1 **14.8** · c4 **38.2** · c8 56.7 tok/s |\n"))
	f.Add([]byte("| Concorrência | Tok/s agregado | Pares/seg |\n|---|---|---|\n| 16 | 252 | 0.15 |\n| 48 | 1.149 | 0.64 |\n| 64 | 1.751 | 1.06 |\n"))
	// Batch bj: dash remarks, an open-ended top row, labels writing the
	// level, a bare statistic, legend sentences, progress lines
	// (bjrules_test.go).
	f.Add([]byte("Columns: **agg** is aggregate tok/s.\n\n| Label | X | N | agg | latency p50 | p95 |\n|---|---|---|---|---|---|\n| active1 | 1 | 512 | 40 — warm | 5.7 s | 5.9 s |\n| active2 | 2 | 512 | 80 | 7.8 s | 10.5 s |\n| active4 | 4 | 512 | 150 · cold | 13 s | 20 s |\n| 8+ | 8 | 512 | ~150 | | |\n"))
	f.Add([]byte("    Batch    1 ... 162.0 tok/s  (1/1 ok)\n    Batch    8 ... 875.2 tok/s  (8/8 ok)\n    Batch   32 ... 4,056.6 tok/s  (31/32 ok)\n"))
	f.Add([]byte("| policy | batch 1 | batch 2 | batch 8 |\n|---|---:|---:|---:|\n| Full tok/s / TPOT / peak | 61.6 / 16.2 ms / 5.4 GiB | 103.2 / 19.4 / 8.7 | OOM |\n"))
	f.Add([]byte("## Scaling (aggregate t/s)\n\n| 请求数 | 输入长度 | a-1b | b-2b |\n|---:|---:|---:|---:|\n| 1 | 64 | 27.9 | **CRASH** |\n| 4 | 64 | 88.2 | skip |\n| 1 | 256 | 27.3 | 9 |\n"))
	// Batch ba's shapes: a caption's first clause, labelled levels with
	// curves, a load of requests times their size, a rate packed with a
	// percentage beside ratios derived from the levels.
	f.Add([]byte("Aggregate generation throughput in tokens/s; all failure rates were 0%.\n\n| Model | c=1 | c=2 | c=4 |\n|---|---|---|---|\n| A | 87.0 | 127.6 | 167.0 |\n"))
	f.Add([]byte("| Scenario | Out TPS | Concurrency |\n|---|---|---|\n| Sync Free-form | 20.5 | 1.0 |\n| Sync Structured | 21.0 | 1.0 |\n| 5 RPS Free-form | 152.0 | 80.9 |\n| 5 RPS Structured | 157.8 | 83.6 |\n"))
	f.Add([]byte("| Carga | tok/s |\n|---|---|\n| 1 × 64 tokens | 200 |\n| 4 × 64 tokens | 497 |\n| 8 × 64 tokens | 887 |\n| 1 × hasta 256 | nan |\n"))
	f.Add([]byte("| Model | C=1 tok/s / accept | C=2 tok/s / accept | C8 / C1 |\n|---|---|---|---|\n| A | 185.8 / 68.2% | 247.0 / 69.0% | 2.88× |\n"))
	f.Add([]byte("> | Config | Engine | c=1 tok/s | c=16 tok/s |\n> |---|---|---|---|\n> | FP16 | vLLM | 80 | 1,094 |\n> | FP16 | SGLang | 61 | 829 |\n"))
	f.Add([]byte("| Cell | BF16 tok/s, TTFT p50, TPOT p50 | FP8 |\n|---|---|---|\n| 1 | 65.2, 0.34 s, 14.1 ms | 72.5, 0.53 s, 11.9 ms |\n"))
	// A timed-out level, a variant row, a restated offered rate, a level
	// in a tuple cell (avrules_test.go, awrules_test.go).
	f.Add([]byte("| QPS (offered tok/s) | prompt / concurrency | Valid | a alone | TTFT avg/p99 |\n|---|---|---|---|---|\n| 2 (256) | 1.4K / c1 | 16/16 | 254 tok/s | 224/240 ms |\n| 4 (512) | 1.4K / c4 | 0/16 | — | >120 s |\n| 4, steady-state | 1.4K / c4 | 16/16 | 300 | 1/2 s |\n"))
	f.Add([]byte("| 并发 | tok/s bf16 → fp8 | TTFT (ms) |\n|---|---|---|\n| 8 requests | 463.1 → 676.5（+46%） | 2 022 |\n| 16 requests | 853.6 → 1 236.3 | 2 991 |\n"))
	f.Add([]byte("| Engine | Mode | BS | tok/s (per-stream / aggregate) | TTFT (ms) |\n|---|---|---|---|---|\n| A | TP | 1 | 79.1 / 78.8 | 40 |\n| ″ | | 2 | 70.3 / 137.0 | —（n/a） |\n"))
	// A fenced CSV block, a unitless per-stream / aggregate pair, ∅ cells
	// (ayrules_test.go).
	f.Add([]byte("## Raw\n\n```csv\nconcurrency,throughput_tok_s\n1, 48.1\n4,\"1,72\"\n```\n\n| n | base per-user / agg | d |\n|---|---|---|\n| 1 | 82.8 / 83 | ∅ |\n| 16 | 29.9 / 459 | 29.4 / 457 |\n"))
	f.Add([]byte("| Gleichzeitige Anfragen | Erstes Token (Median) | Antwort komplett (Median / p95) | Token/s gesamt |\n|---|---|---|---|\n| 1 | 0,65 s | 0,96 s / 1,14 s | 1.077,5 |\n| | | | |\n| 8 | 0,92 s | 1,67 s / 2,08 s | 310 |\n"))
	f.Add([]byte("| Concurrency | Aggregate Throughput (tok/s) | Latency & Per-Stream Decode |\n|---|---|---|\n| **1** | 37.1 | Single-stream decode ~43.8 tok/s |\n| **2** | | Linear scaling |\n| 4 | | n/a (OOM) |\n"))
	// Batches bc and bd (bcrules_test.go): a fenced JSON list below a
	// settings table, a slug label in a link, curves named after a comma,
	// a long table with a comparison column, labels ending with the levels
	// the prose lists.
	f.Add([]byte("| field | value |\n|---|---|\n| Engine | vllm |\n\n## Curve\n\n```json\n[{\"concurrency\": 1, \"output_tok_s\": 60.0}, {\"concurrency\": 4, \"output_tok_s\": 220.0},\n {\"concurrency\": 16, \"output_tok_s\": 700.0}]\n```\n"))
	f.Add([]byte("| Cell | Aggregate tok/s |\n|---|---|\n| [`gguf-hip-base-c1-ctx8192`](c/a.json) | 10 |\n| [`gguf-hip-base-c4-ctx8192`](c/b.json) | 30 |\n"))
	f.Add([]byte("| concurrency | output tok/s, kern / native | TTFT p50 ms |\n|---|---|---|\n| 1 | 98 / 94 | 51.7 / 64.3 |\n| 8 | 655 / 638 | 374 / 319 |\n"))
	f.Add([]byte("| Req rate | Metric | A | B | B advantage |\n|---|---|---|---|---|\n| 1 | Duration | 90 s | 45 s | 2.0x faster |\n| 1 | Output tok/s | 80 | 160 | 2.0x |\n"))
	f.Add([]byte("Workloads: batch 1/2/4.\n\n| Workload | tok/s |\n|---|---|\n| short-1024-1 | 90 |\n| short-1024-2 | 160 |\n| short-1024-4 | 280 |\n"))
	f.Add([]byte("<h3>Rate</h3>\n<table>\n<tr><th>Batch</th><th><span>Throughput (tok/s)</span></th></tr>\n<tr><td colspan=\"2\">2× H100</td></tr>\n<tr><td>1</td><td>142.58</td></tr>\n<tr><td>8</td><td>1,070.96</td></tr>\n</table>\n"))
	f.Add([]byte("<table><tr><td colspan=\"999999999\">x</td><td><table><tr><td>1</td></tr></table></td></tr><tr><th>c</th></tr>"))
	f.Add([]byte("| Node | Hardware | c1 | c4 | Ceiling |\n|---|---|---|---|---|\n| a | GPU | 1 | 5<br>6 | **5** |\n\nAll tps = aggregate completion tokens/sec.\n"))
	// Curves written as text (inlinecurves_test.go): one in each cell, one
	// inline in a sentence; λ heading a rate.
	f.Add([]byte("| model | decode (aggregate tok/s) |\n|---|---|\n| A | 410 at C1, 1,502 at C8, 3,090 at C32 |\n| B | 300–320 at C1, 2,000 at C16 |\n"))
	f.Add([]byte("## Scaling\n\nFull curve (tok/s): `c1=14.5 / c4=52 / c16=200 / c64=560`.\n"))
	f.Add([]byte("| 요청 λ | 출력 tok/s | TTFT p50 ms | TPOT p50 ms | att TPOT |\n|---:|---:|---:|---:|---:|\n| 10 | 2,000 | 60 | 40 | 0.90 |\n| 20 | 3,600 | 70 | 60 | 0.45 |\n"))
	// Batch be (berules_test.go): camel-cased headers, a corner counting
	// the levels under a caption, "level" under a load heading, the offered
	// "Load (req/s)" beside a measured in-flight count.
	f.Add([]byte("Aggregate tokens per second across all requests.\n\n| Requests | 1 | 2 | 3 |\n| --- | ---: | ---: | ---: |\n| a | 20.0 | 36.0 | 49.0 |\n| a's advantage | +11% | +20% | +48% |\n"))
	f.Add([]byte("## Concurrency sweep\n\n| level | AggTPS | ReqTPS |\n|--:|--:|--:|\n| 1 | 110.0 | 110.0 |\n| 2 | 200.0 | 100.0 |\n| 4 | 310.0 | 77.5 |\n"))
	f.Add([]byte("| Load (req/s) | In flight | bs | overall tok/s | decode-only tok/s |\n|---|---|---|---|---|\n| 0.5 | 2.0 | 8 | 150 | 55 |\n| 1.0 | 4.1 | 16 | 280 | 100 |\n"))
	// Batch bu (burules_test.go): thresholds beside a verdict, run ids
	// that share a level, an output length stated in prose.
	f.Add([]byte("| Case | Level | Verdict | tok/s | Threshold |\n|---|---|---|---|---|\n| B-001 | 1 | **PASS** | 269.7 | p99≤30000, rps≥0.3 |\n| B-002 | 10 | PASS | 604.4 | p99<=30000 |\n| B-005 (TTFT) | 1 | PASS | 299.6 | TTFT p95≤5000 |\n"))
	f.Add([]byte("| c | A agg | per-stream | TTFT | B agg | per-stream | TTFT |\n|---|---|---|---|---|---|---|\n| 1 | 64.3 | 64.3 | 1.2 s | 61 | 61 | 2 s |\n| 2 | 111 | 55.5 | | 92.5 | 46 | 4 s |\n| 3 | x | 47 | 3 s |\n"))
	f.Add([]byte("## R (decode tok/s)\n\n| Setup | C1 | C4 | KV tokens | TTFT, median / last |\n|---|---|---|---|---|\n| A | 207 | 488 | 1,093,386 @1M | 9.9 s / 9.9 s |\n| B | 306 | | — | 1 s / |\n"))
	f.Add([]byte("| NUM_PARALLEL | agg tok/s | worker margin |\n|---|---|---|\n| 2 | 171 | ~4.1 GiB |\n| 4 | 276 | 83 MiB |\n"))
	f.Add([]byte("Each request generates 50 tokens; 64 new tokens each on long prompts.\n\n| users | req/s |\n|---|---|\n| 1 | 0.9 |\n| 4 | 3.2 |\n"))
	f.Add([]byte("384 tok/stream\n\n| conc | per-stream median | aggregate |\n|---|---|---|\n| 1 | 34.6 | 34.6 |\n| 2 | 31.2 | 62.4 |\n| 4 | 19.7 | 78.9 |\n"))
	f.Add([]byte("| Concurrency | A | B |\n|---|---|---|\n| c=4 | 664ms, 397 tok/s | 1,641ms, 161 tok/s |\n| c=8 | 718ms, 682 tok/s | 9ms |\n"))
	seed(f, "sweeps/jtchilders-laguna-s21-nvfp4-gb10-vllm.md", "sweeps/dsv4flash-0731-1xdgxspark-maxseqs1-vllm.md",
		"sweeps/yeqcharlotte-router-llmd-pd-llama31-8b-16gpu.md", "sweeps/pallavim1-gemma4-26b-rtxpro6000-g4-1k1k.md")
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := readMarkdown("t.md", b, Meta{})
		checkResult(t, s, err)
	})
}

func FuzzAligned(f *testing.F) {
	for _, n := range []string{"tabulate-simple.txt", "tabulate-plain-title.txt", "rich-heavy-head.txt", "column-t.txt"} {
		b, err := os.ReadFile("testdata/aligned/" + n)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	// Before batch cd: a script's comment lines between the header and the
	// rows of its table.
	f.Add([]byte("conc   prompts  out_tok/s    tpot_ms_mean ttft_ms_p99 req/s\n64     128      3255.3       18.58       1644.4      3.18\n128    256      5903.5       19.94       2907.7\n"))
	f.Add([]byte("### sweep tp=16\nconc   prompts  out_tok/s\n### warmup (discarded)\n64     128      3255.3\n### x\n128    256      5903.5\n#\n"))
	f.Add([]byte(" users | output tok/s | ttft p99 (ms)\n-------+--------------+---------------\n     8 |         2544 |           386\n"))
	// Batches bx and by: llm-decode-bench's grid, its corner naming rows and
	// levels, value + TTFT/ITL cells, a running/requested mark, a skipped cell.
	f.Add([]byte("Aggregate tok/s  + TTFT/ITL\n╭──────┬────────────┬───────────────────╮\n│ ctx \\ conc │ 1 │ 4 │\n├──────┼────────────┼───────────────────┤\n│ 0 │ 187.4 42/5 │ 452.1 (4/4) 235/9 │\n│ 32k │ 196.0 123/5 │ ∅ (16/16)* 5k/19 │\n╰──────┴────────────┴───────────────────╯\n"))
	// Batch bq: a fenced console table under a metric heading with a
	// footnote under the fence; columns a sentence defines as tokens over
	// a time.
	f.Add([]byte("### Throughput (tok/s across levels)\n\n```\nLevel    base    spec\n   1     75.6    77.1*\n   2    120.7   119.2\n```\n* spec saturates\n"))
	f.Add([]byte("Aggregate = total tokens / batch wall time.\n\n```\nconc   vLLM agg   vLLM/req\n   1      148.9      150.4\n   2      287.0      145.7\n```\n"))
	f.Add([]byte("Concurrency  1 |   48.4 tok/s | 3.1s total\n  req 1/1: 777 chars | 3.10s\nConcurrency  2 |  115.9 tok/s | 2.6s total\nConcurrency  4 |  224.7 tok/s | 2.7s total\n"))
	f.Add([]byte("Clients   Throughput   TTFT p99\n          tok/s        s\n8         2,544        0.386\n"))
	// A card flattened to single spaces, each row led by its label
	// (wordspaced.go, before batch bm).
	f.Add([]byte("Configuration Concurrency Aggregate tok/s Per-stream tok/s\nFP8 baseline 10 900.5 90.1\nFP8 baseline 40 2,400.0 60.0\nFP8 baseline (peak) 160 3,200.0 20.0\n"))
	// Level tables under "Concurrency = N" lines, each ending with the
	// run's "overall" row (partitionsummary.go).
	f.Add([]byte("Concurrency = 1\ncategory  samples  agg_pred_t/s\n--------  -------  ------------\ncoding          2         80.1\noverall         2         80.1\n\nConcurrency = 2\ncategory  samples  agg_pred_t/s\n--------  -------  ------------\ncoding          4        120.0\noverall         4        120.0\n"))
	f.Add([]byte("1 | # concurrency  throughput_tok_s\n2 | # ------\n3 | # 1            30.5\n4 | # 4            110.0\n"))
	// A pandas frame wrapped in blocks, under a notebook's cell label
	// (notebookframes_test.go).
	f.Add([]byte("[notebook cell 3]\n   num_prompts  duration_s  \\\n0            1        4.00   \n1            4        4.40   \n\n   output_token_throughput_tok_s  \n0                          15.00  \n1                          55.00  \n"))
	// A frame keyed by a column, its statistics under their measures
	// (pandasindex.go).
	f.Add([]byte("            output_tok_s             ttft_ms\n                    mean median  std    mean median  std\nconcurrency\n1                   42.2   42.1  0.3   120.1  119.0  2.0\n2                   80.2   80.4  1.0   130.4  130.0  3.1\n"))
	// A banner and a barred settings line above a header its next line
	// underlines (batch bn).
	f.Add([]byte("────────\nTHROUGHPUT\n────────\nPrompt tokens: 5 | Generated: 50\n Batch    tokens/sec\n──────  ────────────\n     1          52.4\n     4         202.2\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		_ = looksAligned(b)
		s, err := readAligned("t.txt", b, Meta{})
		checkResult(t, s, err)
		s, err = readAligned("t.txt", b, Meta{GPUs: 4, Units: map[string]string{"ttft p99": "s"}})
		checkResult(t, s, err)
	})
}

func FuzzCell(f *testing.F) {
	for _, c := range []string{"**64**", "5,719 ⚠️", "**128** ⚡", "0.54s", "95 ms", "24.5k", "—", "n/a", "1.05x", "52%", "+66.2%", "~0.49", "12.5 ms†", "900µs", "1,2", "1e400", "NaN", "_x_", "[1]", "3 k tok/s",
		"1 / 16", "64 (current)", "44.5 (peak)", "183.3 tok/s(+120.0%)", "1234 ± 56", "inf", "768k", "1M", "OOM (3.6 GiB short)", "0.20 s",
		"2 022", "1 234,5", "463.1 → 676.5（+46%）", "—（仅 4 槽）", "1 request", "79.1 / 78.8 t/s", "″", "0,65 s", "1.234,5 tok/s", "~0,4",
		"91 agg (peak 107) / 18 per req", "253.7 (222.7–276.2) agg · 31.7 (27.8–34.5) per stream", "141–146 tok/s", "32 → 32.4 tok/s", "664ms, 397 tok/s"} {
		f.Add(c)
	}
	f.Fuzz(func(t *testing.T, cell string) {
		cv, ok, err := parseCell(cleanCell(cell))
		if err != nil || !ok {
			return
		}
		if math.IsNaN(cv.v) || math.IsInf(cv.v, 0) || math.IsNaN(cv.half) {
			t.Fatalf("%q gave %v", cell, cv.v)
		}
		for _, c := range []column{classify("TTFT p99"), classify("Output tok/s"), classify("Throughput (k tok/s)"), classify("concurrency"), classify("Req/s")} {
			r, ok, err := readValue(c, cell)
			if err == nil && ok && (math.IsNaN(r.v) || r.v < 0) {
				t.Fatalf("%q in %q gave %v", cell, c.header, r.v)
			}
		}
	})
}

func FuzzHeader(f *testing.F) {
	for _, h := range []string{"TTFT (s)", "ttft_p99_s", "Throughput (k tok/s)", "tok/s per user", "max_concurrency", "Δ vs prev", "Conc.", "P99 TTFT (µs)", "conc=4",
		"并发数", "首字延迟(ms)", "总吞吐 (tok/s)", "aggregate t/s", "J/tok", "Peak temp (°C)", "throughput_median", "N (parallel)", "k8s TTFT mean", "Request throughput (req/s)", "スループット", "Durchsatz (tok/s)",
		"Context ($S$)", "Users ($B$)", "Requested C", "Input tokens/request", "tokens_per_request", "mean acc len"} {
		f.Add(h, "s")
	}
	f.Fuzz(func(t *testing.T, h, u string) {
		c := classify(h)
		_ = c.key()
		_, _ = ParseUnitFlags([]string{h + "=" + u})
		_, _ = ParseColumnFlags([]string{u + "=" + h})
		body := "| c | " + strings.ReplaceAll(h, "\n", " ") + " | TTFT p99 ms |\n|---|---|---|\n| 8 | 10 | 50 |\n"
		s, err := readMarkdown("t.md", []byte(body), Meta{})
		checkResult(t, s, err)
	})
}

func FuzzTableShapes(f *testing.F) {
	dirs, err := os.ReadDir(fixtures.Path("corpus"))
	if err != nil {
		f.Fatal(err)
	}
	for _, d := range dirs {
		if b, err := os.ReadFile(fixtures.Path(filepath.Join("corpus", d.Name(), "table.md"))); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := readMarkdown("t.md", b, Meta{})
		checkResult(t, s, err)
		s, err = readMarkdown("t.md", b, Meta{Series: "vllm", GPUs: 8})
		checkResult(t, s, err)
	})
}
