package main

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden from what knee prints now")

// What `knee import FILE --gpus 1 -o json` gives on every real pasted table
// in fixtures/sweeps, held in testdata/sweeps/*.golden (go test -update
// rewrites them). The paths are relative so the goldens are the same on
// every machine.
func TestImportPastedTablesGolden(t *testing.T) {
	files, err := filepath.Glob("../../fixtures/sweeps/*.md")
	require.NoError(t, err)
	n := 0
	for _, f := range files {
		if filepath.Base(f) == "SOURCES.md" {
			continue
		}
		n++
		t.Run(filepath.Base(f), func(t *testing.T) {
			code, out, errs := runKneeCLI(t, "import", f, "--gpus", "1", "-o", "json")
			require.Equal(t, 0, code, errs)
			golden := filepath.Join("testdata", "sweeps", strings.TrimSuffix(filepath.Base(f), ".md")+".golden")
			if *update {
				require.NoError(t, os.MkdirAll(filepath.Dir(golden), 0o755))
				require.NoError(t, os.WriteFile(golden, []byte(out), 0o644))
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err, "run go test ./cmd/knee -run Golden -update to create it")
			require.Equal(t, string(want), out)
		})
	}
	require.Equal(t, 7, n, "the seven pasted calibration tables")
}

func writeTable(t *testing.T, name, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
	return p
}

// The silent 1000× errors. A k tok/s header is read as thousands,
// so the floor is about 34,000 tok/s, not 34; a TTFT column holding
// seconds with no unit is refused with exit 2 naming the column and --unit,
// and --unit makes it read.
func TestTablesNeverOffByAThousand(t *testing.T) {
	k := writeTable(t, "k.md", "| Concurrency | Throughput (k tok/s) | TTFT p99 (ms) |\n|---|---|---|\n"+
		"| 4 | 6.1 | 150 |\n| 8 | 12.0 | 160 |\n| 16 | 23.6 | 175 |\n| 32 | 45.2 | 210 |\n| 64 | 46.0 | 900 |\n")
	code, out, errs := runKneeCLI(t, "baseline", k, "--gpus", "1", "--at", "32", "-o", "json")
	require.Equal(t, 0, code, errs)
	var b struct {
		Constraints []struct{ Name, Value string } `json:"constraints"`
		Measured    struct {
			Tput float64 `json:"throughput_tok_s"`
		} `json:"measured"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &b))
	require.Equal(t, 45200.0, b.Measured.Tput)
	floor := -1.0
	for _, c := range b.Constraints {
		if c.Name == "inference-throughput" {
			floor, _ = strconv.ParseFloat(strings.TrimPrefix(c.Value, ">= "), 64)
		}
	}
	require.InDelta(t, 34000, floor, 1000, out)

	s := writeTable(t, "s.csv", "concurrency,tok/s,ttft_p99\n32,12100,0.24\n64,20200,0.26\n")
	// Every value would be impossible in ms and is possible in s: one
	// reading, read in s with a note naming the flag that reads ms.
	code, out, errs = runKneeCLI(t, "import", s, "--gpus", "1", "-o", "json")
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, `"p99": 240`)
	require.Contains(t, out+errs, `--unit \"ttft_p99=ms\" reads it otherwise`)
	code, out, errs = runKneeCLI(t, "import", s, "--gpus", "1", "--unit", "ttft_p99=s", "-o", "json")
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, `"p99": 240`)
}

// Two output throughput columns whose readings give knee one answer (one
// level: no knee either way): the ambiguity pass reads the first and names
// the other and its --column in a note (before, exit 2); the flag picks
// one. Bad flag values are usage errors.
func TestTablesLookalikeColumnsAndFlags(t *testing.T) {
	p := writeTable(t, "two.md", "| Concurrency | Output tok/s | Output Throughput | TTFT p99 (ms) |\n|---|---|---|---|\n| 8 | 100 | 101 | 50 |\n")
	code, out, errs := runKneeCLI(t, "import", p, "-o", "json")
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, `"throughput_tok_s": 100`)
	require.Contains(t, out, `columns \"Output tok/s\" and \"Output Throughput\" could each be the throughput and give one answer`)
	require.Contains(t, out, `--column throughput=\"Output Throughput\" reads the other`)
	code, out, errs = runKneeCLI(t, "import", p, "--column", "throughput=Output Throughput", "-o", "json")
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, `"throughput_tok_s": 101`)
	for _, bad := range [][]string{{"--unit", "ttft=parsecs"}, {"--unit", "nounit"}, {"--column", "speed=Output tok/s"}} {
		code, _, errs = runKneeCLI(t, append([]string{"import", p}, bad...)...)
		require.Equal(t, 2, code, errs)
		require.Contains(t, errs, bad[0])
	}
}

// End to end on a real table (llama.cpp batched-bench, PP 512). As
// printed, its time columns settle which token rate is the output one:
// S_TG t/s × T_TG s is B × TG, the generated tokens, while S t/s × T s is
// N_KV, prompt tokens included, so find reads S_TG t/s with no flag. With
// the time columns cut away nothing settles it, and the two rates give
// different answers: find refuses, saying how, and names the generation
// rate first; that flag reads it.
func TestFindRefusesAnAmbiguityThatChangesTheAnswer(t *testing.T) {
	p := fixtures.Path(filepath.Join("corpus", "b-llamacpp-batched-bench-dgx-spark-gptoss120b", "table.md"))
	code, out, errs := runKneeCLI(t, "find", p, "--series", "512", "-o", "json")
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, `"recommended_per_gpu": 32`)
	code, out, errs = runKneeCLI(t, "import", p, "--series", "512", "-o", "json")
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, `\"S_TG t/s\" read as the output throughput`)
	require.Contains(t, out, `"throughput_tok_s": 312.56`)

	raw, err := os.ReadFile(p)
	require.NoError(t, err)
	timeless := writeTable(t, "timeless.md", dropColumns(string(raw), "T_PP s", "T_TG s", "T s"))
	code, _, errs = runKneeCLI(t, "find", timeless, "--series", "512")
	require.Equal(t, 2, code, errs)
	require.Contains(t, errs, `with "S_TG t/s" the knee is not reached by 32 in flight (recommended 32); with "S t/s" the knee is located at ≈5.03 in flight`)
	require.Contains(t, errs, `pick one with --column throughput="S_TG t/s"`)
	code, out, errs = runKneeCLI(t, "find", timeless, "--series", "512", "--column", "throughput=S_TG t/s", "-o", "json")
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, `"recommended_per_gpu": 32`)
}

// dropColumns removes the named columns from every markdown table row of
// body (other lines are kept as they are).
func dropColumns(body string, names ...string) string {
	drop := map[int]bool{}
	var out []string
	for _, line := range strings.Split(body, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(line), "|") {
			out = append(out, line)
			continue
		}
		cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
		for i, c := range cells {
			for _, n := range names {
				if strings.TrimSpace(c) == n {
					drop[i] = true
				}
			}
		}
		var kept []string
		for i, c := range cells {
			if !drop[i] {
				kept = append(kept, c)
			}
		}
		out = append(out, "|"+strings.Join(kept, "|")+"|")
	}
	return strings.Join(out, "\n")
}
