// Package aiperf drives NVIDIA AIPerf the way aicr's inference-perf check
// does (FORMATS.md §2): the exact `aiperf profile` arguments for one level,
// and reading the level's result back from the export or from a log that
// carries it between `===AIPERF-RESULT===` lines.
package aiperf

import (
	"strconv"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// Harness is the name recorded in sweeps and results folders.
const Harness = "aiperf"

// ExportFile is the summary export AIPerf writes into --output-artifact-dir.
const ExportFile = "profile_export_aiperf.json"

// Sentinel brackets the export in aicr's pod logs.
const Sentinel = "===AIPERF-RESULT==="

// Args returns the arguments after the `aiperf` executable for one level,
// in aicr's order, with the plan's numbers: request count and warm-up come
// from the level (max(1000, 8·C) and C by default), token lengths from the
// plan with zero spread, and aicr's fixed dataset, seed and temperature so
// runs are comparable with aicr's floors.
func Args(plan sweep.Plan, lvl sweep.Level, artifactDir string) []string {
	itoa := strconv.Itoa
	return []string{
		"profile",
		"--model", plan.Model,
		"--url", plan.Endpoint,
		"--endpoint-type", endpointType(plan.API),
		"--streaming",
		"--concurrency", itoa(lvl.Concurrency),
		"--request-count", itoa(lvl.Requests),
		"--warmup-request-count", itoa(lvl.Warmup),
		"--prompt-input-tokens-mean", itoa(plan.InputTokens),
		"--prompt-input-tokens-stddev", "0",
		"--prompt-output-tokens-mean", itoa(plan.OutputTokens),
		"--prompt-output-tokens-stddev", "0",
		"--num-dataset-entries", "100",
		"--random-seed", "100",
		"--extra-inputs", "temperature:0",
		"--output-artifact-dir", artifactDir,
		"--export-level", "summary",
	}
}

// endpointType maps the plan's API to AIPerf's --endpoint-type.
func endpointType(api string) string {
	if api == "completion" {
		return "completions"
	}
	return "chat"
}

// Check reports what AIPerf cannot run without, naming the flag.
func Check(plan sweep.Plan) error {
	if plan.Model == "" {
		return inputerr.Errorf("plan", "--model", 0, "aiperf needs the served model name")
	}
	if plan.Endpoint == "" {
		return inputerr.Errorf("plan", "--endpoint", 0, "aiperf needs the server's URL")
	}
	return nil
}
