package read

import (
	"io/fs"
	"math"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/read/table"
)

// Helpers shared by the readers of benchmark clients' native results
// (vLLM, SGLang, guidellm, genai-perf, llmperf, llm-d).

// readBounded reads a file of at most maxInput bytes (ReadLimited).
func readBounded(path string) ([]byte, error) { return ReadLimited(path, maxInput) }

// findFiles lists the files under dir, at most depth folders down, whose
// name match accepts, sorted so points come in a stable order.
func findFiles(dir string, depth int, match func(name string) bool) []string {
	var out []string
	root := filepath.Clean(dir)
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // an unreadable subfolder holds nothing we can use
		}
		if d.IsDir() {
			if strings.Count(strings.TrimPrefix(p, root), string(filepath.Separator)) > depth {
				return filepath.SkipDir
			}
			return nil
		}
		if match(d.Name()) {
			out = append(out, p)
		}
		return nil
	})
	sort.Strings(out)
	return out
}

// readEach reads every file with one into a single sweep, one file's
// points after another; the harness and model must agree across files.
func readEach(dir string, paths []string, harness string, one func(path string, data []byte) (*sweep.Sweep, error)) (*sweep.Sweep, error) {
	s := &sweep.Sweep{Version: sweep.SchemaVersion, Harness: harness}
	for _, p := range paths {
		data, err := readBounded(p)
		if err != nil {
			return nil, err
		}
		part, err := one(p, data)
		if err != nil {
			return nil, err
		}
		if err := mergeString(&s.Model, part.Model, false, p, "model"); err != nil {
			return nil, err
		}
		if err := mergeString(&s.HarnessVersion, part.HarnessVersion, false, p, "harness_version"); err != nil {
			return nil, err
		}
		s.Sources = append(s.Sources, part.Sources...)
		s.Notes = appendUnique(s.Notes, part.Notes...)
		s.Points = append(s.Points, part.Points...)
	}
	if len(s.Points) == 0 {
		return nil, inputerr.Errorf(dir, "", 0, "no %s results in this folder", harness)
	}
	return s, nil
}

// stats is a distribution as a source names its statistics: "mean", "std",
// "min", "max", "p1" … "p99", "p999" (p99.9), "p50" for the median.
type stats map[string]*float64

// dist converts stats to a sweep.Dist, multiplying by k (to ms). Every
// value must be a finite non-negative number: the field names the source's
// key, so a bad value is refused by name.
func (st stats) dist(file, field string, k float64) (sweep.Dist, error) {
	for name, v := range st {
		if v != nil && (math.IsNaN(*v) || math.IsInf(*v, 0) || *v < 0) {
			return sweep.Dist{}, inputerr.Errorf(file, field+"."+name, 0, "must be a non-negative number, got %v", *v)
		}
	}
	return st.scaled(k), nil
}

// percentileName turns a source's percentile spelling into a stats key:
// "99" → p99, "99.9" → p999, "0.1"/"p001" style is left out (too few
// requests make it meaningful). ok is false for percentiles knee does not keep.
func percentileName(pct string) (string, bool) {
	switch strings.TrimSuffix(strings.TrimPrefix(strings.ToLower(pct), "p"), ".0") {
	case "1", "01":
		return "p1", true
	case "5", "05":
		return "p5", true
	case "10":
		return "p10", true
	case "25":
		return "p25", true
	case "50":
		return "p50", true
	case "75":
		return "p75", true
	case "90":
		return "p90", true
	case "95":
		return "p95", true
	case "99":
		return "p99", true
	case "99.9", "999", "99p9":
		return "p999", true
	}
	return "", false
}

// openLoop fills a point measured at an offered request rate: one rule for
// every reader, the table reader's (table.OpenLoop) included.
var openLoop = table.OpenLoop

// numText writes a workload value without a trailing ".0".
func numText(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// count turns a JSON number that must be a whole count into an int.
func count(file, field string, v *float64) (*int, error) {
	if v == nil {
		return nil, nil
	}
	if *v < 0 || *v != math.Trunc(*v) || *v > 1e15 {
		return nil, inputerr.Errorf(file, field, 0, "must be a whole non-negative count, got %v", *v)
	}
	return sweep.I(int(*v)), nil
}
