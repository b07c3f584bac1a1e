package table

import (
	"fmt"
	"regexp"
)

// llama-bench and llama-benchy name each test by its phase: "pp512" is
// prompt processing (prefill) of 512 tokens, "tg128" text generation of
// 128. At one level the pp row measures the prompt rate and the time to
// the first token, the tg row the output rate: one point of the sweep
// across two rows. A pp row's token rate is never the output throughput.

// llama-benchy names its runs at a context depth "ctx_pp @ d4096" and
// "ctx_tg @ d4096": the same two phases.
var (
	promptPhase = regexp.MustCompile(`(?i)^(?:pp\s*\d+\b|ctx_pp\b)`)
	genPhase    = regexp.MustCompile(`(?i)^(?:tg\s*\d+\b|ctx_tg\b)`)
)

// mergePhaseRows joins each level's pp row and tg row into one: the token
// rates from the tg row, every other cell from the tg row where it holds
// one, else the pp row's (TTFT is measured on the prompt). A pp row with no
// tg row at its level is set aside: its rate is the prompt's. Where a
// level holds several of either (several models or depths), the pp rows
// are set aside and the tg rows kept. Tables whose labels name no phase
// are left as they are. load is -1 when the table has no load column.
func mergePhaseRows(g *grid, load, label int) []string {
	pp, tg := map[string]int{}, map[string]int{}
	var order []string
	paired := true
	for r, row := range g.rows {
		lv, name := "", cleanCell(cellAt(row, label))
		if load >= 0 {
			lv = cellAt(row, load)
		}
		switch {
		case promptPhase.MatchString(name):
			paired = paired && !hasKey(pp, lv)
			pp[lv] = r
		case genPhase.MatchString(name):
			paired = paired && !hasKey(tg, lv)
			tg[lv] = r
		default:
			return nil
		}
		if len(order) == 0 || order[len(order)-1] != lv {
			order = append(order, lv)
		}
	}
	switch {
	case len(pp) == 0:
		return nil
	case !paired:
		return append(nameRunsByPrompt(g, load, label), dropPromptRows(g, label)...)
	}
	return joinPhases(g, order, pp, tg, label)
}

// nameRunsByPrompt names each tg row that follows a pp row at its level by
// that pp row too ("pp1024 (c2)" then "tg128 (c2)": the tg128 run after a
// 1024-token prompt), when tg rows of one name repeat a level: llama-benchy
// runs each prompt length's pp and tg in turn, so the tg rows at a level
// are other workloads' runs, curves of their own, never repeats.
func nameRunsByPrompt(g *grid, load, label int) []string {
	if load < 0 {
		return nil
	}
	// The tg rows of one level and name must follow different prompts:
	// rows after the same pp (two models' pp512 then tg128) are told
	// apart by their other columns, not by the prompt.
	prompts := map[string]map[string]bool{}
	repeats := false
	for r := 1; r < len(g.rows); r++ {
		name, prev := cleanCell(cellAt(g.rows[r], label)), cleanCell(cellAt(g.rows[r-1], label))
		if genPhase.MatchString(name) && promptPhase.MatchString(prev) {
			k := cellAt(g.rows[r], load) + "\x00" + name
			if prompts[k] == nil {
				prompts[k] = map[string]bool{}
			}
			prompts[k][prev] = true
			repeats = repeats || len(prompts[k]) > 1
		}
	}
	if !repeats {
		return nil
	}
	named := 0
	for r := 1; r < len(g.rows); r++ {
		prev, row := g.rows[r-1], g.rows[r]
		pn, tn := cleanCell(cellAt(prev, label)), cleanCell(cellAt(row, label))
		if genPhase.MatchString(tn) && promptPhase.MatchString(pn) && cellAt(prev, load) == cellAt(row, load) && label < len(row) {
			row[label] = tn + " after " + pn
			named++
		}
	}
	if named == 0 {
		return nil
	}
	return []string{fmt.Sprintf("%s: each tg row named by the pp row run just before it at its level: the tg runs of one level follow different prompts, curves of their own", g.file)}
}

// dropPromptRows sets aside every pp row: its token rate is the prompt's.
func dropPromptRows(g *grid, label int) []string {
	var rows [][]string
	var lines []int
	for r, row := range g.rows {
		if !promptPhase.MatchString(cleanCell(cellAt(row, label))) {
			rows, lines = append(rows, row), append(lines, g.lines[r])
		}
	}
	g.rows, g.lines = rows, lines
	return []string{fmt.Sprintf("%s: the pp (prompt processing) rows set aside: their token rate is the prompt's, not the output throughput", g.file)}
}

// phaseRows finds a column of llama-bench test names (pp512, tg128: one
// pp and one tg at least) in a table that has its load elsewhere, or none,
// and joins or sets aside its pp rows (mergePhaseRows).
func phaseRows(g *grid) []string {
	for i := range g.header {
		if phaseColumn(g, i) {
			return mergePhaseRows(g, loadColumn(classifyAll(g.header)), i)
		}
	}
	return nil
}

// phaseColumn: every cell of column i names a phase, pp and tg both.
func phaseColumn(g *grid, i int) bool {
	pp, tg := false, false
	for _, row := range g.rows {
		name := cleanCell(cellAt(row, i))
		p, t := promptPhase.MatchString(name), genPhase.MatchString(name)
		if !p && !t {
			return false
		}
		pp, tg = pp || p, tg || t
	}
	return pp && tg
}

func hasKey(m map[string]int, k string) bool {
	_, ok := m[k]
	return ok
}

// joinPhases rewrites the rows, one per level in order.
func joinPhases(g *grid, order []string, pp, tg map[string]int, label int) []string {
	rates := tokenRateColumns(g.header)
	var rows [][]string
	var lines []int
	var alone []string
	for _, lv := range order {
		t, okT := tg[lv]
		p, okP := pp[lv]
		switch {
		case okT && okP:
			rows, lines = append(rows, joinPhaseRow(g.rows[p], g.rows[t], rates, label)), append(lines, g.lines[t])
		case okT:
			rows, lines = append(rows, g.rows[t]), append(lines, g.lines[t])
		default:
			alone = append(alone, lv)
		}
	}
	g.rows, g.lines = rows, lines
	notes := []string{fmt.Sprintf("%s: each level's pp (prompt processing) and tg (text generation) rows read as one point: the token rates from the tg row, TTFT from the pp row", g.file)}
	if len(alone) > 0 {
		notes = append(notes, fmt.Sprintf("%s: pp rows with no tg row set aside (levels %v): their rate is the prompt's, not the output throughput", g.file, alone))
	}
	return notes
}

// joinPhaseRow is a tg row completed by its pp row, the label naming both.
func joinPhaseRow(pp, tg []string, rates map[int]bool, label int) []string {
	out := make([]string, max(len(pp), len(tg)))
	for j := range out {
		out[j] = cellAt(tg, j)
		if !rates[j] && isBlank(cleanCell(out[j])) {
			out[j] = cellAt(pp, j)
		}
	}
	out[label] = cleanCell(cellAt(pp, label)) + " + " + cleanCell(cellAt(tg, label))
	return out
}

// tokenRateColumns are the columns whose headers read as a token rate of
// any kind.
func tokenRateColumns(header []string) map[int]bool {
	out := map[int]bool{}
	for j, c := range classifyAll(header) {
		switch c.kind {
		case colThroughput, colThroughputPerGPU, colOtherTokRate, colPerUser:
			out[j] = true
		}
	}
	return out
}
