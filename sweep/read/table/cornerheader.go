package table

import (
	"fmt"
	"slices"
	"strings"
)

// A crosstab's corner cell names both of its axes: "BS & TPS" over a first
// column of batch sizes (1, 2, 4 … 128) and columns named by hardware
// ("1xH20(96GB)", "2x910B2(64GB)") says the rows are the load and every
// other cell is the TPS, as a diagonal "Batch \ TPS" does on paper. The
// corner is split: its load names the first column, its metric the
// columns that name nothing of their own (namelessColumns, as a heading's
// metric does in headingcolumns.go); several of them are then several
// curves, which the series pass names.

// cornerMarks join the two axes' names in a corner cell.
var cornerMarks = []string{"&", "＆", "\\"}

// splitCornerHeader renames the first column by the load its corner cell
// names and the nameless numeric columns by the metric it names; nothing
// changes unless one side is a load, the other a metric, and the first
// column holds three levels at least.
func splitCornerHeader(g *grid) []string {
	if len(g.header) < 2 || len(g.rows) == 0 || distinctWholeNumbers(*g, 0) < 3 {
		return nil
	}
	load, metric, ok := cornerAxes(g.header[0])
	if !ok {
		return nil
	}
	header := slices.Clone(g.header)
	header[0] = load
	named := namelessColumns(grid{header: header, rows: g.rows}, classifyAll(header), classify(metric).key())
	if len(named) == 0 {
		return nil
	}
	corner := g.header[0]
	var was []string
	for _, i := range named {
		was = append(was, fmt.Sprintf("%q", header[i]))
		header[i] = strings.TrimSpace(header[i]) + " " + metric
	}
	g.header = header // a clone: the parsed table is read again when tables join
	return []string{fmt.Sprintf("%s:%d: the corner cell %q names the load (%q, the first column) and what the cells hold: columns %s hold the %q", g.file, g.headerLine, corner, load, strings.Join(was, ", "), metric)}
}

// cornerAxes splits a corner cell into the load it names and the metric,
// in either order: "BS & TPS" → BS, TPS; "tok/s \ users" → users, tok/s.
func cornerAxes(h string) (load, metric string, ok bool) {
	for _, mark := range cornerMarks {
		a, b, found := strings.Cut(h, mark)
		if !found {
			continue
		}
		a, b = strings.TrimSpace(a), strings.TrimSpace(b)
		switch {
		case namesLoad(a) && namesMetric(b):
			return a, b, true
		case namesLoad(b) && namesMetric(a):
			return b, a, true
		}
	}
	return "", "", false
}

// namesLoad: h alone reads as a load (a concurrency, a per-GPU level).
func namesLoad(h string) bool {
	k := classify(h).kind
	return k == colConcurrency || k == colPerGPU
}
