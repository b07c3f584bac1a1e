package table

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
)

// The roles pass: what the physics says a column is, whatever its header's
// words: prompts written in thousands are their size (promptsizes.go), a latency 0 on every row is none (zerolatency.go), a ratio is no load, nor is a column constant on every row
// (constantload.go), nor one whose cells are words (wordloads.go) or lists (listloads.go), server slots beside the users are a setting
// (serverknob.go), a concurrency of fractions beside one of whole numbers
// is measured (setvalues.go), a measured concurrency beside a configured one is
// achieved, TPOT is the per-request ITL, an offered rate is the load
// (offered.go), a column of pass and fail marks is no series (statusmarks.go),
// a load counted 0, 1, 2 … names rows (zerobased.go),
// a load constant through each curve while another climbs is a setting
// (curvesetting.go), a load of context sizes beside another load is a setting (contextsize.go),
// a token count beside a token rate is no rate (tokencounts.go), a
// prefill-only run's input rate is its throughput (prefillonly.go), a bare
// "per GPU" that is the throughput ÷ the GPUs is no load (pergpushare.go),
// the concurrency requested beside the one that ran is the
// level (requestedran.go), a column named only "load" is the concurrency
// or the offered rate as Little's law says (loadword.go), and with no load
// named, the one column that steps up as a load while the node's rate grows
// along it is the load (steploads.go).
func (r *resolved) rolesPass(g grid) error {
	r.blankColumns(g)
	r.promptSizes(g)
	r.zeroLatencies(g)
	r.ratioValued(g)
	r.fractionalCounts(g)
	r.timeValuedLoads(g)
	r.memoryFractions(g)
	r.statusMarks(g)
	r.wordLoads(g)
	r.labelWrittenLoad(g)
	r.listLoads(g)
	r.measuredBesideSetValues(g)
	r.zeroBasedLoads(g)
	r.constantLoads(g)
	r.settingsWithinCurves(g)
	r.contextSizedLoads(g)
	r.serverCapacityBesideLoad(g)
	r.tokenCountsBesideRate(g)
	r.prefillOnlyInputRate(g)
	r.perGPUThroughputShare(g)
	r.requestedBesideRan(g)
	r.loadByPhysics(g)
	r.speedByCount(g)
	r.aggregateOfStreams(g)
	r.countBesideItsRate(g)
	if err := r.concurrencyFlavors(g); err != nil {
		return err
	}
	r.achievedAboveLevel(g)
	r.unlimitedRateBesideLevel(g)
	r.tpotOrITL(g.file)
	r.offeredRates(g)
	r.offeredRateBesideMeasured(g)
	r.goodputDefinedAsTokens(g)
	r.steppingLoad(g)
	return nil
}

// unlimitedRateBesideLevel leaves unread an offered rate written "inf" on
// most rows beside a configured concurrency: vLLM's request rate left
// unlimited, a setting of a concurrency sweep; a number on one row of it
// (a script that wrote another field there) is no stage's offered rate.
func (r *resolved) unlimitedRateBesideLevel(g grid) {
	if r.firstOfKinds(colConcurrency) < 0 {
		return
	}
	for i := range r.cols {
		c := &r.cols[i]
		if c.kind != colRequestedRate {
			continue
		}
		inf := 0
		for _, row := range g.rows {
			if v := strings.ToLower(strings.TrimSpace(cellAt(row, i))); v == "inf" || v == "infinity" {
				inf++
			}
		}
		if 2*inf > len(g.rows) {
			c.kind, c.why = colIgnore, "an offered rate left unlimited (inf) beside the concurrency: a setting of the sweep"
		}
	}
}

// blankColumns leaves unread a cap blank on every row (a script's
// max_concurrency field in a rate sweep that set none): it holds no level.
func (r *resolved) blankColumns(g grid) {
	if len(g.rows) == 0 {
		return
	}
	for i := range r.cols {
		c := &r.cols[i]
		if c.key() == "" || labelKind(c.kind) || slices.ContainsFunc(g.rows, func(row []string) bool { return !isBlank(cleanCell(cellAt(row, i))) }) {
			continue
		}
		if !wordset(headerTokens(strings.ToLower(c.header))).has("max", "maximum", "limit", "cap") {
			// Only a cap left unset is blank by design; a blank level or
			// measure says the header sits over the wrong cells.
			continue
		}
		if c.kind == colConcurrency && r.engineCapBeside(i) {
			// Unset, the client's cap would leave the engine's
			// (max-num-seqs) as the load, which it is not beside a
			// request rate: the table stays refused for want of one.
			continue
		}
		c.kind, c.why = colIgnore, "blank on every row"
	}
}

// engineCapBeside: a column other than i is an engine's cap on sequences
// in flight read as a configured concurrency.
func (r *resolved) engineCapBeside(i int) bool {
	for j, c := range r.cols {
		if j != i && c.kind == colConcurrency && c.flavor == "configured" && engineCap(wordset(headerTokens(strings.ToLower(c.header)))) {
			return true
		}
	}
	return false
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
			c.kind, c.why = colRatio, whyFraction
		}
	}
}

// whyFraction is why a column of "16/16" cells is no count: requests that
// succeeded out of those sent, an outcome of each run.
const whyFraction = "a fraction (1/1): a ratio, not a count"

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

// weakOverLevels keeps the one-letter load columns whose cells are levels,
// whole counts (streams, slots, a batch): "C" over 22.64, 30.13 and 39.12
// is an arm of a comparison named by its letter, its cells measurements.
// With letterOnly, only the columns headed by one letter ("C") are tried.
func (r *resolved) weakOverLevels(g grid, weak []int, letterOnly bool) []int {
	var out []int
	for _, i := range weak {
		if letterOnly && !oneLetterHeader(r.cols[i].header) {
			out = append(out, i)
			continue
		}
		if nums := columnNumbers(g, i); len(nums) > 0 && !allWhole(nums) {
			r.cols[i].kind, r.cols[i].why = colIgnore, "a one-letter header over fractional numbers: measurements, not levels"
			continue
		}
		out = append(out, i)
	}
	return out
}

// oneLetterHeader: h is one letter, markup aside ("**C**").
func oneLetterHeader(h string) bool {
	t := headerTokens(stripMarkup(h))
	return len(t) == 1 && len([]rune(t[0])) == 1
}

func allWhole(v []float64) bool {
	for _, x := range v {
		if x != math.Trunc(x) {
			return false
		}
	}
	return true
}

// weakBesideNamed: a column whose header names the load for want of
// other words (one letter, "level" alone) beside a column that names it
// ("concurrency": named of them) is not the load: the named column
// outranks it, as weakLoad says. It returns the weak columns still read
// as the load, all of them where none is named.
func (r *resolved) weakBesideNamed(weak []int, named int) []int {
	if named == 0 {
		return weak
	}
	for _, i := range weak {
		r.cols[i].kind, r.cols[i].why = colIgnore, "a one-letter or bare-level header beside a column that names the load"
	}
	return nil
}

// configuredEchoes sets aside the plain concurrency columns that repeat the
// configured level on every row (a script's "BENCH_CONCURRENCY: 10" echoed
// above vLLM's or SGLang's "Max request concurrency: 10"): the setting
// written twice, not a measurement beside it. It returns the others, which
// are measured.
func (r *resolved) configuredEchoes(g grid, conf int, plain []int) []int {
	if len(r.cols) != len(g.header) {
		return plain
	}
	var out []int
	for _, i := range plain {
		if sameCells(g, i, conf) || sameToTheirDigits(g, i, conf) {
			r.cols[i].kind, r.cols[i].why = colIgnore, fmt.Sprintf("the configured level %q written again", r.cols[conf].header)
			continue
		}
		out = append(out, i)
	}
	return out
}

// concurrencyFlavors tells the configured level from measured concurrency:
// with max_concurrency beside concurrency, the plain one is measured; with
// "achieved concurrency" beside it, the plain one is configured.
func (r *resolved) concurrencyFlavors(g grid) error {
	var configured, measured, plain, weak []int
	for i, c := range r.cols {
		if c.kind != colConcurrency {
			continue
		}
		switch c.flavor {
		case "configured":
			configured = append(configured, i)
		case "weak":
			weak = append(weak, i)
		case "measured":
			measured = append(measured, i)
		default:
			plain = append(plain, i)
		}
	}
	weak = r.weakOverLevels(g, weak, false)
	plain = r.weakOverLevels(g, plain, true)
	plain = append(plain, r.weakBesideNamed(weak, len(configured)+len(plain))...)
	switch {
	case len(configured) > 0:
		measured = append(measured, r.configuredEchoes(g, configured[0], plain)...)
	case len(measured) > 0:
		configured = plain
	default:
		configured = plain
	}
	for _, i := range measured {
		r.cols[i].kind = colAchieved
	}
	r.extremesBesideMean(g, measured)
	if len(configured) == 0 && len(measured) > 0 && !r.has(colPerGPU) && !r.offersRate() {
		if j := r.levelBesideAchieved(g, measured[0]); j >= 0 {
			r.setLevelBesideAchieved(g, j, measured[0])
			return nil
		}
		return r.measuredMeanAsLevel(g, measured)
	}
	return nil
}

// measuredLevel is the flavor of a measured concurrency read as the level:
// its points are derived (marked ~, open loop), as Little's law's are.
const measuredLevel = "measured level"

// measuredMeanAsLevel reads a table whose only concurrency is measured
// (guidellm's "Requests Concurrency Mean" under constant@R stages): the
// mean requests in flight is what Little's law gives a rate sweep's stage,
// the very figure knee places such a stage by, so it is the level, with a
// note. A median over time of the requests in flight (guidellm's Mdn) is
// no such figure — 0 wherever the run idled half the time — so without a
// mean the table is refused, naming the flag; unless the median is one or
// more on every row: no stage idled half its time, and the median then
// stands where the mean does (a stage held about that many), the only
// load the table gives, read with a note saying so.
func (r *resolved) measuredMeanAsLevel(g grid, measured []int) error {
	for _, stat := range []string{"mean", "p50"} {
		for _, i := range measured {
			if c := &r.cols[i]; c.stat == stat && (stat == "mean" || neverIdle(g, i)) {
				r.measuredAsLevel(g, measured, i)
				return nil
			}
		}
	}
	h := r.cols[measured[0]].header
	return inputerr.Errorf(g.file, h, g.headerLine, "is measured concurrency and the table has no configured level, nor a mean of it; --column concurrency=%q takes it as the level", h)
}

// neverIdle: column i's requests in flight are one or more on every row.
func neverIdle(g grid, i int) bool {
	n := 0
	for _, row := range g.rows {
		cv, ok, err := parseCell(cleanCell(cellAt(row, i)))
		if err != nil || !ok || cv.v < 1 {
			return false
		}
		n++
	}
	return n >= 2
}

// measuredAsLevel reads measured column i as the level.
func (r *resolved) measuredAsLevel(g grid, measured []int, i int) {
	c := &r.cols[i]
	c.kind, c.flavor = colConcurrency, measuredLevel
	if c.stat == "mean" {
		r.notes = append(r.notes, fmt.Sprintf("%s: no configured level: %q, the mean requests in flight each stage measured (what Little's law gives a rate sweep's stage), read as the level", g.file, c.header))
	} else {
		r.notes = append(r.notes, fmt.Sprintf("%s: no configured level: %q, the median requests in flight each stage measured, read as the level: it is one or more on every row, so no stage idled half its time, and the median stands where the mean would", g.file, c.header))
	}
	// The level is measured: another statistic of the same measurement is
	// no achieved concurrency to judge it by.
	for _, j := range measured {
		if j != i {
			r.cols[j].kind, r.cols[j].why = colIgnore, fmt.Sprintf("another statistic of the requests in flight %q reads as the level", c.header)
		}
	}
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
		if c.kind != colLatency || r.picked[c.key()] == HeaderKey(c.header) {
			continue // a column --column picks holds what it was picked for
		}
		switch {
		case c.metric == "itl" && hasTPOT:
			c.metric = "itl_chunks"
		case c.metric == "tpot":
			c.metric = "itl"
		}
	}
}

// fractionCell is a count over a count, "256/256" or "1,024/1,024".
var fractionCell = regexp.MustCompile(`^\d[\d,]*\s*/\s*\d[\d,]*$`)

func fractions(g grid, i int) int {
	n := 0
	for _, row := range g.rows {
		if fractionCell.MatchString(cleanCell(cellAt(row, i))) {
			n++
		}
	}
	return n
}
