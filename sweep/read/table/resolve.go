package table

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
)

// resolved is a table's columns once headers, units and the user's --column
// and --unit choices are combined, with the notes a reader must see.
type resolved struct {
	cols  []column
	notes []string
	// seriesPicked: --series chose among column-name series; seriesName is
	// the series it chose and seriesRest what is left of --series for the
	// row series ("EP=4 / DeepSeek-R1 FP8": seriesrest.go).
	seriesPicked           bool
	seriesName, seriesRest string
	// picked are the --column choices by kind, as headerKey spells the
	// header: a column that only a later pass gives the picked kind
	// (measured concurrency becomes achieved_concurrency) still loses to it.
	picked map[string]string
}

// resolveColumns decides what every column holds. It never guesses: two
// columns that could hold one value are refused with the flag that picks
// one, and a unit comes from the header, a units row, the cells or --unit.
func resolveColumns(g grid, unitsRow []string, unitsLine int, meta Meta) (*resolved, error) {
	r := &resolved{cols: make([]column, len(g.header))}
	for i, h := range g.header {
		r.cols[i] = classify(h)
	}
	if err := r.applyColumnFlags(g, meta.Columns); err != nil {
		return nil, err
	}
	if err := r.statedUnits(g, unitsRow, unitsLine, meta.Units); err != nil {
		return nil, err
	}
	r.ratioValued(g)
	r.serverCapacityBesideLoad()
	if err := r.concurrencyFlavors(g); err != nil {
		return nil, err
	}
	r.tpotOrITL(g.file)
	r.cellDimensions(g)
	r.cellTimeUnits(g)
	if err := r.refuseDistantCentrals(g); err != nil {
		return nil, err
	}
	r.statFamilies(g.file)
	r.totalInContext(g)
	r.requestRates(g.file)
	r.offeredRates(g)
	if err := r.columnSeries(g, meta.Series); err != nil {
		return nil, err
	}
	if err := r.refuseAmbiguousRates(g); err != nil {
		return nil, err
	}
	if err := r.tokensPerRequest(g); err != nil {
		return nil, err
	}
	r.noteWeakLoad(g.file)
	r.unitsFromContext(g)
	if err := r.plausibleColumns(g); err != nil {
		return nil, err
	}
	r.ignoreUnstatedDurations(g)
	r.sameValuesTwice(g)
	r.perStreamRates(g)
	if err := r.refuseLookalikes(g); err != nil {
		return nil, err
	}
	r.noteUnread(g.file)
	return r, nil
}

// statedUnits applies the units a units row and --unit state, and refuses
// a header that states two.
func (r *resolved) statedUnits(g grid, unitsRow []string, unitsLine int, flags map[string]string) error {
	for i, u := range unitsRow {
		if i >= len(r.cols) || isBlank(unitCell(u)) {
			continue
		}
		un, _ := parseUnit(unitCell(u))
		if err := setUnit(&r.cols[i], un, "units row"); err != nil {
			return inputerr.Errorf(g.file, r.cols[i].header, unitsLine, "%w", err)
		}
	}
	if err := r.applyUnitFlags(g, flags); err != nil {
		return err
	}
	return r.refuseTwoUnits(g)
}

// ignoreUnstatedDurations leaves a duration whose header states no unit
// unread: nothing downstream needs a duration badly enough to guess its unit.
// Where every cell writes its own unit ("23.8 s") the note must not claim
// no unit was stated, so it says what the column is instead.
func (r *resolved) ignoreUnstatedDurations(g grid) {
	for i := range r.cols {
		c := &r.cols[i]
		if c.kind == colDuration && !c.stated {
			c.kind, c.why = colIgnore, "a duration with no unit stated"
			if u := cellsTimeUnits(g, i); u != "" {
				c.kind, c.why = colIgnore, "a run's duration, not a column knee reads; its cells write "+u
			}
		}
	}
}

// refuseTwoUnits refuses a time column whose header names two units
// ("TTFT p99 ms (s)") when nothing else (a units row, --unit) says which:
// reading it as either could be off by a thousand.
func (r *resolved) refuseTwoUnits(g grid) error {
	for _, c := range r.cols {
		if (c.kind == colLatency || c.kind == colDuration) && len(c.timeUnits) > 1 && c.unitFrom == "header" {
			return inputerr.Errorf(g.file, c.header, g.headerLine, "the header names two time units (%s), so the column's unit is ambiguous; say which with --unit %q",
				strings.Join(c.timeUnits, " and "), HeaderKey(c.header)+"="+c.timeUnits[0])
		}
	}
	return nil
}

// unitCell reads a units-row cell: "(ms)", "[s]", "tok/s".
func unitCell(s string) string {
	return strings.Trim(cleanCell(s), "()[] ")
}

// setUnit applies a unit given outside the header, if it fits the column.
func setUnit(c *column, u unit, from string) error {
	ok := false
	switch c.kind {
	case colLatency, colDuration:
		ok = u.dim == dimTime
	case colThroughput, colThroughputPerGPU, colOtherTokRate, colPerUser:
		if u.dim == dimNone && u.factor == 1000 {
			u, ok = units["ktok/s"], true
		} else {
			ok = u.dim == dimTokRate
		}
	case colRequestRate:
		ok = u.dim == dimReqRate
	case colIgnore, colRatio, colPrompts, colWorkload, colSeriesLabel, colNote, colLeaf, colAccelerator, colModel, colSimulated:
		return nil // an unread column's unit does not matter
	}
	if !ok {
		return fmt.Errorf("the %s says %q, which is %s; this column holds %s", from, u.name, u.dim, c.describe())
	}
	c.unit, c.stated, c.unitFrom = u, true, from
	return nil
}

func (c column) describe() string {
	switch c.kind {
	case colLatency, colDuration:
		return "a time"
	case colThroughput, colThroughputPerGPU, colOtherTokRate, colPerUser:
		return "a token rate"
	case colRequestRate:
		return "a request rate"
	}
	return "a plain count"
}

// applyColumnFlags gives each --column KIND=HEADER its column and leaves the
// other columns of that kind unread.
func (r *resolved) applyColumnFlags(g grid, flags map[string]string) error {
	kinds := columnKinds()
	r.picked = map[string]string{}
	for k, h := range flags {
		r.picked[k] = HeaderKey(h)
	}
	names := make([]string, 0, len(flags))
	for k := range flags {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, kind := range names {
		want := HeaderKey(flags[kind])
		j := -1
		for i, h := range g.header {
			if HeaderKey(h) == want {
				j = i
				break
			}
		}
		if j < 0 {
			return inputerr.Errorf(g.file, "--column", g.headerLine, "%s=%q names no column of this table; its headers: %s", kind, flags[kind], quoteAll(g.header))
		}
		tmpl := kinds[kind]
		for i := range r.cols {
			if i != j && r.cols[i].key() == kind {
				r.cols[i].kind, r.cols[i].why = colIgnore, fmt.Sprintf("--column %s picks %q", kind, r.cols[j].header)
			}
		}
		r.cols[j] = flaggedColumn(tmpl, r.cols[j].header)
	}
	return nil
}

// flaggedColumn is the column --column makes of header: the kind's
// template, with the unit its header states (ms, tok/s when it states none).
func flaggedColumn(tmpl column, header string) column {
	c := column{kind: tmpl.kind, metric: tmpl.metric, stat: tmpl.stat, header: header}
	t := headerTokens(c.header)
	switch c.kind {
	case colLatency, colDuration:
		c.timeUnits = timeUnitsNamed(t)
		c.unit, c.stated = timeUnitFromTokens(t)
		if !c.stated {
			c.unit = units["ms"]
		}
	case colThroughput, colThroughputPerGPU:
		c.unit, c.stated = tokRateUnitFromTokens(t)
		if !c.stated {
			c.unit = units["tok/s"]
		}
	case colConcurrency:
		c.flavor = "configured"
	}
	if c.stated {
		c.unitFrom = "header"
	}
	return c
}

// applyUnitFlags applies --unit COLUMN=UNIT, matched by header or key.
func (r *resolved) applyUnitFlags(g grid, flags map[string]string) error {
	used := map[string]bool{}
	for i := range r.cols {
		c := &r.cols[i]
		for _, k := range []string{HeaderKey(c.header), c.key()} {
			un, ok := flags[k]
			if !ok || k == "" {
				continue
			}
			used[k] = true
			u, _ := parseUnit(un)
			if err := setUnit(c, u, "--unit"); err != nil {
				return inputerr.Errorf(g.file, c.header, g.headerLine, "%w", err)
			}
			break
		}
	}
	var unused []string
	for k := range flags {
		if !used[k] {
			unused = append(unused, k)
		}
	}
	sort.Strings(unused)
	for _, k := range unused {
		r.notes = append(r.notes, fmt.Sprintf("%s: --unit %q matches no column", g.file, k))
	}
	return nil
}

// ratioValued leaves unread a column whose every value is a ratio or a
// percentage (1.05x, 52%): whatever its header says, it is derived.
func (r *resolved) ratioValued(g grid) {
	for i := range r.cols {
		c := &r.cols[i]
		if c.key() == "" || labelKind(c.kind) {
			continue
		}
		n, ratios := ratioCells(g, i)
		if n > 0 && ratios == n {
			c.kind, c.why = colRatio, "a ratio or percentage"
		}
		if (c.kind == colRequests || c.kind == colFailures) && n > 0 && fractions(g, i) == n {
			c.kind, c.why = colRatio, "a fraction (1/1): a ratio, not a count"
		}
	}
}

// labelKind: a column of text that names things, whose cells no ratio
// check applies to.
func labelKind(k colKind) bool {
	switch k {
	case colNote, colSeriesLabel, colWorkload, colLeaf, colAccelerator, colModel, colSimulated:
		return true
	}
	return false
}

// ratioCells counts column i's non-blank cells (n) and those written as a
// ratio or a percentage.
func ratioCells(g grid, i int) (n, ratios int) {
	for _, row := range g.rows {
		if i >= len(row) || isBlank(cleanCell(row[i])) {
			continue
		}
		n++
		if looksRatio(cleanCell(row[i])) {
			ratios++
		}
	}
	return n, ratios
}

// concurrencyFlavors tells the configured level from measured concurrency:
// with max_concurrency beside concurrency, the plain one is measured; with
// "achieved concurrency" beside it, the plain one is configured.
func (r *resolved) concurrencyFlavors(g grid) error {
	var configured, measured, plain []int
	for i, c := range r.cols {
		if c.kind != colConcurrency {
			continue
		}
		switch c.flavor {
		case "configured":
			configured = append(configured, i)
		case "weak":
			plain = append(plain, i)
		case "measured":
			measured = append(measured, i)
		default:
			plain = append(plain, i)
		}
	}
	switch {
	case len(configured) > 0:
		measured = append(measured, plain...)
	case len(measured) > 0:
		configured = plain
	default:
		configured = plain
	}
	for _, i := range measured {
		r.cols[i].kind = colAchieved
	}
	if len(configured) == 0 && len(measured) > 0 && !r.has(colPerGPU) && !r.offersRate() {
		h := r.cols[measured[0]].header
		for _, i := range measured {
			// The mean first: a median over time of the requests in flight
			// (guidellm's Mdn) is 0 wherever the run idled half the time.
			if r.cols[i].stat == "mean" {
				h = r.cols[i].header
				break
			}
		}
		return inputerr.Errorf(g.file, h, g.headerLine, "is measured concurrency and the table has no configured level; --column concurrency=%q takes it as the level", h)
	}
	return nil
}

// tpotOrITL: itl_ms is each request's mean gap between output tokens, what
// vLLM and SGLang call TPOT, so a TPOT column fills it. An ITL column (their
// per-chunk gaps, near zero when tokens arrive in bursts) fills it only when
// the table has no TPOT; beside TPOT it fills itl_chunks_ms.
func (r *resolved) tpotOrITL(file string) {
	hasTPOT := false
	for _, c := range r.cols {
		if c.kind == colLatency && c.metric == "tpot" {
			hasTPOT = true
		}
	}
	for i := range r.cols {
		c := &r.cols[i]
		if c.kind != colLatency {
			continue
		}
		switch {
		case c.metric == "itl" && hasTPOT:
			c.metric = "itl_chunks"
		case c.metric == "tpot":
			c.metric = "itl"
		}
	}
}

// refuseLookalikes refuses two read columns with one meaning.
func (r *resolved) refuseLookalikes(g grid) error {
	byKey := map[string][]string{}
	var keys []string
	for _, c := range r.cols {
		k := c.key()
		if k == "" {
			continue
		}
		if len(byKey[k]) == 0 {
			keys = append(keys, k)
		}
		byKey[k] = append(byKey[k], c.header)
	}
	for _, k := range keys {
		hs := byKey[k]
		if len(hs) < 2 || r.keepPicked(k) {
			continue
		}
		ranked := rankCandidates(k, hs)
		err := inputerr.Errorf(g.file, hs[1], g.headerLine, "columns %q and %q both read as %s; knee does not guess which: pick one with --column %s=%q", hs[0], hs[1], k, k, ranked[0])
		return ambiguousColumns(err, k, hs)
	}
	return nil
}

// keepPicked leaves unread every column of kind k but the one --column
// picked for k; false when the user picked none of them.
func (r *resolved) keepPicked(k string) bool {
	want, ok := r.picked[k]
	if !ok {
		return false
	}
	found := false
	for _, c := range r.cols {
		found = found || c.key() == k && HeaderKey(c.header) == want
	}
	if !found {
		return false
	}
	for i := range r.cols {
		c := &r.cols[i]
		if c.key() == k && HeaderKey(c.header) != want {
			c.kind, c.why = colIgnore, fmt.Sprintf("--column %s picks %q", k, want)
		}
	}
	return true
}

// offersRate: a column is the offered request rate, by its kind or its
// words. A bare served rate beside measured concurrency is no offered one
// (requestRates), so it does not stand in for the level.
func (r *resolved) offersRate() bool {
	for _, c := range r.cols {
		if c.kind == colRequestedRate || c.kind == colRequestRate && c.flavor == "requested" {
			return true
		}
	}
	return false
}

func (r *resolved) has(k colKind) bool {
	for _, c := range r.cols {
		if c.kind == k {
			return true
		}
	}
	return false
}

// noteUnread lists the columns knee did not read and why, so nothing is
// dropped silently.
func (r *resolved) noteUnread(file string) {
	var parts []string
	for _, c := range r.cols {
		if c.key() != "" || c.header == "" {
			continue
		}
		why := c.why
		if why == "" {
			why = "not a column knee reads"
		}
		parts = append(parts, fmt.Sprintf("%q (%s)", c.header, why))
	}
	if len(parts) > 0 {
		r.notes = append(r.notes, fmt.Sprintf("%s: columns not read: %s", file, strings.Join(parts, ", ")))
	}
}

func quoteAll(hs []string) string {
	q := make([]string, len(hs))
	for i, h := range hs {
		q[i] = fmt.Sprintf("%q", h)
	}
	return strings.Join(q, ", ")
}

// noteWeakLoad says when the load was read from a one-letter header (N, P,
// B), so that a reader sees which column became the level.
func (r *resolved) noteWeakLoad(file string) {
	for _, c := range r.cols {
		if c.kind == colConcurrency && c.flavor == "weak" {
			r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the concurrency (the load a one-letter header names in llama.cpp and Ollama sweeps: parallel slots, batch); --column concurrency=HEADER picks another", file, c.header))
		}
	}
}

// cellDimensions reads a column by its cells when they all carry a unit of
// one other dimension: a "Throughput" whose cells say "2.09 req/sec" is a
// request rate, not a token rate.
func (r *resolved) cellDimensions(g grid) {
	for i := range r.cols {
		c := &r.cols[i]
		if c.kind != colThroughput && c.kind != colThroughputPerGPU {
			continue
		}
		n, req := 0, 0
		for _, row := range g.rows {
			cv, ok, err := parseCell(cleanCell(cellAt(row, i)))
			if err != nil || !ok || cv.unit == nil {
				continue
			}
			n++
			if cv.unit.dim == dimReqRate {
				req++
			}
		}
		if n > 0 && req == n {
			c.kind, c.flavor, c.why = colRequestRate, "achieved", ""
			r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the achieved request rate: its cells are in req/s", g.file, c.header))
		}
	}
}

// columnMaxMS: a latency column in ms whose largest value is below this is
// surely in seconds. A whole column of end-to-end latencies under 100 ms
// (11.7 … 59.9) is no LLM sweep's; a TTFT column under 5 ms at every
// level, neither. Refused with the flag that states the unit, not read
// 1000× too small.
var columnMaxMS = map[string]float64{"e2e": 100}

func (r *resolved) plausibleColumns(g grid) error {
	for i, c := range r.cols {
		limit, ok := columnMaxMS[c.metric]
		if c.kind != colLatency || c.stated || !ok {
			continue
		}
		max, n := 0.0, 0
		for _, row := range g.rows {
			cv, ok, err := parseCell(cleanCell(cellAt(row, i)))
			if err != nil || !ok || cv.unit != nil {
				continue
			}
			n++
			if cv.v > max {
				max = cv.v
			}
		}
		if n >= 2 && max < limit {
			return inputerr.Errorf(g.file, c.header, g.headerLine, "every value is under %v (the largest %v): read as ms (the header states no unit) no served model measures that %s; if the column is in seconds pass --unit %q (or --unit %q if it really is ms)",
				limit, max, strings.ToUpper(c.metric), HeaderKey(c.header)+"=s", HeaderKey(c.header)+"=ms")
		}
	}
	return nil
}

// captionUnit finds a time unit the prose around a table states for its
// latencies: "TTFT in seconds", "latencies in ms", "E2E latency in s".
var captionUnit = regexp.MustCompile(`(?i)\b(ttft|tpot|itl|e2e|latency|latencies|times?)\b[^.;\n|]{0,24}?\bin\s+(seconds|secs?|s|milliseconds|ms)\b`)

// unitsFromContext gives a latency column whose header states no unit the
// unit stated where people state it instead: the text around the table
// ("TTFT in seconds"), or, when its values are impossible in ms, the one
// unit every other time column's header states ("TTFT (s)" beside a bare
// "E2E p99" of 0.8). Each is said in a note.
func (r *resolved) unitsFromContext(g grid) {
	caption := captionUnits(g.context)
	sibling := r.headerTimeUnits()
	for i := range r.cols {
		c := &r.cols[i]
		if c.kind != colLatency || c.stated {
			continue
		}
		u, ok := caption[c.metric]
		if !ok {
			u, ok = caption["*"]
		}
		if ok {
			c.unit, c.stated, c.unitFrom = u, true, "text around the table"
			r.notes = append(r.notes, fmt.Sprintf("%s: %q read in %s: the text around the table says so", g.file, c.header, u.name))
			continue
		}
		if len(sibling) == 1 && sibling[0] != "ms" && anyImplausibleMS(g, i, c.metric) {
			c.unit, c.stated, c.unitFrom = units[sibling[0]], true, "other time columns' headers"
			r.notes = append(r.notes, fmt.Sprintf("%s: %q read in %s: its values are impossible in ms, and every other time column's header says %s", g.file, c.header, sibling[0], sibling[0]))
		}
	}
}

// captionUnits are the time units the text around a table states, by
// metric ("TTFT in seconds"); "*" for all latencies ("latencies in ms").
func captionUnits(context string) map[string]unit {
	caption := map[string]unit{}
	for _, m := range captionUnit.FindAllStringSubmatch(context, -1) {
		u, ok := parseUnit(m[2])
		if !ok || u.dim != dimTime {
			continue
		}
		switch w := strings.ToLower(m[1]); w {
		case "latency", "latencies", "time", "times":
			caption["*"] = u
		default:
			caption[w] = u
		}
	}
	return caption
}

// headerTimeUnits are the units the time columns' headers state, each once.
func (r *resolved) headerTimeUnits() []string {
	var sibling []string
	for _, c := range r.cols {
		if (c.kind == colLatency || c.kind == colDuration) && c.stated && c.unitFrom == "header" && !slices.Contains(sibling, c.unit.name) {
			sibling = append(sibling, c.unit.name)
		}
	}
	return sibling
}

func anyImplausibleMS(g grid, i int, metric string) bool {
	for _, row := range g.rows {
		cv, ok, err := parseCell(cleanCell(cellAt(row, i)))
		if err == nil && ok && cv.unit == nil && cv.v > 0 && cv.v < implausibleMS[metric] {
			return true
		}
	}
	return false
}

// tokensPerRequest checks a throughput column against a request rate in
// the same rows: every served request yields at least one output token, so
// the node's output tok/s is never below its request rate. A column that is
// ("Throughput p50 (tok/s)" of 28.6 at 50 req/s) is a per-request figure,
// refused with the flag that names the node's throughput.
func (r *resolved) tokensPerRequest(g grid) error {
	rate := r.rateColumn()
	if rate < 0 {
		return nil
	}
	for i, c := range r.cols {
		if c.kind != colThroughput {
			continue
		}
		if n, under := r.underOnePerRequest(g, i, rate); n > 0 && 2*under > n {
			return inputerr.Errorf(g.file, c.header, g.headerLine, "reads under one output token per request (%q) in %d of %d rows: no node serves requests without tokens, so it is a per-request figure, not the node's output throughput; if another column is, say so with --column throughput=HEADER",
				r.cols[rate].header, under, n)
		}
	}
	return nil
}

// rateColumn is the first served request rate column, else the first
// offered one; -1 when there is none.
func (r *resolved) rateColumn() int {
	for _, k := range []colKind{colRequestRate, colRequestedRate} {
		for i, c := range r.cols {
			if c.kind == k {
				return i
			}
		}
	}
	return -1
}

// underOnePerRequest counts the rows where column i and the rate column
// both hold a value (n), and those where i is below the rate (under).
func (r *resolved) underOnePerRequest(g grid, i, rate int) (n, under int) {
	for _, row := range g.rows {
		x, okX, errX := readValue(r.cols[i], cellAt(row, i))
		q, okQ, errQ := readValue(r.cols[rate], cellAt(row, rate))
		if errX != nil || errQ != nil || !okX || !okQ || q.v <= 0 {
			continue
		}
		n++
		if x.v < q.v {
			under++
		}
	}
	return n, under
}

var fractionCell = regexp.MustCompile(`^\d+\s*/\s*\d+$`)

func fractions(g grid, i int) int {
	n := 0
	for _, row := range g.rows {
		if fractionCell.MatchString(cleanCell(cellAt(row, i))) {
			n++
		}
	}
	return n
}
