package kube

import (
	"fmt"
	"strings"

	"github.com/kneetool/knee/internal/drivers/harness/aiperf"
	"github.com/kneetool/knee/internal/drivers/harness/inferenceperf"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// InferencePerf runs kubernetes-sigs/inference-perf for one level: its
// config (a warm-up stage and the level's stage) in a ConfigMap, its
// results read back from the `=== START_STAGE_i ===` blocks of the pod log.
type InferencePerf struct {
	Options inferenceperf.Options
	// Claim, when set (--dataset-pvc), is where the pod reads the dataset.
	Claim DatasetClaim
}

func (InferencePerf) Name() string { return inferenceperf.Harness }

// Pod puts the level's config, and the plan's --dataset file if it has
// one, into the level's ConfigMap; the config names the dataset at its
// mount. The dataset is the file's bytes checked against the plan's
// SHA-256 (a file changed since is refused), and the ConfigMap carries
// that SHA-256 as an annotation.
func (h InferencePerf) Pod(plan sweep.Plan, lvl sweep.Level) (PodSpec, error) {
	return h.PodStages(plan, []sweep.Level{lvl})
}

// Staged: a rate ladder runs in one pod, one stage per rate (StagedHarness).
func (InferencePerf) Staged(plan sweep.Plan) bool { return plan.IsRate() }

// PodStages is Pod for several levels, one stage each.
func (h InferencePerf) PodStages(plan sweep.Plan, levels []sweep.Level) (PodSpec, error) {
	o := h.Options
	o.DatasetPath = configMountPath + "/" + inferenceperf.DatasetFile
	withDataset := plan.Workload != nil && plan.Workload.Dataset != nil
	if withDataset && h.Claim.Claim != "" {
		o.DatasetPath = h.Claim.file(plan.Workload.Dataset.File)
	}
	cfg, err := inferenceperf.Config(plan, levels, o)
	if err != nil {
		return PodSpec{}, err
	}
	spec := PodSpec{
		Command: []string{"inference-perf"},
		Args:    []string{"--config_file", configMountPath + "/config.yaml"},
		Files:   map[string]string{"config.yaml": string(cfg)},
	}
	ds, err := inferenceperf.Dataset(plan)
	if err != nil || ds == nil {
		return spec, err
	}
	if h.Claim.Claim != "" {
		// The pod checks the volume's file against the plan's SHA-256.
		spec.Command, spec.Args = h.Claim.checked(o.DatasetPath, plan.Workload.Dataset.SHA256, append(spec.Command, spec.Args...)), nil
		spec.Claim = h.Claim.Claim
		return spec, nil
	}
	if err := datasetFits(plan.Workload.Dataset.File, len(ds), len(cfg)); err != nil {
		return PodSpec{}, err
	}
	spec.Files[inferenceperf.DatasetFile] = string(ds)
	spec.Annotations = map[string]string{AnnotationDatasetSHA256: plan.Workload.Dataset.SHA256}
	return spec, nil
}

// datasetFits refuses a dataset that would not fit in the level's
// ConfigMap beside the config, naming Kubernetes' limit.
func datasetFits(file string, size, rest int) error {
	if size+rest <= MaxConfigMapBytes {
		return nil
	}
	return inputerr.Errorf(file, "--dataset", 0,
		"is %d bytes; on --runner kube the dataset travels in the level's ConfigMap, which Kubernetes bounds at %d bytes (1 MiB) with the config (%d bytes) in it: put the file on a PersistentVolumeClaim and give --dataset-pvc CLAIM[:PATH] (inference-perf reads it from the volume, checked by its SHA-256 in the pod), or trim it (jq '.[:N]')", size, MaxConfigMapBytes, rest)
}

func (h InferencePerf) Parse(log []byte, source string, plan sweep.Plan, lvl sweep.Level) (*sweep.LevelResult, error) {
	pts, err := inferenceperf.Parse(log, source, plan, []sweep.Level{lvl})
	if err != nil {
		return nil, err
	}
	return &sweep.LevelResult{Points: pts, Harness: inferenceperf.Harness}, nil
}

// ParseStages reads one result per level from the pod's stage blocks.
func (h InferencePerf) ParseStages(log []byte, source string, plan sweep.Plan, levels []sweep.Level) ([]*sweep.LevelResult, error) {
	pts, err := inferenceperf.Parse(log, source, plan, levels)
	if err != nil {
		return nil, err
	}
	out := make([]*sweep.LevelResult, len(pts))
	for i := range pts {
		out[i] = &sweep.LevelResult{Points: pts[i : i+1], Harness: inferenceperf.Harness}
	}
	return out, nil
}

// AIPerf runs NVIDIA AIPerf with aicr's arguments. The pod prints the
// export between ===AIPERF-RESULT=== lines after the run, exactly like
// aicr's wrapper, so knee reads aicr's Job logs and its own the same way;
// an image without aiperf gets the pinned version installed first.
type AIPerf struct {
	// Claim is --dataset-pvc, which AIPerf does not take (refused).
	Claim DatasetClaim
}

func (AIPerf) Name() string { return aiperf.Harness }

// artifactDir is inside the pod's emptyDir work volume.
const artifactDir = "/tmp/aiperf"

func (h AIPerf) Pod(plan sweep.Plan, lvl sweep.Level) (PodSpec, error) {
	if h.Claim.Claim != "" && plan.Workload != nil && plan.Workload.Dataset != nil {
		return PodSpec{}, inputerr.Errorf("flag", "--dataset-pvc", 0, "aiperf reads the prompts as the single_turn JSONL knee writes from the dataset, which travels in the level's ConfigMap; --dataset-pvc is for --harness inference-perf")
	}
	args, err := aiperf.Arguments(plan, lvl, artifactDir, configMountPath+"/"+aiperf.InputFile)
	if err != nil {
		return PodSpec{}, err
	}
	in, err := aiperf.InputFileContent(plan)
	if err != nil {
		return PodSpec{}, err
	}
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
	spec := PodSpec{Command: []string{"sh", "-c", script}}
	if in != nil {
		// The prompts travel in the level's ConfigMap, as inference-perf's config does.
		if err := datasetFits(plan.Workload.Dataset.File, len(in), 0); err != nil {
			return PodSpec{}, err
		}
		spec.Files = map[string]string{aiperf.InputFile: string(in)}
		spec.Annotations = map[string]string{AnnotationDatasetSHA256: plan.Workload.Dataset.SHA256}
	}
	return spec, nil
}

func (AIPerf) Parse(log []byte, source string, plan sweep.Plan, lvl sweep.Level) (*sweep.LevelResult, error) {
	if !strings.Contains(string(log), aiperf.Sentinel) {
		return nil, inputerr.Errorf(source, aiperf.Sentinel, 0, "the log has no AIPerf result block (did the run finish?)")
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
