package table

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// A load is a column whose values step up row by row (1, 2, 4, 8 … or 64,
// 128 …) while the others respond, whatever its header says: "BS & TPS",
// "N", "Runs" or a word in a language knee has no vocabulary for. Knee
// does not take such a column for the load on its own (an input length
// steps up the same way), but a refusal for want of a load names it first,
// as the one a perf engineer would try.

// steppingLoadHint names the first unread column whose cells step up as a
// load ladder does; "" when none does.
func steppingLoadHint(g grid, cols []column) string {
	for i, c := range cols {
		if c.kind != colIgnore || (c.why != "" && c.why != whyNotRead) || rowNumberHeader(g.header[i]) || countsRows(g, i) {
			continue
		}
		if statOf(headerTokens(g.header[i])) != "" {
			continue // "max_fifo_overtake", "mean_batch": a statistic of the run, measured, never a level set
		}
		if stageHeader(g.header[i]) && labelsMarkLoads(g) {
			continue // "Stage" 1, 2, 3 beside labels that write "conc 10": the labels hold the load
		}
		if levels, ok := steppingLevels(g, i); ok {
			return fmt.Sprintf("; %q steps up row by row as a load does (%s): if it is the level, say so with --column concurrency=%q", g.header[i], levels, g.header[i])
		}
	}
	return ""
}

// steppingLevels: column i holds a positive whole number in every row,
// never falling (or climbing the same ladder again for each group of rows:
// 1, 4, 8 at one input length, then 1, 4, 8 at the next), with three distinct values at least and the largest at
// least four times the smallest (a ladder, not a few repeats); the values
// as a perf engineer quotes them ("1, 2, 4 … 64").
func steppingLevels(g grid, i int) (string, bool) {
	var vals, run []int
	var runs [][]int
	for _, row := range g.rows {
		n, err := strconv.Atoi(strings.Trim(strings.TrimSpace(cellAt(row, i)), "*_ "))
		if err != nil || n <= 0 {
			return "", false
		}
		if len(run) > 0 && n < run[len(run)-1] {
			runs, run = append(runs, run), nil // the ladder again, for the next group of rows
		}
		if len(run) == 0 || n != run[len(run)-1] {
			run = append(run, n)
		}
	}
	runs = append(runs, run)
	vals = runs[0]
	for _, r := range runs[1:] {
		if !slices.Equal(r, vals) {
			return "", false // a ladder climbed once, or the same one per group
		}
	}
	if len(vals) < 3 || vals[len(vals)-1] < 4*vals[0] {
		return "", false
	}
	return fmt.Sprintf("%d, %d, %d … %d", vals[0], vals[1], vals[2], vals[len(vals)-1]), true
}

// steppingLoad takes the one stepping column for the load when nothing
// else is one and the physics agrees: the node's rate grows along it (up
// at the first step, and by half again or more from its first row to its
// best). An input length that steps up the same way leaves the node's
// output rate flat or falling at one load, so the rise is what tells a
// load ("Load", "Connections", a word knee has no vocabulary for) apart.
func (r *resolved) steppingLoad(g grid) {
	if r.has(colConcurrency) || r.has(colPerGPU) || r.has(colRequestedRate) || r.has(colAchieved) {
		return
	}
	if r.promptsInFlight(g) {
		return
	}
	tput := r.firstOfKinds(colThroughput, colThroughputPerGPU)
	step := r.oneLadder(g)
	if step < 0 || tput < 0 || stageHeader(g.header[step]) || !risesAlong(g, step, tput) || spreadAtOneLevel(g, step, tput) > maxRepeatSpread {
		return
	}
	c := &r.cols[step]
	c.kind, c.why = colConcurrency, ""
	levels, _ := steppingLevels(g, step)
	r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the concurrency: no header names a load, and it steps up row by row as one does (%s) while %q grows along it; --column concurrency=HEADER picks another", g.file, c.header, levels, r.cols[tput].header))
}

// maxRepeatSpread bounds how far apart the node's rates of rows at one
// level may lie for that column to be the load: repeats of a run differ by
// noise, not by multiples. A node count held through a curve of 1, 10, 100
// prompts ("node数" 1, 1, 1, 1, 2 …, 32 to 289 tok/s at 1) is no load.
const maxRepeatSpread = 2.0

// spreadAtOneLevel is the greatest ratio of the largest to the smallest
// rate among rows of one level of column load; 1 when no level repeats.
func spreadAtOneLevel(g grid, load, rate int) float64 {
	lo, hi := map[string]float64{}, map[string]float64{}
	spread := 1.0
	for _, row := range g.rows {
		v, ok := positiveCell(row, rate)
		if !ok {
			continue
		}
		l := cleanCell(cellAt(row, load))
		if _, seen := lo[l]; !seen {
			lo[l], hi[l] = v, v
		}
		lo[l], hi[l] = min(lo[l], v), max(hi[l], v)
		spread = max(spread, hi[l]/lo[l])
	}
	return spread
}

// oneLadder is the one unread column that steps up as a load does; -1 for
// none or two (which is the load is then a choice).
func (r *resolved) oneLadder(g grid) int {
	step := -1
	for i, c := range r.cols {
		// A count of requests that steps as a load does is one too when
		// the node's rate grows along it (all of them sent at once, an
		// offline batch); run one after another, it would leave it flat.
		if c.kind != colIgnore && !(c.kind == colRequests && c.why == "") || (c.why != "" && c.why != whyNotRead) || rowNumberHeader(g.header[i]) || countsRows(g, i) {
			continue
		}
		if _, ok := steppingLevels(g, i); ok {
			if step >= 0 {
				return -1
			}
			step = i
		}
	}
	return step
}

// risesAlong: column rate's numbers, in the order of the stepping column
// load (never falling), rise at the first step and reach half again their
// first value.
func risesAlong(g grid, load, rate int) bool {
	var vs []float64
	for _, row := range g.rows {
		cv, ok, err := parseCell(cleanCell(cellAt(row, rate)))
		if err != nil || !ok || cv.v <= 0 {
			return false
		}
		vs = append(vs, cv.v)
	}
	if len(vs) < 3 || vs[1] <= vs[0] {
		return false
	}
	best := vs[0]
	for _, v := range vs {
		best = max(best, v)
	}
	return best >= 1.5*vs[0]
}

// vLLM's benchmark sends every prompt at once when no request rate and no
// --max-concurrency are given (its rate defaults to infinity): a sweep of
// --num-prompts 1, 10, 100 with nothing else set is a sweep of the requests
// in flight at the start. A table whose one load-like column is that flag
// ("num-prompts", "num_prompts"), with no rate or concurrency cap stated
// around it, and whose node rate grows with it on every step of each curve,
// is read so, with a note.

// numPromptsFlag is the header of vLLM's --num-prompts.
var numPromptsFlag = regexp.MustCompile(`(?i)^(?:--)?num[-_ ]prompts?$`)

// capStated is a request rate or a concurrency cap set in the text.
var capStated = regexp.MustCompile(`(?i)(?:max[-_ ]concurrency|request[-_ ]rate)[\s=:]+\d`)

// promptsInFlight reads the num-prompts column as the concurrency when the
// physics agrees; true when it did.
func (r *resolved) promptsInFlight(g grid) bool {
	tput := r.firstOfKinds(colThroughput, colThroughputPerGPU)
	if tput < 0 || capStated.MatchString(g.context+"\n"+g.above) {
		return false
	}
	for i := range r.cols {
		c := &r.cols[i]
		if c.kind != colPrompts || !numPromptsFlag.MatchString(strings.TrimSpace(stripMarkup(c.header))) || !growsWithEachStep(g, i, tput) {
			continue
		}
		c.kind, c.why = colConcurrency, ""
		r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the concurrency: vLLM's benchmark sends every prompt at once when no request rate or --max-concurrency is set, and nothing around the table sets one; the node's rate grows with it on every step", g.file, c.header))
		return true
	}
	return false
}

// growsWithEachStep: column load takes three values or more, and wherever
// it steps up from one row to the next the rate at column rate rises too,
// or, once it has risen, holds within saturatedScatter (a saturated node's
// rate scatters a few percent from one level to the next: 447.7 then
// 444.4). Two steps at least rise.
func growsWithEachStep(g grid, load, rate int) bool {
	levels := map[float64]bool{}
	prevL, prevV, rises, risen := 0.0, 0.0, 0, false
	for r, row := range g.rows {
		l, okL := positiveCell(row, load)
		v, okV := positiveCell(row, rate)
		if !okL || !okV {
			return false
		}
		levels[l] = true
		switch {
		case r == 0 || l < prevL:
			risen = false // a new run of levels: another curve
		case l > prevL && v > prevV:
			rises, risen = rises+1, true
		case l > prevL && (!risen || v < prevV*(1-saturatedScatter)):
			return false
		}
		prevL, prevV = l, v
	}
	return len(levels) >= 3 && rises >= 2
}

// saturatedScatter is how far a saturated node's rate may fall from one
// level to the next and still be read as holding.
const saturatedScatter = 0.1

// stageWords name a step of a procedure ("Stage" 1, 2, 3, 5, 6 of a probe
// whose load is written in another column): an index, whatever its numbers
// do, never taken for the load unasked (a refusal may still name it).
// A run's index ("run", "trial", "iteration") is runIndex's.
var stageWords = []string{"stage", "step", "phase", "round", "test", "case", "experiment",
	"阶段", "步骤", "轮次", "단계", "ステージ", "段階", "etapa", "fase", "étape", "schritt", "этап"}

// stageHeader: header h is one word naming a step of a procedure, or a
// run's index.
func stageHeader(h string) bool {
	t := headerTokens(strings.ToLower(stripMarkup(h)))
	return len(t) == 1 && anyWord(t, stageWords) || runIndexHeader(h)
}

// labelsMarkLoads: a text column of g writes a load marker ("conc 10",
// "c=8") in every row.
func labelsMarkLoads(g grid) bool {
	for i := range g.header {
		if !textColumn(g, i) {
			continue
		}
		if _, _, _, ok := labelColumnMarkers(&g, i); ok {
			return true
		}
	}
	return false
}
