package aiperf

import (
	"fmt"
	"strings"

	"github.com/kneetool/knee/internal/drivers/kube"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// PinnedVersion is the aiperf the pod installs (aicr's version) when its
// image has none (kube.DefaultAIPerfImage is a plain Python image).
const PinnedVersion = "0.13.0"

// Pod runs NVIDIA AIPerf with aicr's arguments on the kube runner. The pod
// prints the export between Sentinel lines after the run, exactly like
// aicr's wrapper, so knee reads aicr's Job logs and its own the same way;
// an image without aiperf gets PinnedVersion installed first.
type Pod struct {
	// Claim is --dataset-pvc, which AIPerf does not take (refused).
	Claim kube.DatasetClaim
}

func (Pod) Name() string { return Harness }

// artifactDir is inside the pod's emptyDir work volume.
const artifactDir = "/tmp/aiperf"

func (h Pod) Pod(plan sweep.Plan, lvl sweep.Level) (kube.PodSpec, error) {
	if h.Claim.Claim != "" && plan.Workload != nil && plan.Workload.Dataset != nil {
		return kube.PodSpec{}, inputerr.Errorf("flag", "--dataset-pvc", 0, "aiperf reads the prompts as the single_turn JSONL knee writes from the dataset, which travels in the level's ConfigMap; --dataset-pvc is for --harness inference-perf")
	}
	args, err := Arguments(plan, lvl, artifactDir, kube.ConfigMountPath+"/"+InputFile)
	if err != nil {
		return kube.PodSpec{}, err
	}
	in, err := InputFileContent(plan)
	if err != nil {
		return kube.PodSpec{}, err
	}
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = kube.ShellQuote(a)
	}
	script := strings.Join([]string{
		"set -e",
		fmt.Sprintf("command -v aiperf >/dev/null 2>&1 || pip install --quiet --no-cache-dir aiperf==%s", PinnedVersion),
		"aiperf " + strings.Join(quoted, " "),
		"echo " + kube.ShellQuote(Sentinel),
		"cat " + kube.ShellQuote(artifactDir+"/"+ExportFile),
		"echo",
		"echo " + kube.ShellQuote(Sentinel),
	}, "\n")
	spec := kube.PodSpec{Command: []string{"sh", "-c", script}}
	if in != nil {
		// The prompts travel in the level's ConfigMap, as inference-perf's config does.
		if err := kube.DatasetFits(plan.Workload.Dataset.File, len(in), 0); err != nil {
			return kube.PodSpec{}, err
		}
		spec.Files = map[string]string{InputFile: string(in)}
		spec.Annotations = map[string]string{kube.AnnotationDatasetSHA256: plan.Workload.Dataset.SHA256}
	}
	return spec, nil
}

// Parse reads the level's point from the export the pod printed.
func (Pod) Parse(log []byte, source string, plan sweep.Plan, lvl sweep.Level) (*sweep.LevelResult, error) {
	if !strings.Contains(string(log), Sentinel) {
		return nil, inputerr.Errorf(source, Sentinel, 0, "the log has no AIPerf result block (did the run finish?)")
	}
	p, err := Parse(log, source, plan, lvl)
	if err != nil {
		return nil, err
	}
	return &sweep.LevelResult{Points: []sweep.Point{p}, Harness: Harness}, nil
}
