package inferenceperf

import (
	"github.com/kneetool/knee/internal/drivers/kube"
	"github.com/kneetool/knee/sweep"
)

// Pod runs kubernetes-sigs/inference-perf for one level on the kube
// runner: its config (a warm-up stage and the level's stage) in the
// level's ConfigMap, its results read back from the `=== START_STAGE_i
// ===` blocks of the pod log.
type Pod struct {
	Options Options
	// Claim, when set (--dataset-pvc), is where the pod reads the dataset.
	Claim kube.DatasetClaim
}

func (Pod) Name() string { return Harness }

// Pod puts the level's config, and the plan's --dataset file if it has
// one, into the level's ConfigMap; the config names the dataset at its
// mount. The dataset is the file's bytes checked against the plan's
// SHA-256 (a file changed since is refused), and the ConfigMap carries
// that SHA-256 as an annotation.
func (h Pod) Pod(plan sweep.Plan, lvl sweep.Level) (kube.PodSpec, error) {
	return h.PodStages(plan, []sweep.Level{lvl})
}

// Staged: a rate ladder runs in one pod, one stage per rate (kube.StagedHarness).
func (Pod) Staged(plan sweep.Plan) bool { return plan.IsRate() }

// PodStages is Pod for several levels, one stage each.
func (h Pod) PodStages(plan sweep.Plan, levels []sweep.Level) (kube.PodSpec, error) {
	o := h.Options
	o.DatasetPath = kube.ConfigMountPath + "/" + DatasetFile
	withDataset := plan.Workload != nil && plan.Workload.Dataset != nil
	if withDataset && h.Claim.Claim != "" {
		o.DatasetPath = h.Claim.File(plan.Workload.Dataset.File)
	}
	cfg, err := Config(plan, levels, o)
	if err != nil {
		return kube.PodSpec{}, err
	}
	spec := kube.PodSpec{
		Command: []string{"inference-perf"},
		Args:    []string{"--config_file", kube.ConfigMountPath + "/config.yaml"},
		Files:   map[string]string{"config.yaml": string(cfg)},
	}
	ds, err := Dataset(plan)
	if err != nil || ds == nil {
		return spec, err
	}
	if h.Claim.Claim != "" {
		// The pod checks the volume's file against the plan's SHA-256.
		spec.Command, spec.Args = h.Claim.Checked(o.DatasetPath, plan.Workload.Dataset.SHA256, append(spec.Command, spec.Args...)), nil
		spec.Claim = h.Claim.Claim
		return spec, nil
	}
	if err := kube.DatasetFits(plan.Workload.Dataset.File, len(ds), len(cfg)); err != nil {
		return kube.PodSpec{}, err
	}
	spec.Files[DatasetFile] = string(ds)
	spec.Annotations = map[string]string{kube.AnnotationDatasetSHA256: plan.Workload.Dataset.SHA256}
	return spec, nil
}

// Parse reads the level's point from the pod log's stage block.
func (h Pod) Parse(log []byte, source string, plan sweep.Plan, lvl sweep.Level) (*sweep.LevelResult, error) {
	pts, err := Parse(log, source, plan, []sweep.Level{lvl})
	if err != nil {
		return nil, err
	}
	return &sweep.LevelResult{Points: pts, Harness: Harness}, nil
}

// ParseStages reads one result per level from the pod's stage blocks.
func (h Pod) ParseStages(log []byte, source string, plan sweep.Plan, levels []sweep.Level) ([]*sweep.LevelResult, error) {
	pts, err := Parse(log, source, plan, levels)
	if err != nil {
		return nil, err
	}
	out := make([]*sweep.LevelResult, len(pts))
	for i := range pts {
		out[i] = &sweep.LevelResult{Points: pts[i : i+1], Harness: Harness}
	}
	return out, nil
}
