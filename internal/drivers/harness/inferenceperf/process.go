package inferenceperf

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/kneetool/knee/sweep"
)

// Process runs inference-perf as one local process per level
// (harness.Process): its config in the scratch folder, its stage reports
// under report/.
type Process struct {
	Options Options
}

func (Process) Name() string      { return Harness }
func (Process) Bin() string       { return "inference-perf" }
func (Process) Outputs() []string { return []string{"report"} }

// Command writes the level's config; a --dataset file is copied beside it
// as DatasetFile (the bytes checked against the plan's SHA-256, so a file
// changed since is refused) and is not kept as raw output: the plan names
// it by its SHA-256.
func (p Process) Command(plan sweep.Plan, lvl sweep.Level, work string) ([]string, map[string][]byte, error) {
	return p.CommandStages(plan, []sweep.Level{lvl}, work)
}

// Staged: a rate ladder runs as one config of one stage per rate (no
// warm-up stage to share, and the tool reports each stage on its own); a
// concurrency ladder keeps one process per level, each with its warm-up.
func (Process) Staged(plan sweep.Plan) bool { return plan.IsRate() }

// CommandStages is Command for several levels, one stage each.
func (p Process) CommandStages(plan sweep.Plan, levels []sweep.Level, work string) ([]string, map[string][]byte, error) {
	o := p.Options
	o.StoragePath = "report"
	o.DatasetPath = DatasetFile
	cfg, err := Config(plan, levels, o)
	if err != nil {
		return nil, nil, err
	}
	ds, err := Dataset(plan)
	if err != nil {
		return nil, nil, err
	}
	if ds != nil {
		if err := os.WriteFile(filepath.Join(work, DatasetFile), ds, 0o644); err != nil {
			return nil, nil, err
		}
	}
	return []string{"--config_file", "config.yaml"}, map[string][]byte{"config.yaml": cfg}, nil
}

func (p Process) Parse(out []byte, work string, raw map[string][]byte, plan sweep.Plan, lvl sweep.Level) ([]sweep.Point, string, error) {
	return p.ParseStages(out, work, raw, plan, []sweep.Level{lvl})
}

// ParseStages reads one point per level from the run's stages.
func (Process) ParseStages(out []byte, work string, _ map[string][]byte, plan sweep.Plan, levels []sweep.Level) ([]sweep.Point, string, error) {
	var pts []sweep.Point
	var err error
	if bytes.Contains(out, []byte("=== START_STAGE_")) {
		pts, err = Parse(out, "stdout.log", plan, levels)
	} else {
		// Before v0.6 the stages are only in the report folder.
		pts, err = ParseFile(filepath.Join(work, "report"), plan, levels)
	}
	if err != nil {
		return nil, "", fmt.Errorf("reading inference-perf's results: %w", err)
	}
	return pts, versionIn(pts), nil
}

// versionIn takes the harness version Parse put into the point sources.
func versionIn(pts []sweep.Point) string {
	for _, p := range pts {
		if i := strings.Index(p.Source, "("+Harness+" "); i >= 0 {
			return strings.TrimSuffix(p.Source[i+len(Harness)+2:], ")")
		}
	}
	return ""
}
