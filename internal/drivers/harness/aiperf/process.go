package aiperf

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/kneetool/knee/sweep"
)

// Process runs AIPerf as one local process per level (harness.Process):
// its command line kept as command.txt, its export under artifacts/.
type Process struct{}

func (Process) Name() string      { return Harness }
func (Process) Bin() string       { return "aiperf" }
func (Process) Outputs() []string { return []string{"artifacts"} }

// Command is the level's arguments (Arguments); a --dataset becomes
// InputFile in the scratch folder, not kept as raw output: the plan names
// the dataset by its SHA-256.
func (p Process) Command(plan sweep.Plan, lvl sweep.Level, work string) ([]string, map[string][]byte, error) {
	args, err := Arguments(plan, lvl, filepath.Join(work, "artifacts"), filepath.Join(work, InputFile))
	if err != nil {
		return nil, nil, err
	}
	in, err := InputFileContent(plan)
	if err != nil {
		return nil, nil, err
	}
	if in != nil {
		if err := os.WriteFile(filepath.Join(work, InputFile), in, 0o644); err != nil {
			return nil, nil, err
		}
	}
	return args, map[string][]byte{"command.txt": []byte(p.Bin() + " " + strings.Join(args, " ") + "\n")}, nil
}

func (Process) Parse(out []byte, _ string, raw map[string][]byte, plan sweep.Plan, lvl sweep.Level) ([]sweep.Point, string, error) {
	export, ok := raw["artifacts/"+ExportFile]
	if !ok {
		return nil, "", fmt.Errorf("aiperf exited 0 but wrote no %s; last output:\n%s", ExportFile, lastLines(out, 10))
	}
	pt, err := Parse(export, ExportFile, plan, lvl)
	if err != nil {
		return nil, "", fmt.Errorf("reading aiperf's export: %w", err)
	}
	if pt.Cancelled {
		return nil, "", errors.New("aiperf reports the run as cancelled (was_cancelled): its numbers are partial")
	}
	return []sweep.Point{pt}, "", nil
}

// lastLines is the end of the tool's output for an error message (the
// local runner quotes a failed process's output the same way).
func lastLines(b []byte, n int) string {
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
