package read

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/kneetool/knee/sweep"
)

// grid is a table as read from CSV or markdown, before its columns are
// understood. lines[i] is the 1-based source line of rows[i].
type grid struct {
	file       string
	header     []string
	headerLine int
	rows       [][]string
	lines      []int
}

// tableToSweep reads a grid (one row per level, or transposed: one row per
// metric) into a sweep. Metadata columns (gpus, leaf, accelerator, model)
// must agree across rows; --gpus supplies the GPU count a table lacks.
func tableToSweep(g grid, meta Meta) (*sweep.Sweep, error) {
	if t, ok := transpose(g); ok {
		g = t
	}
	cols := make([]column, len(g.header))
	seen := map[string]string{}
	have := map[colKind]bool{}
	for i, h := range g.header {
		c := classify(h)
		cols[i] = c
		if c.kind == colIgnore {
			continue
		}
		if prev, dup := seen[c.key()]; dup {
			return nil, sweep.Inputf(g.file, c.header, g.headerLine, "two columns hold the same value (%q and %q); keep one", prev, c.header)
		}
		seen[c.key()] = c.header
		have[c.kind] = true
	}
	switch {
	case !have[colThroughput] && !have[colThroughputPerGPU]:
		return nil, sweep.Inputf(g.file, "throughput", g.headerLine, "no throughput column (a header such as `throughput`, `tok/s`, `output tok/s`, `throughput_tok_s`)")
	case !have[colConcurrency] && !have[colPerGPU]:
		return nil, sweep.Inputf(g.file, "concurrency", g.headerLine, "no concurrency column (a header such as `concurrency`, `per_gpu`, `conc/GPU`)")
	case !hasLatency(cols, "ttft"):
		return nil, sweep.Inputf(g.file, "ttft", g.headerLine, "no TTFT column (a header such as `TTFT p99 (ms)`, `ttft_p99_s`)")
	}

	s := &sweep.Sweep{Version: sweep.SchemaVersion, Sources: []string{g.file}}
	meta1 := tableMeta{file: g.file}
	for r, row := range g.rows {
		if err := meta1.row(cols, row, g.lines[r]); err != nil {
			return nil, err
		}
	}
	gpus := meta1.gpus
	if meta.GPUs > 0 && gpus > 0 && meta.GPUs != gpus {
		return nil, sweep.Inputf(g.file, "gpus", meta1.gpusLine, "the table says %d GPUs but --gpus says %d", gpus, meta.GPUs)
	}
	if gpus == 0 {
		gpus = meta.GPUs
	}
	s.GPUs, s.Leaf, s.Accelerator, s.Model = meta1.gpus, meta1.leaf, meta1.accelerator, meta1.model

	for r, row := range g.rows {
		p, err := tableRow(g.file, g.lines[r], cols, row, gpus)
		if err != nil {
			return nil, err
		}
		s.Points = append(s.Points, *p)
	}
	if len(s.Points) == 0 {
		return nil, sweep.Inputf(g.file, "", g.headerLine, "the table has a header but no rows")
	}
	return s, nil
}

func hasLatency(cols []column, metric string) bool {
	for _, c := range cols {
		if c.kind == colLatency && c.metric == metric {
			return true
		}
	}
	return false
}

// tableMeta collects the per-row metadata columns and refuses rows that
// disagree: one table is one node.
type tableMeta struct {
	file                       string
	gpus, gpusLine             int
	leaf, accelerator, model   string
	leafLine, accLine, modLine int
}

func (m *tableMeta) row(cols []column, row []string, line int) error {
	for i, c := range cols {
		if i >= len(row) {
			break
		}
		cell := stripMarkup(row[i])
		if isBlank(cell) {
			continue
		}
		switch c.kind {
		case colGPUs:
			v, ok, err := parseNumber(cell)
			if err != nil || !ok || v <= 0 || v != math.Trunc(v) || v > 1e6 {
				return sweep.Inputf(m.file, c.header, line, "%q is not a GPU count", cell)
			}
			if m.gpus != 0 && int(v) != m.gpus {
				return sweep.Inputf(m.file, c.header, line, "conflicting GPU counts across rows: %d (line %d) and %d", m.gpus, m.gpusLine, int(v))
			}
			m.gpus, m.gpusLine = int(v), line
		case colLeaf:
			// "gb300-eks (p6e-gb300r.36xlarge)" → the leaf is the first word.
			words := strings.FieldsFunc(cell, func(r rune) bool { return r == ' ' || r == ',' || r == '(' })
			if len(words) == 0 {
				continue
			}
			v := words[0]
			if err := agree(m.file, c.header, line, &m.leaf, &m.leafLine, v); err != nil {
				return err
			}
		case colAccelerator:
			if err := agree(m.file, c.header, line, &m.accelerator, &m.accLine, strings.ToLower(cell)); err != nil {
				return err
			}
		case colModel:
			if err := agree(m.file, c.header, line, &m.model, &m.modLine, cell); err != nil {
				return err
			}
		}
	}
	return nil
}

func agree(file, field string, line int, dst *string, dstLine *int, v string) error {
	if *dst != "" && *dst != v {
		return sweep.Inputf(file, field, line, "conflicting values across rows: %q (line %d) and %q", *dst, *dstLine, v)
	}
	if *dst == "" {
		*dst, *dstLine = v, line
	}
	return nil
}

// tableRow reads one level.
func tableRow(file string, line int, cols []column, row []string, gpus int) (*sweep.Point, error) {
	p := &sweep.Point{Source: fmt.Sprintf("%s:%d", file, line)}
	var perGPUTput *float64
	for i, c := range cols {
		if c.kind == colIgnore || i >= len(row) {
			continue
		}
		cell := stripMarkup(row[i])
		switch c.kind {
		case colLeaf, colAccelerator, colModel, colGPUs:
			continue // read by tableMeta
		case colNote:
			p.Note = cell
			continue
		case colSimulated:
			b, err := parseBool(cell)
			if err != nil {
				return nil, sweep.Inputf(file, c.header, line, "%v", err)
			}
			p.Simulated = b
			continue
		}
		// "~" marks a derived concurrency in knee's own tables; accept it back.
		approx := c.kind == colConcurrency && strings.HasPrefix(cell, "~")
		if approx {
			cell = strings.TrimSpace(cell[1:])
		}
		v, ok, err := parseNumber(cell)
		if err != nil {
			return nil, sweep.Inputf(file, c.header, line, "%v", err)
		}
		if !ok {
			continue
		}
		if v < 0 {
			return nil, sweep.Inputf(file, c.header, line, "must not be negative, got %v", v)
		}
		switch c.kind {
		case colPerGPU:
			p.PerGPU = sweep.F(v)
		case colConcurrency:
			p.Concurrency, p.Derived = v, approx
		case colThroughput:
			p.ThroughputTokS = v
		case colThroughputPerGPU:
			perGPUTput = sweep.F(v)
		case colRequestRate:
			p.RequestRate = sweep.F(v)
		case colRequests, colFailures:
			if v != math.Trunc(v) || v > 1e15 {
				return nil, sweep.Inputf(file, c.header, line, "%q is not a whole count", cell)
			}
			if c.kind == colRequests {
				p.Requests = sweep.I(int(v))
			} else {
				p.Failures = sweep.I(int(v))
			}
		case colLatency:
			setStat(p, c, v*c.toMS)
		}
	}
	if perGPUTput != nil {
		p.ThroughputPerGPU = perGPUTput
	}
	if !cellPresent(cols, row, colThroughput) {
		if perGPUTput == nil {
			return nil, sweep.Inputf(file, "throughput", line, "missing: the row has no throughput value")
		}
		if gpus == 0 {
			return nil, sweep.Inputf(file, "--gpus", line, "the table gives throughput per GPU only; pass --gpus N (or add a gpus column) to get the node total")
		}
		p.ThroughputTokS = *perGPUTput * float64(gpus)
	}
	if !cellPresent(cols, row, colConcurrency) {
		if p.PerGPU == nil {
			return nil, sweep.Inputf(file, "concurrency", line, "missing: the row has no concurrency value")
		}
		if gpus == 0 {
			return nil, sweep.Inputf(file, "--gpus", line, "the table gives concurrency per GPU only; pass --gpus N (or add a gpus column) to get the total")
		}
		p.Concurrency = *p.PerGPU * float64(gpus)
	}
	return p, nil
}

// cellPresent reports whether the row has a non-blank value in a column of kind k.
func cellPresent(cols []column, row []string, k colKind) bool {
	for i, c := range cols {
		if c.kind == k && i < len(row) && !isBlank(stripMarkup(row[i])) {
			return true
		}
	}
	return false
}

func setStat(p *sweep.Point, c column, v float64) {
	var d *sweep.Dist
	switch c.metric {
	case "ttft":
		d = &p.TTFT
	case "itl":
		d = &p.ITL
	default:
		d = &p.E2E
	}
	switch c.stat {
	case "p50":
		d.P50 = sweep.F(v)
	case "p90":
		d.P90 = sweep.F(v)
	case "p95":
		d.P95 = sweep.F(v)
	case "p99":
		d.P99 = sweep.F(v)
	case "min":
		d.Min = sweep.F(v)
	case "max":
		d.Max = sweep.F(v)
	default:
		d.Mean = sweep.F(v)
		if c.assumed {
			d.Assumed = "mean"
		}
	}
}

func isBlank(cell string) bool {
	switch strings.ToLower(strings.TrimSpace(cell)) {
	case "", "-", "—", "–", "n/a", "na", "null", "none":
		return true
	}
	return false
}

// thousands matches a number written with comma group separators: 84,788.
var thousands = regexp.MustCompile(`^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$`)

// parseNumber reads a table cell: thousands separators accepted, blank cells
// ("", "-", "n/a") are absent (ok=false), anything else non-numeric or
// non-finite is an error.
func parseNumber(cell string) (v float64, ok bool, err error) {
	cell = strings.TrimSpace(cell)
	if isBlank(cell) {
		return 0, false, nil
	}
	s := cell
	if thousands.MatchString(s) {
		s = strings.ReplaceAll(s, ",", "")
	}
	s = strings.ReplaceAll(s, "_", "")
	v, perr := strconv.ParseFloat(s, 64)
	if perr != nil {
		return 0, false, fmt.Errorf("%q is not a number", cell)
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, false, fmt.Errorf("%q is not a finite number", cell)
	}
	return v, true, nil
}

func parseBool(cell string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(cell)) {
	case "true", "yes", "y", "1", "x", "✓", "simulated":
		return true, nil
	case "", "false", "no", "n", "0", "-", "—":
		return false, nil
	}
	return false, fmt.Errorf("%q is not true/false", cell)
}

// levelHeader matches a transposed table's level column: "conc=4", "c=16",
// "64/GPU", "per_gpu=128", "concurrency 256", or a bare number.
var levelHeader = regexp.MustCompile(`^(?i)(conc(?:urrency)?|c|per[ _]?gpu|conc/gpu|level)?\s*[=:]?\s*(\d[\d,]*(?:\.\d+)?)\s*(/\s*gpu|per[ _]gpu)?$`)

// transpose turns a table written the other way round (one row per metric,
// one column per level) into the usual one-row-per-level form. It applies
// only when the first header cell is not a value column and every other
// header cell names a level.
func transpose(g grid) (grid, bool) {
	if len(g.header) < 2 || classify(g.header[0]).kind != colIgnore {
		return g, false
	}
	levelName := "concurrency"
	levels := make([]string, 0, len(g.header)-1)
	for _, h := range g.header[1:] {
		m := levelHeader.FindStringSubmatch(stripMarkup(h))
		if m == nil {
			return g, false
		}
		l := strings.ToLower(m[1] + m[3])
		if strings.Contains(l, "gpu") {
			levelName = "per_gpu"
		}
		levels = append(levels, m[2])
	}
	t := grid{file: g.file, headerLine: g.headerLine, header: []string{levelName}}
	for _, row := range g.rows {
		if len(row) == 0 {
			continue
		}
		t.header = append(t.header, row[0])
	}
	for j, lv := range levels {
		out := []string{lv}
		for _, row := range g.rows {
			if len(row) == 0 {
				continue
			}
			if j+1 < len(row) {
				out = append(out, row[j+1])
			} else {
				out = append(out, "")
			}
		}
		t.rows = append(t.rows, out)
		// A level's values are spread over every row: name the header line.
		t.lines = append(t.lines, g.headerLine)
	}
	return t, true
}
