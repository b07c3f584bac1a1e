package read

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// The corpus (fixtures/corpus, one folder per real public table with its
// SOURCE.md) is what keeps the reader general: every entry is read as a
// user would, first with no flag, then with the flags its refusal names.
// Each reading is pinned by a golden (testdata/corpus/*.golden: the sweep,
// or the refusal), and every number read is checked against the entry's
// hand transcription (expected.json), so a golden cannot pin a wrong value.

// corpusFlags are the flags a refused entry's message names, and with which
// it then reads. An entry absent here is read without flags only.
var corpusFlags = map[string]Meta{
	"bu-vllm-llamacpp-qwen25-0p6b-7b-14b-32b-martinvalentine-gpu-cluster-benchmarking-20260612-034955-summary-csv":       {Series: "Qwen2.5-0.6B Q4_K_M / unknown / concurrent_1.tsv"},
	"bu-vllm-llamacpp-qwen25-0p6b-7b-martinvalentine-gpu-cluster-benchmarking-20260612-044336-report-tsv":                {Series: "vllm / Qwen2.5-0.6B"},
	"bu-vllm0280-4x-gb200-tp4-ep-qwen36-35b-a3b-bf16-w4a16-w4a4-nvfp4-aiperf-nvidia-model-optimizer-qad-tutorial-readme": {Series: "BF16 / decode 128/2048"},
	"bv-vllm-repne-v3-2x-rtxpro6000-tp2-qwen36-27b-fp8-mtp3-jcartu-qwen-bench-v3-suite-throughput-json":                  {Series: "0", Columns: map[string]string{"requests": "completed_request_count"}},
	"bv-vllm-sparkinfer-4x-rtxpro6000-tp4-dcp4-mtp3-glm52-exl3-tr3-malaiwah-vast-field-review-final-benchmark-json":      {Columns: map[string]string{"throughput": "output_throughput_tok_s"}},
	"bv-vllm-v17-lmcache-ckv-gather-4x-rtxpro6000-tp4-dcp4-mtp3-glm52-nf3-hybrid-fujitsupolycom-12cell-json":             {Columns: map[string]string{"requests": "completed_request_count"}},
	"bp-vllm024-dgx-spark-gb10-deepseek-coder-v2-lite-fp8-stefanooe-overnight-report":                                    {Series: "backend_auto / single_stream"},
	"bq-vllm-anemll-3x-dgx-spark-gb10-tp2-vs-tp3-dsv4-flash-0731-colonel-otto-decode-concurrency-2v3-fixed":              {Series: "TP=2 / TP=2"},
	"ch-vllm0192-rocm-4x-mi100-gfx908-tp4-qwen36-35b-a3b-gptq8-btbtyler09-vllm-gfx908-round3-full-bench-delta":           {Columns: map[string]string{"throughput": "R2 tok/s"}},
	"bq-vllm-qwen3-4b-fp16-tp2-2x-7900xtx-riscv-qemu-kevindeng-llmbench-2026-05-25-ibp2p":                                {Columns: map[string]string{"throughput": "Baseline (single-VM IF P2P) Aggregate throughput (tok/s)"}},
	"bl-sglang0512-2x-dgx-spark-gb10-qwen36-27b-fp8-tp1-nextn-vs-tp2-al-engr-blog":                                       {Series: "TP=1 single Spark (NEXTN) tg128"},
	"bk-llamacpp-metal-m5-pro-gemma4-e4b-vllm-blog-vllm-metal-announcement":                                              {Series: "4 / Chat"},
	"bk-tpu-inference-pr3080-r7-qwen35-397b-fp8-max-num-seqs-per-dp-rank-commit":                                         {Series: "after / 8192"},
	"bj-nano-pearl-h200-qwen25-qwen3-llama31-spec-decode-burglar123-eurosys27-bench-summary":                             {Series: "models--Qwen--Qwen2.5-1.5B-Instruct / AIME / PEARL / 4.52", Columns: map[string]string{"model": "Draft Model"}},
	"bj-nano-pearl-l40s-qwen25-qwen3-llama31-spec-decode-burglar123-eurosys27-bench-summary-l40s":                        {Series: "models--Qwen--Qwen2.5-1.5B-Instruct / AIME / PEARL / 4.04", Columns: map[string]string{"model": "Draft Model"}},
	"bj-vllm023-ray-serve-l4-qwen25-05b-lora-sarnadabhilash-ray-vllm-systems-lab-phase3":                                 {Series: "off / base-short"},
	"ba-sglang-ollama-strix-halo-gfx1151-qwen35-4b-jeremiahm37-bench-results":                                            {Columns: map[string]string{"throughput": "Ollama agg tps (contaminated)"}},
	"ay-vllm024-dgx-spark-gb10-qwen3-coder-30b-a3b-fp8-stefanooe-overnight-report":                                       {Series: "backend_auto / single_stream"},
	"at-vllm-vs-hf-fastapi-runpod-a40-phi4-mini-lora-lorafrica-benchmarks-readme":                                        {Columns: map[string]string{"throughput": "vLLM TPS (output_throughput)"}},
	"at-vllm0231-rocm-mi210-qwen3-14b-aiter-asm-attention-davetha-ab":                                                    {Series: "stock / 128"},
	"at-vllm0271-rtxpro6000-qwen38-27b-fp8-mtp-ecohash-concurrency-sweep":                                                {Series: "MTP / math"},
	"au-sglang-4x-gb300-tp4-glm53-dflash2-mtp-hf-model-card-throughput-by-concurrency":                                   {Series: "Autoregressive / GSM8K"},
	"aq-abstractcore-native-mlx-vs-omlx-m5-max-qwen38-27b-flash-mtp-c1-c4":                                               {Series: "AbstractCore / 27B / Off"},
	"an-kda-nvfp4-gemm-rtxpro6000-sm120-qwen35-4b-9b-e2e-serving-file-60266625246":                                       {Series: "KDA / Qwen3.5-4B"},
	"ak-llmd-vllm027-4x-tp2-h100-qwen3-32b-selective-kv-loading-guidellm-streams":                                        {Series: "selective", Columns: map[string]string{"throughput": "Total tok/s selective"}},
	"ak-vllm-tpu-inference-qwen35-397b-fp8-inferencex-r3-sharding-table-commit-msg":                                      {Series: "after / 8192"},
	"aj-adallm-rtx4090-qwen3-8b-nvfp4-jangwook-blog-ja":                                                                  {Columns: map[string]string{"concurrency": "バッチサイズ"}},
	"aj-ampere-llamacpp-fork-ampereone-192c-llama3-8b-q4k4-batched-bench-csv":                                            {Series: "12"},
	"aj-ampere-llamacpp-fork-oci-a1-altra-llama32-1b-q4k4-batched-bench-csv":                                             {Series: "10 / 8"},
	"aj-vllm-metal-gh-m1-qwen35-08b-mtp-copyless-promotion":                                                              {Series: "Current MTP / Serving"},
	"ah-llmkube-bench-vllm-vs-llamacpp-2x-rtx5060ti-qwen36-27b-shadowstack-summary-csv":                                  {Series: "llamacpp / agentic"},
	"ah-squeezebits-quick-awq-kernels-4gpus-e2e":                                                                         {Series: "QUICK / Mistral-7B"},
	"ah-vllm-mi355x-gptoss-120b-mxfp4-aiter-moe-a8w4-commit-msg":                                                         {Series: "after / 10000"},
	"ag-vllm-v1-granite31-3b-a800m-moe-tp1-vs-tp2-spotserve-pilot-zh-tw":                                                 {Series: "TP=1 / 4096"},
	"af-sglang-vs-vllm0280-8x-h20-3e-glm53-fp8-aik8s-9-cases-slash-packed-zh":                                            {Series: "SGLang / 128/64"},
	"af-dgx-spark-2x-vllm-deepseek-v4-flash-0731-miaai":                                                                  {Series: "256", Columns: map[string]string{"throughput": "Aggregate tok/s"}},
	"ad-ik-llamacpp-disc164-xeon-e5-2683v4-miqu70b-iq4xs-batched-bench-vs-llamacpp":                                      {Series: "(ik_llama.cpp) / 128 / 128"},
	"ad-bitsandbytes-t4-qwen25-3b-optimum-benchmark-v045":                                                                {Series: "<sub>v0.45.0.dev</sub> / FP16"},
	"ac-vllm-tpu-v6e4-gemma4-31b-xbill-devto-gde":                                                                        {Columns: map[string]string{"throughput": "prefill_tps"}},
	"ab-vllm0251-dgx-spark-gb10-qwen38-27b-nvfp4-int4-messreihe-de":                                                      {Series: "NVFP4 / prosa_decode"},
	"ck-llamacpp-hip-rocm-radeon-8060s-gfx1151-w7900-muse-glimmer-30b-gguf-dflash-aiwork4me-readme-study2":               {Series: "W7900 (gfx1100) 17GB / baseline"},
	"cl-tr-infer-continuous-batching-cpu-dual-xeon-max-9470-flashnext-v3-moe-serve-doc-continuous-bench-lib67502467794":  {Series: "Continuous", Columns: map[string]string{"concurrency": "Sequences"}},
	"z-vllm-l40s-qwen3-8b-awq-bf16-gptq-quantized-llm-serving-phase6-table":                                              {Series: "hf-naive / hf / 0.99"},
	"y-nxdi-neuron-inf2-trn2-trinity-nano-batch-1-2-4-two-column-series-instance-and-tp-single-row-series":               {Series: "1 / N/A (pre-sharded)"},
	"v-vllm0271-a100-qwen25-7b-long-format-metric-rows-mean-stddev-min-max-two-shapes":                                   {Series: "256 / 128"},
	"a-triton-issue7548-a100-trtllm-vs-vllm-transposed":                                                                  {Series: "TensorRT-llm"},
	"w-1cat-vllm-v100-qwen36-27b-awq-zh-transposed-versions-as-rows-loads-in-headers-1-2-5":                              {Series: "1.2.0"},
	"x-vllm-kubeai-8x-l4-llama31-8b-fp8-prefix-routing-bench-serve-blocks-load-in-headings-three-lb-series":              {Series: "KubeAI - Least Load"},
	"x-lmdeploy-turbomind-unknown-gpu-llama2-7b-zh-issue-overall-vs-per-request-tps-columns-no-ttft":                     {Units: map[string]string{"e2el": "s"}, Columns: map[string]string{"throughput": "overall_output_tps"}},
	"v-llamacpp-server-laptop-cpu-i5-qwen25-15b-q5km-1-vs-4-slots-ttft-seconds-3-levels":                                 {Series: "1 slot"},
	"u-chitu-h20-16x-32x-deepseek-r1-671b-bs-sparse-empty-cells-to-2048":                                                 {Series: "16xH20(96GB) TP8PP2"},
	"u-chitu-h20-910b2-dcu-qwen3-32b-bs-hardware-columns-na-cell":                                                        {Series: "2x910B2(64GB)"},
	"u-vllm-h100-vs-hygon-bw1000-vs-kunlun-p800-minimax-m25-zh-chip-columns-diff-pct":                                    {Series: "NVIDIA_H100"},
	"t-hotbatch-m4-gpt2-naive-vs-continuous-mode-rows":                                                                   {Series: "Naive"},
	"t-metal-engine-m1pro-qwen25coder-15b-old-new-build-rows-repeat-rows-bold":                                           {Series: "old"},
	"t-sglang-pr30889-h200-tp8-kimi-k27-rate-arrow-cells-main-vs-pcg":                                                    {Series: "main"},
	"t-zerv-vs-vllm-vs-llamaserver-24gb-final-steady-five-engine-series-bracket-cells":                                   {Series: "zerv-f16@parallel=8,kv-type=f16"},
	"s-a10-mini-infer-qwen25-05b-prefix-cache-off-on-columns-units-in-cells":                                             {Series: "OFF"},
	"s-cpu-4vcpu-pagedbatch-smollm2-135m-max-num-seqs-continuous-vs-static":                                              {Series: "continuous"},
	"s-h200-vllm029-kolibri1-fp8-lastmessung-slash-packed-levels-de":                                                     {Series: "8k-Dokumente"},
	"s-m4-base-escha-mlx-qwen36-35b-w2-served-isl-osl-grid-c-1-8-16":                                                     {Series: "128 / 128"},
	"s-mi300x-vllm023-inferbench-workload-context-band-series-failed-zero-rows":                                          {Series: "single_long / SHORT"},
	"s-sglang-welmv4-tp4-vs-tp4-cp2-32k-2k-resident-concurrency-path-series-backticked-cells":                            {Series: "TP4"},
	"r-2x-dgx-spark-tensorfold-dsv41-flash-exl3-phase-series-per-stream-then-aggregate-ttft-s":                           {Series: "structured"},
	"r-a40-vllm-polyserve-qwen25-3b-spec-ngram-off-on-column-pairs-by-concurrency":                                       {Series: "off"},
	"r-h100-vllm-guidellm-qwen35-9b-rate-headings-baseline-optimized-blocks-observed-max-concurrency":                    {Series: "Optimized benchmark result"},
	"r-h20-custom-engine-dsv4-flash-w4afp8-gemv-tp2-tp4-heading-series-per-req-beside-aggregate":                         {Series: "TP=2"},
	"r-rtx3090-llamacpp-server-np-sweep-qwen36-35b-moe-vs-qwen38-27b-dense-aggregate-last-column-ttft-s":                 {Series: "Qwen3.6-35B-A3B UD-Q4_K_M (MoE, ~3B active)"},
	"r-rtx4060-laptop-realizr-llamacpp-vllm-ollama-qwen25-coder-15b-runtime-columns-dash-cells-scorecard-below":          {Series: "realizr"},
	"r-rtx4070super-llamacpp-six-models-transposed-users-columns-cross-cells-one-slot-per-user":                          {Series: "ornith-9b"},
	"r-zerv-vs-vllm-packed-prefill-multiuser-engine-series-median-min-max-brackets":                                      {Series: "zerv, pack 8"},
	"q-2x-v100-llamacpp-fork-qwen38-flash-next-iq3s-clients-prompt-size-series-mean-first-token-s":                       {Series: "912–916"},
	"q-32-tpu-core-sglang-jax-ring1t-dp-attention-batch-size-config-series-zh":                                           {Series: "DP=4, TP=8"},
	"q-8x-h200-vllm0251-dsv4-flash-0731-dp8-scheduler-configs-clients-256-1024-p95-ttft-s":                               {Series: "batch 2048, seqs 64"},
	"q-dgx-spark-sglang-aiperf-qwen38-27b-fp8-mtp-seed-pair-then-six-level-sweep":                                        {Series: "The larger matched sweep (seed 3000, same server) was"},
	"q-m4-max-higgs-mlx-server-vs-vllm-mlx-llama32-1b-dash-cells-before-series-pr":                                       {Series: "mlx-server (after)"},
	"q-m5-max-omlx-vs-mlx-lm-qwen36-35b-a3b-streams-as-words-units-in-cells-issue":                                       {Series: "oMLX"},
	"q-rtx4090-exllama-fp16-vllm-llama2-7b-batch-type-series-aligned-md-zh-blog":                                         {Series: "exllama"},
	"h-naive-vs-vllm-engines-approx-bold-two-tables":                                                                     {Series: ", same sampler settings; only the serving engine differs"},
	"n-8xh200-sglang-vs-vllm-sigma-v2-fill-down-framework-parallelism-details-block":                                     {Series: "SGLang / TP"},
	"n-a100-vllm-llama3-8b-context-series-column-kv-util-tpot-zero":                                                      {Series: "512"},
	"n-apple-m4-vllm-rs-metal-model-series-descending-loads-details-block-zh":                                            {Series: "Qwen3-0.6B (BF16)"},
	"n-cross-device-spark-pro5000-pro6000-qwen38-27b-seven-series-columns-dashes-zh":                                     {Series: "DGX Spark NVFP4"},
	"n-metax-c500-tp8-sglang-step35-w8a8-two-tables-space-thousands-zh":                                                  {Series: "C500 TP8 实测（2026-07-27，`fake_sharegpt`，`SGLang 0.5.13+maca3.8.1`）"},
	"n-rtx4080s-study-engine-qwen2-05b-zh-version-series-interleaved-rows":                                               {Series: "优化前 V2"},
	"n-rtx4090-vllm-qwen25-7b-bf16-to-fp8-arrow-packed-cells-zh":                                                         {Series: "bf16"},
	"n-rtxpro6000-maxq-vs-ws-vllm0271-qwen38-27b-ttft-separate-section-lanes-ja":                                         {Series: "Lane (input=1024, output=128) Max-Q"},
	"n-rtxpro6000-vllm-llamacpp-qwen38-27b-per-stream-slash-aggregate-cells-zh":                                          {Series: "FP8+MTP"},
	"o-16x-mi300x-vllm0251-pd-wideep-glm51-fp8-isl-osl-series-dagger-loads":                                              {Series: "8000/1000"},
	"o-2xa100-40gb-ray-vllm-qwen2-7b-raw-bench-blocks-num-prompts-load-engine-logs":                                      {Series: "random 1024/1024"},
	"o-8xh100-tp2-vllm-reap-gemma4-arm-series-blank-separator-rows":                                                      {Series: "conc8 / conc16 / conc32 / conc64 — 128/256 vanilla"},
	"o-l20-sglang-0516-0517-0518-qwen38-27b-fp8-version-series-p95-only-zh":                                              {Series: "0.5.16"},
	"o-m3-max-ollama-gemma4-e4b-num-parallel-sweep-failed-row-ja":                                                        {Series: "Gemma 4（`gemma4:e4b`、派生 `gemma4-4k`、`num_ctx` 4096）"},
	"o-m4-pro-adaptive-runtime-llamacpp-qwen35-08b-mode-series-interleaved-3-levels":                                     {Series: "adaptive"},
	"p-a100-vllm019-qwen3-32b-four-quant-paths-series-in-column-groups-zh":                                               {Series: "BF16"},
	"p-gtx1650s-llamacpp-ollama-vllm-qwen3-06b-readme-transposed-bold-row-ratio-table":                                   {Series: "llama.cpp"},
	"p-gtx1650s-llamacpp-ollama-vllm-qwen3-06b-summary-csv-runtime-series-scenario-rows":                                 {Series: "llamacpp / concurrency_sweep / interactive / short / 64"},
	"n-t4-lmdeploy-vllm-sglang-qwen25-3b-transposed-batch-columns-ru":                                                    {Series: "LMDeploy"},
	"n-tpu-v7x-vllm-tpu-inference-glm51-per-chip-column-bold-last-row-ttft-s":                                            {Series: "line 5"},
	"n-trn2-vllm-neuron-nxdi-mimo-v2-flash-batch-size-and-concurrency-tables":                                            {Series: "vLLM Serving (trn2.48xlarge, BF16, BS=32, TP=64/EP=64, CB)"},
	"m-dgx-spark-qwen3-30b-fp8-aiperf-profiles-p95-pass-fail-two-tables":                                                 {Series: "interactive (512/128)"},
	"m-dgx-spark-qwen38-flash-next-llama-swap-requested-vs-ran-429-two-sweeps":                                           {Series: "Sweep 1 — prefill-heavy: 2048 prompt / 128 output"},
	"m-dgx-spark-qwen38-flash-next-times-sign-two-config-tables-zh":                                                      {Series: "65,536 token 全开）——09-05 基线**"},
	"m-guidellm-sweep-qwen3-06b-strategy-column-measured-concurrency-decimals":                                           {Series: "synchronous"},
	"m-inference-bench-a100-qwen25-7b-c-eq-tok-s-column-headers-two-label-cols":                                          {Series: "FP16 / vLLM v0.20.1"},
	"m-inference-bench-summary-csv-engine-regime-key-ttft-seconds":                                                       {Series: "llamacpp / long / 1"},
	"m-mac-studio-m4max-vllm-mlx-two-models-one-without-c1":                                                              {Series: "Qwen3-Coder-30B-A3B-Instruct-4bit"},
	"m-rtx5090-qwen3-8b-vllm-vs-sglang-korean-users-engines-as-columns-ko":                                               {Series: "vLLM"},
	"m-rx6700xt-lmstudio-qwen35-9b-parallel1-flat-vs-parallel4-ttft-seconds":                                             {Series: "`--parallel 1`"},
	"j-27b-4bit-24gb-serving-duration-in-seconds-cells":                                                                  {Series: "128 / 128"},
	"a-dynamo-pr13899-gb200-glm53-recipe-units":                                                                          {Series: "disagg-gb200-agentic"},
	"a-lmdeploy-a100-llama2-7b-static-batch":                                                                             {Series: "128 / 2048"},
	"a-sglang-pr29674-b200-glm52-nvfp4-slashcells":                                                                       {Series: "low-latency", GPUs: 8},
	"a-sglang-pr31044-mi300x-minimax-m27-strategies":                                                                     {Series: "Balanced"},
	"a-vllm-blog-kimi-k3-b300-before-after-emoji":                                                                        {Series: "0913 main"},
	"b-mindie-atlas800ia2-qwen15-14b-noisy-tput-zh":                                                                      {Units: map[string]string{"延迟": "s"}},
	"c-azir111-rtx5070ti-trtllm-vs-vllm-llama31-8b":                                                                      {Series: "vllm_fp8_v2"},
	"d-dynamo-trtllm-3xh200-rr-vs-kv-split-tables":                                                                       {Series: "RR"},
	"d-inferencex-issue828-h100-gptoss-tp8-grouped-pergpu":                                                               {Series: "1k/1k", GPUs: 8},
	"e-tenstorrent-issue143-2xh100-qwen25-72b-isl-osl-conc1":                                                             {Series: "1024 / 128"},
	"e-tenstorrent-pr1571-genai-isl-osl-series":                                                                          {Series: "1024"},
	"g-spheron-h100-llama33-70b-caption-split":                                                                           {Series: "vLLM"},
	"g-spheron-h100-llama33-70b-headings-prefixed-ttft":                                                                  {Series: "SGLang"},
	"h-pagedserve-t4-gpt2-offered-rps-engines-burst":                                                                     {Series: "vLLM"},
	"h-tenstorrent-llama31-8b-mesh-batch-prefixed-cells":                                                                 {Series: "1x8 / T3K / performance"},
	"k-cllm-llamacpp-backend-timeout-transposed-emoji-cells-zh":                                                          {Series: "timeout=25"},
	"k-a6000-llama31-8b-vllm-cache-off-three-profiles-concurrency-header":                                                {Series: "output-short (ISL ~1200 tok, OSL max 128 tok — prefill-heavy)"},
	"k-kimi-k3-b300-tp8-vllm-1k-vs-8k-slash-packed-cells-zh":                                                             {Series: "1K/1K"},
	"k-ppu-zw810e-sglang-star-knee-row":                                                                                  {Series: "Output = 256 tokens"},
	"k-glm53-16xh200-pd-evalscope-prefiller-series-pergpu-total":                                                         {Series: "PCP8"},
	"k-r9700-qwen3-4b-vllm-gateway-endpoints-interleaved-ko":                                                             {Series: "blocking"},
	"k-cllm-llamacpp-backend-best-vs-current-two-tables-zh":                                                              {Series: "1.1 历史最佳性能 (2026-01-20)"},
	"k-rtx4090-qwen3-8b-vllm-prefill-vs-decode-heavy-column-series":                                                      {Series: "Prefill-heavy", Columns: map[string]string{"throughput": "Prefill-heavy out tok/s"}},
	"k-vllm026-2x8-rtxpro6000-dsv4-pro-1k-2k-asterisk-cold-zh":                                                           {Series: "6.1 1K/1K (256K上下文)", Columns: map[string]string{"throughput": "总吞吐(tok/s)"}},
	"l-azure-h100nvl-vllm0112-qwen3-32b-fa2-vs-flashinfer-bold-last":                                                     {Series: "FlashAttention 2"},
	"l-dynamo-sglang-b200-dsv31-disagg-vs-agg-transposed-cols":                                                           {Series: "Disagg"},
	"l-m2-llamacpp-smollm2-slots-x-users-closed-loop":                                                                    {Series: "1"},
	"k-inferflux-rtx4000ada-qwen25-3b-load-in-row-labels":                                                                {Series: "Ollama"},
	"u-vllm023-4x3090-qwen36-27b-tp2-tp4-catalog-unsorted-rows-units-in-cells":                                           {Series: "tpab/Qwen3.6-27B/autoround-int4_tp4_aggregate / autoround-int4 / TP=4"},
	"u-vllm025-4x3090-laguna-s21-dflash-80-row-catalog-mixed-sweeps-and-single-runs":                                     {Series: "laguna-dflash/target/short-512x256 / 262144"},
	"u-llmd-epp-8xh200-llama33-70b-fp8-three-scheduler-configs-streams-commas-bold-delta":                                {Series: "A: Prior"},
	"u-llmperf-a10g-llama3-8b-vllm-tgi-nim-per-level-blocks-metric-rows-engine-cols":                                     {Series: "vLLM"},
	"u-tgi-sagemaker-g5-2xlarge-mistral7b-fmbench-csv-payload-series-unsorted":                                           {Series: "payload_en_1-500.jsonl"},
	"u-trtllm-vs-tgi-p4d-vs-g5-48xl-llama2-70b-fmbench-csv-two-key-series-error-row":                                     {Series: "llama2-70b-chat-p4d.24xlarge-djl-inference-0.26.0-tensorrtllm0.7.1-cu122 / payload_en_1-500.jsonl / ml.p4d.24xlarge"},
	"u-vllm-gh200-llama3-8b-fp8-argonne-csv-batch-size-duplicate-bs1-block-blank-lines":                                  {Series: "128 / 128"},
	"u-vllm-h100-llama3-8b-fp8-argonne-csv-io-length-series-batch-1-16-32-64":                                            {Series: "128"},
	"u-xllm-npu-mtp-vs-baseline-interleaved-series-concurrency-1-80":                                                     {Series: "mtp"},
	"v-sglang-8x-rtxpro6000-tp8-glm53-flash-fp8-three-workload-blocks-blank-separator-rows-bold-cells":                   {Series: "1k / 1k / 1,024 / 1,024"},
}

// corpusWorkload is the --workload of a native file with several workloads:
// a flag like the others.
var corpusWorkload = map[string]string{
	"c-datacrunch-sglang-llama31-405b-8xh200-rate":           "random",
	"e-datacrunch-sglang-llama33-70b-h200-rate-two-datasets": "random",
}

// corpusJudge is the analysis the commands hand the reader (cmd/knee's
// inputFlags): the corpus is read as a user reads it, ambiguity pass included.
var corpusJudge = knee.Answerer(knee.DefaultOptions())

type corpusExpected struct {
	Source   string `json:"source"`
	DataFile string `json:"data_file"`
	LoadAxis string `json:"load_axis"`
	// Transposed: a row per metric, a column per level.
	Transposed bool `json:"transposed"`
	Points     []struct {
		Series     any                 `json:"series"`
		Load       any                 `json:"load"`
		Throughput *float64            `json:"throughput_tok_s"`
		TTFT       map[string]*float64 `json:"ttft_ms"`
	} `json:"points"`
}

func corpusEntries(t *testing.T) []string {
	dirs, err := os.ReadDir(fixtures.Path("corpus"))
	require.NoError(t, err)
	var out []string
	for _, d := range dirs {
		if d.IsDir() {
			out = append(out, d.Name())
		}
	}
	sort.Strings(out)
	return out
}

func readCorpusExpected(t *testing.T, name string) corpusExpected {
	b, err := os.ReadFile(fixtures.Path(filepath.Join("corpus", name, "expected.json")))
	require.NoError(t, err)
	var e corpusExpected
	require.NoError(t, json.Unmarshal(b, &e), name)
	require.NotEmpty(t, e.DataFile, name)
	return e
}

// corpusReading is what the golden holds: the sweep read, or the refusal.
func corpusReading(name, file string, opts Options) (string, *sweep.Sweep) {
	s, err := Load([]string{file}, opts)
	if err != nil {
		var ie *inputerr.Error
		if !errors.As(err, &ie) {
			return "not an input error: " + err.Error(), nil
		}
		return "refused (exit 2): " + strings.ReplaceAll(err.Error(), fixtures.Path(filepath.Join("corpus", name))+string(filepath.Separator), "") + "\n", nil
	}
	b, _ := json.MarshalIndent(s, "", "  ")
	out := strings.ReplaceAll(string(b), fixtures.Path(filepath.Join("corpus", name))+string(filepath.Separator), "")
	return out + "\n", s
}

func TestCorpusGolden(t *testing.T) {
	plain, flagged := 0, 0
	entries := corpusEntries(t)
	require.GreaterOrEqual(t, len(entries), 30, "the corpus holds at least 30 real tables")
	for _, name := range entries {
		t.Run(name, func(t *testing.T) {
			e := readCorpusExpected(t, name)
			file := fixtures.Path(filepath.Join("corpus", name, e.DataFile))
			got, s := corpusReading(name, file, Options{Judge: corpusJudge})
			corpusGolden(t, name, got)
			if s != nil {
				plain++
				checkAgainstTranscription(t, name, e, s, "")
				checkSetValueLoads(t, name, s, Meta{})
			}
			meta, ok := corpusFlags[name]
			workload, hasWorkload := corpusWorkload[name]
			if !ok && !hasWorkload {
				return
			}
			require.Nil(t, s, "%s reads without flags: drop its corpusFlags entry", name)
			require.NotContains(t, got, "not an input error")
			opts := Options{Meta: meta, Workload: workload, Judge: corpusJudge}
			got, s = corpusReading(name, file, opts)
			corpusGolden(t, name+".flags", got)
			require.NotNil(t, s, "%s with its flags: %s", name, got)
			flagged++
			checkAgainstTranscription(t, name, e, s, meta.Series)
			checkSetValueLoads(t, name, s, meta)
		})
	}
	t.Logf("corpus: %d entries, %d read without any flag, %d more with the flags their refusal names", len(entries), plain, flagged)
}

func corpusGolden(t *testing.T, name, got string) {
	path := filepath.Join("testdata", "corpus", name+".golden")
	if *update {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test ./sweep/read/ -run Corpus -update")
	require.Equal(t, string(want), got)
}

// corpusChoices are entries where knee reads another column or statistic
// of the same runs than its transcriber took, each a choice a perf engineer
// could make either way; hack/corpus-measure.py counts them wrong, and
// fixtures/corpus/MEASURED.md says so. Their goldens pin knee's reading;
// no number of them is checked against the transcription.
var corpusChoices = map[string]string{
	// knee reads the median over three rounds ("Typical median tok/s");
	// the transcriber took the fastest round ("Peak decode tok/s", bold).
	"by-vllm-spec-dgx-spark-gb10-qwen38-flash-next-autoround-v16b-saren-arterius-docs-benchmarks": "median of rounds beside the fastest",
	// knee reads the three repeats of each level ("rows": agg_tok_s) and
	// averages them; the transcriber took each level's median of them.
	"by-sglang-nospec-ar-dgx-spark-gb10-nemotron35-lightning-30b-a3b-nvfp4-r0b0tlab-sglang-dflash-sm121-perf-ar-ladder-json": "repeats beside their median",
}

// corpusKnownWrong are entries knee still reads wrong, each with what goes
// wrong; README and fixtures/corpus/MEASURED.md count them. The golden pins
// the wrong reading, so any change to it shows in review; a new wrong
// reading anywhere else still fails.
var corpusKnownWrong = map[string]string{
	// A synthesis of row groups whose cells each write a value and its
	// spread ("1973.0  0.1%") under one header name: the console parser
	// misaligns the columns and a ratio column becomes the level (0.226 …).
	// Refusing fractional levels would fix it, but SGLang's and
	// trtllm-bench's measured mean in flight (0.97) is a level by design.
	"bz-sglang-2x-p6-b300-kimi-k3-whn09-results-synthesis-mixed-agg2-pd1p1d": "misaligned value-and-spread cells",
}

// checkAgainstTranscription: every point knee read is a row of the source,
// with its throughput and TTFT as the hand transcription has them.
func checkAgainstTranscription(t *testing.T, name string, e corpusExpected, s *sweep.Sweep, series string) {
	if _, ok := corpusChoices[name]; ok {
		return
	}
	if _, ok := corpusKnownWrong[name]; ok {
		return
	}
	// A curve picked by a name the transcription does not use (a table's
	// "line 5", a heading for a table transcribed without series) must
	// then lie wholly in one transcribed series, as hack/corpus-measure.py
	// judges it.
	if series != "" && !transcribes(e, series) {
		series = ""
		defer oneSeries(t, name, e, s)
	}
	for _, p := range s.Points {
		load := p.Concurrency
		if p.RequestedRate != nil {
			load = *p.RequestedRate
		}
		if p.PerGPU != nil && e.LoadAxis == "per_gpu" {
			load = *p.PerGPU
		}
		// A request-rate row with no offered rate was sent all at once
		// (inf, Burst): its transcribed load is that word, and knee's
		// concurrency for it is Little's law's, not a number of the table.
		// A synchronous row (one request in flight, sent when the last
		// returns) offers no rate and is no point of a rate sweep: the
		// reader sets it aside, so no point read may match it.
		unbounded := (strings.HasPrefix(e.LoadAxis, "request_rate") || strings.HasPrefix(e.LoadAxis, "rate")) && p.RequestedRate == nil
		matched, ttftWrong := false, ""
		var near []string
		for _, x := range e.Points {
			xl, isNum := x.Load.(float64)
			word, isWord := x.Load.(string)
			isWord = isWord && !strings.EqualFold(word, "synchronous")
			if unbounded && !isWord || !unbounded && (!isNum || !sameValue(xl, load)) || (series != "" && !sameSeries(fmt.Sprint(x.Series), series)) {
				continue
			}
			if x.Throughput == nil {
				continue
			}
			near = append(near, fmt.Sprint(*x.Throughput))
			if !sameValue(*x.Throughput, p.ThroughputTokS) && (p.ThroughputPerGPU == nil || !sameValue(*x.Throughput, *p.ThroughputPerGPU)) {
				continue
			}
			// A transcription may hold a point twice, once per reading
			// of its cell (a range's two ends): the point read must
			// agree with one of them in its TTFT too.
			if ttftWrong = ttftDisagrees(name, load, x.TTFT, p.TTFT); ttftWrong == "" {
				matched = true
				break
			}
		}
		require.Empty(t, ttftWrong)
		require.True(t, matched, "%s: load %v throughput %v (per GPU %v) is no row of the source (rows at that load: %v)", name, load, p.ThroughputTokS, p.ThroughputPerGPU, near)
	}
}

// transcribes says whether a transcribed point's series is the picked one.
func transcribes(e corpusExpected, series string) bool {
	for _, x := range e.Points {
		if sameSeries(fmt.Sprint(x.Series), series) {
			return true
		}
	}
	return false
}

// oneSeries: some one transcribed series holds every point read (load and
// throughput).
func oneSeries(t *testing.T, name string, e corpusExpected, s *sweep.Sweep) {
	holds := map[string]int{}
	for _, p := range s.Points {
		seen := map[string]bool{}
		for _, x := range e.Points {
			xl, ok := x.Load.(float64)
			key := fmt.Sprint(x.Series)
			if ok && x.Throughput != nil && !seen[key] && sameValue(xl, p.Concurrency) && sameValue(*x.Throughput, p.ThroughputTokS) {
				seen[key] = true
				holds[key]++
			}
		}
	}
	for _, n := range holds {
		if n == len(s.Points) {
			return
		}
	}
	t.Errorf("%s: the %d points read lie in no one transcribed series (%v)", name, len(s.Points), holds)
}

// sameSeries: the transcription's series name is the picked one, written
// with or without spaces ("1/128", "1 / 128"), or starts with it ("64k agg
// t/s" for the columns of series "64k").
func sameSeries(x, pick string) bool {
	x, pick = strings.ToLower(x), strings.ToLower(pick)
	if strings.ReplaceAll(x, " ", "") == strings.ReplaceAll(pick, " ", "") {
		return true
	}
	// A series picked by its table's heading ("6.1 1K/1K (256K上下文)")
	// holds the transcription's name for it ("1K/1K").
	if nx := strings.ReplaceAll(x, " ", ""); len(nx) >= 3 && strings.Contains(strings.ReplaceAll(pick, " ", ""), nx) {
		return true
	}
	return strings.HasPrefix(x, pick+" ")
}

// sameValue: a (the transcription's) and b (the reading's) agree to the
// precision a is written in, as hack/corpus-measure.py compares them: a
// figure the transcriber derived and rounded (43.884) is the reading's
// 43.88423….
func sameValue(a, b float64) bool {
	if math.Abs(a-b) <= 1e-6*math.Max(math.Abs(a), math.Abs(b))+1e-9 {
		return true
	}
	text := strconv.FormatFloat(a, 'f', -1, 64)
	dot := strings.IndexByte(text, '.')
	if dot < 0 || len(text)-dot-1 < 2 {
		return false
	}
	return math.Abs(a-b) <= 0.5*math.Pow(10, -float64(len(text)-dot-1))+1e-12
}

// ttftDisagrees says how the TTFT read at a point differs from a
// transcribed point's, "" when every statistic both give agrees.
func ttftDisagrees(name string, load float64, want map[string]*float64, read sweep.Dist) string {
	for stat, v := range want {
		if v == nil {
			continue
		}
		var got *float64
		switch stat {
		case "p99":
			got = read.P99
		case "p50":
			got = read.P50
		case "p90":
			got = read.P90
		case "mean", "unlabeled":
			got = read.Mean
		}
		if got != nil && !sameValue(*v, *got) {
			return fmt.Sprintf("%s: load %v: TTFT %s read %v, the source shows %v", name, load, stat, *got, *v)
		}
	}
	return ""
}
