package read

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// ipDist is inference-perf's distribution object, in seconds (latencies) or
// tokens. Only the statistics knee keeps are decoded; p50 is "median".
type ipDist struct {
	Mean   *float64 `json:"mean"`
	Min    *float64 `json:"min"`
	Max    *float64 `json:"max"`
	Median *float64 `json:"median"`
	P90    *float64 `json:"p90"`
	P95    *float64 `json:"p95"`
	P99    *float64 `json:"p99"`
}

// ipStage is one stage_<i>_lifecycle_metrics.json (or a START_STAGE block).
// Every schema is covered: older files (prompt_len, no
// benchmark_time_seconds), v0.6.1 (by_label) and main (prompt_tokens,
// output_tokens). Absent keys stay nil.
type ipStage struct {
	BenchmarkTimeSeconds *float64       `json:"benchmark_time_seconds"`
	LoadSummary          *ipLoadSummary `json:"load_summary"`
	Successes            *struct {
		Count      *int       `json:"count"`
		Latency    *ipLatency `json:"latency"`
		Throughput *struct {
			OutputTokensPerSec *float64 `json:"output_tokens_per_sec"`
			RequestsPerSec     *float64 `json:"requests_per_sec"`
		} `json:"throughput"`
		PromptLen    *ipDist `json:"prompt_len"`
		PromptTokens *ipDist `json:"prompt_tokens"`
		OutputLen    *ipDist `json:"output_len"`
		OutputTokens *ipDist `json:"output_tokens"`
	} `json:"successes"`
	Failures *struct {
		Count   *int `json:"count"`
		ByLabel map[string]struct {
			Count *int `json:"count"`
		} `json:"by_label"`
	} `json:"failures"`
}

type ipLoadSummary struct {
	Count         *float64 `json:"count"`
	RequestedRate *float64 `json:"requested_rate"`
	AchievedRate  *float64 `json:"achieved_rate"`
	Concurrency   *float64 `json:"concurrency"`
}

type ipLatency struct {
	RequestLatency      *ipDist `json:"request_latency"`
	TimeToFirstToken    *ipDist `json:"time_to_first_token"`
	TimePerOutputToken  *ipDist `json:"time_per_output_token"`
	InterTokenLatency   *ipDist `json:"inter_token_latency"`
	NormalizedTimePerOT *ipDist `json:"normalized_time_per_output_token"`
}

const ipHarness = "inference-perf"

// ipStageFile matches the per-stage report files; the summary file and the
// *prometheus* files are deliberately not points.
var ipStageFile = regexp.MustCompile(`^stage_(\d+)_lifecycle_metrics\.json$`)

// readInferencePerfDir reads every stage file of a report folder, in stage
// order, and the folder's config.yaml for the model name.
func readInferencePerfDir(dir string) (*sweep.Sweep, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, inputerr.Errorf(dir, "", 0, "cannot read folder: %v", unwrapPathErr(err))
	}
	type stageFile struct {
		idx  int
		path string
	}
	var stages []stageFile
	for _, e := range entries {
		m := ipStageFile.FindStringSubmatch(e.Name())
		if m == nil || e.IsDir() {
			continue
		}
		idx, err := strconv.Atoi(m[1])
		if err != nil {
			continue
		}
		stages = append(stages, stageFile{idx, filepath.Join(dir, e.Name())})
	}
	if len(stages) == 0 {
		return nil, inputerr.Errorf(dir, "", 0, "no stage_<i>_lifecycle_metrics.json in this folder")
	}
	sort.Slice(stages, func(i, j int) bool { return stages[i].idx < stages[j].idx })
	s := &sweep.Sweep{Version: sweep.SchemaVersion, Harness: ipHarness, Sources: []string{dir}}
	s.Model = ipModelFromConfig(filepath.Join(dir, "config.yaml"))
	for _, st := range stages {
		b, err := readBounded(st.path)
		if err != nil {
			return nil, err
		}
		p, err := parseInferencePerfStage(st.path, 0, b, st.path)
		if err != nil {
			return nil, err
		}
		s.Points = append(s.Points, *p)
	}
	return s, nil
}

// readInferencePerfStageFile reads one stage file; config.yaml beside it, if
// any, names the model.
func readInferencePerfStageFile(path string, data []byte) (*sweep.Sweep, error) {
	if strings.HasPrefix(filepath.Base(path), "summary_") {
		return nil, inputerr.Errorf(path, "", 0, "this is inference-perf's summary of all stages (its throughput includes the pauses between stages), not one level; give the report folder or the stage_<i> files")
	}
	p, err := parseInferencePerfStage(path, 0, data, path)
	if err != nil {
		return nil, err
	}
	return &sweep.Sweep{
		Version: sweep.SchemaVersion, Harness: ipHarness, Sources: []string{path},
		Model:  ipModelFromConfig(filepath.Join(filepath.Dir(path), "config.yaml")),
		Points: []sweep.Point{*p},
	}, nil
}

var (
	ipStartStage = regexp.MustCompile(`=== START_STAGE_(\d+) ===`)
	ipEndStage   = regexp.MustCompile(`=== END_STAGE_(\d+) ===`)
	ipLogModel   = regexp.MustCompile(`(?m)(?:Inferred model |^\s*model_name: )([^\s"']+)\s*$`)
	ipLogVersion = regexp.MustCompile(`inference-perf(?:/inference-perf)?:v(\d+\.\d+\.\d+)`)
)

// readInferencePerfLog reads the === START_STAGE_i === … === END_STAGE_i ===
// blocks of a pod or console log (v0.6.0+). The SUMMARY block is skipped.
// Lines may carry a prefix (kubectl --timestamps, a pod name): the marker is
// searched anywhere in the line, and as many whitespace-separated fields as
// preceded the marker are dropped from each line of the block.
func readInferencePerfLog(path string, data []byte) (*sweep.Sweep, error) {
	s := &sweep.Sweep{Version: sweep.SchemaVersion, Harness: ipHarness, Sources: []string{path}}
	for _, m := range ipLogModel.FindAllSubmatch(data, -1) {
		if v := string(m[1]); v != "null" {
			s.Model = v
			break
		}
	}
	if m := ipLogVersion.FindSubmatch(data); m != nil {
		s.HarnessVersion = "v" + string(m[1])
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), 64*1024*1024)
	line := 0
	var (
		in        bool
		stage     string
		startLine int
		prefixN   int
		block     bytes.Buffer
	)
	for sc.Scan() {
		line++
		text := sc.Text()
		if !in {
			if m := ipStartStage.FindStringSubmatchIndex(text); m != nil {
				in, stage, startLine, prefixN = true, text[m[2]:m[3]], line, len(strings.Fields(text[:m[0]]))
				block.Reset()
			}
			continue
		}
		if m := ipEndStage.FindStringSubmatch(text); m != nil {
			if m[1] != stage {
				return nil, inputerr.Errorf(path, "", line, "END_STAGE_%s closes START_STAGE_%s (line %d)", m[1], stage, startLine)
			}
			src := fmt.Sprintf("%s:%d stage %s", path, startLine, stage)
			p, err := parseInferencePerfStage(path, startLine, block.Bytes(), src)
			if err != nil {
				return nil, err
			}
			s.Points = append(s.Points, *p)
			in = false
			continue
		}
		text = dropFields(text, prefixN)
		block.WriteString(text)
		block.WriteByte('\n')
	}
	if err := sc.Err(); err != nil {
		return nil, inputerr.Errorf(path, "", line, "cannot read log: %w", err)
	}
	if in {
		return nil, inputerr.Errorf(path, "", startLine, "START_STAGE_%s has no END_STAGE_%s (log cut short?)", stage, stage)
	}
	if len(s.Points) == 0 {
		return nil, inputerr.Errorf(path, "", 0, "no === START_STAGE_i === blocks in this log")
	}
	return s, nil
}

// parseInferencePerfStage turns one stage report into a point: seconds → ms,
// configured concurrency for concurrent stages, Little's law for rate-based ones.
func parseInferencePerfStage(file string, baseLine int, data []byte, source string) (*sweep.Point, error) {
	var st ipStage
	if err := decodeJSON(file, baseLine, data, &st); err != nil {
		return nil, err
	}
	if st.LoadSummary == nil {
		return nil, inputerr.Errorf(file, "load_summary", baseLine, "missing: not an inference-perf stage report")
	}
	if st.Successes == nil {
		return nil, inputerr.Errorf(file, "successes", baseLine, "missing: not an inference-perf stage report")
	}
	su := st.Successes
	if su.Throughput == nil || su.Throughput.OutputTokensPerSec == nil {
		return nil, inputerr.Errorf(file, "successes.throughput.output_tokens_per_sec", baseLine, "missing: no output throughput")
	}
	p := &sweep.Point{
		ThroughputTokS: *su.Throughput.OutputTokensPerSec,
		RequestRate:    su.Throughput.RequestsPerSec,
		Requests:       su.Count,
		DurationS:      st.BenchmarkTimeSeconds,
		Source:         source + " (" + ipHarness + ")",
	}
	ipLatencies(su.Latency, p)
	if d := firstDist(su.PromptTokens, su.PromptLen); d != nil {
		p.InputTokensMean = d.Mean
	}
	if d := firstDist(su.OutputTokens, su.OutputLen); d != nil {
		p.OutputTokensMean = d.Mean
	}
	if f := st.Failures; f != nil {
		p.Failures = f.Count
		p.FailureLabels = ipFailureLabels(f.ByLabel)
	}
	// Little's law needs the mean time a request is in flight, in seconds.
	var meanLatencyS *float64
	if su.Latency != nil && su.Latency.RequestLatency != nil {
		meanLatencyS = su.Latency.RequestLatency.Mean
	}
	if err := ipLoad(file, baseLine, st.LoadSummary, meanLatencyS, p); err != nil {
		return nil, err
	}
	return p, nil
}

// ipLatencies reads the latency distributions, seconds to ms.
func ipLatencies(l *ipLatency, p *sweep.Point) {
	if l == nil {
		return
	}
	p.TTFT = l.TimeToFirstToken.ms()
	// ITL as every other harness means it: the per-request mean gap
	// between output tokens (TPOT). inference-perf's inter_token_latency
	// is the distribution of raw chunk gaps, whose median is near zero
	// when the server sends tokens in bursts; it is only a fallback.
	if l.TimePerOutputToken != nil {
		p.ITL = l.TimePerOutputToken.ms()
	} else {
		p.ITL = l.InterTokenLatency.ms()
	}
	p.E2E = l.RequestLatency.ms()
}

// ipFailureLabels is failures.by_label's counts; nil when it has none.
func ipFailureLabels(byLabel map[string]struct {
	Count *int `json:"count"`
}) map[string]int {
	var out map[string]int
	for label, v := range byLabel {
		if v.Count == nil {
			continue
		}
		if out == nil {
			out = map[string]int{}
		}
		out[label] = *v.Count
	}
	return out
}

// ipLoad sets a stage's load: the configured concurrency of a concurrent
// stage, Little's law for a rate-based one (marked derived).
func ipLoad(file string, baseLine int, ls *ipLoadSummary, meanLatencyS *float64, p *sweep.Point) error {
	if ls.Concurrency != nil {
		p.Concurrency = *ls.Concurrency
		// For concurrent stages requested_rate is the request count and means
		// nothing; the in-flight level actually sustained is estimated the
		// same way as for rate-based stages (it falls short of the configured
		// level when the last wave drains).
		if p.RequestRate != nil && meanLatencyS != nil {
			p.AchievedConcurrency = sweep.F(*p.RequestRate * *meanLatencyS)
		}
		return nil
	}
	rate := ls.AchievedRate
	if rate == nil {
		rate = p.RequestRate
	}
	if rate == nil || meanLatencyS == nil {
		return inputerr.Errorf(file, "load_summary.concurrency", baseLine, "missing, and it cannot be derived for this rate-based stage without load_summary.achieved_rate and successes.latency.request_latency.mean")
	}
	p.Concurrency = *rate * *meanLatencyS
	p.Derived = true
	p.RequestedRate = ls.RequestedRate
	p.AchievedConcurrency = sweep.F(p.Concurrency)
	return nil
}

func firstDist(ds ...*ipDist) *ipDist {
	for _, d := range ds {
		if d != nil {
			return d
		}
	}
	return nil
}

// ms converts a distribution in seconds to a sweep.Dist in milliseconds.
func (d *ipDist) ms() sweep.Dist {
	if d == nil {
		return sweep.Dist{}
	}
	return stats{"mean": d.Mean, "min": d.Min, "max": d.Max, "p50": d.Median, "p90": d.P90, "p95": d.P95, "p99": d.P99}.scaled(1000)
}

// ipModelFromConfig returns server.model_name (or the tokenizer's model)
// from an inference-perf config.yaml; "" when there is none. The config is
// optional context, so an unreadable one is not an error.
func ipModelFromConfig(path string) string {
	b, err := readBounded(path)
	if err != nil {
		return ""
	}
	var cfg struct {
		Server *struct {
			ModelName string `yaml:"model_name"`
		} `yaml:"server"`
		Tokenizer *struct {
			Path string `yaml:"pretrained_model_name_or_path"`
		} `yaml:"tokenizer"`
	}
	if len(b) > maxYAML || yaml.Unmarshal(b, &cfg) != nil {
		return ""
	}
	if cfg.Server != nil && cfg.Server.ModelName != "" {
		return cfg.Server.ModelName
	}
	if cfg.Tokenizer != nil {
		return cfg.Tokenizer.Path
	}
	return ""
}

// dropFields removes the first n whitespace-separated fields of a line.
func dropFields(text string, n int) string {
	for ; n > 0; n-- {
		text = strings.TrimLeft(text, " \t")
		i := strings.IndexAny(text, " \t")
		if i < 0 {
			return ""
		}
		text = text[i:]
	}
	return text
}
