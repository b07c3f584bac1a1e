package read

import (
	"encoding/json"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// genai-perf's profile_export_genai_perf.json (triton-inference-server
// genai-perf 0.0.4 to 0.0.16): the same metric objects as AIPerf, its
// successor ({unit, avg, min, max, std, p1 … p99}), plus input_config, the
// command-line arguments: concurrency or request_rate, model (a list),
// synthetic_input_tokens_mean, output_tokens_mean. Newer releases nest the
// load under input_config.perf_analyzer.stimulus. AIPerf's export has
// input_config.loadgen instead, which is how the two are told apart.

const (
	gpHarness    = "genai-perf"
	gpExportJSON = "profile_export_genai_perf.json"
)

type gpConfig struct {
	Concurrency          *float64        `json:"concurrency"`
	RequestRate          *float64        `json:"request_rate"`
	Model                json.RawMessage `json:"model"`
	ModelNames           []string        `json:"model_names"`
	SyntheticInputTokens *float64        `json:"synthetic_input_tokens_mean"`
	OutputTokensMean     *float64        `json:"output_tokens_mean"`
	PerfAnalyzer         *struct {
		Stimulus *struct {
			Concurrency *float64 `json:"concurrency"`
			RequestRate *float64 `json:"request_rate"`
		} `json:"stimulus"`
	} `json:"perf_analyzer"`
	Loadgen json.RawMessage `json:"loadgen"`
}

func sniffGenAIPerf(_ string, _ []byte, top map[string]json.RawMessage) bool {
	if !isObject(top["input_config"]) || !hasAnyKey(top, "output_token_throughput", "time_to_first_token", "request_throughput") {
		return false
	}
	var c map[string]json.RawMessage
	if json.Unmarshal(top["input_config"], &c) != nil {
		return false
	}
	return !hasAnyKey(c, "loadgen") && hasAnyKey(c, "concurrency", "request_rate", "perf_analyzer", "profile_export_file")
}

func gpFiles(dir string) []string {
	return findFiles(dir, 2, func(n string) bool { return n == gpExportJSON || strings.HasSuffix(n, "_genai_perf.json") })
}

func hasGenAIPerfExports(dir string) bool { return len(gpFiles(dir)) > 0 }

// readGenAIPerfDir reads one export per run: the JSON, or the CSV of a run
// that kept only the CSV (genaiperfcsv.go).
func readGenAIPerfDir(dir string, _ Options) (*sweep.Sweep, error) {
	return readEach(dir, gpRuns(dir), gpHarness, func(p string, data []byte) (*sweep.Sweep, error) {
		if strings.HasSuffix(p, ".csv") {
			return readGenAIPerfCSVFile(p, data, Options{})
		}
		return readGenAIPerfFile(p, data, Options{})
	})
}

// readGenAIPerfFile reads one export with the AIPerf reader, which honours
// every metric's unit, given the concurrency from genai-perf's input_config;
// a request-rate run gets its concurrency from Little's law.
func readGenAIPerfFile(path string, data []byte, _ Options) (*sweep.Sweep, error) {
	var ex struct {
		InputConfig *gpConfig `json:"input_config"`
	}
	if err := decodeJSON(path, 0, data, &ex); err != nil {
		return nil, err
	}
	c := ex.InputConfig
	if c == nil {
		return nil, inputerr.Errorf(path, "input_config", 0, "missing: not a genai-perf export")
	}
	conc, rate := c.load()
	open := conc == nil && rate != nil
	fallback := conc
	if open {
		fallback = sweep.F(1) // replaced below by Little's law
	}
	if fallback == nil {
		return nil, inputerr.Errorf(path, "input_config.concurrency", 0, "missing: the export names neither a concurrency nor a request_rate")
	}
	s, err := parseAIPerfExport(path, 0, data, path, fallback)
	if err != nil {
		return nil, err
	}
	s.Harness = gpHarness
	p := &s.Points[0]
	p.Source = path + " (" + gpHarness + ")"
	if open {
		if err := openLoop(path, "input_config.request_rate", p, rate, p.RequestRate, p.E2E.Mean); err != nil {
			return nil, err
		}
	} else {
		p.AchievedConcurrency = littleConcurrency(p.RequestRate, p.E2E.Mean)
	}
	w := c.workload()
	if w["model"] != "" {
		s.Model = w["model"]
	}
	if len(w) > 0 {
		p.Workload = w
	}
	return s, nil
}

// load is the concurrency or request rate input_config states, at its top
// level or (newer releases) under perf_analyzer.stimulus.
func (c *gpConfig) load() (conc, rate *float64) {
	conc, rate = c.Concurrency, c.RequestRate
	if pa := c.PerfAnalyzer; pa != nil && pa.Stimulus != nil {
		if conc == nil {
			conc = pa.Stimulus.Concurrency
		}
		if rate == nil {
			rate = pa.Stimulus.RequestRate
		}
	}
	return conc, rate
}

// models is input_config.model (a list, or one name), else model_names.
func (c *gpConfig) models() []string {
	var models []string
	if json.Unmarshal(c.Model, &models) != nil {
		var one string
		if json.Unmarshal(c.Model, &one) == nil && one != "" {
			models = []string{one}
		}
	}
	if len(models) == 0 {
		models = c.ModelNames
	}
	return models
}

// workload is what was sent: the first model and the lengths asked for.
func (c *gpConfig) workload() map[string]string {
	w := map[string]string{}
	if models := c.models(); len(models) > 0 {
		w["model"] = models[0]
	}
	if c.SyntheticInputTokens != nil {
		w["synthetic_input_tokens_mean"] = numText(*c.SyntheticInputTokens)
	}
	if c.OutputTokensMean != nil {
		w["output_tokens_mean"] = numText(*c.OutputTokensMean)
	}
	return w
}
