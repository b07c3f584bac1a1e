package read

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// workloadOrder lists the workload fields readers use, most telling first:
// messages name workloads by the first field whose values tell them apart.
var workloadOrder = []string{
	"dataset_name", "dataset", "data", "strategy", "random_input_len", "random_output_len",
	"sharegpt_output_len", "random_range_ratio", "input_tokens", "output_tokens", "model",
}

// workloadKey is a workload's identity as one comparable string.
func workloadKey(w map[string]string) string {
	keys := workloadFields(w)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + w[k]
	}
	return strings.Join(parts, " ")
}

// workloadFields lists a workload's fields in workloadOrder, then the rest sorted.
func workloadFields(w map[string]string) []string {
	var out []string
	for _, k := range workloadOrder {
		if _, ok := w[k]; ok {
			out = append(out, k)
		}
	}
	var rest []string
	for k := range w {
		if !contains(workloadOrder, k) {
			rest = append(rest, k)
		}
	}
	sort.Strings(rest)
	return append(out, rest...)
}

func contains(list []string, v string) bool {
	for _, l := range list {
		if l == v {
			return true
		}
	}
	return false
}

// workloadGroup is the points of one workload, in input order.
type workloadGroup struct {
	w      map[string]string
	points []int
}

func groupWorkloads(s *sweep.Sweep) []workloadGroup {
	var groups []workloadGroup
	index := map[string]int{}
	for i, p := range s.Points {
		k := workloadKey(p.Workload)
		g, ok := index[k]
		if !ok {
			g = len(groups)
			index[k] = g
			groups = append(groups, workloadGroup{w: p.Workload})
		}
		groups[g].points = append(groups[g].points, i)
	}
	return groups
}

// selectWorkload keeps the points of one workload. An input whose points
// carry no workload (a table) is returned unchanged; one with a single
// workload too, unless sel names another; several workloads need sel, and
// are refused with the list otherwise: rows of different datasets or
// lengths are different curves, and merging them would place a knee on
// nothing that was measured.
func selectWorkload(path string, s *sweep.Sweep, opts Options) (*sweep.Sweep, error) {
	groups := groupWorkloads(s)
	if len(groups) == 0 || (len(groups) == 1 && len(groups[0].w) == 0) {
		return s, nil
	}
	sel := strings.TrimSpace(workloadPick(groups, opts))
	if sel == "" {
		if len(groups) == 1 {
			return s, nil
		}
		field, list := describeWorkloads(groups)
		err := inputerr.Errorf(path, field, 0, "holds %d workloads (%s); choose one with --workload %s", len(groups), list, suggestion(groups, field))
		return nil, &workloadCurves{err: err, names: workloadNames(groups)}
	}
	match, err := workloadMatcher(path, sel)
	if err != nil {
		return nil, err
	}
	var kept []workloadGroup
	for _, g := range groups {
		if match(g.w) {
			kept = append(kept, g)
		}
	}
	field, list := describeWorkloads(groups)
	switch {
	case len(kept) == 0:
		return nil, inputerr.Errorf(path, "--workload", 0, "no workload matches %q; this input holds %s", sel, list)
	case len(kept) > 1:
		kf, klist := describeWorkloads(kept)
		return nil, inputerr.Errorf(path, "--workload", 0, "%q matches %d workloads (%s); name one by %s", sel, len(kept), klist, kf)
	}
	out := *s
	out.Points = make([]sweep.Point, 0, len(kept[0].points))
	for _, i := range kept[0].points {
		out.Points = append(out.Points, s.Points[i])
	}
	note := fmt.Sprintf("workload %s (chosen with --workload %s)", workloadKey(kept[0].w), sel)
	if left := len(s.Points) - len(out.Points); left > 0 {
		note += fmt.Sprintf("; %d points of other workloads in %s left out (by %s: %s)", left, path, field, list)
	}
	out.Notes = append(append([]string(nil), s.Notes...), note)
	return &out, nil
}

// workloadMatcher reads --workload: "VALUE" matches any field holding
// VALUE; "FIELD=VALUE,FIELD=VALUE" must match every named field.
func workloadMatcher(path, sel string) (func(map[string]string) bool, error) {
	if !strings.Contains(sel, "=") {
		return func(w map[string]string) bool {
			for _, v := range w {
				if strings.EqualFold(v, sel) {
					return true
				}
			}
			return false
		}, nil
	}
	want := map[string]string{}
	for _, part := range strings.Split(sel, ",") {
		k, v, ok := strings.Cut(part, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" || v == "" {
			return nil, inputerr.Errorf(path, "--workload", 0, "%q: want VALUE or FIELD=VALUE[,FIELD=VALUE], e.g. --workload dataset_name=random", sel)
		}
		want[k] = v
	}
	return func(w map[string]string) bool {
		for k, v := range want {
			if !strings.EqualFold(w[k], v) {
				return false
			}
		}
		return true
	}, nil
}

// describeWorkloads names the field that tells the groups apart (the first
// in workloadOrder whose values all differ) and lists each group with its
// point count, e.g. "dataset_name random: 5 points; sharegpt: 2 points".
func describeWorkloads(groups []workloadGroup) (string, string) {
	field := distinguishingField(groups)
	parts := make([]string, len(groups))
	for i, g := range groups {
		label := workloadKey(g.w)
		if field != "" {
			label = g.w[field]
			if i == 0 {
				label = field + " " + label
			}
		}
		if label == "" {
			label = "(no workload fields)"
		}
		parts[i] = fmt.Sprintf("%s: %s", label, plural(len(g.points), "point"))
	}
	if field == "" {
		field = "workload"
	}
	return field, strings.Join(parts, "; ")
}

func distinguishingField(groups []workloadGroup) string {
	var fields []string
	for _, g := range groups {
		for _, f := range workloadFields(g.w) {
			if !contains(fields, f) {
				fields = append(fields, f)
			}
		}
	}
	for _, f := range fields {
		seen := map[string]bool{}
		unique := true
		for _, g := range groups {
			v, ok := g.w[f]
			if !ok || seen[v] {
				unique = false
				break
			}
			seen[v] = true
		}
		if unique {
			return f
		}
	}
	return ""
}

// suggestion is a --workload value that picks the first group.
func suggestion(groups []workloadGroup, field string) string {
	if v, ok := groups[0].w[field]; ok && !strings.ContainsAny(v, " ,=") {
		return v
	}
	parts := []string{}
	for _, k := range workloadFields(groups[0].w) {
		parts = append(parts, k+"="+groups[0].w[k])
	}
	return "'" + strings.Join(parts, ",") + "'"
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
