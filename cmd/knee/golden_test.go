package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
)

// What every analysis command prints in every output format, on real
// recorded data, pinned in testdata/golden/*.golden: a change of wording,
// a column or a number shows as a golden diff a reviewer reads
// (go test ./cmd/knee -run Golden -update rewrites them). Paths are given
// relative to the repository so the goldens are the same on every machine.
// sweep, demo and simserver measure live servers and are covered by their
// own tests; plot writes images, checked in plot_test.go.
func TestCommandOutputGolden(t *testing.T) {
	t.Chdir(filepath.Join(fixtures.Path("."), ".."))
	h200 := "fixtures/testbed/h200-cbserve-0.6b"
	gb300 := "fixtures/aicr/gb300-eks.csv"
	sim64 := "fixtures/aicr/gb300-eks-simulated-64.csv"
	pareto := "fixtures/simulated-pareto"
	curves := "fixtures/corpus/p-gtx1650s-llamacpp-ollama-vllm-qwen3-06b-summary-csv-runtime-series-scenario-rows/table.csv"
	cases := []struct {
		name string
		args []string
		code int
	}{
		{"import-gb300-table", []string{"import", gb300}, 0},
		{"import-gb300-markdown", []string{"import", gb300, "-o", "markdown"}, 0},
		{"import-gb300-json", []string{"import", gb300, "-o", "json"}, 0},
		{"import-gb300-yaml", []string{"import", gb300, "-o", "yaml"}, 0},
		{"find-h200-table", []string{"find", h200}, 0},
		{"find-h200-markdown", []string{"find", h200, "-o", "markdown"}, 0},
		{"find-h200-json", []string{"find", h200, "-o", "json"}, 0},
		{"find-gb300-table", []string{"find", gb300}, 0},
		{"baseline-h200-markdown", []string{"baseline", h200}, 0},
		{"baseline-h200-yaml", []string{"baseline", h200, "-o", "yaml"}, 0},
		{"baseline-h200-json", []string{"baseline", h200, "-o", "json"}, 0},
		{"baseline-gb300-refused-markdown", []string{"baseline", gb300}, exitRefused},
		{"baseline-gb300-sim64-overlay-markdown", []string{"baseline", gb300, sim64, "--overlay", "fixtures/overlays/gb300-eks-ubuntu-inference-dynamo.yaml"}, 0},
		{"compare-aicr-table", []string{"compare", gb300, "fixtures/aicr/gb200-eks.csv", "fixtures/aicr/h100-eks.csv"}, 0},
		{"compare-aicr-markdown", []string{"compare", gb300, "fixtures/aicr/gb200-eks.csv", "fixtures/aicr/h100-eks.csv", "-o", "markdown"}, 0},
		{"compare-aicr-json", []string{"compare", gb300, "fixtures/aicr/gb200-eks.csv", "fixtures/aicr/h100-eks.csv", "-o", "json"}, 0},
		// Simulated sweeps (fixtures/simulated-pareto): the frontier, the
		// telemetry columns and the past-knee note.
		{"pareto-simulated-markdown", []string{"pareto", "cap4=" + pareto + "/cap4.json", "cap8=" + pareto + "/cap8.json", "cap16=" + pareto + "/cap16.json", "-o", "markdown"}, 0},
		{"pareto-simulated-slo-table", []string{"pareto", "cap4=" + pareto + "/cap4.json", "cap8=" + pareto + "/cap8.json", "cap16=" + pareto + "/cap16.json", "--slo", "ttft_p99=9ms"}, 0},
		{"find-simulated-telemetry-table", []string{"find", pareto + "/cap8.json"}, 0},
		{"compare-simulated-telemetry-table", []string{"compare", pareto + "/cap4.json", pareto + "/cap8.json", pareto + "/cap16.json"}, 0},
		// A real table of three runtimes' sweeps beside one-level probes:
		// find answers each sweep, compare lines them up, import refuses.
		{"find-curves-table", []string{"find", curves}, 0},
		{"compare-curves-table", []string{"compare", curves}, 0},
		{"import-curves-refused", []string{"import", curves}, exitUsage},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := runKneeCLI(t, c.args...)
			require.Equal(t, c.code, code, errs)
			got := "$ knee " + strings.Join(c.args, " ") + "\n" + out
			if errs != "" {
				got += "--- stderr\n" + errs
			}
			golden := filepath.Join("cmd", "knee", "testdata", "golden", c.name+".golden")
			if *update {
				require.NoError(t, os.MkdirAll(filepath.Dir(golden), 0o755))
				require.NoError(t, os.WriteFile(golden, []byte(got), 0o644))
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err, "run go test ./cmd/knee -run Golden -update to create it")
			require.Equal(t, string(want), got, "go test ./cmd/knee -run Golden -update rewrites it; read the diff")
		})
	}
}
