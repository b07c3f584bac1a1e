package table

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
)

// A table may hold several curves: one per engine, strategy, model or
// configuration, either as a column that names each row's series or as
// column-name prefixes ("k8s TTFT mean" beside "llm-d TTFT mean"). knee
// reads one curve at a time: it names the series and the --series value
// that picks one, and never merges them as repeats of one level.

// columnSeries finds series written as column-name prefixes or suffixes:
// read columns of one meaning whose headers differ only in one part. With
// --series the columns of the other series are left unread.
func (r *resolved) columnSeries(g grid, pick string) error {
	cs := r.seriesColumns()
	if len(cs.names) < 2 {
		return nil
	}
	cs.attachLoose(r.cols)
	if subject, baseline, ok := baselineOfTwo(g, cs); ok && pick == "" {
		pick = subject
		r.notes = append(r.notes, baselineNote(g.file, subject, baseline))
	}
	if pick == "" && loadColumn(r.cols) < 0 && !r.has(colAchieved) {
		return nil // no load: its refusal, not a pick among curves that cannot be read, is the answer
	}
	if pick == "" {
		cs.names = rankCurvesBy(cs.names, func(n string) curveSize { return columnCurveSize(g, cs.indexesOf(n), loadColumn(r.cols)) }, denominatorsAfter(ratioDenominators(g, r.cols, cs), ratioBaselineRank(r.cols)))
		var list []string
		for _, n := range cs.names {
			list = append(list, fmt.Sprintf("%q (%s)", n, strings.Join(cs.colsOf[n], ", ")))
		}
		return AmbiguousSeries(inputerr.Errorf(g.file, "--series", g.headerLine, "the table holds %d series as column names: %s; knee reads one curve at a time: pick one with --series %q",
			len(cs.names), strings.Join(list, "; "), cs.names[0]), cs.names)
	}
	name, rest, ok := splitColumnPick(cs.names, pick)
	if !ok {
		return inputerr.Errorf(g.file, "--series", g.headerLine, "%q names none of the table's series (%s)", pick, quoteAll(cs.names))
	}
	pick = name
	r.seriesName, r.seriesRest = name, rest
	for i, n := range cs.nameOf {
		if !strings.EqualFold(n, pick) {
			r.cols[i].kind, r.cols[i].why = colIgnore, fmt.Sprintf("series %q; --series picks %q", n, pick)
		}
	}
	r.notes = append(r.notes, fmt.Sprintf("%s: series %q read (--series); the columns of %s not read", g.file, pick, quoteAll(without(cs.names, pick))))
	r.seriesPicked = true
	return r.innerColumnSeries(g, cs.names)
}

// colSeries is the series a table's column names hold: their names in
// order, the headers of each, and the series of each column that has one.
type colSeries struct {
	names  []string
	colsOf map[string][]string
	nameOf map[int]string
}

// seriesColumns groups the read columns by meaning (key) and splits each
// group of two or more into the series its headers name.
func (r *resolved) seriesColumns() colSeries {
	byKey := map[string][]int{}
	var keys []string
	for i, c := range r.cols {
		k := c.key()
		if k == "" || c.kind == colNote || c.kind == colModel || c.kind == colLeaf || c.kind == colAccelerator {
			continue
		}
		if _, ok := byKey[k]; !ok {
			keys = append(keys, k)
		}
		byKey[k] = append(byKey[k], i)
	}
	cs := colSeries{colsOf: map[string][]string{}, nameOf: map[int]string{}}
	if cs.addCurves(r.cols) {
		return cs
	}
	cs = colSeries{colsOf: map[string][]string{}, nameOf: map[int]string{}}
	for _, k := range keys {
		idx := byKey[k]
		if len(idx) < 2 {
			continue
		}
		parts := seriesParts(r.cols, idx)
		for n := 0; parts != nil && n < len(idx); n++ {
			cs.add(idx[n], parts[n], r.cols[idx[n]].header)
		}
	}
	return cs
}

// addCurves takes the series from a labelled grid of headers
// (curvelabels.go): each read column with a curve label is of that series.
func (cs *colSeries) addCurves(cols []column) bool {
	for i, c := range cols {
		if c.curve != "" && c.key() != "" {
			cs.add(i, c.curve, c.header)
		}
	}
	return len(cs.names) > 1
}

func (cs *colSeries) add(col int, name, header string) {
	cs.nameOf[col] = name
	if _, ok := cs.colsOf[name]; !ok {
		cs.names = append(cs.names, name)
	}
	cs.colsOf[name] = append(cs.colsOf[name], header)
}

// indexesOf is the columns of series name, in table order.
func (cs *colSeries) indexesOf(name string) []int {
	var out []int
	for i, n := range cs.nameOf {
		if n == name {
			out = append(out, i)
		}
	}
	slices.Sort(out)
	return out
}

// attachLoose gives a column of no family that names a series ("RR TOPS")
// to that series.
func (cs *colSeries) attachLoose(cols []column) {
	for i, c := range cols {
		if _, done := cs.nameOf[i]; done || c.key() == "" {
			continue
		}
		for _, n := range cs.names {
			if headerHasPart(c.header, n) {
				cs.nameOf[i] = n
				cs.colsOf[n] = append(cs.colsOf[n], c.header)
				break
			}
		}
	}
}

// seriesParts splits headers that share words at their start and end into
// the part that differs: "k8s TTFT mean", "llm-d TTFT mean" → k8s, llm-d;
// "cache_off_ttft_p50_ms", "cache_on_ttft_p50_ms" → off, on.
// nil when the headers share nothing (two unrelated columns) or a part is
// empty (one header is the other plus a word: a lookalike, not a series).
func seriesParts(cols []column, idx []int) []string {
	words := make([][]string, len(idx))
	snake := false
	for n, i := range idx {
		h := stripMarkup(cols[i].header)
		if !strings.ContainsAny(strings.TrimSpace(h), " \t") && strings.Contains(h, "_") {
			// snake_case names its words with underscores:
			// "cache_off_latency_p95_ms", "cache_on_latency_p95_ms".
			h, snake = strings.ReplaceAll(h, "_", " "), true
		}
		words[n] = strings.Fields(h)
	}
	pre, suf := commonEnds(words)
	if pre == 0 && suf == 0 {
		return nil
	}
	out := make([]string, len(idx))
	seen := map[string]bool{}
	for n, w := range words {
		if pre+suf >= len(w) {
			return nil
		}
		out[n] = strings.Join(w[pre:len(w)-suf], " ")
		if seen[strings.ToLower(out[n])] || snake && pre+suf-len(w) != -1 {
			// A snake_case series is one word ("off", "on"); words that
			// differ more ("output_throughout_tps", "overall_output_tps")
			// are two columns of one curve.
			return nil
		}
		seen[strings.ToLower(out[n])] = true
	}
	lettered := letterLabels(out)
	for _, part := range out {
		if lettered {
			part = strings.Join(strings.Fields(part)[1:], " ")
		}
		if !namesSeries(part) {
			return leadingNames(out)
		}
	}
	return out
}

// leadingNames are the series parts without the words that qualify the
// rate rather than name a curve ("Coding aggregate" and "Prose aggregate
// decode" over "… tok/s": "Coding" and "Prose"), when each part starts
// with its name and what follows is only such words; nil otherwise.
func leadingNames(parts []string) []string {
	out := make([]string, len(parts))
	seen := map[string]bool{}
	for n, part := range parts {
		w := strings.Fields(part)
		if len(w) < 2 {
			return nil
		}
		for _, q := range w[1:] {
			if !rateQualifiers.has(strings.ToLower(q)) {
				return nil
			}
		}
		low := strings.ToLower(w[0])
		if seen[low] || !namesSeries(w[0]) {
			return nil
		}
		seen[low] = true
		out[n] = w[0]
	}
	return out
}

// rateQualifiers say how a rate was taken, never which curve it is.
var rateQualifiers = wordset([]string{"aggregate", "agg", "total", "decode", "output", "generation", "gen", "system", "node", "server", "overall", "e2e", "end-to-end", "sustained", "steady", "steady-state", "measured", "effective"})

// namesSeries: the part that differs between lookalike headers names a
// series only as a word of its own ("k8s", "32k", "before"), never as a
// word that says what the column holds ("tok/s", "Throughput (tok/s)": two
// spellings of one column, a lookalike). A word knee knows but does not
// read ("KV", "cache") may name one. A statistic ("Mdn", "Mean") names a
// statistic of one column, no series.
func namesSeries(part string) bool {
	if p := classify(part); p.kind != colIgnore && p.kind != colSeriesLabel || p.why != "" && p.why != whyNotRead && p.kind == colIgnore || p.stat != "" {
		return false
	}
	// Which tokens a rate counts ("Decode tok/s" beside "Output tok/s": a
	// phase's rate beside the run's) is what the column holds, no curve.
	return !tokenPhaseWords.has(strings.ToLower(part))
}

func commonEnds(words [][]string) (pre, suf int) {
	min := len(words[0])
	for _, w := range words {
		if len(w) < min {
			min = len(w)
		}
	}
	for pre < min {
		same := true
		for _, w := range words {
			if !strings.EqualFold(w[pre], words[0][pre]) {
				same = false
			}
		}
		if !same {
			break
		}
		pre++
	}
	for suf < min-pre {
		same := true
		for _, w := range words {
			if !strings.EqualFold(w[len(w)-1-suf], words[0][len(words[0])-1-suf]) {
				same = false
			}
		}
		if !same {
			break
		}
		suf++
	}
	return pre, suf
}

// headerHasPart: the header starts or ends with the words of part.
func headerHasPart(header, part string) bool {
	h := strings.ToLower(strings.Join(strings.Fields(stripMarkup(header)), " "))
	p := strings.ToLower(part)
	// "TTFT p50 (16)": a bracket at the end names the curve it was measured on
	return strings.HasPrefix(h, p+" ") || strings.HasSuffix(h, " "+p) || strings.HasSuffix(h, " ("+p+")")
}

func without(names []string, pick string) []string {
	var out []string
	for _, n := range names {
		if !strings.EqualFold(n, pick) {
			out = append(out, n)
		}
	}
	return out
}

// rowSeries finds series written as a column: a label column (engine,
// strategy, model, accelerator …) whose values differ, or any text column
// whose values differ between rows of one load level. Labels written once
// per group (the first row of each, blank below) are carried down. With
// --series only the rows of that series are kept.
//
// picked is the column-name series --series already chose, if any: the
// value a refusal suggests then names both, so that it is accepted when
// passed back.
func rowSeries(g *grid, cols []column, pick, picked string) ([]string, error) {
	load := seriesLevel(*g, cols)
	cand := append(dropQuantityColumns(*g, seriesCandidates(cols)), unreadWordColumns(*g, cols)...)
	if len(cand) == 0 {
		return nil, nil
	}
	spelt := cutLevelNames(g, cand, load)
	ids := runIDColumns(*g, cand)
	for _, i := range cand {
		if !ids[i] { // a run's id written once is no label of the rows below it
			carryDown(g, i)
		}
		spelt = append(spelt, sameLengthLabels(g, i)...)
	}
	series := namingColumns(*g, dropRemarkColumns(*g, cols, dropShareColumns(*g, dropFlags(*g, load, dropRunIDs(*g, load, seriesByRow(*g, cols, cand, load), ids)), load), load), pick)
	series = dropLoadFaces(*g, load, series)
	if len(series) == 0 {
		return nil, sizesApart(*g, cols, cand, load, ids)
	}
	keyOf := func(row []string) string {
		var parts []string
		for _, i := range series {
			parts = append(parts, cellAt(row, i))
		}
		return strings.Join(parts, " / ")
	}
	var headers []string
	for _, i := range series {
		headers = append(headers, fmt.Sprintf("%q", cols[i].header))
	}
	by := strings.Join(headers, " and ")
	if err := runsNamedApart(*g, cols, series, ids, load, keyOf); err != nil {
		return nil, err
	}
	runs := ""
	if pick == "" {
		pick, runs = sweepAmongRuns(*g, keyOf, load)
	}
	if pick == "" {
		keys, counts := seriesKeys(*g, keyOf)
		keys = rankCurves(keys, func(k string) curveSize { return rowCurveSize(*g, keyOf, load, k) })
		var list, picks []string
		for _, k := range keys {
			list = append(list, fmt.Sprintf("%s (%d rows)", k, counts[k]))
			picks = append(picks, joinPick(picked, k))
		}
		return nil, AmbiguousSeries(inputerr.Errorf(g.file, "--series", g.headerLine, "the table holds %d series by %s: %s; knee reads one curve at a time and never merges them as repeats: pick one with --series %q",
			len(keys), by, strings.Join(list, ", "), joinPick(picked, firstNamed(keys))), sweepsOfCatalog(picks, keys, func(k string) int { return rowCurveSize(*g, keyOf, load, k).levels }))
	}
	notes, err := pickRowSeries(g, series, keyOf, by, pick)
	if err != nil {
		return nil, err
	}
	if runs != "" {
		notes = []string{runs}
	}
	return append(spelt, notes...), mixedLabels(*g, cols, cand, series, load, pick)
}

// mixedLabels refuses a picked series whose rows still hold several values
// of a label column left out of its key, at one level: those rows are
// several curves (three engines' runs at concurrency 1), never one to
// average.
func mixedLabels(g grid, cols []column, cand, series []int, load int, pick string) error {
	if len(repeatedLevels(g, load)) == 0 {
		return nil
	}
	for _, i := range cand {
		k := cols[i].kind
		if slices.Contains(series, i) || k != colSeriesLabel && k != colModel && k != colAccelerator && !wordsColumn(g, i) {
			continue
		}
		if differsWithinLevel(g, i, load) && someValueRecurs(g, i) {
			return inputerr.Errorf(g.file, "--series", g.headerLine, "--series %q leaves rows of one level that differ in %q (%s): they are several curves, and knee never merges them", pick, cols[i].header, strings.Join(distinctCells(g, i), ", "))
		}
	}
	return nil
}

// distinctCells are column i's values, each once, in table order.
func distinctCells(g grid, i int) []string {
	var out []string
	for _, row := range g.rows {
		if v := cellAt(row, i); !isBlank(v) && !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// seriesCandidates are the columns that may name a row's series: labels
// (engine, strategy, model, accelerator), and unread text, workload and
// prompt columns.
func seriesCandidates(cols []column) []int {
	var cand []int
	for i, c := range cols {
		switch {
		case c.kind == colSeriesLabel || c.kind == colModel || c.kind == colAccelerator:
			cand = append(cand, i)
		case c.kind == colIgnore && c.why == "" && !measuredStatistic(c.header), c.kind == colWorkload, c.kind == colPrompts:
			// An unread column may name curves, but not one whose header
			// names a statistic the run measured ("mean acc len", a
			// draft's acceptance length, moves with each row).
			cand = append(cand, i)
		case c.kind == colIgnore && (c.why == dimPower.String() || c.why == dimBytes.String()):
			// A power cap or a memory budget set per curve; a reading
			// taken during each run is left out (dropQuantityColumns).
			cand = append(cand, i)
		case c.kind == colGPUs:
			// Nodes of 1, 2 and 4 GPUs measured at the same levels are
			// curves of their own (keysRepeats keeps the column only
			// when it differs within a level); one table is one node.
			cand = append(cand, i)
		case c.kind == colRatio && c.why != whyFraction && !outcomeRatio.MatchString(c.header):
			// A ratio set per run (a cache or sparsity ratio, 0.3, 0.5,
			// 0.7 at each level) tells curves apart as any setting does;
			// keysRepeats keeps it only when it differs within a level and
			// every value recurs, which a measured ratio does not. A
			// fraction of requests served ("16/16"), or a ratio its header
			// names as an outcome (a success rate, a draft's acceptance, a
			// cache's hits), is an outcome of the run, never a setting
			// that names a curve.
			cand = append(cand, i)
		}
	}
	return cand
}

// outcomeRatio is a ratio header naming what a run achieved rather than
// what it was set to.
var outcomeRatio = regexp.MustCompile(`(?i)(?:^|[^a-z])(?:success|succeeded|successful|ok|errors?|fail(?:ed|ures?)?|pass(?:ed)?|accuracy|accept(?:ed|ance)?|hits?|hit[ _-]?rate|attain(?:ed|ment)|complet(?:ed|ion)|dropped|timeouts?|rejected)(?:$|[^a-z])`)

// repeatedLevels are the load column's values that more than one row has.
func repeatedLevels(g grid, load int) map[string]bool {
	repeated := map[string]bool{}
	if load < 0 {
		return repeated
	}
	seen := map[string]bool{}
	for _, row := range g.rows {
		v := cellAt(row, load)
		if seen[v] {
			repeated[v] = true
		}
		seen[v] = true
	}
	return repeated
}

// seriesByRow keeps the candidates that name series: the labels, then the
// other columns that tell a level's rows apart (keysRepeats).
func seriesByRow(g grid, cols []column, cand []int, load int) []int {
	var labels []int
	for _, i := range cand {
		// A label column names series when one of its values spans rows
		// (a one-row value labels a level: "Light load", "Heavy load").
		if namesCurves(g, cols, i, load) && distinctValues(g, i) > 1 && someValueRecurs(g, i) {
			labels = append(labels, i)
		}
	}
	repeated := len(repeatedLevels(g, load)) > 0
	var series []int
	for _, i := range cand {
		if slices.Contains(labels, i) || repeated && keysRepeats(g, cols, i, load, labels) || benchWorkloadsApart(g, cols, i) {
			series = append(series, i)
		}
	}
	return series
}

// dropFlags leaves out of series the columns of true and false that never
// tell apart two rows of one level the other series columns put in one
// curve: a script's warning ("np_warning": True once the level passes the
// slots) flips along a curve, an outcome, not a curve of its own.
func dropFlags(g grid, load int, series []int) []int {
	out := slices.Clone(series)
	for _, i := range series {
		rest := slices.DeleteFunc(slices.Clone(out), func(j int) bool { return j == i })
		if len(rest) > 0 && flagColumn(g, i) && !differsWithinGroup(g, i, load, rest) {
			out = rest
		}
	}
	return out
}

// runIDColumns are the candidates whose every filled cell differs from
// the others, in four rows or more, with no blank between two filled
// cells: a run's timestamp or result file ("20251021-203116",
// "…-152127.json"), one per run, perhaps left blank on the last rows that
// kept none. A label written once per group has blanks between its values.
func runIDColumns(g grid, cand []int) map[int]bool {
	ids := map[int]bool{}
	for _, i := range cand {
		seen, n := map[string]bool{}, 0
		unique, gap, blankSeen := true, false, false
		for _, row := range g.rows {
			v := strings.ToLower(strings.TrimSpace(cellAt(row, i)))
			if isBlank(v) {
				blankSeen = true
				continue
			}
			gap = gap || blankSeen
			unique = unique && !seen[v]
			seen[v] = true
			n++
		}
		ids[i] = unique && !gap && n >= 4
	}
	return ids
}

// dropRunIDs leaves out of series the run ids (runIDColumns) when the
// others tell a level's rows apart without them: such a column names one
// run, not a curve, and keying by it makes every row a curve of its own.
func dropRunIDs(g grid, load int, series []int, ids map[int]bool) []int {
	out := slices.Clone(series)
	for _, i := range series {
		if !ids[i] {
			continue
		}
		rest := slices.DeleteFunc(slices.Clone(out), func(j int) bool { return j == i })
		if len(rest) > 0 && !levelRowsShareKey(g, load, rest) || idsNameRepeats(g, load, rest, i) {
			out = rest
		}
	}
	return out
}

// repeatMark is a repetition's number in a run id ("_r2", "-rep3",
// "run1", "trial 4") or a timestamp ("20260519T210415Z", "20260519-210511",
// "2026-05-19T21:04:15", "2026-09-22T04:14:18.342063+00:00", a long run of
// digits): what differs between the
// ids of one configuration's repeats.
var repeatMark = regexp.MustCompile(`(?i)(?:(?:^|[_\-\s./])(?:r|rep|repeat|run|round|trial|iter|iteration)[_\-\s]?\d{1,3}(?:$|[_\-\s./])|\d{8}[t_\-]?\d{4,6}z?|\d{4}-\d{2}-\d{2}[t_ ]\d{2}[:\-]?\d{2}(?:[:\-]?\d{2}(?:\.\d+)?)?(?:z|[+\-]\d{2}:?\d{2})?|\d{8,})`)

// idsNameRepeats: the run ids of column i that share a level and the
// other keys (rest) differ only in a repetition's number or a timestamp
// ("…_b1_r1_1770613827.log", "…_b1_r2_1770613860.log"): the rows are
// repeats of one run, which the ids count, not curves.
func idsNameRepeats(g grid, load int, rest []int, i int) bool {
	seen := map[string]string{}
	marked := false
	for _, row := range g.rows {
		id := strings.ToLower(strings.TrimSpace(cellAt(row, i)))
		// A result file's folder is where it was kept; its name is
		// the run's ("…/rate4/20260519T211152Z/openai-4.0qps-….json").
		id = path.Base(id)
		bare := repeatMark.ReplaceAllString(id, "_")
		marked = marked || bare != id
		k := cellAt(row, load)
		for _, j := range rest {
			k += "\x00" + cellAt(row, j)
		}
		if prev, ok := seen[k]; ok && prev != bare {
			return false
		}
		seen[k] = bare
	}
	return marked
}

// sweepsOfCatalog are the picks a refusal offers to read one by one: all of
// them, or, in a catalog of more runs than maxCurves, the sweeps among them
// (three levels or more; keys ranks them first): a log of a few sweeps
// beside many one-off runs (a context probe, a quant at one level) is
// those sweeps' curves, the runs too few levels to place a knee on.
func sweepsOfCatalog(picks, keys []string, levels func(string) int) []string {
	if len(picks) <= maxCurves {
		return picks
	}
	n := 0
	for n < len(keys) && levels(keys[n]) >= minCurveLevels {
		n++
	}
	return picks[:n]
}

// minCurveLevels is the fewest levels a sweep of a catalog has.
const minCurveLevels = 3

// levelRowsShareKey: two rows of one level have the same cells in columns
// key.
func levelRowsShareKey(g grid, load int, key []int) bool {
	seen := map[string]bool{}
	for _, row := range g.rows {
		k := cellAt(row, load)
		for _, i := range key {
			k += "\x00" + cellAt(row, i)
		}
		if seen[k] {
			return true
		}
		seen[k] = true
	}
	return false
}

// benchWorkloadsApart: column i is the workload bench blocks' command
// lines set (benchworkload.go), and they set more than one. Such blocks are
// curves apart even when no level repeats: a 4096/4096 block at
// concurrency 1 before 512/512 blocks at 16 to 128 is no point of their
// curve.
func benchWorkloadsApart(g grid, cols []column, i int) bool {
	return cols[i].header == benchWorkloadKey && len(distinctCells(g, i)) > 1
}

// keysRepeats: column i, no label, tells apart rows of one load level.
func keysRepeats(g grid, cols []column, i, load int, labels []int) bool {
	if !differsWithinLevel(g, i, load) {
		return false
	}
	// A request length is a stated setting, never a measurement (a length
	// the header gives a statistic of, "output_tokens_p50", is measured and
	// changes row to row within one curve): rows of one level that differ
	// in it ran different workloads, even when each length occurs once (ISL
	// 128, 1024, 2048 … all at concurrency 1), and are never repeats to
	// average.
	if workloadSetting(cols[i]) || deploymentScale(g, cols[i], i) {
		return true
	}
	if namesCurves(g, cols, i, load) {
		return false
	}
	text := textColumn(g, i)
	// Beside curves named by a label, a number that differs only between
	// them (a count that follows the load within each curve: compactions
	// per agent, 1, 2, 4 and 0) tells no repeats apart.
	if len(labels) > 0 && !text && !differsWithinGroup(g, i, load, labels) {
		return false
	}
	// Text ("trtllm_fp8"), or a setting every value of which recurs (prompt
	// length 512, 4096 …; TP 2, 4, 8). Measured values that differ between
	// true repeats do not recur.
	return text || everyValueRecurs(g, i)
}

// flagColumn: column i holds only true and false (a script's warning,
// "np_warning": True once the level passes the slots): beside curves
// named by a label, a flag that never tells two rows of one level of a
// curve apart is an outcome along the curve, not a curve of its own.
func flagColumn(g grid, i int) bool {
	for _, row := range g.rows {
		switch strings.ToLower(strings.TrimSpace(cellAt(row, i))) {
		case "true", "false":
		default:
			return false
		}
	}
	return len(g.rows) > 0
}

// namesCurves: column i is a label whose values name curves: an engine,
// strategy, model or accelerator column, or cells naming configurations
// (configvalues.go), or unread text whose blocks of rows each climb the
// load from lower down (restartblocks.go).
func namesCurves(g grid, cols []column, i, load int) bool {
	k := cols[i].kind
	if k == colSeriesLabel || k == colModel || k == colAccelerator || configColumn(g, i) || deviceNames(g, cols, i) {
		return true
	}
	return k == colIgnore && cols[i].why == "" && restartsLoad(g, i, load)
}

// pickRowSeries keeps the rows of the series --series names; it must name
// one whole series.
func pickRowSeries(g *grid, series []int, keyOf func([]string) string, by, pick string) ([]string, error) {
	var rows [][]string
	var lines []int
	for r, row := range g.rows {
		if rowMatches(row, series, keyOf(row), pick) {
			rows = append(rows, row)
			lines = append(lines, g.lines[r])
		}
	}
	if len(rows) == 0 {
		keys, _ := seriesKeys(*g, keyOf)
		return nil, inputerr.Errorf(g.file, "--series", g.headerLine, "%q names none of the series by %s (%s)", pick, by, strings.Join(keys, ", "))
	}
	left := grid{file: g.file, rows: rows}
	if keys, _ := seriesKeys(left, keyOf); len(keys) > 1 {
		return nil, inputerr.Errorf(g.file, "--series", g.headerLine, "--series %q still leaves %d series by %s (%s): name one whole, e.g. --series %q", pick, len(keys), by, strings.Join(keys, ", "), keys[0])
	}
	g.rows, g.lines = rows, lines
	return []string{fmt.Sprintf("%s: series %q read (--series, by %s): %d rows", g.file, pick, by, len(rows))}, nil
}

func rowMatches(row []string, series []int, key, pick string) bool {
	if strings.EqualFold(key, pick) {
		return true
	}
	for _, i := range series {
		if strings.EqualFold(cellAt(row, i), pick) {
			return true
		}
	}
	return false
}

func seriesKeys(g grid, keyOf func([]string) string) ([]string, map[string]int) {
	var keys []string
	counts := map[string]int{}
	for _, row := range g.rows {
		k := keyOf(row)
		if counts[k] == 0 {
			keys = append(keys, k)
		}
		counts[k]++
	}
	return keys, counts
}

// textColumn: some cell is text, not a number (a label column).
func textColumn(g grid, i int) bool {
	for _, row := range g.rows {
		c := cellAt(row, i)
		if isBlank(c) {
			continue
		}
		if _, ok, err := parseCell(cleanCell(c)); err != nil || !ok {
			return true
		}
	}
	return false
}

// carryDown fills a group label's blank cells from the row above, when the
// column's first row has one (a label written once per group). A word that
// marks a value cell blank ("none", "n/a") names a group when it stands as
// a label ("Drafter: none", no drafter): only an empty cell or a dash is
// the group above.
func carryDown(g *grid, i int) {
	if len(g.rows) == 0 || isBlank(cellAt(g.rows[0], i)) {
		return
	}
	prev := ""
	for _, row := range g.rows {
		if i >= len(row) {
			continue
		}
		if labelGap(cellAt(row, i)) {
			row[i] = prev
			continue
		}
		prev = row[i]
	}
}

// labelGap: a label cell left empty or dashed, the group above's.
func labelGap(cell string) bool {
	switch strings.TrimSpace(stripMarkup(cell)) {
	case "", "-", "—", "–", "−", "--", "〃", "\"", "''":
		return true
	}
	return false
}

func distinctValues(g grid, i int) int {
	seen := map[string]bool{}
	for _, row := range g.rows {
		if v := strings.ToLower(cellAt(row, i)); !isBlank(v) {
			seen[v] = true
		}
	}
	return len(seen)
}

func valueCounts(g grid, i int) map[string]int {
	n := map[string]int{}
	for _, row := range g.rows {
		if v := strings.ToLower(cellAt(row, i)); !isBlank(v) {
			n[v]++
		}
	}
	return n
}

func someValueRecurs(g grid, i int) bool {
	for _, c := range valueCounts(g, i) {
		if c > 1 {
			return true
		}
	}
	return false
}

func everyValueRecurs(g grid, i int) bool {
	n := valueCounts(g, i)
	for _, c := range n {
		if c < 2 {
			return false
		}
	}
	return len(n) > 1
}

// differsWithinLevel: two rows of one load level hold different values in
// column i (so the column, not chance, tells the rows apart).
func differsWithinLevel(g grid, i, load int) bool {
	first := map[string]string{}
	for _, row := range g.rows {
		lv, v := cellAt(row, load), strings.ToLower(cellAt(row, i))
		if prev, ok := first[lv]; ok && prev != v {
			return true
		}
		first[lv] = v
	}
	return false
}

// differsWithinGroup: two rows of one load level and one curve (the same
// values in the label columns) hold different values in column i.
func differsWithinGroup(g grid, i, load int, labels []int) bool {
	first := map[string]string{}
	for _, row := range g.rows {
		key := cellAt(row, load)
		for _, l := range labels {
			key += "\x00" + strings.ToLower(cellAt(row, l))
		}
		v := strings.ToLower(cellAt(row, i))
		if prev, ok := first[key]; ok && prev != v {
			return true
		}
		first[key] = v
	}
	return false
}

// workloadSetting: a request length the benchmark was set to run, not one
// it measured.
func workloadSetting(c column) bool {
	return c.kind == colWorkload && !measuredStatistic(c.header)
}

// deploymentWords name how many copies of the server a run deployed.
var deploymentWords = []string{"replica", "replicas", "instance", "instances", "pod", "pods", "endpoint", "endpoints"}

// deploymentScale: an unread column of whole numbers counting the server's
// copies ("Replicas" 1, 2, 4): a deployment set per run, as a node's GPU
// count is. Rows of one level that differ in it ran on different
// deployments, even where each count occurs once, and are never repeats.
func deploymentScale(g grid, c column, i int) bool {
	if c.kind != colIgnore || c.why != "" || !anyWord(headerTokens(strings.ToLower(stripMarkup(c.header))), deploymentWords) {
		return false
	}
	return distinctWholeNumbers(g, i) > 1
}

// measuredStatistic: the header names a statistic of its values (p50,
// mean, median), which makes them measured rather than set.
func measuredStatistic(h string) bool {
	for _, w := range headerTokens(h) {
		if measuredStatWord.MatchString(w) {
			return true
		}
	}
	return false
}

var measuredStatWord = regexp.MustCompile(`^(p\d{1,3}|mean|avg|average|median|med|mdn)$`)

// tokenPhaseWords name which tokens a token rate counts: a phase (prefill,
// decode; llama.cpp's pp and tg) or a direction (input, output), never a
// series.
var tokenPhaseWords = wordset{"decode", "decoding", "prefill", "output", "input", "prompt", "generation", "gen", "completion", "total", "overall", "e2e", "end-to-end", "pp", "tg", "pp+tg"}

// firstNamed is the first key with a name: a blank label is no curve
// --series can pick (an empty --series picks none), so the refusal names
// the first curve that has one.
func firstNamed(keys []string) string {
	for _, k := range keys {
		if strings.TrimSpace(k) != "" {
			return k
		}
	}
	return keys[0]
}

// deviceWords name the device a row ran on.
var deviceWords = []string{"gpu", "gpus", "device", "devices", "chip", "card", "accelerator"}

// deviceNames: column i's header names a device ("GPU") and its cells name
// them ("RTX4090", "H100") rather than count them: the accelerator each
// row ran on, which names curves as an accelerator column does.
func deviceNames(g grid, cols []column, i int) bool {
	if cols[i].kind != colIgnore || !anyWord(headerTokens(strings.ToLower(stripMarkup(cols[i].header))), deviceWords) {
		return false
	}
	return everyFilledCell(g, i, cleanCell, func(c string) bool {
		_, ok, err := parseCell(c)
		return !ok || err != nil
	})
}
