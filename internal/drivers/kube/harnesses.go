package kube

import (
	"fmt"
	"strings"

	"github.com/kneetool/knee/internal/drivers/harness/aiperf"
	"github.com/kneetool/knee/internal/drivers/harness/inferenceperf"
	"github.com/kneetool/knee/sweep"
)

// InferencePerf runs kubernetes-sigs/inference-perf for one level: its
// config (a warm-up stage and the level's stage) in a ConfigMap, its
// results read back from the `=== START_STAGE_i ===` blocks of the pod log.
type InferencePerf struct {
	Options inferenceperf.Options
}

func (InferencePerf) Name() string { return inferenceperf.Harness }

func (h InferencePerf) Pod(plan sweep.Plan, lvl sweep.Level) (PodSpec, error) {
	cfg, err := inferenceperf.Config(plan, []sweep.Level{lvl}, h.Options)
	if err != nil {
		return PodSpec{}, err
	}
	return PodSpec{
		Command: []string{"inference-perf"},
		Args:    []string{"--config_file", configMountPath + "/config.yaml"},
		Files:   map[string]string{"config.yaml": string(cfg)},
	}, nil
}

func (h InferencePerf) Parse(log []byte, source string, plan sweep.Plan, lvl sweep.Level) (*sweep.LevelResult, error) {
	pts, err := inferenceperf.Parse(log, source, plan, []sweep.Level{lvl})
	if err != nil {
		return nil, err
	}
	return &sweep.LevelResult{Points: pts, Harness: inferenceperf.Harness}, nil
}

// AIPerf runs NVIDIA AIPerf with aicr's arguments. The pod prints the
// export between ===AIPERF-RESULT=== lines after the run, exactly like
// aicr's wrapper, so knee reads aicr's Job logs and its own the same way;
// an image without aiperf gets the pinned version installed first.
type AIPerf struct{}

func (AIPerf) Name() string { return aiperf.Harness }

// artifactDir is inside the pod's emptyDir work volume.
const artifactDir = "/tmp/aiperf"

func (AIPerf) Pod(plan sweep.Plan, lvl sweep.Level) (PodSpec, error) {
	if err := aiperf.Check(plan); err != nil {
		return PodSpec{}, err
	}
	args := aiperf.Args(plan, lvl, artifactDir)
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = shellQuote(a)
	}
	script := strings.Join([]string{
		"set -e",
		fmt.Sprintf("command -v aiperf >/dev/null 2>&1 || pip install --quiet --no-cache-dir aiperf==%s", AIPerfVersion),
		"aiperf " + strings.Join(quoted, " "),
		"echo " + shellQuote(aiperf.Sentinel),
		"cat " + shellQuote(artifactDir+"/"+aiperf.ExportFile),
		"echo",
		"echo " + shellQuote(aiperf.Sentinel),
	}, "\n")
	return PodSpec{Command: []string{"sh", "-c", script}}, nil
}

func (AIPerf) Parse(log []byte, source string, plan sweep.Plan, lvl sweep.Level) (*sweep.LevelResult, error) {
	if !strings.Contains(string(log), aiperf.Sentinel) {
		return nil, sweep.Inputf(source, aiperf.Sentinel, 0, "the log has no AIPerf result block (did the run finish?)")
	}
	p, err := aiperf.Parse(log, source, plan, lvl)
	if err != nil {
		return nil, err
	}
	return &sweep.LevelResult{Points: []sweep.Point{p}, Harness: aiperf.Harness}, nil
}

// shellQuote quotes s for sh so that a model name or URL is one word.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./:=,@%+", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
