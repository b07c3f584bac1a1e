package inferenceperf

import (
	"fmt"
	"math"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/read"
)

// Parse reads the points of a run of a config written by Config for the
// same levels from the tool's console log (or a pod log): the
// `=== START_STAGE_i ===` blocks, read by sweep/read. The warm-up stage is
// dropped, stage i+1 becomes level i, and each stage's concurrency must be
// the level's — a log from another config is an InputError, not a sweep.
func Parse(log []byte, source string, plan sweep.Plan, levels []sweep.Level) ([]sweep.Point, error) {
	s, err := read.Data(source, log, read.Options{Format: read.FormatInferencePerf})
	if err != nil {
		return nil, err
	}
	return levelPoints(s, source, plan, levels)
}

// ParseFile is Parse for a log, stage file set or report folder on disk.
func ParseFile(path string, plan sweep.Plan, levels []sweep.Level) ([]sweep.Point, error) {
	s, err := read.File(path, read.Options{Format: "inference-perf"})
	if err != nil {
		return nil, err
	}
	return levelPoints(s, path, plan, levels)
}

func levelPoints(s *sweep.Sweep, source string, plan sweep.Plan, levels []sweep.Level) ([]sweep.Point, error) {
	if plan.IsRate() {
		return ratePoints(s, source, plan, levels)
	}
	for i := 1; i < len(levels); i++ {
		if levels[i].Concurrency <= levels[i-1].Concurrency {
			return nil, inputerr.Errorf("plan", "--per-gpu", 0, "levels must increase to be matched to stages")
		}
	}
	// sweep/read orders points by concurrency, stably. A config from Config
	// runs its warm-up at the lowest concurrency first, then the levels in
	// increasing order, so stage order and point order are the same.
	want := len(levels) + 1
	if len(s.Points) != want {
		return nil, inputerr.Errorf(source, "=== START_STAGE_i ===", 0,
			"found %d stage results, want %d (a warm-up stage and %d level(s)); the run ended early or the log is from another config", len(s.Points), want, len(levels))
	}
	pts := s.Points[1:]
	out := make([]sweep.Point, len(levels))
	for i, l := range levels {
		p := pts[i]
		if p.Derived || p.Concurrency != float64(l.Concurrency) {
			return nil, inputerr.Errorf(source, fmt.Sprintf("stage %d: load_summary.concurrency", i+1), 0,
				"is %g but %v runs %d in flight; the log is from another config", p.Concurrency, l, l.Concurrency)
		}
		p.Repeat = 0
		p.PerGPU = sweep.F(float64(l.PerGPU))
		if plan.GPUs > 0 {
			p.ThroughputPerGPU = sweep.F(p.ThroughputTokS / float64(plan.GPUs))
		}
		p.Source = fmt.Sprintf("%s stage %d (%s)", filepath.Base(source), i+1, versionOr(s.HarnessVersion))
		out[i] = p
	}
	return out, nil
}

func versionOr(v string) string {
	if v == "" {
		return Harness
	}
	if strings.HasPrefix(v, Harness) {
		return v
	}
	return Harness + " " + v
}

// ratePoints matches a rate config's stages to its levels by the rate each
// stage reports it offered (load_summary.requested_rate, the stage's
// configured rate): sweep/read orders points by their Little's-law
// concurrency, which need not rise with the rate past the knee. A level
// given twice takes its stages in report order.
func ratePoints(s *sweep.Sweep, source string, plan sweep.Plan, levels []sweep.Level) ([]sweep.Point, error) {
	if len(s.Points) != len(levels) {
		return nil, inputerr.Errorf(source, "=== START_STAGE_i ===", 0,
			"found %d stage results, want %d (one per rate); the run ended early or the log is from another config", len(s.Points), len(levels))
	}
	pts := append([]sweep.Point(nil), s.Points...)
	sort.SliceStable(pts, func(i, j int) bool { return stageOf(pts[i].Source) < stageOf(pts[j].Source) })
	used := make([]bool, len(pts))
	out := make([]sweep.Point, len(levels))
	for i, l := range levels {
		j := -1
		for k, p := range pts {
			if !used[k] && p.RequestedRate != nil && math.Abs(*p.RequestedRate-l.Rate) <= 1e-9*l.Rate {
				j = k
				break
			}
		}
		if j < 0 {
			return nil, inputerr.Errorf(source, "load_summary.requested_rate", 0, "no stage offered %g req/s, which %v runs; the log is from another config", l.Rate, l)
		}
		used[j] = true
		p := pts[j]
		p.Repeat = 0
		p.RequestedRate = sweep.F(l.Rate)
		if plan.GPUs > 0 {
			p.PerGPU = sweep.F(p.Concurrency / float64(plan.GPUs))
			p.ThroughputPerGPU = sweep.F(p.ThroughputTokS / float64(plan.GPUs))
		}
		p.Source = fmt.Sprintf("%s stage %d (%s)", filepath.Base(source), j, versionOr(s.HarnessVersion))
		out[i] = p
	}
	return out, nil
}

// stageOf is the stage index sweep/read put into a point's source
// ("… stage 3" for a log block, "stage_3_lifecycle_metrics.json" for a file).
func stageOf(source string) int {
	if m := stageIndex.FindAllStringSubmatch(source, -1); m != nil {
		n, _ := strconv.Atoi(m[len(m)-1][1])
		return n
	}
	return 0
}

var stageIndex = regexp.MustCompile(`stage[ _](\d+)`)
