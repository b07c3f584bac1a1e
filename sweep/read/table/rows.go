package table

import (
	"fmt"
	"math"
	"regexp"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// Below these, a latency read in ms from a column that states no unit is
// not a measurement of a served LLM but a value in seconds: refused, with
// the flag that states the unit, rather than read 1000× too small.
var implausibleMS = map[string]float64{"ttft": 5, "e2e": 5, "itl": 0.5, "tpot": 0.5, "itl_chunks": 0}

// maxKTokS bounds a value in a column whose header says k tok/s: 10,000
// k tok/s (10 M tok/s) is no node's output; the header is wrong instead.
const maxKTokS = 10000

// tableRow reads one level.
func tableRow(file string, line int, cols []column, row []string, gpus int) (*sweep.Point, error) {
	p := &sweep.Point{Source: fmt.Sprintf("%s:%d", file, line)}
	var tp rowThroughput
	for i, c := range cols {
		if i >= len(row) {
			continue
		}
		if err := readRowCell(file, line, c, row[i], p, &tp); err != nil {
			return nil, err
		}
	}
	if err := perGPUThroughput(file, line, cols, p, tp.total, tp.perGPU, gpus); err != nil {
		return nil, err
	}
	return rowConcurrency(file, line, cols, row, p, gpus)
}

// rowThroughput is a row's node and per-GPU throughput cells, read before
// perGPUThroughput decides between them.
type rowThroughput struct{ total, perGPU *cellRead }

// readRowCell reads one cell of a row into the point, by its column's kind.
func readRowCell(file string, line int, c column, raw string, p *sweep.Point, tp *rowThroughput) error {
	switch c.kind {
	case colIgnore, colOtherTokRate, colPerUser, colRatio, colPrompts, colSeriesLabel, colWorkload:
		return nil
	case colLeaf, colAccelerator, colModel, colGPUs:
		return nil // read by tableMeta
	case colNote:
		p.Note = joinNotes(p.Note, stripMarkup(raw)) // remarks on several columns are all kept
		return nil
	case colSimulated:
		b, err := parseBool(stripMarkup(raw))
		if err != nil {
			return inputerr.Errorf(file, c.header, line, "%w", err)
		}
		p.Simulated = b
		return nil
	}
	if c.kind == colRequestedRate && isInfinite(raw) {
		return nil // "inf": every request at once, a closed burst: no offered rate
	}
	cr, ok, err := readValue(c, raw)
	if err != nil {
		return inputerr.Errorf(file, c.header, line, "%w", err)
	}
	if !ok {
		return nil
	}
	return setRowValue(file, line, c, raw, cr, p, tp)
}

// setRowValue puts a numeric cell, in the model's unit, where its column's
// kind says.
func setRowValue(file string, line int, c column, raw string, cr cellRead, p *sweep.Point, tp *rowThroughput) error {
	v := cr.v
	switch c.kind {
	case colPerGPU:
		p.PerGPU = sweep.F(v)
	case colConcurrency:
		// "~" marks a derived concurrency in knee's own tables; accept it back.
		// A measured mean read as the level is derived too (pass_roles.go).
		p.Concurrency, p.Derived = v, cr.approx || c.flavor == measuredLevel
	case colAchieved:
		p.AchievedConcurrency = sweep.F(v)
	case colThroughput:
		p.ThroughputTokS, tp.total = v, &cr
	case colThroughputPerGPU:
		tp.perGPU = &cr
	case colRequestRate:
		p.RequestRate = sweep.F(v)
	case colRequestedRate:
		p.RequestedRate = sweep.F(v)
	case colDuration:
		p.DurationS = sweep.F(v / 1000)
	case colRequests, colFailures:
		if v != math.Trunc(v) || v > 1e15 {
			return inputerr.Errorf(file, c.header, line, "%q is not a whole count", cleanCell(raw))
		}
		if c.kind == colRequests {
			p.Requests = sweep.I(int(v))
		} else {
			p.Failures = sweep.I(int(v))
		}
	case colLatency:
		setStat(p, c, v)
	}
	return nil
}

// rowConcurrency completes a row's load: an open loop when the table gives
// an offered rate and no concurrency, else the total concurrency, from the
// per-GPU one and the GPU count when the row gives only that.
func rowConcurrency(file string, line int, cols []column, row []string, p *sweep.Point, gpus int) (*sweep.Point, error) {
	if cellPresent(cols, row, colConcurrency) {
		return p, nil
	}
	if p.PerGPU == nil && hasKind(cols, colRequestedRate) {
		return p, openLoopRow(file, line, p)
	}
	if p.PerGPU == nil {
		return nil, inputerr.Errorf(file, "concurrency", line, "missing: the row has no concurrency value")
	}
	if gpus == 0 {
		return nil, inputerr.Errorf(file, "--gpus", line, "the table gives concurrency per GPU only; pass --gpus N (or add a gpus column) to get the total")
	}
	p.Concurrency = *p.PerGPU * float64(gpus)
	return p, nil
}

// perGPUThroughput fills node and per-GPU throughput from whichever the row
// has. With both and a GPU count, they must agree within the rounding of
// the printed digits: otherwise the GPU count or a column is wrong, and
// knee says which two disagree instead of picking one.
func perGPUThroughput(file string, line int, cols []column, p *sweep.Point, total, perGPU *cellRead, gpus int) error {
	switch {
	case total == nil && perGPU == nil:
		return inputerr.Errorf(file, "throughput", line, "missing: the row has no throughput value")
	case total == nil:
		if gpus == 0 {
			return inputerr.Errorf(file, "--gpus", line, "the table gives throughput per GPU only; pass --gpus N (or add a gpus column) to get the node total")
		}
		p.ThroughputTokS = perGPU.v * float64(gpus)
		p.ThroughputPerGPU = sweep.F(perGPU.v)
	case perGPU != nil && gpus > 0:
		want := total.v / float64(gpus)
		if math.Abs(perGPU.v-want) > perGPU.half+total.half/float64(gpus)+1e-9*want {
			return inputerr.Errorf(file, headerOf(cols, colThroughputPerGPU), line,
				"%s says %s tok/s per GPU, but %s %s tok/s over %d GPUs (--gpus or the gpus column) is %s per GPU: the GPU count or one of the two columns is wrong",
				headerOf(cols, colThroughputPerGPU), fmtNum(perGPU.v), headerOf(cols, colThroughput), fmtNum(total.v), gpus, fmtNum(want))
		}
		// Equal within rounding: keep the exact quotient so later checks agree.
		p.ThroughputPerGPU = sweep.F(want)
	case perGPU != nil:
		p.ThroughputPerGPU = sweep.F(perGPU.v)
	}
	return nil
}

func headerOf(cols []column, k colKind) string {
	for _, c := range cols {
		if c.kind == k {
			return c.header
		}
	}
	return ""
}

func fmtNum(v float64) string { return fmt.Sprintf("%.6g", v) }

// cellRead is a cell converted to the model's unit.
type cellRead struct {
	v, half float64
	approx  bool
}

// readValue reads a numeric cell of column c in the model's unit (ms,
// output tok/s, req/s, seconds for duration). A unit in the cell wins over
// the column's; one that does not fit the column is an error, and so is a
// value implausible in a unit knee had to assume.
func readValue(c column, raw string) (cellRead, bool, error) {
	cell, cv, ok, err := cellNumber(c, raw)
	if err != nil || !ok {
		return cellRead{}, ok, err
	}
	if cv.v < 0 {
		return cellRead{}, false, fmt.Errorf("must not be negative, got %q", cell)
	}
	factor, err := cellFactor(c, cv, columnDim(c.kind), cell)
	if err != nil {
		return cellRead{}, false, err
	}
	return cellRead{v: cv.v * factor, half: cv.half * factor, approx: cv.approx}, true, nil
}

// cellNumber reads the number a cell of column c writes, before any unit
// is applied: the cleaned cell, its value, and ok=false for a blank cell.
func cellNumber(c column, raw string) (string, cellValue, bool, error) {
	cell := cleanCell(raw)
	if c.kind == colConcurrency || c.kind == colPerGPU {
		// "P8", "×4", "c=16", "N=32": a load written with its letter.
		if m := prefixedLoad.FindStringSubmatch(cell); m != nil {
			cell = m[1]
		}
	}
	if c.kind == colLatency && strings.EqualFold(cell, "nan") {
		// What a script prints for a latency averaged over no requests
		// (every one failed at that level): no value. A NaN throughput
		// stays an error: the node's rate is always a number.
		return cell, cellValue{}, false, nil
	}
	cv, ok, err := parseCell(cell)
	if err != nil {
		// A value inside a sentence (prosecells.go).
		pv, pok, perr := proseValue(cell, columnDim(c.kind))
		switch {
		case perr != nil:
			return cell, cellValue{}, false, perr
		case pok:
			cv, ok, err = pv, true, nil
		}
	}
	return cell, cv, ok, err
}

// columnDim is the dimension a column of kind k holds: a time, a token
// rate, a request rate, or a plain number.
func columnDim(k colKind) dimension {
	switch k {
	case colLatency, colDuration:
		return dimTime
	case colThroughput, colThroughputPerGPU, colOtherTokRate, colPerUser:
		// A stream's rate and a total rate are token rates too: their
		// cells' "tok/s" fits them ("4,348 tok/s" under "vLLM Total").
		return dimTokRate
	case colRequestRate, colRequestedRate:
		return dimReqRate
	}
	return dimNone
}

// cellFactor converts a cell to the model's unit: by the cell's own unit
// when it has one that fits the column (want), else by the column's.
func cellFactor(c column, cv cellValue, want dimension, cell string) (float64, error) {
	switch {
	case cv.unit == nil:
		if err := plausible(c, cv.v); err != nil {
			return 0, err
		}
		if want == dimNone || want == dimReqRate {
			return 1, nil
		}
		return c.unit.factor, nil
	case cv.unit.dim == dimNone: // 24.5k: a multiplier of the column's base unit
		if want == dimTime {
			return cv.unit.factor * c.unit.factor, nil
		}
		return cv.unit.factor, nil
	case cv.unit.dim == want:
		return cv.unit.factor, nil
	}
	return 0, fmt.Errorf("%q is %s; this column holds %s", cell, cv.unit.dim, c.describe())
}

// plausible refuses a bare value that the column's assumed unit makes
// absurd, naming the flag that states the unit.
func plausible(c column, v float64) error {
	switch {
	case c.kind == colLatency && !c.stated && v > 0 && v < implausibleMS[c.metric]:
		return fmt.Errorf("%v read as ms (the header states no unit) would be a %s of under %v ms, which no served model measures; if the column is in seconds pass --unit %q (or --unit %q if it really is ms)",
			v, strings.ToUpper(c.metric), implausibleMS[c.metric], c.header+"=s", c.header+"=ms")
	case (c.kind == colThroughput || c.kind == colThroughputPerGPU) && c.unit.factor == 1000 && v >= maxKTokS:
		return fmt.Errorf("%v k tok/s (the %s says k) would be %v M tok/s; if the column is in tok/s pass --unit %q", v, c.unitFrom, v/1000, c.header+"=tok/s")
	}
	return nil
}

// cellPresent reports whether the row has a non-blank value in a column of kind k.
func cellPresent(cols []column, row []string, k colKind) bool {
	for i, c := range cols {
		if c.kind == k && i < len(row) && !isBlank(cleanCell(row[i])) {
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
	case "itl", "tpot":
		d = &p.ITL
	case "itl_chunks":
		d = &p.ITLChunks
	default:
		d = &p.E2E
	}
	switch c.stat {
	case "p75":
		d.P75 = sweep.F(v)
	case "p999":
		d.P999 = sweep.F(v)
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

func hasKind(cols []column, k colKind) bool {
	for _, c := range cols {
		if c.kind == k {
			return true
		}
	}
	return false
}

// isInfinite: an offered rate written as inf (vLLM's and SGLang's
// --request-rate inf: every request sent at once), max, or Burst (a
// harness's name for the same: all requests at t=0).
func isInfinite(cell string) bool {
	switch strings.ToLower(cleanCell(cell)) {
	case "inf", "+inf", "infinity", "∞", "max", "burst":
		return true
	}
	return false
}

// openLoopRow places a stage of a request-rate table: its concurrency is
// what Little's law gives (served request rate × mean time in flight), as
// for every open-loop reader. The served rate is the achieved column, else
// the offered rate; the time in flight the mean E2E, else its median.
func openLoopRow(file string, line int, p *sweep.Point) error {
	rate := p.RequestRate
	if rate == nil {
		rate = p.RequestedRate
	}
	e2e := p.E2E.Mean
	if e2e == nil {
		e2e = p.E2E.P50
	}
	fromTokens := e2e == nil
	if fromTokens {
		e2e = e2eFromTokens(p, rate)
	}
	if rate == nil || e2e == nil {
		return inputerr.Errorf(file, "e2e", line, "a request-rate stage is placed at the concurrency Little's law gives (served req/s × mean time in flight); %s", littleLawLacks(p, rate != nil))
	}
	// An offered rate that stands for the served one in Little's law in
	// tokens is an assumption, not a measured served rate: left unset, so
	// that nothing reads it as the node keeping up.
	if p.RequestRate == nil && !fromTokens {
		p.RequestRate = rate
	}
	return OpenLoop(file, "e2e", p, p.RequestedRate, rate, e2e)
}

// e2eFromTokens is a request's end-to-end time where the table prints none:
// its first token, then one token gap for each further output token, the
// tokens per request being the node's output tok/s over the request rate
// (E2E ≈ TTFT + TPOT × (X/λ − 1)). Little's law then puts λ·TTFT + X·TPOT −
// λ·TPOT requests in flight: the decoding ones (X·TPOT) need no rate at all,
// so where the table prints only the offered rate it stands for the served
// one in the waiting term, and offeredPastSaturation refuses the levels
// where the two part. nil when a part is missing.
func e2eFromTokens(p *sweep.Point, rate *float64) *float64 {
	ttft, tpot := firstOf2(p.TTFT.Mean, p.TTFT.P50), firstOf2(p.ITL.Mean, p.ITL.P50)
	if rate == nil || *rate <= 0 || p.ThroughputTokS <= 0 || ttft == nil || tpot == nil {
		return nil
	}
	tokens := p.ThroughputTokS / *rate
	if tokens < 1 {
		return nil
	}
	return sweep.F(*ttft + *tpot*(tokens-1))
}

func firstOf2(a, b *float64) *float64 {
	if a != nil {
		return a
	}
	return b
}

// prefixedLoad is a load level written with a letter or sign before it
// ("P8", "c=16", and pytest ids such as "batch-32").
var prefixedLoad = regexp.MustCompile(`^(?i)(?:p|c|n|b|bsz|bs|batch|np|x|×|conc|users?)\s*[=:-]?\s*(\d[\d,]*)$`)

// joinNotes is a point's remark with another added.
func joinNotes(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "; " + b
}
