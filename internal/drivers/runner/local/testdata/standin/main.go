// Command standin stands in for the Python harnesses in the local runner's
// tests: neither inference-perf nor AIPerf can be installed here (no PyPI).
// It REPLAYS REAL RECORDED OUTPUT from fixtures; it measures nothing.
//
// As inference-perf (argv[0] base name "inference-perf"): reads the
// --config_file it is given and, for each configured stage i, prints the
// recorded `=== START_STAGE_j ===` JSON block whose load_summary.concurrency
// equals the stage's concurrency_level — verbatim, with the marker renumbered
// to i — and writes it as report/stage_i_lifecycle_metrics.json, as the tool
// does. KNEE_REPLAY names the recorded stdout.log.
//
// As aiperf: finds the recorded run folder under KNEE_REPLAY whose name ends
// in -c<concurrency>, prints its stdout.log and copies its
// profile_export_aiperf.json into --output-artifact-dir.
//
// A rate stage ({rate, duration}, load.type poisson or constant) is
// replayed from the recorded report folder KNEE_REPLAY_RATES: the
// stage_<j>_lifecycle_metrics.json whose load_summary.requested_rate equals
// the stage's rate, written as stage i. A config naming data.path must
// find that file in its working directory (knee copies the dataset there).
//
// KNEE_STANDIN_EXIT=N exits with status N after printing an error;
// KNEE_STANDIN_HANG=1 blocks until killed (to test Ctrl-C);
// KNEE_STANDIN_STAGE_FILE replaces every stage's JSON with that file's
// content (a constructed case, e.g. every request failed).
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"gopkg.in/yaml.v3"
)

func main() {
	if code := os.Getenv("KNEE_STANDIN_EXIT"); code != "" {
		n, _ := strconv.Atoi(code)
		fmt.Fprintln(os.Stderr, "standin: simulated harness crash: connection refused")
		os.Exit(n)
	}
	if os.Getenv("KNEE_STANDIN_HANG") == "1" {
		fmt.Println("standin: started, waiting")
		ch := make(chan os.Signal, 1)
		signal.Notify(ch, syscall.SIGTERM, syscall.SIGINT)
		<-ch
		fmt.Println("standin: terminated")
		os.Exit(143)
	}
	var err error
	switch filepath.Base(os.Args[0]) {
	case "aiperf":
		err = aiperf(os.Args[1:])
	default:
		err = inferencePerf(os.Args[1:])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "standin:", err)
		os.Exit(1)
	}
}

func flag(args []string, name string) string {
	for i := 0; i+1 < len(args); i++ {
		if args[i] == name {
			return args[i+1]
		}
	}
	return ""
}

func inferencePerf(args []string) error {
	raw, err := os.ReadFile(flag(args, "--config_file"))
	if err != nil {
		return err
	}
	var cfg struct {
		Load struct {
			Type   string `yaml:"type"`
			Stages []struct {
				Concurrency int     `yaml:"concurrency_level"`
				Rate        float64 `yaml:"rate"`
			} `yaml:"stages"`
		} `yaml:"load"`
		Data struct {
			Path string `yaml:"path"`
		} `yaml:"data"`
		Storage struct {
			Local struct {
				Path string `yaml:"path"`
			} `yaml:"local_storage"`
		} `yaml:"storage"`
	}
	if err := yaml.Unmarshal(raw, &cfg); err != nil {
		return err
	}
	if cfg.Data.Path != "" {
		if _, err := os.Stat(cfg.Data.Path); err != nil {
			return fmt.Errorf("data.path: %w", err)
		}
	}
	if cfg.Load.Type == "poisson" || cfg.Load.Type == "constant" {
		return replayRates(cfg.Storage.Local.Path, cfg.Load.Stages)
	}
	blocks, err := recordedStages(os.Getenv("KNEE_REPLAY"))
	if err != nil {
		return err
	}
	var override []byte
	if f := os.Getenv("KNEE_STANDIN_STAGE_FILE"); f != "" {
		if override, err = os.ReadFile(f); err != nil {
			return err
		}
	}
	fmt.Println("standin inference-perf: replaying", len(cfg.Load.Stages), "stages from a recorded v0.6.1 run")
	if err := os.MkdirAll(cfg.Storage.Local.Path, 0o755); err != nil {
		return err
	}
	for i, st := range cfg.Load.Stages {
		body, ok := blocks[st.Concurrency]
		if override != nil {
			body, ok = string(override), true
		}
		if !ok {
			return fmt.Errorf("no recorded stage at concurrency %d", st.Concurrency)
		}
		fmt.Printf("=== START_STAGE_%d ===\n%s=== END_STAGE_%d ===\n", i, body, i)
		name := filepath.Join(cfg.Storage.Local.Path, fmt.Sprintf("stage_%d_lifecycle_metrics.json", i))
		if err := os.WriteFile(name, []byte(body), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// recordedStages returns each recorded stage block (the lines between the
// markers, verbatim) keyed by its load_summary.concurrency.
func recordedStages(path string) (map[int]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[int]string{}
	var cur *strings.Builder
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "=== START_STAGE_"):
			cur = &strings.Builder{}
		case strings.HasPrefix(line, "=== END_STAGE_") && cur != nil:
			var st struct {
				Load struct {
					Concurrency int `json:"concurrency"`
				} `json:"load_summary"`
			}
			if err := json.Unmarshal([]byte(cur.String()), &st); err != nil {
				return nil, err
			}
			out[st.Load.Concurrency] = cur.String()
			cur = nil
		case cur != nil:
			cur.WriteString(line + "\n")
		}
	}
	return out, sc.Err()
}

func aiperf(args []string) error {
	c := flag(args, "--concurrency")
	dir := flag(args, "--output-artifact-dir")
	// Recorded run folders (those holding an export) end in -c<concurrency>.
	runs, _ := filepath.Glob(filepath.Join(os.Getenv("KNEE_REPLAY"), "*-c"+c, "profile_export_aiperf.json"))
	for i := range runs {
		runs[i] = filepath.Dir(runs[i])
	}
	if len(runs) != 1 {
		return fmt.Errorf("no recorded AIPerf run at concurrency %s", c)
	}
	log, err := os.ReadFile(filepath.Join(runs[0], "stdout.log"))
	if err != nil {
		return err
	}
	os.Stdout.Write(log)
	export, err := os.ReadFile(filepath.Join(runs[0], "profile_export_aiperf.json"))
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "profile_export_aiperf.json"), export, 0o644)
}

// replayRates writes, for each rate stage, the recorded stage file that
// offered that rate, renumbered to the stage's index, and prints it
// between the markers as v0.6+ does.
func replayRates(out string, stages []struct {
	Concurrency int     `yaml:"concurrency_level"`
	Rate        float64 `yaml:"rate"`
}) error {
	files, err := filepath.Glob(filepath.Join(os.Getenv("KNEE_REPLAY_RATES"), "stage_*_lifecycle_metrics.json"))
	if err != nil {
		return err
	}
	byRate := map[float64]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		var st struct {
			Load struct {
				Rate float64 `json:"requested_rate"`
			} `json:"load_summary"`
		}
		if err := json.Unmarshal(b, &st); err != nil {
			return err
		}
		byRate[st.Load.Rate] = string(b)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	fmt.Println("standin inference-perf: replaying", len(stages), "rate stages from a recorded report")
	for i, st := range stages {
		body, ok := byRate[st.Rate]
		if !ok {
			return fmt.Errorf("no recorded stage offered %g req/s", st.Rate)
		}
		fmt.Printf("=== START_STAGE_%d ===\n%s\n=== END_STAGE_%d ===\n", i, body, i)
		if err := os.WriteFile(filepath.Join(out, fmt.Sprintf("stage_%d_lifecycle_metrics.json", i)), []byte(body), 0o644); err != nil {
			return err
		}
	}
	return nil
}
