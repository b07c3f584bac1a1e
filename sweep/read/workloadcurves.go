package read

import (
	"errors"
	"strings"
)

// workloadCurves is selectWorkload's refusal of an input that holds several
// workloads (two datasets, two lengths): each is a curve of its own, so
// `knee find` answers each, and --series NAME picks one as --workload does.
type workloadCurves struct {
	err   error
	names []string
}

func (w *workloadCurves) Error() string { return w.err.Error() }
func (w *workloadCurves) Unwrap() error { return w.err }

// workloadNames names each group by a value --workload (and --series) picks
// back alone: the field that tells the groups apart, as FIELD=VALUE, or
// every field of the group when no one field does.
func workloadNames(groups []workloadGroup) []string {
	field := distinguishingField(groups)
	out := make([]string, len(groups))
	for i, g := range groups {
		if v, ok := g.w[field]; ok && field != "" && !strings.ContainsAny(v, ",=") {
			out[i] = field + "=" + v
			continue
		}
		var parts []string
		for _, k := range workloadFields(g.w) {
			parts = append(parts, k+"="+g.w[k])
		}
		out[i] = strings.Join(parts, ",")
	}
	return out
}

// workloadNamesOf are the workload curves err refuses to choose between, or nil.
func workloadNamesOf(err error) []string {
	var w *workloadCurves
	if errors.As(err, &w) {
		return w.names
	}
	return nil
}

// workloadPick is the workload a read keeps: --workload, else a --series
// that names one of several workloads (a curve is a curve, whichever flag
// picks it), else none.
func workloadPick(groups []workloadGroup, opts Options) string {
	if opts.Workload != "" || len(groups) < 2 || opts.Meta.Series == "" {
		return opts.Workload
	}
	for _, n := range workloadNames(groups) {
		if strings.EqualFold(n, opts.Meta.Series) {
			return n
		}
	}
	return ""
}
